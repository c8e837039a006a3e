"""Slide presets: a figure shaped and sized for a 16:9 or 4:3 slide.

A :class:`SlidePreset` is a slide's size (PowerPoint's, Keynote's and Beamer's usual
13.33 x 7.5 in for 16:9, 10 x 7.5 in for 4:3) and the smallest text it allows when a
figure fills it: 14 pt for the values a student reads (v, a leaf's value), 11 pt for
everything else (labels, windows, moves, counts, header, captions, legend). A figure
made with a preset (``Figure(trace, slide="16:9")``, ``tracer render --slide 16:9``)

* has the slide's aspect: its canvas widens (captions then wrap to the wider canvas) or
  its viewBox grows taller, content centred, and the SVG's ``width``/``height`` are the
  slide's, so the file opens at slide size and fills a slide when pasted;
* has texts large enough: the scene grows every text (not the shapes) from the given
  ``font_scale`` until the smallest value and the smallest other text, at slide size,
  reach the preset's minimums (:meth:`~tracer.render.scene.Scene.text_sizes`);
* and where no text size does that (a tree too wide for one slide), says so with the
  options that do fit (:func:`tracer.render.fit.fitting_options`).

:func:`smallest_fonts` measures an SVG as it will be shown (the tests and
``bench/figure_sizes.py``, which makes the README's table, read figures with it).

>>> preset = slide_preset("16:9")
>>> preset.width_pt, preset.height_pt
(960.0, 540.0)
>>> preset.viewport(480, 200).scale
2.0
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from tracer.render.style import VALUE_ROLES

__all__ = ["SLIDES", "SlidePreset", "Viewport", "slide_preset", "smallest_fonts"]


@dataclass(frozen=True)
class Viewport:
    """A figure's viewBox (``x``, ``y``, ``width``, ``height``, in its points) and the size it
    is shown at (``display_width`` x ``display_height`` points)."""

    x: float
    y: float
    width: float
    height: float
    display_width: float
    display_height: float

    @property
    def scale(self) -> float:
        """Display points per figure point."""
        return self.display_width / self.width


@dataclass(frozen=True)
class SlidePreset:
    """A slide: its name (``16:9``), its size in inches, and the smallest text a figure
    filling it may carry (``min_value_pt`` for values, ``min_text_pt`` for the rest)."""

    name: str
    width_in: float
    height_in: float
    min_value_pt: float = 14.0
    min_text_pt: float = 11.0

    @property
    def width_pt(self) -> float:
        return round(self.width_in * 72, 2)

    @property
    def height_pt(self) -> float:
        return round(self.height_in * 72, 2)

    @property
    def aspect(self) -> float:
        return self.width_pt / self.height_pt

    def viewport(self, width: float, height: float) -> Viewport:
        """A ``width`` x ``height`` figure padded to the slide's aspect (centred) and shown at its size."""
        if width / height >= self.aspect:
            tall = width / self.aspect
            return Viewport(0.0, round(-(tall - height) / 2, 2), width, round(tall, 2), self.width_pt, self.height_pt)
        wide = height * self.aspect
        return Viewport(round(-(wide - width) / 2, 2), 0.0, round(wide, 2), height, self.width_pt, self.height_pt)


SLIDES: dict[str, SlidePreset] = {
    "16:9": SlidePreset("16:9", 40 / 3, 7.5),
    "4:3": SlidePreset("4:3", 10.0, 7.5),
}
"""The presets by name."""


def slide_preset(name: str | SlidePreset | None) -> SlidePreset | None:
    """The preset called ``name`` (``16:9`` or ``4:3``), a preset itself, or None; ValueError for others."""
    if name is None or isinstance(name, SlidePreset):
        return name
    try:
        return SLIDES[name]
    except KeyError:
        raise ValueError(f"unknown slide {name!r}: use " + " or ".join(SLIDES)) from None


_SVG = "{http://www.w3.org/2000/svg}"
_NUMBER = re.compile(r"[-+]?\d*\.?\d+")


def smallest_fonts(svg: str, width_pt: float | None = None, height_pt: float | None = None) -> tuple[float, float]:
    """(the smallest value text, the smallest other text), in points, of an SVG shown at
    its own size, or scaled to fit ``width_pt`` (and ``height_pt``, when given) points.
    Values are the texts of class ``val`` and ``leafval``; the others every other non-empty text."""
    root = ET.fromstring(svg)
    view = [float(n) for n in _NUMBER.findall(root.get("viewBox", ""))]
    own = float(_NUMBER.findall(root.get("width", "0"))[0])
    shown = own if width_pt is None else width_pt
    scale = shown / view[2] if len(view) == 4 else 1.0
    if height_pt is not None and len(view) == 4:
        scale = min(scale, height_pt / view[3])
    values: list[float] = []
    others: list[float] = []
    for element in root.iter(_SVG + "text"):
        if not "".join(element.itertext()).strip() or element.get("display") == "none":
            continue
        size = float(element.get("font-size", "0")) * scale
        (values if element.get("class") in VALUE_ROLES else others).append(size)
    return min(values, default=float("inf")), min(others, default=float("inf"))
