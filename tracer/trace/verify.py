"""Is this what a search did? The check a loaded trace passes before any key or figure is made from it.

The trace's tree or game is searched again with its recorded settings (searches are
deterministic) and every event the search makes is compared, as it is made, with the
next event the file holds (:class:`Comparer` is the search's sink): an edit of any kind,
even one that keeps the story consistent (a dropped cutoff, a changed value, another
best move, other settings), is refused, naming the first event that differs. The
result at the end of the file must be the search's too (:func:`compare_result`).

A version-2 file in tracer's own layout is compared as text (:class:`LineComparer`):
each of the search's events is written as tracer writes it and compared with the
file's line, so no line is parsed; from the first line that differs (an edit, or a
file reformatted by another tool) the file's events are parsed and decoded, and a
reformatted file whose events are the search's is still read.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable, Iterator
from typing import Any

from tracer.errors import TraceFormatError
from tracer.reading.nesting import loads_row
from tracer.search.common import BatchSink, SearchRun
from tracer.search.events import kind_of, typed
from tracer.trace.codec import CodecError, EventDecoder, EventEncoder
from tracer.trace.json_values import to_json_data
from tracer.words import count as count_text
from tracer.words import say

__all__ = ["Comparer", "LineComparer", "changed", "compare_result"]

def changed() -> str:
    """The hint for a file whose events are not the search's."""
    return say("trace.changed", "the file was changed after tracer wrote it: write it again with tracer trace")

Fail = Callable[..., TraceFormatError]


class _Checking:
    """What a comparing sink keeps: how to fail, the events compared so far (``count``), the
    events when asked (``kept``), and the ``sink`` it passes each event on to."""

    def __init__(self, fail: Fail, *, keep: bool, sink: Any = None) -> None:
        self._fail = fail
        self.count = 0
        self.kept: list[tuple[Any, ...]] = []
        self._keep = self.kept.append if keep else None
        self._pass = sink.append if sink is not None else None


class Comparer(_Checking):
    """A search's sink that compares each event with the next one of ``recorded`` (the file's),
    keeps the events when asked (``kept``) and passes them on to ``sink``."""

    def __init__(self, recorded: Iterator[tuple[Any, ...]], fail: Fail, *, keep: bool, sink: Any = None) -> None:
        super().__init__(fail, keep=keep, sink=sink)
        self._next = recorded.__next__

    def append(self, raw: tuple[Any, ...]) -> None:
        try:
            found = self._next()
        except StopIteration:
            raise self._fail(
                _ended(self.count, raw), hint=changed(),
            ) from None
        self.count += 1
        if found != raw:
            raise self._fail(
                _differs(self.count, found, raw),
                hint=changed(),
            )
        if self._keep is not None:
            self._keep(raw)
        if self._pass is not None:
            self._pass(raw)

    def finish(self) -> None:
        """After the search: the file must hold no more events."""
        try:
            extra = self._next()
        except StopIteration:
            return
        raise self._fail(_more(self.count + 1, kind_of(extra)), hint=changed())


class LineComparer(_Checking, BatchSink):
    """A search's sink comparing its events with a version-2 file's: ``items`` are the file's
    event lines as text (tracer's layout: one per line, no trailing comma) or parsed rows.

    Events come a batch at a time. While the file is in tracer's layout (``match``: see
    :class:`~tracer.trace.section.EventSection`), a batch is written as the writer writes it
    and compared with the file's text at once; from a batch that does not match, each event
    is compared with its line, and from the line that differs, with the line parsed.
    """

    def __init__(self, items: Iterator[str | list[Any]], fail: Fail, *, keep: bool, sink: Any = None,
                 match: Callable[[str], bool] | None = None) -> None:
        _Checking.__init__(self, fail, keep=keep, sink=sink)
        BatchSink.__init__(self)
        self._items = items
        self._match = match
        self._pass_all = getattr(sink, "extend", None)
        self._encoder = EventEncoder()
        self._text, self._advance = self._encoder.text, self._encoder.advance
        self._decoder: EventDecoder | None = None  # from the first line that differs
        self._rows: deque[Any] = deque()

    def _next_item(self) -> str | list[Any]:
        return next(self._items)

    def take(self, events: list[tuple[Any, ...]]) -> None:
        if self._match is not None:
            before = self._encoder.state()
            lines = self._encoder.lines(events)
            if self._match(",\n".join(lines) + ",\n"):
                self.count += len(events)
                if self._keep is not None:
                    self.kept.extend(events)
                if self._pass_all is not None:
                    self._pass_all(events)
                elif self._pass is not None:
                    for raw in events:
                        self._pass(raw)
                return
            self._encoder.restore(before)
            self._match = None  # line by line from here (the last event has no comma after it)
        for raw in events:
            self._compare(raw)

    def _compare(self, raw: tuple[Any, ...]) -> None:
        self.count += 1
        if self._decoder is None:
            try:
                item = self._next_item()
            except StopIteration:
                raise self._ended(raw) from None
            if item == self._text(raw):  # the fast path: the line tracer wrote for this event
                self._advance(raw)
                if self._keep is not None:
                    self._keep(raw)
                if self._pass is not None:
                    self._pass(raw)
                return
            self._decoder = self._encoder.decoder()
            self._rows.extend(self._parsed(item))
        while not self._rows:
            try:
                self._rows.extend(self._parsed(self._next_item()))
            except StopIteration:
                raise self._ended(raw) from None
        try:
            found = self._decoder.event(self._rows.popleft())
        except CodecError as error:
            raise self._fail(_event_error(self.count, error), hint=changed()) from None
        if found != raw:
            raise self._fail(
                _differs(self.count, found, raw),
                hint=changed(),
            )
        self._passed(raw)

    def _passed(self, raw: tuple[Any, ...]) -> None:
        if self._keep is not None:
            self._keep(raw)
        if self._pass is not None:
            self._pass(raw)

    def _ended(self, raw: tuple[Any, ...]) -> TraceFormatError:
        return self._fail(_ended(self.count - 1, raw), hint=changed())

    def _parsed(self, item: str | list[Any]) -> list[Any]:
        """The events of one item: a line of text may hold several (or none) once reformatted."""
        if not isinstance(item, str):
            return [item]
        try:
            rows = loads_row("[" + item + "]")
        except ValueError as error:
            raise self._fail(say("trace.event.json", "event {number} is not valid JSON: {problem}", number=self.count, problem=error), hint=changed()) from None
        return rows  # type: ignore[no-any-return]

    def finish(self) -> None:
        """After the search: the file must hold no more events."""
        self.drain()
        while not self._rows:
            try:
                self._rows.extend(self._parsed(self._next_item()))
            except StopIteration:
                return
        decoder = self._decoder or self._encoder.decoder()
        try:
            kind = kind_of(decoder.event(self._rows[0]))
        except CodecError as error:
            raise self._fail(_event_error(self.count + 1, error), hint=changed()) from None
        raise self._fail(_more(self.count + 1, kind), hint=changed())


def compare_result(run: SearchRun, recorded: SearchRun, fail: Fail) -> None:
    """The result in the file must be the search's: value, best move, bound, counts, iterations."""
    results: tuple[tuple[str, Any, Any], ...] = (
        (say("trace.result.value", "value"), run.value, recorded.value), (say("trace.result.best", "best move"), run.best, recorded.best),
        (say("trace.result.bound", "bound"), run.bound, recorded.bound), (say("trace.result.counts", "counts"), run.stats, recorded.stats),
        (say("trace.result.iterations", "iterations"), run.iterations, recorded.iterations),
    )
    for name, expected, found in results:
        if expected != found:
            raise fail(say("trace.result.differs", "the result in the file ({name}: {found}) is not the search's ({expected})", name=name,
                           found=_plain(found), expected=_plain(expected)), hint=changed())


def _plain(value: Any) -> str:
    return json.dumps(to_json_data(value), ensure_ascii=False)


def _event_text(raw: tuple[Any, ...]) -> str:
    """An event as a person reads it: ``backup at "1" (child "1.0", child_value 2, v 2)``."""
    event = typed(raw)
    fields = event._asdict()
    node = fields.pop("node", None)
    shown = ", ".join(f"{name} {_plain(value)}" for name, value in fields.items())
    said = say("trace.event.at", "{kind} at {node}", kind=kind_of(raw), node=_plain(node)) if node is not None else kind_of(raw)
    return said + (f" ({shown})" if shown else "")


def _ended(count: int, raw: tuple[Any, ...]) -> str:
    return say("trace.events.ended", "the file's events end after {count}, but the search goes on with {event}", count=count_text(count),
               event=_event_text(raw))


def _differs(number: int, found: tuple[Any, ...], raw: tuple[Any, ...]) -> str:
    return say("trace.event.differs", "event {number} ({kind}): the file says {found}, but searching with the trace's settings gives {expected}",
               number=number, kind=kind_of(found), found=_event_text(found), expected=_event_text(raw))


def _more(number: int, kind: str) -> str:
    return say("trace.events.more", "the file has more events than the search, from event {number} ({kind})", number=number, kind=kind)


def _event_error(number: int, error: object) -> str:
    return say("trace.event.error", "event {number}: {problem}", number=number, problem=error)
