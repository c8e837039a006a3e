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

from tracer.exercises.questions import QUESTION_IDS
from tracer.grading.check import Result
from tracer.words import plural

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
            "output": f"Your answer file could not be checked: {result.error}",
            "visibility": "visible",
            "tests": [],
        }
    return {
        "score": _score(result.score),
        "output": f"Exercise {result.exercise}: {points_text(result.score)} / {points_text(result.max_score)}" if result.exercise
        else f"{points_text(result.score)} / {points_text(result.max_score)}",
        "visibility": "visible",
        "tests": [
            {"name": t.name, "score": _score(t.score), "max_score": _score(t.max_score), "output": t.output, "visibility": "visible"}
            for t in result.tests
        ],
    }


def gradescope_report(results: Sequence[Result]) -> str:
    if len(results) != 1:
        raise ValueError("Gradescope's results.json describes one submission")
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
        where = f"line {match.group(1)}" + (f", column {match.group(2)}" if match.group(2) else "")
        return f"{where}: {rest[match.end():]}"
    return rest.lstrip()


def _detail(result: Result) -> list[str]:
    if not result.checked:
        return [f"{result.file}: could not be checked: {problem_text(result)}"]
    head = f"{result.file}: {points_text(result.score)} / {points_text(result.max_score)}"
    if result.exercise:
        head += f" (exercise {result.exercise})"
    lines = [head]
    for test in result.tests:
        lines.append(f"  {test.name}: {points_text(test.score)} / {points_text(test.max_score)}")
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
                lines.append(f"{result.file.ljust(width)}  {'-':>6}   could not be checked: {problem_text(result)}")
        lines.append("")
    checked = [r for r in results if r.checked]
    summary = f"Checked {len(checked)} of {plural(len(results), 'file')}"
    if len(checked) < len(results):
        summary += f"; {len(results) - len(checked)} could not be checked"
    if len(checked) > 1:
        mean = sum(r.score or 0 for r in checked) / len(checked)
        summary += f"; mean score {points_text(mean)}"
    lines.append(summary + ".")
    return "\n".join(lines) + "\n"


def report(results: Sequence[Result], fmt: str, details: bool | None = None) -> str:
    if fmt == "json":
        return json_report(results)
    if fmt == "csv":
        return csv_report(results)
    if fmt == "gradescope":
        return gradescope_report(results)
    return text_report(results, details)
