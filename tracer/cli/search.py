"""Searching from the command line: ``tracer trace``, ``tracer key``, ``tracer games``, ``tracer schema``."""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from tracer.cli.app import (
    fail_cleanly,
    input_options,
    input_place,
    language_option,
    main,
    planned_search,
    progress,
    refuse_search_options,
    search_options,
    write_output,
)

__all__ = ["games_command", "key_command", "schema_command", "trace_command"]


@main.command("trace")
@input_options
@search_options
@click.option("-o", "--output", metavar="FILE", help="Write the trace here (default: standard output).")
@fail_cleanly
def trace_command(output: str | None, **options: Any) -> None:
    """Search INPUT and write the trace of every step as JSON.

    \b
    Examples:
      tracer trace tree.json -o trace.json
      tracer trace tree.yaml --no-prune-on-equal --fail-hard -o trace.json
      tracer trace --game tictactoe --position X.O.X.... -o ttt.json
    """
    from tracer.errors import InputError
    from tracer.recursion import quiet_gc
    from tracer.trace.io import dump_trace, save_search, write_search

    game, settings, trace = planned_search(options)
    with quiet_gc():
        if trace is not None:  # a trace file, written again (the current version)
            write_output(output, lambda file: dump_trace(trace, file), "the trace")
            return
        progress(f"searching ({settings.algorithm}) and writing the trace...")
        try:
            # the events go to the file as the search makes them: none is kept in memory
            if output is None or output == "-":
                write_search(game, settings, sys.stdout)
            else:
                save_search(game, settings, output)
                progress(f"wrote the trace to {output}")
        except InputError as error:
            raise error.located(input_place(options)) from None


@main.command("key")
@input_options
@search_options
@click.option("--format", "fmt", type=click.Choice(["json", "text", "markdown"]), default="text", show_default=True, help="How to write the key.")
@click.option("--nodes/--no-nodes", default=None, help="List every node (the default for trees; games leave the lists out unless asked).")
@click.option("-o", "--output", metavar="FILE", help="Write the key here (default: standard output).")
@language_option
@fail_cleanly
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
    from tracer.api import is_trace_file
    from tracer.trace.key_text import key_markdown, key_text

    if options["input"] not in (None, "-") and is_trace_file(options["input"]):
        refuse_search_options(options)
        key = _key_of_trace_file(options["input"], nodes)
    else:
        key = _key_of_search(options, nodes)
    if fmt == "json":
        text = json.dumps(key.to_json(), indent=2, ensure_ascii=False) + "\n"
    elif fmt == "markdown":
        text = key_markdown(key)
    else:
        text = key_text(key)
    write_output(output, lambda file: file.write(text), "the key")


def _key_of_search(options: dict[str, Any], nodes: bool | None) -> Any:
    """Search and make the key; a key without a node list keeps no event (a game's by default)."""
    from tracer.errors import InputError
    from tracer.game.protocol import TreeGame
    from tracer.recursion import quiet_gc
    from tracer.search.run import run_search
    from tracer.trace.key import answer_key, key_of_run
    from tracer.trace.line import LineTracker
    from tracer.trace.model import Trace

    game, settings, trace = planned_search(options)
    if trace is not None:
        return answer_key(trace, include_nodes=nodes)
    progress(f"searching ({settings.algorithm})...")
    try:
        if nodes is False or (nodes is None and not isinstance(game, TreeGame)):
            tracker = LineTracker()
            with quiet_gc():
                run = run_search(game, settings, sink=tracker)
            return key_of_run(game, settings, run, tracker.line)
        return answer_key(Trace.searched(game, settings), include_nodes=True)
    except InputError as error:
        raise error.located(input_place(options)) from None


def _key_of_trace_file(path: str, nodes: bool | None) -> Any:
    """The key of a trace file, checked by searching again while reading it; a key without a node
    list (a game's by default) keeps none of its events in memory."""
    from tracer.game.protocol import TreeGame
    from tracer.trace.io import open_trace
    from tracer.trace.key import answer_key, key_of_run
    from tracer.trace.line import LineTracker

    with open_trace(path) as file:
        if nodes is False or (nodes is None and not isinstance(file.game, TreeGame)):
            tracker = LineTracker()
            run = file.search_again(keep=False, sink=tracker)
            return key_of_run(file.game, file.settings, run, tracker.line)
        return answer_key(file.trace(), include_nodes=True)


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
