"""Class rosters: one student per row of a CSV file, each to get their own exercise version.

The file needs a header row. The student's id comes from the first column named
``id``, ``student_id``, ``sid``, ``student``, ``username``, ``login`` or ``email`` (in
that order of preference, any case); a name from ``name``, or ``first name`` and
``last name`` (Gradescope's roster export works as it is). Ids must be unique.

>>> [s.slug for s in parse_roster("id,name\\nAda.L@uni.edu,Ada\\n 42 ,Bob\\n", "r.csv")]
['ada-l-uni-edu', '42']
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from pathlib import Path

from tracer.errors import InputError
from tracer.reading import read_input

__all__ = ["Student", "load_roster", "parse_roster", "slugify"]

_ID_COLUMNS = ("id", "student_id", "sid", "student", "username", "login", "email")


def slugify(text: str) -> str:
    """A safe folder-name part: lower-case letters, digits and single dashes."""
    return re.sub(r"[^a-z0-9]+", "-", text.casefold()).strip("-")


@dataclass(frozen=True)
class Student:
    id: str
    name: str = ""

    @property
    def slug(self) -> str:
        return slugify(self.id) or "student"


def load_roster(path: str | Path) -> list[Student]:
    text = read_input(path, kind="roster", what="the roster")
    return parse_roster(text, str(path))


def _key(name: str) -> str:
    return re.sub(r"[\s\-]+", "_", name.strip().casefold())


def parse_roster(text: str, source: str = "<roster>") -> list[Student]:
    rows = list(csv.reader(io.StringIO(text)))
    if not rows or not any(cell.strip() for cell in rows[0]):
        raise InputError("the roster is empty", source=source, hint="write a header row such as id,name and one row per student")
    header = [_key(cell) for cell in rows[0]]
    id_column = next((header.index(name) for name in _ID_COLUMNS if name in header), None)
    if id_column is None:
        raise InputError(
            "no column of student ids in the header",
            source=source,
            line=1,
            hint="name the column id (or student_id, sid, username, email)",
        )
    name_column = header.index("name") if "name" in header else None
    first = header.index("first_name") if "first_name" in header else None
    last = header.index("last_name") if "last_name" in header else None
    students: list[Student] = []
    seen: dict[str, int] = {}
    slugs: dict[str, int] = {}
    for number, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        ident = row[id_column].strip() if id_column < len(row) else ""
        if not ident:
            raise InputError("a student without an id", source=source, line=number, hint="fill in the id column, or delete the row")
        if ident.casefold() in seen:
            raise InputError(
                f"the id {ident!r} is also on line {seen[ident.casefold()]}", source=source, line=number, hint="ids must be unique"
            )
        slug = slugify(ident) or "student"
        if slug in slugs:
            raise InputError(
                f"the id {ident!r} makes the same folder name ({slug}) as the id on line {slugs[slug]}",
                source=source,
                line=number,
                hint="make the ids differ in letters or digits",
            )
        seen[ident.casefold()] = number
        slugs[slug] = number
        if name_column is not None and name_column < len(row):
            name = row[name_column].strip()
        else:
            parts = [row[i].strip() for i in (first, last) if i is not None and i < len(row)]
            name = " ".join(part for part in parts if part)
        students.append(Student(ident, name))
    if not students:
        raise InputError("the roster has no students", source=source, hint="add one row per student under the header")
    return students
