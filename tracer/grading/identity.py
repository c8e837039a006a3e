"""Who handed a file in, and whether it is theirs to hand in.

An exercise made for a student on a roster knows its student (``key.json``'s
``student``). The *submitter* of an answer file is told, first that applies, by

1. ``--student ID`` (``submitter=`` in Python): the TA says who;
2. Gradescope's ``submission_metadata.json`` (its ``users``: ``sid``, ``email``, ``name``),
   read from beside the submission folder, never from inside it (a student cannot plant one);
3. the file's name, or the name of its folder inside the folder given (``subs/ada.yaml``,
   ``subs/ada/ex1.yaml``, Canvas's ``lovelaceada_12345_67890_ex1.yaml``): a roster student's
   id, their id's slug, the part of their email before the ``@``, their first or last
   name (when only one student has it), or first and last name run together;
4. the file's ``student:`` line, matched the same way.

An identity is a roster student where there is a roster; without one, the text given.
The policy (:data:`POLICIES`) says what a file whose exercise belongs to someone else
earns: ``warn`` (the default) scores it and flags it, ``strict`` scores it 0 and flags it,
``off`` neither checks nor flags. A flag is a sentence each report shows.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tracer.errors import InputError
from tracer.exercises.roster import Student, slugify
from tracer.reading import load_json, read_input
from tracer.words import say

__all__ = ["POLICIES", "Gradescope", "RosterMatcher", "read_gradescope_metadata"]

POLICIES = ("strict", "warn", "off")
"""What a file that is another student's exercise earns: 0 and a flag, its score and a flag, its score."""


class RosterMatcher:
    """Finds the roster student a name means: an id, a slug, an email's user, a first or last name, ..."""

    def __init__(self, students: Iterable[Student]) -> None:
        self.students = list(students)
        self._by_key: dict[str, set[str]] = {}
        self._by_id = {student.id.casefold(): student for student in self.students}
        for student in self.students:
            for key in self._keys(student):
                self._by_key.setdefault(key, set()).add(student.id)

    @staticmethod
    def _keys(student: Student) -> set[str]:
        keys = {student.id.casefold(), slugify(student.id), student.slug}
        for email in (student.email, student.id):
            if "@" in email:
                keys.add(slugify(email.split("@", 1)[0]))
        first, last = slugify(student.first_name), slugify(student.last_name)
        keys.update({first, last, slugify(student.name), (first + last).replace("-", ""), (last + first).replace("-", "")})
        keys.discard("")
        return keys

    def get(self, ident: str) -> Student | None:
        """The student whose id is ``ident`` (any case)."""
        return self._by_id.get(ident.strip().casefold())

    def match(self, text: str) -> Student | None:
        """The one student ``text`` names (as a whole, or in one of its parts); None when none or several."""
        exact = self.get(text)
        if exact is not None:
            return exact
        whole = slugify(text)
        found = self._by_key.get(whole, set()) | self._by_key.get(whole.replace("-", ""), set())
        if not found:
            for part in re.split(r"[\s_.\-]+", text.strip().casefold()):
                found |= self._by_key.get(slugify(part), set())
        if len(found) != 1:
            return None
        return self.get(next(iter(found)))

    def from_path(self, path: Path, root: Path | None) -> Student | None:
        """The student a file's name (or its folder's, inside ``root``) names."""
        candidates = [path.stem]
        if root is not None and root != path:
            try:
                inner = path.relative_to(root).parts[:-1]
            except ValueError:
                inner = ()
            candidates.extend(inner)
        for candidate in candidates:
            student = self.match(candidate)
            if student is not None:
                return student
        return None


@dataclass(frozen=True)
class Gradescope:
    """What Gradescope's ``submission_metadata.json`` says about who submitted: its users."""

    users: tuple[dict[str, str], ...]
    source: str

    def student(self, matcher: RosterMatcher | None) -> Student | None:
        """The roster student among the users (by sid, email, then name)."""
        if matcher is None:
            return None
        for user in self.users:
            for field in ("sid", "email", "name"):
                value = user.get(field, "")
                student = matcher.get(value) if field != "name" else matcher.match(value)
                if student is None and field == "email" and "@" in value:
                    student = matcher.match(value.split("@", 1)[0])
                if student is not None:
                    return student
        return None

    def text(self) -> str:
        """How reports name the submitters when there is no roster: ``sid`` or ``email`` or ``name``."""
        names = [user.get("sid") or user.get("email") or user.get("name") or "" for user in self.users]
        return ", ".join(name for name in names if name)


def read_gradescope_metadata(path: str | Path) -> Gradescope:
    """Read Gradescope's ``submission_metadata.json`` (its ``users``: each ``name``, ``email``, ``sid``)."""
    source = str(path)
    data: Any = load_json(read_input(path, kind="answers", what=say("identity.metadata", "Gradescope's submission metadata")), source, limit=64)
    users = data.get("users") if isinstance(data, dict) else None
    if not isinstance(users, list):
        raise InputError(say("identity.metadata.users", "Gradescope's submission metadata lists no users"), source=source,
                         hint=say("identity.hint.metadata", "give the submission_metadata.json Gradescope writes beside the submission"))
    kept: list[dict[str, str]] = []
    for user in users:
        if isinstance(user, dict):
            kept.append({field: str(user[field])[:320] for field in ("name", "email", "sid", "id") if isinstance(user.get(field), (str, int))})
    return Gradescope(tuple(kept), source)


def named(student: Student | None, text: str | None) -> str | None:
    """How a report names a submitter: the roster id, else the text given."""
    return student.id if student is not None else text


def describe(student: Student | None, ident: str) -> str:
    """``Ada Lovelace (s1)`` or ``s1``."""
    if student is not None and student.name:
        return say("identity.named", "{name} ({id})", name=student.name, id=student.id)
    return ident


def owners(keys: Sequence[Any]) -> set[str]:
    """The roster ids of the students the keys are for."""
    return {str(key.key.student["id"]) for key in keys if key.key.student}
