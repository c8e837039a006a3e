"""Reading the files users give and writing the files they asked for.

* :func:`read_text` reads a user's file, turning every way it can fail (missing, a
  folder, unreadable, not UTF-8) into one :class:`~tracer.errors.InputError` that names
  the file and says what to do.
* :func:`atomic_write` writes through a temporary file beside the target and renames it
  into place, so a crash or an error never leaves a half-written file, and nothing is
  written outside the target's own folder.
* :func:`make_folder` creates an output folder.

Both turn a place that cannot be written into one :class:`~tracer.errors.OutputError`
naming it and saying what to do, never a traceback.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

from tracer.errors import InputError, OutputError

__all__ = ["atomic_write", "make_folder", "read_text"]

_CHOOSE_ANOTHER = "choose another output path"


def _cannot_write(problem: OSError, where: Path) -> OutputError:
    source = str(problem.filename or where)
    if isinstance(problem, NotADirectoryError) or (isinstance(problem, FileExistsError) and not Path(source).is_dir()):
        return OutputError("part of this path is a file, not a folder", source=source, hint=_CHOOSE_ANOTHER)
    if isinstance(problem, IsADirectoryError):
        return OutputError("is a folder, not a file", source=source, hint="name a file inside it, or another path")
    return OutputError(f"cannot write here: {problem.strerror or problem}", source=source, hint=_CHOOSE_ANOTHER)


def make_folder(path: str | Path) -> Path:
    """Create the folder ``path`` (and its parents) if needed; OutputError when it cannot be."""
    folder = Path(path)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as problem:
        raise _cannot_write(problem, folder) from None
    return folder


def read_text(
    path: str | Path,
    *,
    missing_hint: str = "check the path",
    encoding: str = "utf-8",
    error: type[InputError] = InputError,
    what: str = "the file",
) -> str:
    """The text of ``path``; ``error`` (an InputError class) naming the file when it cannot be read."""
    source = str(path)
    try:
        return Path(path).read_text(encoding=encoding)
    except FileNotFoundError:
        raise error("no such file", source=source, hint=missing_hint) from None
    except IsADirectoryError:
        raise error(f"is a folder, not {what}", source=source, hint=missing_hint) from None
    except UnicodeDecodeError as problem:
        raise error(f"{what} is not UTF-8 text (byte {problem.start + 1} cannot be read)", source=source, hint="save it as UTF-8") from None
    except OSError as problem:
        raise error(f"cannot read {what}: {problem.strerror or problem}", source=source) from None


def atomic_write(target: str | Path, write: Callable[[IO[Any]], Any], *, mode: str = "w") -> None:
    """Call ``write(file)`` on a temporary file beside ``target``, then rename it into place.

    A crash or an error leaves ``target`` as it was (and no temporary file behind).
    """
    target = Path(target)
    if target.is_dir():
        raise _cannot_write(IsADirectoryError(21, "Is a directory", str(target)), target)
    make_folder(target.parent)
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as problem:
        raise _cannot_write(problem, target.parent) from None
    try:
        encoding = None if "b" in mode else "utf-8"
        with os.fdopen(handle, mode, encoding=encoding, newline=None if "b" in mode else "\n") as file:
            write(file)
        os.chmod(temporary, 0o644)
        os.replace(temporary, target)
    except BaseException as problem:
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass
        if isinstance(problem, OSError):
            raise _cannot_write(problem, target) from None  # e.g. the disk is full
        raise
