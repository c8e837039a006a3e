"""Reports of checked answer files: text for people, JSON, a CSV of files, Gradescope's results.json.

The gradebook of a homework, one row per student, and the files Canvas and Moodle import
are in :mod:`tracer.grading.gradebook`. Every report shows each result's flags (who handed
it in, a later file replacing it, ...: :mod:`tracer.grading.identity`), and the points of a
file's questions add up to the file's score as shown (:func:`~tracer.grading.gradebook.parts_that_add_up`).

``json``
    a list with one object per exercise answered (a file holding several has one per
    exercise): ``file``, ``document`` (which of the file's exercises, or null), ``exercise``,
    ``student``, ``submitter``, ``score``, ``max_score``, ``tests`` (each ``name``,
    ``score``, ``max_score``, ``output``), ``error`` (null, or what was wrong with the file;
    ``score`` is then null), ``flags`` and ``counted``.
``files``
    a CSV with one row per exercise answered: ``file``, ``document``, ``exercise``, ``student``,
    ``submitter``, ``score``, ``max_score``, one column per question, ``counted``, ``flags`` and
    ``error`` (scores left empty when the file could not be checked).
``gradescope``
    Gradescope's ``results.json`` for one student's submission, any number of files: a test
    per question of every exercise of the homework that is theirs (those not handed in score
    0, saying so), one per file that could not be checked (its reason visible), one per file a
    later one replaced (saying so), the student's notes (a zero for another student's version)
    above the outputs they explain, and the flags in a test only the course staff see.
    ``score`` is the sum.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from tracer.grading.check import Points, Result, question_name
from tracer.grading.gradebook import parts_that_add_up, points, rounded, write_csv
from tracer.grading.homework import ExerciseEntry, KeySource
from tracer.trace.questions import QUESTION_IDS
from tracer.words import count, number, say, say_n

__all__ = ["REPORT_FORMATS", "files_csv", "gradescope_report", "json_report", "report", "text_report"]

REPORT_FORMATS = ("text", "json", "files", "gradescope")


def points_text(value: float | None) -> str:
    """``8.5``, ``3``, ``2.67``: points to two decimals at most (``-`` for none), as the text report writes them:
    with the language's decimal separator (``8,5`` in Turkish). Data (CSV, JSON, Gradescope's numbers) keeps ``8.5``."""
    return "-" if value is None else number(rounded(value))


def _number(value: float | None) -> float | int | None:
    if value is None:
        return None
    shown = rounded(value)
    return int(shown) if shown == int(shown) else shown


def shown_tests(result: Result) -> list[float]:
    """The result's question scores as reports show them: to two decimals, adding up to the score shown."""
    return parts_that_add_up([test.score for test in result.tests])


def json_data(results: Sequence[Result]) -> list[dict[str, Any]]:
    out = []
    for result in results:
        shown = shown_tests(result)
        out.append({
            "file": result.file,
            "document": result.document,
            "exercise": result.exercise,
            "student": result.student,
            "submitter": result.submitter,
            "score": _number(result.score),
            "max_score": _number(result.max_score),
            "tests": [
                {"name": test.name, "score": _number(score), "max_score": _number(test.max_score), "output": test.output}
                for test, score in zip(result.tests, shown)
            ],
            "error": result.error,
            "flags": list(result.flags),
            "counted": result.counted,
        })
    return out


def json_report(results: Sequence[Result]) -> str:
    return json.dumps(json_data(results), indent=2, ensure_ascii=False) + "\n"


def files_csv(results: Sequence[Result]) -> str:
    """One row per exercise answered, with each question's points (adding up to the score)."""
    asked = {test.question for result in results for test in result.tests}
    questions = [q for q in QUESTION_IDS if q in asked]
    rows: list[list[Any]] = [["file", "document", "exercise", "student", "submitter", "score", "max_score", *questions, "counted", "flags",
                              "error"]]
    for result in results:
        by_question = {test.question: score for test, score in zip(result.tests, shown_tests(result))}
        rows.append([
            result.file, result.document or "", result.exercise or "", result.student or "", result.submitter or "",
            points(result.score) if result.checked else "", points(result.max_score),
            *(points(by_question[q]) if q in by_question else "" for q in questions),
            "yes" if result.counted else "no", " | ".join(result.flags), result.error or "",
        ])
    return write_csv(rows)


# -- Gradescope ---------------------------------------------------------------------------------
def gradescope_data(results: Sequence[Result], keys: KeySource | None = None, weights: Points | None = None) -> dict[str, Any]:
    """Gradescope's results.json for one submission: every exercise of the homework that is the student's, by question."""
    weights = weights or Points()
    by_exercise: list[tuple[int, int, list[dict[str, Any]]]] = []
    covered: set[int] = set()
    counted = [r for r in results if r.counted and r.checked]
    for order, result in enumerate(sorted(counted, key=lambda r: (r.index or 0, r.file))):
        label = _exercise_label(result.index, result.exercise)
        told = "".join(note + "\n" for note in result.notes)  # why the score is what it is (a zero for another's version)
        by_exercise.append((result.index or 0, order, [
            {"name": say("report.gradescope.test", "{exercise}: {name}", exercise=label, name=test.name), "score": test.score,
             "max_score": test.max_score, "output": told + test.output, "visibility": "visible"} for test in result.tests
        ]))
        if result.index is not None:
            covered.add(result.index)
    for entry in _expected(results, keys):
        if entry.index in covered or keys is None:
            continue
        covered.add(entry.index)
        key = keys.load(entry.id)
        label = _exercise_label(entry.index, entry.id)
        by_exercise.append((entry.index, -1, [
            {"name": say("report.gradescope.test", "{exercise}: {name}", exercise=label, name=question_name(key, number, question)),
             "score": 0.0, "max_score": weights.of(question.id),
             "output": say("report.gradescope.missing", "Not handed in: no answer file holds exercise {id}.", id=entry.id), "visibility": "visible"}
            for number, question in enumerate(key.questions, start=1)
        ]))
    tests = [test for _, _, group in sorted(by_exercise, key=lambda item: (item[0], item[1])) for test in group]
    for result in results:
        if result.checked and not result.counted and result.notes:  # a file a later one replaced: say so, where the student sees it
            tests.append({"name": say("report.gradescope.not_counted.name", "{file}: not counted", file=result.where), "score": 0.0,
                          "max_score": 0.0, "output": "\n".join(result.notes), "visibility": "visible"})
        if not result.checked:
            tests.append({"name": say("report.gradescope.unchecked.name", "{file}: could not be checked", file=result.where), "score": 0.0,
                          "max_score": 0.0, "output": say("report.gradescope.unchecked", "Your answer file could not be checked: {error}",
                                                         error=result.error), "visibility": "visible"})
    flags = [say("gradebook.flag", "{file}: {flag}", file=result.where, flag=flag) for result in results for flag in result.flags]
    if flags:
        tests.append({"name": say("report.gradescope.flags", "Flags for the course staff"), "score": 0.0, "max_score": 0.0,
                      "output": "\n".join(flags), "visibility": "hidden"})
    shown = parts_that_add_up([item["score"] for item in tests])
    for item, score in zip(tests, shown):
        item["score"] = _number(score)
        item["max_score"] = _number(item["max_score"])
    total = rounded(sum(shown))
    maximum = sum(item["max_score"] or 0 for item in tests)
    return {
        "score": _number(total),
        "output": say("report.gradescope.total", "{score} / {max_score}", score=points_text(total), max_score=points_text(maximum)),
        "visibility": "visible",
        "tests": tests,
    }


def _exercise_label(index: int | None, exercise: str | None) -> str:
    if index is None:
        return exercise or "?"
    return say("report.exercise", "ex{index} ({id})", index=index, id=exercise) if exercise else f"ex{index}"


def _expected(results: Sequence[Result], keys: KeySource | None) -> list[ExerciseEntry]:
    """The exercises this submission should hold: the submitter's own versions, else the class's."""
    if keys is None:
        return []
    entries = keys.exercises()
    who = next((r.submitter for r in results if r.submitter), None)
    own = [e for e in entries if e.student is not None and who is not None and e.student.id.casefold() == who.casefold()]
    if own:
        return own
    handed = {r.owner.casefold() for r in results if r.owner}
    mine = [e for e in entries if e.student is not None and e.student.id.casefold() in handed]
    return mine or [e for e in entries if e.student is None]


def gradescope_report(results: Sequence[Result], keys: KeySource | None = None, weights: Points | None = None) -> str:
    return json.dumps(gradescope_data(results, keys, weights), indent=2, ensure_ascii=False) + "\n"


# -- text -----------------------------------------------------------------------------------------
def problem_text(result: Result) -> str:
    """Why a file could not be checked, without repeating its name: ``line 2, column 19: ...``.

    >>> problem_text(Result("a.yaml", error="a.yaml:2:19: not valid YAML"))
    'line 2, column 19: not valid YAML'
    """
    error = result.error or ""
    prefix = result.file + ":"
    if not error.startswith(prefix):
        return error
    rest = error[len(prefix):]
    match = re.match(r"(\d+)(?::(\d+))?: ", rest)
    if match:
        if match.group(2):
            where = say("report.where.column", "line {line}, column {column}", line=match.group(1), column=match.group(2))
        else:
            where = say("report.where.line", "line {line}", line=match.group(1))
        return say("report.problem", "{where}: {problem}", where=where, problem=rest[match.end():])
    return rest.lstrip()


def _flag_lines(result: Result, indent: str) -> list[str]:
    return [indent + say("report.flag", "! {flag}", flag=flag) for flag in result.flags]


def _detail(result: Result) -> list[str]:
    if not result.checked:
        return [say("report.unchecked", "{file}: could not be checked: {problem}", file=result.where, problem=problem_text(result)),
                *_flag_lines(result, "  ")]
    score = say("report.score", "{score} / {max_score}", score=points_text(result.score), max_score=points_text(result.max_score))
    if result.exercise:
        head = say("report.head.exercise", "{file}: {score} (exercise {exercise})", file=result.where, score=score, exercise=result.exercise)
    else:
        head = say("report.head", "{file}: {score}", file=result.where, score=score)
    lines = [head, *_flag_lines(result, "  ")]
    for test, shown in zip(result.tests, shown_tests(result)):
        lines.append("  " + say("report.test", "{name}: {score} / {max_score}", name=test.name, score=points_text(shown),
                                max_score=points_text(test.max_score)))
        lines.extend("      " + line for line in test.output.splitlines())
    return lines


def text_report(results: Sequence[Result], details: bool | None = None) -> str:
    """Full feedback for one file (or with ``details``); one row per file for many, each flag under its row."""
    if details is None:
        details = len(results) == 1
    lines: list[str] = []
    if details:
        for result in results:
            lines.extend(_detail(result))
            lines.append("")
    else:
        width = max((len(r.where) for r in results), default=4)
        for result in results:
            if result.checked:
                lines.append(f"{result.where.ljust(width)}  {points_text(result.score):>6} / {points_text(result.max_score)}")
            else:
                unchecked = say("report.row.unchecked", "could not be checked: {problem}", problem=problem_text(result))
                lines.append(f"{result.where.ljust(width)}  {'-':>6}   {unchecked}")
            lines.extend(_flag_lines(result, "    "))
        lines.append("")
    checked = [r for r in results if r.checked]
    lines.append(summary_text(len(checked), len(results), sum(r.score or 0 for r in checked) / len(checked) if checked else 0.0,
                              sum(1 for r in results if r.flags)))
    return "\n".join(lines) + "\n"


def summary_text(checked: int, files: int, mean: float, flagged: int = 0) -> str:
    """``Checked 3 of 4 files; 1 could not be checked; mean score 7.5; 1 flagged.``"""
    parts = [say_n("report.summary.checked", "Checked {checked} of {n} file", "Checked {checked} of {n} files", files, checked=checked,
                   n=count(files))]
    if checked < files:
        parts.append(say("report.summary.unchecked", "{n} could not be checked", n=files - checked))
    if checked > 1:
        parts.append(say("report.summary.mean", "mean score {mean}", mean=points_text(mean)))
    if flagged:
        parts.append(say("report.summary.flagged", "{n} flagged (lines starting with !)", n=flagged))
    return say("report.summary", "{parts}.", parts="; ".join(parts))


def report(results: Sequence[Result], fmt: str, details: bool | None = None, keys: KeySource | None = None, weights: Points | None = None) -> str:
    if fmt == "json":
        return json_report(results)
    if fmt == "files":
        return files_csv(results)
    if fmt == "gradescope":
        return gradescope_report(results, keys, weights)
    return text_report(results, details)
