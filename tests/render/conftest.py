"""Fixtures for the figure tests; tests marked needs_dot are skipped where Graphviz is missing."""

from __future__ import annotations

import shutil

import pytest
from render_helpers import AIMA, NASTY

import tracer


def pytest_collection_modifyitems(config, items):
    if shutil.which("dot") and shutil.which("neato"):
        return
    skip = pytest.mark.skip(reason="Graphviz (dot) is not installed")
    for item in items:
        if "needs_dot" in item.keywords:
            item.add_marker(skip)


@pytest.fixture
def aima_trace():
    return tracer.alphabeta(AIMA)


@pytest.fixture
def nasty_tree():
    import json

    return tracer.parse_tree(json.dumps(NASTY))
