"""The one safe door for what users give tracer: files, standard input, JSON and YAML text.

Trees, traces, keys, answer files, points files, rosters and page fences often come from
other people (students hand in files; pages are written by many authors), so every reader
goes through here and gets the same limits, each refused with one line that names the
place and the limit, never a crash:

* **files**: only regular files (a FIFO would block forever, ``/dev/zero`` never ends),
  at most ``limit`` bytes (per kind of file, :data:`LIMITS`), read once, UTF-8; a binary
  file (a course's slide template, :func:`read_binary`) passes the same checks, as bytes;
* **nesting**: JSON and YAML nested deeper than :data:`~tracer.recursion.MAX_DEPTH` levels
  are refused *before* a parser recurses (C parsers overflow the stack on deep input);
* **YAML**: no tags (``!!python/name:...``, ``!!int "x"``, ``!mine``: tracer's files never
  need one), and aliases only while the document they expand to stays small (the
  "billion laughs" bomb, ``&a [1, *a]`` that refers to itself);
* **numbers**: at most :data:`MAX_DIGITS` digits (Python refuses to read longer integers,
  and no game value needs them).
"""

from __future__ import annotations

import gzip
import io
import json
import os
import re
import stat
import sys
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

from tracer.errors import InputError
from tracer.reading.nesting import check_nesting, nesting_depth
from tracer.reading.yaml_text import MAX_YAML_NODES, compose_yaml
from tracer.recursion import MAX_DEPTH, deep_recursion
from tracer.words import count, say

__all__ = [
    "LIMITS",
    "MAX_DIGITS",
    "MAX_YAML_NODES",
    "check_size",
    "compose_yaml",
    "load_json",
    "nesting_depth",
    "open_text",
    "read_binary",
    "read_input",
]

MB = 1024 * 1024
LIMITS = {
    "tree": 100 * MB,
    "trace": 2048 * MB,
    "key": 512 * MB,
    "answers": 1 * MB,
    "points": 64 * 1024,
    "evaluation": 64 * 1024,
    "roster": 16 * MB,
    "slides": 100 * MB,
    "manifest": 64 * MB,
}
"""The largest file of each kind tracer reads, in bytes (a tree of a million nodes is about 10 MB)."""

MAX_DIGITS = 400
"""The longest number (digits) tracer reads; floats end near 1e308 anyway."""

# -- files -------------------------------------------------------------------------------------
GZIP_MAGIC = b"\x1f\x8b"


def _the_file() -> str:
    return say("reading.what.file", "the file")


def _check_the_path() -> str:
    return say("reading.hint.path", "check the path")


def _check_file(path: str | Path, limit: int, error: type[InputError], what: str, missing_hint: str) -> None:
    """Refuse what is not a regular file of at most ``limit`` bytes, naming it."""
    source = str(path)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise error(say("reading.missing", "no such file"), source=source, hint=missing_hint) from None
    except OSError as problem:
        raise error(_cannot_read(what, problem.strerror or problem), source=source) from None
    if stat.S_ISDIR(info.st_mode):
        raise error(say("reading.folder", "is a folder, not {what}", what=what), source=source, hint=missing_hint)
    if not stat.S_ISREG(info.st_mode):
        raise error(say("reading.not_regular", "is not a regular file (a pipe, a device or a socket), not {what}", what=what), source=source,
                    hint=say("reading.not_regular.hint", "give a file"))
    if info.st_size > limit:
        raise _too_large(error, source, what, limit)


class _Bounded(io.RawIOBase):
    """A binary stream that refuses to give more than ``limit`` bytes (a gzip bomb stops there)."""

    def __init__(self, inner: Any, limit: int, fail: Any, broken: Any) -> None:
        self._inner, self._left, self._fail, self._broken = inner, limit, fail, broken

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        try:
            data = self._inner.read(min(len(buffer), self._left + 1))
        except (OSError, EOFError, zlib.error) as problem:  # a damaged gzip file, a disk error
            raise self._broken(problem) from None
        if len(data) > self._left:
            raise self._fail()
        self._left -= len(data)
        buffer[: len(data)] = data
        return len(data)

    def close(self) -> None:
        self._inner.close()
        super().close()


def open_text(
    path: str | Path, *, kind: str, error: type[InputError] = InputError, what: str | None = None, missing_hint: str | None = None,
) -> IO[str]:
    """A user's file opened as UTF-8 text to read as a stream (gzip-compressed ones too), checked
    as :func:`read_input` checks and never giving more than the limit for ``kind``."""
    limit = LIMITS[kind]
    source = str(path)
    what = what or _the_file()
    _check_file(path, limit, error, what, missing_hint or _check_the_path())
    try:
        file = open(path, "rb")
    except OSError as problem:
        raise error(_cannot_read(what, problem.strerror or problem), source=source) from None
    magic = file.read(2)
    file.seek(0)
    inner: Any = gzip.GzipFile(fileobj=file) if magic == GZIP_MAGIC else file
    bounded = _Bounded(inner, limit, lambda: _too_large(error, source, what, limit), lambda problem: _unreadable(error, source, what, problem))
    return io.TextIOWrapper(io.BufferedReader(bounded, 1 << 20), encoding="utf-8-sig", newline=None)


def read_input(
    path: str | Path,
    *,
    kind: str,
    error: type[InputError] = InputError,
    what: str | None = None,
    missing_hint: str | None = None,
    compressed: bool = False,
) -> str:
    """The text of a user's file (``"-"``: standard input), within the limit for ``kind``.

    Refuses folders, FIFOs, devices and sockets, files over the limit and text that is not
    UTF-8, with ``error`` naming the file. With ``compressed``, a gzip file is read too.
    """
    limit = LIMITS[kind]
    source = "<stdin>" if str(path) == "-" else str(path)
    what = what or _the_file()
    if str(path) == "-":
        data = _read_text_bytes(sys.stdin.buffer, limit, error, source, what)
    else:
        _check_file(path, limit, error, what, missing_hint or _check_the_path())
        try:
            with open(path, "rb") as file:
                if compressed and file.read(2) == GZIP_MAGIC:
                    file.seek(0)
                    data = _read_text_bytes(gzip.GzipFile(fileobj=file), limit, error, source, what)
                else:
                    file.seek(0)
                    data = _read_text_bytes(file, limit, error, source, what)
        except (OSError, EOFError, zlib.error) as problem:
            raise _unreadable(error, source, what, problem) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as problem:
        raise error(say("reading.not_utf8", "{what} is not UTF-8 text (byte {byte} cannot be read)", what=what, byte=problem.start + 1),
                    source=source, hint=say("reading.not_utf8.hint", "save it as UTF-8")) from None


def read_binary(
    path: str | Path,
    *,
    kind: str,
    error: type[InputError] = InputError,
    what: str | None = None,
    missing_hint: str | None = None,
) -> bytes:
    """The bytes of a user's binary file (a slide template), within the limit for ``kind``;
    folders, FIFOs, devices and sockets refused as :func:`read_input` refuses them."""
    limit = LIMITS[kind]
    source = str(path)
    what = what or _the_file()
    _check_file(path, limit, error, what, missing_hint or _check_the_path())
    try:
        with open(path, "rb") as file:
            data = file.read(limit + 1)
    except OSError as problem:
        raise error(_cannot_read(what, problem.strerror or problem), source=source) from None
    if len(data) > limit:
        raise _too_large(error, source, what, limit)
    return data


def _read_text_bytes(file: Any, limit: int, error: type[InputError], source: str, what: str) -> bytes:
    """Read at most ``limit`` bytes in chunks, stopping at once on a NUL byte (text never holds one:
    ``/dev/zero`` or a binary file given by mistake is refused without reading it all)."""
    chunks: list[bytes] = []
    size = 0
    while True:
        chunk = file.read(1 << 20)
        if not chunk:
            return b"".join(chunks)
        if b"\0" in chunk:
            raise error(say("reading.nul", "{what} is not text (it holds NUL bytes)", what=what), source=source,
                        hint=say("reading.nul.hint", "give a JSON or YAML text file"))
        size += len(chunk)
        if size > limit:
            raise _too_large(error, source, what, limit)
        chunks.append(chunk)


def _unreadable(error: type[InputError], source: str, what: str, problem: BaseException) -> InputError:
    """A file that stops making sense while it is read: a damaged or cut gzip file, a disk error."""
    if isinstance(problem, (EOFError, zlib.error, gzip.BadGzipFile)):
        return error(say("reading.gzip.damaged", "{what} is a damaged gzip file ({problem})", what=what, problem=problem), source=source,
                     hint=say("reading.gzip.hint", "compress it again, or give it uncompressed"))
    return error(_cannot_read(what, getattr(problem, "strerror", None) or problem), source=source)


def _cannot_read(what: str, problem: object) -> str:
    return say("reading.cannot", "cannot read {what}: {problem}", what=what, problem=problem)


def check_size(text: str, *, kind: str, error: type[InputError] = InputError, source: str, what: str) -> None:
    """Refuse ``text`` read under a larger limit (standard input, which may hold a trace) when it is over ``kind``'s."""
    limit = LIMITS[kind]
    if len(text) > limit or (len(text) * 4 > limit and len(text.encode("utf-8", "surrogatepass")) > limit):
        raise _too_large(error, source, what, limit)


def _too_large(error: type[InputError], source: str, what: str, limit: int) -> InputError:
    return error(say("reading.too_large", "{what} is larger than tracer reads ({most} MB at most)", what=what, most=count(limit // MB or 1)),
                 source=source, hint=say("reading.too_large.hint", "check that this is the right file"))


# -- JSON ----------------------------------------------------------------------------------------
def load_json(
    text: str,
    source: str,
    *,
    error: type[InputError] = InputError,
    limit: int = MAX_DEPTH,
    hint: Callable[[str], str] | None = None,
    **options: Any,
) -> Any:
    """Parse JSON ``text`` after checking its nesting; ``error`` names the line and column of a syntax error.

    ``options`` go to :func:`json.loads` (``object_pairs_hook``, ``parse_constant``).
    """
    check_nesting(text, source, error, limit)
    try:
        with deep_recursion(limit + 10):
            data = json.loads(text, **options)
    except json.JSONDecodeError as problem:
        raise error(
            say("reading.json.invalid", "not valid JSON: {problem}", problem=problem.msg), source=source, line=problem.lineno, column=problem.colno,
            hint=hint(problem.msg) if hint else say("reading.json.hint", "check the commas and quotes, and that every [ and {{ is closed"),
        ) from None
    except ValueError:  # int() refuses numbers of more than 4,300 digits
        raise error(say("reading.digits", "a number has more digits than tracer reads"), source=source,
                    hint=say("reading.digits.hint", "write numbers of at most {most} digits", most=MAX_DIGITS)) from None
    except RecursionError:
        raise error(say("reading.deep", "nested more than {limit} levels deep", limit=count(limit)), source=source) from None
    if _SURROGATE_ESCAPE.search(text):
        _refuse_lone_surrogates(data, source, error)
    return data


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _refuse_lone_surrogates(data: Any, source: str, error: type[InputError]) -> None:
    """Refuse text holding half of a UTF-16 pair (``"\\ud800"`` alone): JSON reads it, but it is no
    character, and no file can be written with it. Walked without recursion (the data may be deep)."""
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            texts = [item]
        elif isinstance(item, dict):
            texts = list(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
            continue
        else:
            continue
        for text in texts:
            bad = next((char for char in text if "\ud800" <= char <= "\udfff"), None)
            if bad is not None:
                raise error(say("reading.surrogate", "a text holds \\u{code:04x}, half of a UTF-16 pair and no character", code=ord(bad)),
                            source=source, hint=say("reading.surrogate.hint", "write the character itself, or both halves of the pair"))
