"""The principal variation, followed from a trace's events as they come, in little memory.

A search finds its own line (:attr:`~tracer.search.common.SearchRun.line`); a trace's
events say it too, and a key made from a trace follows them, so that the key says what
the trace shows. A :class:`LineTracker` is fed the events (or is a search's sink): for
each node being searched it keeps the lines of the children that have returned, and when
the node returns it keeps only the line through its best child. So it never holds more
than the call stack's worth of lines, whatever the size of the search.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tracer.game.model import NodePath
from tracer.search.common import BatchSink
from tracer.search.events import RawEvent, fields_of, kind_of

__all__ = ["LineTracker"]

# A line as a linked pair (first node, rest of the line), so that a node's line shares its child's.
Line = tuple[NodePath, Any] | None


class LineTracker(BatchSink):
    """Follows ``enter``/``leave`` events; :attr:`line` is then the principal variation (the
    last iteration's, with iterative deepening), from the root's best child down.

    As a search's sink it takes a batch at a time (:class:`~tracer.search.common.BatchSink`):
    a whole game's trace has millions of events, and a call per event was a fifth of the time."""

    def __init__(self) -> None:
        super().__init__()
        # for each node being searched, its returned children's lines (None until one returns with a line:
        # most nodes are leaves, and no dict is made for them)
        self._frames: list[dict[NodePath, Line] | None] = []
        self._root: Line = None

    def extend(self, events: Iterable[RawEvent]) -> LineTracker:
        """Follow a batch of events (a trace file's, as it is checked)."""
        self.drain()
        self.take(events)
        return self

    def take(self, events: Iterable[RawEvent]) -> None:
        frames = self._frames
        opened = frames.append
        for raw in events:
            kind = kind_of(raw)
            if kind == "enter":
                opened(None)
            elif kind == "leave":
                node, _value, _bound, best = fields_of(raw)
                frame = frames.pop()
                line: Line = (best, frame.get(best) if frame is not None else None) if best is not None else None
                if not frames:
                    self._root = line
                elif line is not None:  # a child without a line needs no entry: get() gives None for it
                    parent = frames[-1]
                    if parent is None:
                        frames[-1] = {node: line}
                    else:
                        parent[node] = line
            elif kind == "iteration_start":
                frames.clear()

    @property
    def line(self) -> tuple[NodePath, ...]:
        self.drain()
        out: list[NodePath] = []
        line = self._root
        while line is not None:
            out.append(line[0])
            line = line[1]
        return tuple(out)
