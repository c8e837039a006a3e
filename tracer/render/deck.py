"""What a lecture deck of a search shows, whichever program presents it.

A :class:`Deck` holds what the PowerPoint deck (:mod:`~tracer.render.powerpoint`) and the
reveal.js deck (:mod:`~tracer.render.revealjs`) both show, slide by slide
(:class:`DeckSlide`):

1. a title slide: the search and its tree or game in the title, the algorithm and its
   conventions in a line under the bare tree, and in the speaker notes the conventions
   sentence by sentence and the whole pseudocode listing;
2. one slide per chosen step (``--steps``; ``key`` unless told): the step as the slide's
   title (``Step 24 of 45``), the figure, the step's caption as text under it, and as
   speaker notes the caption and the line of pseudocode the step executes
   (:mod:`tracer.trace.pseudocode`);
3. the final figure, with its caption;
4. the storyboard: the chosen steps as lettered panels, the captions in the notes.

The figures are drawn for the deck's *picture area* (a :class:`~tracer.render.slide.SlidePreset`
the size of the room between the title and the caption), without the header band (the
slide's title says the step) and without a printed caption (the slide's text holds it, where
it can be edited): the texts reach the preset's minimum sizes (values 14 pt, others 11 pt)
as the picture is shown on the slide, not on a slide of its own. On a slide smaller than the
usual 7.5 in tall (Google Slides' 10 x 5.625 in) every size scales with it, as the slide does
when it is shown full-screen (:class:`Geometry`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path as FilePath
from typing import Any

from tracer.errors import InputError, Option
from tracer.render.document import compose
from tracer.render.errors import FigureTooLarge
from tracer.render.exports import picture_dot
from tracer.render.figure import Figure
from tracer.render.header import header_left, header_right
from tracer.render.html_player import figure_title
from tracer.render.slide import SLIDES, SlidePreset, Viewport
from tracer.render.steps import every_that_fits, select_steps
from tracer.render.storyboard import panel_letter, storyboard_viewport
from tracer.render.svg import Group
from tracer.render.visuals import plain_visuals
from tracer.trace.model import Trace
from tracer.trace.pseudocode import pseudocode_for, step_lines
from tracer.words import conventions_lines, count, say, say_n

__all__ = ["MAX_SLIDES", "Deck", "DeckResult", "DeckSlide", "Geometry", "caption_size", "check_slide", "geometry", "slide_geometry"]

MAX_SLIDES = 500
"""Most step slides one deck holds; more ask for --steps key or every:N."""


@dataclass(frozen=True)
class Geometry:
    """Where things go on a slide ``width`` x ``height`` inches, from its top left corner: the
    title's box, the picture area and the text box under it (left, top, width, height each)."""

    width: float
    height: float
    title: tuple[float, float, float, float]
    picture: tuple[float, float, float, float]
    text: tuple[float, float, float, float]

    @property
    def scale(self) -> float:
        """The slide's height over a standard slide's (7.5 in): a slide shown full-screen fills
        the screen's height, so sizes in points count this much (0.75 on a 10 x 5.625 in slide)."""
        return self.height / STANDARD_HEIGHT

    @property
    def name(self) -> str:
        """``16:9``, ``4:3`` or the size in inches."""
        for name, preset in SLIDES.items():
            if abs(self.width / self.height - preset.aspect) < 0.01:
                return name
        return f"{self.width:g} × {self.height:g} in"

    @property
    def tall(self) -> tuple[float, float, float, float]:
        """The picture area and the text box under it, for a picture without text (the storyboard)."""
        left, top, width, _ = self.picture
        return left, top, width, self.text[1] + self.text[3] - top

    def area(self, *, tall: bool = False) -> SlidePreset:
        """The picture area (``tall``: with the text box) as a slide preset: figures are sized to
        be read at this size, their minimum text sizes scaled as the slide is."""
        box = self.tall if tall else self.picture
        base = SLIDES["16:9"]
        return SlidePreset(self.name, box[2], box[3], base.min_value_pt * self.scale, base.min_text_pt * self.scale)

    def picture_box(self, slide: DeckSlide) -> tuple[float, float, float, float]:
        """Where ``slide``'s picture goes: the picture area, or for the storyboard (no text under
        it) the area and the text box."""
        return self.tall if slide.kind == "storyboard" else self.picture


STANDARD_HEIGHT = 7.5
"""Inches of a standard slide's height (PowerPoint's, Keynote's and Beamer's 16:9 and 4:3)."""


def geometry(width: float, height: float, title_bottom: float | None = None) -> Geometry:
    """A slide ``width`` x ``height`` inches: a title band at the top (ending at ``title_bottom``
    when a template's title placeholder says where), the picture under it, and under the
    picture a text box for captions of up to three lines; margins and boxes scale with the
    slide's height."""
    k = height / STANDARD_HEIGHT
    margin = 0.5 * k
    inner = width - 2 * margin
    title = (margin, 0.3 * k, inner, 0.8 * k)
    top = (title_bottom if title_bottom is not None else title[1] + title[3]) + 0.1 * k
    text_height = 1.15 * k
    text_top = height - 0.25 * k - text_height
    picture = (margin, top, inner, max(text_top - 0.05 * k - top, 1.0 * k))
    return Geometry(width, height, title, picture, (margin, text_top, inner, text_height))


def slide_geometry(slide: str | None) -> Geometry:
    """The geometry of a deck on a ``16:9`` (the default) or ``4:3`` slide."""
    preset = SLIDES[slide or "16:9"]
    return geometry(preset.width_in, preset.height_in)


@dataclass(frozen=True)
class DeckSlide:
    """One slide: ``kind`` (``title``, ``step``, ``final``, ``storyboard``), its ``title``,
    the ``text`` shown under its picture (paragraphs), its speaker ``notes`` (paragraphs)
    and, on a step's slide, the ``step``."""

    kind: str
    title: str
    text: tuple[str, ...]
    notes: tuple[str, ...]
    step: int | None = None


@dataclass
class DeckResult:
    """What a deck writer wrote: the ``path`` (the deck, or a reveal.js deck's ``index.html``),
    its number of ``slides`` and of ``steps`` shown, ``notes`` (what the figures could not do: a
    tree cut, or too wide for the slide) and the pixel size of each picture (PowerPoint's)."""

    path: FilePath
    slides: int = 0
    steps: int = 0
    notes: list[str] = field(default_factory=list)
    pictures: list[tuple[int, int]] = field(default_factory=list)


class Deck:
    """The slides of a search of ``trace``: the chosen ``steps`` (a ``--steps`` specification)
    drawn for the picture area of ``geometry`` (a ``slide``'s, 16:9 unless given); ``captions`` False
    leaves the captions out of the slides' text (they stay in the notes). Other options are
    :class:`~tracer.render.figure.Figure`'s (theme, labels, legend, focus, ...); the header
    band and printed captions are never drawn: the slides' titles and texts hold them."""

    def __init__(
        self, trace: Trace, *, steps: str = "key", geometry: Geometry | None = None, slide: str | None = None,
        captions: bool = True, max_slides: int = MAX_SLIDES, **options: Any,
    ) -> None:
        self.geometry = geometry if geometry is not None else slide_geometry(slide)
        self.trace = trace
        self.total = len(trace)
        chosen = select_steps(trace, steps)
        if chosen is not None and len(chosen) > max_slides:
            every = every_that_fits(trace, max_slides)
            fewer = (Option("steps", "key"),) + ((Option("steps", f"every:{every}"),) if every is not None else ())
            raise FigureTooLarge(
                say("deck.slides.many", "{n} steps are more slides than the {most} one deck holds", n=count(len(chosen)), most=max_slides),
                hint=say("deck.slides.fewer", "choose fewer with {{0}} or {{1}}") if every is not None
                else say("deck.slides.fewer.key", "choose fewer with {{0}}"),
                options=fewer,
            )
        self.steps: list[int] = chosen or []
        self.panels: list[int] = self.steps or [self.total]
        self.captions_shown = captions
        self.figure = Figure(trace, slide=self.geometry.area(), header=False, captions=False, **options)

    # -- what each slide says -----------------------------------------------------------------------
    @cached_property
    def slides(self) -> list[DeckSlide]:
        """Every slide in order: title, the steps, the final figure, the storyboard."""
        trace, figure = self.trace, self.figure
        captions = figure.captions()
        code = pseudocode_for(trace)
        lines = step_lines(trace, code)
        conventions = trace.settings.conventions
        listing = say("deck.notes.pseudocode", "Pseudocode ({title}):", title=code.title)
        slides = [DeckSlide(
            "title", figure_title(figure), (header_right(trace),),
            (*conventions_lines(trace.algorithm, conventions.prune_on_equal, conventions.fail), listing + "\n" + code.text()),
        )]
        for step in self.steps:
            notes = [say("deck.notes.step", "Step {step} of {total}: {caption}", step=step, total=self.total, caption=captions[step])]
            line = lines[step - 1] if step > 0 else None
            if line is not None:
                notes.append(say("deck.notes.line", "Pseudocode: {line}", line=code.lines[line].text))
            text = (captions[step],) if self.captions_shown else ()
            slides.append(DeckSlide("step", header_left(step, self.total), text, tuple(notes), step))
        final = figure.final_caption()
        slides.append(DeckSlide("final", header_left(None, None), (final,) if self.captions_shown else (), (final,)))
        panels = tuple(
            say("deck.notes.panel", "({letter}) step {step}: {caption}", letter=panel_letter(index), step=step, caption=captions[step])
            for index, step in enumerate(self.panels)
        )
        title = say_n("deck.storyboard.title", "The search in {n} panel", "The search in {n} panels", len(self.panels), n=len(self.panels))
        slides.append(DeckSlide("storyboard", title, (), panels))
        return slides

    # -- what each slide draws ------------------------------------------------------------------
    def pictures(self) -> Iterator[tuple[DeckSlide, float, float, list[Group], Viewport]]:
        """Each slide's picture in order: (slide, canvas width, canvas height, groups, viewport)."""
        figure = self.figure
        scene = figure.scene
        by_step = {step: (height, groups) for step, height, groups in figure.pictures(self.steps)} if self.steps else {}
        for slide in self.slides:
            if slide.kind == "title":
                nodes, edges = plain_visuals(scene.plan)
                height, groups = compose(scene, nodes, edges, header=False, caption=None)
            elif slide.kind == "step":
                assert slide.step is not None
                height, groups = by_step[slide.step]
            elif slide.kind == "final":
                height, groups = figure.final_picture()
            else:
                width, height, groups = figure.storyboard_picture(self.panels)
                yield slide, width, height, groups, storyboard_viewport(figure, width, height, self.geometry.area(tall=True))
                continue
            yield slide, figure.width, height, groups, scene.viewport(height)

    def dot_sources(self) -> list[str]:
        """Each slide's picture as a pinned Graphviz source at the picture area's size."""
        return [
            picture_dot(width, height, groups, self.figure.theme, viewport=viewport)
            for _, width, height, groups, viewport in self.pictures()
        ]

    def svgs(self) -> list[str]:
        """Each slide's picture as an SVG document at the picture area's size."""
        figure = self.figure
        frames = dict(figure.frames(self.steps)) if self.steps else {}
        out = []
        for slide in self.slides:
            if slide.kind == "title":
                out.append(figure.plain(None))
            elif slide.kind == "step":
                assert slide.step is not None
                out.append(frames[slide.step])
            elif slide.kind == "final":
                out.append(figure.final())
            else:
                out.append(figure.storyboard(self.panels))
        return out

    def notes(self) -> list[str]:
        """What the figure could not do on the deck's slides (see :func:`tracer.render.output.slide_notes`)."""
        from tracer.render.fit import fit_message

        return list(self.figure.plan.notes) + ([] if self.figure.slide_fits else [fit_message(self.figure, self.trace)])


CAPTION_SIZES = (20, 18, 16, 14)
"""Point sizes a caption may take on a 7.5 in tall slide, the largest that fits its box first."""


def caption_size(paragraphs: Sequence[str], width_in: float, height_in: float, scale: float = 1.0) -> float:
    """The largest of CAPTION_SIZES (times ``scale``, the slide's) at which ``paragraphs`` fit a
    box (an average letter is taken as half its size wide, a line as 1.2 times its size tall).

    >>> caption_size(["x" * 80], 12.33, 1.15), caption_size(["x" * 400], 12.33, 1.15)
    (20.0, 16.0)
    """
    sizes = [round(size * scale * 2) / 2 for size in CAPTION_SIZES]
    for size in sizes:
        per_line = max(1, int(width_in * 72 / (0.5 * size)))
        lines = sum(-(-max(len(text), 1) // per_line) for text in paragraphs)
        if lines * size * 1.2 <= height_in * 72:
            return size
    return sizes[-1]


def check_slide(slide: str | None) -> None:
    """InputError for a slide that is neither 16:9 nor 4:3."""
    if slide is not None and slide not in SLIDES:
        raise InputError(say("deck.slide.unknown", "unknown slide {name}", name=repr(slide)), hint=say("deck.slide.hint", "use 16:9 or 4:3"))
