"""Figures of searches: one per step, in the textbook's notation, and a final summary.

The pieces other parts of tracer (and lecturers' own scripts) call:

* :func:`final_svg` ``(trace, theme="light", labels="letters", **options) -> str``
* :func:`tree_svg` ``(tree, theme="light", labels="letters", caption=None, **options) -> str``
* :func:`frame_svgs` ``(trace, steps=None, **options) -> list[str]``
* :func:`select_steps` ``(trace, spec) -> list[int] | None``: the steps ``--steps`` names
  (``"key"``, ``"every:5"``, ``"0,24,40-45"``, ...); :func:`key_steps` the key steps
  alone (the rule is documented in :mod:`tracer.render.steps`);
* :class:`Figure`: a trace prepared once (one layout), to draw many ways: ``frame(step)``,
  ``frames(steps)``, ``final()``, ``storyboard(steps)`` (lettered panels),
  ``pictures(steps)`` and ``final_picture()`` (for exports), ``dot_source(step)`` (a
  pinned Graphviz source at the slide's size, for a picture of any resolution),
  ``smallest_on_slide(slide)`` and ``slide_fits``;
* :class:`SlidePreset` and :data:`SLIDES` (``"16:9"``, ``"4:3"``): a slide's size and the
  smallest text it allows (:mod:`tracer.render.slide`); :func:`smallest_fonts` measures an SVG;
* :func:`base_svg`, :func:`paints`, :func:`stepper_css`: one SVG per tree plus
  per-step changes, for a stepper in a web page (see :mod:`tracer.render.payload`);
* :func:`render_to_directory`: what ``tracer render`` writes;
* decks and animations of the chosen steps: :func:`write_pptx` ``(trace, "deck.pptx",
  steps="key", slide="16:9", template=None, **options)`` (a PowerPoint deck,
  :mod:`tracer.render.powerpoint`), :func:`write_revealjs` ``(trace, "deck/", steps="key",
  **options)`` (an offline reveal.js deck, :mod:`tracer.render.revealjs`) and
  :func:`write_animation` ``(trace, "steps.gif", steps="key", pace=1.5, **options)`` (GIF, or
  MP4 with ffmpeg: :mod:`tracer.render.animation`); what the decks show is a
  :class:`~tracer.render.deck.Deck`'s;
* :func:`show`: a figure a notebook displays (``tracer.render.jupyter``).

Options of :class:`Figure` (and of the functions that take ``**options``): ``theme``
(light, dark), ``labels`` (letters, paths, none), ``max_depth``, ``collapse`` (auto,
True, False), ``order_numbers``, ``prefix`` (of SVG ids), and for lectures ``slide``
(``"16:9"``, ``"4:3"`` or a :class:`SlidePreset`), ``header``, ``captions``, ``legend``,
``font_scale``, ``pruned_values`` (show, hide), ``focus`` (a node's label or path, or
``"auto"``), ``compact`` and ``wrap``. For example, the builds of a lecture, slide-ready::

    figure = Figure(trace, slide="16:9", captions=False)
    slides = [svg for _, svg in figure.frames(select_steps(trace, "key"))]

The rooms, each with one job: :mod:`~tracer.render.plan` (which nodes, focus included),
:mod:`~tracer.render.anatomy` and :mod:`~tracer.render.layout` (where each part of a
node goes, and each node), :mod:`~tracer.render.scene` (the figure's canvas and its
primitives, fitted to a slide), :mod:`~tracer.render.visuals` (how nodes and edges look
at each step, from the replayer), :mod:`~tracer.render.frame_writer` (SVG frames),
:mod:`~tracer.render.final` (the final figure and legend), :mod:`~tracer.render.legend`
(the step frames' legend), :mod:`~tracer.render.steps` (which steps),
:mod:`~tracer.render.storyboard` (panels), :mod:`~tracer.render.slide` and
:mod:`~tracer.render.fit` (slides, and what fits one), :mod:`~tracer.render.payload`
(a web stepper's SVG and per-step changes), :mod:`~tracer.render.figure` (the
:class:`Figure` that hands them out), :mod:`~tracer.render.exports` (PNG, PDF and DOT
sources), :mod:`~tracer.render.tikz` (LaTeX figures of exercise sheets).
Only :mod:`tracer.render.graphviz` runs Graphviz.
"""

from tracer.render.animation import write_animation
from tracer.render.errors import FigureTooLarge, GraphvizFailed, GraphvizNotFound, RenderError
from tracer.render.figure import Figure, base_svg, final_svg, frame_svgs, paints, stepper_css, tree_svg
from tracer.render.jupyter import TraceFigure, load_ipython_extension, show
from tracer.render.output import render_to_directory
from tracer.render.powerpoint import write_pptx
from tracer.render.revealjs import write_revealjs
from tracer.render.slide import SLIDES, SlidePreset, smallest_fonts
from tracer.render.steps import key_steps, select_steps

__all__ = [
    "SLIDES", "Figure", "FigureTooLarge", "GraphvizFailed", "GraphvizNotFound", "RenderError", "SlidePreset", "TraceFigure",
    "base_svg", "final_svg", "frame_svgs", "key_steps", "load_ipython_extension", "paints", "render_to_directory",
    "select_steps", "show", "smallest_fonts", "stepper_css", "tree_svg", "write_animation", "write_pptx", "write_revealjs",
]
