"""Writing trace files (format version 2), as a stream: while the search runs, if need be.

A trace file is one JSON object, one item per line, in this order::

    {
    "format": "tracer-trace",
    "version": 2,
    "tracer": "<the version that wrote it>",
    "source": {"kind": "tree", "players": [...]} or {"kind": "game", "game": ..., "position": ...},
    "settings": {...},
    "nodes": [                                (a tree's nodes in preorder; games have none)
    {"label": "A", "type": "max", "children": 3},
    ...
    ],
    "events": [                               (see tracer.trace.codec: nodes by number)
    ["enter", null, 0, "-inf", "inf"],
    ...
    ],
    "result": {"value": 3, "best": "0", "bound": "exact", "stats": {...}}
    }

The result comes last, so a search can write its events as it makes them
(:class:`TraceWriter` is a sink the search appends to) without keeping millions of them
in memory. A name ending in ``.gz`` gets a gzip file (its header dated 0, so the same
trace gives the same bytes).
"""

from __future__ import annotations

import gzip
import io
import json
from collections.abc import Callable, Iterable
from pathlib import Path as FilePath
from typing import IO, Any

from tracer._version import __version__
from tracer.files import atomic_write
from tracer.game.loader import class_of
from tracer.game.model import Tree
from tracer.game.protocol import Game, TreeGame
from tracer.recursion import quiet_gc
from tracer.search.common import BatchSink, SearchRun
from tracer.search.conventions import SearchSettings
from tracer.search.run import prepare_search, run_search
from tracer.trace.codec import EventEncoder
from tracer.trace.json_values import to_json_data
from tracer.trace.model import Trace
from tracer.trace.schema import FORMAT, VERSION
from tracer.trace.tree_rows import node_row

__all__ = [
    "TraceWriter", "dump_trace", "open_for_writing", "result_of", "save_search", "save_trace", "source_of", "trace_header", "write_search",
]

def source_of(game: Game) -> dict[str, Any]:
    """What a trace was searched on: a tree (its players) or a game (its name and position)."""
    if isinstance(game, TreeGame):
        return {"kind": "tree", "players": list(game.tree.players)}
    source = {"kind": "game", "game": game.name, "position": getattr(game, "position", "")}
    course_class = class_of(game)
    if course_class is not None:
        source["class"] = course_class  # named, never imported again when the trace is read
    return source


def trace_header(game: Game, settings: SearchSettings) -> dict[str, Any]:
    """Everything a trace file says before its nodes and events."""
    return to_json_data({
        "format": FORMAT, "version": VERSION, "tracer": __version__, "source": source_of(game), "settings": settings.to_dict(),
    })


def result_of(run: SearchRun) -> dict[str, Any]:
    """The result a trace file ends with."""
    result: dict[str, Any] = {"value": run.value, "best": run.best, "bound": run.bound, "stats": dict(run.stats)}
    if run.iterations:
        result["iterations"] = run.iterations
    return to_json_data(result)  # type: ignore[no-any-return]


class TraceWriter(BatchSink):
    """Writes one trace file: the header and nodes at once, the events as the search makes them
    (the writer is the search's sink, taking them a batch at a time), the result when
    :meth:`finish` is called."""

    def __init__(self, file: IO[str], game: Game, settings: SearchSettings, progress: Callable[[int], Any] | None = None) -> None:
        super().__init__()
        self.file = file
        self._encoder = EventEncoder()
        self._first = True
        self._progress = progress
        self.count = 0
        file.write("{\n")
        for name, value in trace_header(game, settings).items():
            file.write(f"{json.dumps(name)}: {json.dumps(value, ensure_ascii=False, allow_nan=False)},\n")
        if isinstance(game, TreeGame):
            self._write_nodes(game.tree)
        file.write('"events": [\n')

    def _write_nodes(self, tree: Tree) -> None:
        rows = (json.dumps(node_row(node), ensure_ascii=False, allow_nan=False) for node in tree.preorder())
        self.file.write('"nodes": [\n' + ",\n".join(rows) + "\n],\n")

    def extend(self, events: Iterable[tuple[Any, ...]]) -> None:
        for raw in events:
            self.append(raw)

    def take(self, events: list[tuple[Any, ...]]) -> None:
        self.file.write(("" if self._first else ",\n") + ",\n".join(self._encoder.lines(events)))
        self._first = False
        self.count += len(events)
        if self._progress is not None:
            self._progress(len(events))

    def finish(self, run: SearchRun) -> None:
        """Write what is left and the result; the file is then complete."""
        self.drain()
        self.file.write(f'\n],\n"result": {json.dumps(result_of(run), ensure_ascii=False, allow_nan=False)}\n}}\n')


def dump_trace(trace: Trace, file: IO[str], progress: Callable[[int], Any] | None = None) -> None:
    """Write a trace that is in memory to an open text file."""
    writer = TraceWriter(file, trace.game, trace.settings, progress)
    writer.extend(trace.raw_events)
    writer.finish(trace.run)


def open_for_writing(target: str | FilePath, binary: IO[bytes]) -> io.TextIOWrapper:
    """A text stream into ``binary``: gzip-compressed (dated 0, so bytes repeat) when ``target`` ends with .gz."""
    if str(target).endswith(".gz"):
        return io.TextIOWrapper(gzip.GzipFile(filename="", mode="wb", fileobj=binary, mtime=0, compresslevel=6), encoding="utf-8", newline="\n")
    return io.TextIOWrapper(binary, encoding="utf-8", newline="\n")


def _write_text(target: str | FilePath, write: Callable[[IO[str]], Any]) -> None:
    def into(binary: IO[bytes]) -> None:
        text = open_for_writing(target, binary)
        write(text)
        text.flush()
        inner = text.detach()  # the file itself is closed by atomic_write
        if isinstance(inner, gzip.GzipFile):
            inner.close()  # writes gzip's trailer

    atomic_write(target, into, mode="wb")


def save_trace(trace: Trace, target: str | FilePath) -> None:
    """Write ``trace`` to the file ``target`` (gzip when it ends with .gz), atomically."""
    with quiet_gc():
        _write_text(target, lambda file: dump_trace(trace, file))


def write_search(game: Game, settings: SearchSettings, file: IO[str], progress: Callable[[int], Any] | None = None) -> SearchRun:
    """Search ``game`` and write the trace to ``file`` while it runs, keeping no event in memory."""
    game, settings = prepare_search(game, settings)
    writer = TraceWriter(file, game, settings, progress)
    run = run_search(game, settings, sink=writer)
    writer.finish(run)
    return run


def save_search(game: Game, settings: SearchSettings, target: str | FilePath, progress: Callable[[int], Any] | None = None) -> SearchRun:
    """Search ``game`` and write its trace to the file ``target`` as it runs (gzip for .gz), atomically."""
    runs: list[SearchRun] = []
    with quiet_gc():
        _write_text(target, lambda file: runs.append(write_search(game, settings, file, progress)))
    return runs[0]
