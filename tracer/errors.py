"""Errors that tracer reports to its users.

Every error a user can cause is a :class:`TracerError`. The command line prints
``str(error)`` as one line (never a traceback), so each message says *where* the
problem is (file, line and column, or the node's path) and *what to write instead*.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = [
    "InputError",
    "Option",
    "SearchError",
    "TraceFormatError",
    "TracerError",
    "TreeFormatError",
    "path_text",
]


def path_text(path: tuple[int, ...] | str) -> str:
    """A node path as users write it: dot-joined 0-based child indices, "" for the root."""
    if isinstance(path, str):
        return path
    if path.__class__ is not tuple:  # a deep path knows its text (tracer.game.model.DeepPath)
        known = getattr(path, "text", None)
        if known is not None:
            return known  # type: ignore[no-any-return]
    return ".".join(map(str, path))


def _where_node(path: tuple[int, ...] | str | None, label: str | None) -> str:
    if path is None:
        return ""
    # tracer.words imports this module (its errors carry options): imported here, at call time, to break that cycle
    from tracer.words import say

    text = path_text(path)
    shown = say("error.node", 'node "{path}"', path=text) if text else say("error.root", "the root")
    if label:
        shown += f" ({label})"
    return shown


_PLACE = re.compile(r"\{(\d+)\}")


def _fill(text: str, shown: list[str]) -> str:
    """``text`` with ``{0}``, ``{1}``, ... replaced by the options as phrased; any other brace is
    left as it is (a message quotes what a user wrote, and a roster's header may hold ``{``)."""
    if not shown:
        return text
    return _PLACE.sub(lambda match: shown[int(match.group(1))] if int(match.group(1)) < len(shown) else match.group(0), text)


class TracerError(Exception):
    """Root of every error tracer raises on purpose."""


@dataclass(frozen=True)
class Option:
    """A setting an error names, as data: each front end phrases it in its own words.

    ``name`` is the library's name of the setting (``algorithm``, ``depth``,
    ``transposition_table``, ``prune_on_equal``, ...), ``value`` the value to suggest (None:
    the setting itself). The command line writes ``--algorithm expectiminimax``, a page's
    fence ``algorithm=expectiminimax``, Python ``algorithm='expectiminimax'``.
    """

    name: str
    value: Any = None


def python_words(option: Option) -> str:
    """An option as a Python caller writes it: ``depth=3``, ``iterative=True``, ``order``."""
    return option.name if option.value is None else f"{option.name}={option.value!r}"


class InputError(TracerError, ValueError):
    """Bad input from a user: a file, an option, a position.

    ``source`` names the file (or ``<stdin>``/``<string>``); ``line`` and ``column``
    are 1-based where known; ``path`` is a node path where the problem is a node;
    ``hint`` says what to write instead. Settings the message or the hint name are
    ``options`` (:class:`Option`), written ``{0}``, ``{1}``, ... in the text: ``str(error)``
    phrases them as Python does, :meth:`phrased` as another front end does.
    """

    def __init__(
        self,
        message: str,
        *,
        source: str | None = None,
        line: int | None = None,
        column: int | None = None,
        path: tuple[int, ...] | str | None = None,
        label: str | None = None,
        hint: str | None = None,
        options: Sequence[Option] = (),
    ) -> None:
        self.message = message
        self.source = source
        self.line = line
        self.column = column
        self.path = path_text(path) if path is not None else None
        self.label = label
        self._node = _where_node(self.path, label)  # in the language of the message, which is said now
        self.hint = hint
        self.options = tuple(options)
        super().__init__(str(self))

    def located(self, source: str) -> InputError:
        """The same error, naming ``source`` as its file (when it named none)."""
        if self.source is None:
            self.source = source
            self.args = (str(self),)
        return self

    def __str__(self) -> str:
        return self.phrased(python_words)

    def phrased(self, words: Callable[[Option], str]) -> str:
        """The one-line message with its options written by ``words`` (a front end's phrasing)."""
        shown = [words(option) for option in self.options]
        message = _fill(self.message, shown)
        hint = _fill(self.hint, shown) if self.hint else self.hint
        where: list[str] = []
        if self.source:
            place = self.source
            if self.line is not None:
                place += f":{self.line}"
                if self.column is not None:
                    place += f":{self.column}"
            where.append(place)
        node = self._node
        text = message
        if node:
            text = f"{node}: {text}"
        if where:
            text = f"{where[0]}: {text}"
        if hint:
            text = f"{text}; {hint}"
        return text


class TreeFormatError(InputError):
    """A game tree that cannot be read: syntax, a bad leaf, bad probabilities, ..."""


class SearchError(InputError):
    """A search that cannot run as asked (for example alpha-beta on chance nodes)."""


class OutputError(InputError):
    """A place the user asked tracer to write to that cannot be written (a file where a
    folder must be, no permission, a read-only file system)."""


class TraceFormatError(InputError):
    """A trace file that is not a tracer trace, or of a version this tracer cannot read."""
