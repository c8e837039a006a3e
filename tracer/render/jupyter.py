"""Traces in Jupyter: figures that display as SVG, and a stepper.

* :func:`show` (``tracer.render.show(trace, step=24)``) returns a :class:`TraceFigure`,
  which a notebook displays as SVG (``_repr_svg_``): the final figure, or one step.
* ``%load_ext tracer.render.jupyter`` makes every :class:`~tracer.trace.Trace` display
  as its final figure (an IPython formatter: the trace package itself knows nothing
  of figures).
* :func:`stepper` returns an ``ipywidgets`` slider over the steps, with the frame and
  its caption; ``ipywidgets`` is the optional extra ``pip install 'tracer[notebook]'``.
"""

from __future__ import annotations

from typing import Any

from tracer.render.frames import Figure
from tracer.trace.model import Trace

__all__ = ["TraceFigure", "load_ipython_extension", "show", "stepper"]


class TraceFigure:
    """A figure of a trace (or of one step) that notebooks display as SVG."""

    def __init__(self, figure: Figure, step: int | None = None) -> None:
        self.figure = figure
        self.step = step

    def svg(self) -> str:
        if self.step is None:
            return self.figure.final()
        return self.figure.frame(self.step)

    def _repr_svg_(self) -> str:
        return self.svg()

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        return {"image/svg+xml": self.svg()}

    def __repr__(self) -> str:
        what = "final figure" if self.step is None else f"step {self.step}"
        return f"<TraceFigure: {what} of {self.figure.trace!r}>"


def show(trace: Trace, step: int | None = None, **options: Any) -> TraceFigure:
    """The final figure of ``trace`` (or step ``step``), for a notebook to display."""
    return TraceFigure(Figure(trace, **options), step)


def stepper(trace: Trace, **options: Any) -> Any:
    """A slider over the steps of ``trace`` showing each frame (needs ``ipywidgets``)."""
    try:
        import ipywidgets
    except ImportError:
        from tracer.render.errors import RenderError

        raise RenderError("the stepper needs ipywidgets: pip install 'tracer[notebook]' (or pip install ipywidgets)") from None
    figure = Figure(trace, **options)
    frames = [svg for _, svg in figure.frames()]
    view = ipywidgets.HTML(value=frames[0])
    slider = ipywidgets.IntSlider(value=0, min=0, max=len(frames) - 1, step=1, description="Step", continuous_update=True)
    play = ipywidgets.Play(value=0, min=0, max=len(frames) - 1, step=1, interval=800, description="Play")
    ipywidgets.jslink((play, "value"), (slider, "value"))

    def on_change(change: dict[str, Any]) -> None:
        view.value = frames[change["new"]]

    slider.observe(on_change, names="value")
    return ipywidgets.VBox([ipywidgets.HBox([play, slider]), view])


def load_ipython_extension(ipython: Any) -> None:
    """``%load_ext tracer.render.jupyter``: traces display as their final figure."""
    formatter = ipython.display_formatter.formatters["image/svg+xml"]
    formatter.for_type(Trace, lambda trace: Figure(trace).final())
