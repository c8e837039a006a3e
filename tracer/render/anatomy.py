"""Where each part of a node goes, relative to the centre of its shape.

A node is its shape (AIMA's triangle, circle or box, or a game's board with a small
type mark beside it), its label, its value and [alpha, beta] window on the right, and
under a leaf its evaluation order. :func:`anatomy` places these for one node; the
layout reserves the room they need (``left``/``right``/``top``/``bottom``), so texts
never overlap a neighbour and never move between frames. :func:`node_primitives` draws
a node's parts where its anatomy puts them.

Coordinates are points, y downwards (as in SVG).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from tracer.render.style import SIZES, text_width
from tracer.render.svg import Line, Primitive, Shape, Text

__all__ = ["Anatomy", "TextSlot", "anatomy", "board_cells", "node_primitives"]


@dataclass(frozen=True)
class TextSlot:
    """Where a text goes: ``dx``/``dy`` of its vertical centre, its anchor and size."""

    dx: float
    dy: float
    anchor: str  # start, middle, end
    size: float
    bold: bool = False


@dataclass(frozen=True)
class Anatomy:
    shape: str  # triangle, invtriangle, circle, box, board
    w: float
    h: float
    glyph: str | None  # the type mark of a board node: triangle, invtriangle, circle (None for a leaf)
    glyph_at: tuple[float, float]  # its centre
    label: str
    label_slot: TextSlot | None
    leaf_value: str | None  # the value printed in a leaf's box
    val: TextSlot | None  # value (and bound) on the right
    win: TextSlot | None  # the window, under the value
    order: TextSlot | None  # evaluation order
    more: TextSlot | None  # "+N" for what was left out below
    cell_w: float  # board cell width
    cell_h: float
    board: tuple[tuple[str, ...], ...] | None
    left: float
    right: float
    top: float
    bottom: float
    value_size: float = SIZES["leaf_value"]  # the leaf value's font size
    mark_size: float = SIZES["mark"]  # a board mark's font size
    glyph_size: tuple[float, float] = (SIZES["glyph_w"], SIZES["glyph_h"])
    pieces: tuple[tuple[str, str], ...] = ()  # board marks drawn as pieces: (mark, piece), e.g. ("W", "pawn-light")
    edges_from: float | None = None  # dy where edges to the children start, when not the shape's bottom (values below it)

    @property
    def top_anchor(self) -> float:
        """dy where the edge from the parent ends."""
        return -self.h / 2

    @property
    def bottom_anchor(self) -> float:
        """dy where edges to the children start: the shape's bottom, or under the texts written below it."""
        return self.h / 2 if self.edges_from is None else self.edges_from


_SHAPES = {"max": "triangle", "min": "invtriangle", "chance": "circle", "leaf": "box"}


def board_cells(
    board: list[list[str]] | tuple[tuple[str, ...], ...], sizes: Mapping[str, float] = SIZES, pieces: Mapping[str, str] | None = None
) -> tuple[float, float]:
    """Cell width and height of a board: square cells, widened for long cell texts (a piece fits any cell)."""
    size = sizes["board_cell"]
    drawn_as_text = [cell for row in board for cell in row if not (pieces and cell.strip() in pieces)]
    widest = max((text_width(cell, sizes["mark"], True) for cell in drawn_as_text), default=0)
    return max(size, widest + 5), size


def anatomy(
    kind: str,
    *,
    label: str = "",
    leaf_value: str | None = None,
    board: list[list[str]] | None = None,
    right_width: float = 0.0,
    two_lines: bool = False,
    order: bool = False,
    more: str = "",
    label_inside: bool | None = None,
    values_below: bool = False,
    has_children: bool = False,
    pieces: Mapping[str, str] | None = None,
    sizes: Mapping[str, float] = SIZES,
) -> Anatomy:
    """Place the parts of a node of ``kind`` (max, min, chance, leaf).

    ``right_width`` is the widest value/window text the node will show on its right
    (0: none); ``two_lines`` puts a window line under the value; ``order`` reserves a
    line under the node for its evaluation order, ``more`` one for what was left out
    below it (``… +17 more``). ``label_inside`` puts a triangle's or circle's label
    inside the shape (True) or beside it on the left (False); None decides by whether
    it fits (a figure decides once for all its nodes: :func:`labels_fit_inside`).
    ``values_below`` (a compact figure) writes the value and the window under the shape,
    centred, instead of on its right: a wide level then needs only its shapes' width; a
    node that ``has_children`` then reaches them by a stem through its texts (drawn
    behind them), its edges starting under the texts.
    ``pieces`` draws board marks as pieces (``{"W": "pawn-light", "B": "pawn-dark"}``);
    ``sizes`` are :data:`~tracer.render.style.SIZES` or :func:`~tracer.render.style.sizes`.
    """
    s = sizes
    gap = s["gap"]
    cells = tuple(tuple(row) for row in board) if board else None
    glyph = None
    glyph_at = (0.0, 0.0)
    cell_w = cell_h = 0.0
    if cells:
        shape = "board"
        gap += 3  # clear of the current node's ring round the board
        cell_w, cell_h = board_cells(cells, s, pieces)
        w = cell_w * max(len(row) for row in cells)
        h = cell_h * len(cells)
        if kind != "leaf":
            glyph = _SHAPES[kind]
            glyph_at = (-w / 2 - gap - s["glyph_w"] / 2, -h / 2 + s["glyph_h"] / 2)
    elif kind == "leaf":
        shape = "box"
        w = max(s["leaf_min_w"], text_width(leaf_value or "", s["leaf_value"], True) + 12)
        h = s["leaf_h"]
    elif kind == "chance":
        shape = "circle"
        w = h = s["circle_d"]
    else:
        shape = _SHAPES[kind]
        w, h = s["tri_w"], s["tri_h"]

    left, right, top, bottom = w / 2, w / 2, h / 2, h / 2
    label_slot = None
    below = h / 2 + gap  # next free line under the shape
    if label:
        if shape == "box":
            size = s["label_small"]
            label_slot = TextSlot(0, below + size / 2, "middle", size)
            below += size + 2
            left = max(left, text_width(label, size) / 2)
            right = max(right, text_width(label, size) / 2)
        elif shape == "board":
            size = s["label_small"]
            if glyph is not None:
                label_slot = TextSlot(-w / 2 - gap, -h / 2 + s["glyph_h"] + 3 + size / 2, "end", size)
            else:
                label_slot = TextSlot(-w / 2 - gap, 0, "end", size)
            left = max(left, w / 2 + gap + max(text_width(label, size), s["glyph_w"]))
        else:
            size = s["label"]
            inside = fits_inside(label, kind, s) if label_inside is None else label_inside
            if inside:
                dy = {"triangle": h * 0.16, "invtriangle": -h * 0.16, "circle": 0.0}[shape]
                label_slot = TextSlot(0, dy, "middle", size, True)
            else:
                label_slot = TextSlot(-w / 2 - gap, 0, "end", size, True)
                left = max(left, w / 2 + gap + text_width(label, size, True))
    elif glyph is not None:
        left = max(left, w / 2 + gap + s["glyph_w"])

    val = win = None
    edges_from = None
    if right_width > 0 and values_below:
        # compact: the value (and the window) under the shape, centred, so the node is no wider than its texts
        val = TextSlot(0, below + s["value"] * 0.55, "middle", s["value"], True)
        below += s["value"] * 1.1 + 1
        if two_lines:
            win = TextSlot(0, below + s["window"] * 0.55, "middle", s["window"])
            below += s["window"] * 1.1 + 1
        left, right = max(left, right_width / 2), max(right, right_width / 2)
        if has_children:
            edges_from = below
    elif right_width > 0:
        if two_lines:
            val = TextSlot(w / 2 + gap, -s["value"] / 2, "start", s["value"], True)
            win = TextSlot(w / 2 + gap, s["window"] * 10 / 12, "start", s["window"])
            top, bottom = max(top, s["value"] * 17 / 16), max(bottom, s["value"] * 17 / 16)
        else:
            val = TextSlot(w / 2 + gap, 0, "start", s["value"], True)
        right = max(right, w / 2 + gap + right_width)

    order_slot = more_slot = None
    if order:
        size = s["order"]
        order_slot = TextSlot(0, below + size / 2, "middle", size)
        below += size + 2
    if more:
        size = s["more"]
        below += MORE_STUB  # a short dashed stem leads down to the count
        more_slot = TextSlot(0, below + size / 2, "middle", size)
        below += size + 2
        half = text_width(more, size) / 2 + 2
        left, right = max(left, half), max(right, half)
    bottom = max(bottom, below)
    glyph_w, glyph_h = s["glyph_w"], s["glyph_h"]
    return Anatomy(
        shape=shape, w=w, h=h, glyph=glyph, glyph_at=glyph_at, label=label, label_slot=label_slot,
        leaf_value=leaf_value if shape == "box" else None, val=val, win=win, order=order_slot, more=more_slot,
        cell_w=cell_w, cell_h=cell_h, board=cells, left=left, right=right, top=top, bottom=bottom,
        value_size=s["leaf_value"], mark_size=s["mark"], glyph_size=(glyph_w, glyph_h),
        pieces=tuple(sorted(pieces.items())) if pieces and cells else (),
        edges_from=edges_from,
    )


MORE_STUB = 9.0
"""Length of the dashed stem from a node down to the count of what was left out below it."""


def fits_inside(label: str, kind: str, sizes: Mapping[str, float] = SIZES) -> bool:
    """Whether the label of a ``kind`` node (max, min, chance) fits inside its triangle or circle."""
    width = sizes["circle_d"] if kind == "chance" else sizes["tri_w"]
    return text_width(label, sizes["label"], True) <= width * 0.5


def labels_fit_inside(labels: Iterable[tuple[str, str]], sizes: Mapping[str, float] = SIZES) -> bool:
    """Whether every (label, kind) of a figure's triangles and circles fits inside its
    shape: a figure puts all such labels inside, or all beside their shapes, never some of each."""
    return all(fits_inside(label, kind, sizes) for label, kind in labels if label)


def node_primitives(
    part: Anatomy,
    x: float,
    y: float,
    texts: tuple[str, str, str, str],
    *,
    slots: bool = False,
    more: str = "",
    stem_to: float | None = None,
) -> tuple[Primitive, ...]:
    """The primitives of a node whose shape is centred at (``x``, ``y``), showing ``texts``
    (val, win, alt, ord) and ``more`` (what was left out below it); with ``slots``, the
    empty texts too (a stepper fills them later). ``stem_to`` (a compact node's) is the dy
    its stem reaches (:meth:`~tracer.render.layout.Layout.edge_start`)."""
    shape_kind = "box" if part.shape == "board" else part.shape
    items: list[Primitive] = [
        Shape("halo", shape_kind, x, y, part.w, part.h),
        Shape("shape", shape_kind, x, y, part.w, part.h),
    ]
    if part.glyph is not None:
        gx, gy = part.glyph_at
        w, h = part.glyph_size
        if part.glyph == "circle":
            w = h
        items.append(Shape("glyph", part.glyph, x + gx, y + gy, w, h))
    if part.board is not None:
        items.extend(_board_items(part, x, y))
    if part.leaf_value is not None:
        items.append(Text("leafval", x, y, part.leaf_value, part.value_size, "middle", True))
    if part.edges_from is not None:  # compact: a stem from the shape down to where its edges start, behind its texts
        items.append(Line("stem", x, y + part.h / 2, x, y + (part.edges_from if stem_to is None else stem_to)))
        for slot, text in ((part.val, texts[0]), (part.win, texts[1] or texts[2])):
            if slot is not None and text and not slots:
                width = text_width(text, slot.size, slot.bold) + 4
                items.append(Shape("knock", "box", x, y + slot.dy, width, slot.size * 1.05))
    if part.label_slot is not None and part.label:
        slot = part.label_slot
        items.append(Text("lab", x + slot.dx, y + slot.dy, part.label, slot.size, slot.anchor, slot.bold))
    val, win, alt, order = texts
    if part.val is not None and (val or slots):
        items.append(Text("val", x + part.val.dx, y + part.val.dy, val, part.val.size, part.val.anchor, True))
    if part.win is not None and (win or slots):
        items.append(Text("win", x + part.win.dx, y + part.win.dy, win, part.win.size, part.win.anchor))
    if part.win is not None and alt:
        items.append(Text("alt", x + part.win.dx, y + part.win.dy, alt, part.win.size, part.win.anchor))
    if part.order is not None and (order or slots):
        items.append(Text("ord", x + part.order.dx, y + part.order.dy, order, part.order.size, part.order.anchor))
    if part.more is not None:
        top = y + part.more.dy - part.more.size / 2 - 1
        items.append(Line("stub", x, top - MORE_STUB + 2, x, top))
        items.append(Text("more", x + part.more.dx, y + part.more.dy, more, part.more.size, part.more.anchor))
    return tuple(items)


def _board_items(part: Anatomy, x: float, y: float) -> list[Primitive]:
    """A game board's grid lines and marks (or pieces), centred at (``x``, ``y``)."""
    assert part.board is not None
    rows, cols = len(part.board), max(len(row) for row in part.board)
    left, top = x - part.w / 2, y - part.h / 2
    pieces = dict(part.pieces)
    items: list[Primitive] = []
    for col in range(1, cols):
        items.append(Line("grid", left + col * part.cell_w, top + 2, left + col * part.cell_w, top + part.h - 2))
    for row in range(1, rows):
        items.append(Line("grid", left + 2, top + row * part.cell_h, left + part.w - 2, top + row * part.cell_h))
    for r, cells in enumerate(part.board):
        for c, cell in enumerate(cells):
            mark = cell.strip()
            if not mark:
                continue
            cx, cy = left + (c + 0.5) * part.cell_w, top + (r + 0.5) * part.cell_h
            piece = pieces.get(mark)
            if piece is not None:
                items.extend(piece_shapes(piece, cx, cy, min(part.cell_w, part.cell_h)))
            else:
                items.append(Text("mark", cx, cy, mark, part.mark_size, "middle", True))
    return items


def piece_shapes(piece: str, cx: float, cy: float, cell: float) -> list[Primitive]:
    """A piece drawn in a ``cell``-point square centred at (``cx``, ``cy``): a pawn is a
    round head on a trapezium body (``pawn-dark``, ``pawn-light``: the role, for its colours)."""
    body_w, body_h, head = cell * 0.7, cell * 0.34, cell * 0.4
    body_cy = cy + cell * 0.42 - body_h / 2
    head_cy = body_cy - body_h / 2 - head / 2 + cell * 0.06
    return [Shape(piece, "trapezium", cx, body_cy, body_w, body_h), Shape(piece, "circle", cx, head_cy, head, head)]
