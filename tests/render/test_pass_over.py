"""A figure of chosen steps passes over the subtrees it does not draw between two of them
(:meth:`tracer.trace.drawn_replay.DrawnReplayer.pass_over_subtree`), and draws and tells exactly what a
walk applying every event with a replayer that forgets nothing does.

The independent walk below is the figure's walk as it was before passing over: a full
replayer, every event applied, each reader told every step."""

from __future__ import annotations

import json

import pytest
from engine_helpers import every_kind_of_search, internal_trees
from hypothesis import given, settings
from hypothesis import strategies as st

import tracer
from tracer.game.games import TicTacToe
from tracer.render.measure import walk_texts
from tracer.render.plan import entered_paths, plan_figure
from tracer.render.scene import Scene
from tracer.render.step_walk import StepRecord
from tracer.render.visuals import WidestTexts
from tracer.search import Conventions, SearchSettings
from tracer.trace.captions import StepCaptions
from tracer.trace.key import answer_key
from tracer.trace.model import Trace
from tracer.trace.replay import Replayer

GAMES = every_kind_of_search()


def _every_event_walk(trace: Trace, plan, steps) -> tuple[dict, list[str], Replayer, list]:
    texts, told, record = WidestTexts(plan), StepCaptions(trace, "letters", steps), StepRecord(plan, steps)
    replayer = Replayer(trace)
    record.start(replayer)
    for _ in replayer.steps():
        texts.note_step(replayer)
        told.note_step(replayer)
        record.note_step(replayer)
    return texts.widths, told.captions, replayer, record.kept


def _same_walks(trace: Trace, max_depth: int, steps: list[int]) -> Replayer:
    plan = plan_figure(trace.tree, entered=entered_paths(trace), max_depth=max_depth)
    texts, captions, end, record = walk_texts(trace, plan, "letters", steps)
    widths, expected_captions, full, kept = _every_event_walk(trace, plan, steps)
    assert captions == expected_captions
    assert record is not None and record.kept == kept
    assert texts.widths == widths
    assert (end.evaluated, end.cutoffs, end.pruned_roots) == (full.evaluated, full.cutoffs, full.pruned_roots)
    # the evaluation order of the nodes held (the drawn ones among them) is the full replay's, forgotten nodes counted
    assert end.evaluated_as == {path: number for path, number in full.evaluated_as.items() if path in end.evaluated_as}
    assert {path for path in full.evaluated_as if path in plan.drawn} <= set(end.evaluated_as)
    assert answer_key(trace, include_nodes=True, only=plan.drawn, end=end) == answer_key(trace, include_nodes=True, only=plan.drawn, end=full)
    return end


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(("max_depth", "every"), [(0, 5), (1, 13), (2, 97)])
def test_passing_over_undrawn_subtrees_draws_and_tells_what_every_event_does(name, max_depth, every):
    game, search = GAMES[name]
    trace = Trace.searched(game, search)
    _same_walks(trace, max_depth, list(range(0, len(trace) + 1, every)) + [len(trace)])


@settings(max_examples=80, deadline=None)
@given(internal_trees(), st.sampled_from(["minimax", "alphabeta"]), st.booleans(), st.sampled_from(["soft", "hard", "own-bound"]),
       st.integers(0, 2), st.data())
def test_passing_over_on_random_trees_and_random_steps(tree, algorithm, prune_on_equal, fail, max_depth, data):
    trace = tracer.search(json.dumps(tree), SearchSettings(algorithm=algorithm, conventions=Conventions(prune_on_equal, fail)))
    steps = data.draw(st.lists(st.integers(0, len(trace)), max_size=6, unique=True))
    _same_walks(trace, max_depth, sorted(steps))


def test_the_top_of_a_game_is_drawn_applying_a_fraction_of_its_events(replayed):
    trace = Trace.searched(TicTacToe("X........"), SearchSettings(algorithm="minimax"))
    steps = range(0, len(trace) + 1, 97)
    applied = replayed()
    scene = Scene(trace, max_depth=1, caption_steps=steps)
    assert scene.end.passed > 1_000
    assert applied() < len(trace) / 3  # about a quarter: every 97th step is shown
    # the principal variation, followed from the events when subtrees were passed over, is the full replay's
    assert scene.key.principal_variation == answer_key(trace, include_nodes=True, only=scene.plan.drawn).principal_variation
    assert len(scene.key.principal_variation) > 2


def test_a_walk_that_tells_followers_every_step_passes_over_nothing():
    trace = Trace.searched(TicTacToe("XO.X....."), SearchSettings(algorithm="minimax"))
    plan = plan_figure(trace.tree, entered=entered_paths(trace), max_depth=1)
    told: list[int] = []

    class Follower:
        def note_step(self, replayer: Replayer) -> None:
            told.append(replayer.step)

    _, _, end, _ = walk_texts(trace, plan, "letters", [0, len(trace)], [Follower()])
    assert end.passed == 0 and told == list(range(1, len(trace) + 1))


@settings(max_examples=80, deadline=None)
@given(internal_trees(), st.booleans(), st.sampled_from(["hard", "own-bound"]), st.integers(0, 1))
def test_a_subtree_whose_return_is_shown_is_walked_in_full(tree, prune_on_equal, fail, max_depth):
    # the caption of a return tells a clamped v (fail-hard, own bound): the step must see the subtree's every event
    trace = tracer.search(json.dumps(tree), SearchSettings(conventions=Conventions(prune_on_equal, fail)))
    returns = [step for step, event in enumerate(trace, start=1) if event.kind == "leave" and len(event.node) == max_depth + 1]
    _same_walks(trace, max_depth, returns)
