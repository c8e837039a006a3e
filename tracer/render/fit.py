"""When a figure does not fit a slide: what would, tried rather than guessed.

:func:`fitting_options` draws the figure again with each remedy a lecturer can ask
for (a focus view on the best move's subtree, fewer levels with ``max_depth``) under
the same slide preset, and keeps those that meet its minimum text sizes;
:func:`fit_message` says so in one sentence, naming ``tracer render``'s options (the
CLI prints it as a note, the manifest records the sizes reached). A figure drawn
without a preset that would be unreadable on a slide gets :func:`slide_hint`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tracer.render.errors import FigureTooLarge
from tracer.trace.model import Trace
from tracer.words import number, say

if TYPE_CHECKING:
    from tracer.render.figure import Figure

__all__ = ["FitOption", "fit_message", "fitting_options", "slide_hint"]


@dataclass(frozen=True)
class FitOption:
    """A remedy that makes a figure fit its slide: the option (``focus``, ``max_depth``),
    its value, and the smallest value text it reaches on the slide (points)."""

    option: str
    value: str
    smallest_value: float

    def as_cli(self) -> str:
        """The remedy as ``tracer render`` spells it: ``--focus auto``, ``--max-depth 1``."""
        return f"--{self.option.replace('_', '-')} {self.value}"


def _tried(figure: Figure, trace: Trace, **changes: object) -> Figure | None:
    from tracer.render.figure import Figure

    options: dict[str, object] = {
        "theme": figure.theme, "labels": figure.labels, "max_depth": figure.max_depth, "collapse": figure.collapse,
        "order_numbers": figure.order_numbers, "slide": figure.slide, "header": figure.scene.header,
        "captions": figure.scene.captions_drawn, "legend": figure.scene.legend, "font_scale": figure.requested_font_scale,
        "pruned_values": figure.pruned_values, "focus": figure.focus,
    }
    # compact and wrap are the slide's to choose again
    options.update(changes)
    try:
        return Figure(trace, **options)  # type: ignore[arg-type]
    except FigureTooLarge:
        return None


def fitting_options(figure: Figure, trace: Trace) -> list[FitOption]:
    """The remedies that make ``figure`` (drawn with a slide preset) fit its slide."""
    found: list[FitOption] = []
    if figure.focus is None:
        tried = _tried(figure, trace, focus="auto")
        if tried is not None and tried.slide_fits:
            found.append(FitOption("focus", "auto", round(tried.smallest_on_slide(figure.slide or "16:9")[0], 1)))
    deepest = max(node.depth for node in figure.plan.nodes)
    for depth in range(deepest - 1, 0, -1):
        tried = _tried(figure, trace, max_depth=depth)
        if tried is not None and tried.slide_fits:
            found.append(FitOption("max_depth", str(depth), round(tried.smallest_on_slide(figure.slide or "16:9")[0], 1)))
            break
    return found


def fit_message(figure: Figure, trace: Trace) -> str:
    """One sentence: how small the texts of a figure that does not fit its slide are, and what fits."""
    assert figure.slide is not None
    value, other = figure.smallest_on_slide(figure.slide)
    text = say(
        "render.fit.small",
        "the figure is too wide for a {slide} slide: filling it, its values would be {value} pt and its smallest text "
        "{other} pt (at least {need_value} and {need_other} pt are needed)",
        slide=figure.slide.name, value=number(round(value, 1)), other=number(round(other, 1)),
        need_value=number(figure.slide.min_value_pt), need_other=number(figure.slide.min_text_pt),
    )
    options = fitting_options(figure, trace)
    if options:
        remedies = [
            say("render.fit.option", "{option} (values {value} pt)", option=option.as_cli(), value=number(option.smallest_value))
            for option in options
        ]
        return text + "; " + say("render.fit.these", "these fit: {options}", options=_either(remedies))
    return text + "; " + say(
        "render.fit.none",
        "neither --focus auto nor --max-depth makes it fit: draw one subtree per slide with --focus NODE, or show fewer levels",
    )


def _either(words: list[str]) -> str:
    if len(words) == 1:
        return words[0]
    return say("render.fit.or", "{first} or {last}", first=", ".join(words[:-1]), last=words[-1])


def slide_hint(figure: Figure) -> str | None:
    """For a figure drawn without a slide preset whose step frames, filling a 16:9 slide,
    would have values under 14 pt or other text under 11 pt: a sentence saying so and
    pointing to ``--slide``, which names what fits (None for a figure that reads well)."""
    from tracer.render.slide import SLIDES

    slide = SLIDES["16:9"]
    if figure.trace is None:
        return None
    value, other = figure.scene.smallest_on_slide(slide, final=False)
    if value >= slide.min_value_pt and other >= slide.min_text_pt:
        return None
    return say(
        "render.fit.hint",
        "filling a 16:9 slide, this figure's values would be {value} pt and its smallest text {other} pt "
        "(14 and 11 pt read well): use --slide 16:9, which makes it fit or names the options that do",
        value=number(round(value, 1)), other=number(round(other, 1)),
    )
