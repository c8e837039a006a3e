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
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

from tracer.errors import InputError
from tracer.recursion import MAX_DEPTH, deep_recursion

__all__ = [
    "LIMITS",
    "MAX_DIGITS",
    "MAX_YAML_NODES",
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
}
"""The largest file of each kind tracer reads, in bytes (a tree of a million nodes is about 10 MB)."""

MAX_DIGITS = 400
"""The longest number (digits) tracer reads; floats end near 1e308 anyway."""

MAX_YAML_NODES = 2_000_000
"""The most nodes a YAML document may expand to through its aliases."""


# -- files -------------------------------------------------------------------------------------
GZIP_MAGIC = b"\x1f\x8b"


def _check_file(path: str | Path, limit: int, error: type[InputError], what: str, missing_hint: str) -> None:
    """Refuse what is not a regular file of at most ``limit`` bytes, naming it."""
    source = str(path)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise error("no such file", source=source, hint=missing_hint) from None
    except OSError as problem:
        raise error(f"cannot read {what}: {problem.strerror or problem}", source=source) from None
    if stat.S_ISDIR(info.st_mode):
        raise error(f"is a folder, not {what}", source=source, hint=missing_hint)
    if not stat.S_ISREG(info.st_mode):
        raise error(f"is not a regular file (a pipe, a device or a socket), not {what}", source=source, hint="give a file")
    if info.st_size > limit:
        raise _too_large(error, source, what, limit)


class _Bounded(io.RawIOBase):
    """A binary stream that refuses to give more than ``limit`` bytes (a gzip bomb stops there)."""

    def __init__(self, inner: Any, limit: int, fail: Any) -> None:
        self._inner, self._left, self._fail = inner, limit, fail

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        data = self._inner.read(min(len(buffer), self._left + 1))
        if len(data) > self._left:
            raise self._fail()
        self._left -= len(data)
        buffer[: len(data)] = data
        return len(data)

    def close(self) -> None:
        self._inner.close()
        super().close()


def open_text(
    path: str | Path, *, kind: str, error: type[InputError] = InputError, what: str = "the file", missing_hint: str = "check the path",
) -> IO[str]:
    """A user's file opened as UTF-8 text to read as a stream (gzip-compressed ones too), checked
    as :func:`read_input` checks and never giving more than the limit for ``kind``."""
    limit = LIMITS[kind]
    source = str(path)
    _check_file(path, limit, error, what, missing_hint)
    try:
        file = open(path, "rb")
    except OSError as problem:
        raise error(f"cannot read {what}: {problem.strerror or problem}", source=source) from None
    magic = file.read(2)
    file.seek(0)
    inner: Any = gzip.GzipFile(fileobj=file) if magic == GZIP_MAGIC else file
    bounded = _Bounded(inner, limit, lambda: _too_large(error, source, what, limit))
    return io.TextIOWrapper(io.BufferedReader(bounded, 1 << 20), encoding="utf-8-sig", newline=None)


def read_input(
    path: str | Path,
    *,
    kind: str,
    error: type[InputError] = InputError,
    what: str = "the file",
    missing_hint: str = "check the path",
    compressed: bool = False,
) -> str:
    """The text of a user's file (``"-"``: standard input), within the limit for ``kind``.

    Refuses folders, FIFOs, devices and sockets, files over the limit and text that is not
    UTF-8, with ``error`` naming the file. With ``compressed``, a gzip file is read too.
    """
    limit = LIMITS[kind]
    source = "<stdin>" if str(path) == "-" else str(path)
    if str(path) == "-":
        data = _read_text_bytes(sys.stdin.buffer, limit, error, source, what)
    else:
        _check_file(path, limit, error, what, missing_hint)
        try:
            with open(path, "rb") as file:
                if compressed and file.read(2) == GZIP_MAGIC:
                    file.seek(0)
                    data = _read_text_bytes(gzip.GzipFile(fileobj=file), limit, error, source, what)
                else:
                    file.seek(0)
                    data = _read_text_bytes(file, limit, error, source, what)
        except (OSError, EOFError) as problem:
            raise error(f"cannot read {what}: {getattr(problem, 'strerror', None) or problem}", source=source) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as problem:
        raise error(f"{what} is not UTF-8 text (byte {problem.start + 1} cannot be read)", source=source, hint="save it as UTF-8") from None


def read_binary(
    path: str | Path,
    *,
    kind: str,
    error: type[InputError] = InputError,
    what: str = "the file",
    missing_hint: str = "check the path",
) -> bytes:
    """The bytes of a user's binary file (a slide template), within the limit for ``kind``;
    folders, FIFOs, devices and sockets refused as :func:`read_input` refuses them."""
    limit = LIMITS[kind]
    source = str(path)
    _check_file(path, limit, error, what, missing_hint)
    try:
        with open(path, "rb") as file:
            data = file.read(limit + 1)
    except OSError as problem:
        raise error(f"cannot read {what}: {problem.strerror or problem}", source=source) from None
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
            raise error(f"{what} is not text (it holds NUL bytes)", source=source, hint="give a JSON or YAML text file")
        size += len(chunk)
        if size > limit:
            raise _too_large(error, source, what, limit)
        chunks.append(chunk)


def _too_large(error: type[InputError], source: str, what: str, limit: int) -> InputError:
    return error(f"{what} is larger than tracer reads ({limit // MB or 1:,} MB at most)", source=source, hint="check that this is the right file")


# -- nesting -------------------------------------------------------------------------------------
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"' + r"|'(?:[^']|'')*'")
_BRACKETS = re.compile(r"[\[\]{}]")


def nesting_depth(text: str, limit: int = MAX_DEPTH) -> tuple[int, int]:
    """How deep ``[``/``{`` nest in ``text`` (quoted strings skipped), stopping past ``limit``.

    Returns ``(depth, offset)``: the deepest level seen and where it was reached. Linear
    in the text; no recursion.
    """
    depth = deepest = 0
    where = 0
    for match in _BRACKETS.finditer(_STRING.sub(lambda m: " " * len(m.group()), text)):
        if match.group() in "[{":
            depth += 1
            if depth > deepest:
                deepest, where = depth, match.start()
                if deepest > limit:
                    break
        else:
            depth -= 1
    return deepest, where


def _line_column(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def _check_nesting(text: str, source: str, error: type[InputError], limit: int) -> None:
    depth, offset = nesting_depth(text, limit + 2)
    if depth > limit + 2:  # a tree of ``limit`` levels is nested a little deeper in its file
        line, column = _line_column(text, offset)
        raise error(
            f"the input is nested more than {limit:,} levels deep", source=source, line=line, column=column,
            hint="tracer reads trees up to that depth; check the brackets",
        )


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
    _check_nesting(text, source, error, limit)
    try:
        with deep_recursion(limit + 10):
            return json.loads(text, **options)
    except json.JSONDecodeError as problem:
        raise error(
            f"not valid JSON: {problem.msg}", source=source, line=problem.lineno, column=problem.colno,
            hint=hint(problem.msg) if hint else "check the commas and quotes, and that every [ and { is closed",
        ) from None
    except ValueError:  # int() refuses numbers of more than 4,300 digits
        raise error("a number has more digits than tracer reads", source=source, hint=f"write numbers of at most {MAX_DIGITS} digits") from None
    except RecursionError:
        raise error(f"nested more than {limit:,} levels deep", source=source) from None


# -- YAML ----------------------------------------------------------------------------------------
class _Refused(Exception):
    """A YAML document the safe composer will not build: a tag, too many aliases, too deep."""

    def __init__(self, message: str, mark: Any, hint: str) -> None:
        super().__init__(message)
        self.mark = mark
        self.hint = hint


def _safe_loader() -> type:
    import yaml

    class SafeComposer(yaml.SafeLoader):
        """PyYAML's pure-Python safe loader (its C loader recurses on the C stack), composing
        nodes only: tags are refused, and nesting is bounded."""

        depth = 0
        depth_limit = MAX_DEPTH
        aliases = 0

        def compose_node(self, parent: Any, index: Any) -> Any:
            event = self.peek_event()
            if isinstance(event, yaml.AliasEvent):
                self.aliases += 1
            tag = getattr(event, "tag", None)
            if tag not in (None, "!") and not isinstance(event, yaml.AliasEvent):
                raise _Refused(f"the YAML tag {tag.replace('tag:yaml.org,2002:', '!!')} is not allowed here", event.start_mark,
                               "remove the tag: write the value plainly (3, \"text\", [a, b])")
            self.depth += 1
            if self.depth > self.depth_limit:
                raise _Refused(f"nested more than {self.depth_limit:,} levels deep", event.start_mark,
                               f"tracer reads files up to {self.depth_limit:,} levels deep")
            try:
                return super().compose_node(parent, index)
            finally:
                self.depth -= 1

    return SafeComposer


def compose_yaml(text: str, source: str, *, error: type[InputError] = InputError, limit: int = MAX_DEPTH) -> Any:
    """Compose YAML ``text`` into PyYAML nodes (no Python objects are built), safely.

    Refuses tags, nesting deeper than ``limit`` and aliases that expand the document past
    :data:`MAX_YAML_NODES` nodes or refer to themselves; syntax errors name the line and
    column. Returns None for an empty document.
    """
    import yaml

    _check_nesting(text, source, error, limit)
    loader = _safe_loader()(text)
    loader.depth_limit = limit + 2
    try:
        with deep_recursion(limit + 10):
            node = loader.get_single_node()
    except _Refused as problem:
        mark = problem.mark
        raise error(str(problem), source=source, line=mark.line + 1 if mark else None, column=mark.column + 1 if mark else None,
                    hint=problem.hint) from None
    except yaml.MarkedYAMLError as problem:
        mark = problem.problem_mark
        raise error(f"not valid YAML: {problem.problem}", source=source, line=mark.line + 1 if mark else None,
                    column=mark.column + 1 if mark else None, hint="check the indentation and that every [ and { is closed") from None
    except yaml.YAMLError as problem:
        raise error(f"not valid YAML: {problem}", source=source) from None
    except RecursionError:
        raise error(f"nested more than {limit:,} levels deep", source=source) from None
    finally:
        loader.dispose()
    if node is not None and loader.aliases:
        _check_expansion(node, source, error)
    return node


def _check_expansion(root: Any, source: str, error: type[InputError]) -> None:
    """Refuse aliases that refer to themselves or expand the document past MAX_YAML_NODES."""
    size: dict[int, int] = {}
    on_path: set[int] = set()
    stack: list[tuple[Any, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        key = id(node)
        if done:
            on_path.discard(key)
            children = _children(node)
            total = 1 + sum(size[id(child)] for child in children)
            if total > MAX_YAML_NODES:
                mark = node.start_mark
                raise error(
                    f"the YAML aliases (*name) expand this document past {MAX_YAML_NODES:,} values", source=source,
                    line=mark.line + 1, column=mark.column + 1, hint="write the values out instead of repeating them with aliases",
                )
            size[key] = total
            continue
        if key in size:
            continue
        if key in on_path:
            mark = node.start_mark
            raise error("a YAML alias refers to the value it is part of", source=source, line=mark.line + 1, column=mark.column + 1,
                        hint="remove the alias (*name) inside its own anchor (&name)")
        on_path.add(key)
        stack.append((node, True))
        stack.extend((child, False) for child in _children(node) if id(child) not in size)


def _children(node: Any) -> list[Any]:
    value = node.value
    if isinstance(value, list):
        out: list[Any] = []
        for item in value:
            if isinstance(item, tuple):
                out.extend(item)
            else:
                out.append(item)
        return out
    return []
