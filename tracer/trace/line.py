"""The principal variation, followed from a search's events as they come, in little memory.

A :class:`LineTracker` is a search's sink (or is fed a trace's events): for each node
being searched it keeps the lines of the children that have returned, and when the node
returns it keeps only the line through its best child. So it never holds more than the
call stack's worth of lines, whatever the size of the search, and a key that needs no
node list (a game's) needs neither the events nor the game's tree.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from tracer.game.model import NodePath
from tracer.search.events import RawEvent, dispatch, fields_of, kind_of

__all__ = ["LineTracker"]

# A line as a linked pair (first node, rest of the line), so that a node's line shares its child's.
Line = tuple[NodePath, Any] | None


class LineTracker:
    """Follows ``enter``/``leave`` events; :attr:`line` is then the principal variation (the
    last iteration's, with iterative deepening), from the root's best child down."""

    calls_only = True
    """Only ``enter``, ``leave`` and ``iteration_start`` matter here: a search given this sink emits no other event."""

    def __init__(self) -> None:
        # for each node being searched, its returned children's lines (None until one returns with a line:
        # most nodes are leaves, and no dict is made for them)
        self._frames: list[dict[NodePath, Line] | None] = []
        self._root: Line = None
        self._handlers: dict[str, Callable[..., Any]] = {"enter": self._enter, "leave": self._leave, "iteration_start": self._iteration_start}

    def append(self, raw: RawEvent) -> None:
        # one event at a time from a search (a game's key: 1.1 million): no dispatch, a leaf's enter costs no call
        kind = kind_of(raw)
        if kind == "enter":
            self._frames.append(None)
        elif kind == "leave":
            self._leave(*fields_of(raw))
        elif kind == "iteration_start":
            self._frames = []

    def extend(self, events: Iterable[RawEvent]) -> LineTracker:
        """Follow a batch of events (a trace file's, as it is checked)."""
        dispatch(events, self._handlers)
        return self

    def _enter(self, node: NodePath, depth: int, alpha: Any, beta: Any) -> None:
        self._frames.append(None)

    def _leave(self, node: NodePath, value: Any, bound: str, best: NodePath | None) -> None:
        frames = self._frames
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

    def _iteration_start(self, depth: int) -> None:
        self._frames = []

    @property
    def line(self) -> tuple[NodePath, ...]:
        out: list[NodePath] = []
        line = self._root
        while line is not None:
            out.append(line[0])
            line = line[1]
        return tuple(out)
