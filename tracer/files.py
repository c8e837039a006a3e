"""Reading the files users give and writing the files they asked for.

* :func:`read_text` reads a user's file, turning every way it can fail (missing, a
  folder, unreadable, not UTF-8) into one :class:`~tracer.errors.InputError` that names
  the file and says what to do.
* :func:`atomic_write` writes through a temporary file beside the target and renames it
  into place, so a crash or an error never leaves a half-written file, and nothing is
  written outside the target's own folder.
* :func:`make_folder` creates an output folder.
* :func:`inside` names a place inside an output folder, refusing a symbolic link on the way:
  a folder from an earlier run replaced by a link elsewhere is never written through.
  :func:`atomic_write` and :func:`make_folder` check it when given the output folder
  (``root``); both refuse a path with no name (``-o ''`` never means the working folder).
* :func:`temporary_folder` is a ``.tracer-*`` folder inside an output folder for work files
  (Graphviz's batches, an animation's frames), removed on every way out: an error, a full
  disk, Ctrl-C, or SIGTERM (which the command line turns into an exception).
* :func:`folder_lock` holds an output folder for one run: a second run writing into it at
  the same time is refused with one line instead of leaving a folder of two runs' files.

They turn a place that cannot be written into one :class:`~tracer.errors.OutputError`
naming it and saying what to do, never a traceback.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

from tracer.errors import InputError, Option, OutputError
from tracer.words import say

try:  # POSIX only: elsewhere two runs into one folder are not detected
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

__all__ = ["atomic_write", "folder_lock", "inside", "make_folder", "named", "read_text", "temporary_folder"]

def _choose_another() -> str:
    return say("files.choose", "choose another output path")


def _cannot_write(problem: OSError, where: Path) -> OutputError:
    source = str(problem.filename or where)
    if isinstance(problem, NotADirectoryError) or (isinstance(problem, FileExistsError) and not Path(source).is_dir()):
        return OutputError(say("files.part_file", "part of this path is a file, not a folder"), source=source, hint=_choose_another())
    if isinstance(problem, IsADirectoryError):
        return OutputError(say("files.folder", "is a folder, not a file"), source=source, hint=say("files.folder.hint", "name a file inside it, or another path"))
    return OutputError(say("files.cannot", "cannot write here: {problem}", problem=problem.strerror or problem), source=source, hint=_choose_another())


def named(path: str | Path) -> Path:
    """``path`` as a Path; OutputError when it has no name (``-o ''`` is not the working folder)."""
    if not str(path).strip():
        raise OutputError(say("files.out.empty", "the output path has no name"),
                          hint=say("files.hint.empty", "name a file or folder with {{0}}"), options=(Option("output"),))
    return Path(path)


def inside(root: str | Path, target: str | Path) -> Path:
    """``target`` (a path under ``root``, such as ``root / "keys" / "key.md"``), refusing a symbolic
    link on the way from ``root`` to it, ``target`` itself included: a folder an earlier run made
    may since have been replaced by a link that leads out of ``root``. ``root`` itself is the
    user's choice."""
    root = named(root)
    path = Path(target)
    try:
        relative = path.relative_to(root)
    except ValueError:
        raise OutputError(say("files.out.outside", "is not inside the output folder {root}", root=str(root)), source=str(path)) from None
    here = root
    for part in relative.parts:
        if part in ("..", ""):
            raise OutputError(say("files.out.outside", "is not inside the output folder {root}", root=str(root)), source=str(path))
        here = here / part
        if here.is_symlink():
            raise OutputError(say("files.out.link", "is a symbolic link; tracer writes only inside the output folder"), source=str(here),
                              hint=say("files.hint.link", "remove the link, or name a new folder with {{0}}"), options=(Option("output"),))
    return path


@contextlib.contextmanager
def folder_lock(folder: str | Path) -> Iterator[Path]:
    """Hold ``folder`` (which must exist) for this run: an advisory lock on the folder itself
    (``flock``; no lock file is left behind), released on every way out, a crash included.
    A second run into the same folder meanwhile gets one OutputError at once."""
    folder = Path(folder)
    if fcntl is None:  # pragma: no cover - Windows
        yield folder
        return
    try:
        handle = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError as problem:
        raise _cannot_write(problem, folder) from None
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise OutputError(say("files.out.busy", "another tracer run is writing into this folder"), source=str(folder),
                              hint=say("files.hint.busy", "wait for it to finish, or name another folder with {{0}}"),
                              options=(Option("output"),)) from None
        yield folder
    finally:
        os.close(handle)  # closing releases the lock


@contextlib.contextmanager
def temporary_folder(workdir: str | Path) -> Iterator[Path]:
    """A new ``.tracer-*`` folder inside ``workdir`` for work files, removed with everything in
    it however the block ends. A file that cannot be written there (the disk is full) is an
    OutputError naming the place, not an OSError."""
    try:
        holder = tempfile.TemporaryDirectory(prefix=".tracer-", dir=workdir)
    except OSError as problem:
        raise _cannot_write(problem, Path(workdir)) from None
    with holder as folder:
        try:
            yield Path(folder)
        except OSError as problem:
            raise _cannot_write(problem, Path(folder)) from None


def _special(path: Path) -> bool:
    """Whether ``path`` (followed if a link) is a device, a pipe or a socket: not a file to replace."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)


def make_folder(path: str | Path, *, root: str | Path | None = None) -> Path:
    """Create the folder ``path`` (and its parents) if needed; OutputError when it cannot be.

    With ``root`` (the output folder ``path`` lies in), a symbolic link on the way is refused."""
    folder = inside(root, path) if root is not None else named(path)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as problem:
        raise _cannot_write(problem, folder) from None
    return folder


def read_text(
    path: str | Path,
    *,
    missing_hint: str | None = None,
    encoding: str = "utf-8",
    error: type[InputError] = InputError,
    what: str | None = None,
) -> str:
    """The text of ``path``; ``error`` (an InputError class) naming the file when it cannot be read."""
    source = str(path)
    what = what or say("reading.what.file", "the file")
    missing_hint = missing_hint or say("reading.hint.path", "check the path")
    try:
        return Path(path).read_text(encoding=encoding)
    except FileNotFoundError:
        raise error(say("reading.missing", "no such file"), source=source, hint=missing_hint) from None
    except IsADirectoryError:
        raise error(say("reading.folder", "is a folder, not {what}", what=what), source=source, hint=missing_hint) from None
    except UnicodeDecodeError as problem:
        raise error(say("reading.not_utf8", "{what} is not UTF-8 text (byte {byte} cannot be read)", what=what, byte=problem.start + 1), source=source,
                    hint=say("reading.not_utf8.hint", "save it as UTF-8")) from None
    except OSError as problem:
        raise error(say("reading.cannot", "cannot read {what}: {problem}", what=what, problem=problem.strerror or problem), source=source) from None


def atomic_write(target: str | Path, write: Callable[[IO[Any]], Any], *, mode: str = "w", root: str | Path | None = None) -> None:
    """Call ``write(file)`` on a temporary file beside ``target``, then rename it into place.

    A crash or an error leaves ``target`` as it was (and no temporary file behind). With
    ``root`` (the output folder ``target`` lies in), a symbolic link on the way is refused.
    Without it, a device or a pipe the user named (``-o /dev/null``, ``-o /dev/stdout``, a
    FIFO) is written into, never replaced by a file (as root, a rename would replace the device).
    """
    target = inside(root, target) if root is not None else named(target)
    if target.is_dir():
        raise _cannot_write(IsADirectoryError(21, "Is a directory", str(target)), target)
    encoding = None if "b" in mode else "utf-8"
    newline = None if "b" in mode else "\n"
    if root is None and _special(target):
        try:
            with open(target, mode, encoding=encoding, newline=newline) as file:
                write(file)
        except OSError as problem:
            raise _cannot_write(problem, target) from None
        return
    make_folder(target.parent, root=root)
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as problem:  # named by the target: the temporary file's name means nothing to the user
        raise _cannot_write(OSError(problem.errno, problem.strerror), target) from None
    try:
        with os.fdopen(handle, mode, encoding=encoding, newline=newline) as file:
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
