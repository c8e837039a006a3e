"""The text sizes figures reach on a slide: the README's table, measured, not guessed.

Run: ``python bench/figure_sizes.py`` (prints the Markdown table the README's "Figures"
section holds between its ``sizes`` markers; ``tests/render/test_figure_sizes.py``
checks that the README's copy is this script's output). Each figure is drawn as
``tracer render`` draws it, and its SVG is measured with
:func:`tracer.render.slide.smallest_fonts`: the smallest value (a node's v, a leaf's
value) and the smallest other text (labels, windows, moves, counts, header, caption,
legend), in points, with the figure scaled to fit a 16:9 slide (13.33 x 7.5 in) and to
fit a third of its width.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import tracer
from tracer.render import Figure
from tracer.render.slide import SLIDES, smallest_fonts

REPO_ROOT = Path(__file__).resolve().parents[1]
AIMA = "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"
EXERCISE = (REPO_ROOT / "site" / "trees" / "three-by-three.json").read_text(encoding="utf-8")


def binary_tree(depth: int) -> str:
    """A binary tree with 2^depth leaves (values 0..22, scattered)."""
    values = iter(range(2 ** depth))

    def build(level: int) -> str:
        return str(next(values) * 7 % 23) if level == depth else "[" + build(level + 1) + ", " + build(level + 1) + "]"

    return build(0)


def cases() -> list[tuple[str, str, str, str]]:
    """(figure, options, which drawing, SVG) of each row."""
    fig = tracer.alphabeta(AIMA)
    cutoff = next(step for step, event in enumerate(fig, start=1) if event.kind == "cutoff")
    deep = tracer.alphabeta(binary_tree(4))
    ttt = tracer.alphabeta(tracer.make_game("tictactoe"), depth=2)
    exercise = tracer.alphabeta(EXERCISE)
    rows = []
    for options, text in (({}, "(none)"), ({"slide": "16:9"}, "`--slide 16:9`"), ({"font_scale": 1.6}, "`--font-scale 1.6`"),
                          ({"header": False, "captions": False, "font_scale": 1.6}, "`--no-header --no-caption --font-scale 1.6`"),
                          ({"header": False, "captions": False, "compact": True, "font_scale": 2.0},
                           "`--no-header --no-caption --compact --font-scale 2`")):
        figure = Figure(fig, **options)
        rows.append(("AIMA Figure 5.2", text, "step frame (C's cutoff)", figure.frame(cutoff)))
    rows.append(("AIMA Figure 5.2", "(none)", "final figure", Figure(fig).final()))
    for options, text in (({}, "(none)"), ({"slide": "16:9"}, "`--slide 16:9`")):
        rows.append(("binary tree, 4 levels below the root (31 nodes)", text, "last step frame", Figure(deep, **options).frame(len(deep))))
    for options, text in (({}, "(none)"), ({"slide": "16:9"}, "`--slide 16:9` (the leaves wrap)")):
        rows.append(("a 3x3x3 exercise tree (40 nodes)", text, "last step frame", Figure(exercise, **options).frame(len(exercise))))
    for options, text in (({}, "(none)"), ({"slide": "16:9"}, "`--slide 16:9`"), ({"slide": "16:9", "focus": "auto"}, "`--slide 16:9 --focus auto`")):
        rows.append(("tic-tac-toe, depth 2 (82 nodes)", text, "final figure", Figure(ttt, **options).final()))
    return rows


def table() -> str:
    slide = SLIDES["16:9"]
    width, height = slide.width_pt, slide.height_pt
    lines = [
        "| figure | options | drawing | full slide: values / other text | third of a slide: values / other text |",
        "|---|---|---|---|---|",
    ]
    for name, options, drawing, svg in cases():
        full = smallest_fonts(svg, width, height)
        third = smallest_fonts(svg, width / 3, height)
        lines.append(f"| {name} | {options} | {drawing} | {full[0]:.1f} / {full[1]:.1f} pt | {third[0]:.1f} / {third[1]:.1f} pt |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(table(), end="")
