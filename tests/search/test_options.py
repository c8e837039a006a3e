"""Expectiminimax, depth limits, move ordering, iterative deepening and transposition tables."""

from __future__ import annotations

import json

import pytest
from engine_helpers import independent_minimax, internal_trees
from hypothesis import given, settings
from hypothesis import strategies as st

import tracer
from tracer import answer_key
from tracer.errors import SearchError
from tracer.game.games import Hexapawn, Nim, TicTacToe
from tracer.search import Conventions, SearchSettings, run_search

EVALUATED_TREE = {
    "children": [
        {"value": 4, "children": [1, 9]},
        {"value": 6, "children": [2, 3]},
    ]
}


# -- expectiminimax ------------------------------------------------------------------------
def test_expectiminimax_worked_by_hand():
    # Root chance node; MIN below it: 0.5 * min(3, 5) + 0.5 * min(1, 9) = 0.5 * 3 + 0.5 * 1 = 2.
    trace = tracer.expectiminimax('{"chance": [[0.5, [3, 5]], [0.5, [1, 9]]]}')
    assert trace.root_value == 2
    assert trace.best_move is None  # a chance root has no move to choose
    # MAX over two chance nodes with MIN below: left 0.25 * 2 + 0.75 * 4 = 3.5, right 0.5 * 0 + 0.5 * 6 = 3.
    tree = """
children:
  - {chance: [[0.25, [2, 7]], [0.75, [4, 8]]]}
  - {chance: [[0.5, [0, 9]], [0.5, [6, 6]]]}
"""
    trace = tracer.expectiminimax(tracer.parse_tree(tree, fmt="yaml", players="max,chance,min"))
    assert trace.root_value == 3.5
    assert trace.best_move == (0,)
    backups = [event for event in trace if event.kind == "chance_backup"]
    assert [round(event.v, 6) for event in backups[:2]] == [0.5, 3.5]


@settings(max_examples=150, deadline=None)
@given(internal_trees(), st.sampled_from([("max", "chance", "min", "chance"), ("chance", "min"), ("max", "min")]))
def test_expectiminimax_equals_independent_expectimax(tree, players):
    trace = tracer.expectiminimax(tracer.parse_tree(json.dumps(tree), players=",".join(players)))
    assert trace.root_value == pytest.approx(independent_minimax(tree, players))


# -- depth limits --------------------------------------------------------------------------
def test_depth_limit_uses_static_values_of_internal_nodes():
    text = json.dumps(EVALUATED_TREE)
    shallow = tracer.minimax(text, depth=1)
    assert (shallow.root_value, shallow.best_move) == (6, (1,))  # evaluations 4 and 6
    full = tracer.minimax(text)
    assert (full.root_value, full.best_move) == (2, (1,))  # min(1, 9) = 1, min(2, 3) = 2
    evaluations = [event for event in shallow if event.kind == "evaluate"]
    assert [(e.node, e.value, e.source) for e in evaluations] == [((0,), 4, "evaluation"), ((1,), 6, "evaluation")]
    assert shallow.stats["depth_cut"] == 2


def test_depth_limit_without_a_value_names_the_node():
    with pytest.raises(SearchError, match=r'node "0" \(B\): the search needs this node\'s static evaluation'):
        tracer.alphabeta("[[1, 2], [3, 4]]", depth=1)


def test_depth_zero_evaluates_the_root():
    trace = tracer.minimax(json.dumps({"value": 5, "children": [1, 2]}), depth=0)
    assert trace.root_value == 5 and trace.best_move is None


def test_tictactoe_depth_two_prefers_the_centre():
    # Open-lines evaluation, worked by hand: X centre, O's best reply a corner: 5 - 4 = 1;
    # X corner, O centre: 4 - 5 = -1; X edge, O centre: 4 - 6 = -2. MAX takes the centre.
    for algorithm in ("minimax", "alphabeta"):
        trace = tracer.search(TicTacToe(), SearchSettings(algorithm=algorithm, depth=2))
        assert trace.root_value == 1
        assert trace.tree.node(trace.best_move).move == "Xb2"


def test_games_without_an_evaluation_refuse_a_depth_limit():
    with pytest.raises(SearchError, match="has no evaluation function"):
        tracer.alphabeta(Nim("3,4"), depth=2)


def test_tictactoe_depth_limited_win_outranks_any_evaluation():
    # X to move can win at once on the top row; the win scores +inf, above any open-lines value.
    trace = tracer.alphabeta(TicTacToe("XX.OO...."), depth=2)
    assert trace.root_value == float("inf")
    assert trace.tree.node(trace.best_move).move == "Xc1"


# -- move ordering ---------------------------------------------------------------------------
def test_order_by_evaluation_searches_best_first_and_records_the_order():
    text = json.dumps(EVALUATED_TREE)
    trace = tracer.alphabeta(text, order="eval")
    order = [event for event in trace if event.kind == "order"]
    assert order[0].node == () and order[0].children == ((1,), (0,)) and order[0].keys == (6, 4)
    assert trace.root_value == tracer.minimax(text).root_value
    # Paths keep the documented order: the first child searched is still called "1".
    assert [event.node for event in trace if event.kind == "enter"][1] == (1,)


def test_order_random_is_seeded_per_node():
    text = json.dumps([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
    first = tracer.alphabeta(text, order="random", seed=3)
    again = tracer.alphabeta(text, order="random", seed=3)
    other = tracer.alphabeta(text, order="random", seed=4)
    assert first.raw_events == again.raw_events
    assert first.root_value == other.root_value == 7
    assert first.raw_events != other.raw_events


# -- iterative deepening ------------------------------------------------------------------------
def test_iterative_deepening_on_a_tree_stops_when_the_whole_tree_is_searched():
    text = json.dumps(EVALUATED_TREE)
    trace = tracer.alphabeta(text, iterative=True)
    kinds = [event.kind for event in trace]
    assert kinds.count("iteration_start") == 2
    assert [it["depth"] for it in trace.run.iterations] == [1, 2]
    assert [it["value"] for it in trace.run.iterations] == [6, 2]
    assert trace.root_value == 2
    # The second iteration searches the previous best move (the node "1", worth 6) first.
    second = kinds.index("iteration_start", 1)
    first_enter_below_root = next(e for e in list(trace)[second:] if e.kind == "enter" and e.node != ())
    assert first_enter_below_root.node == (1,)


def test_iterative_deepening_on_tictactoe_matches_a_plain_depth_limited_search():
    deepened = tracer.search(TicTacToe(), SearchSettings(depth=3, iterative=True))
    plain = tracer.search(TicTacToe(), SearchSettings(depth=3))
    assert deepened.root_value == plain.root_value
    assert [it["depth"] for it in deepened.run.iterations] == [1, 2, 3]
    key = answer_key(deepened)
    assert [it["depth"] for it in key.iterations] == [1, 2, 3]


# -- transposition tables ---------------------------------------------------------------------
@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta"])
def test_transposition_table_keeps_the_value_and_saves_nodes(algorithm):
    plain = run_search(TicTacToe(), SearchSettings(algorithm=algorithm), record=False)
    cached = run_search(TicTacToe(), SearchSettings(algorithm=algorithm, transposition_table=True), record=False)
    assert cached.value == plain.value == 0
    assert cached.stats["visited"] < plain.stats["visited"]
    assert cached.stats["tt_hits"] > 0
    if algorithm == "minimax":
        assert cached.stats["tt_stores"] == 5478  # the distinct reachable tic-tac-toe positions


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(min_value=0, max_value=3), min_size=1, max_size=3),
    st.sampled_from([Conventions(True, "soft"), Conventions(False, "soft"), Conventions(True, "hard"), Conventions(False, "hard")]),
    st.sampled_from(["given", "eval"]),
)
def test_alphabeta_with_a_table_agrees_with_minimax_on_hexapawn_and_nim(heaps, conventions, order):
    nim = Nim(",".join(map(str, heaps)))
    expected = run_search(nim, SearchSettings(algorithm="minimax"), record=False).value
    cached = tracer.search(nim, SearchSettings(conventions=conventions, transposition_table=True))
    assert cached.root_value == expected
    if order == "eval":
        hexapawn = tracer.search(Hexapawn(), SearchSettings(conventions=conventions, transposition_table=True, order=order, depth=6))
        assert hexapawn.root_value == run_search(Hexapawn(), SearchSettings(algorithm="minimax", depth=6), record=False).value


def test_table_events_are_recorded():
    trace = tracer.search(TicTacToe("XO.X..O.."), SearchSettings(transposition_table=True))
    kinds = {event.kind for event in trace}
    assert {"tt_hit", "tt_store"} <= kinds


# -- the shape of the event stream ----------------------------------------------------------------
@settings(max_examples=100, deadline=None)
@given(internal_trees(), st.sampled_from(["minimax", "alphabeta"]))
def test_events_nest_like_calls(tree, algorithm):
    trace = tracer.search(json.dumps(tree), SearchSettings(algorithm=algorithm))
    stack: list[tuple[int, ...]] = []
    for event in trace:
        if event.kind == "enter":
            assert event.depth == len(event.node)
            if stack:
                assert event.node[:-1] == stack[-1]
            stack.append(event.node)
        elif event.kind == "leave":
            assert stack.pop() == event.node
        elif event.kind in ("backup", "cutoff", "alpha", "beta", "evaluate"):
            assert stack and stack[-1] == event.node
    assert stack == []
