"""Reports of checked submissions: text for people, JSON, a CSV gradebook, Gradescope's results.json.

``json``
    a list with one object per submission file: ``file``, ``exercise``, ``student``,
    ``score``, ``max_score``, ``tests`` (each ``name``, ``score``, ``max_score``,
    ``output``) and ``error`` (null, or what was wrong with the file; ``score`` is then null).
``csv``
    a gradebook: one row per file with ``file``, ``exercise``, ``student``, ``score``,
    ``max_score``, one column per question, and ``error`` (scores left empty when the file
    could not be checked).
``gradescope``
    Gradescope's ``results.json`` for one submission: ``score``, ``output`` and ``tests``
    (``name``, ``score``, ``max_score``, ``output``, ``visibility``). A file that cannot be
    checked scores 0 with the reason as ``output``, so the student sees it.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Sequence
from typing import Any

from tracer.grading.check import Result
from tracer.trace.questions import QUESTION_IDS
from tracer.words import say, say_n

__all__ = ["REPORT_FORMATS", "csv_report", "gradescope_report", "json_report", "report", "text_report"]

REPORT_FORMATS = ("text", "json", "csv", "gradescope")


def points_text(value: float | None) -> str:
    """``8.5``, ``3``, ``2.67``: points to two decimals at most."""
    if value is None:
        return "-"
    rounded = round(value, 2)
    return str(int(rounded)) if rounded == int(rounded) else f"{rounded:.2f}".rstrip("0").rstrip(".")


def _score(value: float | None) -> float | int | None:
    if value is None:
        return None
    rounded = round(value, 2)
    return int(rounded) if rounded == int(rounded) else rounded


def json_data(results: Sequence[Result]) -> list[dict[str, Any]]:
    return [
        {
            "file": result.file,
            "exercise": result.exercise,
            "student": result.student,
            "score": _score(result.score),
            "max_score": _score(result.max_score),
            "tests": [
                {"name": test.name, "score": _score(test.score), "max_score": _score(test.max_score), "output": test.output}
                for test in result.tests
            ],
            "error": result.error,
        }
        for result in results
    ]


def json_report(results: Sequence[Result]) -> str:
    return json.dumps(json_data(results), indent=2, ensure_ascii=False) + "\n"


def csv_report(results: Sequence[Result]) -> str:
    asked = {test.question for result in results for test in result.tests}
    questions = [q for q in QUESTION_IDS if q in asked]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["file", "exercise", "student", "score", "max_score", *questions, "error"])
    for result in results:
        by_question = {test.question: test.score for test in result.tests}
        writer.writerow(
            [
                result.file, result.exercise or "", result.student or "",
                points_text(result.score) if result.checked else "",
                points_text(result.max_score) if result.max_score is not None else "",
                *(points_text(by_question[q]) if q in by_question else "" for q in questions),
                result.error or "",
            ]
        )
    return out.getvalue()


def gradescope_data(result: Result) -> dict[str, Any]:
    if not result.checked:
        return {
            "score": 0,
            "output": say("report.gradescope.unchecked", "Your answer file could not be checked: {error}", error=result.error),
            "visibility": "visible",
            "tests": [],
        }
    return {
        "score": _score(result.score),
        "output": say("report.gradescope.score.exercise", "Exercise {exercise}: {score} / {max_score}", exercise=result.exercise,
                      score=points_text(result.score), max_score=points_text(result.max_score)) if result.exercise
        else say("report.score", "{score} / {max_score}", score=points_text(result.score), max_score=points_text(result.max_score)),
        "visibility": "visible",
        "tests": [
            {"name": t.name, "score": _score(t.score), "max_score": _score(t.max_score), "output": t.output, "visibility": "visible"}
            for t in result.tests
        ],
    }


def gradescope_report(results: Sequence[Result]) -> str:
    if len(results) != 1:
        raise ValueError(say("report.gradescope.one", "Gradescope's results.json describes one submission"))
    return json.dumps(gradescope_data(results[0]), indent=2, ensure_ascii=False) + "\n"


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


def _detail(result: Result) -> list[str]:
    if not result.checked:
        return [say("report.unchecked", "{file}: could not be checked: {problem}", file=result.file, problem=problem_text(result))]
    score = say("report.score", "{score} / {max_score}", score=points_text(result.score), max_score=points_text(result.max_score))
    if result.exercise:
        head = say("report.head.exercise", "{file}: {score} (exercise {exercise})", file=result.file, score=score, exercise=result.exercise)
    else:
        head = say("report.head", "{file}: {score}", file=result.file, score=score)
    lines = [head]
    for test in result.tests:
        lines.append("  " + say("report.test", "{name}: {score} / {max_score}", name=test.name, score=points_text(test.score),
                                max_score=points_text(test.max_score)))
        lines.extend("      " + line for line in test.output.splitlines())
    return lines


def text_report(results: Sequence[Result], details: bool | None = None) -> str:
    """Full feedback for one file (or with ``details``); one row per file for many."""
    if details is None:
        details = len(results) == 1
    lines: list[str] = []
    if details:
        for result in results:
            lines.extend(_detail(result))
            lines.append("")
    else:
        width = max((len(r.file) for r in results), default=4)
        for result in results:
            if result.checked:
                lines.append(f"{result.file.ljust(width)}  {points_text(result.score):>6} / {points_text(result.max_score)}")
            else:
                unchecked = say("report.row.unchecked", "could not be checked: {problem}", problem=problem_text(result))
                lines.append(f"{result.file.ljust(width)}  {'-':>6}   {unchecked}")
        lines.append("")
    checked = [r for r in results if r.checked]
    lines.append(summary_text(len(checked), len(results), sum(r.score or 0 for r in checked) / len(checked) if checked else 0.0))
    return "\n".join(lines) + "\n"


def summary_text(checked: int, files: int, mean: float) -> str:
    """``Checked 3 of 4 files; 1 could not be checked; mean score 7.5.``"""
    parts = [say_n("report.summary.checked", "Checked {checked} of {n} file", "Checked {checked} of {n} files", files, checked=checked,
                   n=f"{files:,}")]
    if checked < files:
        parts.append(say("report.summary.unchecked", "{n} could not be checked", n=files - checked))
    if checked > 1:
        parts.append(say("report.summary.mean", "mean score {mean}", mean=points_text(mean)))
    return say("report.summary", "{parts}.", parts="; ".join(parts))


def report(results: Sequence[Result], fmt: str, details: bool | None = None) -> str:
    if fmt == "json":
        return json_report(results)
    if fmt == "csv":
        return csv_report(results)
    if fmt == "gradescope":
        return gradescope_report(results)
    return text_report(results, details)
