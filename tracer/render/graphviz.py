"""The one door to Graphviz: the only place tracer starts ``dot`` or ``neato``.

Figures do not need Graphviz (:mod:`~tracer.render.layout` places every node itself);
the PNG and PDF exports do (:mod:`~tracer.render.exports` hands each picture to
``neato -n2``). A missing program is a :class:`~tracer.render.errors.GraphvizNotFound`
whose message says how to install Graphviz; a failing or slow one a
:class:`~tracer.render.errors.GraphvizFailed` with Graphviz's last line of complaint.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Sequence

from tracer.render.errors import GraphvizFailed, GraphvizNotFound

__all__ = ["TIMEOUT", "find_program", "run_graphviz"]

TIMEOUT = 120.0
"""Seconds a Graphviz run may take before it is stopped."""


def find_program(program: str = "dot") -> str:
    """The full path of a Graphviz program; GraphvizNotFound when it is not installed."""
    found = shutil.which(program)
    if found is None:
        raise GraphvizNotFound(program)
    return found


def run_graphviz(
    args: Sequence[str], data: str | None = None, *, program: str = "dot", cwd: str | None = None, timeout: float = TIMEOUT
) -> bytes:
    """Run a Graphviz program with ``args``, ``data`` on its standard input; its output."""
    executable = find_program(program)
    try:
        done = subprocess.run(
            [executable, *args],
            input=data.encode("utf-8") if data is not None else None,
            capture_output=True,
            cwd=cwd,
            timeout=timeout,
            check=False,
            env={**os.environ, "LC_ALL": "C.UTF-8"},
        )
    except subprocess.TimeoutExpired:
        raise GraphvizFailed(f"Graphviz ({program}) took more than {timeout:g} seconds and was stopped; draw fewer nodes (a smaller depth to draw)") from None
    except OSError as error:
        raise GraphvizFailed(f"Graphviz ({program}) could not run: {error.strerror or error}") from None
    if done.returncode != 0:
        message = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise GraphvizFailed(f"Graphviz ({program}) failed: {message[-1] if message else f'exit status {done.returncode}'}")
    return done.stdout
