"""Reading trace files (versions 1 and 2), as a stream, and checking that they are what a search did.

:func:`load_trace` gives a :class:`~tracer.trace.model.Trace`; :func:`open_trace` gives a
:class:`TraceFile` whose events are read as they are needed, for commands that only
need what a pass over them gives (``tracer key`` of a game's trace keeps none of them).

Either way the trace's tree or game is searched again with its recorded settings
(searches are deterministic) and every event is compared with the search's, as they
come, so that a key or a figure is never made from an edited or truncated trace: the
first event that differs is named. The result, at the end of the file, must be the
search's too.

Files written by :mod:`tracer.trace.writer` have one item per line and are read line
by line, in batches; any other layout (a file reformatted by another tool, or of
version 1) is read whole, through :mod:`tracer.reading`'s limits, and checked the same way.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path as FilePath
from typing import IO, Any

from tracer.errors import InputError, Option, TraceFormatError
from tracer.game.games import make_game
from tracer.game.protocol import Game, TreeGame
from tracer.reading import load_json, open_text, read_input
from tracer.reading.nesting import ROW_DEPTH, loads_row, shallow
from tracer.recursion import quiet_gc
from tracer.search.common import SearchRun
from tracer.search.conventions import SearchSettings
from tracer.search.run import with_evaluation
from tracer.trace.codec import CodecError, EventDecoder
from tracer.trace.json_values import decode_value
from tracer.trace.model import Trace
from tracer.trace.schema import FORMAT, Decoders, FieldError, check_field
from tracer.trace.section import EventSection
from tracer.trace.tree_rows import read_tree
from tracer.trace.verify import Comparer, LineComparer, changed, compare_result
from tracer.words import say

__all__ = ["TraceFile", "load_trace", "open_trace", "read_trace"]

VERSIONS = (1, 2)
_BATCH = 20_000


def load_trace(source: str | FilePath) -> Trace:
    """Read and check a trace file (gzip when compressed); TraceFormatError names what is wrong."""
    with open_trace(source) as file:
        return file.trace()


def open_trace(source: str | FilePath) -> TraceFile:
    """A trace file opened for reading as a stream (use it in a ``with`` block)."""
    return TraceFile(source)


def read_trace(data: Any, *, source: str = "<trace>") -> Trace:
    """A :class:`Trace` from parsed JSON data (version 1 or 2), after checking it."""
    with TraceFile(source, data=data) as file:
        return file.trace()


class TraceFile:
    """One trace file: its header (``game``, ``settings``) at once, its events as they are read.

    :meth:`trace` reads every event and gives the checked :class:`Trace`;
    :meth:`search_again` searches again while reading, comparing, and keeps the events
    only when asked (``sink`` also receives them, for a consumer such as a key).
    """

    def __init__(self, source: str | FilePath, *, data: Any = None) -> None:
        self.name = str(source)
        self._stream: IO[str] | None = None
        self._whole: dict[str, Any] | None = None
        self._lines: Iterator[str] | None = None
        self._in_events = False
        self.result: dict[str, Any] | None = None
        if data is not None:
            self._whole = data if isinstance(data, dict) else {"": data}
            header = self._whole
        else:
            header = self._open()
        self._read_header(header)

    def __enter__(self) -> TraceFile:
        return self

    def __exit__(self, *exc: object) -> None:
        if self._stream is not None:
            self._stream.close()

    def fail(self, message: str, hint: str | None = None) -> TraceFormatError:
        return TraceFormatError(message, source=self.name, hint=hint)

    # -- opening: our own line layout, else the whole file ----------------------------------------
    def _open(self) -> dict[str, Any]:
        stream = open_text(self.name, kind="trace", error=TraceFormatError, what=say("trace.what", "the trace"))
        self._stream = stream
        header: dict[str, Any] = {}
        try:
            first = stream.readline()
            if first.strip() == "{":
                for line in stream:
                    line = line.rstrip("\n")
                    if line in ('"nodes": [', '"events": ['):
                        self._in_events = line == '"events": ['
                        header["\0section"] = line
                        self._lines = self._checked_lines(stream)
                        return header
                    name, _, value = line.partition(": ")
                    try:
                        header[loads_row(name)] = loads_row(value.rstrip(","))
                    except (ValueError, TypeError):
                        break
        except UnicodeDecodeError as problem:
            raise self.fail(say("trace.not_utf8", "the trace is not UTF-8 text (byte {byte} of a line cannot be read)", byte=problem.start + 1)) from None
        # another layout: read the whole text (its size and nesting checked) and use the objects
        stream.close()
        self._stream = None
        text = read_input(self.name, kind="trace", error=TraceFormatError, what=say("trace.what", "the trace"), compressed=True)
        self._whole = load_json(text, self.name, error=TraceFormatError)
        return self._whole if isinstance(self._whole, dict) else {}

    def _checked_lines(self, stream: IO[str]) -> Iterator[str]:
        try:
            for line in stream:
                if "\0" in line:
                    raise self.fail(say("trace.nul", "the trace is not text (it holds NUL bytes)"))
                yield line
        except UnicodeDecodeError as problem:
            raise self.fail(say("trace.not_utf8", "the trace is not UTF-8 text (byte {byte} of a line cannot be read)", byte=problem.start + 1)) from None

    def _read_header(self, header: dict[str, Any]) -> None:
        if not isinstance(header, dict) or header.get("format") != FORMAT:
            raise self.fail(say("trace.not_trace", 'this is not a tracer trace (no "format": "tracer-trace")'),
                            hint=say("trace.not_trace.hint", "give a file written by tracer trace"))
        version = header.get("version")
        if version not in VERSIONS:
            raise self.fail(
                say("trace.version", "this trace has format version {version}; this tracer reads versions {first} and {last}", version=repr(version),
                    first=VERSIONS[0], last=VERSIONS[-1]),
                hint=say("trace.version.hint", "write the trace again with this tracer, or use the tracer that wrote it"),
            )
        self.version: int = version
        for key in ("source", "settings"):
            if key not in header:
                raise self.fail(say("trace.missing", "the trace has no {key}", key=repr(key)), hint=_incomplete())
        try:
            self.settings = SearchSettings.from_dict(header["settings"])
        except (InputError, TypeError, ValueError, AttributeError) as error:
            raise self.fail(f"bad settings: {error}") from None
        if version == 1:
            self.result = header.get("result")
        origin = header["source"]
        kind = origin.get("kind") if isinstance(origin, dict) else None
        if kind == "game":
            course_class = origin.get("class")
            if course_class is not None:
                # Reading a file must not run a course's code: the user asks for that by naming the class.
                raise TraceFormatError(
                    say("trace.course.game", "this trace searched the course's own game {name}, whose code tracer runs only when asked",
                        name=str(course_class)),
                    source=self.name, hint=say("trace.course.game.hint", "search it again with {{0}}"),
                    options=(Option("game", str(course_class)),),
                )
            try:
                self.game: Game = with_evaluation(make_game(str(origin.get("game")), origin.get("position")), self.settings.evaluation)
            except InputError as error:
                raise self.fail(say("trace.game", "the trace's game cannot be set up: {problem}", problem=error)) from None
            if self._lines is not None and header.get("\0section") == '"nodes": [':
                self._skip_section()  # version 1 wrote a game's nodes: they are derived from the events
        elif kind == "tree":
            players = origin.get("players", ["max", "min"])
            if self._lines is not None:
                if header.get("\0section") != '"nodes": [':
                    raise self.fail(say("trace.nodes.missing", "a tree trace needs its nodes"), hint=_incomplete())
                rows = self._section_rows()
            else:
                rows = (self._whole or {}).get("nodes")  # type: ignore[assignment]
            tree = read_tree(rows, players, self.fail, version)
            self.game = TreeGame(tree)
        else:
            raise self.fail(say("trace.source", "the trace's source must be a tree or a game"))

    # -- sections of the line layout ---------------------------------------------------------------
    def _section_rows(self) -> list[Any]:
        assert self._lines is not None
        rows: list[str] = []
        for line in self._lines:
            stripped = line.rstrip("\n")
            if stripped in ("],", "]"):
                break
            rows.append(stripped.rstrip(","))
        try:
            if not all(shallow(row) for row in rows):
                raise ValueError(say("trace.row.deep", "a row is nested more than {limit} levels deep", limit=ROW_DEPTH))
            return json.loads("[" + ",".join(rows) + "]")
        except ValueError as error:
            raise self.fail(say("trace.nodes.json", "the nodes are not valid JSON: {problem}", problem=error), hint=changed()) from None

    def _skip_section(self) -> None:
        assert self._lines is not None
        for line in self._lines:
            if line.rstrip("\n") in ("],", "]"):
                return

    def _events_section(self) -> EventSection | None:
        """The events of a file in the line layout, past the line that opens them (None: read whole)."""
        if self._lines is None:
            return None
        if not self._in_events:  # after a tree's nodes, the events' section opens
            opening = next(self._lines, "").rstrip()
            if opening != '"events": [':
                raise self.fail(say("trace.events.after_nodes", "the trace has no events after its nodes"), hint=changed())
            self._in_events = True
        assert self._stream is not None
        return EventSection(self._stream, self._lines, self.fail)

    def _event_items(self, section: EventSection | None = None) -> Iterator[str | list[Any]]:
        """The events in order: each line's text (tracer's layout, without its comma) or, for a
        file read whole, each parsed row; then :attr:`result` is read."""
        if self._lines is None:
            rows = (self._whole or {}).get("events")
            if not isinstance(rows, list):
                raise self.fail(say("trace.events.missing", "the trace has no events"), hint=_incomplete())
            yield from rows
            if self.version == 2:
                self.result = (self._whole or {}).get("result")
            return
        lines = (section or self._events_section()).lines()  # type: ignore[union-attr]  # a line layout has a section
        ended = False
        for line in lines:
            stripped = line.rstrip()
            if stripped in ("],", "]"):
                ended = True
                break
            yield stripped.rstrip(",")
        if not ended:
            raise self.fail(say("trace.events.unended", "the events end without the end of the file"), hint=changed())
        if self.version == 2:
            rest = "".join(lines).strip()
            if not (rest.startswith('"result": ') and rest.endswith("}")):
                raise self.fail(say("trace.result.missing", "the trace has no result after its events"), hint=changed())
            try:
                self.result = loads_row(rest[len('"result": '):].rstrip().rstrip("}").rstrip())
            except ValueError:
                raise self.fail(say("trace.result.json", "the result is not valid JSON"), hint=changed()) from None

    def _event_rows(self) -> Iterator[Any]:
        """The events' JSON arrays, in order, parsed in batches."""
        batch: list[str] = []
        for item in self._event_items():
            if not isinstance(item, str):
                yield item
                continue
            batch.append(item)
            if len(batch) >= _BATCH:
                yield from self._parse(batch)
                batch = []
        yield from self._parse(batch)

    def _parse(self, batch: list[str]) -> list[Any]:
        if not batch:
            return []
        try:
            if not all(shallow(item) for item in batch):
                raise ValueError(say("trace.event.deep", "an event is nested more than {limit} levels deep", limit=ROW_DEPTH))
            return json.loads("[" + ",".join(item for item in batch if item) + "]")  # type: ignore[no-any-return]
        except ValueError as error:
            raise self.fail(say("trace.events.json", "an event is not valid JSON: {problem}", problem=error), hint=changed()) from None

    def events(self) -> Iterator[tuple[Any, ...]]:
        """Every event, decoded into paths, as it is read; TraceFormatError names a bad one."""
        decode = EventDecoder().event if self.version == 2 else _V1Decoder().event
        for index, row in enumerate(self._event_rows()):
            try:
                yield decode(row)
            except CodecError as error:
                raise self.fail(f"event {index + 1}: {error}", hint=changed()) from None

    # -- checking by searching again -----------------------------------------------------------------
    def search_again(self, *, keep: bool = True, sink: Any = None) -> SearchRun:
        """Search the trace's tree or game again, comparing each event with the file's as it is read.

        Returns the run (its events the list of events when ``keep``); ``sink`` also receives them.
        """
        from tracer.search.run import run_search

        comparer: Comparer | LineComparer
        if self.version == 2:
            section = self._events_section()
            comparer = LineComparer(self._event_items(section), self.fail, keep=keep, sink=sink,
                                     match=section.match if section is not None else None)
        else:
            comparer = Comparer(self.events(), self.fail, keep=keep, sink=sink)
        try:
            with quiet_gc():
                run = run_search(self.game, self.settings, sink=comparer)
        except TraceFormatError:
            raise  # the file, not the search: the comparer names the event
        except InputError as error:
            raise self.fail(say("trace.search", "the trace's search cannot be run again: {problem}", problem=error.message), hint=changed()) from None
        comparer.finish()
        compare_result(run, self._recorded_result(), self.fail)
        run.events = comparer.kept if keep else []
        return run

    def _recorded_result(self) -> SearchRun:
        result = self.result
        if not isinstance(result, dict) or check_field("value", result.get("value")) or check_field("path?", result.get("best")):
            raise self.fail(say("trace.result.fields", "the result needs a value and a best move (a path or null)"), hint=changed())
        from tracer.game.model import parse_path

        try:
            return SearchRun(
                value=decode_value(result["value"]),
                best=parse_path(result["best"]) if result.get("best") is not None else None,
                bound=result.get("bound", "exact"),
                events=[],
                stats={str(k): int(v) for k, v in result.get("stats", {}).items()},
                iterations=[
                    {**it, "value": decode_value(it.get("value")), "best": parse_path(it["best"]) if it.get("best") is not None else None}
                    for it in result.get("iterations", [])
                ],
            )
        except (TypeError, ValueError, AttributeError, KeyError):
            raise self.fail(say("trace.result.bad", "the result is not what tracer writes"), hint=changed()) from None

    def trace(self) -> Trace:
        """The checked trace, every event in memory."""
        return Trace(self.game, self.settings, self.search_again(keep=True))


def _incomplete() -> str:
    return say("trace.incomplete", "the file is incomplete; write it again")


class _V1Decoder:
    """Version 1 events: every node written as its path (``"1.0"``)."""

    def __init__(self) -> None:
        self._fields = Decoders().for_events()

    def event(self, row: Any) -> tuple[Any, ...]:
        fields = self._fields.get(row[0]) if isinstance(row, list) and row and isinstance(row[0], str) else None
        if fields is None:
            raise CodecError(say("trace.event.unknown", "unknown event {kind}", kind=repr(row[0] if isinstance(row, list) and row else row)))
        if len(row) != len(fields) + 1:
            raise CodecError(say("trace.event.fields", "{kind} has {found} fields, not {expected}", kind=row[0], found=len(row) - 1, expected=len(fields)))
        try:
            return (row[0], *[decode(value) for (_, decode), value in zip(fields, row[1:])])
        except FieldError:
            for (name, decode), value in zip(fields, row[1:]):
                try:
                    decode(value)
                except FieldError as error:
                    raise CodecError(say("trace.field.bad", "{name} is {value}; it must be {expected}", name=name, value=repr(value), expected=error.expected)) from None
            raise
