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

import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tracer.errors import InputError
from tracer.exercises.roster import Student, slugify
from tracer.reading import load_json, read_input
from tracer.words import say, say_n

__all__ = ["LATEST", "POLICIES", "Gradescope", "RosterMatcher", "describe", "read_gradescope_metadata", "settle"]

_NAME_PARTS = re.compile(r"[\s_.\-]+")  # a name's parts: ada_lovelace, Ada.Lovelace, ada-lovelace-2

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
            for part in _NAME_PARTS.split(text.strip().casefold()):
                found |= self._by_key.get(slugify(part), set())
        if len(found) != 1:
            return None
        return self.get(next(iter(found)))

    def from_path(self, path: Path, root: Path | None) -> Student | None:
        """The student a file's name (or its folder's, inside ``root``) names."""
        candidates = [path.stem]
        if root is not None and os.path.dirname(path) != os.fspath(root):  # a file in root itself has no folders to name anyone
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


def describe(student: Student | None, ident: str) -> str:
    """``Ada Lovelace (s1)`` or ``s1``."""
    if student is not None and student.name:
        return say("identity.named", "{name} ({id})", name=student.name, id=student.id)
    return ident




# -- settling who handed what in, and which file counts ------------------------------------------
LATEST = ("mtime", "name")
"""How the file that counts is chosen among several for one exercise: modified last, or named last."""


@dataclass(frozen=True)
class Source:
    """One way of knowing who handed a file in: the student it names (when on the roster), as text, and how it was told."""

    student: Student | None
    text: str
    how: str


def _natural(name: str) -> list[Any]:
    """``ada-2`` before ``ada-10``: names compared with their numbers as numbers."""
    return [int(part) if part.isdigit() else part.casefold() for part in re.split(r"(\d+)", name)]


def settle(
    results: list[Any],
    *,
    policy: str = "warn",
    roster: Sequence[Student] | None = None,
    submitter: str | None = None,
    gradescope: Gradescope | None = None,
    roots: dict[str, Path | None] | None = None,
    latest: str = "mtime",
) -> list[Any]:
    """Say who handed each result's file in (``submitter``), flag what does not fit, score it as
    the policy says, and mark which of several files for one exercise counts (``counted``).

    ``roster`` is whom names are matched against; ``submitter`` the id the TA gave;
    ``gradescope`` Gradescope's metadata; ``roots`` the folder each file was found in.
    """
    if policy not in POLICIES:
        raise InputError(say("identity.policy", "unknown identity policy {policy}", policy=repr(policy)),
                         hint=say("identity.hint.policy", "use strict, warn or off"))
    if latest not in LATEST:
        raise InputError(say("identity.latest", "unknown rule for the latest file {rule}", rule=repr(latest)),
                         hint=say("identity.hint.latest", "use mtime or name"))
    matcher = RosterMatcher(roster) if roster else None
    given: list[Source] = []
    if submitter:
        student = matcher.match(submitter) if matcher else None
        given.append(Source(student, submitter, say("identity.how.given", "as the grader said")))
    if gradescope is not None and gradescope.users:
        student = gradescope.student(matcher)
        given.append(Source(student, student.id if student else gradescope.text(), say("identity.how.gradescope", "by Gradescope")))
    by_file_name, by_line = say("identity.how.name", "by the file's name"), say("identity.how.line", "by its student: line")
    for result in results:
        sources = list(given)
        if matcher is not None:
            by_name = matcher.from_path(Path(result.file), (roots or {}).get(result.file))
            if by_name is not None:
                sources.append(Source(by_name, by_name.id, by_file_name))
        line = None
        if result.claimed:
            claimed = matcher.match(result.claimed) if matcher else None
            line = Source(claimed, claimed.id if claimed else result.claimed, by_line)
            sources.append(line)
        who = sources[0] if sources else None
        result.submitter = who.text if who else None
        if policy == "off":
            continue
        _flag_identity(result, who, line, matcher, policy)
    _mark_latest(results, latest)
    return results


def _flag_identity(result: Any, who: Source | None, line: Source | None, matcher: RosterMatcher | None, policy: str) -> None:
    """Flag what does not fit (``line``: what the file's ``student:`` line says, if anything), and score as ``policy`` says."""
    if who is not None and line is not None and line is not who and line.text.casefold() != who.text.casefold():
        result.flags.append(say("identity.flag.line", "its student: line says {claimed}, but {who} handed it in ({how})",
                                claimed=line.text, who=describe(who.student, who.text), how=who.how))
    owner = result.owner
    if owner is None:
        return
    owner_student = matcher.get(owner) if matcher else None
    if who is None:
        result.flags.append(say("identity.flag.unknown", "who handed it in is not known (no file name or student: line names a student); "
                                "it counts for {owner}, whose exercise it is", owner=describe(owner_student, owner)))
        result.submitter = owner
        return
    if who.text.casefold() == owner.casefold():
        return
    if policy == "strict" and result.checked:
        result.score = 0.0
        for test in result.tests:
            test.score = 0.0
        result.flags.append(say("identity.flag.strict", "scored 0: exercise {exercise} is the version of {owner}, but {who} handed it in ({how})",
                                exercise=result.exercise, owner=describe(owner_student, owner), who=describe(who.student, who.text), how=who.how))
        result.notes.append(say("identity.note.strict", "Scored 0: exercise {exercise} is another student's version, not yours; "
                                "answer your own version (ask the course staff if you think this is wrong).", exercise=result.exercise))
    else:
        result.flags.append(say("identity.flag.other", "exercise {exercise} is the version of {owner}, but {who} handed it in ({how})",
                                exercise=result.exercise, owner=describe(owner_student, owner), who=describe(who.student, who.text), how=who.how))


def _mark_latest(results: list[Any], latest: str) -> None:
    """Among results for one student and one exercise, the latest counts; the others are marked and flagged."""
    groups: dict[tuple[str, str], list[Any]] = {}
    for result in results:
        who = result.submitter or result.owner
        exercise = f"#{result.index}" if result.index is not None else result.exercise
        if who and exercise:
            groups.setdefault((who.casefold(), exercise.casefold()), []).append(result)
    for (who, _), members in groups.items():
        if len(members) < 2:
            continue

        def order(result: Any, who: str = who) -> tuple[Any, ...]:
            own = result.owner is None or result.owner.casefold() == who
            when: Any = _mtime(result.file) if latest == "mtime" else 0
            return (own, when, _natural(Path(result.file).name), result.document or 0)

        ranked = sorted(members, key=order)
        kept = ranked[-1]
        for result in ranked[:-1]:
            result.counted = False
            result.flags.append(say("identity.flag.replaced", "not counted: {file} is handed in later for the same exercise", file=kept.where))
            result.notes.append(say("identity.note.replaced", "Not counted: {file} answers the same exercise and counts instead (the later "
                                    "file counts).", file=kept.where))
        kept.flags.append(say_n("identity.flag.kept", "counted; an earlier file for this exercise is not: {files}",
                                "counted; earlier files for this exercise are not: {files}", len(ranked) - 1,
                                files=", ".join(result.where for result in ranked[:-1])))


def _mtime(file: str) -> float:
    try:
        return Path(file).lstat().st_mtime
    except OSError:
        return 0.0
