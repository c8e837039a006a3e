"""One Graphviz layout per figure; the only module that runs Graphviz.

:func:`compute_layout` writes the layout graph (:func:`tracer.render.dot.layout_graph`),
runs ``dot -Tjson`` once, and reads back where each node's shape goes. Every frame of
a trace is then drawn from these coordinates, so no node moves between frames and
every frame has the same canvas. :func:`run_graphviz` is the one door to the Graphviz
programs (also for the PNG and PDF exports); a missing ``dot`` is a
:class:`~tracer.render.errors.GraphvizNotFound` whose message says how to install it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass

from tracer.game.model import Path
from tracer.render.anatomy import Anatomy
from tracer.render.dot import LayoutBox, layout_box, layout_graph
from tracer.render.errors import GraphvizFailed, GraphvizNotFound
from tracer.render.style import SIZES

__all__ = ["Layout", "compute_layout", "find_program", "run_graphviz"]

TIMEOUT = 120.0
"""Seconds a Graphviz run may take before it is stopped."""


def find_program(program: str = "dot") -> str:
    """The full path of a Graphviz program; GraphvizNotFound when it is not installed."""
    found = shutil.which(program)
    if found is None:
        raise GraphvizNotFound(program)
    return found


def run_graphviz(
    args: Sequence[str], data: str | None = None, *, program: str = "dot", cwd: str | None = None, timeout: float = TIMEOUT
) -> bytes:
    """Run a Graphviz program with ``args``, ``data`` on its standard input; its output."""
    executable = find_program(program)
    try:
        done = subprocess.run(
            [executable, *args],
            input=data.encode("utf-8") if data is not None else None,
            capture_output=True,
            cwd=cwd,
            timeout=timeout,
            check=False,
            env={**os.environ, "LC_ALL": "C.UTF-8"},
        )
    except subprocess.TimeoutExpired:
        raise GraphvizFailed(f"Graphviz ({program}) took more than {timeout:g} seconds and was stopped; draw fewer nodes (--max-depth)") from None
    except OSError as error:
        raise GraphvizFailed(f"Graphviz ({program}) could not run: {error.strerror or error}") from None
    if done.returncode != 0:
        message = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise GraphvizFailed(f"Graphviz ({program}) failed: {message[-1] if message else f'exit status {done.returncode}'}")
    return done.stdout


@dataclass(frozen=True)
class Layout:
    """Where every drawn node's shape goes: ``centers[path]`` in points, y downwards,
    inside a ``width`` x ``height`` box (the tree alone: no margins, no caption)."""

    width: float
    height: float
    centers: dict[Path, tuple[float, float]]
    anatomies: dict[Path, Anatomy]
    dot_source: str

    def coordinates(self) -> dict[Path, tuple[float, float]]:
        return dict(self.centers)


def node_name(index: int) -> str:
    return f"n{index}"


def compute_layout(
    nodes: Sequence[tuple[Path, Anatomy]], edges: Sequence[tuple[Path, Path]], *, edge_labels: bool = False
) -> Layout:
    """Lay out nodes (in preorder) and parent-child edges with one ``dot`` run."""
    names = {path: node_name(index) for index, (path, _) in enumerate(nodes)}
    boxes: list[LayoutBox] = []
    for path, part in nodes:
        boxes.append(layout_box(names[path], part.left, part.right, part.top, part.bottom, part.w))
    ranksep = SIZES["rank_gap"] + (16 if edge_labels else 0)
    source = layout_graph(boxes, [(names[a], names[b]) for a, b in edges], nodesep=SIZES["sibling_gap"], ranksep=ranksep)
    if len(nodes) == 1:
        only = boxes[0]
        return Layout(
            width=only.width, height=only.height,
            centers={nodes[0][0]: (only.width / 2 + only.shape_offset, only.height / 2)},
            anatomies={nodes[0][0]: nodes[0][1]}, dot_source=source,
        )
    data = json.loads(run_graphviz(["-Tjson"], source))
    x0, y0, x1, y1 = (float(v) for v in data["bb"].split(","))
    by_name = {box.name: box for box in boxes}
    centers: dict[Path, tuple[float, float]] = {}
    path_of = {name: path for path, name in names.items()}
    for obj in data.get("objects", []):
        name = obj.get("name")
        if name not in by_name:
            continue
        x, y = (float(v) for v in obj["pos"].split(","))
        box = by_name[name]
        centers[path_of[name]] = (round(x - x0 + box.shape_offset, 2), round(y1 - y, 2))
    missing = [path for path, _ in nodes if path not in centers]
    if missing:
        raise GraphvizFailed(f"Graphviz left {len(missing)} node(s) out of its layout")
    return Layout(width=x1 - x0, height=y1 - y0, centers=centers, anatomies=dict(nodes), dot_source=source)
