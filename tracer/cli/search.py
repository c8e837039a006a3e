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
    search_options,
    trace_for,
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
    from tracer.trace.key import answer_key
    from tracer.trace.key_text import key_markdown, key_text

    trace = trace_for(options)
    key = answer_key(trace, include_nodes=nodes)
    if fmt == "json":
        text = json.dumps(key.to_json(), indent=2, ensure_ascii=False) + "\n"
    elif fmt == "markdown":
        text = key_markdown(key)
    else:
        text = key_text(key)
    write_output(output, lambda file: file.write(text), "the key")


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
