"""Where :class:`~tracer.render.Figure` and the one-call drawing functions lived before the
render room was split (issue 9); they are re-exported here for the modules that still
import them from ``tracer.render.frames``. New code imports them from :mod:`tracer.render`
(or :mod:`tracer.render.figure`); frames themselves are written by
:mod:`tracer.render.frame_writer`, and the stepper payload is documented in
:mod:`tracer.render.payload`.
"""

from tracer.render.figure import Figure, base_svg, final_svg, frame_svgs, paints, stepper_css, tree_svg
from tracer.words import probability as probability_text

__all__ = ["Figure", "base_svg", "final_svg", "frame_svgs", "paints", "probability_text", "stepper_css", "tree_svg"]
