"""Exercises from the command line: ``tracer exercise new`` (``tracer check`` is in :mod:`tracer.cli.checking`)."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

from tracer.cli.app import fail_cleanly, language_option, main, progress_bar
from tracer.errors import InputError, Option
from tracer.game.notation import load_tree
from tracer.search.conventions import ALGORITHMS, Conventions
from tracer.words import say, say_n

__all__ = ["exercise_group", "exercise_new_command"]


READABLE_LEAVES = 32
"""Leaves a printed sheet's figure holds with readable labels (the figure fits the page's width)."""


@main.group("exercise")
def exercise_group() -> None:
    """Make game-tree exercises with their answer keys (see `tracer exercise new --help`)."""


SHAPE_OPTIONS = ("count", "branching", "depth", "values_range", "distinct", "min_cutoffs", "deep_cutoff", "max_leaves", "chance")
"""Options that shape random trees: with --tree the trees are given, so these are refused."""
_FLAG_OF = {"values_range": "values"}


@exercise_group.command("new")
@click.option("-o", "--output", "out", required=True, metavar="DIR", help="Folder to write into: DIR/handout/ for students, DIR/keys/ and DIR/manifest.json for you. Created; must be empty unless --force.")
@click.option("--seed", metavar="S", help="Seed (any text): the same seed, options and roster give byte-identical exercises on any machine. Default: a random seed, printed and kept in DIR/manifest.json (with --tree: one made from the trees).")
@click.option("--tree", "tree_files", multiple=True, type=click.Path(), metavar="FILE",
              help="Make the exercises on this tree (a tree file, or a folder of .json/.yaml/.yml trees; repeat for several): one exercise per tree, ex1 the first. The shape options (--count, --branching, --depth, --values, --distinct, --min-cutoffs, --deep-cutoff, --max-leaves, --chance) do not apply.")
@click.option("--count", type=click.IntRange(1, 10_000), default=1, show_default=True, help="Exercises to make (for each student, with --students).")
@click.option("--branching", default="2-3", show_default=True, metavar="RANGE", help="Children of each internal node, e.g. 2-4 (at most 10).")
@click.option("--depth", default="3", show_default=True, metavar="RANGE", help="Levels below the root, e.g. 2-4; every leaf is that deep (at most 6).")
@click.option("--values", "values_range", default="-9..9", show_default=True, metavar="LOW..HIGH", help="Range of the leaf values (write --values=-9..9 or --values -9..9).")
@click.option("--distinct", is_flag=True, help="Give every leaf a different value.")
@click.option("--min-cutoffs", type=click.IntRange(min=0), default=0, show_default=True, metavar="K", help="Keep only trees where alpha-beta makes at least K cutoffs.")
@click.option("--deep-cutoff", is_flag=True, help="Keep only trees with a deep cutoff: one decided by alpha or beta from a node three or more levels above it (needs --depth 4).")
@click.option("--chance", is_flag=True, help="Trees with chance nodes (levels MAX, chance, MIN, chance, ...), about expectiminimax.")
@click.option("--algorithm", type=click.Choice(ALGORITHMS), default=None, help="The search the questions are about. Default: alphabeta; expectiminimax with --chance (or a tree with chance nodes).")
@click.option(
    "--prune-on-equal/--no-prune-on-equal", default=True, show_default=True,
    help="Alpha-beta prunes when v reaches beta/alpha with equality (AIMA, MIT 6.034, CS188's slides), or only when it passes them (UC Berkeley CS188's Pacman autograder).",
)
@click.option("--fail-soft", "fail", flag_value="soft", default=True, help="A node returns v, a bound where it was cut off (AIMA). The default.")
@click.option("--fail-hard", "fail", flag_value="hard",
              help="A node returns v clamped into the window [alpha, beta] it was called with: a cut MAX node returns beta, a cut MIN node alpha.")
@click.option("--fail-own-bound", "fail", flag_value="own-bound",
              help="A node returns its own bound moved by v, max(alpha, v) at MAX and min(beta, v) at MIN, cut off or not (the UNH CS 730 deck).")
@click.option(
    "--questions", metavar="LIST",
    help="Comma-separated questions: minimax, values, not_examined, move, window (alpha and beta at a named node), order "
    "(of leaf evaluations), expectiminimax. Default: minimax,values,not_examined,move (alpha-beta); minimax,move (minimax); "
    "expectiminimax,move (chance).",
)
@click.option("--depth-limit", type=click.IntRange(min=0), metavar="N", help="With --tree: search N levels below the root and score the nodes there by their static values (the tree's value: on internal nodes).")
@click.option("--quiescence", is_flag=True, help="With --tree and --depth-limit: past the depth limit, search on through the noisy moves (noisy: [...] or quiet: false in the tree), standing pat on the static value. Sheets mark the noisy moves.")
@click.option("--max-leaves", type=click.IntRange(min=1), default=32, show_default=True, help="Largest number of leaves a tree may have.")
@click.option("--students", type=click.Path(dir_okay=False), metavar="ROSTER.CSV", help="Roster (CSV with a header, comma, semicolon or tab separated; ids from a column id, student_id, sid, username or email): every student gets their own version, from the seed and their id.")
@click.option("--id-column", metavar="NAME", help="The roster's column of student ids, when its header does not make it clear.")
@click.option("--name-column", metavar="NAME", help="The roster's column of student names.")
@click.option("--format", "fmt", type=click.Choice(["html", "latex"]), default="html", show_default=True, help="html writes Markdown and HTML sheets and keys; latex writes .tex files as well, and handout/sheets.pdf where pdflatex is installed.")
@click.option("--title", help="The heading of sheets and keys.  [default: Adversarial search, in the language of --lang]")
@click.option("--force", is_flag=True, help="Write into DIR even when it is not empty; files of the same names are replaced, others left alone.")
@language_option
@fail_cleanly
@click.pass_context
def exercise_new_command(
    ctx: click.Context, out: str, seed: str | None, tree_files: tuple[str, ...], count: int, branching: str, depth: str, values_range: str,
    distinct: bool, min_cutoffs: int, deep_cutoff: bool, chance: bool, algorithm: str | None, prune_on_equal: bool, fail: str,
    questions: str | None, depth_limit: int | None, quiescence: bool, max_leaves: int, students: str | None, id_column: str | None, name_column: str | None, fmt: str, title: str | None,
    force: bool,
) -> None:
    """Make exercises, each with a sheet, an answer template and a key: on random game trees
    under constraints, or on the trees you give (--tree).

    \b
    DIR/handout/: what students get (zip it and hand it out; no key is in it)
      sheets.html            every sheet, each from a new page: print it for the class
      sheets.tex, sheets.pdf with --format latex (the PDF where pdflatex is installed)
      <id>/ (with a roster: <student>/<id>/)
        sheet.md, sheet.html the sheet (the HTML prints on A4 and Letter)
        figure.svg           the sheet's tree, linked from sheet.md
        answer-template.yaml what the student fills in and hands back
        sheet.tex            with --format latex (TikZ figures, for pdflatex)
    DIR/keys/<id>/: what you keep
      key.json               the engine's key plus exercise (the id), student,
                             questions and tree; tracer check reads it
      key.md, key.html       every answer, the key in the hand-in format, each step
      key-figure.svg         the tree after the search, linked from key.md
      steps.html             the search step by step (linked from the key)
      key.tex                with --format latex
    DIR/manifest.json lists the exercises with the seed and the options (the seed
    makes the keys again: keep it with the keys).

    \b
    Examples:
      tracer exercise new -o hw3 --seed 2024 --count 3 --min-cutoffs 2
      tracer exercise new -o hw3 --seed 2024 --students roster.csv --depth 4 --deep-cutoff
      tracer exercise new --tree fig-5-2.json -o quiz
      tracer exercise new --tree trees/ --students roster.csv -o hw4 --format latex
      tracer exercise new --tree horizon.yaml --depth-limit 1 --quiescence -o quiz
    """
    import secrets

    from tracer.exercises.generate import ExerciseSpec, make_exercise, parse_range
    from tracer.exercises.given import exercises_from_trees, tree_seed
    from tracer.exercises.handout import compile_sheets_pdf, write_exercises
    from tracer.exercises.roster import load_roster

    conventions = Conventions(prune_on_equal=prune_on_equal, fail=fail)
    asked = tuple(q.strip().replace("-", "_") for q in questions.split(",") if q.strip()) if questions is not None else None
    roster = load_roster(students, id_column=id_column, name_column=name_column) if students else None
    if not tree_files and (depth_limit is not None or quiescence):
        raise InputError(say("exercise.limit.tree", "{{0}} needs a tree with static values, but random trees have them only at the leaves"),
                         hint=say("exercise.hint.limit.tree", "give the tree with {{1}}"),
                         options=(Option("depth_limit" if depth_limit is not None else "quiescence", depth_limit if depth_limit is not None else True),
                                  Option("tree", "FILE")))
    if tree_files:
        given = [name for name in SHAPE_OPTIONS if ctx.get_parameter_source(name) == click.core.ParameterSource.COMMANDLINE]
        if given:
            raise InputError(say("exercise.tree.shape", "{{0}} shapes random trees, but --tree gives the trees"),
                             hint=say("exercise.hint.tree.shape", "leave out {{0}}, or leave out --tree"),
                             options=(Option(_FLAG_OF.get(given[0], given[0])),))
        paths = _tree_paths(tree_files)
        trees = [load_tree(path) for path in paths]
        spec = ExerciseSpec(algorithm=algorithm or "", chance=algorithm == "expectiminimax", conventions=conventions, questions=asked,
                            depth_limit=depth_limit, quiescence=quiescence)
        seed = seed if seed is not None else tree_seed(trees)
        exercises = exercises_from_trees(trees, spec, seed, roster, algorithm_given=algorithm is not None)
        jobs: Any = exercises
        most_leaves = max(sum(1 for node in tree.preorder() if node.is_leaf) for tree in trees)
        made: Any = None
        tree_names: list[str] | None = [str(path) for path in paths]
    else:
        spec = ExerciseSpec(
            branching=parse_range(branching, "branching"), depth=parse_range(depth, "depth"), values=parse_range(values_range, "values"),
            distinct=distinct, min_cutoffs=min_cutoffs, deep_cutoff=deep_cutoff, chance=chance,
            algorithm=algorithm or ("expectiminimax" if chance else "alphabeta"), conventions=conventions, questions=asked,
            max_leaves=max_leaves,
        )
        if seed is None:
            seed = str(secrets.randbelow(1_000_000))
            click.echo(say("exercise.seed.random", "seed {seed} (pass --seed {seed} to make these exercises again)", seed=seed), err=True)
        versions: list[Any] = list(roster) if roster else [None]
        jobs = [(student, index) for student in versions for index in range(1, count + 1)]
        most_leaves = 0
        tree_names = None
    with progress_bar(len(jobs), say("exercise.progress", "making exercises")) as bar:

        def made() -> Any:
            nonlocal most_leaves
            for job in jobs:
                exercise = job if tree_files else make_exercise(spec, seed, job[1], job[0])
                most_leaves = max(most_leaves, sum(1 for node in exercise.tree.breadth_first() if node.is_leaf))
                yield exercise
                if bar is not None:
                    bar.update(1)

        folders = write_exercises(made(), out, seed=seed, spec=spec, title=title, formats=("html", fmt) if fmt == "latex" else ("html",),
                                  force=force, trees=tree_names)
    where = {"n": len(folders), "out": out, "seed": seed, "handout": os.path.join(out, "handout"), "keys": os.path.join(out, "keys")}
    if roster:
        click.echo(say_n("exercise.wrote.students", "wrote {n} exercise for {students} to {out} (seed {seed}): hand out {handout}, keep {keys}",
                         "wrote {n} exercises for {students} to {out} (seed {seed}): hand out {handout}, keep {keys}", len(folders),
                         students=say_n("exercise.students", "{n} student", "{n} students", len(roster), n=len(roster)), **where))
    else:
        click.echo(say_n("exercise.wrote", "wrote {n} exercise to {out} (seed {seed}): hand out {handout}, keep {keys}",
                         "wrote {n} exercises to {out} (seed {seed}): hand out {handout}, keep {keys}", len(folders), **where))
    if fmt == "latex":
        note = compile_sheets_pdf(out)
        if note is not None:
            click.echo(say("cli.note", "note: {note}", note=note), err=True)
    if most_leaves > READABLE_LEAVES:
        click.echo(say(
            "exercise.note.leaves", "note: a tree has {n} leaves; a sheet's figure shrinks to the page's width, and past about {readable} "
            "leaves its labels print too small to read on A4 or Letter ({option} keeps them readable)",
            n=most_leaves, readable=READABLE_LEAVES, option=f"--max-leaves {READABLE_LEAVES}",
        ), err=True)


def _tree_paths(given: Sequence[str]) -> list[Path]:
    """The tree files named, folders read for their .json, .yaml and .yml files (sorted by name)."""
    paths: list[Path] = []
    for name in given:
        path = Path(name)
        if path.is_dir():
            found = sorted(p for p in path.iterdir() if p.is_file() and p.suffix.lower() in (".json", ".yaml", ".yml") and not p.name.startswith("."))
            if not found:
                raise InputError(say("exercise.tree.folder", "the folder holds no .json, .yaml or .yml tree files"), source=name,
                                 hint=say("exercise.hint.tree.folder", "give tree files, or a folder of them"))
            paths.extend(found)
        else:
            paths.append(path)
    return paths
