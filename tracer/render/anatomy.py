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

    @property
    def top_anchor(self) -> float:
        """dy where the edge from the parent ends."""
        return -self.h / 2

    @property
    def bottom_anchor(self) -> float:
        """dy where edges to the children start."""
        return self.h / 2


_SHAPES = {"max": "triangle", "min": "invtriangle", "chance": "circle", "leaf": "box"}


def board_cells(board: list[list[str]] | tuple[tuple[str, ...], ...]) -> tuple[float, float]:
    """Cell width and height of a board: square cells, widened for long cell texts."""
    size = SIZES["board_cell"]
    widest = max((text_width(cell, SIZES["mark"], True) for row in board for cell in row), default=0)
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
    more: bool = False,
) -> Anatomy:
    """Place the parts of a node of ``kind`` (max, min, chance, leaf).

    ``right_width`` is the widest value/window text the node will show on its right
    (0: none); ``two_lines`` puts a window line under the value; ``order`` and ``more``
    reserve a line under the node for its evaluation order and for "+N".
    """
    s = SIZES
    gap = s["gap"]
    cells = tuple(tuple(row) for row in board) if board else None
    glyph = None
    glyph_at = (0.0, 0.0)
    cell_w = cell_h = 0.0
    if cells:
        shape = "board"
        gap += 3  # clear of the current node's ring round the board
        cell_w, cell_h = board_cells(cells)
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
            inside = text_width(label, size, True) <= w * 0.5
            if inside:
                dy = {"triangle": h * 0.16, "invtriangle": -h * 0.16, "circle": 0.0}[shape]
                label_slot = TextSlot(0, dy, "middle", size, True)
            else:
                label_slot = TextSlot(-w / 2 - gap, 0, "end", size, True)
                left = max(left, w / 2 + gap + text_width(label, size, True))
    elif glyph is not None:
        left = max(left, w / 2 + gap + s["glyph_w"])

    val = win = None
    if right_width > 0:
        if two_lines:
            val = TextSlot(w / 2 + gap, -8, "start", s["value"], True)
            win = TextSlot(w / 2 + gap, 10, "start", s["window"])
            top, bottom = max(top, 17), max(bottom, 17)
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
        more_slot = TextSlot(0, below + size / 2, "middle", size)
        below += size + 2
        left = max(left, text_width("+99999", size) / 2)
        right = max(right, text_width("+99999", size) / 2)
    bottom = max(bottom, below)
    return Anatomy(
        shape=shape, w=w, h=h, glyph=glyph, glyph_at=glyph_at, label=label, label_slot=label_slot,
        leaf_value=leaf_value if shape == "box" else None, val=val, win=win, order=order_slot, more=more_slot,
        cell_w=cell_w, cell_h=cell_h, board=cells, left=left, right=right, top=top, bottom=bottom,
    )


def node_primitives(
    part: Anatomy, x: float, y: float, texts: tuple[str, str, str, str], *, slots: bool = False, more: str = ""
) -> tuple[Primitive, ...]:
    """The primitives of a node whose shape is centred at (``x``, ``y``), showing ``texts``
    (val, win, alt, ord) and ``more`` (what was left out below it); with ``slots``, the
    empty texts too (a stepper fills them later)."""
    shape_kind = "box" if part.shape == "board" else part.shape
    items: list[Primitive] = [
        Shape("halo", shape_kind, x, y, part.w, part.h),
        Shape("shape", shape_kind, x, y, part.w, part.h),
    ]
    if part.glyph is not None:
        gx, gy = part.glyph_at
        w, h = SIZES["glyph_w"], SIZES["glyph_h"]
        if part.glyph == "circle":
            w = h
        items.append(Shape("glyph", part.glyph, x + gx, y + gy, w, h))
    if part.board is not None:
        items.extend(_board_items(part, x, y))
    if part.leaf_value is not None:
        items.append(Text("leafval", x, y, part.leaf_value, SIZES["leaf_value"], "middle", True))
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
        items.append(Text("more", x + part.more.dx, y + part.more.dy, more, part.more.size, part.more.anchor))
    return tuple(items)


def _board_items(part: Anatomy, x: float, y: float) -> list[Primitive]:
    """A game board's grid lines and marks, centred at (``x``, ``y``)."""
    assert part.board is not None
    rows, cols = len(part.board), max(len(row) for row in part.board)
    left, top = x - part.w / 2, y - part.h / 2
    items: list[Primitive] = []
    for col in range(1, cols):
        items.append(Line("grid", left + col * part.cell_w, top + 2, left + col * part.cell_w, top + part.h - 2))
    for row in range(1, rows):
        items.append(Line("grid", left + 2, top + row * part.cell_h, left + part.w - 2, top + row * part.cell_h))
    for r, cells in enumerate(part.board):
        for c, cell in enumerate(cells):
            if cell.strip():
                items.append(
                    Text("mark", left + (c + 0.5) * part.cell_w, top + (r + 0.5) * part.cell_h, cell.strip(), SIZES["mark"], "middle", True)
                )
    return items
