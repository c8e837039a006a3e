"""The ``tracer`` command's group and what its commands share: one-line errors, the options
that choose a search and a language, the input a command works on, and where output goes.

Every user error is a :class:`tracer.TracerError`, printed as one line (``Error: ...``)
with exit status 1; wrong usage exits with 2, as click does. The settings an error
suggests are written as this command line writes them (:func:`command_line_words`).
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import os
import signal
import sys
import threading
from collections.abc import Callable
from typing import Any, ClassVar

import click

from tracer._version import __version__
from tracer.errors import InputError, Option, TracerError
from tracer.recursion import MAX_DEPTH
from tracer.search.conventions import ALGORITHMS, ORDERS, Conventions, SearchSettings
from tracer.search.window import FAIL_CONVENTIONS
from tracer.words import algorithm_name, available_languages, count, say

__all__ = [
    "NumberRange",
    "command_line_words",
    "fail_cleanly",
    "input_options",
    "input_place",
    "language_option",
    "main",
    "planned_search",
    "progress",
    "progress_bar",
    "refuse_search_options",
    "search_options",
    "trace_for",
    "write_output",
]


_FLAG_NAMES = {"transposition_table": "tt", "evaluation": "eval"}
_FLAGS = frozenset({"iterative", "quiescence", "chance", "distinct", "deep_cutoff", "force", "html", "beamer"})


def command_line_words(option: Option) -> str:
    """An option as the command line writes it: ``--depth 3``, ``--tt``, ``--tt symmetry``, ``--no-prune-on-equal``,
    ``--fail-hard``, ``--fail-own-bound``."""
    name, value = option.name, option.value
    if name == "fail" and value in FAIL_CONVENTIONS:
        return f"--fail-{value}"
    if name == "transposition_table" and value in (True, None):
        return "--tt"
    if name == "output":
        return "-o"
    flag = "--" + _FLAG_NAMES.get(name, name).replace("_", "-")
    if value is False:
        return "--no-" + flag[2:]
    if value is None or value is True or name in _FLAGS:
        return flag
    return f"{flag} {value}"


def fail_cleanly(command: Callable[..., Any]) -> Callable[..., Any]:
    """Turn tracer's errors into one-line messages instead of tracebacks, options written as flags."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except InputError as error:
            raise click.ClickException(error.phrased(command_line_words)) from None
        except TracerError as error:
            raise click.ClickException(str(error)) from None
        except BrokenPipeError:  # the reader of our output stopped (| head): stop quietly, as other tools do
            sys.stdout = open(os.devnull, "w")
            raise SystemExit(141) from None
        except OSError as error:  # a safety net: tracer.files names the place for the usual cases
            where = f"{error.filename}: " if error.filename else ""
            raise click.ClickException(
                say("cli.os_error", "{where}{problem}; check the path and its permissions", where=where, problem=error.strerror or error)
            ) from None
        except RecursionError:  # the readers refuse deep files and the searches deep trees first: this is a game's own depth
            raise click.ClickException(
                say("cli.recursion", "this goes deeper than tracer follows (more than {most} nested levels)", most=count(MAX_DEPTH))
            ) from None
        except KeyboardInterrupt:
            raise click.Abort() from None
        except Exception as error:  # a course's game code failing is said in one line, at its line
            if isinstance(error, (click.ClickException, click.exceptions.Exit, click.exceptions.Abort)):
                raise
            from tracer.game.loader import course_error  # only when something failed: the loader stays out of start-up

            found = course_error(error)
            if found is None:
                raise
            raise click.ClickException(found.phrased(command_line_words)) from None

    return wrapper


def _languages() -> str:
    """``en (default) or tr``: the languages with a catalogue, for --lang's help."""
    others = [code for code in available_languages() if code != "en"]
    return "en (default)" + "".join(f", {code}" for code in others[:-1]) + (f" or {others[-1]}" if others else "")


def language_option(command: Callable[..., Any]) -> Callable[..., Any]:
    """``--lang``: the language of the words a command writes (``TRACER_LANG`` otherwise; English by default)."""

    @functools.wraps(command)
    def wrapper(*args: Any, lang: str | None = None, **kwargs: Any) -> Any:
        from tracer.words import language_from, use_language

        with use_language(fail_cleanly(language_from)(lang)):
            return command(*args, **kwargs)

    return click.option(
        "--lang", metavar="LANG",
        help=f"Language of captions, keys, sheets, feedback and messages: {_languages()}; TRACER_LANG sets a default.",
    )(wrapper)


# -- options shared by the commands that search --------------------------------------------
def input_options(command: Callable[..., Any]) -> Callable[..., Any]:
    options = [
        click.argument("input", required=False, metavar="[INPUT]"),
        click.option(
            "--game", metavar="NAME",
            help="Search a game instead of a file: tictactoe, hexapawn, nim, coinflip, whist, chess (see tracer games), "
            "or a course's own class, module:Class or path/to/file.py:Class (its code runs: load only files you trust).",
        ),
        click.option(
            "--position", metavar="POS",
            help="The game's starting position, e.g. X.O.X.... (tic-tac-toe), 3,4,5 (Nim) or a FEN (chess).",
        ),
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
            help="Prune when v reaches beta/alpha with equality (AIMA, MIT 6.034, CS188's slides), or only when it passes them (UC Berkeley CS188's Pacman autograder).",
        ),
        click.option("--fail-soft", "fail", flag_value="soft", default=True, help="A node returns v, a bound where it was cut off (AIMA). The default."),
        click.option(
            "--fail-hard", "fail", flag_value="hard",
            help="A node returns v clamped into the window [alpha, beta] it was called with: a cut MAX node returns beta, a cut MIN node alpha.",
        ),
        click.option(
            "--fail-own-bound", "fail", flag_value="own-bound",
            help="A node returns its own bound moved by v, max(alpha, v) at MAX and min(beta, v) at MIN, cut off or not (the UNH CS 730 deck).",
        ),
        click.option("--depth", type=click.IntRange(min=0), help="Depth limit: levels below the root (chance levels count); deeper nodes are scored by the evaluation."),
        click.option(
            "--order", type=click.Choice(ORDERS), default="given", show_default=True,
            help="Order of children: as given, best first by evaluation, by true value (perfect/worst), random, "
            "or captures first (MVV-LVA: most valuable victim, then least valuable attacker; chess, hexapawn).",
        ),
        click.option("--seed", type=int, default=0, show_default=True, help="Seed for --order random."),
        click.option("--iterative", is_flag=True, help="Iterative deepening up to --depth (or to the end), each iteration ordered by the previous one."),
        click.option(
            "--tt", "transposition_table", is_flag=False, flag_value="exact", default=None, metavar="[symmetry]",
            help="Use a transposition table (games: repeated states are searched once); --tt symmetry stores positions "
            "up to the board's symmetries (tictactoe, hexapawn), so a mirror image or a rotation is answered too.",
        ),
        click.option(
            "--quiescence", is_flag=True,
            help="Past the depth limit, search on through the noisy moves (captures) of positions that are not quiet, "
            "standing pat on the evaluation (games with quiescence hooks; trees: quiet: false or noisy: [...]).",
        ),
        click.option(
            "--eval", "evaluation", metavar="SPEC|FILE",
            help="Evaluate with weighted features instead of the game's own: e.g. open_lines=1,centre=0.5, material:turing, "
            "or a YAML file (see tracer games --features).",
        ),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def _settings(options: dict[str, Any]) -> SearchSettings:
    return SearchSettings(
        algorithm=options["algorithm"],
        conventions=Conventions(prune_on_equal=options["prune_on_equal"], fail=options["fail"]),
        depth=options["depth"],
        order=options["order"],
        seed=options["seed"],
        iterative=options["iterative"],
        transposition_table=options["transposition_table"],
        quiescence=options["quiescence"],
        evaluation=options["evaluation"],
    )


# the options that say how to search: given with a trace file (already searched), they are refused
_SEARCH_OPTION_NAMES = frozenset(
    {"algorithm", "prune_on_equal", "fail", "depth", "order", "seed", "iterative", "transposition_table", "quiescence", "evaluation"}
)


def _table_option(options: dict[str, Any]) -> dict[str, Any]:
    """``--tt`` takes an optional value (``--tt symmetry``); ``--tt tree.json`` is the flag followed by the input."""
    table = options["transposition_table"]
    if table in (None, "exact", "symmetry"):
        return options
    if options["input"] is None and options["game"] is None:
        return {**options, "input": table, "transposition_table": "exact"}
    raise click.BadParameter(
        say("cli.tt.value", "{value} is not a kind of table: write --tt for positions, or --tt symmetry", value=repr(table)),
        param_hint="'--tt'",
    )


def planned_search(options: dict[str, Any]) -> tuple[Any, Any, Any]:
    """What a command is asked to work on: ``(game, settings, None)`` for a search to run (the
    input read, nothing searched yet), or ``(None, None, trace)`` for a trace file (already checked)."""
    from tracer.api import as_game, load_input
    from tracer.search.conventions import default_algorithm
    from tracer.trace.model import Trace

    options = _table_option(options)
    source = load_input(
        options["input"], game=options["game"], position=options["position"], players=options["players"], root=options["root"]
    )
    if isinstance(source, Trace):
        refuse_search_options(options)
        return None, None, source
    if options["algorithm"] is None:
        options = {**options, "algorithm": default_algorithm(source)}
    return as_game(source), _settings(options), None


def refuse_search_options(options: dict[str, Any]) -> None:
    """A trace file records how it was searched: search options given with one are refused."""
    changed = _search_options_given()
    if changed:
        raise InputError(
            say("cli.trace.options", "search options ({options}) do not apply to a trace file", options=", ".join(changed)),
            source=options["input"],
            hint=say("cli.trace.options.hint", "the trace already records how it was searched; pass the tree instead to search again"),
        )


def input_place(options: dict[str, Any]) -> str:
    """How messages name the input: the file, <stdin>, or the game's option."""
    return {None: f"--game {options['game']}", "-": "<stdin>"}.get(options["input"], options["input"])


def trace_for(options: dict[str, Any]) -> Any:
    """Load the input and search it, every event kept (or take the trace a trace file holds)."""
    from tracer.trace.model import Trace

    game, settings, trace = planned_search(options)
    if trace is not None:
        return trace
    progress(say("cli.searching", "searching ({algorithm})...", algorithm=algorithm_name(settings.algorithm)))
    try:
        return Trace.searched(game, settings)
    except InputError as error:  # e.g. a node without the static value a depth limit needs
        raise error.located(input_place(options)) from None


def _search_options_given() -> list[str]:
    """The search options on the command line, as the user wrote them (--no-prune-on-equal)."""
    from click.core import ParameterSource

    context = click.get_current_context()
    given = []
    for param in context.command.params:
        if param.name not in _SEARCH_OPTION_NAMES or context.get_parameter_source(param.name) in (ParameterSource.DEFAULT, None):
            continue
        value = context.params[param.name]
        if param.name == "fail" and getattr(param, "flag_value", None) != value:
            continue  # --fail-soft, --fail-hard and --fail-own-bound set one setting: name the one given
        secondary = getattr(param, "secondary_opts", [])
        given.append(secondary[0] if secondary and value is False else param.opts[0])
    return given


class NumberRange(click.FloatRange):
    """A number between two bounds, NaN refused (click's FloatRange lets ``nan`` through: it compares false)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if number != number:
            self.fail(say("cli.number.nan", "{value} is not a number", value=repr(value)), param, ctx)
        return number


def progress(message: str) -> None:
    if sys.stderr.isatty():
        click.echo(message, err=True)


def write_output(output: str | None, write: Callable[[Any], None], what: str) -> None:
    from tracer.files import atomic_write

    if output is None or output == "-":
        write(sys.stdout)
        return
    atomic_write(output, write)
    progress(say("cli.wrote", "wrote {what} to {output}", what=what, output=output))



def progress_bar(length: int, label: str) -> Any:
    """A progress bar on standard error for long work; silent when stderr is not a terminal."""
    if length >= 20 and sys.stderr.isatty():
        return click.progressbar(length=length, label=label, file=sys.stderr)
    return contextlib.nullcontext(None)


class _Commands(click.Group):
    """The command group: a command's module is imported when the command is run, or listed by
    ``--help`` (so that ``tracer check`` does not load the renderer, the games and the player)."""

    MODULES: ClassVar[dict[str, str]] = {
        "check": "tracer.cli.checking", "exercise": "tracer.cli.exercises", "render": "tracer.cli.figures", "imperfect": "tracer.cli.lessons",
        "learn": "tracer.cli.lessons", "play": "tracer.cli.play", "trace": "tracer.cli.search", "key": "tracer.cli.search",
        "games": "tracer.cli.search", "schema": "tracer.cli.search",
    }
    """Each command, and the module that defines it (on this group, with ``@main.command``)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(self.commands) | set(self.MODULES))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in self.MODULES:
            importlib.import_module(self.MODULES[cmd_name])
        return self.commands.get(cmd_name)


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="tracer")
def main() -> None:
    """tracer: see adversarial search happen, step by step.

    INPUT is a tree file (.json, .yaml or .yml; - reads standard input) or, where a
    command takes one, a trace file written by `tracer trace`. A tree is written in
    bracket form, [[3, 12, 8], [2, 4, 6], [14, 5, 2]], or in object form (see the
    tutorial's reference of the tree format).
    """
    stop_cleanly_on_terminate()


def stop_cleanly_on_terminate() -> None:
    """Make SIGTERM (``kill``, a batch system's time limit) end the command as Ctrl-C does: by an
    exception, so every ``finally`` runs: temporary files and folders are removed, a half-written
    file is never renamed into place, and Graphviz, ffmpeg or LaTeX started by the command are
    killed (``subprocess.run`` kills its child when interrupted). Only in the main thread of a
    process that kept Python's default (an embedding program's own handler is left alone)."""
    if threading.current_thread() is threading.main_thread() and signal.getsignal(signal.SIGTERM) == signal.SIG_DFL:
        signal.signal(signal.SIGTERM, _terminated)


def _terminated(signum: int, frame: Any) -> None:
    raise SystemExit(128 + signum)
