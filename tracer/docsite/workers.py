"""The plugin's workers: fences traced and drawn by forked processes while the pages are built.

Pages are built one after another; tracing and drawing their trees is the build's main
cost, and independent. :class:`Workers` starts a pool of processes (one per core) before
the first page and hands them every fence missing from the render cache, a few per task
(fewer messages between processes); the pages' Markdown and theme are built meanwhile,
and a page asks for its fences' HTML (:meth:`Workers.result`) only when it is written.
The workers run at a lower priority than the build: with one process more than the cores,
the build goes first and they take what it leaves.
A fence that fails in a worker gives None: the page's build draws it again, and reports why.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["Pending", "Workers"]

Draw = Callable[[tuple[Any, ...]], str]
"""What draws one fence: its job (language, body, options, ...) -> its HTML."""


@dataclass(frozen=True)
class Pending:
    """A page's slot whose fence a worker is drawing: its cache key, anchor, job and line on the page."""

    key: str
    anchor: str
    job: tuple[Any, ...]
    line: int


class Workers:
    """A pool of forked processes drawing fences, and each fence's place in their tasks."""

    def __init__(self) -> None:
        self.pool: Any = None
        self.pending: dict[str, tuple[Any, int]] = {}  # cache key -> (a task's future, the fence's place in it)

    def __contains__(self, key: str) -> bool:
        return key in self.pending

    def start(self, jobs: list[tuple[str, tuple[Any, ...]]], draw: Draw) -> None:
        """Hand ``jobs`` ((cache key, job), each key once) to a new pool; nothing is started on
        one core, for fewer than 4 fences, or where processes cannot be forked."""
        self.close()
        workers = min(os.cpu_count() or 1, len(jobs))
        if workers < 2 or len(jobs) < 4:
            return
        from concurrent.futures import ProcessPoolExecutor
        from multiprocessing import get_context

        try:
            context = get_context("fork")
        except ValueError:  # no fork on this platform: pages render one by one
            return
        self.pool = ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_yield_to_the_build)
        size = max(1, len(jobs) // (4 * workers))
        for start in range(0, len(jobs), size):
            chunk = jobs[start:start + size]
            future = self.pool.submit(_draw_chunk, draw, [job for _, job in chunk])
            for index, (key, _) in enumerate(chunk):
                self.pending[key] = (future, index)

    def result(self, key: str) -> str | None:
        """The HTML a worker drew for ``key`` (waiting for it), or None where it failed."""
        future, index = self.pending[key]
        html: str | None = future.result()[index]
        return html

    def close(self) -> None:
        """Stop the pool (fences not drawn yet are dropped)."""
        if self.pool is not None:
            self.pool.shutdown(cancel_futures=True)
        self.pool = None
        self.pending = {}


def _yield_to_the_build() -> None:
    """A worker runs below the build's priority: where the cores are fewer than the processes, the
    pages' build (which takes the fences' HTML at the end) goes first, and the workers take the rest."""
    try:
        os.nice(5)
    except OSError:  # not allowed here: the workers share the cores evenly
        pass


def _draw_chunk(draw: Draw, jobs: list[tuple[Any, ...]]) -> list[str | None]:
    """A worker's task: each fence's HTML, or None where it failed (the page's build reports why)."""
    out: list[str | None] = []
    for job in jobs:
        try:
            out.append(draw(job))
        except Exception:
            out.append(None)
    return out
