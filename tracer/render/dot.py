"""DOT text, built by pure functions (nothing here runs Graphviz).

A *pinned graph* is one finished picture: every shape, line and text at a fixed
position, drawn by ``neato -n2`` into PNG or PDF with the positions of the SVG.

>>> quote('say "hi" \\\\ {x} <&>')
'"say \\\\"hi\\\\" \\\\\\\\ {x} <&>"'
"""

from __future__ import annotations

from collections.abc import Iterable

from tracer.reading.text import without_direction_controls

__all__ = ["number", "pinned_graph", "quote"]


def quote(text: str) -> str:
    """``text`` as a DOT double-quoted string whose label shows exactly ``text``.

    Backslashes are doubled (DOT labels read ``\\n``, ``\\l``, ``\\N``... as escapes),
    quotes escaped, line breaks turned into ``\\n``; everything else, braces and ``<``
    included, is literal inside quotes. Bidirectional controls are dropped.
    """
    return '"' + without_direction_controls(text).replace("\\", "\\\\").replace('"', '\\"').replace("\r\n", "\n").replace("\n", "\\n") + '"'


def number(value: float) -> str:
    """A coordinate for DOT: at most two decimals, no ``-0``."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


# -- a finished picture, pinned --------------------------------------------------------------
_GV_SHAPES = {"triangle": "triangle", "invtriangle": "invtriangle", "circle": "circle", "box": "box", "trapezium": "trapezium"}
TEXT_BASELINE = 0.25
"""Graphviz puts a one-line label's baseline this many font sizes below the node's centre."""


def _inches(points: float) -> str:
    return number(points / 72 + 1e-9) if points > 0 else "0.01"


def _font(bold: bool, italic: bool) -> str:
    """A font Graphviz finds everywhere with Helvetica's metrics (Liberation Sans on Linux)."""
    return "Arial" + (" Bold" if bold else "") + (" Italic" if italic else "")


def pinned_graph(
    width: float,
    height: float,
    background: str,
    items: Iterable[tuple[str, object, dict[str, str], tuple[str, str] | None]],
    *,
    size: tuple[float, float] | None = None,
    comment: str = "",
) -> str:
    """A picture as a graph for ``neato -n2``: every primitive pinned where the SVG draws it.

    ``items`` are (name, primitive, look, ends) in drawing order: the primitive a
    :class:`~tracer.render.svg.Shape`, ``Line`` or ``Text``, its look a dict of SVG
    attributes, ``name`` its Graphviz node's (``"n-1-0.shape"``, unique) and ``ends`` (for
    a line) the two nodes it joins, so the graph reads as the tree
    (``"n-1.shape" -> "n-1-0.shape"``).
    Shapes become fixed-size nodes of the same geometry (a Graphviz triangle fills the
    top three quarters of its box, so the box is made 4/3 as tall and shifted), lines
    edges with a pinned straight spline (joining the invisible corner points where they
    join no named nodes; written after the nodes, drawn before them, in their order), and texts plain-text nodes whose baseline falls on the SVG's
    (``\\l``/``\\r`` anchor them left and right). Two invisible corner points fix the
    canvas. ``size`` (inches) scales the drawing to a slide's size; ``comment`` opens the
    file (``//`` lines).
    """
    from tracer.render.svg import Line, Shape, Text

    def y(value: float) -> float:
        return height - value

    out = ["// " + line for line in comment.splitlines()] if comment else []
    out += [
        "digraph picture {",
        f'  graph [pad=0, margin=0, bgcolor="{background}", splines=true, outputorder=edgesfirst'
        + (f', size="{size[0]:.4f},{size[1]:.4f}!"' if size is not None else "") + "];",
        '  node [label="", fixedsize=true, margin=0];',
        '  edge [dir=none, arrowhead=none];',
        '  c0 [shape=point, style=invis, width=0, height=0, pos="0,0!"];',
        f'  c1 [shape=point, style=invis, width=0, height=0, pos="{number(width)},{number(height)}!"];',
    ]
    edges: list[str] = []  # written after every node: Graphviz draws nodes in the order it first meets them
    for item_name, item, attrs, ends in items:
        name = quote(item_name)
        stroke = attrs.get("stroke", "none")
        pen = attrs.get("stroke-width", "1")
        dashed = "stroke-dasharray" in attrs
        if isinstance(item, Line) and item.role == "grid" and (item.x1 == item.x2 or item.y1 == item.y2):
            # drawn over a board's fill, so a thin box (a node) rather than an edge (edges go first)
            thickness = float(pen)
            w = max(abs(item.x2 - item.x1), thickness)
            h = max(abs(item.y2 - item.y1), thickness)
            cx, cy = (item.x1 + item.x2) / 2, (item.y1 + item.y2) / 2
            out.append(
                f'  {name} [shape=box, pos="{number(cx)},{number(y(cy))}!", width={_inches(w)}, height={_inches(h)}, '
                f'style="filled", penwidth=0, color="{stroke}", fillcolor="{stroke}"];'
            )
            continue
        if isinstance(item, Shape):
            fill = attrs.get("fill", "none")
            style = []
            if fill != "none":
                style.append("filled")
            if dashed:
                style.append("dashed")
            if stroke == "none" and fill == "none":
                style.append("invis")
            w, h, cy = item.w, item.h, item.cy
            if item.kind == "triangle":
                h = item.h * 4 / 3
                cy = item.cy - item.h / 2 + h / 2
            elif item.kind == "invtriangle":
                h = item.h * 4 / 3
                cy = item.cy - item.h / 2 + h / 4
            out.append(
                f'  {name} [shape={_GV_SHAPES[item.kind]}, pos="{number(item.cx)},{number(y(cy))}!", '
                f'width={_inches(w)}, height={_inches(h)}, style="{",".join(style)}", '
                f'color="{stroke if stroke != "none" else "transparent"}", '
                f'fillcolor="{fill if fill != "none" else "transparent"}", penwidth={pen if stroke != "none" else 0}];'
            )
        elif isinstance(item, Line):
            x1, y1, x2, y2 = number(item.x1), number(y(item.y1)), number(item.x2), number(y(item.y2))
            dash = ', style="dashed"' if dashed else ""
            tail, head = (quote(ends[0]), quote(ends[1])) if ends is not None else ("c0", "c1")
            edges.append(f'  {tail} -> {head} [pos="{x1},{y1} {x1},{y1} {x2},{y2} {x2},{y2}", color="{stroke}", penwidth={pen}{dash}];')
        elif isinstance(item, Text):
            from tracer.render.style import text_width

            bold = attrs.get("font-weight") == "bold" or item.bold
            italic = attrs.get("font-style") == "italic"
            # room to spare: the text is anchored at the box's left or right edge (\\l, \\r)
            w = max(text_width(item.text, item.size, bold) * 1.3 + item.size, 1.0)
            # ... but never past the canvas, which would make Graphviz's picture larger
            room = {"start": width - item.x, "end": item.x}.get(item.anchor, 2 * min(item.x, width - item.x))
            w = max(min(w, room), 1.0)
            cx = item.x + w / 2 if item.anchor == "start" else item.x - w / 2 if item.anchor == "end" else item.x
            suffix = "\\l" if item.anchor == "start" else "\\r" if item.anchor == "end" else ""
            label = quote(item.text)[:-1] + suffix + '"'
            cy = item.baseline - TEXT_BASELINE * item.size
            out.append(
                f'  {name} [shape=plaintext, pos="{number(cx)},{number(y(cy))}!", width={_inches(w)}, '
                f'height={_inches(item.size * 1.2)}, label={label}, fontsize={number(item.size)}, '
                f'fontname="{_font(bold, italic)}", fontcolor="{attrs.get("fill", "black")}"];'
            )
    out.extend(edges)
    out.append("}")
    return "\n".join(out) + "\n"
