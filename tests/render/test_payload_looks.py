"""The stepper's paints and call stacks, made once per look and shared between steps, are what
a direct walk of the replayer gives step by step (written out here without sharing)."""

from __future__ import annotations

import json

from engine_helpers import internal_trees
from hypothesis import given, settings

import tracer
from tracer.docsite.fence import read_fence_options
from tracer.docsite.stepper import stepper_payload
from tracer.errors import path_text
from tracer.render.figure import Figure
from tracer.trace.replay import Replayer
from tracer.words import number

FIG_5_2 = "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"


def _paints_directly(figure: Figure, steps: list[int] | None) -> list[dict]:
    captions = figure.captions()
    wanted = None if steps is None else set(steps)
    out, pending = [], set()
    for step, changed, nodes, edges in figure.step_visuals.states():
        if wanted is not None:
            pending |= changed
            if step not in wanted:
                continue
            changed, pending = pending, set()
        node_paint, edge_paint = {}, {}
        for path in sorted(changed):
            classes, (val, win, _alt, order) = nodes[path]
            node_paint[path_text(path)] = {"class": " ".join(classes), "val": val, "win": win, "ord": order}
            if path:
                edge_paint[path_text(path)] = " ".join(edges[path])
        out.append({"step": step, "caption": captions[step], "nodes": node_paint, "edges": edge_paint})
    return out


def _stacks_directly(trace: tracer.Trace) -> list:
    tree = trace.tree
    out: list = [[]]
    for walker in Replayer(trace).steps():
        frames = []
        for path in walker.stack:
            alpha, beta = walker.window.get(path, (None, None))
            v = walker.v.get(path)
            frames.append([tree.node(path).label, "" if v is None else number(v), "" if alpha is None else number(alpha),
                           "" if beta is None else number(beta)])
        out.append(frames)
    return out


def _check(trace: tracer.Trace) -> None:
    figure = Figure(trace)
    every_third = list(range(0, len(trace) + 1, 3))
    for steps in (None, every_third):
        assert json.dumps(figure.paints(steps)) == json.dumps(_paints_directly(figure, steps))
    stacks = stepper_payload(trace, read_fence_options({}), prefix="t")["data"]["stacks"]  # told by the figure's walk
    assert json.dumps(stacks) == json.dumps(_stacks_directly(trace))


def test_figure_5_2() -> None:
    trace = tracer.alphabeta(FIG_5_2)
    _check(trace)
    assert len(Figure(trace).paints()) == len(trace) + 1


@settings(max_examples=40, deadline=None)
@given(internal_trees(max_leaves=20))
def test_random_trees(tree: list) -> None:
    _check(tracer.alphabeta(repr(tree)))
    _check(tracer.minimax(repr(tree)))
