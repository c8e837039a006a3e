"""A drawn replayer (it keeps a figure's drawn nodes only) tells every step as the full
replayer does, for every reader a figure's walk has, and holds only the kept nodes, the best
lines and the twins at the end.

The full replayer is the independent check: it keeps everything, and the figures and keys
tested elsewhere read it."""

from __future__ import annotations

import json

import pytest
from engine_helpers import every_kind_of_search, internal_trees
from hypothesis import given, settings
from hypothesis import strategies as st

import tracer
from tracer.game.games import TicTacToe
from tracer.game.model import NodePath, parent_path
from tracer.render.step_walk import node_facts
from tracer.render.visuals import table_twins
from tracer.search import Conventions, SearchSettings
from tracer.trace.captions import Narrator
from tracer.trace.drawn_replay import DrawnReplayer
from tracer.trace.key import answer_key
from tracer.trace.line import LineTracker
from tracer.trace.model import Trace
from tracer.trace.replay import Replayer

GAMES = every_kind_of_search()


def _top(trace: Trace, depth: int) -> set[NodePath]:
    return {node.path for node in trace.tree.preorder() if len(node.path) <= depth}


def _same_at_every_step(trace: Trace, keep: set[NodePath]) -> Replayer:
    """Walk a full and a forgetful replayer in step; every step both tell and show the same. Gives the forgetful one at the end."""
    full, forgetful = Replayer(trace), DrawnReplayer(trace, keep)
    narrator = Narrator(trace)
    while not full.done():
        full.apply_next()
        forgetful.apply_next()
        assert narrator.tell(forgetful) == narrator.tell(full), f"step {full.step}"
        assert forgetful.stack == full.stack
        for path in {*full.stack, *([full.node] if full.node is not None else [])}:
            assert forgetful.stories.get(path) == full.stories.get(path), f"step {full.step}, node {path}"
            assert node_facts(forgetful, path) == node_facts(full, path), f"step {full.step}, node {path}"
        for path in keep:
            assert node_facts(forgetful, path) == node_facts(full, path), f"step {full.step}, node {path}"
    return forgetful


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("depth", [0, 1, 2])
def test_a_forgetful_replay_tells_every_step_as_the_full_one(name, depth):
    game, search = GAMES[name]
    trace = Trace.searched(game, search)
    keep = _top(trace, depth)
    end = _same_at_every_step(trace, keep)
    full = Replayer(trace).run()
    assert answer_key(trace, include_nodes=True, only=keep, end=end) == answer_key(trace, include_nodes=True, only=keep, end=full)
    assert {p: t for p, t in table_twins(trace, end).items() if p in keep} == {p: t for p, t in table_twins(trace, full).items() if p in keep}
    assert bool(table_twins(trace, end)) == bool(table_twins(trace, full))  # the layout reserves a line for twins


@settings(max_examples=60, deadline=None)
@given(internal_trees(), st.sampled_from(["minimax", "alphabeta"]), st.booleans(), st.sampled_from(["soft", "hard", "own-bound"]),
       st.integers(0, 2))
def test_a_forgetful_replay_of_random_trees_tells_every_step_as_the_full_one(tree, algorithm, prune_on_equal, fail, depth):
    trace = tracer.search(json.dumps(tree), SearchSettings(algorithm=algorithm, conventions=Conventions(prune_on_equal, fail)))
    keep = _top(trace, depth)
    end = _same_at_every_step(trace, keep)
    assert answer_key(trace, include_nodes=True, only=keep, end=end) == answer_key(trace, include_nodes=True, only=keep,
                                                                                     end=Replayer(trace).run())


@pytest.mark.parametrize("name", GAMES)
def test_at_the_end_only_kept_nodes_their_best_lines_and_twins_are_held(name):
    game, search = GAMES[name]
    trace = Trace.searched(game, search)
    keep = _top(trace, 1)
    end = DrawnReplayer(trace, keep).run()
    for path, story in end.stories.items():
        on_a_best_line = bool(path) and (parent := end.stories.get(parent_path(path))) is not None and parent.best == path
        assert path in keep or on_a_best_line or story.table_twin is not None, path
    for table in (end.status, end.v, end.window, end.value, end.evaluated_as, end.quiescence, end.backed, end.table_hits):
        assert set(table) <= set(end.stories)
    line = LineTracker().extend(trace.raw_events).line
    held = [path for path in line if path in end.stories]
    assert held == list(line)  # the principal variation, read from the stories, is whole


def test_the_top_of_a_game_holds_a_few_hundred_nodes_not_every_node():
    trace = Trace.searched(TicTacToe("X........"), SearchSettings(algorithm="minimax"))
    keep = _top(trace, 2)
    full, forgetful = Replayer(trace), DrawnReplayer(trace, keep)
    most = 0
    while not full.done():
        full.apply_next()
        forgetful.apply_next()
        most = max(most, len(forgetful.stories))
    assert len(full.stories) == len(trace.tree) > 50_000
    # the kept nodes with the best line below each, and at most every child of each node on the call stack
    assert most <= len(keep) * (1 + trace.tree.height) + 9 * 9 < 1_000
