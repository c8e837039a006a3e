"""The one door from exercises to figures (:mod:`tracer.render`).

Sheets show the bare tree (leaf values and letter labels, no search state); keys show
the tree after the search, and a self-contained player that steps through every frame.
LaTeX sheets draw the same trees with TikZ, and escape their text as the figures do.

The renderer is imported when a figure is first drawn, not with :mod:`tracer.exercises`.
"""

from __future__ import annotations

from typing import Any

from tracer.game.model import Tree
from tracer.trace.model import Trace

__all__ = ["final_svg", "final_tikz", "noisy_mark", "steps_html", "tex_escape", "tree_svg", "tree_tikz"]


def tree_svg(tree: Tree, theme: str = "light", labels: str = "letters", static_values: bool = False, noisy_marks: bool = False) -> str:
    """The tree as a sheet shows it: no search state, leaf values and labels (with ``static_values``
    internal nodes' static values beside them, with ``noisy_marks`` noisy moves marked)."""
    from tracer.render import tree_svg as draw

    return draw(tree, theme=theme, labels=labels, static_values=static_values, noisy_marks=noisy_marks)


def noisy_mark() -> str:
    """The mark :func:`tree_svg` writes beside a noisy move, for the sheet's legend."""
    from tracer.render.scene import NOISY_MARK

    return NOISY_MARK


def final_svg(trace: Trace, theme: str = "light", labels: str = "letters") -> str:
    """The tree as the key shows it: the values the search returned, what it never examined."""
    from tracer.render import final_svg as draw

    return draw(trace, theme=theme, labels=labels)


def steps_html(trace: Trace, title: str) -> str:
    """A page that plays the search step by step: the one player of ``tracer render --html``
    (buttons, slider, keys, the final figure), in one file that works offline."""
    from tracer.render.figure import Figure
    from tracer.render.html_player import player_html

    return player_html(Figure(trace, theme="light", labels="letters"), title=title)


def tree_tikz(tree: Tree, static_values: bool = False, noisy_marks: bool = False) -> str:
    """The bare tree in TikZ, for a LaTeX sheet (``static_values`` and ``noisy_marks`` as :func:`tree_svg`)."""
    from tracer.render.tikz import tikz_tree

    return tikz_tree(tree, static_values=static_values, noisy_marks=noisy_marks)


def final_tikz(trace: Trace) -> str:
    """The tree after the search in TikZ, for a LaTeX key."""
    from tracer.render.tikz import tikz_final

    return tikz_final(trace)


def tex_escape(text: Any) -> str:
    """Text made safe for LaTeX, as the TikZ figures escape it (see :mod:`tracer.render.tex`)."""
    from tracer.render.tex import tex_escape as escape

    return escape(text)
