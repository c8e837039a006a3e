"""The ``tracer`` command: a thin layer of options over the library's functions.

Every user error is a :class:`tracer.TracerError`, printed as one line (``Error: ...``)
with exit status 1; wrong usage exits with 2, as click does.
"""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable
from typing import Any

import click

from tracer._version import __version__
from tracer.errors import InputError, TracerError
from tracer.search.conventions import ALGORITHMS, ORDERS, Conventions, SearchSettings

__all__ = ["main"]


def _fail_cleanly(command: Callable[..., Any]) -> Callable[..., Any]:
    """Turn tracer's errors into one-line messages instead of tracebacks."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except TracerError as error:
            raise click.ClickException(str(error)) from None
        except RecursionError:
            raise click.ClickException("the tree is too deep to search here (more than 50,000 levels)") from None
        except KeyboardInterrupt:
            raise click.Abort() from None

    return wrapper


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
        click.option("--algorithm", type=click.Choice(ALGORITHMS), default="alphabeta", show_default=True, help="The search to run."),
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


_SEARCH_DEFAULTS = {
    "algorithm": "alphabeta", "prune_on_equal": True, "fail_soft": True, "depth": None, "order": "given", "seed": 0,
    "iterative": False, "transposition_table": False,
}


def _trace_for(options: dict[str, Any]) -> Any:
    """Load the input and search it (or take the trace a trace file holds)."""
    from tracer.api import load_input, search
    from tracer.trace.model import Trace

    source = load_input(
        options["input"], game=options["game"], position=options["position"], players=options["players"], root=options["root"]
    )
    if isinstance(source, Trace):
        changed = [name for name, default in _SEARCH_DEFAULTS.items() if options[name] != default]
        if changed:
            raise InputError(
                "search options (" + ", ".join("--" + name.replace("_", "-") for name in changed) + ") do not apply to a trace file",
                source=options["input"],
                hint="the trace already records how it was searched; pass the tree instead to search again",
            )
        return source
    _progress(f"searching ({options['algorithm']})...")
    return search(source, _settings(options))


def _progress(message: str) -> None:
    if sys.stderr.isatty():
        click.echo(message, err=True)


def _write_output(output: str | None, write: Callable[[Any], None], what: str) -> None:
    from tracer.trace.io import atomic_write

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
    from tracer.trace.io import dump_trace
    from tracer.recursion import quiet_gc

    trace = _trace_for(options)
    _progress(f"writing {len(trace):,} events...")
    with quiet_gc():
        _write_output(output, lambda file: dump_trace(trace, file), "the trace")


@main.command("key")
@input_options
@search_options
@click.option("--format", "fmt", type=click.Choice(["json", "text", "markdown"]), default="text", show_default=True, help="How to write the key.")
@click.option("--nodes/--no-nodes", default=None, help="List every node (the default for trees; games leave the lists out unless asked).")
@click.option("-o", "--output", metavar="FILE", help="Write the key here (default: standard output).")
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
    from tracer.trace.io import to_json_data
    from tracer.trace.key import answer_key, key_markdown, key_text

    trace = _trace_for(options)
    key = answer_key(trace, include_nodes=nodes)
    if fmt == "json":
        text = json.dumps(to_json_data(key), indent=2, ensure_ascii=False) + "\n"
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


# -- figures (tracer.render) -------------------------------------------------------------
@main.command("render")
@input_options
@search_options
@click.option("-o", "--output", "folder", metavar="DIR", required=True, help="Folder for the figures (created if missing).")
@click.option("--format", "formats", metavar="LIST", default="svg", show_default=True, help="Comma-separated formats: svg, png, pdf (SVG is always written).")
@click.option("--html", is_flag=True, help="Also write DIR/index.html, a self-contained player of every step.")
@click.option("--beamer", is_flag=True, help="Also write one PDF per step and DIR/frames.tex, Beamer overlays (\\includegraphics<n>).")
@click.option("--steps", default="all", show_default=True, metavar="SPEC", help="Frames to write: all, final (none), FROM-TO, every:N, or one step.")
@click.option("--theme", type=click.Choice(["light", "dark"]), default="light", show_default=True, help="Colours for light or dark slides.")
@click.option("--labels", type=click.Choice(["letters", "paths", "none"]), default="letters", show_default=True, help="Node names: the tree's labels (A, B, ...), paths (0.1) or none.")
@click.option("--max-depth", type=click.IntRange(min=0), metavar="N", help="Draw nodes down to depth N only; deeper ones are counted (+N) under their ancestor.")
@click.option("--collapse/--no-collapse", default=None, help="Draw each subtree the search never entered as its root alone (default: when the tree has over 200 nodes).")
@click.option("--order-numbers", is_flag=True, help="Number the static evaluations (#1, #2, ...) under the nodes, in the order they happen.")
@_fail_cleanly
def render_command(folder: str, formats: str, html: bool, beamer: bool, steps: str, theme: str, labels: str,
                   max_depth: int | None, collapse: bool | None, order_numbers: bool, **options: Any) -> None:
    """Draw a search of INPUT: one figure per step, a final figure, a manifest.

    Writes DIR/step-0000.svg ... (step 0 is before the search), DIR/final.svg and
    DIR/manifest.json (frames, steps and captions); PNG and PDF of each with --format,
    an HTML player with --html, Beamer overlays with --beamer. Every frame of a trace
    has the same canvas and every node the same place. A tree too large to draw is
    collapsed or cut (--max-depth), with a note of what was left out.

    \b
    Examples:
      tracer render tree.json -o figs
      tracer render tree.json -o figs --format svg,png,pdf --html
      tracer render tree.json -o figs --beamer --no-prune-on-equal --theme dark
      tracer render trace.json -o figs --steps every:5 --labels paths
      tracer render --game tictactoe --position XO.X..O.. --depth 2 -o figs --steps final
    """
    from tracer.render.output import parse_formats, render_to_directory

    chosen = parse_formats(formats)
    trace = _trace_for(options)

    def progress(label: str, length: int) -> Any:
        return click.progressbar(length=length, label=f"drawing {label}", file=sys.stderr) if sys.stderr.isatty() and length > 20 else None

    result = render_to_directory(
        trace, folder, steps=steps, formats=chosen, html=html, beamer=beamer, theme=theme, labels=labels,
        max_depth=max_depth, collapse="auto" if collapse is None else collapse, order_numbers=order_numbers,
        progress=lambda label, length: progress(label, length) or _NoBar(),
    )
    for note in result.notes:
        click.echo(f"note: {note}", err=True)
    click.echo(f"wrote {result.frames} frame{'s' if result.frames != 1 else ''} and the final figure to {folder}", err=True)


class _NoBar:
    def __enter__(self) -> "_NoBar":
        return self

    def __exit__(self, *exc: Any) -> None:
        return None

    def update(self, count: int) -> None:
        return None


if __name__ == "__main__":  # pragma: no cover
    main()
