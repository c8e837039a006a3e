"""Notebooks: traces and steps display as SVG; the stepper is an optional extra."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from types import SimpleNamespace

import pytest
from render_helpers import AIMA, parse

import tracer
from tracer.render import RenderError, show
from tracer.render.jupyter import load_ipython_extension, stepper


def test_a_figure_and_a_step_display_as_svg():
    trace = tracer.alphabeta(AIMA)
    final, step = show(trace), show(trace, step=24)
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


@pytest.mark.skipif(importlib.util.find_spec("ipywidgets") is None, reason="ipywidgets (the notebook extra) is not installed")
def test_stepper_steps_through_the_frames():
    widget = stepper(tracer.alphabeta(AIMA))
    controls, view = widget.children
    slider = controls.children[1]
    slider.value = 24
    assert "so MAX will never choose C" in view.value


def test_stepper_without_ipywidgets_says_how_to_get_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "ipywidgets", None)  # as if not installed: importing it fails
    with pytest.raises(RenderError, match="pip install"):
        stepper(tracer.alphabeta(AIMA))


def test_import_tracer_stays_light():
    code = "import sys, tracer; print(sorted(m for m in ('graphviz', 'jinja2', 'tracer.render') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "[]"
