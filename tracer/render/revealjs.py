"""reveal.js decks of a search, for lecturers who present from a browser: :func:`write_revealjs`
(``tracer render INPUT --revealjs DIR``).

The folder holds everything the deck needs, so it works offline, opened from disk:

* ``index.html``: the deck (``assets/deck.html.j2``): a title slide, then one slide whose
  *fragments* are the chosen steps (→, space or a click shows the next; ← goes back), the
  final figure and the storyboard, as a :class:`~tracer.render.deck.Deck` has them. Each
  step's fragment holds its title, its figure, its caption and, as speaker notes, the
  caption and the pseudocode line (``S`` opens reveal.js's speaker view, which shows the
  current fragment's notes);
* ``reveal/``: reveal.js itself (``reveal.js``, ``reveal.css``, ``reset.css``, the speaker
  notes plugin ``notes.js``, its LICENSE), copied from the version this package vendors
  (``assets/revealjs/SOURCE.md`` says which, and from where); never a CDN;
* ``tracer-deck.css``: the deck's looks in the figure's theme, and a print style sheet:
  ``index.html?print-pdf`` printed to PDF (Chrome, Chromium) gives one page per slide and
  per step;
* ``figures/``: the SVG of each slide's figure, drawn for the slide's picture area.

Every file is written atomically inside the folder; figures a previous deck wrote there and
this one does not are removed while they hold the bytes that deck wrote (recorded with their
SHA-256 in ``figures/manifest.json``); nothing else is.
"""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path as FilePath
from typing import Any

from tracer.errors import InputError
from tracer.files import atomic_write, folder_lock, make_folder, named
from tracer.render.deck import Deck, DeckResult, DeckSlide, caption_size, check_slide, slide_geometry
from tracer.render.manifest import digest, previous_files, remove_stale
from tracer.render.player import render_template
from tracer.render.style import theme as get_theme
from tracer.trace.model import Trace
from tracer.words import current_language, say

__all__ = ["REVEAL_FILES", "write_revealjs"]

REVEAL_FILES = ("reveal.js", "reveal.css", "reset.css", "notes.js", "LICENSE")
"""The vendored reveal.js files a deck copies into its ``reveal/`` folder."""
PIXELS_PER_INCH = 96
"""A deck's slide is its size in inches at CSS's 96 pixels per inch (13.33 x 7.5 in: 1280 x 720)."""

_FIGURE = re.compile(r"(title|step-\d+|final|storyboard)\.svg")
_FIGURES_RECORD = "tracer-deck-figures"  # figures/manifest.json: each figure's SHA-256, so a later deck removes only those


def vendored(name: str) -> bytes:
    """One of the vendored reveal.js files (:data:`REVEAL_FILES`)."""
    if name not in REVEAL_FILES:
        raise ValueError(f"no vendored reveal.js file {name!r}")
    return (resources.files("tracer.render") / "assets" / "revealjs" / name).read_bytes()


def _figure_name(slide: DeckSlide, total: int) -> str:
    if slide.kind == "step":
        assert slide.step is not None
        return f"step-{slide.step:0{max(4, len(str(total)))}d}.svg"
    return f"{slide.kind}.svg"


def write_revealjs(
    trace: Trace,
    folder: str | FilePath,
    *,
    steps: str = "key",
    slide: str | None = None,
    captions: bool = True,
    **options: Any,
) -> DeckResult:
    """Write a reveal.js deck of ``trace`` into ``folder`` (created if missing): a title slide,
    a slide with one fragment per step ``steps`` chooses (``key`` unless told), the final
    figure, the storyboard. ``slide`` is ``16:9`` (the default) or ``4:3``; ``captions`` False
    keeps the captions in the speaker notes only; other options are
    :class:`~tracer.render.figure.Figure`'s (theme, labels, legend, ...)."""
    check_slide(slide)
    out = named(folder)
    if out.exists() and not out.is_dir():
        raise InputError(
            say("deck.revealjs.file", "{path} is a file, not a folder", path=str(out)),
            hint=say("deck.revealjs.hint", "name a folder for the deck"),
        )
    shape = slide_geometry(slide)
    deck = Deck(trace, steps=steps, geometry=shape, slide=slide, captions=captions, **options)
    svgs = deck.svgs()
    names = [_figure_name(item, deck.total) for item in deck.slides]
    make_folder(out)
    with folder_lock(out):  # a second run into the folder meanwhile is refused, never mixed in
        make_folder(out / "figures", root=out)
        make_folder(out / "reveal", root=out)
        figures = out / "figures"
        notes: list[str] = []
        previous = previous_files(figures, notes, kind=_FIGURES_RECORD, accept=lambda name: bool(_FIGURE.fullmatch(name)))
        for name, svg in zip(names, svgs):
            _write(out, figures / name, svg)
        # only figures an earlier deck wrote, and only while they hold the bytes it wrote
        remove_stale(figures, previous, set(names), notes)
        record = {"format": _FIGURES_RECORD, "sha256": {name: digest(figures / name) for name in sorted(names)}}
        _write(out, figures / "manifest.json", json.dumps(record, indent=1, sort_keys=True) + "\n")
        for name in REVEAL_FILES:
            _write(out, out / "reveal" / name, vendored(name))
        _write(out, out / "tracer-deck.css", (resources.files("tracer.render") / "assets" / "deck.css").read_bytes())
        _write(out, out / "index.html", render_template("deck.html.j2", _context(deck, names)) + "\n")
    # a slide per section: the title, the steps (one fragment each), the final figure, the storyboard
    return DeckResult(out / "index.html", len(deck.slides) - len(deck.steps) + 1, len(deck.steps), deck.notes() + notes)


def _write(out: FilePath, path: FilePath, data: str | bytes) -> None:
    """``data`` into ``path`` inside the deck's folder ``out``, atomically (text as UTF-8)."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    atomic_write(path, lambda file: file.write(raw), mode="wb", root=out)


def _box(box: tuple[float, float, float, float]) -> str:
    """A box in inches as CSS: left, top, width and height in the deck's pixels."""
    left, top, width, height = (round(value * PIXELS_PER_INCH, 1) for value in box)
    return f"left: {left:g}px; top: {top:g}px; width: {width:g}px; height: {height:g}px;"


def _context(deck: Deck, names: list[str]) -> dict[str, Any]:
    shape = deck.geometry
    colours = get_theme(deck.figure.theme)
    slides = []
    for item, name in zip(deck.slides, names):
        text_size = caption_size(item.text, shape.text[2], shape.text[3], shape.scale) if item.text else 0
        slides.append({
            "kind": item.kind, "title": item.title, "text": item.text, "notes": item.notes, "step": item.step,
            "figure": "figures/" + name, "picture": _box(shape.picture_box(item)),
            "text_size": round(text_size * PIXELS_PER_INCH / 72, 1),
            "alt": (item.text or item.notes or (item.title,))[0],
        })
    return {
        "language": current_language(),
        "title": deck.slides[0].title,
        "theme": deck.figure.theme,
        "colours": {"background": colours.background, "ink": colours.ink, "muted": colours.muted, "accent": colours.accent},
        "width": round(shape.width * PIXELS_PER_INCH),
        "height": round(shape.height * PIXELS_PER_INCH),
        "title_box": _box(shape.title),
        "text_box": _box(shape.text),
        "title_slide": slides[0],
        "steps": [entry for entry in slides if entry["kind"] == "step"],
        "ends": [entry for entry in slides if entry["kind"] in ("final", "storyboard")],
        "steps_title": say("deck.revealjs.steps", "Step by step"),
        "print_note": say("deck.revealjs.print", "To print the deck, or save it as PDF: open index.html?print-pdf in Chrome or Chromium "
                                                 "and print it (one page per slide and per step)."),
        "keys_note": say("deck.revealjs.keys", "→ or space: next step; ←: back; S: speaker view with these notes; "
                                               "F: full screen; Esc: all slides."),
    }
