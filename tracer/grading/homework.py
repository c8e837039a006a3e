"""Where a submission's key comes from: one ``key.json``, an exercise folder holding one, or a
homework, the ``-o DIR`` of ``tracer exercise new`` (its ``keys/`` and ``manifest.json``; a
``DIR/keys`` folder alone, or an older ``DIR`` of exercise folders, do too), where each
submission's ``exercise`` id picks its key. Keys are read (:func:`tracer.grading.keys.load_key`)
when first needed, and the last :data:`KEYS_KEPT` read are kept (every key, for a homework without
a manifest: its keys are read to list its exercises, and kept for checking).

The homework's manifest says which exercises there are, their numbers (``ex1`` is 1) and
their students: :meth:`KeySource.exercises` and :meth:`KeySource.students`.
"""

from __future__ import annotations

import os
import re
from collections import OrderedDict
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from tracer.errors import InputError, TracerError
from tracer.exercises.roster import Student
from tracer.grading.answers import AnswerError, Item
from tracer.grading.keys import PreparedKey, load_key
from tracer.reading import load_json, read_input
from tracer.words import say

__all__ = ["KEYS_KEPT", "ExerciseEntry", "KeySource", "index_of"]

KEYS_KEPT = 64
"""How many keys a :class:`KeySource` keeps once read: more than any homework's shared exercises."""

_INDEX = re.compile(r"(?:^|-)ex(\d+)-[0-9a-f]{4}$")


def index_of(ident: str) -> int | None:
    """The exercise's number from its id: ``ex2-3f9c`` and ``ada-ex2-3f9c`` are 2 (None for other ids)."""
    match = _INDEX.search(ident)
    return int(match.group(1)) if match else None


def _student_of(key: PreparedKey) -> Student | None:
    """The student a key was made for, as the key says (None: the class's)."""
    student = key.key.student
    return Student(str(student["id"]), str(student.get("name") or "")) if student else None


@dataclass(frozen=True)
class ExerciseEntry:
    """One exercise of a homework: its id, its number (``ex1`` is 1) and its student (None: the class's)."""

    id: str
    index: int
    student: Student | None


class KeySource:
    """Where keys come from: one key file, or a homework (a folder of exercise folders and its manifest)."""

    def __init__(self, path: str | Path) -> None:
        path = Path(path)
        self.path = path
        self.single: PreparedKey | None = None
        self.folders: dict[str, str] = {}  # each exercise's id (folded) and its key.json
        # the keys read last, most recent at the end: a class's shared exercises are read once, while
        # a thousand students' own versions do not pile up (keeping them all took 18 MB more)
        self._loaded: OrderedDict[str, PreparedKey] = OrderedDict()
        self._listed: dict[str, PreparedKey] = {}  # every key, where a homework without a manifest is listed from its keys
        self.manifest: dict[str, Any] | None = None
        if path.is_file():
            if path.suffix.lower() in (".yaml", ".yml"):
                raise InputError(say("keys.answers", "this is an answer file, not a key"), source=str(path),
                                 hint=say("keys.hint.order", "the key comes first: tracer check KEY ANSWER..."))
            self.single = load_key(path)
        elif path.is_dir():
            if (path / "key.json").is_file():
                self.single = load_key(path / "key.json")
            else:
                for folder in (path / "keys", path):
                    if folder.is_dir() and not folder.is_symlink():
                        # names and texts, not Path objects (15 ms for a class), while a class's thousand folders are
                        # looked through; spelled as pathlib spells them ("." is left out, as folder / name leaves it)
                        base = "" if str(folder) == "." else str(folder)
                        for name in sorted(os.listdir(folder)):
                            key_file = os.path.join(base, name, "key.json")
                            if name.casefold() not in self.folders and os.path.isfile(key_file):
                                self.folders[name.casefold()] = key_file
                if not self.folders:
                    raise InputError(
                        say("keys.folder.empty", "no key.json in this folder or in its exercise folders"), source=str(path),
                        hint=say("keys.hint.folder", "give the folder tracer exercise new wrote (-o DIR), or one key.json"),
                    )
                self.manifest = self._read_manifest(path)
        else:
            raise InputError(say("keys.missing", "no such file or folder"), source=str(path),
                             hint=say("keys.hint.missing", "give a key.json, or the folder of exercises"))

    @staticmethod
    def _read_manifest(path: Path) -> dict[str, Any] | None:
        for candidate in (path / "manifest.json", path.parent / "manifest.json" if path.name == "keys" else None):
            if candidate is not None and candidate.is_file():
                data = load_json(read_input(candidate, kind="key", what=say("keys.manifest", "the manifest")), str(candidate), limit=64)
                if isinstance(data, dict) and data.get("format") == "tracer-exercises" and isinstance(data.get("exercises"), list):
                    return data
        return None

    def __len__(self) -> int:
        return 1 if self.single is not None else len(self.folders)

    @property
    def title(self) -> str | None:
        """The homework's title (``--title`` of ``tracer exercise new``), when the manifest says."""
        title = self.manifest.get("title") if self.manifest else None
        return title if isinstance(title, str) else None

    def exercises(self) -> list[ExerciseEntry]:
        """Every exercise of the homework, from the manifest (else from the keys' folder names, or the one key)."""
        return list(self._entries)

    @cached_property
    def _entries(self) -> tuple[ExerciseEntry, ...]:
        if self.single is not None:
            return (ExerciseEntry(self.single.exercise or "", index_of(self.single.exercise or "") or 1, _student_of(self.single)),)
        out: list[ExerciseEntry] = []
        if self.manifest is not None:
            for entry in self.manifest["exercises"]:
                if not isinstance(entry, dict) or not isinstance(entry.get("id"), str) or entry["id"].casefold() not in self.folders:
                    continue
                index: int = entry["index"] if isinstance(entry.get("index"), int) else (index_of(entry["id"]) or 1)
                student = entry.get("student")
                who = Student.from_json(student) if isinstance(student, dict) and "id" in student else None
                out.append(ExerciseEntry(entry["id"], index, who))
            if out:
                return tuple(out)
        # no manifest: each key says whose it is. Read for that, the keys are kept for checking too
        # (read again, a class's thousand keys made its check a third slower)
        for ident in self.folders:
            key = self._listed[ident] = self._loaded.get(ident) or load_key(self.folders[ident])
            out.append(ExerciseEntry(key.exercise or ident, index_of(ident) or 1, _student_of(key)))
        return tuple(out)

    def index(self, ident: str | None) -> int | None:
        """The number of the exercise ``ident`` in its homework (``ex2`` is 2; the one key's is 1)."""
        if self.single is not None:
            return self.exercises()[0].index
        if ident is None:
            return None
        return self._indices.get(ident.casefold(), index_of(ident))

    @cached_property
    def _indices(self) -> dict[str, int]:
        return {entry.id.casefold(): entry.index for entry in self.exercises()}

    def students(self) -> list[Student]:
        """The students the homework's exercises were made for, in the manifest's order (none for a class's homework)."""
        seen: dict[str, Student] = {}
        for entry in self.exercises():
            if entry.student is not None and entry.student.id.casefold() not in seen:
                seen[entry.student.id.casefold()] = entry.student
        return list(seen.values())

    def load(self, ident: str) -> PreparedKey:
        """The key of the exercise ``ident`` (any case); InputError when it cannot be read."""
        if self.single is not None:
            return self.single
        folded = ident.casefold()
        key = self._listed.get(folded) or self._loaded.get(folded)
        if key is None:
            key = load_key(self.folders[folded])
            self._loaded[folded] = key
            if len(self._loaded) > KEYS_KEPT:
                self._loaded.popitem(last=False)
        elif folded in self._loaded:
            self._loaded.move_to_end(folded)
        return key

    def key_for(self, submission_id: Item | None, source: str) -> PreparedKey:
        """The key a submission is checked against; AnswerError for a missing or wrong id."""
        if submission_id is not None and submission_id.kind != "scalar":
            raise submission_id.error(source, say("keys.id.not_scalar", "the exercise id must be one word, not a list or a mapping"),
                                      hint=say("keys.hint.sheet_id", "check the id at the top of the sheet"))
        written = None if submission_id is None or submission_id.value is None else str(submission_id.value).strip()
        if self.single is not None:
            return self.single  # check_submission compares the ids
        if not written:
            raise AnswerError(
                say("keys.no_id", "no exercise id"), source=source, line=submission_id.line if submission_id else None,
                hint=say("keys.hint.any_id", "write exercise: <the id on the sheet> at the top of the file"),
            )
        if written.casefold() not in self.folders:
            assert submission_id is not None
            raise submission_id.error(
                source, say("keys.unknown_id", "no exercise {id} among the {n} in {folder}", id=repr(written), n=len(self.folders), folder=self.path),
                hint=say("keys.hint.sheet_id", "check the id at the top of the sheet"),
            )
        try:
            return self.load(written)
        except TracerError as error:
            raise AnswerError(say("keys.unreadable", "the key of exercise {id} cannot be read ({error})", id=repr(written), error=error),
                              source=source) from None
