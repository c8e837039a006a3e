"""Edges of a figure: the line between two shapes, the cut mark of a pruned branch, the move's label.

A line stops short of both shapes (so a MIN triangle over its children's edges never reads
as an hourglass, nor a dashed pruned triangle with its edges as a cross); the cut mark is
two slanted strokes half way down (or as near it as is clear of the fan's shapes); the move
sits beside its edge, clear of the cut marks, the other edges and the shapes of its fan.
"""

from __future__ import annotations

from typing import Any

from tracer.game.model import NodePath
from tracer.render.style import text_width
from tracer.render.svg import Line, Primitive, Text

__all__ = ["CUT_PLACES", "EDGE_GAP", "LABEL_PLACES", "Fan", "edge_primitives"]


Fan = tuple[list[list[float]], dict[NodePath, list[tuple[float, float, float, float]]]]
"""A fan's shapes (boxes) and the cut mark's strokes on each of its edges."""


def edge_primitives(
    scene: Any, child: NodePath, dx: float, dy: float, fans: dict[tuple[NodePath, float, float], Fan] | None = None,
) -> tuple[Primitive, ...]:
    """The edge into ``child`` with the tree's top left corner at (``dx``, ``dy``): its line
    (stopping short of both shapes, so that a MIN triangle over its children's edges
    does not read as an hourglass, nor a dashed pruned triangle with its edges as a
    cross), a cut mark half way down and the move, clear of the cut marks and the other edges of its fan.
    ``fans`` keeps each fan's shapes and cut marks, found once for all its edges (they depend on the whole fan)."""
    parent = child[:-1]
    px, py = scene.layout.centers[parent]
    cx, cy = scene.layout.centers[child]
    px, py, cx, cy = px + dx, py + dy, cx + dx, cy + dy
    x1, y1 = px, py + scene.layout.edge_start(parent)
    x2, y2 = cx, cy + scene.layout.anatomies[child].top_anchor
    ex, ey = x2 - x1, y2 - y1
    length = (ex * ex + ey * ey) ** 0.5 or 1.0
    ux, uy = ex / length, ey / length  # along the edge
    gap = min(EDGE_GAP, length / 4)
    start_gap = 0.0 if parent in scene.layout.stems else gap  # a stem's end joins its edges
    items: list[Primitive] = [Line("line", x1 + ux * start_gap, y1 + uy * start_gap, x2 - ux * gap, y2 - uy * gap)]
    # a cut mark: two short strokes across the edge, half way down or as near it as is clear of the fan's shapes
    fan = fans.get((parent, dx, dy)) if fans is not None else None
    if fan is None:
        shapes = _fan_shapes(scene, parent, dx, dy)
        fan = (shapes, _fan_cut_marks(scene, parent, x1, y1, dx, dy, shapes))
        if fans is not None:
            fans[parent, dx, dy] = fan
    shapes, marks = fan
    cuts = marks[child]
    items.extend(Line("cut", *stroke) for stroke in cuts)
    label = scene.edge_label(scene.tree.node(child))
    if label:
        size = scene.sizes["move"]
        width = text_width(label, size)
        # the other edges of the fan, every cut mark in it and its shapes, a label must not sit on
        siblings = []
        cut_boxes = [_box_of(cuts)]
        for other in scene.plan.children(scene.tree.node(parent)):
            if other.path != child:
                ox, oy = scene.layout.centers[other.path]
                end = (ox + dx, oy + dy + scene.layout.anatomies[other.path].top_anchor)
                siblings.append((x1, y1, *end))
                cut_boxes.append(_box_of(marks[other.path]))
        # the first place along the edge, on its outer side and then on the other, clear of the cut marks,
        # the other edges and the shapes of the fan; where none is (a crowded fan), the one that clashes
        # least (a cut mark counts double)
        best: tuple[int, Text] | None = None
        for flip in (False, True):
            for t in LABEL_PLACES:
                candidate = _edge_label_at(label, x1 + ex * t, y1 + ey * t, ex, ey, size, flip=flip)
                box = _text_box(candidate, width)
                clashes = (2 * sum(_overlaps(box, cut_box, 2.0) for cut_box in cut_boxes) + sum(_crosses(box, segment) for segment in siblings)
                           + sum(_overlaps(box, shape, 1.0) for shape in shapes))
                if best is None or clashes < best[0]:
                    best = (clashes, candidate)
                if not clashes:
                    break
            if best is not None and not best[0]:
                break
        assert best is not None
        items.append(best[1])
    return tuple(items)


def _fan_shapes(scene: Any, parent: NodePath, dx: float, dy: float) -> list[list[float]]:
    """The boxes of the shapes of ``parent`` and its drawn children (what a fan's marks and labels must keep off)."""
    paths = [parent] + [node.path for node in scene.plan.children(scene.tree.node(parent))]
    boxes = []
    for path in paths:
        x, y = scene.layout.centers[path]
        part = scene.layout.anatomies[path]
        boxes.append([x + dx - part.w / 2, y + dy - part.h / 2, x + dx + part.w / 2, y + dy + part.h / 2])
    return boxes


def _fan_cut_marks(
    scene: Any, parent: NodePath, x1: float, y1: float, dx: float, dy: float, shapes: list[list[float]]
) -> dict[NodePath, list[tuple[float, float, float, float]]]:
    """The strokes of the cut mark on each edge of ``parent``'s fan (from (``x1``, ``y1``)), left to right:
    each at the first of :data:`CUT_PLACES` clear of the fan's shapes and of the marks before it, else of the
    shapes alone (half way down where none is)."""
    marks: dict[NodePath, list[tuple[float, float, float, float]]] = {}
    taken: list[list[float]] = []
    for node in scene.plan.children(scene.tree.node(parent)):
        cx, cy = scene.layout.centers[node.path]
        end = (cx + dx, cy + dy + scene.layout.anatomies[node.path].top_anchor)
        places: dict[float, tuple[list[tuple[float, float, float, float]], list[float]]] = {}  # made when first tried
        chosen = None
        for obstacles in (shapes + taken, shapes):
            for t in CUT_PLACES:
                if t not in places:
                    strokes = _cut_strokes(x1, y1, *end, t)
                    places[t] = strokes, _box_of(strokes)
                if not any(_overlaps(places[t][1], other, 1.0) for other in obstacles):
                    chosen = places[t]
                    break
            if chosen is not None:
                break
        strokes, box = chosen if chosen is not None else places[CUT_PLACES[0]]
        marks[node.path] = strokes
        taken.append(box)
    return marks


EDGE_GAP = 3.0
"""Points between an edge's ends and the shapes it joins."""
LABEL_PLACES = (0.68, 0.76, 0.84, 0.6, 0.52, 0.3)
"""Where a move may sit along its edge (0: the parent, 1: the child), in order of preference."""
CUT_PLACES = (0.5, 0.42, 0.58, 0.34, 0.66, 0.26, 0.74, 0.18)
"""Where a cut mark may sit along its edge, in order of preference: half way down, unless a shape is there
(a staggered row of leaves, whose upper row the edges to the lower one pass)."""


def _cut_strokes(x1: float, y1: float, x2: float, y2: float, t: float = 0.5) -> list[tuple[float, float, float, float]]:
    """The two strokes of the cut mark of the edge from (x1, y1) to (x2, y2): across it, ``t`` of the way down."""
    ex, ey = x2 - x1, y2 - y1
    length = (ex * ex + ey * ey) ** 0.5 or 1.0
    ux, uy = ex / length, ey / length  # along the edge
    nx, ny = -uy, ux  # across it
    mx, my = x1 + ex * t, y1 + ey * t
    half = 7.0
    strokes = []
    for shift in (-2.5, 2.5):
        sx, sy = mx + ux * shift, my + uy * shift
        # slanted strokes read as a cut better than perpendicular ones
        ax, ay = nx * half + ux * 3, ny * half + uy * 3
        strokes.append((sx - ax, sy - ay, sx + ax, sy + ay))
    return strokes


def _box_of(strokes: list[tuple[float, float, float, float]]) -> list[float]:
    xs = [x for a, _, b, _ in strokes for x in (a, b)]
    ys = [y for _, a, _, b in strokes for y in (a, b)]
    return [min(xs), min(ys), max(xs), max(ys)]


def _edge_label_at(label: str, lx: float, ly: float, ex: float, ey: float, size: float, *, flip: bool = False) -> Text:
    """A move's text beside the point (``lx``, ``ly``) of an edge going (``ex``, ``ey``): to
    the right of a vertical edge, else on the outer side, raised above a shallow edge so
    that the line never runs through the text; with ``flip``, on the other side: left of a
    vertical edge, else under the edge on its inner side (the line, rising away from the
    point there, stays above the text)."""
    if abs(ex) < 1:
        return Text("move", lx - 4, ly, label, size, "end") if flip else Text("move", lx + 4, ly, label, size, "start")
    if flip:
        cy = ly + 2 + 0.5 * size
        if ex > 0:
            return Text("move", lx - 5, cy, label, size, "end")
        return Text("move", lx + 5, cy, label, size, "start")
    slope = abs(ey / ex)
    # the text's bottom stays 2 points above the line where the text begins, 5 points out
    cy = min(ly - 2, ly + 5 * slope - 2 - 0.55 * size)
    if ex > 0:
        return Text("move", lx + 5, cy, label, size, "start")
    return Text("move", lx - 5, cy, label, size, "end")


def _text_box(item: Text, width: float) -> list[float]:
    left = item.x - (width if item.anchor == "end" else width / 2 if item.anchor == "middle" else 0)
    return [left, item.cy - 0.5 * item.size, left + width, item.cy + 0.55 * item.size]


def _crosses(box: list[float], segment: tuple[float, float, float, float]) -> bool:
    """Whether a line segment passes through a box (clipped against it, Liang-Barsky)."""
    x1, y1, x2, y2 = segment
    dx, dy = x2 - x1, y2 - y1
    low, high = 0.0, 1.0
    for p, q in ((-dx, x1 - box[0]), (dx, box[2] - x1), (-dy, y1 - box[1]), (dy, box[3] - y1)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return False
    return True


def _overlaps(a: list[float], b: list[float], margin: float) -> bool:
    return a[0] < b[2] + margin and b[0] < a[2] + margin and a[1] < b[3] + margin and b[1] < a[3] + margin
