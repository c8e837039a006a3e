"""The events of a trace file in tracer's own layout, read in blocks while they match, then line by line.

A trace written by :mod:`tracer.trace.writer` has one event per line, each followed by
``,\\n`` but the last. A checker that knows the lines to expect (it searches again and
writes each event as the writer would) asks :meth:`EventSection.match` whether the file
goes on with exactly that text: a batch of twenty thousand lines is then one comparison
of two strings, with no line split, stripped or parsed. From the first text that does
not match (an edit, another layout, or the last event, which has no comma)
:meth:`EventSection.lines` gives the rest of the file one line at a time, from where
the matching stopped, for the checker to find and name the event that differs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import IO

from tracer.errors import TraceFormatError
from tracer.words import say

__all__ = ["EventSection"]

_BLOCK = 1 << 20  # characters read at a time


class EventSection:
    """The rest of a trace file's text after the line that opens its events (``"events": [``).

    ``lines`` is the file's line iterator, positioned there (it checks each line it gives);
    ``fail`` makes the error that names the file.
    """

    def __init__(self, stream: IO[str], lines: Iterator[str], fail: Callable[..., TraceFormatError]) -> None:
        self._stream = stream
        self._lines = lines
        self._fail = fail
        self._buffer = ""
        self._at = 0  # how much of the buffer has been matched
        self._ended = False

    def match(self, text: str) -> bool:
        """Whether the file goes on with exactly ``text``; if so, the section moves past it."""
        needed = self._at + len(text)
        while len(self._buffer) < needed and not self._ended:
            self._read()
            needed = self._at + len(text)
        if self._buffer.startswith(text, self._at):
            self._at += len(text)
            return True
        return False

    def _read(self) -> None:
        try:
            block = self._stream.read(_BLOCK)
        except UnicodeDecodeError as problem:
            raise self._fail(say("trace.not_utf8", "the trace is not UTF-8 text (byte {byte} of a line cannot be read)", byte=problem.start + 1)) from None
        if "\0" in block:
            raise self._fail(say("trace.nul", "the trace is not text (it holds NUL bytes)"))
        self._ended = not block
        self._buffer = self._buffer[self._at:] + block
        self._at = 0

    def lines(self) -> Iterator[str]:
        """The lines not matched yet, each with its end of line, to the end of the file."""
        rest, self._buffer, self._at = self._buffer[self._at:], "", 0
        *whole, partial = rest.split("\n")
        for line in whole:
            yield line + "\n"
        following = next(self._lines, "")
        if partial or following:
            yield partial + following
        yield from self._lines
