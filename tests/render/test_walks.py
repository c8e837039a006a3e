"""A render walks a long trace as few times as it can, and the shortcuts change nothing it draws.

Each shortcut (captions only of the steps shown, looks only at chosen steps, a second walk
over the same steps read from the first, one walk for the scene's texts, captions and end
state, key rows only of the drawn nodes) is checked against the long way round: the full
captions, every step's looks, the full key.
"""

from __future__ import annotations

import pytest
from render_helpers import AIMA

import tracer
from tracer.render import Figure
from tracer.render.output import render_to_directory
from tracer.render.visuals import StepVisuals
from tracer.trace.captions import captions
from tracer.trace.key import answer_key
from tracer.trace.replay import Replayer

CHOSEN = [0, 3, 10, 24, 25, 31]


def test_captions_of_chosen_steps_are_those_of_every_step(aima_trace):
    every = captions(aima_trace)
    some = captions(aima_trace, steps=CHOSEN)
    assert len(some) == len(every) == len(aima_trace) + 1
    assert [some[step] for step in CHOSEN] == [every[step] for step in CHOSEN]
    assert all(some[step] == "" for step in range(len(every)) if step not in CHOSEN)
    assert "I, J" in some[24]  # the cutoff at C, told (AIMA Figure 5.2)
    with pytest.raises(IndexError):
        captions(aima_trace, steps=[len(aima_trace) + 1])


def _looks_at(visuals, steps=None):
    return {state.step: (dict(state.nodes), dict(state.edges)) for state in visuals.states(steps)}


def test_looks_at_chosen_steps_are_those_of_every_step_and_a_second_walk_reads_the_first(aima_trace):
    figure = Figure(aima_trace)
    every = _looks_at(StepVisuals(aima_trace, figure.plan, figure.layout))
    visuals = StepVisuals(aima_trace, figure.plan, figure.layout)
    first = _looks_at(visuals, CHOSEN)
    assert sorted(first) == CHOSEN
    assert all(first[step] == every[step] for step in CHOSEN)

    calls = 0
    original = Replayer.apply_next

    def counted(self):
        nonlocal calls
        calls += 1
        original(self)

    Replayer.apply_next = counted
    try:
        again = _looks_at(visuals, CHOSEN)
    finally:
        Replayer.apply_next = original
    assert again == first
    assert calls == 0  # read from the first walk, not replayed


def test_a_chosen_step_gathers_every_change_since_the_one_before(aima_trace):
    """A player of every 8th step paints, at each, all that changed since the last it showed."""
    figure = Figure(aima_trace)
    painted: dict = {}
    chosen = list(range(0, len(aima_trace) + 1, 8))
    for paint in figure.paints(chosen):
        painted.update(paint["nodes"])
        state_now = _looks_at(StepVisuals(aima_trace, figure.plan, figure.layout), [paint["step"]])[paint["step"]][0]
        expected = {tracer.render.payload.path_text(path): " ".join(look[0]) for path, look in state_now.items()}
        assert {name: value["class"] for name, value in painted.items()} == expected


def test_the_figures_key_holds_the_drawn_nodes_rows_of_the_full_key():
    trace = tracer.alphabeta(AIMA)
    figure = Figure(trace, max_depth=1)
    full = {row.path: row for row in answer_key(trace, include_nodes=True).nodes}
    rows = figure.key().nodes
    assert {row.path for row in rows} == set(figure.plan.drawn) == {(), (0,), (1,), (2,)}
    assert all(row == full[row.path] for row in rows)


def test_a_render_with_a_player_replays_the_trace_at_most_twice(tmp_path, aima_trace, monkeypatch):
    """Once for the scene (texts, captions, end state, key), once for the frames; the player
    reads the frames' walk. Before, a render replayed a long trace seven times."""
    calls = 0
    original = Replayer.apply_next

    def counted(self):
        nonlocal calls
        calls += 1
        original(self)

    monkeypatch.setattr(Replayer, "apply_next", counted)
    render_to_directory(aima_trace, tmp_path / "figs", steps="every:3", html=True)
    assert calls <= 2 * len(aima_trace)
    assert (tmp_path / "figs" / "index.html").exists()
