"""Notebooks: traces and steps display as SVG; the stepper is an optional extra."""

from __future__ import annotations

import html
import importlib.util
import subprocess
import sys
from types import SimpleNamespace

import pytest
from helpers import first_step
from render_helpers import AIMA, groups, parse, texts

import tracer
from tracer.render import Figure, RenderError, show
from tracer.render.jupyter import PaintedFigure, load_ipython_extension, stepper
from tracer.trace.captions import captions


def test_a_figure_and_a_step_display_as_svg():
    trace = tracer.alphabeta(AIMA)
    final, step = show(trace), show(trace, step=first_step(trace, "cutoff", (1,)))
    assert parse(final._repr_svg_()).get("class") == "tracer-figure"
    assert "so MAX will never choose C" in "".join(parse(step._repr_svg_()).itertext())
    assert step._repr_mimebundle_() == {"image/svg+xml": step._repr_svg_()}


def test_the_extension_registers_a_formatter_for_traces():
    registered = {}

    class Formatter:
        def for_type(self, cls, function):
            registered[cls] = function

    shell = SimpleNamespace(display_formatter=SimpleNamespace(formatters={"image/svg+xml": Formatter()}))
    load_ipython_extension(shell)
    svg = registered[tracer.Trace](tracer.alphabeta(AIMA))
    assert "MAX moves to B" in "".join(parse(svg).itertext())


needs_ipywidgets = pytest.mark.skipif(importlib.util.find_spec("ipywidgets") is None, reason="ipywidgets (the notebook extra) is not installed")


def tree_part(svg: str) -> dict[str, tuple[str, str, str, str]]:
    """Each node's and edge's classes and texts (v, window, order): what a step changes.

    A slot the frame leaves out reads as empty, as the player's empty slot does."""
    root = parse(svg)
    prefix = root.get("id")
    out = {}
    for gid, group in groups(root).items():
        if gid.startswith((prefix + "-n", prefix + "-e")):
            shown = texts(group)
            out[gid] = (group.get("class"), shown.get("val", ""), shown.get("win", ""), shown.get("ord", ""))
    return out


def test_a_painted_step_is_the_frame_of_that_step():
    """Painting the base SVG step by step (forward, back, jumps) gives each step's frame:
    the frame files are drawn from the search's state directly, without paints."""
    figure = Figure(tracer.alphabeta(AIMA), order_numbers=True)
    painted = PaintedFigure(figure)
    steps = [*range(len(painted) + 1), 30, 2, len(painted), 0, 17]
    for step in steps:
        assert tree_part(painted.svg(step)) == tree_part(figure.frame(step)), step


@needs_ipywidgets
def test_stepper_paints_a_step_only_when_the_slider_reaches_it(monkeypatch):
    def no_frames(*args, **kwargs):
        raise AssertionError("the stepper drew frames")

    monkeypatch.setattr(Figure, "frames", no_frames)  # (Figure.frame goes through frames too)
    asked = []
    paint = PaintedFigure.svg
    monkeypatch.setattr(PaintedFigure, "svg", lambda self, step: asked.append(step) or paint(self, step))
    trace = tracer.alphabeta(AIMA)
    cutoff = first_step(trace, "cutoff", (1,))  # C's cutoff: I and J pruned
    widget = stepper(trace)
    assert asked == [0]
    controls, view, words = widget.children
    slider = controls.children[1]
    assert slider.max == len(trace)
    slider.value = cutoff
    assert asked == [0, cutoff]
    assert html.unescape(words.value).endswith(captions(trace)[cutoff] + "</p>")
    monkeypatch.undo()
    assert tree_part(view.value) == tree_part(Figure(trace).frame(cutoff))
    pruned = {gid for gid, (classes, *_) in tree_part(view.value).items() if "pruned" in classes.split() and "-n-" in gid}
    assert {gid.rsplit("-n-", 1)[1] for gid in pruned} == {"1-1", "1-2"}  # I and J


def test_stepper_without_ipywidgets_says_how_to_get_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "ipywidgets", None)  # as if not installed: importing it fails
    with pytest.raises(RenderError, match="pip install"):
        stepper(tracer.alphabeta(AIMA))


def test_import_tracer_stays_light():
    code = "import sys, tracer; print(sorted(m for m in ('graphviz', 'jinja2', 'tracer.render') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "[]"
