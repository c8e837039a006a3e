"""Checking answers against a key: a score per question, and feedback on the first wrong step.

Crediting (the points are set per question; see :class:`Points`):

* **Node values** (``minimax``, ``expectiminimax``, ``values``): the question's points are
  shared equally by the nodes asked (every internal node; for ``values`` every internal
  node alpha-beta examines). A node earns its whole share for the key's number in the
  key's form, and ``partial`` of it (0.5 by default) for the right number in the wrong
  form: a plain ``2`` where alpha-beta only proves ``<= 2``, or ``<= 3`` where it
  computes 3 exactly (or a bound in the wrong direction). Numbers match when they are
  within 0.005 (two decimals are enough for averages). Values given for nodes not asked
  (leaves, nodes never examined) cost nothing; the feedback says to leave never-examined
  nodes blank.
* **Nodes not examined**: naming an internal node counts for its whole subtree. Each
  node of the key's set is worth an equal share; each examined node wrongly listed takes
  one share away (never below 0). When alpha-beta examines everything, ``[]`` earns all.
* **Move**: all or nothing (ties go to the first move searched, as the sheet says).
* **Window**: half for alpha, half for beta.
* **Order**: the share of the key's sequence matched from its start, over the longer of
  the two lists (so extra leaves at the end cost too).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tracer.errors import InputError, TracerError
from tracer.exercises.questions import QUESTION_IDS, QUESTION_TITLES
from tracer.files import read_text
from tracer.grading import feedback
from tracer.grading.answers import AnswerError, Claim, Item, Submission, claim_of, parse_number, read_submission
from tracer.grading.keys import KeySource, PreparedKey
from tracer.words import joined, plural

__all__ = [
    "DEFAULT_POINTS",
    "Points",
    "Result",
    "TestResult",
    "check_file",
    "check_files",
    "check_paths",
    "check_submission",
    "collect_files",
    "load_points",
    "same_number",
]

TOLERANCE = 0.005
DEFAULT_POINTS = {"minimax": 3.0, "expectiminimax": 3.0, "values": 3.0, "not_examined": 2.0, "move": 1.0, "window": 1.0, "order": 1.0}


def same_number(a: float, b: float) -> bool:
    if math.isinf(a) or math.isinf(b):
        return a == b
    return abs(a - b) <= TOLERANCE + 1e-9


@dataclass(frozen=True)
class Points:
    """Points per question and the fraction earned by a right number in the wrong form."""

    per_question: dict[str, float] = field(default_factory=lambda: dict(DEFAULT_POINTS))
    partial: float = 0.5

    def of(self, question: str) -> float:
        return self.per_question.get(question, DEFAULT_POINTS.get(question, 1.0))


def load_points(path: str | Path) -> Points:
    """Read ``points.yaml``: ``{minimax: 4, values: 4, not_examined: 2, move: 1, partial: 0.5}``."""
    from tracer.grading.answers import _load_yaml

    source = str(path)
    text = read_text(path, what="the points file", missing_hint="check the path of --points")
    if not text.strip():
        return Points()
    try:
        root = _load_yaml(text, source)
    except AnswerError as error:
        raise InputError(error.message, source=source, line=error.line, column=error.column, hint=error.hint) from None
    if root.kind != "map":
        raise InputError("the points file must be a mapping", source=source, line=root.line, hint="write one line per question: minimax: 4")
    per_question = dict(DEFAULT_POINTS)
    partial = 0.5
    for key_item, value_item in root.value:
        name = key_item.text().strip().casefold().replace("-", "_").replace(" ", "_")
        number = parse_number(value_item.text()) if value_item.kind == "scalar" and value_item.value is not None else None
        if number is None or number < 0 or math.isinf(number):
            raise InputError(
                f"{key_item.text()!r} needs a number of points (0 or more)", source=source, line=value_item.line,
                column=value_item.column, hint="write e.g. minimax: 4",
            )
        if name == "partial":
            if number > 1:
                raise InputError("partial is a fraction between 0 and 1", source=source, line=value_item.line, column=value_item.column,
                                 hint="write partial: 0.5 for half credit")
            partial = number
        elif name in QUESTION_IDS:
            per_question[name] = number
        else:
            raise InputError(
                f"unknown question {key_item.text()!r}", source=source, line=key_item.line, column=key_item.column,
                hint="the questions are " + ", ".join(QUESTION_IDS) + "; partial sets the credit for a right number in the wrong form",
            )
    return Points(per_question, partial)


@dataclass
class TestResult:
    """One question's score, with feedback (``output``)."""

    question: str
    name: str
    score: float
    max_score: float
    output: str


@dataclass
class Result:
    """One submission: its score and tests, or why it could not be checked (``error``)."""

    file: str
    exercise: str | None = None
    student: str | None = None
    score: float | None = None
    max_score: float | None = None
    tests: list[TestResult] = field(default_factory=list)
    error: str | None = None

    @property
    def checked(self) -> bool:
        return self.error is None


# -- checking one submission ---------------------------------------------------------------------
def check_submission(key: PreparedKey, submission: Submission, points: Points | None = None) -> Result:
    """Score a submission against a key. AnswerError when it names unknown nodes or holds unreadable values."""
    points = points or Points()
    source = submission.source
    key.verify_exercise(submission.exercise, source)
    tests: list[TestResult] = []
    for number, question in enumerate(key.questions, start=1):
        qid = question["id"]
        total = points.of(qid)
        item = submission.answers.get(qid)
        if item is None and qid == "expectiminimax":
            item = submission.answers.get("minimax")
        title = QUESTION_TITLES[qid] + (f" at {question.get('label') or key.name(question['node'])}" if qid == "window" else "")
        name = f"{number}. {title}"
        checker = _CHECKERS[qid]
        earned, output = checker(key, question, item, source, total, points)
        tests.append(TestResult(qid, name, round(earned, 4), total, output))
    score = round(sum(test.score for test in tests), 4)
    max_score = round(sum(test.max_score for test in tests), 4)
    exercise = key.exercise or (str(submission.exercise.value) if submission.exercise and submission.exercise.value else None)
    return Result(source, exercise, _student(key, submission), score, max_score, tests)


def _student(key: PreparedKey | None, submission: Submission | None) -> str | None:
    """The roster's id when the key is a student's version, else what the file says in ``student:``."""
    roster = key.key.get("student") if key is not None else None
    if roster:
        return str(roster["id"])
    return submission.student if submission is not None else None


def _unanswered(item: Item | None) -> bool:
    return item is None or (item.kind == "scalar" and (item.value is None or str(item.value).strip() == ""))


def _mapping(item: Item, source: str, what: str, example: str) -> list[tuple[Item, Item]]:
    if item.kind != "map":
        raise item.error(source, f"{what} must be a mapping from nodes to values", hint=f"write {example}")
    return list(item.value)


def _node_list(key: PreparedKey, item: Item, source: str, example: str) -> list[tuple[str, Item]]:
    """Nodes named by a list (or by one string of names separated by commas or spaces)."""
    if item.kind == "list":
        entries = item.value
    elif item.kind == "scalar":
        text = item.text().strip()
        if text.casefold() in ("", "none", "[]", "-"):
            return []
        entries = [Item(part, item.line, item.column) for part in text.replace(",", " ").split()]
    else:
        raise item.error(source, "a list of nodes is expected here", hint=f"write {example}")
    return [(key.resolve(entry, source), entry) for entry in entries]


def _check_values(key: PreparedKey, question: dict[str, Any], item: Item | None, source: str, total: float, points: Points) -> tuple[float, str]:
    qid = question["id"]
    search = qid == "values"
    asked = [path for path in key.internal() if not search or key.nodes[path]["search_value"] is not None]
    example = '{A: 3, C: "<= 2"}' if search else "{A: 3, B: 3}"
    claims: dict[str, Claim | None] = {}
    if not _unanswered(item):
        assert item is not None
        seen: dict[str, Item] = {}
        for name_item, value_item in _mapping(item, source, qid, f"{qid}: {example}"):
            path = key.resolve(name_item, source)
            if path in seen:
                raise name_item.error(source, f"{key.name(path)} is given twice (also on line {seen[path].line})", hint="keep one of them")
            seen[path] = name_item
            claims[path] = claim_of(value_item, source)
    if not asked:
        return total, "Nothing to answer here."
    share = total / len(asked)
    earned = 0.0
    right: list[str] = []
    wrong: list[str] = []
    missing: list[str] = []
    for path in asked:
        node = key.nodes[path]
        expected_value = _num(node["search_value"] if search else node["minimax_value"])
        expected_bound = node["bound"] if search else "exact"
        claim = claims.get(path)
        if claim is None:
            missing.append(path)
            continue
        if same_number(claim.value, expected_value):
            if claim.bound == expected_bound:
                earned += share
                right.append(path)
                continue
            earned += share * points.partial
        wrong.append(path)
    # values for nodes alpha-beta never reaches cost nothing, but the student should know
    never = [p for p, claim in claims.items() if search and claim is not None and key.nodes[p]["search_value"] is None]
    note = (
        f" {joined([key.name(p) for p in _search_order(key, never)])} {'is' if len(never) == 1 else 'are'} never examined, so alpha-beta computes no value "
        f"there: leave {'it' if len(never) == 1 else 'them'} blank."
        if never
        else ""
    )
    if not wrong and not missing:
        return earned, f"All {len(asked)} right.{note}"
    if all(claim is None for claim in claims.values()):
        return 0.0, "Not answered."
    lines = [f"{len(right)} of {len(asked)} right.{note}"]
    if wrong:
        # Explain the first wrong answer in the order the search finishes nodes; only list the others.
        order = _search_order(key, asked)
        first = min(wrong, key=order.index)
        explain = feedback.explain_search_value if search else feedback.explain_minimax
        lines.append("First wrong step: " + explain(key, first, claims.get(first)))
        others = [key.name(p) for p in sorted(wrong, key=order.index) if p != first]
        if others:
            lines.append("Also check: " + ", ".join(others) + ".")
    if missing:
        lines.append("Not answered: " + ", ".join(key.name(p) for p in missing) + ".")
    return earned, "\n".join(lines)


def _search_order(key: PreparedKey, paths: Sequence[str]) -> list[str]:
    """Nodes in the order the search finishes them (children before parents, left to right)."""

    def finish(path: str) -> tuple[int, ...]:
        return tuple(int(p) for p in path.split(".")) + (10**9,) if path else (10**9,)

    return sorted(paths, key=finish)


def _check_not_examined(key: PreparedKey, question: dict[str, Any], item: Item | None, source: str, total: float, points: Points) -> tuple[float, str]:
    expected = set(key.key.get("unvisited", ()))
    answered = not _unanswered(item)
    listed = _node_list(key, item, source, "not_examined: [H, I]") if answered and item is not None else []
    claimed: set[str] = set()
    for path, _entry in listed:
        claimed.update(key.descendants(path))
    order = [node["path"] for node in key.key["nodes"]]
    missed = [p for p in order if p in expected and p not in claimed]
    extra = [p for p in order if p in claimed and p not in expected]
    if not expected:
        if answered and not claimed:
            return total, "Right: alpha-beta examines every node."
        if not answered:
            return 0.0, "Not answered. (Write [] when alpha-beta examines every node.)"
        return 0.0, "Alpha-beta examines every node here. " + feedback.explain_not_examined_extra(key, extra[0])
    hits = len(expected) - len(missed)
    earned = total * max(0, hits - len(extra)) / len(expected)
    if not missed and not extra:
        return earned, f"Right: all {plural(len(expected), 'node')}."
    if not answered:
        return 0.0, "Not answered."
    lines = []
    if missed:
        lines.append(f"{plural(len(missed), 'node')} not examined {'are' if len(missed) != 1 else 'is'} missing from your list.")
    if extra:
        shown = ", ".join(key.name(p) for p in extra[:8]) + (", ..." if len(extra) > 8 else "")
        lines.append(f"{plural(len(extra), 'node')} in your list {'are' if len(extra) != 1 else 'is'} examined after all: {shown}.")
    # The first wrong step in the order the search meets the nodes.
    first = min(missed + extra, key=order.index)
    if first in extra:
        lines.append("First wrong step: " + feedback.explain_not_examined_extra(key, first))
    else:
        lines.append("First wrong step: " + feedback.explain_not_examined_missed(key, [first]))
    return earned, "\n".join(lines)


def _check_move(key: PreparedKey, question: dict[str, Any], item: Item | None, source: str, total: float, points: Points) -> tuple[float, str]:
    best = key.key.get("best_move")
    if best is None:
        return total, "The root has no move to choose."
    if _unanswered(item):
        return 0.0, "Not answered."
    assert item is not None
    if item.kind != "scalar":
        raise item.error(source, "the move is one node", hint="write move: B (the child of the root MAX moves to)")
    chosen = key.resolve(item, source)
    if chosen == best["path"]:
        return total, f"Right: MAX moves to {key.name(chosen)}."
    return 0.0, f"You chose {key.name(chosen)}. " + feedback.explain_move(key, chosen)


def _check_window(key: PreparedKey, question: dict[str, Any], item: Item | None, source: str, total: float, points: Points) -> tuple[float, str]:
    if _unanswered(item):
        return 0.0, "Not answered."
    assert item is not None
    pairs = _mapping(item, source, "window", "window: {alpha: 3, beta: +inf}")
    given: dict[str, Claim | None] = {}
    for name_item, value_item in pairs:
        name = name_item.text().strip().casefold()
        name = {"α": "alpha", "a": "alpha", "β": "beta", "b": "beta"}.get(name, name)
        if name not in ("alpha", "beta"):
            raise name_item.error(source, f"unknown entry {name_item.text()!r} in window", hint="write window: {alpha: 3, beta: +inf}")
        given[name] = claim_of(value_item, source)
    earned = 0.0
    lines = []
    for which in ("alpha", "beta"):
        expected = _num(question[which])
        claim = given.get(which)
        if claim is not None and claim.bound == "exact" and same_number(claim.value, expected):
            earned += total / 2
        else:
            wrote = f"you wrote {claim}" if claim is not None else "no answer"
            lines.append(f"{'α' if which == 'alpha' else 'β'}: {wrote}. " + feedback.explain_window(key, question, which))
    if not lines:
        return earned, "Right."
    return earned, "\n".join(lines)


def _check_order(key: PreparedKey, question: dict[str, Any], item: Item | None, source: str, total: float, points: Points) -> tuple[float, str]:
    expected = list(key.key.get("evaluated", ()))
    if _unanswered(item):
        return 0.0, "Not answered."
    assert item is not None
    listed = [path for path, _ in _node_list(key, item, source, "order: [E, F, G]")]
    if listed == expected:
        return total, f"Right: all {len(expected)} in order."
    prefix = 0
    for mine, theirs in zip(listed, expected):
        if mine != theirs:
            break
        prefix += 1
    earned = total * prefix / max(len(expected), len(listed), 1)
    lines = [f"The first {prefix} of {len(expected)} are right." if prefix else "The first leaf is not right."]
    if prefix < len(listed) and prefix < len(expected):
        wrote = listed[prefix]
        why = ""
        if wrote in key.unvisited:
            why = f" ({key.name(wrote)} is never examined)"
        elif key.type(wrote) != "leaf":
            why = f" ({key.name(wrote)} is not a leaf)"
        elif wrote in expected[:prefix]:
            why = f" ({key.name(wrote)} is already in your list)"
        lines.append(f"At position {prefix + 1} you wrote {key.name(wrote)}, but the search evaluates a different leaf there{why}.")
    elif len(listed) < len(expected):
        lines.append(f"You listed {len(listed)} leaves; the search evaluates {len(expected)}.")
    else:
        lines.append(f"You listed {len(listed)} leaves, but the search evaluates only {len(expected)}.")
    return earned, "\n".join(lines)


def _num(value: Any) -> Any:
    return float(value) if value in ("inf", "-inf") else value


_CHECKERS: dict[str, Callable[..., tuple[float, str]]] = {
    "minimax": _check_values,
    "expectiminimax": _check_values,
    "values": _check_values,
    "not_examined": _check_not_examined,
    "move": _check_move,
    "window": _check_window,
    "order": _check_order,
}


# -- many files ------------------------------------------------------------------------------------
ANSWER_SUFFIXES = (".yaml", ".yml", ".json")


def collect_files(paths: Iterable[str | Path]) -> list[tuple[Path, str | None]]:
    """The answer files to check: files as given, folders searched (sorted) for .yaml/.yml/.json.

    Each entry is ``(path, problem)``; ``problem`` says why a path gives nothing to check.
    """
    out: list[tuple[Path, str | None]] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            found = sorted(
                p for p in path.rglob("*")
                if p.is_file() and p.suffix.lower() in ANSWER_SUFFIXES
                and not any(part.startswith(".") for part in p.relative_to(path).parts)
            )
            if not found:
                out.append((path, "the folder holds no .yaml, .yml or .json answer files"))
            out.extend((p, None) for p in found)
        else:
            out.append((path, None))
    return out


def check_paths(
    keys: KeySource,
    paths: Iterable[str | Path],
    points: Points | None = None,
    progress: Callable[[list[Any]], Iterable[Any]] | None = None,
) -> list[Result]:
    """Check every answer file under ``paths``; a file that cannot be checked gets an entry with ``error``."""
    return check_files(keys, collect_files(paths), points, progress)


def check_files(
    keys: KeySource,
    files: list[tuple[Path, str | None]],
    points: Points | None = None,
    progress: Callable[[list[Any]], Iterable[Any]] | None = None,
) -> list[Result]:
    """Check the files :func:`collect_files` found, in order."""
    points = points or Points()
    return [check_file(keys, path, points, problem) for path, problem in (progress(files) if progress else files)]


def check_file(keys: KeySource, path: Path, points: Points, problem: str | None = None) -> Result:
    source = str(path)
    if problem is not None:
        return Result(source, error=f"{source}: {problem}")
    submission: Submission | None = None
    key: PreparedKey | None = None
    try:
        submission = read_submission(path)
        key = keys.key_for(submission.exercise, source)
        return check_submission(key, submission, points)
    except TracerError as error:
        exercise = key.exercise if key is not None else None
        max_score = None
        if key is not None:
            max_score = round(sum(points.of(q["id"]) for q in key.questions), 4)
        return Result(source, exercise=exercise, student=_student(key, submission), max_score=max_score, error=str(error))

