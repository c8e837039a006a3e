"""A render walks a long trace as few times as it can, and the shortcuts change nothing it draws.

Each shortcut (captions only of the steps shown, looks only at chosen steps, a second walk
over the same steps read from the first, one walk for the scene's texts, captions and end
state, key rows only of the drawn nodes) is checked against the long way round: the full
captions, every step's looks, the full key.
"""

from __future__ import annotations

import pytest
from engine_helpers import traced
from render_helpers import AIMA

import tracer
from tracer.errors import path_text
from tracer.render import Figure
from tracer.render.output import render_to_directory
from tracer.render.visuals import StepVisuals
from tracer.trace.captions import captions
from tracer.trace.key import answer_key
from tracer.trace.replay import Replayer


def _cutoff_step(trace) -> int:
    """The step of the cutoff at C (AIMA Figure 5.2: C is the root's second child)."""
    return next(replayer.step for replayer in Replayer(trace).steps() if replayer.kind == "cutoff" and replayer.node == (1,))


def _chosen(trace) -> list[int]:
    """Some steps, the cutoff at C among them, step 0 and the last."""
    cut = _cutoff_step(trace)
    return sorted({0, 3, 10, cut, cut + 1, len(trace)})


def test_captions_of_chosen_steps_are_those_of_every_step(aima_trace):
    chosen = _chosen(aima_trace)
    every = captions(aima_trace)
    some = captions(aima_trace, steps=chosen)
    assert len(some) == len(every) == len(aima_trace) + 1
    assert [some[step] for step in chosen] == [every[step] for step in chosen]
    assert all(some[step] == "" for step in range(len(every)) if step not in chosen)
    assert "I, J" in some[_cutoff_step(aima_trace)]  # the cutoff at C, told (AIMA Figure 5.2)
    with pytest.raises(IndexError):
        captions(aima_trace, steps=[len(aima_trace) + 1])


def _looks_at(visuals, steps=None):
    return {state.step: (dict(state.nodes), dict(state.edges)) for state in visuals.states(steps)}


def test_looks_at_chosen_steps_are_those_of_every_step_and_a_second_walk_reads_the_first(aima_trace, replayed):
    figure = Figure(aima_trace)
    chosen = _chosen(aima_trace)
    every = _looks_at(StepVisuals(aima_trace, figure.plan, figure.layout))
    visuals = StepVisuals(aima_trace, figure.plan, figure.layout)
    first = _looks_at(visuals, chosen)
    assert sorted(first) == chosen
    assert all(first[step] == every[step] for step in chosen)

    applied = replayed()
    again = _looks_at(visuals, chosen)
    assert again == first
    assert applied() == 0  # read from the first walk, not replayed


def test_a_chosen_step_gathers_every_change_since_the_one_before(aima_trace):
    """A player of every 8th step paints, at each, all that changed since the last it showed."""
    figure = Figure(aima_trace)
    painted: dict = {}
    chosen = list(range(0, len(aima_trace) + 1, 8))
    for paint in figure.paints(chosen):
        painted.update(paint["nodes"])
        state_now = _looks_at(StepVisuals(aima_trace, figure.plan, figure.layout), [paint["step"]])[paint["step"]][0]
        expected = {path_text(path): " ".join(look[0]) for path, look in state_now.items()}
        assert {name: value["class"] for name, value in painted.items()} == expected


def test_the_figures_key_holds_the_drawn_nodes_rows_of_the_full_key():
    trace = tracer.alphabeta(AIMA)
    figure = Figure(trace, max_depth=1)
    full = {row.path: row for row in answer_key(trace, include_nodes=True).nodes}
    rows = figure.key().nodes
    assert {row.path for row in rows} == set(figure.plan.drawn) == {(), (0,), (1,), (2,)}
    assert all(row == full[row.path] for row in rows)


def test_a_render_with_a_player_replays_the_trace_once(tmp_path, aima_trace, replayed):
    """For the scene (texts, captions, end state, key, and the looks' facts at the steps drawn);
    the frames and the player read its record. Before, a render replayed a long trace seven
    times, then twice."""
    applied = replayed()
    render_to_directory(aima_trace, tmp_path / "figs", steps="every:3", html=True)
    assert applied() == len(aima_trace)
    assert (tmp_path / "figs" / "index.html").exists()


@pytest.mark.parametrize(
    ("source", "options"),
    [
        (AIMA, {}),
        (AIMA, {"max_depth": 1, "order_numbers": True, "pruned_values": "hide"}),
        ("tictactoe:XO.X.....", {"max_depth": 2}),  # nodes left out: a step's node shown at its drawn ancestor
        ("tictactoe:X...O....:iterative", {"max_depth": 1}),  # iterations: everything changes at each start
    ],
    ids=["aima", "aima-cut", "tictactoe-cut", "iterative"],
)
def test_looks_read_from_the_scene_s_record_are_those_of_a_walk(source, options):
    """The record the scene's walk keeps at the steps shown gives, at any of those steps or a
    subset of them, the looks a walk of their own gives (and every step's looks)."""
    trace = traced(source)
    total = len(trace)
    shown = sorted({0, 1, 2, 7, total // 3, total // 2, total - 1, total} | set(range(5, total, 13)))
    figure = Figure(trace, caption_steps=shown, **options)
    record = figure.scene.step_record
    assert record is not None and sorted(record.steps) == shown
    kwargs = {"order_numbers": options.get("order_numbers", False), "pruned_values": options.get("pruned_values", "show")}
    every = _looks_at(StepVisuals(trace, figure.plan, figure.layout, **kwargs))
    for steps in (shown, shown[::3], [total], [0]):
        recorded = StepVisuals(trace, figure.plan, figure.layout, record=record, **kwargs)
        walked = StepVisuals(trace, figure.plan, figure.layout, **kwargs)
        looks = _looks_at(recorded, steps)
        assert looks == _looks_at(walked, steps)
        assert all(looks[step] == every[step] for step in steps)
        changed = [state.changed for state in recorded.states(steps)]
        assert changed == [state.changed for state in walked.states(steps)]  # the same nodes redrawn


def test_steps_the_record_lacks_are_walked(aima_trace, replayed):
    figure = Figure(aima_trace, caption_steps=[0, 5, 9])
    applied = replayed()
    assert sorted(_looks_at(figure.step_visuals, [0, 5])) == [0, 5]
    assert applied() == 0
    assert sorted(_looks_at(figure.step_visuals, [0, 6])) == [0, 6]
    assert 6 <= applied() <= 7  # walked to step 6 (and one past, where it stops), not to the end


@pytest.mark.parametrize("kept", [2, 65_536])
def test_each_step_s_node_stands_at_its_nearest_drawn_ancestor(monkeypatch, kept):
    """The walk remembers the drawn stand-in of the nodes met lately, each found from its parent's;
    however few it keeps, the stand-in is the nearest drawn ancestor, and its look may have changed."""
    from tracer.game.games import TicTacToe
    from tracer.render import step_walk
    from tracer.search import SearchSettings

    monkeypatch.setattr(step_walk, "_SHOWN_KEPT", kept)
    trace = tracer.search(TicTacToe("XO.X....."), SearchSettings())
    figure = Figure(trace, max_depth=1)
    changes = step_walk.StepChanges(figure.plan)
    deep = 0
    for replayer in Replayer(trace).steps():
        changed, current = changes.note(replayer)
        if replayer.node is None:
            assert current is None
            continue
        expected = replayer.node
        while expected not in figure.plan.drawn:
            expected = expected[:-1]
        deep += expected != replayer.node
        assert current == expected and current in changed
    assert deep > 100
