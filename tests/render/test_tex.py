"""Escaping text for LaTeX: the sheets' and TikZ figures' escaper, and the Beamer notes' one."""

from __future__ import annotations

from tracer.render.tex import latex_escape, tex_escape


def test_tex_escape():
    assert tex_escape("a_b & 50% #1 {x} ~ ^ \\ <= ≤ ∞") == (
        r"a\_b \& 50\% \#1 \{x\} \textasciitilde{} \textasciicircum{} \textbackslash{} \textless{}= $\le$ $\infty$"
    )


def test_latex_escape():
    assert latex_escape('a "b" {c} <d> & e_f \\ g % $ # ^ ~') == (
        'a "b" \\{c\\} \\textless{}d\\textgreater{} \\& e\\_f \\textbackslash{} g \\% \\$ \\# \\textasciicircum{} \\textasciitilde{}'
    )
    assert latex_escape("Ä ≤ ∞ 漢") == "Ä $\\leq$ $\\infty$ ?"
