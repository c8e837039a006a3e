"""Room for deep trees: parsers and searches recurse once per level of the tree."""

from __future__ import annotations

import gc
import sys
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["MAX_DEPTH", "deep_recursion", "quiet_gc"]

MAX_DEPTH = 20_000
"""Deepest tree tracer accepts (levels below the root)."""


@contextmanager
def deep_recursion(levels: int = MAX_DEPTH) -> Iterator[None]:
    """Raise the interpreter's recursion limit for ``levels`` nested calls, then restore it.

    Since Python 3.11 a call from Python to Python does not use the C stack, so a high
    limit is safe for our own recursive search; C parsers (json) use a few hundred bytes
    of C stack per level, which 20,000 levels keep well inside the default 8 MB.
    """
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 4 * levels + 1000))
    try:
        yield
    finally:
        sys.setrecursionlimit(old)


@contextmanager
def quiet_gc() -> Iterator[None]:
    """Pause the cyclic garbage collector while millions of small tuples are recorded.

    The events hold no reference cycles, and the collector's repeated scans of a
    growing list were measured to cost as much as the search itself. On the way out
    the objects made meanwhile are frozen (moved out of the collector's sight; reference
    counting still frees them), or the first collection after re-enabling would scan
    them all at once: seconds for a million-node tree.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.freeze()
            gc.enable()
