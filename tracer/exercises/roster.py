"""Class rosters: one student per row of a CSV file, each to get their own exercise version.

The file needs a header row. Its delimiter is found from the header (a comma, a semicolon
as European spreadsheets export, or a tab) and named in every error. The student's id
comes from the first column named ``id``, ``student_id``, ``sid``, ``sis_user_id``,
``username``, ``login``, ``sis_login_id``, ``email`` or ``student`` (in that order of
preference, any case); a name from ``name`` (or ``full_name``, ``student_name``), ``first
name`` and ``last name``, or a ``student`` column that is not the id (Gradescope's and
Canvas's roster exports work as they are). A chosen id column whose values hold spaces
holds names, not ids: the header is then ambiguous, and ``id_column`` (``--id-column``)
and ``name_column`` (``--name-column``) say which column is which. Ids must be unique.

Rosters come from spreadsheets, so every field is bounded (:data:`MAX_FIELD` characters)
and may not hold control characters (a newline inside quotes, a right-to-left override).

A student's :attr:`~Student.slug` names their folders and exercise ids: lower-case ASCII
letters, digits and dashes, at most :data:`MAX_SLUG` characters. Where the id loses
letters on the way (李雷, Дмитрий) or is cut short, a digest of the whole id follows, so
two ids never share a slug by accident.

>>> [s.slug for s in parse_roster("id,name\\nAda.L@uni.edu,Ada\\n 42 ,Bob\\n", "r.csv")]
['ada-l-uni-edu', '42']
>>> [s.slug for s in parse_roster("id;name\\n李雷;Li Lei\\n李明;Li Ming\\n", "r.csv")]
['student-3a47328a', 'student-aa227102']
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from tracer.errors import InputError, Option
from tracer.reading import read_input
from tracer.words import say

__all__ = ["DELIMITERS", "MAX_FIELD", "MAX_SLUG", "Student", "delimiter_name", "load_roster", "parse_roster", "slugify", "student_slug"]

ID_COLUMNS = ("id", "student_id", "sid", "sis_user_id", "username", "login", "sis_login_id", "email", "student")
"""Columns that may hold the student's id, in order of preference (after lower-casing; spaces and dashes become ``_``)."""
NAME_COLUMNS = ("name", "full_name", "student_name", "student")
EMAIL_COLUMNS = ("email", "email_address", "e_mail")
DELIMITERS = (",", ";", "\t")
MAX_FIELD = 1000
"""The longest roster field read (characters): a 200 KB field is a mistake, not a name."""
MAX_SLUG = 40
"""The longest slug (folder-name part) a student's id makes; longer ones are cut and get a digest."""
_BIDI = {"\u200e", "\u200f", "\u061c", *(chr(c) for c in range(0x202A, 0x202F)), *(chr(c) for c in range(0x2066, 0x206A))}


_NOT_SLUG = re.compile(r"[^a-z0-9]+")


def slugify(text: str) -> str:
    """A safe folder-name part: lower-case ASCII letters, digits and single dashes (accents dropped)."""
    # ASCII is its own decomposition, and ASCII letters and digits alone are their own slug, lower-cased
    # (a class's check slugs every roster name and every part of every file name)
    if text.isascii():
        if text.isalnum():
            return text.lower()
        plain = text
    else:
        plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return _NOT_SLUG.sub("-", plain.casefold()).strip("-")


def _digest(text: str) -> str:
    import hashlib  # here: loading OpenSSL costs every command that reads a roster 6 ms, and few slugs need a digest

    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]


def student_slug(ident: str) -> str:
    """The slug of an id: :func:`slugify`, plus a digest of the id where letters were lost or the slug was cut."""
    slug = slugify(ident)
    # (an ASCII id loses nothing: each of its characters is its own decomposition)
    lost = not ident.isascii() and any(ch.isalnum() and not unicodedata.normalize("NFKD", ch).encode("ascii", "ignore") for ch in ident)
    if not slug or lost or len(slug) > MAX_SLUG:
        return f"{slug[:MAX_SLUG - 9].rstrip('-') or 'student'}-{_digest(ident)}"
    return slug


@dataclass(frozen=True)
class Student:
    """One student on a roster: the id (as written), a name, and what else the roster says (for gradebooks)."""

    id: str
    name: str = ""
    first: str = ""
    last: str = ""
    email: str = ""

    @property
    def slug(self) -> str:
        return student_slug(self.id)

    @property
    def first_name(self) -> str:
        """The roster's first name, else the name but its last word (``Cy D.`` of ``Cy D. Fect``)."""
        words = self.name.split()
        return self.first or (" ".join(words[:-1]) if len(words) > 1 else self.name.strip())

    @property
    def last_name(self) -> str:
        """The roster's last name, else the name's last word."""
        words = self.name.split()
        return self.last or (words[-1] if len(words) > 1 else "")

    def to_json(self) -> dict[str, str]:
        """``{"id", "name"}`` and, where the roster says, ``first``, ``last`` and ``email``: how the manifest names the student
        (the gradebooks Canvas and Moodle import want them); keys hold the id and the name."""
        extra = {"first": self.first, "last": self.last, "email": self.email}
        return {"id": self.id, "name": self.name, **{field: value for field, value in extra.items() if value}}

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Student:
        """The student a manifest names (ids and names as text)."""
        return cls(*(str(data.get(field) or "") for field in ("id", "name", "first", "last", "email")))


def delimiter_name(delimiter: str) -> str:
    return {",": say("roster.delimiter.comma", "comma"), ";": say("roster.delimiter.semicolon", "semicolon"),
            "\t": say("roster.delimiter.tab", "tab")}[delimiter]


def load_roster(path: str | Path, *, id_column: str | None = None, name_column: str | None = None) -> list[Student]:
    text = read_input(path, kind="roster", what=say("roster.what", "the roster"))
    return parse_roster(text, str(path), id_column=id_column, name_column=name_column)


def _key(name: str) -> str:
    return re.sub(r"[\s\-]+", "_", name.strip().casefold())


def _sniff(header_line: str) -> str:
    """The delimiter of the header: the one of comma, semicolon and tab it holds most of (outside quotes)."""
    unquoted = re.sub(r'"[^"]*"', "", header_line)
    counts = {d: unquoted.count(d) for d in DELIMITERS}
    best = max(DELIMITERS, key=lambda d: counts[d])
    return best if counts[best] else ","


def _column(header: list[str], raw_header: list[str], wanted: str, source: str, delimiter: str, option: str) -> int:
    key = _key(wanted)
    if key in header:
        return header.index(key)
    raise InputError(
        say("roster.column.missing", "the roster has no column {name} (its columns, {delimiter}-separated: {columns})",
            name=repr(wanted), delimiter=delimiter_name(delimiter), columns=", ".join(raw_header)),
        source=source, line=1, hint=say("roster.hint.column", "name one of its columns with {{0}}"), options=(Option(option),),
    )


def _too_long(source: str, line: int) -> InputError:
    return InputError(say("roster.field.long", "a field is longer than a roster field may be ({limit} characters at most)",
                          limit=f"{MAX_FIELD:,}"), source=source, line=line,
                      hint=say("roster.hint.long", "check that this is the roster, saved as CSV"))


def _check_field(cell: str, source: str, line: int, column: int) -> None:
    if len(cell) > MAX_FIELD:
        raise _too_long(source, line)
    bad = next((ch for ch in cell if unicodedata.category(ch) == "Cc" or ch in _BIDI), None)
    if bad is not None:
        raise InputError(say("roster.field.control", "column {column} holds a control character (U+{code:04X})", column=column, code=ord(bad)),
                         source=source, line=line, hint=say("roster.hint.control", "keep every name and id on one line, in plain text"))


def _looks_like_names(values: Sequence[str]) -> bool:
    filled = [v for v in values if v]
    return bool(filled) and sum(1 for v in filled if " " in v.strip() or "," in v) * 2 > len(filled)


def parse_roster(text: str, source: str = "<roster>", *, id_column: str | None = None, name_column: str | None = None) -> list[Student]:
    """The students of a roster's text; InputError naming the line (and the delimiter it was read with)."""
    first_line = text.split("\n", 1)[0]
    delimiter = _sniff(first_line)
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    rows: list[list[str]] = []
    try:
        rows.extend(reader)
    except csv.Error as problem:
        if "field larger" in str(problem):
            raise _too_long(source, reader.line_num) from None
        raise InputError(say("roster.csv", "not a CSV roster ({problem})", problem=problem), source=source, line=reader.line_num,
                         hint=say("roster.hint.csv", "save the roster as CSV (comma, semicolon or tab separated)")) from None
    if not rows or not any(cell.strip() for cell in rows[0]):
        raise InputError(say("roster.empty", "the roster is empty"), source=source,
                         hint=say("roster.hint.empty", "write a header row such as id,name and one row per student"))
    for number, row in enumerate(rows, start=1):
        for column, cell in enumerate(row, start=1):
            _check_field(cell, source, number, column)
    raw_header = [cell.strip() for cell in rows[0]]
    header = [_key(cell) for cell in raw_header]
    body = [(number, row) for number, row in enumerate(rows[1:], start=2) if any(cell.strip() for cell in row)]

    def values(index: int) -> list[str]:
        return [row[index].strip() if index < len(row) else "" for _, row in body]

    if id_column is not None:
        ident = _column(header, raw_header, id_column, source, delimiter, "id_column")
    else:
        found = next((header.index(name) for name in ID_COLUMNS if name in header), None)
        if found is None:
            raise InputError(
                say("roster.no_id", "no column of student ids in the header (read as {delimiter}-separated: {columns})",
                    delimiter=delimiter_name(delimiter), columns=", ".join(repr(c) for c in raw_header)),
                source=source, line=1,
                hint=say("roster.hint.no_id", "name the column id (or student_id, sid, username, email), or choose it with {{0}}"),
                options=(Option("id_column"),),
            )
        if _looks_like_names(values(found)):
            example = next(v for v in values(found) if " " in v or "," in v)
            raise InputError(
                say("roster.ambiguous", "the column {column} holds names (such as {example}), not ids",
                    column=repr(raw_header[found]), example=repr(example)),
                source=source, line=1,
                hint=say("roster.hint.ambiguous", "say which column holds the ids with {{0}} and which the names with {{1}}"),
                options=(Option("id_column"), Option("name_column", raw_header[found])),
            )
        ident = found
    if name_column is not None:
        name_index: int | None = _column(header, raw_header, name_column, source, delimiter, "name_column")
    else:
        name_index = next((header.index(n) for n in NAME_COLUMNS if n in header and header.index(n) != ident), None)
    first = header.index("first_name") if "first_name" in header else None
    last = header.index("last_name") if "last_name" in header else None
    email = next((header.index(n) for n in EMAIL_COLUMNS if n in header), None)
    students: list[Student] = []
    seen: dict[str, int] = {}
    slugs: dict[str, int] = {}
    for number, row in body:

        def field_at(index: int | None, row: list[str] = row) -> str:
            return row[index].strip() if index is not None and index < len(row) else ""

        identity = field_at(ident)
        if not identity:
            raise InputError(say("roster.no_student_id", "a student without an id"), source=source, line=number,
                             hint=say("roster.hint.no_student_id", "fill in the id column, or delete the row"))
        if identity.casefold() in seen:
            raise InputError(say("roster.twice", "the id {id} is also on line {line}", id=repr(identity), line=seen[identity.casefold()]),
                             source=source, line=number, hint=say("roster.hint.twice", "ids must be unique"))
        slug = student_slug(identity)
        if slug in slugs:
            raise InputError(
                say("roster.slug", "the id {id} makes the same folder name ({slug}) as the id on line {line}", id=repr(identity), slug=slug,
                    line=slugs[slug]),
                source=source, line=number, hint=say("roster.hint.slug", "make the ids differ in letters or digits"),
            )
        seen[identity.casefold()] = number
        slugs[slug] = number
        first_name, last_name = field_at(first), field_at(last)
        name = field_at(name_index) if name_index is not None else " ".join(part for part in (first_name, last_name) if part)
        students.append(Student(identity, name, first_name, last_name, field_at(email)))
    if not students:
        raise InputError(say("roster.no_students", "the roster has no students"), source=source,
                         hint=say("roster.hint.no_students", "add one row per student under the header"))
    return students
