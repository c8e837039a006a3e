"""Writing a homework: what students get, apart from the keys.

``tracer exercise new -o DIR`` writes::

    DIR/manifest.json        the seed, the options and every exercise (id, number, student, folders);
                             it stays with the keys: the seed makes the keys again
    DIR/handout/             what students get, and nothing else: zip it and hand it out
        sheets.html          every sheet, each from a new page: print it for the class (or print to PDF)
        sheets.tex, sheets.pdf   with LaTeX: the same for pdflatex (the PDF where pdflatex is installed)
        <id>/                a class exercise: sheet.md, sheet.html, figure.svg, answer-template.yaml (sheet.tex)
        <student>/<id>/      with a roster: each student's own sheets and templates, one folder per student
    DIR/keys/<id>/           key.json, key.md, key.html, key-figure.svg, steps.html (key.tex)

Which file goes where is one table (:data:`HANDOUT_FILES`, :data:`KEY_FILES`): a file in
neither is refused, so a new kind of file cannot land in the hand-out by accident. Every
file is written atomically and only inside ``DIR`` (never through a symbolic link that
leaves it; a second run writing into ``DIR`` at the same time is refused), and the same
exercises give the same bytes (the PDF too: its dates are fixed).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from pathlib import Path
from typing import IO, Any

from tracer.errors import InputError, Option
from tracer.exercises.generate import Exercise, ExerciseSpec
from tracer.exercises.sheet import render_parts, render_sheets
from tracer.exercises.wording import default_title
from tracer.files import atomic_write, folder_lock, inside, make_folder, named
from tracer.reading.plain import first_unprintable
from tracer.words import say

__all__ = ["HANDOUT_FILES", "KEY_FILES", "compile_sheets_pdf", "handout_folder", "key_folder", "write_exercises"]

HANDOUT_FILES = frozenset({"sheet.md", "sheet.html", "figure.svg", "answer-template.yaml", "sheet.tex"})
"""An exercise's files that students get."""
KEY_FILES = frozenset({"key.json", "key.md", "key.html", "key-figure.svg", "steps.html", "key.tex"})
"""An exercise's files that stay with the TA."""
_ID_RE = re.compile(r"^[a-z0-9][a-z0-9-]*$")
PDF_SECONDS = 600


def handout_folder(exercise: Exercise) -> str:
    """``handout/<id>``, or ``handout/<student>/<id>`` with a roster (relative to DIR, with ``/``)."""
    return f"handout/{exercise.student.slug}/{exercise.id}" if exercise.student else f"handout/{exercise.id}"


def key_folder(exercise: Exercise) -> str:
    return f"keys/{exercise.id}"


def _check_target(out: Path, force: bool) -> None:
    if out.exists() and not out.is_dir():
        raise InputError(say("exercise.out.file", "is a file, not a folder"), source=str(out),
                         hint=say("exercise.hint.out", "name a folder for the exercises with {{0}}"), options=(Option("output"),))
    if out.is_dir() and any(out.iterdir()) and not force:
        raise InputError(
            say("exercise.out.full", "the folder is not empty"), source=str(out),
            hint=say("exercise.hint.full", "name a new or empty folder, or pass {{0}} to write into it (files of the same names are replaced)"),
            options=(Option("force", True),),
        )
    make_folder(out)  # fails here, naming the folder, before any exercise is made


def _inside(out: Path, relative: str) -> Path:
    """``out / relative``, refusing a symbolic link on the way (a folder from an earlier run may have been replaced by one)."""
    return inside(out, out.joinpath(*relative.split("/")))


def _write_text(text: str, file: IO[str]) -> None:
    file.write(text)


def write_exercises(
    exercises: Iterable[Exercise],
    out: str | Path,
    *,
    seed: str | int,
    spec: ExerciseSpec,
    title: str | None = None,
    formats: Sequence[str] = ("html",),
    force: bool = False,
    progress: Callable[[Iterable[Exercise]], Iterable[Exercise]] | None = None,
    trees: Sequence[str] | None = None,
) -> list[Path]:
    """Write each exercise's hand-out and key, the class's printable file(s) of all sheets and
    ``manifest.json`` under ``out``; return the hand-out folders (each holds a ``sheet.html``).

    ``trees`` names the tree files the exercises were made from (kept in the manifest); ``title``
    is the heading of sheets and keys (None: ``Adversarial search`` in the current language).
    """
    title = default_title() if title is None else title
    bad = first_unprintable(title)
    if bad is not None:
        raise InputError(say("exercise.title.control", "the title holds the control character U+{code:04X}", code=ord(bad)),
                         hint=say("exercise.hint.title", "write {{0}} on one line, without control or text-direction characters"),
                         options=(Option("title"),))
    out = named(out)
    _check_target(out, force)
    with folder_lock(out):  # a second run writing into the folder meanwhile is refused, never mixed in
        folders: list[Path] = []
        done: list[Exercise] = []
        parts: list[dict[str, Any]] = []
        for exercise in progress(exercises) if progress else exercises:
            if not _ID_RE.match(exercise.id):
                raise InputError(say("exercise.id.unsafe", "the exercise id {id} is not a safe folder name", id=repr(exercise.id)))
            files, sheet = render_parts(exercise, title, formats)
            handout, keys = _inside(out, handout_folder(exercise)), _inside(out, key_folder(exercise))
            for name, text in files.items():
                if name in HANDOUT_FILES:
                    atomic_write(handout / name, partial(_write_text, text), root=out)
                elif name in KEY_FILES:
                    atomic_write(keys / name, partial(_write_text, text), root=out)
                else:
                    raise ValueError(f"{name} is neither a hand-out file nor a key file")
            done.append(exercise)
            parts.append(sheet)
            folders.append(handout)
        if parts:
            atomic_write(_inside(out, "handout/sheets.html"), partial(_write_text, render_sheets(parts, title, "html")))
            if "latex" in formats:
                atomic_write(_inside(out, "handout/sheets.tex"), partial(_write_text, render_sheets(parts, title, "latex")))
        manifest: dict[str, Any] = {
            "format": "tracer-exercises",
            "version": 2,
            "seed": str(seed),
            "title": title,
            "spec": spec.to_dict(),
            "formats": list(formats),
            "exercises": [
                {"id": ex.id, "index": ex.index, "student": ex.student.to_json() if ex.student else None, "handout": handout_folder(ex),
                 "key": key_folder(ex)} for ex in done
            ],
        }
        if trees is not None:
            manifest["trees"] = list(trees)
        atomic_write(_inside(out, "manifest.json"), lambda file: file.write(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n"))
        return folders


def compile_sheets_pdf(out: str | Path, engine: str | None = None) -> str | None:
    """Compile ``DIR/handout/sheets.tex`` into ``sheets.pdf`` with pdflatex; None when done, else why not.

    The PDF's dates are fixed (``SOURCE_DATE_EPOCH``), so the same sheets give the same bytes.
    pdflatex runs in a temporary folder, which is removed whatever happens.
    """
    handout = Path(out) / "handout"
    engine = engine or shutil.which("pdflatex")
    if engine is None:
        return say("exercise.pdf.no_latex", "no pdflatex here, so no sheets.pdf; print sheets.html, or compile sheets.tex with pdflatex")
    source = (handout / "sheets.tex").read_text(encoding="utf-8")
    environment = {**os.environ, "SOURCE_DATE_EPOCH": "0", "FORCE_SOURCE_DATE": "1"}
    with tempfile.TemporaryDirectory(prefix="tracer-sheets-") as folder:
        Path(folder, "sheets.tex").write_text(source, encoding="utf-8")
        try:
            run = subprocess.run([engine, "-interaction=batchmode", "-halt-on-error", "-no-shell-escape", "sheets.tex"], cwd=folder,
                                 env=environment, stdin=subprocess.DEVNULL, capture_output=True, timeout=PDF_SECONDS, check=False)
        except (OSError, subprocess.TimeoutExpired) as problem:
            return say("exercise.pdf.failed", "sheets.pdf was not made: pdflatex did not run ({problem}); print sheets.html instead",
                       problem=type(problem).__name__)
        pdf = Path(folder, "sheets.pdf")
        if run.returncode != 0 or not pdf.is_file():
            log = Path(folder, "sheets.log")
            first = next((line for line in log.read_text(encoding="utf-8", errors="replace").splitlines() if line.startswith("! ")), "") \
                if log.is_file() else ""
            return say("exercise.pdf.error", "sheets.pdf was not made: pdflatex stopped ({problem}); print sheets.html instead",
                       problem=first.removeprefix("! ").strip() or say("exercise.pdf.unknown", "no reason given"))
        data = pdf.read_bytes()
    atomic_write(handout / "sheets.pdf", lambda file: file.write(data), mode="wb", root=out)
    return None
