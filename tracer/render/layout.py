"""Where every node goes: one layout per figure, computed here (Graphviz plays no part).

:func:`compute_layout` places a tree once (shapes centred over their children, as
textbooks draw them), and every frame of a trace is drawn from these coordinates, so
no node moves between frames and every frame has the same canvas.

The layout is Reingold and Tilford's tidy tree algorithm (1981), with each node's room
the width its label, value and [alpha, beta] window will ever need (so texts never
collide and never push nodes about): subtrees are placed side by side as close as their
contours allow, and each parent is centred over its first and last child. ``dot``
was tried first: its network-simplex placement minimises edge lengths, which leaves a
parent anywhere between its middle children (18 points off centre in a 2x2x2 tree),
and a tree needs nothing else dot offers (ranks and order are given).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from tracer.game.model import Path
from tracer.render.anatomy import Anatomy
from tracer.render.style import SIZES

__all__ = ["Layout", "compute_layout"]


@dataclass(frozen=True)
class Layout:
    """Where every drawn node's shape goes: ``centers[path]`` in points, y downwards,
    inside a ``width`` x ``height`` box (the tree alone: no margins, no caption)."""

    width: float
    height: float
    centers: dict[Path, tuple[float, float]]
    anatomies: dict[Path, Anatomy]
    stems: dict[Path, float] = field(default_factory=dict)

    def edge_start(self, path: Path) -> float:
        """dy (from the node's centre) where the edges to its children start: the shape's
        bottom, or, in a compact figure, the end of the node's stem, under every text of its level."""
        stem = self.stems.get(path)
        return self.anatomies[path].bottom_anchor if stem is None else stem

    def digest(self) -> str:
        """A short fingerprint of the layout (for stable SVG ids)."""
        data = json.dumps(sorted((list(path), xy) for path, xy in self.centers.items()))
        return hashlib.sha1(data.encode("utf-8")).hexdigest()[:8]


def compute_layout(
    nodes: Sequence[tuple[Path, Anatomy]],
    edges: Sequence[tuple[Path, Path]],
    *,
    edge_labels: bool = False,
    stagger: bool = False,
    sizes: Mapping[str, float] = SIZES,
) -> Layout:
    """Lay out nodes (in preorder, the root first) and their parent-child edges; ``edge_labels``
    leaves room between levels for the moves written on the edges.

    ``stagger`` wraps wide levels: the leaves of a parent whose children are all leaves
    (three or more) go on two rows, alternately, every other one lower, so that a row
    of 27 leaves needs about half its width; each lower leaf sits in the gap its upper
    neighbours leave, wide enough for its edge to pass.
    """
    gap = sizes["sibling_gap"]
    ranksep = sizes["rank_gap"] + (16 if edge_labels else 0)
    parts = dict(nodes)
    children: dict[Path, list[Path]] = {path: [] for path, _ in nodes}
    for parent, child in edges:
        children[parent].append(child)
    order = [path for path, _ in nodes]
    # contours: for each level of a subtree, its leftmost and rightmost extent, relative to its root
    left_contour: dict[Path, list[float]] = {}
    right_contour: dict[Path, list[float]] = {}
    offset: dict[Path, float] = {}
    lower: set[Path] = set()  # leaves on the second row of a staggered group
    for path in reversed(order):
        part = parts[path]
        kids = children[path]
        if not kids:
            left_contour[path], right_contour[path] = [-part.left], [part.right]
            continue
        if stagger and len(kids) >= 3 and not any(children[kid] for kid in kids):
            xs_kids = _staggered(kids, parts, gap)
            lower.update(kids[1::2])
            middle = (xs_kids[0] + xs_kids[-1]) / 2
            for kid, x in zip(kids, xs_kids):
                offset[kid] = x - middle
                del left_contour[kid], right_contour[kid]
            left_contour[path] = [-part.left, min(offset[kid] - parts[kid].left for kid in kids)]
            right_contour[path] = [part.right, max(offset[kid] + parts[kid].right for kid in kids)]
            continue
        acc_left = list(left_contour[kids[0]])
        acc_right = list(right_contour[kids[0]])
        offset[kids[0]] = 0.0
        for kid in kids[1:]:
            kid_left, kid_right = left_contour[kid], right_contour[kid]
            shift = max(acc_right[i] - kid_left[i] + gap for i in range(min(len(acc_right), len(kid_left))))
            offset[kid] = shift
            for i, (low, high) in enumerate(zip(kid_left, kid_right)):
                if i < len(acc_left):
                    acc_left[i] = min(acc_left[i], low + shift)
                    acc_right[i] = max(acc_right[i], high + shift)
                else:
                    acc_left.append(low + shift)
                    acc_right.append(high + shift)
            del left_contour[kid], right_contour[kid]
        middle = (offset[kids[0]] + offset[kids[-1]]) / 2
        for kid in kids:
            offset[kid] -= middle
        del left_contour[kids[0]], right_contour[kids[0]]
        left_contour[path] = [-part.left] + [value - middle for value in acc_left]
        right_contour[path] = [part.right] + [value - middle for value in acc_right]
    root = order[0]
    xs: dict[Path, float] = {root: 0.0}
    for path in order[1:]:
        xs[path] = xs[path[:-1]] + offset[path]
    # levels: each as tall as its tallest node above and below the shapes' centre line
    depth_top: dict[int, float] = {}
    depth_bottom: dict[int, float] = {}
    for path in order:
        depth = len(path)
        depth_top[depth] = max(depth_top.get(depth, 0.0), parts[path].top)
        depth_bottom[depth] = max(depth_bottom.get(depth, 0.0), parts[path].bottom)
    # a staggered level's second row starts under the first row's leaves, texts and all
    drop: dict[int, float] = {}
    upper_bottom: dict[int, float] = {}
    for path in order:
        if path not in lower:
            upper_bottom[len(path)] = max(upper_bottom.get(len(path), 0.0), parts[path].bottom)
    for path in lower:
        depth = len(path)
        drop[depth] = max(drop.get(depth, 0.0), upper_bottom[depth] + parts[path].top + 6)
    for path in lower:
        depth = len(path)
        depth_bottom[depth] = max(depth_bottom[depth], drop[depth] + parts[path].bottom)
    level_y: dict[int, float] = {}
    y = 0.0
    for depth in sorted(depth_top):
        y += depth_top[depth]
        level_y[depth] = y
        y += depth_bottom[depth] + ranksep
    height = y - ranksep
    low = min(xs[path] - parts[path].left for path in order)
    high = max(xs[path] + parts[path].right for path in order)
    centers = {path: (round(xs[path] - low, 2), round(level_y[len(path)] + (drop[len(path)] if path in lower else 0.0), 2)) for path in order}
    # a compact node's edges start under the lowest text of its level, so they cross none
    stems = {path: round(depth_bottom[len(path)] + 2, 2) for path in order if parts[path].edges_from is not None}
    return Layout(width=round(high - low, 2), height=round(height, 2), centers=centers, anatomies=parts, stems=stems)


EDGE_ROOM = 4.0
"""Points kept between an upper leaf of a staggered group and the edge passing it to a lower one."""


def _staggered(kids: Sequence[Path], parts: Mapping[Path, Anatomy], gap: float) -> list[float]:
    """x of each leaf of a staggered group (every other one on the lower row), left to right:
    leaves on one row keep the sibling gap, and a lower leaf's edge passes its upper
    neighbours with room to spare."""
    xs: list[float] = []
    for index, kid in enumerate(kids):
        part = parts[kid]
        if not xs:
            xs.append(0.0)
            continue
        x = xs[-1] + 1.0
        if index >= 2:  # the same row: the sibling gap
            before = parts[kids[index - 2]]
            x = max(x, xs[index - 2] + before.right + part.left + gap)
        previous = parts[kids[index - 1]]
        if index % 2:  # a lower leaf: its edge passes right of the upper one before it
            x = max(x, xs[-1] + previous.right + EDGE_ROOM)
        else:  # an upper leaf: clear of the edge into the lower one before it
            x = max(x, xs[-1] + part.left + EDGE_ROOM)
        xs.append(x)
    return xs
