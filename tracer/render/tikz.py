r"""Trees drawn with plain TikZ, for the LaTeX exercise sheets and keys.

The figures use only TikZ's core (no ``forest``, no libraries), so they compile with
any TeX installation that has TikZ; a figure wider than the text is scaled down with
``\resizebox`` (graphicx). They have their own small layout (:func:`column_layout`):
one column per leaf, one row per level.

>>> from tracer import parse_tree
>>> column_layout(parse_tree("[[3, 12], [2]]")).positions[(0,)]
(0.5, 1)
"""

from __future__ import annotations

from dataclasses import dataclass

from tracer.game.model import NodePath, Tree
from tracer.render.scene import NOISY_MARK
from tracer.render.tex import tex_escape
from tracer.trace.model import Trace
from tracer.trace.replay import Replayer
from tracer.trace.state import DONE
from tracer.words import bounded, number

__all__ = ["ColumnLayout", "column_layout", "tikz_final", "tikz_tree"]

_DX, _DY, _TEXT_WIDTH_CM = 0.9, 1.5, 15.5


@dataclass(frozen=True)
class ColumnLayout:
    """Each node's (column, row): leaves in columns 0, 1, 2, ..., rows by depth."""

    positions: dict[NodePath, tuple[float, int]]
    columns: int
    rows: int

    @property
    def width(self) -> float:
        """Distance between the leftmost and the rightmost column (0 for one leaf)."""
        return float(self.columns - 1)


def column_layout(tree: Tree) -> ColumnLayout:
    """Leaves take the columns 0, 1, 2, ... in left-to-right order; an internal node sits
    midway between its first and last child; the row is the depth."""
    positions: dict[NodePath, tuple[float, int]] = {}
    column = 0
    # Leaves first, left to right; then internal nodes, deepest first.
    for node in tree.preorder():
        if node.is_leaf:
            positions[node.path] = (float(column), node.depth)
            column += 1
    for node in sorted((n for n in tree.preorder() if not n.is_leaf), key=lambda n: -n.depth):
        first = positions[node.children[0].path][0]
        last = positions[node.children[-1].path][0]
        positions[node.path] = ((first + last) / 2, node.depth)
    return ColumnLayout(positions, column, tree.height + 1)


def _f(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def tikz_tree(tree: Tree, *, static_values: bool = False, noisy_marks: bool = False) -> str:
    """The bare tree: shapes, letter labels, leaf values, chance probabilities; with
    ``static_values`` each internal node's static value beside it, with ``noisy_marks`` a
    :data:`~tracer.render.scene.NOISY_MARK` on each noisy move's edge (as the SVG sheet draws them,
    for exercises on depth-limited and quiescence search)."""
    static = {
        node.path: tex_escape(number(node.value)) for node in tree.preorder() if static_values and not node.is_leaf and node.value is not None
    }
    noisy = {node.children[i].path for node in tree.preorder() for i in node.noisy or ()} if noisy_marks else set()
    return _tikz(tree, values={}, dimmed=set(), static=static, noisy=noisy)


def tikz_final(trace: Trace) -> str:
    """The tree after the search: returned values beside the nodes, unexamined parts dashed."""
    state = Replayer(trace).run()
    values: dict[NodePath, str] = {}
    dimmed: set[NodePath] = set()
    for node in trace.tree.preorder():
        status = state.status_of(node.path)
        if status == DONE and not node.is_leaf:
            values[node.path] = tex_escape(bounded(*state.value[node.path]))
        elif status != DONE:
            dimmed.add(node.path)
    return _tikz(trace.tree, values=values, dimmed=dimmed)


def _tikz(
    tree: Tree, *, values: dict[NodePath, str], dimmed: set[NodePath], static: dict[NodePath, str] | None = None,
    noisy: set[NodePath] | None = None,
) -> str:
    static, noisy = static or {}, noisy or set()
    shape = column_layout(tree)
    place = {path: (x * _DX, -y * _DY) for path, (x, y) in shape.positions.items()}
    lines = [r"\begin{tikzpicture}[line width=0.6pt]"]
    for node in tree.preorder():
        px, py = place[node.path]
        for child in node.children:
            cx, cy = place[child.path]
            style = "[dashed,gray]" if child.path in dimmed else ""
            lines.append(rf"\draw{style} ({_f(px)},{_f(py - 0.25)}) -- ({_f(cx)},{_f(cy + 0.25)});")
            if child.path in noisy:  # a third of the way down, clear of a chance probability at the middle
                lines.append(
                    rf"\node[font=\small\bfseries,fill=white,inner sep=0.5pt] at ({_f(px + (cx - px) / 3)},{_f(py + (cy - py) / 3)}) "
                    rf"{{{tex_escape(NOISY_MARK)}}};"
                )
            if node.type == "chance" and child.p is not None:
                lines.append(
                    rf"\node[font=\scriptsize,fill=white,inner sep=1pt] at ({_f((px + cx) / 2)},{_f((py + cy) / 2)}) "
                    rf"{{{tex_escape(number(child.p))}}};"
                )
    for node in tree.preorder():
        x, y = place[node.path]
        faint = node.path in dimmed
        style = "[dashed,gray,fill=white]" if faint else "[fill=white]"
        if node.type == "max":
            lines.append(rf"\filldraw{style} ({_f(x)},{_f(y + 0.27)}) -- ({_f(x + 0.3)},{_f(y - 0.22)}) -- ({_f(x - 0.3)},{_f(y - 0.22)}) -- cycle;")
        elif node.type == "min":
            lines.append(rf"\filldraw{style} ({_f(x)},{_f(y - 0.27)}) -- ({_f(x + 0.3)},{_f(y + 0.22)}) -- ({_f(x - 0.3)},{_f(y + 0.22)}) -- cycle;")
        elif node.type == "chance":
            lines.append(rf"\filldraw{style} ({_f(x)},{_f(y)}) circle (0.25);")
        else:
            color = ",draw=gray,text=gray,dashed" if faint else ""
            lines.append(
                rf"\node[draw,fill=white,minimum size=6mm,inner sep=1pt{color}] at ({_f(x)},{_f(y)}) "
                rf"{{{tex_escape(number(node.value))}}};"
            )
        color = ",gray" if faint else ""
        if node.is_leaf:
            anchor, lx, ly = "south", x, y + 0.3
        else:
            anchor, lx, ly = "south east", x - 0.22, y + 0.12
        lines.append(
            rf"\node[anchor={anchor},font=\footnotesize\bfseries{color}] at ({_f(lx)},{_f(ly)}) {{{tex_escape(node.label)}}};"
        )
        if node.path in static:
            lines.append(rf"\node[anchor=west,font=\small] at ({_f(x + 0.3)},{_f(y)}) {{{static[node.path]}}};")
        if node.path in values:
            lines.append(rf"\node[anchor=west,font=\small\bfseries,text=blue!60!black] at ({_f(x + 0.3)},{_f(y)}) {{{values[node.path]}}};")
    lines.append(r"\end{tikzpicture}")
    body = "\n".join(lines)
    if shape.width * _DX + 1.5 > _TEXT_WIDTH_CM:
        body = "\\resizebox{\\linewidth}{!}{%\n" + body + "%\n}"
    return body + "\n"
