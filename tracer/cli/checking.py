"""``tracer check``: answer files against keys, for one student or a whole class."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from tracer.cli.app import fail_cleanly, language_option, main, progress_bar, write_output
from tracer.errors import InputError
from tracer.words import say, say_n

__all__ = ["EXIT_UNCHECKED", "check_command"]

EXIT_UNCHECKED = 3
"""Exit status of `tracer check` when some answer files could not be checked (their entries say why)."""

FORMATS = ("text", "json", "files", "csv", "canvas", "moodle", "gradescope")


@main.command("check")
@click.argument("key", metavar="KEY")
@click.argument("answers", nargs=-1, required=True, metavar="ANSWER...")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="text", show_default=True,
              help="text for people; json (one object per exercise answered); files (a CSV row per exercise answered); csv (the "
                   "gradebook: a row per student); canvas, moodle (the gradebook as they import it); gradescope (results.json "
                   "for one student's submission).")
@click.option("--points", type=click.Path(dir_okay=False), metavar="POINTS.YAML", help="Points per question, e.g. {minimax: 4, values: 4, not_examined: 2, move: 1, partial: 0.5}.")
@click.option("--students", type=click.Path(dir_okay=False), metavar="ROSTER.CSV", help="The class: gradebook rows and the names files are matched against (default: the students the exercises were made for).")
@click.option("--id-column", metavar="NAME", help="The roster's column of student ids, when its header does not make it clear.")
@click.option("--name-column", metavar="NAME", help="The roster's column of student names.")
@click.option("--student", "submitter", metavar="ID", help="Who handed these files in (otherwise: Gradescope's metadata, the file's name, its student: line).")
@click.option("--identity", "policy", type=click.Choice(["strict", "warn", "off"]), default="warn", show_default=True,
              help="A file holding another student's exercise: strict scores it 0, warn scores it; both flag it. off checks nothing.")
@click.option("--latest", type=click.Choice(["mtime", "name"]), default="mtime", show_default=True,
              help="Of several files for one exercise, the one modified last counts (mtime), or the one whose name sorts last, numbers as numbers (name).")
@click.option("--metadata", type=click.Path(dir_okay=False), metavar="FILE", help="Gradescope's submission_metadata.json (default with --format gradescope: the one beside the submission folder, if there).")
@click.option("--assignment", metavar="NAME", help="canvas, moodle: the gradebook column to fill (default: the homework's title).")
@click.option("--details", is_flag=True, help="text: full feedback for every file (the default for one file), not one row per file.")
@click.option("-o", "--output", metavar="FILE", help="Write the report here (default: standard output).")
@language_option
@fail_cleanly
def check_command(
    key: str, answers: tuple[str, ...], fmt: str, points: str | None, students: str | None, id_column: str | None, name_column: str | None,
    submitter: str | None, policy: str, latest: str, metadata: str | None, assignment: str | None, details: bool, output: str | None,
) -> None:
    """Check answer files against KEY, with a score and feedback for each question.

    KEY is an exercise's key.json, or the folder `tracer exercise new` wrote (its
    keys/ and manifest.json: each answer's `exercise:` id then picks its key). ANSWER
    is an answer file (.yaml, .yml or .json) or a folder, searched for them; symbolic
    links inside a folder are never followed. A file may hold several exercises'
    answers, separated by lines `---`.

    \b
    Answer files (the template beside each sheet shows the questions asked):
      exercise: ex1-3f9c              # the id on the sheet
      student: ada                    # optional: who hands it in
      minimax: {A: 3, B: 3, C: 2, D: 2}
      values: {A: 3, B: 3, C: "<= 2", D: 2}
      not_examined: [I, J]
      move: B
      window: {alpha: 3, beta: +inf}
      order: [E, F, G, H, K, L, M]
    Nodes by label or path ("1.0"), any case; lists in any order (except
    order); bounds as "<= 2", "≤2", "at most 2" or "en fazla 2" (">= 5", "≥5",
    "at least 5", "en az 5"). A name that is no node's costs that answer only.

    \b
    Crediting (default points: minimax 3, values 3, not_examined 2, move 1,
    window 1, order 1; change them with --points):
      minimax, values: each node asked earns an equal share; the right number
        in the wrong form (2 where the key has <= 2, or the reverse) earns
        `partial` (0.5) of it;
      not_examined: naming a node counts for its subtree; each node missed loses
        a share, each examined node listed takes one away;
      order: the share matched from the start; window: half each for alpha
        and beta; move: all or nothing.

    \b
    Who handed a file in: --student, else Gradescope's submission_metadata.json,
    else the file's name (or its folder's) naming a roster student, else its
    student: line. An exercise made for another student is flagged (--identity).
    Of two files for one exercise the latest counts (--latest); the other is listed.

    \b
    Exit status:
      0  every file was checked
      3  some files could not be checked (unreadable, malformed, a wrong or
         missing exercise id, ...): each has an entry saying what and where
      1  nothing was checked (the key, the roster or the points file is unusable)
      2  wrong usage

    \b
    Examples:
      tracer check quiz answers.yaml
      tracer check hw3 submissions/ --format csv -o grades.csv
      tracer check hw3 submissions/ --format canvas --assignment "Homework 3" -o canvas.csv
      tracer check hw3 /autograder/submission --format gradescope -o /autograder/results/results.json
    """
    from tracer.exercises.roster import load_roster
    from tracer.grading.check import Points, check_files, collect_files, load_points
    from tracer.grading.gradebook import gradebook
    from tracer.grading.identity import read_gradescope_metadata, settle
    from tracer.grading.report import report

    source = _key_source(key, answers)
    weights = load_points(points) if points else Points()
    roster = load_roster(students, id_column=id_column, name_column=name_column) if students else source.students()
    gradescope = None
    metadata_file = Path(metadata) if metadata else _beside(answers) if fmt == "gradescope" else None
    if metadata_file is not None:
        gradescope = read_gradescope_metadata(metadata_file)
    files = collect_files(answers)
    with progress_bar(len(files), say("check.progress", "checking")) as bar:

        def step(files: list[Any]) -> Any:
            for item in files:
                yield item
                if bar is not None:
                    bar.update(1)

        # feedback only for the reports that show it: a gradebook, or a row per file, needs the scores alone
        shown = fmt in ("json", "gradescope") or (fmt == "text" and (details or len(files) == 1))
        results = check_files(source, files, weights, progress=step, feedback=shown)
    settle(results, policy=policy, roster=roster, submitter=submitter, gradescope=gradescope, latest=latest,
           roots={str(found.path): found.root for found in files})
    note: str | None = None
    if fmt in ("csv", "canvas", "moodle"):
        book = gradebook(results, source, roster, weights.of)
        text = book.csv() if fmt == "csv" else book.canvas(assignment) if fmt == "canvas" else book.moodle(assignment)
        flagged = [row.id for row in book.rows if row.flags]
        if fmt != "csv" and flagged:  # Canvas and Moodle take no column of flags: say so here instead
            note = (say_n("check.flagged", "note: {n} student's row is flagged ({ids}); --format csv lists why",
                             "note: {n} students' rows are flagged ({ids}); --format csv lists why", len(flagged), n=len(flagged),
                             ids=", ".join(flagged[:5]) + (", ..." if len(flagged) > 5 else "")))
    else:
        text = report(results, fmt, details=True if details else None, keys=source, weights=weights)
    write_output(output, lambda file: file.write(text), say("check.what.report", "the report"))
    if note is not None:
        sys.stdout.flush()
        click.echo(note, err=True)
    if any(not result.checked for result in results):
        sys.exit(EXIT_UNCHECKED)


def _key_source(key: str, answers: tuple[str, ...]) -> Any:
    """The key source; a clear word when KEY is an answer file and an ANSWER is the key (the arguments swapped)."""
    from tracer.grading.homework import KeySource

    try:
        return KeySource(key)
    except InputError as error:
        keyish = next((a for a in answers if _looks_like_key(Path(a))), None)
        if keyish is None:
            raise
        raise InputError(
            say("check.swapped", "{key} is an answer file and {other} holds keys: the key comes first", key=key, other=keyish),
            hint=say("check.hint.swapped", "run tracer check {other} {key}", other=keyish, key=" ".join(a for a in answers if a != keyish) or key),
        ) from error


def _looks_like_key(path: Path) -> bool:
    if path.is_dir():
        return (path / "key.json").is_file() or (path / "manifest.json").is_file() or (path / "keys").is_dir()
    return path.name == "key.json"


def _beside(answers: tuple[str, ...]) -> Path | None:
    """Gradescope's submission_metadata.json, beside (never inside) the submission folder given."""
    for answer in answers:
        path = Path(answer)
        if path.is_dir():
            candidate = path.resolve().parent / "submission_metadata.json"
            if candidate.is_file():
                return candidate
    return None
