"""Reading the answer files students hand in.

An answer file is a small YAML (or JSON) mapping from question ids to answers, such as
``values: {A: 3, C: "<= 2"}`` or ``not_examined: [I, J]``: the answer template beside each
sheet lists the questions asked, and ``tracer check --help`` shows a whole file.

* Nodes are named by label or by path (``"1.0"``), in any case; sets in any order.
* A value is a number (``3``, ``-2.5``, ``10/3``, ``+inf``) or a bound: ``"<= 2"``,
  ``"≤2"``, ``"at most 2"`` (or ``le 2``, or Turkish ``"en fazla 2"``) for an upper bound,
  ``">= 5"``, ``"≥5"``, ``"at least 5"`` (or ``ge 5``, or Turkish ``"en az 5"``) for a lower bound. YAML needs quotes around a value
  starting with ``>``. Numbers within 0.005 of each other are the same answer. How values
  are read is :mod:`tracer.grading.values` (its tables are data the practice page's checker
  reads too, :mod:`tracer.grading.browser`); its names are re-exported here.
* A blank answer (``B:`` with nothing after it, ``null`` or ``~``) counts as not answered.
* Keys may also be written ``not-examined``, ``Not examined``, ...; ``student`` (free
  text) is allowed; any other key is an error, so that a typo is not silently lost.
* A file may hold several exercises' answers: YAML documents separated by lines ``---``,
  or a list of mappings (:func:`read_documents`).

Files are read through :mod:`tracer.reading` (a regular file of at most 1 MB, UTF-8, no
YAML tags, aliases bounded) and nested at most :data:`MAX_NESTING` levels; an answer is at
most :data:`MAX_SCALAR` characters. Everything here reads text; which node a name means is
settled against the key (see :mod:`tracer.grading.check`). Errors are :class:`AnswerError`,
naming the file, the line and column, and what to write instead (a YAML error's hint quotes
the line).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any

from tracer.errors import InputError
from tracer.grading.values import (
    BOUND_WORDS,
    DECIMAL_COMMA,
    FOLDS,
    FRACTION,
    MINUS_INFINITY,
    MINUS_SIGNS,
    NUMBER,
    PLUS_INFINITY,
    STRICT_BOUND,
    TOLERANCE,
    Claim,
    fold,
    parse_claim,
    parse_number,
    same_number,
    unreadable_hint,
)
from tracer.reading import compose_yaml, load_json, read_input
from tracer.reading.text import unprintable, without_direction_controls
from tracer.words import count, say

__all__ = [
    "ANSWER_KEYS", "BOUND_WORDS", "DECIMAL_COMMA", "FOLDS", "FRACTION", "MINUS_INFINITY", "MINUS_SIGNS", "NUMBER", "PLUS_INFINITY", "STRICT_BOUND", "TOLERANCE",
    "AnswerError", "Claim", "Item", "Submission", "blank", "claim_of", "fold", "load_yaml_documents", "load_yaml_items", "parse_claim",
    "parse_documents", "parse_number", "parse_submission", "read_documents", "read_submission", "same_number", "unreadable_hint",
]

ANSWER_KEYS = {
    "exercise": "exercise", "exercise_id": "exercise", "id": "exercise",
    "student": "student", "name": "student", "student_id": "student",
    "minimax": "minimax", "minimax_values": "minimax",
    "expectiminimax": "expectiminimax", "expectiminimax_values": "expectiminimax",
    "values": "values", "alphabeta": "values", "alpha_beta": "values", "alphabeta_values": "values",
    "alpha_beta_values": "values", "search_values": "values",
    "not_examined": "not_examined", "unexamined": "not_examined", "not_visited": "not_examined", "pruned": "not_examined",
    "move": "move", "max_move": "move", "best_move": "move",
    "window": "window", "alpha_beta_window": "window",
    "order": "order", "evaluation_order": "order", "leaf_order": "order", "order_of_evaluation": "order",
}
"""Top-level keys an answer file may use (after lower-casing and turning spaces and dashes into ``_``)."""


class AnswerError(InputError):
    """An answer file that cannot be read or checked: where, what, and what to write instead."""


@dataclass(frozen=True, init=False)
class Item:
    """A value from the file and where it was written (line and column are 1-based, None if unknown).

    ``value`` is a string (the scalar as written), None (blank), a list of items, or a
    list of ``(key item, value item)`` pairs for a mapping.
    """

    value: Any
    line: int | None = None
    column: int | None = None
    kind: str = "scalar"  # scalar, list, map

    def __init__(self, value: Any, line: int | None = None, column: int | None = None, kind: str = "scalar") -> None:
        # the frozen fields set in one go (a class's files are tens of thousands of items; the
        # generated __init__ sets each through object.__setattr__, twice as slow)
        fields = self.__dict__
        fields["value"], fields["line"], fields["column"], fields["kind"] = value, line, column, kind

    def error(self, source: str, message: str, hint: str | None = None) -> AnswerError:
        return AnswerError(message, source=source, line=self.line, column=self.column, hint=hint)

    def text(self) -> str:
        return "" if self.value is None else str(self.value)


@dataclass
class Submission:
    """One exercise's answers from an answer file, read but not yet checked (``document``: which
    of the file's exercises, from 1, when it holds several; None when it holds one)."""

    source: str
    exercise: Item | None
    student: str | None
    answers: dict[str, Item]
    document: int | None = None


def blank(item: Item | None) -> bool:
    """Whether an answer was left blank (missing, ``B:`` with nothing after it, or only spaces)."""
    return item is None or (item.kind == "scalar" and (item.value is None or str(item.value).strip() == ""))


def claim_of(item: Item, source: str) -> Claim | None:
    """The claim an item makes (None when blank); AnswerError when it is not a value."""
    if item.kind != "scalar":
        message = (say("answers.value.list", "a value must be a number or a bound, not a list") if item.kind == "list"
                   else say("answers.value.map", "a value must be a number or a bound, not a mapping"))
        raise item.error(source, message, hint=say("answers.hint.value.short", 'write 3, or a bound such as "<= 2"'))
    if blank(item):
        return None
    claim = parse_claim(str(item.value))
    if claim is None:
        text = str(item.value)
        raise item.error(source, say("answers.unreadable", "cannot read {text} as a value", text=repr(text)), hint=unreadable_hint(text))
    return claim


# -- files --------------------------------------------------------------------------------------
MAX_DOCUMENTS = 50
"""The most exercises one answer file may hold (a homework has a handful)."""
MAX_SCALAR = 1000
"""The longest single answer (characters): a node's name or a value is short; a roster's id may take this many."""
MAX_NESTING = 32
"""How deep an answer file may nest (``values: {A: 3}`` is 2 levels)."""


def read_submission(path: str | Path) -> Submission:
    """Read an answer file of one exercise (``.yaml``, ``.yml`` or ``.json``; other names are read as YAML)."""
    documents = read_documents(path)
    if len(documents) > 1:
        raise AnswerError(say("answers.several", "the file holds {n} exercises' answers", n=len(documents)), source=str(path),
                          hint=say("answers.hint.several", "check it against the folder of exercises (tracer exercise new's DIR)"))
    return documents[0]


def read_documents(path: str | Path) -> list[Submission]:
    """Read an answer file: one exercise's answers, or several (YAML documents separated by ``---``, or a list).

    The file is read through :mod:`tracer.reading` (a regular file, at most 1 MB, UTF-8),
    nested at most :data:`MAX_NESTING` levels, with no YAML tags and no aliases to speak of.
    """
    path = Path(path)
    source = str(path)
    what = say("answers.what", "an answer file")
    text = read_input(path, kind="answers", error=AnswerError, what=what, missing_hint=say("answers.hint.path", "check the path"))
    return parse_documents(text, source, fmt="json" if path.suffix.lower() == ".json" else "yaml")


def parse_submission(text: str, source: str = "<answers>", fmt: str = "yaml") -> Submission:
    """Read an answer file's text (one exercise's answers); ``fmt`` is ``"yaml"`` or ``"json"``."""
    documents = parse_documents(text, source, fmt)
    if len(documents) > 1:
        raise AnswerError(say("answers.several", "the file holds {n} exercises' answers", n=len(documents)), source=source,
                          hint=say("answers.hint.several", "check it against the folder of exercises (tracer exercise new's DIR)"))
    return documents[0]


def parse_documents(text: str, source: str = "<answers>", fmt: str = "yaml") -> list[Submission]:
    """Every exercise's answers in an answer file's text."""
    if not text.strip():
        raise AnswerError(say("answers.file.empty", "the file is empty"), source=source,
                          hint=say("answers.hint.empty", "fill in the answer template and hand it in"))
    roots = [_load_json(text, source)] if fmt == "json" else load_yaml_documents(text, source)
    if len(roots) == 1 and roots[0].kind == "list" and roots[0].value and all(item.kind == "map" for item in roots[0].value):
        roots = list(roots[0].value)  # a list of exercises' answers
    if len(roots) > MAX_DOCUMENTS:
        raise AnswerError(say("answers.documents", "the file holds {n} documents; an answer file holds at most {limit}", n=len(roots),
                              limit=MAX_DOCUMENTS), source=source, hint=say("answers.hint.template", "fill in the answer template"))
    return [_submission(root, source, index if len(roots) > 1 else None) for index, root in enumerate(roots, start=1)]


def _submission(root: Item, source: str, document: int | None) -> Submission:
    if root.kind != "map":
        message = (say("answers.file.list", "the file holds a list, not answers") if root.kind == "list"
                   else say("answers.file.scalar", "the file holds a single value, not answers"))
        raise root.error(source, message, hint=say("answers.hint.lines", "write one answer per line: exercise: <id>, values: {{...}}, ..."))
    answers: dict[str, Item] = {}
    seen: dict[str, Item] = {}
    exercise: Item | None = None
    student: str | None = None
    for key_item, value_item in root.value:
        raw = key_item.text()
        name = re.sub(r"[\s\-]+", "_", fold(raw.strip()))  # MİNİMAX typed on a Turkish keyboard is minimax
        question = ANSWER_KEYS.get(name)
        if question is None:
            raise key_item.error(
                source, say("answers.unknown", "unknown answer {name}", name=repr(raw)),
                hint=say("answers.hint.unknown", "the answers are exercise, minimax, expectiminimax, values, not_examined, move, window and order"),
            )
        if question in seen:
            first = seen[question]
            raise key_item.error(source, say("answers.twice", "{name} is given twice (also on line {line})", name=repr(raw), line=first.line),
                                 hint=say("answers.hint.twice", "keep one of them, or put a line --- before the next exercise's answers"))
        seen[question] = key_item
        if question == "exercise":
            exercise = value_item
        elif question == "student":
            # free text shown in reports and gradebooks: no control or direction characters
            student = value_item.text() if value_item.kind == "scalar" else ""
            student = "".join(" " if unprintable(char) else char for char in without_direction_controls(student)).strip() or None
        else:
            answers[question] = value_item
    return Submission(source, exercise, student, answers, document)


def load_yaml_items(text: str, source: str) -> Item:
    """A YAML text of one document as items that remember their line and column; AnswerError, with a hint, when it is not YAML."""
    documents = load_yaml_documents(text, source)
    if len(documents) > 1:
        raise AnswerError(say("answers.documents.one", "the file holds {n} YAML documents, one was expected", n=len(documents)), source=source)
    return documents[0]


_DOCUMENT_START = re.compile(r"^---(?=[ \t]|$)", re.MULTILINE)


def load_yaml_documents(text: str, source: str) -> list[Item]:
    """The documents of a YAML text (separated by lines starting ``---``), as items; AnswerError when one is not YAML.

    Each document is composed by :func:`tracer.reading.compose_yaml` (no tags, bounded
    aliases and nesting), padded with the lines before it so that errors name the file's lines.
    """
    starts = [match.start() for match in _DOCUMENT_START.finditer(text)]
    if len(starts) > MAX_DOCUMENTS + 1:
        raise AnswerError(say("answers.documents", "the file holds {n} documents; an answer file holds at most {limit}", n=len(starts),
                              limit=MAX_DOCUMENTS), source=source, hint=say("answers.hint.template", "fill in the answer template"))
    bounds = [0, *(start for start in starts if start > 0), len(text)]
    documents: list[Item] = []
    for begin, end in pairwise(bounds):
        chunk = text[begin:end]
        body = _DOCUMENT_START.sub("   ", chunk, count=1) if chunk.startswith("---") else chunk
        if not body.strip() or all(line.lstrip().startswith("#") or not line.strip() for line in body.splitlines()):
            continue
        item = _compose(text, "\n" * text.count("\n", 0, begin) + body, source)
        if item is not None:
            documents.append(item)
    if not documents:
        raise AnswerError(say("answers.file.comments", "the file holds no answers (only comments?)"), source=source,
                          hint=say("answers.hint.template", "fill in the answer template"))
    return documents


def _compose(whole: str, padded: str, source: str) -> Item | None:
    items = _Items(source)
    try:
        root = compose_yaml(padded, source, error=AnswerError, limit=MAX_NESTING, maker=items)
    except AnswerError as error:
        if error.line is not None:
            lines = whole.splitlines()
            here = lines[error.line - 1] if 0 < error.line <= len(lines) else ""
            error.hint = _yaml_hint(here, error.hint)
            error.args = (str(error),)
        raise
    if items.problem is not None:
        raise items.problem
    return root


class _Items:
    """Answers composed straight from YAML's events into items (a :class:`~tracer.reading.yaml_text.Maker`).

    A plain ``null``, ``~`` or nothing is blank (None); any other scalar is kept as written,
    a string. The first answer too long or nested too deep is kept in :attr:`problem`, raised
    once the document is read (a YAML error met later names its own line instead).
    """

    _NULLS = frozenset(("", "~", "null", "Null", "NULL"))  # what YAML's core schema reads as null

    def __init__(self, source: str) -> None:
        self.source = source
        self.problem: AnswerError | None = None

    def _too_deep(self, line: int, column: int, depth: int) -> None:
        if depth > MAX_NESTING and self.problem is None:
            self.problem = AnswerError(say("answers.deep", "the answers are nested too deeply"), source=self.source, line=line, column=column)

    def scalar(self, event: Any, depth: int) -> Item:
        mark = event.start_mark
        line, column = mark.line + 1, mark.column + 1
        value = event.value
        if depth > MAX_NESTING:
            self._too_deep(line, column, depth)
        if not event.style and event.implicit[0] and value in self._NULLS:  # a plain null: blank
            return Item(None, line, column)
        if len(value) > MAX_SCALAR and self.problem is None:
            self.problem = AnswerError(say("answers.long", "an answer of {n} characters is longer than any answer needs", n=count(len(value))),
                                       source=self.source, line=line, column=column, hint=say("answers.hint.long", "write a node's name or a value"))
        return Item(value, line, column)

    def sequence(self, event: Any, depth: int) -> Item:
        mark = event.start_mark
        self._too_deep(mark.line + 1, mark.column + 1, depth)
        return Item([], mark.line + 1, mark.column + 1, "list")

    def mapping(self, event: Any, depth: int) -> Item:
        mark = event.start_mark
        self._too_deep(mark.line + 1, mark.column + 1, depth)
        return Item([], mark.line + 1, mark.column + 1, "map")

    def close(self, item: Item, event: Any) -> None:
        pass

    def place(self, item: Item) -> tuple[int, int]:
        return item.line or 1, item.column or 1


def _yaml_hint(line: str, hint: str | None) -> str | None:
    """A hint that quotes the line YAML stopped at: ``line 3 is 'F: >= 2': write F: ">= 2" ...``."""
    shown = line.strip()
    if len(shown) > 60:
        shown = shown[:57] + "..."
    bound = re.match(r"\s*(?:-\s+)?([^:#{}\[\],]+?)\s*:\s*([<>]=?\s*[^,}\]#]*?)\s*(?:[,}\]#].*)?$", line)
    if ">" in line:
        if bound:
            name, value = bound.group(1).strip(), bound.group(2).strip()
            return say("answers.hint.yaml.bound.line", "the line is {line}: put the bound in quotes, {fixed}, or write {words}",
                       line=repr(shown), fixed=f'{name}: "{value}"',
                       words=say("answers.typed.at_least", "{name}: at least {value}", name=name, value=value.lstrip(">=").strip()))
        return say("answers.hint.yaml.bound", 'the line is {line}: put a lower bound in quotes, such as C: ">= 5", or write C: at least 5',
                   line=repr(shown))
    if "\t" in line:
        return say("answers.hint.yaml.tabs", "the line is {line}: indent with spaces, not tabs", line=repr(shown))
    if shown:
        return say("answers.hint.yaml.line", "the line is {line}: check its indentation and colons, and that every [ and {{ is closed",
                   line=repr(shown))
    return hint


def _load_json(text: str, source: str) -> Item:
    data = load_json(text, source, error=AnswerError, limit=MAX_NESTING,
                     hint=lambda _: say("answers.hint.json", "check the commas and quotes, and that every [ and {{ is closed"))
    # JSON is YAML too: read it again for the line of every value (PyYAML refuses a few JSON
    # escapes; then the answers are checked without lines).
    try:
        return load_yaml_items(text, source)
    except AnswerError:
        return _from_json(data, source)


def _from_json(data: Any, source: str) -> Item:
    if isinstance(data, dict):
        return Item([(Item(str(key)), _from_json(value, source)) for key, value in data.items()], kind="map")
    if isinstance(data, list):
        return Item([_from_json(value, source) for value in data], kind="list")
    if data is None:
        return Item(None)
    if isinstance(data, bool):
        return Item("true" if data else "false")
    text = str(data) if not isinstance(data, float) else repr(data)
    if len(text) > MAX_SCALAR:
        raise AnswerError(say("answers.long", "an answer of {n} characters is longer than any answer needs", n=count(len(text))),
                          source=source, hint=say("answers.hint.long", "write a node's name or a value"))
    return Item(text)
