"""Replaying a trace reproduces the key; keys read as a TA would write them."""

from __future__ import annotations

import json

import pytest
from engine_helpers import AIMA_FIG_5_2, internal_trees
from hypothesis import given, settings
from hypothesis import strategies as st

import tracer
from tracer import answer_key, key_markdown, key_text, replay
from tracer.game.games import TicTacToe
from tracer.search import Conventions, SearchSettings
from tracer.trace.replay import Replayer


def test_state_at_the_cutoff_of_figure_5_2():
    trace = tracer.alphabeta(AIMA_FIG_5_2)
    step = next(i for i, e in enumerate(trace, start=1) if e.kind == "cutoff")
    state = replay(trace, step)
    assert state.current == (1,)
    assert [frame.node for frame in state.stack] == [(), (1,)]
    assert (state.stack[1].v, state.stack[1].alpha, state.stack[1].beta) == (2, 3, float("inf"))
    assert state.status((1, 1)) == "pruned" and state.status((1, 2)) == "pruned"
    assert state.status((0,)) == "done" and state.node((0,)).value == 3
    assert state.status((2,)) == "unvisited"
    assert state.node((1, 0)).evaluated_as == 4
    start = replay(trace, 0)
    assert start.event is None and start.status(()) == "unvisited"


@settings(max_examples=150, deadline=None)
@given(internal_trees(), st.booleans(), st.booleans())
def test_replaying_to_the_end_reproduces_the_key(tree, prune_on_equal, fail_hard):
    trace = tracer.search(json.dumps(tree), SearchSettings(conventions=Conventions(prune_on_equal, "hard" if fail_hard else "soft")))
    key = answer_key(trace)
    final = replay(trace)
    assert final.stack == ()
    unvisited = set(key.unvisited)
    for node in key.nodes:
        state = final.node(node.path)
        if node.visited:
            assert state.status == "done"
            assert (state.value, state.bound) == (node.search_value, node.bound)
        else:
            assert node.path in unvisited
            assert state.status == "pruned"


def test_replayer_walks_forward_one_event_at_a_time():
    trace = tracer.alphabeta(AIMA_FIG_5_2)
    walker = Replayer(trace)
    seen = 0
    while not walker.done():
        event = walker.advance()
        seen += 1
        assert walker.step == seen and event == trace[seen - 1]
    assert seen == len(trace)


def test_text_key_reads_like_a_solution():
    text = key_text(answer_key(tracer.alphabeta(AIMA_FIG_5_2)))
    assert "Root value: 3" in text
    assert "MAX's move: to B (path 0)" in text
    assert "prune when v ≥ β (MAX) or v ≤ α (MIN)" in text
    assert "C     1       MIN   2        ≤ 2     yes" in text
    assert "Not examined: I J" in text
    assert "at C (path 1): v = 2 ≤ α = 3; pruned I, J" in text
    strict = key_text(answer_key(tracer.alphabeta("[[3, 5], [3, 8]]", prune_on_equal=False)))
    assert "prune only when v > β (MAX) or v < α (MIN)" in strict


def test_markdown_key_escapes_labels():
    tree = '{"children": [{"label": "a|b*", "children": [1, 2]}, {"label": "<c>", "children": [0, 5]}]}'
    markdown = key_markdown(answer_key(tracer.alphabeta(tree)))
    assert "| a\\|b\\* |" in markdown
    assert "&lt;c&gt;" in markdown
    assert "| **no** |" in markdown


def test_game_keys_leave_out_node_lists_unless_asked():
    trace = tracer.alphabeta(TicTacToe("XO.X..O.."))
    short = answer_key(trace)
    assert short.nodes is None and short.best_move.move == "Xb2"
    assert short.principal_variation_moves == ("Xb2", "Oc1", "Xc2")
    assert "nodes" not in short.to_json()
    full = answer_key(trace, include_nodes=True)
    assert len(full.nodes) == len(trace.tree)
    # For a game, "unvisited" lists the roots of pruned subtrees (the search never generated below them).
    assert len(full.unvisited) == trace.stats["pruned"]


def test_a_trace_shows_itself_in_a_notebook_as_its_final_figure():
    bundle = tracer.alphabeta(AIMA_FIG_5_2)._repr_mimebundle_()
    assert bundle["text/plain"].startswith("<Trace alphabeta")
    svg = bundle["image/svg+xml"]
    assert svg.startswith("<svg") or svg.startswith("<?xml")
    assert ">I<" in svg and ">J<" in svg  # the pruned leaves are drawn (as pruned)


def test_text_trees_take_players_and_root_in_the_one_call_functions():
    assert tracer.minimax("[[1, 9], [5, 6]]", root="min").root_value == 6
    assert tracer.expectiminimax("[[1, 2], [3, 4]]", players="chance,max").root_value == 3.0
    import pytest

    with pytest.raises(tracer.InputError, match="players and root apply to a tree written as text"):
        tracer.minimax(tracer.parse_tree("[[1, 9], [5, 6]]"), root="min")


def _first_best_line(tree) -> tuple:
    """The principal variation worked out by hand, independently of tracer: from the root, the
    first child whose minimax value equals its parent's (a later equal child never replaces it)."""

    def value(node, maximise):
        if not isinstance(node, list):
            return node
        values = [value(child, not maximise) for child in node]
        return max(values) if maximise else min(values)

    line, node, maximise, path = [], tree, True, ()
    while isinstance(node, list):
        target = value(node, maximise)
        index = next(i for i, child in enumerate(node) if value(child, not maximise) == target)
        path = (*path, index)
        line.append(path)
        node, maximise = node[index], not maximise
    return tuple(line)


@settings(max_examples=150, deadline=None)
@given(internal_trees())
def test_the_streamed_principal_variation_is_minimax_s_first_best_line(tree):
    key = answer_key(tracer.minimax(json.dumps(tree)), include_nodes=False)
    assert key.principal_variation == _first_best_line(tree)


@settings(max_examples=150, deadline=None)
@given(internal_trees(), st.booleans(), st.booleans())
def test_a_key_without_nodes_has_the_line_and_best_move_of_the_full_key(tree, prune_on_equal, fail_hard):
    trace = tracer.search(json.dumps(tree), SearchSettings(conventions=Conventions(prune_on_equal, "hard" if fail_hard else "soft")))
    short, full = answer_key(trace, include_nodes=False), answer_key(trace, include_nodes=True)
    assert short.nodes is None
    assert short.principal_variation == full.principal_variation
    assert short.principal_variation_moves == full.principal_variation_moves
    assert short.best_move == full.best_move
    assert short.to_json() == {name: value for name, value in full.to_json().items() if name not in ("nodes", "unvisited", "cutoffs", "evaluated")}


def test_a_game_key_names_the_root_s_children_as_the_drawn_tree_does():
    for algorithm in ("minimax", "alphabeta"):
        trace = tracer.search(TicTacToe("XO.X..O.."), SearchSettings(algorithm=algorithm))
        short, full = answer_key(trace, include_nodes=False), answer_key(trace, include_nodes=True)
        assert short.best_move == full.best_move
        assert short.principal_variation_moves == full.principal_variation_moves


def test_iterative_deepening_keys_follow_the_last_iteration():
    trace = tracer.search(TicTacToe("XO.X....."), SearchSettings(algorithm="alphabeta", depth=3, iterative=True))
    short, full = answer_key(trace, include_nodes=False), answer_key(trace, include_nodes=True)
    assert short.iterations and short.iterations[-1]["best"] == short.best_move.path
    assert short.principal_variation == full.principal_variation


@settings(max_examples=120, deadline=None)
@given(internal_trees(), st.sampled_from(["minimax", "alphabeta"]), st.booleans(), st.sampled_from(["given", "perfect", "worst"]),
       st.booleans(), st.booleans())
def test_a_search_finds_the_line_its_full_trace_shows_recording_or_not(tree, algorithm, prune_on_equal, order, table, fail_hard):
    """What `tracer key --game` does: the search records nothing and gives its principal variation
    itself (SearchRun.line); it is the line the full trace's replay gives, and the line a search
    that records gives."""
    from tracer.game.protocol import TreeGame
    from tracer.search.run import prepare_search, run_search

    options = SearchSettings(algorithm=algorithm, conventions=Conventions(prune_on_equal, "hard" if fail_hard else "soft"),
                             order=order, transposition_table=table)
    full = answer_key(tracer.search(json.dumps(tree), options), include_nodes=True)
    game, prepared = prepare_search(TreeGame(tracer.parse_tree(json.dumps(tree))), options)
    quiet = run_search(game, prepared, record=False)
    recorded = run_search(game, prepared)
    assert quiet.line == recorded.line == full.principal_variation
    assert quiet.events == [] and quiet.value == full.root_value


@pytest.mark.parametrize("options", [
    SearchSettings(algorithm="alphabeta", depth=3, iterative=True),
    SearchSettings(algorithm="minimax", depth=2, iterative=True, order="perfect"),
    SearchSettings(algorithm="alphabeta", depth=2, quiescence=True),
    SearchSettings(algorithm="alphabeta", transposition_table="symmetry"),
    SearchSettings(algorithm="minimax", transposition_table=True),
])
def test_a_game_search_s_own_line_is_the_one_its_trace_shows(options):
    """Iterative deepening (the last iteration's line), quiescence (a node that stands pat ends
    the line) and a table's hits (a hit ends it): the line a quiet search finds is the one the
    events of the full trace give."""
    from tracer.search.run import run_search
    from tracer.trace.line import LineTracker

    game = TicTacToe("XO.X.....")
    trace = tracer.search(game, options)
    expected = LineTracker().extend(trace.raw_events).line
    assert expected
    assert run_search(game, options, record=False).line == trace.run.line == expected


@pytest.mark.parametrize("batch", [1, 3, 20_000])
def test_a_line_tracker_fed_event_by_event_or_in_batches_follows_the_same_line(batch):
    """A search fills the tracker's batch and drains it now and then; events appended one by one, a
    batch given whole (a file's, as it is checked) and a mix give the line the full key gives."""
    from tracer.trace.line import LineTracker

    trace = tracer.alphabeta("[[[6, 1], 12, 8], [2, 4, 6], [[14, 0], 5, 2]]")
    expected = answer_key(trace, include_nodes=True).principal_variation
    one_by_one, mixed = LineTracker(), LineTracker()
    one_by_one.batch = mixed.batch = batch
    half = len(trace.raw_events) // 2
    for raw in trace.raw_events:
        one_by_one.append(raw)
    for raw in trace.raw_events[:half]:
        mixed.append(raw)
    mixed.extend(trace.raw_events[half:])
    assert one_by_one.line == mixed.line == LineTracker().extend(trace.raw_events).line == expected
    assert len(expected) == 3


def test_a_key_node_is_a_frozen_record_of_its_seven_fields():
    """KeyNode sets its fields in one go (issue 14): built by position or by name it is the same value,
    equal, hashed alike, unchangeable, and dataclasses.replace still makes a changed copy."""
    import dataclasses

    from tracer.trace.key import KeyNode

    values = {"path": (1, 0), "label": "E", "type": "max", "minimax_value": 3, "search_value": 2.5, "bound": "lower", "visited": True}
    by_position = KeyNode(*values.values())
    by_name = KeyNode(**values)
    assert [field.name for field in dataclasses.fields(KeyNode)] == list(values)
    assert dataclasses.asdict(by_position) == values and by_position == by_name and hash(by_position) == hash(by_name)
    assert repr(by_position) == "KeyNode(path=(1, 0), label='E', type='max', minimax_value=3, search_value=2.5, bound='lower', visited=True)"
    with pytest.raises(dataclasses.FrozenInstanceError):
        by_position.label = "F"  # type: ignore[misc]
    changed = dataclasses.replace(by_position, bound="exact")
    assert changed.bound == "exact" and changed.path == (1, 0) and by_position.bound == "lower"
    assert by_position != changed
