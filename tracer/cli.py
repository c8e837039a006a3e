"""The ``tracer`` command: a thin layer of options over the library's functions.

Every user error is a :class:`tracer.TracerError`, printed as one line (``Error: ...``)
with exit status 1; wrong usage exits with 2, as click does.
"""

from __future__ import annotations

import functools
import json
import os
import sys
from collections.abc import Callable
from typing import Any, Self

import click

from tracer._version import __version__
from tracer.errors import InputError, TracerError
from tracer.search.conventions import ALGORITHMS, ORDERS, Conventions, SearchSettings
from tracer.words import plural

__all__ = ["main"]


def _fail_cleanly(command: Callable[..., Any]) -> Callable[..., Any]:
    """Turn tracer's errors into one-line messages instead of tracebacks."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except TracerError as error:
            raise click.ClickException(str(error)) from None
        except BrokenPipeError:  # the reader of our output stopped (| head): stop quietly, as other tools do
            sys.stdout = open(os.devnull, "w")
            raise SystemExit(141) from None
        except OSError as error:  # a safety net: tracer.files names the place for the usual cases
            where = f"{error.filename}: " if error.filename else ""
            raise click.ClickException(f"{where}{error.strerror or error}; check the path and its permissions") from None
        except RecursionError:
            raise click.ClickException("the tree is too deep to search here (more than 20,000 levels)") from None
        except KeyboardInterrupt:
            raise click.Abort() from None

    return wrapper


def language_option(command: Callable[..., Any]) -> Callable[..., Any]:
    """``--lang``: the language of the words a command writes (``TRACER_LANG`` otherwise; English by default)."""

    @functools.wraps(command)
    def wrapper(*args: Any, lang: str | None = None, **kwargs: Any) -> Any:
        from tracer.words import language_from, use_language

        with use_language(_fail_cleanly(language_from)(lang)):
            return command(*args, **kwargs)

    return click.option(
        "--lang", metavar="LANG",
        help="Language of captions, keys, sheets and feedback: en (default) or tr; TRACER_LANG sets a default.",
    )(wrapper)


# -- options shared by the commands that search --------------------------------------------
def input_options(command: Callable[..., Any]) -> Callable[..., Any]:
    options = [
        click.argument("input", required=False, metavar="[INPUT]"),
        click.option("--game", metavar="NAME", help="Search a game instead of a file: tictactoe, hexapawn, nim or coinflip."),
        click.option("--position", metavar="POS", help="The game's starting position, e.g. X.O.X.... (tic-tac-toe) or 3,4,5 (Nim)."),
        click.option("--root", type=click.Choice(["max", "min"]), help="Type of the root node (default max); levels alternate."),
        click.option("--players", metavar="CYCLE", help="Node types by depth, repeating: e.g. max,min,min or max,chance,min,chance."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def search_options(command: Callable[..., Any]) -> Callable[..., Any]:
    options = [
        click.option(
            "--algorithm", type=click.Choice(ALGORITHMS), default=None,
            help="The search to run. Default: alphabeta, or expectiminimax where there are chance nodes.",
        ),
        click.option(
            "--prune-on-equal/--no-prune-on-equal", default=True, show_default=True,
            help="Prune when v reaches beta/alpha with equality (AIMA, MIT 6.034), or only when it passes them (UC Berkeley CS188).",
        ),
        click.option(
            "--fail-soft/--fail-hard", "fail_soft", default=True, show_default=True,
            help="Fail-soft returns v (AIMA); fail-hard returns alpha or beta, clamping values into [alpha, beta].",
        ),
        click.option("--depth", type=click.IntRange(min=0), help="Depth limit: levels below the root (chance levels count); deeper nodes are scored by the evaluation."),
        click.option("--order", type=click.Choice(ORDERS), default="given", show_default=True, help="Order of children: as given, best first by evaluation, by true value (perfect/worst), or random."),
        click.option("--seed", type=int, default=0, show_default=True, help="Seed for --order random."),
        click.option("--iterative", is_flag=True, help="Iterative deepening up to --depth (or to the end), each iteration ordered by the previous one."),
        click.option("--tt", "transposition_table", is_flag=True, help="Use a transposition table (games: repeated states are searched once)."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def _settings(options: dict[str, Any]) -> SearchSettings:
    return SearchSettings(
        algorithm=options["algorithm"],
        conventions=Conventions(prune_on_equal=options["prune_on_equal"], fail="soft" if options["fail_soft"] else "hard"),
        depth=options["depth"],
        order=options["order"],
        seed=options["seed"],
        iterative=options["iterative"],
        transposition_table=options["transposition_table"],
    )


# the options that say how to search: given with a trace file (already searched), they are refused
_SEARCH_OPTION_NAMES = frozenset(
    {"algorithm", "prune_on_equal", "fail_soft", "depth", "order", "seed", "iterative", "transposition_table"}
)


def _trace_for(options: dict[str, Any]) -> Any:
    """Load the input and search it (or take the trace a trace file holds)."""
    from tracer.api import default_algorithm, load_input, search
    from tracer.trace.model import Trace

    source = load_input(
        options["input"], game=options["game"], position=options["position"], players=options["players"], root=options["root"]
    )
    if isinstance(source, Trace):
        changed = _search_options_given()
        if changed:
            raise InputError(
                "search options (" + ", ".join(changed) + ") do not apply to a trace file",
                source=options["input"],
                hint="the trace already records how it was searched; pass the tree instead to search again",
            )
        return source
    if options["algorithm"] is None:
        options = {**options, "algorithm": default_algorithm(source)}
    _progress(f"searching ({options['algorithm']})...")
    try:
        return search(source, _settings(options))
    except InputError as error:  # e.g. a node without the static value a depth limit needs
        where = {None: f"--game {options['game']}", "-": "<stdin>"}.get(options["input"], options["input"])
        raise error.located(where) from None


def _search_options_given() -> list[str]:
    """The search options on the command line, as the user wrote them (--no-prune-on-equal)."""
    from click.core import ParameterSource

    context = click.get_current_context()
    given = []
    for param in context.command.params:
        if param.name not in _SEARCH_OPTION_NAMES or context.get_parameter_source(param.name) in (ParameterSource.DEFAULT, None):
            continue
        value = context.params[param.name]
        secondary = getattr(param, "secondary_opts", [])
        given.append(secondary[0] if secondary and value is False else param.opts[0])
    return given


def _progress(message: str) -> None:
    if sys.stderr.isatty():
        click.echo(message, err=True)


def _write_output(output: str | None, write: Callable[[Any], None], what: str) -> None:
    from tracer.files import atomic_write

    if output is None or output == "-":
        write(sys.stdout)
        return
    atomic_write(output, write)
    _progress(f"wrote {what} to {output}")


# -- commands ----------------------------------------------------------------------------
@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="tracer")
def main() -> None:
    """tracer: see adversarial search happen, step by step.

    INPUT is a tree file (.json, .yaml or .yml; - reads standard input) or, where a
    command takes one, a trace file written by `tracer trace`. A tree is written in
    bracket form, [[3, 12, 8], [2, 4, 6], [14, 5, 2]], or in object form (see the
    tutorial's reference of the tree format).
    """


@main.command("trace")
@input_options
@search_options
@click.option("-o", "--output", metavar="FILE", help="Write the trace here (default: standard output).")
@_fail_cleanly
def trace_command(output: str | None, **options: Any) -> None:
    """Search INPUT and write the trace of every step as JSON.

    \b
    Examples:
      tracer trace tree.json -o trace.json
      tracer trace tree.yaml --no-prune-on-equal --fail-hard -o trace.json
      tracer trace --game tictactoe --position X.O.X.... -o ttt.json
    """
    from tracer.recursion import quiet_gc
    from tracer.trace.io import dump_trace

    trace = _trace_for(options)
    # A bar only where writing takes seconds (a million events take about three).
    with quiet_gc(), _progress_bar(len(trace) if len(trace) > 200_000 else 0, "writing the trace") as bar:
        step = bar.update if bar is not None else None
        _write_output(output, lambda file: dump_trace(trace, file, progress=step), "the trace")


@main.command("key")
@input_options
@search_options
@click.option("--format", "fmt", type=click.Choice(["json", "text", "markdown"]), default="text", show_default=True, help="How to write the key.")
@click.option("--nodes/--no-nodes", default=None, help="List every node (the default for trees; games leave the lists out unless asked).")
@click.option("-o", "--output", metavar="FILE", help="Write the key here (default: standard output).")
@language_option
@_fail_cleanly
def key_command(fmt: str, nodes: bool | None, output: str | None, **options: Any) -> None:
    """Print the answer key of a search of INPUT (a tree, a game or a trace file).

    The key gives the root's value, MAX's move, the principal variation, every node's
    minimax value and the value the search returned there (a bound where it was cut
    off), the order of static evaluations, the nodes never examined and the cutoffs,
    under the conventions in force, which it states.

    \b
    Examples:
      tracer key tree.json
      tracer key tree.json --no-prune-on-equal --format markdown
      tracer key --game tictactoe --position XO.X..O.. --format json
    """
    from tracer.trace.key import answer_key
    from tracer.trace.key_text import key_markdown, key_text

    trace = _trace_for(options)
    key = answer_key(trace, include_nodes=nodes)
    if fmt == "json":
        text = json.dumps(key.to_json(), indent=2, ensure_ascii=False) + "\n"
    elif fmt == "markdown":
        text = key_markdown(key)
    else:
        text = key_text(key)
    _write_output(output, lambda file: file.write(text), "the key")


@main.command("games")
def games_command() -> None:
    """List the games tracer can search, with their positions and move order."""
    from tracer.game.games import GAMES

    for name, cls in GAMES.items():
        game = cls()
        click.echo(f"{name}: {cls.title}")
        click.echo(f"  start position: {game.position}")
        click.echo(f"  moves searched: {cls.action_order}")
        click.echo(f"  chance nodes: {'yes' if cls.has_chance else 'no'}; evaluation function: {'yes' if cls.has_evaluation else 'no'}")


@main.command("schema")
def schema_command() -> None:
    """Print the JSON Schema of trace files."""
    from tracer.trace.schema import schema_text

    click.echo(schema_text(), nl=False)


# -- exercises and checking (tracer.exercises, tracer.grading) ------------------------------
EXIT_UNCHECKED = 3
"""Exit status of `tracer check` when some answer files could not be checked (their entries say why)."""


def _progress_bar(length: int, label: str) -> Any:
    """A progress bar on standard error for long batches; silent when stderr is not a terminal."""
    import contextlib

    if length >= 20 and sys.stderr.isatty():
        return click.progressbar(length=length, label=label, file=sys.stderr)
    return contextlib.nullcontext(None)


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
    help="Alpha-beta prunes when v reaches beta/alpha with equality (AIMA, MIT 6.034), or only when it passes them (UC Berkeley CS188).",
)
@click.option("--fail-soft/--fail-hard", "fail_soft", default=True, show_default=True, help="Fail-soft returns v (AIMA); fail-hard returns alpha or beta, clamping values into [alpha, beta].")
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
@_fail_cleanly
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
        branching=parse_range(branching, "--branching"),
        depth=parse_range(depth, "--depth"),
        values=parse_range(values_range, "--values"),
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
    with _progress_bar(len(jobs), "making exercises") as bar:

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
@_fail_cleanly
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
    with _progress_bar(len(files), "checking") as bar:

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
    _write_output(output, lambda file: file.write(text), "the report")
    if any(not result.checked for result in results):
        sys.exit(EXIT_UNCHECKED)


# -- figures (tracer.render) -------------------------------------------------------------
@main.command("render")
@input_options
@search_options
@click.option("-o", "--output", "folder", metavar="DIR", required=True, help="Folder for the figures (created if missing).")
@click.option("--format", "formats", metavar="LIST", default="svg", show_default=True,
              help="Comma-separated formats: svg, png, pdf, dot (Graphviz sources; SVG is always written).")
@click.option("--html", is_flag=True, help="Also write DIR/index.html, a self-contained player of the steps --steps chooses (all with final).")
@click.option("--beamer", is_flag=True, help="Also write one PDF per chosen step and DIR/frames.tex, Beamer overlays ending with the final figure.")
@click.option("--steps", default=None, metavar="SPEC",
              help="Frames to write: all (default), final (none), key (the builds a lecture shows), every:N (with every cutoff "
                   "and the last step), FROM-TO, N, or a list such as 0,24,40-45.")
@click.option("--storyboard", is_flag=True, help="Also write DIR/storyboard.svg: the chosen steps as lettered panels (a), (b), ... (--steps key unless given).")
@click.option("--slide", type=click.Choice(["16:9", "4:3"]), default=None,
              help="Shape and size every figure for a slide: values at least 14 pt, other text 11 pt when it fills the slide.")
@click.option("--no-header", "no_header", is_flag=True, help="Leave out the band above the tree (step number, algorithm and conventions).")
@click.option("--no-caption", "no_caption", is_flag=True, help="Print no captions in the figures (they stay in manifest.json and the Beamer notes).")
@click.option("--font-scale", type=click.FloatRange(0.5, 4.0), default=1.0, show_default=True, metavar="X",
              help="Make every text X times larger (shapes keep their size).")
@click.option("--legend", is_flag=True, help="Draw a one-line legend of the marks on every step frame.")
@click.option("--pruned-values", type=click.Choice(["show", "hide"]), default="show", show_default=True,
              help="Show pruned nodes' values (grey, not bold) or hide them.")
@click.option("--focus", metavar="NODE", default=None,
              help="Draw the path to NODE (a label such as B, a path such as 0.1, or auto: the best move) and its subtree in full, "
                   "the rest as '… +n more'.")
@click.option("--compact", is_flag=True, default=None, help="Write values and windows under the nodes, not beside them (narrower levels).")
@click.option("--wrap", is_flag=True, default=None, help="Put the leaves of wide levels on two staggered rows (narrower levels).")
@click.option("--theme", type=click.Choice(["light", "dark"]), default="light", show_default=True, help="Colours for light or dark slides.")
@click.option("--labels", type=click.Choice(["letters", "paths", "none"]), default="letters", show_default=True, help="Node names: the tree's labels (A, B, ...), paths (0.1) or none.")
@click.option("--max-depth", type=click.IntRange(min=0), metavar="N", help="Draw nodes down to depth N only; deeper ones are counted ('… +n more') under their ancestor.")
@click.option("--collapse/--no-collapse", default=None, help="Draw each subtree the search never entered as its root alone (default: when the tree has over 200 nodes).")
@click.option("--order-numbers", is_flag=True, help="Number the static evaluations (#1, #2, ...) under the nodes, in the order they happen.")
@language_option
@_fail_cleanly
def render_command(folder: str, formats: str, html: bool, beamer: bool, steps: str | None, storyboard: bool, slide: str | None,
                   no_header: bool, no_caption: bool, font_scale: float, legend: bool, pruned_values: str, focus: str | None,
                   compact: bool | None, wrap: bool | None, theme: str, labels: str, max_depth: int | None, collapse: bool | None, order_numbers: bool,
                   **options: Any) -> None:
    """Draw a search of INPUT: one figure per step, a final figure, a manifest.

    Writes DIR/step-0000.svg ... (step 0 is before the search), DIR/final.svg and
    DIR/manifest.json (frames, steps and captions); PNG, PDF and DOT of each with
    --format, a storyboard with --storyboard, an HTML player with --html, Beamer
    overlays with --beamer. Every frame of a trace has the same canvas and every node
    the same place. A tree too large to draw is collapsed or cut (--max-depth), with a
    note of what was left out; with --slide, a figure too wide for the slide gets a
    note naming the options that make it fit.

    \b
    Examples:
      tracer render tree.json -o figs
      tracer render tree.json -o figs --steps key --storyboard --format svg,pdf
      tracer render tree.json -o figs --steps key --slide 16:9 --beamer
      tracer render tree.json -o figs --format svg,png,pdf --html
      tracer render trace.json -o figs --steps every:5 --labels paths
      tracer render --game tictactoe --depth 2 -o figs --steps final --slide 16:9 --focus auto
    """
    from tracer.render.output import parse_formats, render_to_directory

    chosen = parse_formats(formats)
    trace = _trace_for(options)

    def progress(label: str, length: int) -> Any:
        return click.progressbar(length=length, label=f"drawing {label}", file=sys.stderr) if sys.stderr.isatty() and length > 20 else None

    result = render_to_directory(
        trace, folder, steps=steps or ("key" if storyboard else "all"), formats=chosen, html=html, beamer=beamer,
        storyboard=storyboard, theme=theme, labels=labels, max_depth=max_depth,
        collapse="auto" if collapse is None else collapse, order_numbers=order_numbers, slide=slide, header=not no_header,
        captions=not no_caption, legend=legend, font_scale=font_scale, pruned_values=pruned_values, focus=focus,
        compact=compact or None, wrap=wrap or None, progress=lambda label, length: progress(label, length) or _NoBar(),
    )
    for note in result.notes:
        click.echo(f"note: {note}", err=True)
    click.echo(f"wrote {plural(result.frames, 'frame')} and the final figure to {folder}", err=True)


class _NoBar:
    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def update(self, count: int) -> None:
        return None


if __name__ == "__main__":  # pragma: no cover
    main()
