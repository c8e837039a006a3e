r"""LaTeX for sheets and keys: escaping text, and trees drawn with plain TikZ.

The figures use only TikZ's core (no ``forest``, no libraries), with the coordinates of
:mod:`tracer.exercises.layout`, so they compile with any TeX installation that has
TikZ; a figure wider than the text is scaled down with ``\resizebox`` (graphicx).

>>> print(tex_escape("50% & x_1 <= 2 {#} ≤ ∞ ~ \\"))
50\% \& x\_1 \textless{}= 2 \{\#\} $\le$ $\infty$ \textasciitilde{} \textbackslash{}
"""

from __future__ import annotations

from typing import Any

from tracer.exercises.layout import layout
from tracer.game.model import Path, Tree
from tracer.trace.model import Trace
from tracer.trace.replay import DONE, Replayer
from tracer.words import bounded, number

__all__ = ["tex_escape", "tikz_final", "tikz_tree"]

_TEX = {
    "\\": r"\textbackslash{}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "{": r"\{",
    "}": r"\}",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
    "<": r"\textless{}",
    ">": r"\textgreater{}",
    "|": r"\textbar{}",
    "≤": r"$\le$",
    "≥": r"$\ge$",
    "∞": r"$\infty$",
    "×": r"$\times$",
    "α": r"$\alpha$",
    "β": r"$\beta$",
    "−": "-",
    "–": "--",
    "—": "---",
    "\u00a0": "~",
}


def tex_escape(text: Any) -> str:
    """Text made safe for LaTeX: special characters escaped, a few symbols as math."""
    return "".join(_TEX.get(char, char) for char in str(text))


_DX, _DY, _TEXT_WIDTH_CM = 0.9, 1.5, 15.5


def _f(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def tikz_tree(tree: Tree) -> str:
    """The bare tree: shapes, letter labels, leaf values, chance probabilities."""
    return _tikz(tree, values={}, dimmed=set())


def tikz_final(trace: Trace) -> str:
    """The tree after the search: returned values beside the nodes, unexamined parts dashed."""
    state = Replayer(trace).run()
    values: dict[Path, str] = {}
    dimmed: set[Path] = set()
    for node in trace.tree.preorder():
        status = state.status_of(node.path)
        if status == DONE and not node.is_leaf:
            values[node.path] = tex_escape(bounded(*state.value[node.path]))
        elif status != DONE:
            dimmed.add(node.path)
    return _tikz(trace.tree, values=values, dimmed=dimmed)


def _tikz(tree: Tree, *, values: dict[Path, str], dimmed: set[Path]) -> str:
    shape = layout(tree)
    place = {path: (x * _DX, -y * _DY) for path, (x, y) in shape.positions.items()}
    lines = [r"\begin{tikzpicture}[line width=0.6pt]"]
    for node in tree.preorder():
        px, py = place[node.path]
        for child in node.children:
            cx, cy = place[child.path]
            style = "[dashed,gray]" if child.path in dimmed else ""
            lines.append(rf"\draw{style} ({_f(px)},{_f(py - 0.25)}) -- ({_f(cx)},{_f(cy + 0.25)});")
            if node.type == "chance" and child.p is not None:
                lines.append(
                    rf"\node[font=\scriptsize,fill=white,inner sep=1pt] at ({_f((px + cx) / 2)},{_f((py + cy) / 2)}) "
                    rf"{{{tex_escape(number(child.p))}}};"
                )
    for node in tree.preorder():
        x, y = place[node.path]
        faint = node.path in dimmed
        style = "dashed,gray,fill=white" if faint else "fill=white"
        if node.type == "max":
            lines.append(rf"\filldraw[{style}] ({_f(x)},{_f(y + 0.27)}) -- ({_f(x + 0.3)},{_f(y - 0.22)}) -- ({_f(x - 0.3)},{_f(y - 0.22)}) -- cycle;")
        elif node.type == "min":
            lines.append(rf"\filldraw[{style}] ({_f(x)},{_f(y - 0.27)}) -- ({_f(x + 0.3)},{_f(y + 0.22)}) -- ({_f(x - 0.3)},{_f(y + 0.22)}) -- cycle;")
        elif node.type == "chance":
            lines.append(rf"\filldraw[{style}] ({_f(x)},{_f(y)}) circle (0.25);")
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
        if node.path in values:
            lines.append(rf"\node[anchor=west,font=\small\bfseries,text=blue!60!black] at ({_f(x + 0.3)},{_f(y)}) {{{values[node.path]}}};")
    lines.append(r"\end{tikzpicture}")
    body = "\n".join(lines)
    if shape.width * _DX + 1.5 > _TEXT_WIDTH_CM:
        body = "\\resizebox{\\linewidth}{!}{%\n" + body + "%\n}"
    return body + "\n"
