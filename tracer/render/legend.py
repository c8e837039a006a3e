"""The step frames' legend (``legend=True``, ``tracer render --legend``): one compact line
of what the marks of a step mean, under the tree.

Samples of the looks a step gives its nodes (the current node's ring, a node on the
call stack, a settled node, a pruned branch with its cut mark) with a word each, and,
for alpha-beta, how a node's v so far and its window read (``≥ 3``, ``α=3, β=+∞``).
The words wrap onto a second line where the canvas is narrow. The final figure has its
own legend (:func:`tracer.render.final.legend`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tracer.render.style import text_width
from tracer.render.svg import Group, Line, Primitive, Shape, Text
from tracer.render.visuals import window_text
from tracer.words import say

if TYPE_CHECKING:  # the scene calls this module while it places its canvas
    from tracer.render.scene import Scene

__all__ = ["step_legend"]


Sample = Callable[[float, float], list[Group]]
"""Draws a legend sample with its left end at x and its middle at y."""


def _node_sample(gid: str, classes: tuple[str, ...], shape: str) -> Sample:
    def draw(x: float, y: float) -> list[Group]:
        return [Group(gid, classes, (Shape("halo", shape, x + 8, y, 14, 11), Shape("shape", shape, x + 8, y, 14, 11)))]

    return draw


def _cut_sample(x: float, y: float) -> list[Group]:
    items: list[Primitive] = [
        Line("line", x, y, x + 24, y), Line("cut", x + 9, y + 6, x + 12, y - 6), Line("cut", x + 13, y + 6, x + 16, y - 6),
    ]
    return [Group("legend-cut", ("te", "pruned", "cutroot"), tuple(items))]


def step_legend(scene: Scene, top: float) -> tuple[list[Group], float]:
    """The legend's groups from ``top`` (a sample per look with its word, then notes), and its height."""
    s = scene.sizes
    size = s["legend"]
    margin = s["margin"]
    right_edge = scene.width - margin
    line_h = max(size * 1.6, 18.0)
    kind = scene.tree.root.type if scene.tree.root.type in ("max", "min") else "max"
    shape = "triangle" if kind == "max" else "invtriangle"
    entries: list[tuple[Sample, float, str]] = [
        (_node_sample("legend-s0", ("tn", kind, "active", "current"), shape), 20.0, say("figure.legend.current", "this step's node")),
        (_node_sample("legend-s1", ("tn", kind, "active"), shape), 20.0, say("figure.legend.active", "on the call stack")),
        (_node_sample("legend-s2", ("tn", kind, "done"), shape), 20.0, say("figure.legend.done", "returned its value")),
    ]
    if scene.trace is not None and scene.trace.stats.get("quiescence"):
        entries.append((_node_sample("legend-s3", ("tn", kind, "done", "quiescence"), shape), 20.0,
                        say("figure.legend.quiescence", "quiescence search")))
    notes: list[str] = []
    if scene.is_alphabeta:
        entries.append((_cut_sample, 28.0, say("figure.legend.pruned", "pruned")))
        notes.append(say("figure.legend.partial", "≥ 3, ≤ 2: v so far"))
        notes.append(say("figure.legend.window", "{window}: the window", window=window_text(3, float("inf"))))
    groups: list[Group] = []
    words: list[Primitive] = []
    x, y = margin, top + line_h / 2
    for draw, sample_w, word in entries:
        need = sample_w + 4 + text_width(word, size) + 14
        if x + need > right_edge and x > margin:
            x, y = margin, y + line_h
        groups.extend(draw(x, y))
        words.append(Text("legend", x + sample_w + 4, y, word, size, "start"))
        x += need
    for note in notes:
        need = text_width(note, size) + 14
        if x + need > right_edge and x > margin:
            x, y = margin, y + line_h
        words.append(Text("note", x, y, note, size, "start"))
        x += need
    groups.append(Group("legend-words", ("fig",), tuple(words)))
    return groups, y + line_h / 2 - top
