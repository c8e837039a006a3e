"""Figures of searches: one per step, in the textbook's notation, and a final summary.

The pieces other parts of tracer call:

* :func:`final_svg` ``(trace, theme="light", labels="letters", **options) -> str``
* :func:`tree_svg` ``(tree, theme="light", labels="letters", caption=None, **options) -> str``
* :func:`frame_svgs` ``(trace, steps=None, **options) -> list[str]``
* :func:`base_svg`, :func:`paints`, :func:`stepper_css`: one SVG per tree plus
  per-step changes, for a stepper in a web page (see :mod:`tracer.render.frames`);
* :class:`Figure`: a trace prepared once (one layout), to draw many ways;
* :func:`render_to_directory`: what ``tracer render`` writes;
* :func:`show`: a figure a notebook displays (``tracer.render.jupyter``).

Options: ``theme`` (light, dark), ``labels`` (letters, paths, none), ``max_depth``,
``collapse`` (auto, True, False), ``order_numbers``, ``prefix`` (of SVG ids).
Only :mod:`tracer.render.layout` runs Graphviz.
"""

from tracer.render.errors import FigureTooLarge, GraphvizFailed, GraphvizNotFound, RenderError
from tracer.render.frames import Figure, base_svg, final_svg, frame_svgs, paints, stepper_css, tree_svg
from tracer.render.jupyter import TraceFigure, load_ipython_extension, show
from tracer.render.output import render_to_directory

__all__ = [
    "Figure", "FigureTooLarge", "GraphvizFailed", "GraphvizNotFound", "RenderError", "TraceFigure", "base_svg",
    "final_svg", "frame_svgs", "load_ipython_extension", "paints", "render_to_directory", "show", "stepper_css",
    "tree_svg",
]
