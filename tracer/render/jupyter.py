"""Traces in Jupyter: figures that display as SVG, and a stepper.

* :func:`show` (``tracer.render.show(trace, step=24)``) returns a :class:`TraceFigure`,
  which a notebook displays as SVG (``_repr_svg_``): the final figure, or one step.
* ``%load_ext tracer.render.jupyter`` makes every :class:`~tracer.trace.Trace` display
  as its final figure (an IPython formatter: the trace package itself knows nothing
  of figures).
* :func:`stepper` returns an ``ipywidgets`` slider over the steps, with the figure and
  its caption; ``ipywidgets`` is the optional extra ``pip install 'gametree-tracer[notebook]'``.
  Like the web player (:mod:`tracer.render.player`) it holds one SVG and the per-step
  paints, and paints the figure of a step only when the slider reaches it
  (:class:`PaintedFigure`).
"""

from __future__ import annotations

import html
import re
from typing import Any

from tracer.render.figure import Figure
from tracer.render.svg import escape
from tracer.trace.model import Trace
from tracer.words import current_language, say, use_language

__all__ = ["PaintedFigure", "TraceFigure", "load_ipython_extension", "show", "stepper"]


class TraceFigure:
    """A figure of a trace (or of one step) that notebooks display as SVG.

    The notebook asks for the SVG later, outside any ``use_language`` block: the figure
    keeps the language it was made in (``language``, else the one in use then)."""

    def __init__(self, figure: Figure, step: int | None = None, language: str | None = None) -> None:
        self.figure = figure
        self.step = step
        self.language = language or current_language()

    def svg(self) -> str:
        with use_language(self.language):
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


def show(trace: Trace, step: int | None = None, *, lang: str | None = None, **options: Any) -> TraceFigure:
    """The final figure of ``trace`` (or step ``step``), for a notebook to display, its words
    in ``lang`` (``"tr"``; default: the language in use, English unless ``use_language`` says)."""
    return TraceFigure(Figure(trace, **options), step, lang)


def _slots(prefix: str) -> re.Pattern[str]:
    """What a player changes in the base SVG: a node's or edge's classes, a node's texts."""
    p = re.escape(prefix)
    return re.compile(
        rf'(?P<group><g id="(?P<gid>{p}-[ne](?:-\d+)*)" class=")[^"]*"'
        rf'|(?P<text><text id="(?P<tid>{p}-n(?:-\d+)*)-(?P<slot>val|win|ord)"[^>]*>)[^<]*(?=</text>)'
    )


def _element_id(prefix: str, kind: str, path: str) -> str:
    return f"{prefix}-{kind}" + "".join(f"-{index}" for index in path.split(".") if path)


class PaintedFigure:
    """The figure of each step, painted on one base SVG as the web player paints it.

    Holds :meth:`Figure.base <tracer.render.figure.Figure.base>`, its style sheet and
    :meth:`Figure.paints <tracer.render.figure.Figure.paints>`; :meth:`svg` applies the
    paints up to a step (from the step shown last when it lies ahead, else from the
    start) and writes the SVG then, so no step is drawn before it is asked for.
    """

    def __init__(self, figure: Figure) -> None:
        if figure.trace is None:
            raise ValueError("a bare tree has no steps; use tree_svg")
        self.figure = figure
        self.paints = figure.paints()
        base = figure.base()
        # the style sheet inside the SVG: the classes a step sets give the look of the frame files
        opening = base.index(">", base.index("<svg")) + 1
        css = figure.stylesheet().replace("&", "&amp;").replace("<", "&lt;")
        base = base[:opening] + f"<style>{css}</style>" + base[opening:]
        self._parts: list[str] = []  # literal text, then the key of a slot, alternately
        self._base: dict[str, str] = {}
        at = 0
        for match in _slots(figure.prefix).finditer(base):
            if match.group("group") is not None:
                head, key = match.group("group"), match.group("gid")
                tail = '"'
            else:
                head, key = match.group("text"), f"{match.group('tid')}-{match.group('slot')}"
                tail = ""
            self._parts += [base[at : match.start()] + head, key]
            self._base[key] = base[match.start() + len(head) : match.end() - len(tail)]
            at = match.end() - len(tail)
        self._parts.append(base[at:])
        self._state = dict(self._base)
        self._shown = -1

    def __len__(self) -> int:
        """The number of steps (the last step's number)."""
        return len(self.paints) - 1

    def _apply(self, paint: dict[str, Any]) -> None:
        prefix, state = self.figure.prefix, self._state
        for path, look in paint["nodes"].items():
            node = _element_id(prefix, "n", path)
            state[node] = look["class"]
            for slot in ("val", "win", "ord"):
                state[f"{node}-{slot}"] = escape(look[slot])
        for path, classes in paint["edges"].items():
            state[_element_id(prefix, "e", path)] = classes

    def svg(self, step: int) -> str:
        """The figure at ``step``, as one SVG document with its style sheet inside."""
        if not 0 <= step < len(self.paints):
            raise ValueError(f"no step {step}: the trace has steps 0 to {len(self.paints) - 1}")
        if step < self._shown:
            self._state, self._shown = dict(self._base), -1
        for index in range(self._shown + 1, step + 1):
            self._apply(self.paints[index])
        self._shown = step
        parts, state = self._parts, self._state
        return "".join(part if index % 2 == 0 else state[part] for index, part in enumerate(parts))

    def caption(self, step: int) -> str:
        return str(self.paints[step]["caption"])


def stepper(trace: Trace, *, lang: str | None = None, **options: Any) -> Any:
    """A slider over the steps of ``trace`` showing each step's figure and caption (needs ``ipywidgets``).

    ``options`` go to :class:`~tracer.render.figure.Figure`. A step's figure is painted
    when the slider reaches it (see :class:`PaintedFigure`). Its words (captions, the
    counter, the slider's and play button's labels) are in ``lang`` (``"tr"``; default:
    the language in use), also when the slider moves after this call has returned.
    """
    language = lang or current_language()
    with use_language(language):
        return _stepper(trace, language, **options)


def _stepper(trace: Trace, language: str, **options: Any) -> Any:
    try:
        import ipywidgets
    except ImportError:
        from tracer.render.errors import RenderError

        raise RenderError(say("stepper.ipywidgets", "the stepper needs ipywidgets: pip install 'gametree-tracer[notebook]' (or pip install ipywidgets)")) from None
    painted = PaintedFigure(Figure(trace, **options))
    last = len(painted)

    def caption(step: int) -> str:
        where = say("player.counter", "Step {step} of {total}", step=step, total=last)
        return f"<p><strong>{html.escape(where)}</strong>: {html.escape(painted.caption(step))}</p>"

    view = ipywidgets.HTML(value=painted.svg(0))
    words = ipywidgets.HTML(value=caption(0))
    slider = ipywidgets.IntSlider(
        value=0, min=0, max=last, step=1, description=say("player.slider", "Step"), continuous_update=True
    )
    play = ipywidgets.Play(value=0, min=0, max=last, step=1, interval=800, description=say("player.play", "Play"))
    ipywidgets.jslink((play, "value"), (slider, "value"))

    def on_change(change: dict[str, Any]) -> None:
        with use_language(language):  # the widget calls back after stepper() has returned
            view.value = painted.svg(change["new"])
            words.value = caption(change["new"])

    slider.observe(on_change, names="value")
    return ipywidgets.VBox([ipywidgets.HBox([play, slider]), view, words])


def load_ipython_extension(ipython: Any) -> None:
    """``%load_ext tracer.render.jupyter``: traces display as their final figure."""
    formatter = ipython.display_formatter.formatters["image/svg+xml"]
    formatter.for_type(Trace, lambda trace: Figure(trace).final())
