"""Exercises and checking from the command line: ``tracer exercise new`` and ``tracer check``."""

from __future__ import annotations

import sys
from typing import Any

import click

from tracer.cli.app import fail_cleanly, language_option, main, progress_bar, write_output
from tracer.search.conventions import ALGORITHMS, Conventions
from tracer.words import plural

__all__ = ["EXIT_UNCHECKED", "check_command", "exercise_group", "exercise_new_command"]


EXIT_UNCHECKED = 3
"""Exit status of `tracer check` when some answer files could not be checked (their entries say why)."""


READABLE_LEAVES = 32
"""Leaves a printed sheet's figure holds with readable labels (the figure fits the page's width)."""


@main.group("exercise")
def exercise_group() -> None:
    """Make game-tree exercises with their answer keys (see `tracer exercise new --help`)."""


@exercise_group.command("new")
@click.option("-o", "--output", "out", required=True, metavar="DIR", help="Folder to write into; each exercise gets DIR/<id>/. Created; must be empty unless --force.")
@click.option("--seed", metavar="S", help="Seed (any text): the same seed, options and roster give byte-identical exercises on any machine. Default: a random seed, printed and kept in DIR/manifest.json.")
@click.option("--count", type=click.IntRange(1, 10_000), default=1, show_default=True, help="Exercises to make (for each student, with --students).")
@click.option("--branching", default="2-3", show_default=True, metavar="RANGE", help="Children of each internal node, e.g. 2-4 (at most 10).")
@click.option("--depth", default="3", show_default=True, metavar="RANGE", help="Levels below the root, e.g. 2-4; every leaf is that deep (at most 6).")
@click.option("--values", "values_range", default="-9..9", show_default=True, metavar="LOW..HIGH", help="Range of the leaf values (write --values=-9..9 or --values -9..9).")
@click.option("--distinct", is_flag=True, help="Give every leaf a different value.")
@click.option("--min-cutoffs", type=click.IntRange(min=0), default=0, show_default=True, metavar="K", help="Keep only trees where alpha-beta makes at least K cutoffs.")
@click.option("--deep-cutoff", is_flag=True, help="Keep only trees with a deep cutoff: one decided by alpha or beta from a node three or more levels above it (needs --depth 4).")
@click.option("--chance", is_flag=True, help="Trees with chance nodes (levels MAX, chance, MIN, chance, ...), about expectiminimax.")
@click.option("--algorithm", type=click.Choice(ALGORITHMS), default=None, help="The search the questions are about. Default: alphabeta; expectiminimax with --chance.")
@click.option(
    "--prune-on-equal/--no-prune-on-equal", default=True, show_default=True,
    help="Alpha-beta prunes when v reaches beta/alpha with equality (AIMA, MIT 6.034, CS188's slides), or only when it passes them (UC Berkeley CS188's Pacman autograder).",
)
@click.option("--fail-soft/--fail-hard", "fail_soft", default=True, show_default=True, help="Fail-soft returns v (AIMA); fail-hard returns v clamped into [alpha, beta], so a cut MAX node returns beta and a cut MIN node alpha.")
@click.option(
    "--questions", metavar="LIST",
    help="Comma-separated questions: minimax, values, not_examined, move, window (alpha and beta at a named node), order "
    "(of leaf evaluations), expectiminimax. Default: minimax,values,not_examined,move (alpha-beta); minimax,move (minimax); "
    "expectiminimax,move (chance).",
)
@click.option("--max-leaves", type=click.IntRange(min=1), default=32, show_default=True, help="Largest number of leaves a tree may have.")
@click.option("--students", type=click.Path(dir_okay=False), metavar="ROSTER.CSV", help="Roster (CSV with a header; ids from a column id, student_id, sid, username or email): every student gets their own version, from the seed and their id.")
@click.option("--format", "fmt", type=click.Choice(["html", "latex"]), default="html", show_default=True, help="html writes sheet.md, sheet.html, key.md, key.html; latex writes sheet.tex and key.tex as well.")
@click.option("--title", default="Adversarial search", show_default=True, help="The heading of sheets and keys.")
@click.option("--force", is_flag=True, help="Write into DIR even when it is not empty; files of the same names are replaced, others left alone.")
@language_option
@fail_cleanly
def exercise_new_command(
    out: str, seed: str | None, count: int, branching: str, depth: str, values_range: str, distinct: bool, min_cutoffs: int,
    deep_cutoff: bool, chance: bool, algorithm: str | None, prune_on_equal: bool, fail_soft: bool, questions: str | None,
    max_leaves: int, students: str | None, fmt: str, title: str, force: bool,
) -> None:
    """Make exercises: random game trees under constraints, each with a sheet, a key and an answer template.

    \b
    Each exercise goes in DIR/<id>/:
      sheet.md, sheet.html   the sheet (the HTML prints on A4 and Letter)
      figure.svg             the sheet's tree, linked from sheet.md
      answer-template.yaml   what the student fills in and hands back
      key.json               the engine's key plus exercise (the id), student,
                             questions and tree; tracer check reads it
      key.md, key.html       every answer, the key in the hand-in format, each step
      key-figure.svg         the tree after the search, linked from key.md
      sheet.tex, key.tex     with --format latex (TikZ figures, for pdflatex)
    DIR/manifest.json lists the exercises with the seed and the options.
    Hand out the sheet and the template only: the key is in the same folder.

    \b
    Examples:
      tracer exercise new -o hw3 --seed 2024 --count 3 --min-cutoffs 2
      tracer exercise new -o hw3 --seed 2024 --students roster.csv --depth 4 --deep-cutoff
      tracer exercise new -o quiz --seed 7 --chance --branching 2 --format latex
    """
    import secrets

    from tracer.exercises.generate import ExerciseSpec, make_exercise, parse_range
    from tracer.exercises.roster import load_roster
    from tracer.exercises.sheet import write_exercises

    spec = ExerciseSpec(
        branching=parse_range(branching, "branching"),
        depth=parse_range(depth, "depth"),
        values=parse_range(values_range, "values"),
        distinct=distinct,
        min_cutoffs=min_cutoffs,
        deep_cutoff=deep_cutoff,
        chance=chance,
        algorithm=algorithm or ("expectiminimax" if chance else "alphabeta"),
        conventions=Conventions(prune_on_equal=prune_on_equal, fail="soft" if fail_soft else "hard"),
        questions=tuple(q.strip().replace("-", "_") for q in questions.split(",") if q.strip()) if questions is not None else None,
        max_leaves=max_leaves,
    )
    roster = load_roster(students) if students else None
    if seed is None:
        seed = str(secrets.randbelow(1_000_000))
        click.echo(f"seed {seed} (pass --seed {seed} to make these exercises again)", err=True)
    versions: list[Any] = list(roster) if roster else [None]
    jobs = [(student, index) for student in versions for index in range(1, count + 1)]
    most_leaves = 0
    with progress_bar(len(jobs), "making exercises") as bar:

        def made() -> Any:
            nonlocal most_leaves
            for student, index in jobs:
                exercise = make_exercise(spec, seed, index, student)
                most_leaves = max(most_leaves, sum(1 for node in exercise.tree.breadth_first() if node.is_leaf))
                yield exercise
                if bar is not None:
                    bar.update(1)

        folders = write_exercises(made(), out, seed=seed, spec=spec, title=title, formats=("html", fmt) if fmt == "latex" else ("html",), force=force)
    who = f" for {plural(len(roster), 'student')}" if roster else ""
    click.echo(f"wrote {plural(len(folders), 'exercise')}{who} to {out} (seed {seed})")
    if most_leaves > READABLE_LEAVES:
        click.echo(
            f"note: a tree has {most_leaves} leaves; a sheet's figure shrinks to the page's width, and past about "
            f"{READABLE_LEAVES} leaves its labels print too small to read on A4 or Letter (--max-leaves {READABLE_LEAVES} keeps them readable)",
            err=True,
        )


@main.command("check")
@click.argument("key", metavar="KEY")
@click.argument("answers", nargs=-1, required=True, metavar="ANSWER...")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "csv", "gradescope"]), default="text", show_default=True, help="text for people; json (a list, one object per file); csv (a gradebook); gradescope (results.json for one submission).")
@click.option("--points", type=click.Path(dir_okay=False), metavar="POINTS.YAML", help="Points per question, e.g. {minimax: 4, values: 4, not_examined: 2, move: 1, partial: 0.5}.")
@click.option("--details", is_flag=True, help="text: full feedback for every file (the default for one file), not one row per file.")
@click.option("-o", "--output", metavar="FILE", help="Write the report here (default: standard output).")
@language_option
@fail_cleanly
def check_command(key: str, answers: tuple[str, ...], fmt: str, points: str | None, details: bool, output: str | None) -> None:
    """Check answer files against KEY, with a score and feedback for each question.

    KEY is an exercise's key.json, its folder, or the whole folder `tracer exercise new`
    wrote (each answer file's `exercise:` id then picks its key). ANSWER is an answer
    file (.yaml, .yml or .json) or a folder, searched for them.

    \b
    Answer files (the template beside each sheet shows the questions asked):
      exercise: ex1-3f9c              # the id on the sheet
      minimax: {A: 3, B: 3, C: 2, D: 2}
      values: {A: 3, B: 3, C: "<= 2", D: 2}
      not_examined: [I, J]
      move: B
      window: {alpha: 3, beta: +inf}
      order: [E, F, G, H, K, L, M]
    Nodes by label or path ("1.0"), any case; lists in any order (except
    order); bounds as "<= 2", "≤2" or "at most 2" (">= 5", "≥5", "at least 5").

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
    Exit status:
      0  every file was checked
      3  some files could not be checked (unreadable, malformed, an unknown node,
         a wrong or missing exercise id): each has an entry saying what and where
      1  nothing was checked (the key or the points file is unusable)
      2  wrong usage

    \b
    Examples:
      tracer check hw3/ex1-5a7e/key.json alice.yaml
      tracer check hw3 submissions/ --format csv -o gradebook.csv
      tracer check key.json /autograder/submission --format gradescope -o /autograder/results/results.json
    """
    from tracer.grading.check import Points, Result, check_files, collect_files, load_points
    from tracer.grading.keys import KeySource
    from tracer.grading.report import report

    source = KeySource(key)
    weights = load_points(points) if points else Points()
    files = collect_files(answers)
    with progress_bar(len(files), "checking") as bar:

        def step(files: list[Any]) -> Any:
            for item in files:
                yield item
                if bar is not None:
                    bar.update(1)

        results = check_files(source, files, weights, progress=step)
    if fmt == "gradescope" and len(results) != 1:
        names = ", ".join(r.file for r in results[:5]) + (", ..." if len(results) > 5 else "")
        results = [Result(answers[0], error=f"found {len(results)} answer files ({names}); hand in exactly one")]
    text = report(results, fmt, details=True if details else None)
    write_output(output, lambda file: file.write(text), "the report")
    if any(not result.checked for result in results):
        sys.exit(EXIT_UNCHECKED)
