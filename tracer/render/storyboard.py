"""A storyboard: the chosen steps of a search as lettered panels of one figure, as AIMA's
Figure 5.5 shows alpha-beta on Figure 5.2 in panels (a) to (f).

Each panel is a step's frame without its header: the tree as that step leaves it, a
letter, ``(a)``, ``(b)``, ... above it, and (unless the figure prints no captions) the
step's caption under it, wrapped to the panel's width. Panels sit in a grid whose
number of columns brings the whole figure closest to a slide's aspect (the figure's
``slide``, 16:9 otherwise). Every panel is drawn from the one layout, so nodes sit in
the same place in every panel.

:func:`storyboard_picture` gives the panels' groups (for the PNG, PDF and DOT
exports), :func:`storyboard_svg` the SVG document; ``Figure.storyboard(steps)`` and
``tracer render --storyboard`` call them (with ``--steps key`` unless steps are given).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from tracer.render.document import svg_open
from tracer.render.slide import SlidePreset, Viewport
from tracer.render.style import wrap
from tracer.render.svg import Group, Text, group_svg, shifted
from tracer.words import say_n

if TYPE_CHECKING:
    from tracer.render.figure import Figure

__all__ = ["MAX_PANELS", "panel_letter", "storyboard_picture", "storyboard_svg", "storyboard_viewport"]

MAX_PANELS = 26 * 27
"""Most panels a storyboard holds (letters a ... z, then aa ... zz)."""
PANEL_GAP = 18.0
"""Points between two panels."""
MIN_PANEL_WIDTH = 300.0
"""Points a panel is at least as wide (at 15 pt captions), so that its caption wraps onto a few lines."""


def panel_letter(index: int) -> str:
    """The letter of panel ``index`` (0-based): a, b, ..., z, aa, ab, ...

    >>> [panel_letter(i) for i in (0, 5, 25, 26, 27)]
    ['a', 'f', 'z', 'aa', 'ab']
    """
    letters = "abcdefghijklmnopqrstuvwxyz"
    if index < 26:
        return letters[index]
    return letters[index // 26 - 1] + letters[index % 26]


def _columns(count: int, panel_w: float, panel_h: float, aspect: float) -> int:
    """The number of columns whose grid comes closest to ``aspect`` (width / height)."""
    best, best_cost = 1, math.inf
    for columns in range(1, count + 1):
        rows = math.ceil(count / columns)
        width = columns * panel_w + (columns - 1) * PANEL_GAP
        height = rows * panel_h + (rows - 1) * PANEL_GAP
        cost = abs(math.log(width / height) - math.log(aspect))
        if cost < best_cost - 1e-9:
            best, best_cost = columns, cost
    return best


def storyboard_picture(figure: Figure, steps: Sequence[int]) -> tuple[float, float, list[Group]]:
    """The storyboard's canvas (width, height) and its groups, panel after panel."""
    scene = figure.scene
    if not steps:
        raise ValueError("a storyboard needs at least one step")
    if len(steps) > MAX_PANELS:
        raise ValueError(f"a storyboard holds at most {MAX_PANELS} panels, not {len(steps)}")
    s = scene.sizes
    margin = s["margin"]
    letter_size = s["caption"]
    letter_h = letter_size * 1.4
    top = scene.tree_y - margin  # the panel starts where the header band ends
    tree_h = scene.caption_top - top  # tree and legend (a step frame's)
    captions = scene.captions
    # a panel is as wide as the tree (a frame's canvas also makes room for its header), and wide enough for a caption
    panel_w = max(scene.tree_right - scene.tree_left + 2 * margin, MIN_PANEL_WIDTH * s["caption"] / 15)
    left = (scene.tree_left + scene.tree_right) / 2 - panel_w / 2
    wrap_w = panel_w - 2 * margin
    caption_lines = max(len(wrap(captions[step], wrap_w, s["caption"])) for step in steps) if scene.captions_drawn else 0
    panel_h = letter_h + tree_h + caption_lines * scene.caption_line + (margin if caption_lines else 0)
    aspect = figure.slide.aspect if figure.slide is not None else 16 / 9
    columns = _columns(len(steps), panel_w, panel_h, aspect)
    rows = math.ceil(len(steps) / columns)
    width = columns * panel_w + (columns - 1) * PANEL_GAP
    height = rows * panel_h + (rows - 1) * PANEL_GAP
    pictures = {step: groups for step, _, groups in figure.pictures(steps)}
    out: list[Group] = []
    for index, step in enumerate(steps):
        letter = panel_letter(index)
        x0 = (index % columns) * (panel_w + PANEL_GAP)
        y0 = (index // columns) * (panel_h + PANEL_GAP)
        dy = y0 + letter_h - top
        for group in pictures[step]:
            if group.gid in ("head", "caption"):
                continue
            moved = tuple(shifted(item, x0 - left, dy) for item in group.items)
            out.append(Group(f"{letter}-{group.gid}", group.classes, moved))
        words = [Text("panel", x0 + margin, y0 + letter_size * 0.75, f"({letter})", letter_size, "start", True)]
        if caption_lines:
            for number, line in enumerate(wrap(captions[step], wrap_w, s["caption"])):
                cy = y0 + letter_h + tree_h + s["caption"] * 0.75 + number * scene.caption_line
                words.append(Text("caption", x0 + margin, cy, line, s["caption"], "start"))
        out.append(Group(f"{letter}-words", ("fig",), tuple(words)))
    return width, height, out


def storyboard_viewport(figure: Figure, width: float, height: float, slide: SlidePreset | None = None) -> Viewport:
    """The storyboard's viewBox and display size (a slide's, on a slide: the figure's, or ``slide``)."""
    pad = figure.scene.sizes["margin"]
    slide = slide or figure.slide
    if slide is None:
        return Viewport(-pad, -pad, width + 2 * pad, height + 2 * pad, width + 2 * pad, height + 2 * pad)
    inner = slide.viewport(width + 2 * pad, height + 2 * pad)
    return Viewport(inner.x - pad, inner.y - pad, inner.width, inner.height, inner.display_width, inner.display_height)


def storyboard_svg(figure: Figure, steps: Sequence[int]) -> str:
    """The storyboard as one SVG document: a ``<g class="panel">`` per step, lettered (a), (b), ..."""
    width, height, groups = storyboard_picture(figure, steps)
    letters = ", ".join(f"({panel_letter(i)}) {step}" for i, step in enumerate(steps))
    title = say_n("figure.storyboard.title", "The search in {n} panel, step {steps}", "The search in {n} panels, steps {steps}", len(steps), n=len(steps), steps=letters)
    prefix = figure.prefix
    parts = [svg_open(width, height, title, figure.theme, prefix, storyboard_viewport(figure, width, height))]
    current = None
    for group in groups:
        letter = group.gid.split("-", 1)[0]
        if letter != current:
            if current is not None:
                parts.append("</g>")
            parts.append(f'<g id="{prefix}-{letter}" class="panel">')
            current = letter
        parts.append(group_svg(group, figure.theme, prefix))
    if current is not None:
        parts.append("</g>")
    parts.append("</svg>\n")
    return "".join(parts)
