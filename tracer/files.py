"""Reading the files users give and writing the files they asked for.

* :func:`read_text` reads a user's file, turning every way it can fail (missing, a
  folder, unreadable, not UTF-8) into one :class:`~tracer.errors.InputError` that names
  the file and says what to do.
* :func:`atomic_write` writes through a temporary file beside the target and renames it
  into place, so a crash or an error never leaves a half-written file, and nothing is
  written outside the target's own folder.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

from tracer.errors import InputError

__all__ = ["atomic_write", "read_text"]


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
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        encoding = None if "b" in mode else "utf-8"
        with os.fdopen(handle, mode, encoding=encoding, newline=None if "b" in mode else "\n") as file:
            write(file)
        os.chmod(temporary, 0o644)
        os.replace(temporary, target)
    except BaseException:
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass
        raise
