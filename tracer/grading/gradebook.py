"""The gradebook of a homework: one row per student, and the CSV files gradebooks import.

A row holds the student's id and name, their score on each exercise of the homework (``ex1``,
``ex2``, ...; ``missing`` where nothing counted was handed in), the total and its maximum, and
the flags of their files (:mod:`tracer.grading.identity`). Students come from the roster (the
homework's students, or ``--students``); someone who handed files in but is not on it gets a
row of their own, flagged, so that nothing handed in is lost.

Points are shown to two decimals, and the parts of a total add up to it as shown: the parts
are rounded by the largest remainder (:func:`parts_that_add_up`), so 2.7 + 2.62 + 0.22 + 0.5
+ 0.41 is 6.45, not 6.44.

Every CSV file tracer writes neutralises cells a spreadsheet would run as a formula (those
starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return get a ``'`` in front:
:func:`safe_cell`), since names, ids and file names come from students.

The import formats (:data:`GRADEBOOK_FORMATS`):

``csv``
    tracer's gradebook: ``id``, ``name``, one column per exercise, ``total``, ``max_total``, ``flags``.
``canvas``
    Canvas's gradebook import: the columns ``Student``, ``ID``, ``SIS User ID``, ``SIS Login ID``
    and ``Section`` and one column per assignment (here one: the homework's total), a
    ``Points Possible`` row first, as Canvas's own export writes it. Canvas matches a row by
    one of Student (``Last, First``), ID or SIS User ID and requires the SIS Login ID and Section
    columns (they may be empty); a new assignment column creates an assignment, an existing
    name updates it; a blank score leaves the grade as it is. (Canvas Instructor Guide, "How do
    I import grades in the Gradebook?"; https://teaching.resources.osu.edu/toolsets/carmencanvas/
    guides/calculating-final-grades/import-csv-file-carmen-grades; the export's columns:
    https://ts.vcu.edu/askit/teaching-and-learning/canvas/faculty/grading-faculty/gradebook-action-menu-faculty/)
``moodle``
    Moodle's "Import grades from CSV": its import reads the export's format, ``First name``,
    ``Last name``, ``ID number``, ``Email address`` and a column per grade item; on import
    "Map from" ``ID number`` to ``useridnumber`` (or ``Email address`` to ``useremail``) and the
    homework's column to the grade item. A blank cell imports no grade.
    (https://docs.moodle.org/311/en/Grade_import)
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tracer.exercises.roster import Student
from tracer.grading.check import Result
from tracer.grading.homework import KeySource
from tracer.reading.text import without_direction_controls
from tracer.words import say

__all__ = ["GRADEBOOK_FORMATS", "Gradebook", "Row", "gradebook", "parts_that_add_up", "points", "rounded", "safe_cell", "write_csv"]

GRADEBOOK_FORMATS = ("csv", "canvas", "moodle")
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: Any) -> str:
    """A CSV cell a spreadsheet shows as text: a ``'`` before one that would start a formula,
    bidirectional controls dropped (they would hide the ``=`` behind them, or reorder the row).

    >>> safe_cell("=HYPERLINK(1)"), safe_cell("-2"), safe_cell("ada"), safe_cell(3)
    ("'=HYPERLINK(1)", "'-2", 'ada', '3')
    """
    text = "" if value is None else without_direction_controls(str(value))
    return "'" + text if text.startswith(_FORMULA_STARTS) else text


def write_csv(rows: Sequence[Sequence[Any]]) -> str:
    """Rows as CSV text, every cell through :func:`safe_cell`."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for row in rows:
        writer.writerow([safe_cell(cell) for cell in row])
    return out.getvalue()


def rounded(value: float, decimals: int = 2) -> float:
    """``value`` to ``decimals`` places as every report (and the practice page) rounds points: Python's
    ``round``, halves to even on the exact binary value.

    >>> rounded(10.625), rounded(2.675), rounded(1 / 3)
    (10.62, 2.67, 0.33)
    """
    return round(value, decimals)


def parts_that_add_up(values: Sequence[float], decimals: int = 2) -> list[float]:
    """``values`` rounded to ``decimals`` so that they add up to their total rounded alike (largest remainder).

    >>> parts_that_add_up([2.7, 2.625, 0.225, 0.0, 0.5, 0.4])
    [2.7, 2.63, 0.22, 0.0, 0.5, 0.4]
    >>> parts_that_add_up([1 / 3, 1 / 3, 1 / 3])
    [0.34, 0.33, 0.33]
    """
    scale = 10**decimals
    scaled = [value * scale for value in values]
    target = round(rounded(sum(values), decimals) * scale)
    floors = [math.floor(value + 1e-9) for value in scaled]
    short = target - sum(floors)
    order = sorted(range(len(values)), key=lambda i: (-(scaled[i] - floors[i]), i))
    for i in order[: max(short, 0)]:
        floors[i] += 1
    return [units / scale for units in floors]


def points(value: float | None) -> str:
    """``8.5``, ``3``, ``2.67``: points to two decimals at most (``""`` for none)."""
    if value is None:
        return ""
    shown = rounded(value)
    return str(int(shown)) if shown == int(shown) else f"{shown:.2f}".rstrip("0").rstrip(".")


@dataclass
class Row:
    """One student's line of the gradebook: scores by exercise number (None: missing), the total and flags."""

    id: str
    name: str
    student: Student | None
    scores: dict[int, float | None]
    maxima: dict[int, float]
    flags: list[str] = field(default_factory=list)
    """What a TA should look at (who handed what in, files not counted or not checked); missing exercises are in ``missing``."""
    missing: list[int] = field(default_factory=list)
    known: bool = True
    """False for a file whose student is not known: tracer's gradebook shows it, the Canvas and Moodle imports leave it out."""

    def notes(self) -> list[str]:
        """The flags and the missing exercises, as the gradebook's ``flags`` column lists them."""
        if not self.missing:
            return list(self.flags)
        return [*self.flags, say("gradebook.flag.missing", "missing: {exercises}", exercises=", ".join(f"ex{i}" for i in self.missing))]

    @property
    def total(self) -> float:
        return sum(score for score in self.scores.values() if score is not None)

    @property
    def max_total(self) -> float:
        return sum(self.maxima.values())

    def shown(self) -> dict[int, str]:
        """Each exercise's score as the gradebook writes it, rounded so that they add up to the total shown."""
        present = [index for index, score in self.scores.items() if score is not None]
        rounded = dict(zip(present, parts_that_add_up([self.scores[i] or 0.0 for i in present])))
        return {index: points(rounded[index]) if index in rounded else say("gradebook.missing", "missing") for index in self.scores}


@dataclass
class Gradebook:
    """The rows, the exercise numbers (columns) and the homework's title."""

    rows: list[Row]
    columns: list[int]
    title: str

    def csv(self) -> str:
        header = ["id", "name", *(f"ex{index}" for index in self.columns), "total", "max_total", "flags"]
        lines: list[list[Any]] = [header]
        for row in self.rows:
            shown = row.shown()
            lines.append([row.id, row.name, *(shown[i] for i in self.columns), points(row.total), points(row.max_total), " | ".join(row.notes())])
        return write_csv(lines)

    def canvas(self, assignment: str | None = None) -> str:
        column = assignment or self.title
        lines: list[list[Any]] = [["Student", "ID", "SIS User ID", "SIS Login ID", "Section", column],
                                  ["    Points Possible", "", "", "", "", points(max((r.max_total for r in self.rows), default=0))]]
        for row in (row for row in self.rows if row.known):  # a file of no known student would be matched to none
            student = row.student or Student(row.id, row.name)
            name = f"{student.last_name}, {student.first_name}" if student.last_name else student.name or row.id
            handed_in = any(score is not None for score in row.scores.values())
            lines.append([name, "", row.id, student.email, "", points(row.total) if handed_in else ""])
        return write_csv(lines)

    def moodle(self, assignment: str | None = None) -> str:
        column = assignment or self.title
        lines: list[list[Any]] = [["First name", "Last name", "ID number", "Email address", column]]
        for row in (row for row in self.rows if row.known):
            student = row.student or Student(row.id, row.name)
            handed_in = any(score is not None for score in row.scores.values())
            lines.append([student.first_name, student.last_name, row.id, student.email, points(row.total) if handed_in else ""])
        return write_csv(lines)


def gradebook(results: Sequence[Result], keys: KeySource, roster: Sequence[Student] | None = None, points_of: Any = None) -> Gradebook:
    """One row per roster student (the homework's students when ``roster`` is None), then one per
    submitter not on it; ``points_of`` gives a question's points (:meth:`tracer.grading.check.Points.of`)."""
    entries = keys.exercises()
    students = list(roster) if roster else keys.students()
    columns = sorted({entry.index for entry in entries} | {r.index for r in results if r.index is not None})
    maxima: dict[str, float] = {}

    def maximum(ident: str) -> float:
        if ident not in maxima:
            key = keys.load(ident)
            maxima[ident] = sum(points_of(q.id) for q in key.questions) if points_of else float(len(key.questions))
        return maxima[ident]

    def expected(student_id: str | None, *, on_roster: bool = False) -> dict[int, float]:
        own = [e for e in entries if e.student is not None and student_id is not None and e.student.id.casefold() == student_id.casefold()]
        chosen = own or [e for e in entries if e.student is None]
        if not chosen and on_roster:  # a roster student the homework made no version for: every version asks the same questions
            chosen = entries
        out: dict[int, float] = {}
        for entry in chosen:
            out.setdefault(entry.index, maximum(entry.id))
        return out

    rows: dict[str, Row] = {}
    made_for = {e.student.id.casefold() for e in entries if e.student is not None}
    shared = any(e.student is None for e in entries)
    for student in students:
        listed = rows[student.id.casefold()] = Row(student.id, student.name, student, {}, expected(student.id, on_roster=True))
        if entries and not shared and student.id.casefold() not in made_for:
            listed.flags.append(say("gradebook.flag.no_version", "the homework holds no version made for this student"))
    for result in results:
        who = result.submitter or result.owner
        row = rows.get(who.casefold()) if who else None
        if row is None:
            row = Row(who or result.file, "", None, {}, expected(who), known=who is not None)
            if who is None:
                row.flags.append(say("gradebook.flag.unknown", "who handed this file in is not known (give a roster, or a student: line)"))
            elif students:
                row.flags.append(say("gradebook.flag.not_on_roster", "not on the roster"))
            rows[(who or result.file).casefold()] = row
        for flag in result.flags:
            row.flags.append(say("gradebook.flag", "{file}: {flag}", file=result.where, flag=flag))
        if not result.checked:
            row.flags.append(say("gradebook.flag.unchecked", "{file}: could not be checked", file=result.where))
            continue
        if result.counted and result.index is not None:
            row.scores[result.index] = result.score
            if result.index not in row.maxima and result.max_score is not None:
                row.maxima[result.index] = result.max_score
    for row in rows.values():
        for index in columns:
            row.scores.setdefault(index, None)
        row.missing = [index for index in sorted(row.maxima) if row.scores.get(index) is None]
        row.scores = {index: row.scores[index] for index in columns}
    return Gradebook(list(rows.values()), columns, keys.title or say("gradebook.title", "tracer"))
