"""Checking a batch of answer files on the cores the machine gives tracer.

A class's thousand answer files are independent of each other. On Linux, where a process
forks with everything already loaded (the keys read so far, the language, the points),
worker processes check them, and the results come back in the files' order, each as if
checked alone, so reports are the same byte for byte. A small batch (fewer than
:data:`MIN_FILES`), a single core, or another system checks them one by one here.
``TRACER_JOBS`` (a whole number) sets how many processes check at once; 1 turns the
workers off.

Checking a file never fails (:func:`tracer.grading.check.check_file` turns any failure
into the file's entry); should a worker die all the same, the files it had not returned
are checked again here, so nothing is lost.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

__all__ = ["MIN_FILES", "WORKER_GC_THRESHOLD", "jobs_for", "map_in_order"]

MIN_FILES = 64
"""Fewer files are checked in this process: starting workers would cost more than it saves."""

MAX_JOBS = 8

Item = TypeVar("Item")
Out = TypeVar("Out")

_TASK: tuple[Callable[[Any], Any], Sequence[Any]] | None = None  # what forked workers run (they inherit it)


def jobs_for(count: int) -> int:
    """How many processes check ``count`` files: 1 unless the batch, the cores and the system allow more."""
    wanted = os.environ.get("TRACER_JOBS", "").strip()
    if wanted.isdigit() and int(wanted) >= 1:
        limit = int(wanted)
    else:
        try:
            limit = len(os.sched_getaffinity(0))
        except (AttributeError, OSError):  # no affinity on this system
            limit = os.cpu_count() or 1
    if count < MIN_FILES or not sys.platform.startswith("linux"):
        return 1
    return max(1, min(limit, MAX_JOBS, count // (MIN_FILES // 2)))


WORKER_GC_THRESHOLD = 10_000
"""How many new objects a worker makes before its garbage collector looks at the young ones (Python's
default is 700): each file makes thousands that live a moment, and looking at them that often cost
2-3% of a class's checking. Memory stays bounded: the collector still runs."""


def _start_worker() -> None:
    import gc

    gc.set_threshold(WORKER_GC_THRESHOLD, *gc.get_threshold()[1:])


def _run(index: int) -> Any:
    assert _TASK is not None
    function, items = _TASK
    return function(items[index])


def map_in_order(function: Callable[[Item], Out], items: Sequence[Item], jobs: int) -> Iterator[Out]:
    """``function`` of each item, in order, computed by ``jobs`` forked processes (here when 1)."""
    if jobs <= 1:
        yield from map(function, items)
        return
    import gc
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    global _TASK
    _TASK = (function, items)
    # The workers inherit everything loaded here; frozen, it is never scanned by their garbage
    # collector, which would write to (and so copy) every page of it: 10-15% of a class's checking.
    gc.freeze()
    done = 0
    try:
        with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork"), initializer=_start_worker) as pool:
            for result in pool.map(_run, range(len(items)), chunksize=max(1, len(items) // (jobs * 8))):
                done += 1
                yield result
    except BrokenProcessPool:  # a worker died: check what it had not returned here
        yield from map(function, items[done:])
    finally:
        _TASK = None
        gc.unfreeze()
