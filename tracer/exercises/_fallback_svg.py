"""Plain SVG figures of small trees, used until :mod:`tracer.render` provides its own.

AIMA's notation: MAX nodes are triangles pointing up, MIN nodes triangles pointing
down, chance nodes circles (with each outcome's probability on its edge), leaves
squares holding their value; each node's letter label stands at its upper left.
The final figure of a search adds the value the search returned beside each node it
left (``≤ 2`` where that is an upper bound) and draws what it never examined dashed
and grey. The SVG needs no fonts, scripts or ids, so many can sit in one HTML page.
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from tracer.exercises.layout import layout
from tracer.exercises.questions import number_text
from tracer.game.model import Node, Path, Tree
from tracer.trace.model import Trace
from tracer.trace.replay import DONE, replay

__all__ = ["final_svg", "tree_svg"]

_DX, _DY, _MARGIN, _R = 36, 72, 28, 13
_THEMES = {
    "light": {"ink": "#1f2328", "muted": "#8c959f", "fill": "#ffffff", "accent": "#0a58ca"},
    "dark": {"ink": "#e6edf3", "muted": "#6e7681", "fill": "#0d1117", "accent": "#58a6ff"},
}
_SIGN = {"upper": "\u2264", "lower": "\u2265"}


def _fmt(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def tree_svg(tree: Tree, theme: str = "light", labels: str = "letters") -> str:
    """The bare tree: shapes, letter labels, leaf values, chance probabilities."""
    return _svg(tree, theme, labels, values={}, dimmed=set(), title="Game tree")


def final_svg(trace: Trace, theme: str = "light", labels: str = "letters") -> str:
    """The tree after the search: returned values beside the nodes, unexamined parts dashed."""
    state = replay(trace)
    tree = trace.tree
    values: dict[Path, str] = {}
    dimmed: set[Path] = set()
    for node in tree.preorder():
        seen = state.node(node.path)
        if seen.status == DONE and not node.is_leaf and seen.value is not None:
            values[node.path] = _SIGN.get(seen.bound or "exact", "") + number_text(seen.value)
        elif seen.status != DONE:
            dimmed.add(node.path)
    return _svg(tree, theme, labels, values=values, dimmed=dimmed, title=f"The tree after {trace.algorithm}")


def _svg(tree: Tree, theme: str, labels: str, *, values: dict[Path, str], dimmed: set[Path], title: str) -> str:
    colors = _THEMES.get(theme, _THEMES["light"])
    place = layout(tree).positions
    extra = 24 if values else 0
    width = int(max(x for x, _ in place.values()) * _DX + 2 * _MARGIN + extra)
    height = int(tree.height * _DY + 2 * _MARGIN)

    def xy(path: Path) -> tuple[float, float]:
        x, y = place[path]
        return _MARGIN + x * _DX, _MARGIN + y * _DY

    out = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
            f'role="img" aria-label={quoteattr(title)} font-family="Helvetica, Arial, sans-serif" font-size="12">'
        ),
        f"<title>{escape(title)}</title>",
    ]
    # Edges first, so the shapes cover their ends.
    for node in tree.preorder():
        px, py = xy(node.path)
        for child in node.children:
            cx, cy = xy(child.path)
            faint = child.path in dimmed
            stroke = colors["muted"] if faint else colors["ink"]
            dash = ' stroke-dasharray="4 3"' if faint else ""
            out.append(f'<line x1="{_fmt(px)}" y1="{_fmt(py + _R)}" x2="{_fmt(cx)}" y2="{_fmt(cy - _R)}" stroke="{stroke}"{dash}/>')
            if node.type == "chance" and child.p is not None:
                mx, my = (px + cx) / 2, (py + _R + cy - _R) / 2
                anchor = "end" if cx < px else "start" if cx > px else "middle"
                shift = -4 if cx < px else 4 if cx > px else 0
                out.append(
                    f'<text x="{_fmt(mx + shift)}" y="{_fmt(my)}" text-anchor="{anchor}" font-size="10" '
                    f'fill="{colors["accent"]}">{escape(number_text(child.p))}</text>'
                )
    for node in tree.preorder():
        out.extend(_node(node, *xy(node.path), colors, node.path in dimmed, values.get(node.path), labels))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _node(node: Node, x: float, y: float, colors: dict[str, str], faint: bool, value: str | None, labels: str) -> list[str]:
    stroke = colors["muted"] if faint else colors["ink"]
    style = f'fill="{colors["fill"]}" stroke="{stroke}" stroke-width="1.5"' + (' stroke-dasharray="4 3"' if faint else "")
    r = _R
    parts: list[str] = []
    if node.type == "max":
        parts.append(f'<polygon points="{_fmt(x)},{_fmt(y - r)} {_fmt(x + r)},{_fmt(y + r * 0.8)} {_fmt(x - r)},{_fmt(y + r * 0.8)}" {style}/>')
    elif node.type == "min":
        parts.append(f'<polygon points="{_fmt(x - r)},{_fmt(y - r * 0.8)} {_fmt(x + r)},{_fmt(y - r * 0.8)} {_fmt(x)},{_fmt(y + r)}" {style}/>')
    elif node.type == "chance":
        parts.append(f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="{r}" {style}/>')
    else:
        parts.append(f'<rect x="{_fmt(x - r)}" y="{_fmt(y - r)}" width="{2 * r}" height="{2 * r}" {style}/>')
        parts.append(
            f'<text x="{_fmt(x)}" y="{_fmt(y + 4)}" text-anchor="middle" fill="{stroke}">{escape(number_text(node.value))}</text>'
        )
    if labels != "none":
        name = node.label if labels == "letters" else (node.path_text or "root")
        # A leaf's label stands above it (leaves sit close together); others' at their upper left.
        lx, ly, anchor = (x, y - r - 3, "middle") if node.is_leaf else (x - r - 2, y - r + 1, "end")
        parts.append(
            f'<text x="{_fmt(lx)}" y="{_fmt(ly)}" text-anchor="{anchor}" font-weight="bold" font-size="11" '
            f'fill="{stroke}" stroke="{colors["fill"]}" stroke-width="3" paint-order="stroke">{escape(name)}</text>'
        )
    if value is not None:
        parts.append(
            f'<text x="{_fmt(x + r + 3)}" y="{_fmt(y + 4)}" fill="{colors["accent"]}" font-weight="bold">{escape(value)}</text>'
        )
    return parts
