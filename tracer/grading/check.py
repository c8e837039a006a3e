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

Each question's checker is in :mod:`tracer.grading.checkers`; how values are read (and when
two numbers are the same) in :mod:`tracer.grading.values`. The practice page's checker
follows these rules from data :mod:`tracer.grading.browser` exports, and one table of cases
(``tests/grading/cases.yaml``) runs through both.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from tracer.errors import InputError, TracerError
from tracer.grading.answers import AnswerError, Submission, fold, load_yaml_items, parse_number, read_documents
from tracer.grading.batch import jobs_for, map_in_order
from tracer.grading.checkers import CHECKERS
from tracer.grading.homework import KeySource, index_of
from tracer.grading.keys import PreparedKey
from tracer.reading import read_input
from tracer.trace.questions import QUESTION_IDS, Question, question_title
from tracer.words import say

__all__ = [
    "DEFAULT_POINTS",
    "Found",
    "Points",
    "Result",
    "TestResult",
    "check_file",
    "check_files",
    "check_paths",
    "check_submission",
    "collect_files",
    "load_points",
]

DEFAULT_POINTS = {"minimax": 3.0, "expectiminimax": 3.0, "values": 3.0, "not_examined": 2.0, "move": 1.0, "window": 1.0, "order": 1.0}
DEFAULT_PARTIAL = 0.5


@dataclass(frozen=True)
class Points:
    """Points per question and the fraction earned by a right number in the wrong form."""

    per_question: dict[str, float] = field(default_factory=lambda: dict(DEFAULT_POINTS))
    partial: float = DEFAULT_PARTIAL

    def of(self, question: str) -> float:
        return self.per_question.get(question, DEFAULT_POINTS.get(question, 1.0))


def load_points(path: str | Path) -> Points:
    """Read ``points.yaml``: ``{minimax: 4, values: 4, not_examined: 2, move: 1, partial: 0.5}``."""
    source = str(path)
    text = read_input(path, kind="points", what=say("grading.points.what", "the points file"))
    if not text.strip():
        return Points()
    try:
        root = load_yaml_items(text, source)
    except AnswerError as error:
        raise InputError(error.message, source=source, line=error.line, column=error.column, hint=error.hint) from None
    if root.kind != "map":
        raise InputError(say("points.mapping", "the points file must be a mapping"), source=source, line=root.line,
                         hint=say("points.hint.mapping", "write one line per question: minimax: 4"))
    per_question = dict(DEFAULT_POINTS)
    partial = DEFAULT_PARTIAL
    for key_item, value_item in root.value:
        name = fold(key_item.text().strip()).replace("-", "_").replace(" ", "_")
        number = parse_number(value_item.text()) if value_item.kind == "scalar" and value_item.value is not None else None
        if number is None or number < 0 or math.isinf(number):
            raise InputError(
                say("points.number", "{name} needs a number of points (0 or more)", name=repr(key_item.text())), source=source,
                line=value_item.line, column=value_item.column, hint=say("points.hint.number", "write e.g. minimax: 4"),
            )
        if name == "partial":
            if number > 1:
                raise InputError(say("points.partial", "partial is a fraction between 0 and 1"), source=source, line=value_item.line,
                                 column=value_item.column, hint=say("points.hint.partial", "write partial: 0.5 for half credit"))
            partial = number
        elif name in QUESTION_IDS:
            per_question[name] = number
        else:
            raise InputError(
                say("points.unknown", "unknown question {name}", name=repr(key_item.text())), source=source, line=key_item.line,
                column=key_item.column,
                hint=say("points.hint.unknown", "the questions are {questions}; partial sets the credit for a right number in the wrong form",
                         questions=", ".join(QUESTION_IDS)),
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

    def __reduce__(self) -> tuple[Any, ...]:
        # a worker's results come back as their fields in order, rebuilt by the constructor: a
        # third fewer bytes, and unpickled in the main process in half the time of a dict of attributes
        return TestResult, (self.question, self.name, self.score, self.max_score, self.output)


@dataclass
class Result:
    """One exercise's answers from one file: the score and tests, or why they could not be checked (``error``).

    ``student`` is the exercise's student (the roster's id of a student's version), else what
    the file says in ``student:``; ``owner`` the exercise's student alone; ``submitter`` who
    handed the file in, where known (see :mod:`tracer.grading.identity`); ``index`` the
    exercise's number in its homework (``ex2`` is 2); ``document`` which of the file's
    exercises this is, from 1, in a file holding several; ``flags`` what a TA should look at
    (every report shows them); ``counted`` is False for a file a later one replaces.
    """

    file: str
    exercise: str | None = None
    student: str | None = None
    score: float | None = None
    max_score: float | None = None
    tests: list[TestResult] = field(default_factory=list)
    error: str | None = None
    submitter: str | None = None
    owner: str | None = None
    index: int | None = None
    document: int | None = None
    flags: list[str] = field(default_factory=list)
    counted: bool = True
    claimed: str | None = None
    """What the file's ``student:`` line says."""
    notes: list[str] = field(default_factory=list)
    """What the student is told of how the file counted (a zero for another's version, a later file
    that replaces it), naming no other student: Gradescope shows them where ``flags`` are the staff's."""

    def __reduce__(self) -> tuple[Any, ...]:
        return Result, tuple([self.__dict__[name] for name in _RESULT_FIELDS])  # as TestResult's

    @property
    def checked(self) -> bool:
        return self.error is None

    @property
    def where(self) -> str:
        """The file, and which of its exercises where it holds several: ``hw.yaml`` or ``hw.yaml #2``."""
        return self.file if self.document is None else say("check.document", "{file} #{n}", file=self.file, n=self.document)


_RESULT_FIELDS = tuple(item.name for item in fields(Result))


# -- checking one submission ---------------------------------------------------------------------
def check_submission(key: PreparedKey, submission: Submission, points: Points | None = None, *, feedback: bool = True) -> Result:
    """Score a submission against a key. AnswerError when it holds unreadable values (a name that is no node's costs that answer only).

    Without ``feedback`` each test's output is empty and the key's search is not replayed to explain
    a wrong value (the scores are the same): for reports that show scores alone.
    """
    points = points or Points()
    source = submission.source
    key.verify_exercise(submission.exercise, source)
    scoring = key if feedback else key.for_scoring()
    tests: list[TestResult] = []
    for number, question in enumerate(key.questions, start=1):
        qid = question.id
        total = points.of(qid)
        item = submission.answers.get(qid)
        if item is None and qid == "expectiminimax":
            item = submission.answers.get("minimax")
        earned, output = CHECKERS[qid](scoring, question, item, source, total, points.partial)
        tests.append(TestResult(qid, question_name(key, number, question), round(earned, 4), total, output if feedback else ""))
    score = round(sum(test.score for test in tests), 4)
    max_score = round(sum(test.max_score for test in tests), 4)
    exercise = key.exercise or (str(submission.exercise.value) if submission.exercise and submission.exercise.value else None)
    return Result(source, exercise, _student(key, submission), score, max_score, tests, owner=_owner(key), index=_index(key, exercise),
                  document=submission.document, claimed=submission.student)


def _owner(key: PreparedKey | None) -> str | None:
    student = key.key.student if key is not None else None
    return str(student["id"]) if student else None


def _index(key: PreparedKey | None, exercise: str | None) -> int | None:
    return index_of(exercise) if exercise else None


def question_name(key: PreparedKey, number: int, question: Question) -> str:
    """``2. Alpha-beta values``, ``5. α and β at D``: a question's name in reports."""
    title = question_title(question.id)
    if question.id == "window":
        assert question.node is not None
        title = say("check.title.window", "{title} at {node}", title=title, node=question.label or key.name(question.node))
    return say("check.question_name", "{number}. {title}", number=number, title=title)


def _student(key: PreparedKey | None, submission: Submission | None) -> str | None:
    """The roster's id when the key is a student's version, else what the file says in ``student:``."""
    roster = key.key.student if key is not None else None
    if roster:
        return str(roster["id"])
    return submission.student if submission is not None else None


# -- many files ------------------------------------------------------------------------------------
ANSWER_SUFFIXES = (".yaml", ".yml", ".json")


@dataclass(frozen=True)
class Found:
    """A file to check (``problem``: why it gives nothing to check), and the folder it was found in (None: named itself)."""

    path: Path
    problem: str | None = None
    root: Path | None = None


def _answer_files_in(root: Path) -> list[Found]:
    """The answer files in a folder and its folders, and an entry for each symbolic link among them.

    Each folder is listed once (os.scandir), and whether an entry is a link is read from the
    listing, not asked of the disk again: a class's thousand files took 24 ms, half of it that.
    A folder that cannot be listed is passed over, as os.walk does.
    """
    found: list[Found] = []
    folders = [root]
    while folders:
        here = folders.pop()
        try:
            with os.scandir(here) as listing:
                entries = list(listing)
        except OSError:
            continue
        for entry in entries:
            name = entry.name
            if name.startswith("."):
                continue
            if entry.is_symlink():
                if _is_folder(entry):  # where the link leads: never followed
                    found.append(Found(here / name, say("check.link.folder", "is a symbolic link to a folder; it is not followed"), root))
                elif _is_answer_name(name):
                    found.append(Found(here / name, say("check.link", "is a symbolic link, not a file; hand in the answer file itself"), root))
            elif _is_folder(entry):
                folders.append(here / name)
            elif _is_answer_name(name):
                found.append(Found(here / name, None, root))
    return found


def _is_answer_name(name: str) -> bool:
    return os.path.splitext(name)[1].lower() in ANSWER_SUFFIXES


def _is_folder(entry: os.DirEntry[str]) -> bool:
    """Whether an entry is a folder, or a link to one; False where that cannot be asked (a link to
    itself, through a file, or into a folder that cannot be read), as os.walk takes it."""
    try:
        return entry.is_dir()
    except OSError:
        return False


def collect_files(paths: Iterable[str | Path]) -> list[Found]:
    """The answer files to check: files as given, folders searched (sorted) for .yaml/.yml/.json.

    Inside a folder nothing is followed out of it: a symbolic link (to a file or a folder)
    is never read, and gets an entry saying so (a student's upload may hold a link to the
    key, or to any file of the grader's machine). Hidden files and folders are skipped.
    """
    out: list[Found] = []
    for raw in paths:
        path = Path(raw)
        if not path.is_dir():
            out.append(Found(path))
            continue
        found = _answer_files_in(path)
        if not found:
            out.append(Found(path, say("check.folder.empty", "the folder holds no .yaml, .yml or .json answer files")))
        out.extend(sorted(found, key=lambda item: item.path))
    return out


def check_paths(
    keys: KeySource,
    paths: Iterable[str | Path],
    points: Points | None = None,
    progress: Callable[[list[Any]], Iterable[Any]] | None = None,
    *,
    feedback: bool = True,
) -> list[Result]:
    """Check every answer file under ``paths``; a file that cannot be checked gets an entry with ``error``.

    Who handed each file in, and which of two files for one exercise counts, are settled
    by :func:`tracer.grading.identity.settle` (the command line does both). Without ``feedback``
    the tests' outputs are empty (see :func:`check_submission`).
    """
    return check_files(keys, collect_files(paths), points, progress, feedback=feedback)


def check_files(
    keys: KeySource,
    files: Sequence[Found],
    points: Points | None = None,
    progress: Callable[[list[Any]], Iterable[Any]] | None = None,
    *,
    feedback: bool = True,
) -> list[Result]:
    """Check the files :func:`collect_files` found, in order: a result per exercise answered (a file may hold several).

    A large batch is checked by several processes (:mod:`tracer.grading.batch`); the results are the same.
    Without ``feedback`` the tests' outputs are empty (see :func:`check_submission`)."""
    points = points or Points()
    listed = list(files)
    checked = map_in_order(lambda found: check_file(keys, found.path, points, found.problem, feedback=feedback), listed,
                           jobs_for(len(listed)))
    return [result for _found, outcome in zip(progress(listed) if progress else listed, checked) for result in outcome]


def check_file(keys: KeySource, path: Path, points: Points, problem: str | None = None, *, feedback: bool = True) -> list[Result]:
    """The results of one answer file. Nothing one file holds stops the others: any failure to read or
    check it (tracer's errors, and also memory, nesting or a number too large) becomes its entry."""
    source = str(path)
    if problem is not None:
        return [Result(source, error=f"{source}: {problem}")]
    try:
        documents = read_documents(path)
    except TracerError as error:
        return [Result(source, error=str(error))]
    except Exception as error:  # whatever a file does, it is that file's entry
        return [Result(source, error=f"{source}: {unexpected(error)}")]
    return [_check_document(keys, submission, points, feedback) for submission in documents]


def _check_document(keys: KeySource, submission: Submission, points: Points, feedback: bool = True) -> Result:
    source = submission.source
    key: PreparedKey | None = None
    try:
        key = keys.key_for(submission.exercise, source)
        result = check_submission(key, submission, points, feedback=feedback)
        result.index = keys.index(key.exercise) or result.index
        return result
    except Exception as error:  # a TracerError says what and where; anything else is named without internals
        exercise = key.exercise if key is not None else None
        max_score = round(sum(points.of(q.id) for q in key.questions), 4) if key is not None else None
        message = str(error) if isinstance(error, TracerError) else f"{source}: {unexpected(error)}"
        return Result(source, exercise=exercise, student=_student(key, submission), max_score=max_score, error=message, owner=_owner(key),
                      index=keys.index(exercise) if key is not None else None, document=submission.document, claimed=submission.student)


def unexpected(error: BaseException) -> str:
    """What to say about a failure tracer did not foresee, without Python's internals."""
    if isinstance(error, MemoryError):
        return say("check.unexpected.memory", "reading it needs more memory than an answer file may take")
    if isinstance(error, RecursionError):
        return say("check.unexpected.deep", "it is nested too deeply to read")
    return say("check.unexpected", "it could not be checked: tracer met an error it did not foresee ({kind}); please report it with this file",
               kind=type(error).__name__)
