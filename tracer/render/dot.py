"""DOT text, built by pure functions (nothing here runs Graphviz).

Two graphs are written: the *layout graph* of a figure (one box per node, sized to
what the node will ever show, so Graphviz places the tree once for all frames) and a
*pinned graph* of one finished picture (every shape, line and text at a fixed
position, drawn by ``neato -n2`` into PNG or PDF with the positions of the SVG).

>>> quote('say "hi" \\\\ {x} <&>')
'"say \\\\"hi\\\\" \\\\\\\\ {x} <&>"'
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

__all__ = ["LayoutBox", "layout_graph", "quote"]


def quote(text: str) -> str:
    """``text`` as a DOT double-quoted string whose label shows exactly ``text``.

    Backslashes are doubled (DOT labels read ``\\n``, ``\\l``, ``\\N``... as escapes),
    quotes escaped, line breaks turned into ``\\n``; everything else, braces and ``<``
    included, is literal inside quotes.
    """
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\r\n", "\n").replace("\n", "\\n") + '"'


def number(value: float) -> str:
    """A coordinate for DOT: at most two decimals, no ``-0``."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


@dataclass(frozen=True)
class LayoutBox:
    """The room one node needs: ``left``/``right`` of its shape's centre line, ``height``."""

    name: str
    left: int  # width of the room left of the shape
    mid: int  # width of the shape
    right: int  # width of the room right of the shape
    height: int

    @property
    def width(self) -> int:
        return self.left + self.mid + self.right

    @property
    def shape_offset(self) -> float:
        """x of the shape's centre line relative to the box's centre."""
        return -self.width / 2 + self.left + self.mid / 2


def layout_box(name: str, left: float, right: float, top: float, bottom: float, mid: float) -> LayoutBox:
    """Round a node's room up to whole points (Graphviz HTML cells take integers)."""
    mid_i = max(1, math.ceil(mid))
    return LayoutBox(
        name=name,
        left=max(1, math.ceil(left - mid / 2)),
        mid=mid_i,
        right=max(1, math.ceil(right - mid / 2)),
        height=max(1, math.ceil(2 * max(top, bottom))),
    )


def _cell(width: int, height: int, port: str = "") -> str:
    port_attr = f' PORT="{port}"' if port else ""
    return f'<TD{port_attr} WIDTH="{width}" HEIGHT="{height}" FIXEDSIZE="TRUE"></TD>'


def layout_graph(boxes: Sequence[LayoutBox], edges: Iterable[tuple[str, str]], *, nodesep: float, ranksep: float) -> str:
    """The layout graph: each box an invisible three-cell table whose middle cell (port
    ``s``) is the shape, so Graphviz centres parents over their children's shapes, not
    over their label-and-value rooms. Children keep their order (``ordering=out``).
    """
    lines = [
        "digraph layout {",
        f'  graph [rankdir=TB, ordering=out, splines=false, nodesep={number(nodesep / 72)}, ranksep="{number(ranksep / 72)} equally", margin=0, pad=0];',
        '  node [shape=plain, label=""];',
        "  edge [arrowhead=none];",
    ]
    for box in boxes:
        cells = _cell(box.left, box.height) + _cell(box.mid, box.height, "s") + _cell(box.right, box.height)
        lines.append(f'  {box.name} [label=<<TABLE BORDER="0" CELLSPACING="0" CELLPADDING="0"><TR>{cells}</TR></TABLE>>];')
    for tail, head in edges:
        lines.append(f"  {tail}:s -> {head}:s;")
    lines.append("}")
    return "\n".join(lines) + "\n"
