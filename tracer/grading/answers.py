"""Reading the answer files students hand in.

An answer file is a small YAML (or JSON) mapping::

    exercise: ex1-3f9c            # the id printed on the sheet
    minimax: {A: 3, B: 3, C: 2, D: 2}
    values: {A: 3, B: 3, C: "<= 2", D: 2}
    not_examined: [I, J]
    move: B
    window: {alpha: 3, beta: +inf}
    order: [E, F, G, H, K, L, M]

* Nodes are named by label or by path (``"1.0"``), in any case; sets in any order.
* A value is a number (``3``, ``-2.5``, ``10/3``, ``+inf``) or a bound: ``"<= 2"``,
  ``"≤2"``, ``"at most 2"`` for an upper bound, ``">= 5"``, ``"≥5"``, ``"at least 5"``
  for a lower bound. YAML needs quotes around a value starting with ``>``.
* A blank answer (``B:`` with nothing after it) counts as not answered.
* Keys may also be written ``not-examined``, ``Not examined``, ...; ``student`` (free
  text) is allowed; any other key is an error, so that a typo is not silently lost.

Everything here reads text; which node a name means is settled against the key (see
:mod:`tracer.grading.check`). Errors are :class:`AnswerError`, naming the file, the
line and column, and what to write instead.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from tracer.errors import InputError
from tracer.words import bounded

__all__ = ["ANSWER_KEYS", "AnswerError", "Claim", "Item", "Submission", "parse_claim", "parse_submission", "read_submission"]

MAX_BYTES = 1_000_000

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


@dataclass(frozen=True)
class Item:
    """A value from the file and where it was written (line and column are 1-based, None if unknown).

    ``value`` is a string (the scalar as written), None (blank), a list of items, or a
    list of ``(key item, value item)`` pairs for a mapping.
    """

    value: Any
    line: int | None = None
    column: int | None = None
    kind: str = "scalar"  # scalar, list, map

    def error(self, source: str, message: str, hint: str | None = None) -> AnswerError:
        return AnswerError(message, source=source, line=self.line, column=self.column, hint=hint)

    def text(self) -> str:
        return "" if self.value is None else str(self.value)


@dataclass(frozen=True)
class Claim:
    """A value as a student claims it: a number, and whether it is exact or a bound."""

    value: float
    bound: str = "exact"  # exact, upper (<=), lower (>=)

    def __str__(self) -> str:
        return bounded(self.value, self.bound)


@dataclass
class Submission:
    """One answer file, read but not yet checked."""

    source: str
    exercise: Item | None
    student: str | None
    answers: dict[str, Item]


# -- values -----------------------------------------------------------------------------------
_BOUND_WORDS = (
    (("<=", "=<", "≤", "⩽", "at most", "atmost", "le"), "upper"),
    ((">=", "=>", "≥", "⩾", "at least", "atleast", "ge"), "lower"),
    (("=",), "exact"),
)
_INFINITY = {"inf", "+inf", ".inf", "+.inf", "infinity", "+infinity", "∞", "+∞"}
_MINUS_INFINITY = {"-inf", "-.inf", "-infinity", "-∞"}


def parse_number(text: str) -> float | None:
    """``3``, ``-2.5``, ``10/3``, ``+inf``, ``−4`` (a Unicode minus) -> a float; None if not a number.

    >>> parse_number("10/3"), parse_number("−4"), parse_number("+∞"), parse_number("three")
    (3.3333333333333335, -4.0, inf, None)
    """
    cleaned = text.strip().replace("\u2212", "-").replace(" ", "").casefold()
    if cleaned in _INFINITY:
        return math.inf
    if cleaned in _MINUS_INFINITY:
        return -math.inf
    try:
        if "/" in cleaned:
            return float(Fraction(cleaned))
        value = float(cleaned)
    except (ValueError, ZeroDivisionError):
        return None
    return value if not math.isnan(value) else None


def parse_claim(text: str) -> Claim | None:
    """A value or a bound as written: ``"<= 2"``, ``"≤2"``, ``"at most 2"``, ``3``; None if unreadable.

    >>> parse_claim("at most 2"), parse_claim("≥-1"), parse_claim(" 3 ")
    (Claim(value=2.0, bound='upper'), Claim(value=-1.0, bound='lower'), Claim(value=3.0, bound='exact'))
    """
    rest = text.strip()
    lowered = rest.casefold()
    bound = "exact"
    for words, kind in _BOUND_WORDS:
        for word in words:
            if lowered.startswith(word) and (not word[0].isalpha() or len(lowered) == len(word) or not lowered[len(word)].isalpha()):
                bound = kind
                rest = rest[len(word):]
                break
        else:
            continue
        break
    value = parse_number(rest)
    if value is None:
        return None
    return Claim(value, bound)


def claim_of(item: Item, source: str) -> Claim | None:
    """The claim an item makes (None when blank); AnswerError when it is not a value."""
    if item.kind != "scalar":
        raise item.error(source, f"a value must be a number or a bound, not a {'list' if item.kind == 'list' else 'mapping'}",
                         hint='write 3, or a bound such as "<= 2"')
    if item.value is None or str(item.value).strip() == "":
        return None
    claim = parse_claim(str(item.value))
    if claim is None:
        text = str(item.value)
        hint = 'write a number such as 3 or -1.5, or a bound: "<= 2", "≤2", "at most 2", ">= 5", "at least 5"'
        if re.match(r"^\s*[<>]\s*[^=]", text) or text.strip() in ("<", ">"):
            hint = 'alpha-beta\'s bounds include equality: write "<= 2" (at most 2) or ">= 5" (at least 5)'
        raise item.error(source, f"cannot read {text!r} as a value", hint=hint)
    return claim


# -- files --------------------------------------------------------------------------------------
def read_submission(path: str | Path) -> Submission:
    """Read an answer file (``.yaml``, ``.yml`` or ``.json``; other names are read as YAML)."""
    path = Path(path)
    source = str(path)
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise AnswerError(f"the file is too large for an answer file ({size:,} bytes)", source=source,
                              hint="hand in the filled-in answer-template.yaml")
        data = path.read_bytes()
    except FileNotFoundError:
        raise AnswerError("no such file", source=source, hint="check the path") from None
    except IsADirectoryError:
        raise AnswerError("is a folder, not an answer file", source=source) from None
    except OSError as error:
        raise AnswerError(f"cannot read the file: {error.strerror or error}", source=source) from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise AnswerError(
            f"not UTF-8 text (byte {error.start + 1} cannot be read)", source=source,
            hint="hand in the answer template as a plain-text YAML file, not a word-processor or PDF file",
        ) from None
    return parse_submission(text, source, fmt="json" if path.suffix.lower() == ".json" else "yaml")


def parse_submission(text: str, source: str = "<answers>", fmt: str = "yaml") -> Submission:
    """Read an answer file's text; ``fmt`` is ``"yaml"`` or ``"json"``."""
    if not text.strip():
        raise AnswerError("the file is empty", source=source, hint="fill in the answer template and hand it in")
    root = _load_json(text, source) if fmt == "json" else _load_yaml(text, source)
    if root.kind != "map":
        what = "a list" if root.kind == "list" else "a single value"
        raise root.error(source, f"the file holds {what}, not answers", hint="write one answer per line: exercise: <id>, values: {...}, ...")
    answers: dict[str, Item] = {}
    seen: dict[str, Item] = {}
    exercise: Item | None = None
    student: str | None = None
    for key_item, value_item in root.value:
        raw = key_item.text()
        name = re.sub(r"[\s\-]+", "_", raw.strip().casefold())
        question = ANSWER_KEYS.get(name)
        if question is None:
            raise key_item.error(
                source, f"unknown answer {raw!r}",
                hint="the answers are exercise, minimax, expectiminimax, values, not_examined, move, window and order",
            )
        if question in seen:
            first = seen[question]
            raise key_item.error(source, f"{raw!r} is given twice (also on line {first.line})", hint="keep one of them")
        seen[question] = key_item
        if question == "exercise":
            exercise = value_item
        elif question == "student":
            student = value_item.text().strip() or None if value_item.kind == "scalar" else None
        else:
            answers[question] = value_item
    return Submission(source, exercise, student, answers)


def _yaml_loader() -> Any:
    import yaml

    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _load_yaml(text: str, source: str) -> Item:
    import yaml

    try:
        node = yaml.compose(text, Loader=_yaml_loader())
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark
        line = mark.line + 1 if mark else None
        column = mark.column + 1 if mark else None
        hint = "check the indentation, the colons, and that every [ and { is closed"
        if mark is not None:
            lines = text.splitlines()
            here = lines[mark.line] if mark.line < len(lines) else ""
            if ">" in here:
                hint = 'put a lower bound in quotes, such as C: ">= 5", or write C: at least 5'
            elif "\t" in here:
                hint = "indent with spaces, not tabs"
        raise AnswerError(f"not valid YAML: {error.problem}", source=source, line=line, column=column, hint=hint) from None
    except yaml.YAMLError as error:
        raise AnswerError(f"not valid YAML: {error}", source=source) from None
    if node is None:
        raise AnswerError("the file holds no answers (only comments?)", source=source, hint="fill in the answer template")
    return _from_yaml(node, source)


def _from_yaml(node: Any, source: str, depth: int = 0) -> Item:
    import yaml

    mark = node.start_mark
    line, column = mark.line + 1, mark.column + 1
    if depth > 20:
        raise AnswerError("the answers are nested too deeply", source=source, line=line, column=column)
    if isinstance(node, yaml.MappingNode):
        pairs = [(_from_yaml(key, source, depth + 1), _from_yaml(value, source, depth + 1)) for key, value in node.value]
        return Item(pairs, line, column, "map")
    if isinstance(node, yaml.SequenceNode):
        return Item([_from_yaml(child, source, depth + 1) for child in node.value], line, column, "list")
    if node.tag == "tag:yaml.org,2002:null" and node.style is None:
        return Item(None, line, column)
    if isinstance(node, yaml.ScalarNode):
        return Item(node.value, line, column)
    raise AnswerError("an alias or tag that answers do not use", source=source, line=line, column=column)


def _load_json(text: str, source: str) -> Item:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise AnswerError(
            f"not valid JSON: {error.msg}", source=source, line=error.lineno, column=error.colno,
            hint="check the commas and quotes, and that every [ and { is closed",
        ) from None
    # JSON is YAML too: read it again for the line of every value (PyYAML refuses a few JSON
    # escapes; then the answers are checked without lines).
    try:
        return _load_yaml(text, source)
    except AnswerError:
        return _from_json(data)


def _from_json(data: Any) -> Item:
    if isinstance(data, dict):
        return Item([(Item(str(key)), _from_json(value)) for key, value in data.items()], kind="map")
    if isinstance(data, list):
        return Item([_from_json(value) for value in data], kind="list")
    if data is None:
        return Item(None)
    if isinstance(data, bool):
        return Item("true" if data else "false")
    return Item(str(data))
