"""The drawing primitives of a figure, and how they are written as SVG.

A figure is a list of *groups* (one per node, one per edge, one for the frame's
texts), each a list of primitives: :class:`Shape`, :class:`Line`, :class:`Text`. A
group carries classes (``tn max done current``); each primitive a role (``shape``,
``val``...). The look of a primitive is :func:`tracer.render.style.look` of its group's
classes and its role. :mod:`tracer.render.exports` writes the same primitives as a
pinned Graphviz graph, so PNG and PDF show them at the same positions.

>>> escape('a < b & "c"')
'a &lt; b &amp; &quot;c&quot;'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from tracer.reading.text import without_direction_controls
from tracer.render.style import look

__all__ = ["Group", "Line", "Shape", "Text", "escape", "fmt", "group_svg", "primitive_svg", "shifted"]

_INVALID_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def escape(text: str) -> str:
    """``text`` safe inside an SVG/HTML element or a double-quoted attribute.

    Characters XML 1.0 cannot hold (control characters) become U+FFFD; bidirectional
    controls are dropped (:mod:`tracer.reading.text`).
    """
    text = _INVALID_XML.sub("\ufffd", without_direction_controls(text))
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


@lru_cache(maxsize=8192)  # a figure writes the same few coordinates thousands of times
def fmt(value: float) -> str:
    """A coordinate: at most two decimals, no trailing zeros, no ``-0``."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


@dataclass(frozen=True)
class Shape:
    """A triangle (apex up), invtriangle, circle, box or trapezium filling ``w`` x ``h`` round (cx, cy)."""

    role: str
    kind: str
    cx: float
    cy: float
    w: float
    h: float


@dataclass(frozen=True)
class Line:
    role: str
    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class Text:
    """A line of text whose vertical centre (of capitals) is ``cy``."""

    role: str
    x: float
    cy: float
    text: str
    size: float
    anchor: str = "middle"
    bold: bool = False

    @property
    def baseline(self) -> float:
        return self.cy + 0.36 * self.size


Primitive = Shape | Line | Text


@dataclass(frozen=True)
class Group:
    """Primitives drawn together: ``gid`` (without the figure's prefix) and classes."""

    gid: str
    classes: tuple[str, ...]
    items: tuple[Primitive, ...]


TRAPEZIUM_TOP = 0.584
"""A trapezium's top edge as a share of its base: Graphviz's ``trapezium`` shape, so the DOT exports draw the same."""


def shifted(item: Primitive, dx: float, dy: float) -> Primitive:
    """``item`` moved by (``dx``, ``dy``)."""
    if isinstance(item, Text):
        return replace(item, x=item.x + dx, cy=item.cy + dy)
    if isinstance(item, Line):
        return replace(item, x1=item.x1 + dx, y1=item.y1 + dy, x2=item.x2 + dx, y2=item.y2 + dy)
    return replace(item, cx=item.cx + dx, cy=item.cy + dy)


def triangle_points(shape: Shape) -> list[tuple[float, float]]:
    """The corners of a triangle, invtriangle or trapezium shape, clockwise from the top left."""
    cx, cy, w, h = shape.cx, shape.cy, shape.w, shape.h
    if shape.kind == "trapezium":
        top = w * TRAPEZIUM_TOP / 2
        return [(cx - top, cy - h / 2), (cx + top, cy - h / 2), (cx + w / 2, cy + h / 2), (cx - w / 2, cy + h / 2)]
    if shape.kind == "triangle":
        return [(cx, cy - h / 2), (cx + w / 2, cy + h / 2), (cx - w / 2, cy + h / 2)]
    return [(cx - w / 2, cy - h / 2), (cx + w / 2, cy - h / 2), (cx, cy + h / 2)]


def _attrs(attrs: tuple[tuple[str, str], ...]) -> str:
    return "".join(f' {name}="{value}"' for name, value in attrs if name != "display" or value == "none")


def primitive_svg(item: Primitive, attrs: tuple[tuple[str, str], ...], item_id: str = "") -> str:
    """One primitive as an SVG element with its look ``attrs`` inline."""
    ident = f' id="{item_id}"' if item_id else ""
    style = _attrs(attrs)
    cls = f' class="{item.role}"'
    if isinstance(item, Text):
        weight = ' font-weight="bold"' if item.bold and "font-weight" not in dict(attrs) else ""
        return (
            f'<text{ident}{cls} x="{fmt(item.x)}" y="{fmt(item.baseline)}" text-anchor="{item.anchor}" '
            f'font-size="{fmt(item.size)}"{weight}{style}>{escape(item.text)}</text>'
        )
    if isinstance(item, Line):
        return f'<line{ident}{cls} x1="{fmt(item.x1)}" y1="{fmt(item.y1)}" x2="{fmt(item.x2)}" y2="{fmt(item.y2)}"{style}/>'
    if item.kind == "circle":
        return f'<circle{ident}{cls} cx="{fmt(item.cx)}" cy="{fmt(item.cy)}" r="{fmt(item.w / 2)}"{style}/>'
    if item.kind == "box":
        return (
            f'<rect{ident}{cls} x="{fmt(item.cx - item.w / 2)}" y="{fmt(item.cy - item.h / 2)}" '
            f'width="{fmt(item.w)}" height="{fmt(item.h)}"{style}/>'
        )
    points = " ".join(f"{fmt(x)},{fmt(y)}" for x, y in triangle_points(item))
    return f'<polygon{ident}{cls} points="{points}"{style}/>'


def hidden(attrs: tuple[tuple[str, str], ...]) -> bool:
    return ("display", "none") in attrs


def group_svg(group: Group, theme: str, prefix: str, *, slots: bool = False) -> str:
    """A group as ``<g id=... class=...>`` with each primitive's look inline.

    Primitives the look hides (a halo off the current node, a cut mark off a pruned
    edge) are left out, unless ``slots`` keeps them for a stepper to show later; then
    text primitives get ids (``<gid>-<role>``) so a stepper can change their text.
    """
    classes = frozenset(group.classes)
    parts = [f'<g id="{prefix}-{group.gid}" class="{" ".join(group.classes)}">']
    for item in group.items:
        attrs = look(theme, classes, item.role)
        if hidden(attrs) and not slots:
            continue  # kept as display="none" in slots mode: the style sheet shows it when the classes say so
        if slots and isinstance(item, Text) and item.role in ("val", "win", "alt", "ord"):
            parts.append(primitive_svg(item, attrs, f"{prefix}-{group.gid}-{item.role}"))
        else:
            parts.append(primitive_svg(item, attrs))
    parts.append("</g>")
    return "".join(parts)
