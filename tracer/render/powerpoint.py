"""PowerPoint decks of a search, made with python-pptx: :func:`write_pptx`
(``tracer render INPUT --pptx deck.pptx``, ``--format pptx``).

The slides are a :class:`~tracer.render.deck.Deck`'s: a title slide, one slide per chosen
step, the final figure and the storyboard. On each, the title is the slide's title
placeholder, the figure a picture and the caption a text box under it, so both can be
edited; the speaker notes hold the caption and the step's line of pseudocode.

**Pictures.** Each figure is a PNG drawn by Graphviz from the figure's pinned source
(:mod:`tracer.render.raster`) with at least one picture pixel per screen pixel when the slide
is shown full-screen at 1920 x 1080 (:func:`picture_dpi`: 145 pixels per inch of a 13.33 x 7.5 in
slide, so a full-width picture would be 1,933 pixels wide; the picture area, 12.33 in, is 1,788).
Vector pictures are not used: python-pptx embeds raster pictures (and WMF), an SVG needs
the ``asvg:svgBlip`` extension with a PNG fallback written by hand, Graphviz writes no
EMF, and Google Slides' import and Keynote show PNG alike. Each picture's alt text is its
caption.

**Templates.** ``template`` (``--pptx-template theme.pptx``) is a course's own deck: its
slide size, masters and layouts are kept and its slides left out. Every slide uses the
template's *Title Only* layout (or the layout closest to it: a title and nothing else to
fill); the picture and text go between the title placeholder and the slide's foot. The
title's words take the template's fonts and colours. Without a template, python-pptx's
default deck is used, widened to 16:9 unless ``slide="4:3"``.

**Same input, same bytes.** The package's dates are fixed (created and modified
2000-01-01) and the zip is written again with fixed timestamps, in python-pptx's order.
"""

from __future__ import annotations

import datetime
import importlib.util
import io
import math
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path as FilePath
from typing import Any

from tracer.errors import InputError
from tracer.files import atomic_write
from tracer.reading import read_binary
from tracer.render.deck import Deck, DeckResult, DeckSlide, Geometry, caption_size, check_slide, geometry, slide_geometry
from tracer.render.errors import RenderError
from tracer.render.raster import png_pictures, png_size
from tracer.render.slide import SLIDES
from tracer.render.style import theme as get_theme
from tracer.trace.model import Trace
from tracer.words import say

__all__ = ["SCREEN_HEIGHT", "check_pptx", "picture_dpi", "stable_zip", "write_pptx"]

SCREEN_HEIGHT = 1080
"""Pixels of the screen a deck's pictures are drawn for, shown full-screen (1080p): a slide
fills the screen's height, so a picture gets SCREEN_HEIGHT / the slide's height in inches
pixels per inch of slide (:func:`picture_dpi`)."""


def picture_dpi(slide_height_in: float) -> int:
    """Pixels per inch of slide that give at least one picture pixel per screen pixel at
    full-screen 1080p: a screen pixel is 1/144 in of a 7.5 in tall slide (1,920 across a 13.33 in
    wide one), 1/192 in of Google Slides' 5.625 in; one pixel more per inch keeps Graphviz's
    rounding (it fits a drawing inside its size and truncates) from leaving a picture short.

    >>> picture_dpi(7.5), picture_dpi(5.625)
    (145, 193)
    """
    return math.ceil(SCREEN_HEIGHT / slide_height_in - 1e-9) + 1
FIXED_DATE = datetime.datetime(2000, 1, 1)
"""The date every deck's properties carry (the clock would make each run's bytes differ)."""
MAX_TEMPLATE_UNPACKED = 512 * 1024 * 1024
"""Most bytes a template may unpack to (a zip can claim far more than it holds)."""
TITLE_SIZE = 32
"""Point size of the titles of a deck made without a template (a template's titles keep theirs)."""


def check_pptx() -> None:
    """Refuse, before anything is drawn, a deck this Python cannot write (no python-pptx);
    python-pptx is looked for, not imported (that is done while Graphviz draws)."""
    if importlib.util.find_spec("pptx") is None:
        raise _missing()


def _missing() -> RenderError:
    return RenderError(say(
        "deck.pptx.missing", "PowerPoint decks need python-pptx: pip install 'gametree-tracer[slides]' (or pip install python-pptx)"
    ))


def _pptx() -> Any:
    try:
        import pptx  # python-pptx: an extra (gametree-tracer[slides]), imported only to write a deck
    except ImportError:
        raise _missing() from None
    return pptx


def write_pptx(
    trace: Trace,
    path: str | FilePath,
    *,
    steps: str = "key",
    slide: str | None = None,
    template: str | FilePath | None = None,
    captions: bool = True,
    dpi: int | None = None,
    **options: Any,
) -> DeckResult:
    """Write a PowerPoint deck of ``trace`` to ``path`` (atomically): a title slide, one
    slide per step ``steps`` chooses (``key`` unless told), the final figure, the storyboard.

    ``slide`` is ``16:9`` (the default) or ``4:3``; ``template`` a ``.pptx`` whose size,
    masters and layouts the deck takes (its slides are left out); ``captions`` False keeps
    the captions in the speaker notes only; ``dpi`` the pictures' pixels per inch of slide
    (:func:`picture_dpi` of the slide's height unless given).
    Other options are :class:`~tracer.render.figure.Figure`'s (theme, labels, legend, ...).
    """
    check_slide(slide)
    check_pptx()
    target = FilePath(path)
    data = read_binary(template, kind="slides", what=say("render.template.what", "the slide template")) if template is not None else None
    if data is not None:
        _check_zip(data, str(template))
    # Graphviz draws the pictures while python-pptx is imported and the slides are made: without
    # a template the slide's geometry is known at once; a template's must be read first.
    with ThreadPoolExecutor(max_workers=1) as pool:
        if data is None:
            shape = slide_geometry(slide)
            deck = Deck(trace, steps=steps, geometry=shape, slide=slide, captions=captions, **options)
            drawing = pool.submit(png_pictures, deck.dot_sources(), dpi or picture_dpi(shape.height))
            pptx = _pptx()
            presentation = _default_deck(pptx, slide or "16:9", shape)
            layout = _layout(presentation)
        else:
            pptx = _pptx()
            presentation = _open(pptx, data, str(template))
            layout = _layout(presentation)
            shape = geometry(*_slide_inches(presentation), _title_bottom(layout))
            deck = Deck(trace, steps=steps, geometry=shape, slide=slide, captions=captions, **options)
            drawing = pool.submit(png_pictures, deck.dot_sources(), dpi or picture_dpi(shape.height))
        slides = [_add_slide(pptx, presentation, layout, item, shape, themed=data is None, theme=deck.figure.theme)
                  for item in deck.slides]
        pictures = drawing.result()
    result = DeckResult(target, len(slides), len(deck.steps), deck.notes())
    for (added, item), picture in zip(slides, pictures):
        left, top, width, height = (pptx.util.Inches(x) for x in shape.picture_box(item))
        placed = added.shapes.add_picture(io.BytesIO(picture), left, top, width, height)
        placed.name = say("deck.picture.name", "Figure")
        placed.element.nvPicPr.cNvPr.set("descr", (item.text or item.notes or (item.title,))[0])
        result.pictures.append(png_size(picture))
    _properties(presentation, slides[0][1].title)
    buffer = io.BytesIO()
    presentation.save(buffer)
    packed = stable_zip(buffer.getvalue())
    atomic_write(target, lambda file: file.write(packed), mode="wb")
    return result


# -- the template ---------------------------------------------------------------------------------
def _check_zip(data: bytes, source: str) -> None:
    """Refuse what is not a zip, or unpacks to more than MAX_TEMPLATE_UNPACKED bytes."""
    hint = say("deck.template.hint", "give a PowerPoint deck (.pptx) saved by PowerPoint, Keynote, LibreOffice or Google Slides")
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, ValueError):
        raise InputError(say("deck.template.not_pptx", "is not a PowerPoint deck (.pptx)"), source=source, hint=hint) from None
    if unpacked > MAX_TEMPLATE_UNPACKED:
        raise InputError(
            say("deck.template.large", "unpacks to more than tracer reads ({most} MB at most)", most=MAX_TEMPLATE_UNPACKED // 2**20),
            source=source, hint=hint,
        )


def _open(pptx: Any, data: bytes, source: str) -> Any:
    """The template as a presentation without its slides."""
    from lxml.etree import XMLSyntaxError

    try:
        presentation = pptx.Presentation(io.BytesIO(data))
    except (pptx.exc.PackageNotFoundError, KeyError, ValueError, XMLSyntaxError, zipfile.BadZipFile) as problem:
        raise InputError(
            say("deck.template.unreadable", "cannot be read as a PowerPoint deck ({problem})", problem=str(problem) or type(problem).__name__),
            source=source, hint=say("deck.template.save", "open it in PowerPoint or LibreOffice and save it as .pptx again"),
        ) from None
    # python-pptx has no call that removes a slide: drop each from the list and its relationship
    listed = presentation.slides._sldIdLst
    for entry in list(listed):
        presentation.part.drop_rel(entry.rId)
        listed.remove(entry)
    return presentation


def _default_deck(pptx: Any, slide: str, shape: Geometry) -> Any:
    """python-pptx's default deck, which is 4:3, in the slide's size: a 16:9 deck widens the
    slide and every shape of its master and layouts with it, and the Title Only layout's title
    takes the geometry's title box, so slides a lecturer adds later look like tracer's."""
    presentation = pptx.Presentation()
    preset = SLIDES[slide]
    width = pptx.util.Inches(preset.width_in)
    factor = width / presentation.slide_width
    presentation.slide_width, presentation.slide_height = width, pptx.util.Inches(preset.height_in)
    if abs(factor - 1) > 1e-9:
        for owner in (presentation.slide_master, *presentation.slide_layouts):
            for placed in owner.shapes:
                if placed.element.xfrm is None:  # inherits its place from the master
                    continue
                placed.left, placed.width = round(placed.left * factor), round(placed.width * factor)
    title = _title_placeholder(_layout(presentation))
    if title is not None:
        title.left, title.top, title.width, title.height = (pptx.util.Inches(value) for value in shape.title)
    return presentation


def _layout(presentation: Any) -> Any:
    """The layout every slide uses: the one called Title Only, or the one with a title and the
    fewest other placeholders to fill (dates, footers and slide numbers do not count)."""
    from pptx.enum.shapes import PP_PLACEHOLDER

    fixed = {PP_PLACEHOLDER.DATE, PP_PLACEHOLDER.FOOTER, PP_PLACEHOLDER.SLIDE_NUMBER}
    titled = {PP_PLACEHOLDER.TITLE, PP_PLACEHOLDER.CENTER_TITLE}
    layouts = list(presentation.slide_layouts)
    for layout in layouts:
        if layout.name.strip().casefold() == "title only":
            return layout

    def cost(layout: Any) -> tuple[int, int]:
        kinds = [ph.placeholder_format.type for ph in layout.placeholders if ph.placeholder_format.type not in fixed]
        has_title = any(kind in titled for kind in kinds)
        return (0 if has_title else 1, len(kinds) - has_title)

    return min(layouts, key=cost)


def _title_placeholder(owner: Any) -> Any:
    from pptx.enum.shapes import PP_PLACEHOLDER

    for ph in owner.placeholders:
        if ph.placeholder_format.type in (PP_PLACEHOLDER.TITLE, PP_PLACEHOLDER.CENTER_TITLE):
            return ph
    return None


def _title_bottom(layout: Any) -> float | None:
    """Where the layout's title ends, in inches from the top (None: it has no title)."""
    title = _title_placeholder(layout)
    if title is None or title.top is None or title.height is None:
        return None
    return float((title.top + title.height) / 914400)


def _slide_inches(presentation: Any) -> tuple[float, float]:
    return presentation.slide_width / 914400, presentation.slide_height / 914400


# -- slides -------------------------------------------------------------------------------------
def _add_slide(pptx: Any, presentation: Any, layout: Any, item: DeckSlide, shape: Geometry, *, themed: bool, theme: str) -> tuple[Any, DeckSlide]:
    """A slide with its title, its text under the picture's place, and its notes; ``themed``:
    python-pptx's default deck, which tracer styles (title size, the dark theme's colours)."""
    from pptx.dml.color import RGBColor
    from pptx.util import Inches, Pt

    slide = presentation.slides.add_slide(layout)
    colours = get_theme(theme)
    ink = RGBColor.from_string(colours.ink.lstrip("#"))
    if themed and theme == "dark":
        fill = slide.background.fill
        fill.solid()
        fill.fore_color.rgb = RGBColor.from_string(colours.background.lstrip("#"))
    title = _title_placeholder(slide)
    if title is not None:
        title.text = item.title
        if themed:
            for run in title.text_frame.paragraphs[0].runs:
                run.font.size = Pt(TITLE_SIZE)
                run.font.color.rgb = ink
    if item.text:
        left, top, width, height = shape.text
        box = slide.shapes.add_textbox(Inches(left), Inches(top), Inches(width), Inches(height))
        box.name = say("deck.caption.name", "Caption")
        frame = box.text_frame
        frame.word_wrap = True
        size = caption_size(item.text, width, height, shape.scale)
        for index, text in enumerate(item.text):
            paragraph = frame.paragraphs[0] if index == 0 else frame.add_paragraph()
            paragraph.text = text
            for run in paragraph.runs:
                run.font.size = Pt(size)
                if themed:
                    run.font.color.rgb = ink
    slide.notes_slide.notes_text_frame.text = "\n".join(item.notes)
    return slide, item


def _properties(presentation: Any, title: str) -> None:
    properties = presentation.core_properties
    properties.title = title
    properties.created = FIXED_DATE
    properties.modified = FIXED_DATE
    properties.last_modified_by = "tracer"
    properties.revision = 1
    properties.comments = say("deck.properties.comments", "made by tracer")
    if not properties.author:
        properties.author = "tracer"


def stable_zip(data: bytes) -> bytes:
    """A zip with every entry's timestamp fixed (and PNGs stored: they are compressed already)."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(out, "w") as target:
        for info in source.infolist():
            fixed = zipfile.ZipInfo(info.filename, date_time=(2000, 1, 1, 0, 0, 0))
            fixed.compress_type = zipfile.ZIP_STORED if info.filename.endswith(".png") else zipfile.ZIP_DEFLATED
            fixed.external_attr = 0o644 << 16
            target.writestr(fixed, source.read(info))
    return out.getvalue()
