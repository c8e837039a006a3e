"""Figures of searches: one per step, in the textbook's notation, and a final summary.

The pieces other parts of tracer call:

* :func:`final_svg` ``(trace, theme="light", labels="letters", **options) -> str``
* :func:`tree_svg` ``(tree, theme="light", labels="letters", caption=None, **options) -> str``
* :func:`frame_svgs` ``(trace, steps=None, **options) -> list[str]``
* :func:`base_svg`, :func:`paints`, :func:`stepper_css`: one SVG per tree plus
  per-step changes, for a stepper in a web page (see :mod:`tracer.render.payload`);
* :class:`Figure`: a trace prepared once (one layout), to draw many ways;
* :func:`render_to_directory`: what ``tracer render`` writes;
* :func:`show`: a figure a notebook displays (``tracer.render.jupyter``).

Options: ``theme`` (light, dark), ``labels`` (letters, paths, none), ``max_depth``,
``collapse`` (auto, True, False), ``order_numbers``, ``prefix`` (of SVG ids).

The rooms, each with one job: :mod:`~tracer.render.plan` (which nodes),
:mod:`~tracer.render.anatomy` and :mod:`~tracer.render.layout` (where each part of a
node goes, and each node), :mod:`~tracer.render.scene` (the figure's canvas and its
primitives), :mod:`~tracer.render.visuals` (how nodes and edges look at each step, from
the replayer), :mod:`~tracer.render.frame_writer` (SVG frames),
:mod:`~tracer.render.final` (the final figure and legend), :mod:`~tracer.render.payload`
(a web stepper's SVG and per-step changes), :mod:`~tracer.render.figure` (the
:class:`Figure` that hands them out), :mod:`~tracer.render.exports` (PNG and PDF),
:mod:`~tracer.render.tikz` (LaTeX figures of exercise sheets).
Only :mod:`tracer.render.graphviz` runs Graphviz.
"""

from tracer.render.errors import FigureTooLarge, GraphvizFailed, GraphvizNotFound, RenderError
from tracer.render.figure import Figure, base_svg, final_svg, frame_svgs, paints, stepper_css, tree_svg
from tracer.render.jupyter import TraceFigure, load_ipython_extension, show
from tracer.render.output import render_to_directory

__all__ = [
    "Figure", "FigureTooLarge", "GraphvizFailed", "GraphvizNotFound", "RenderError", "TraceFigure", "base_svg",
    "final_svg", "frame_svgs", "load_ipython_extension", "paints", "render_to_directory", "show", "stepper_css",
    "tree_svg",
]
