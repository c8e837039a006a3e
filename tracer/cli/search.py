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
from tracer.words import algorithm_name, number, say, say_n

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
            write_output(output, lambda file: dump_trace(trace, file), say("cli.what.trace", "the trace"))
            return
        progress(say("cli.trace.searching", "searching ({algorithm}) and writing the trace...", algorithm=algorithm_name(settings.algorithm)))
        try:
            # the events go to the file as the search makes them: none is kept in memory
            if output is None or output == "-":
                write_search(game, settings, sys.stdout)
            else:
                save_search(game, settings, output)
                progress(say("cli.wrote", "wrote {what} to {output}", what=say("cli.what.trace", "the trace"), output=output))
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
      tracer key tree.json --fail-own-bound
      tracer key --game tictactoe --position XO.X..O.. --format json
      tracer key --game tictactoe --tt symmetry --algorithm minimax
      tracer key --game chess --position "7k/8/5K2/8/8/8/8/6R1 w - - 0 1" --depth 3
      tracer key --game hexapawn --depth 2 --quiescence --eval pawns=1,mobility=0.5
      tracer key --game path/to/mygame.py:MyGame --depth 2
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
    from tracer.search.run import prepare_search, run_search
    from tracer.trace.key import answer_key, key_of_run
    from tracer.trace.model import Trace

    game, settings, trace = planned_search(options)
    if trace is not None:
        return answer_key(trace, include_nodes=nodes)
    progress(say("cli.searching", "searching ({algorithm})...", algorithm=algorithm_name(settings.algorithm)))
    try:
        if nodes is False or (nodes is None and not isinstance(game, TreeGame)):
            # the search finds its principal variation itself: no event is made
            game, settings = prepare_search(game, settings)
            with quiet_gc():
                run = run_search(game, settings, record=False)
            return key_of_run(game, settings, run, run.line)
        return answer_key(Trace.searched(game, settings), include_nodes=True)
    except InputError as error:
        raise error.located(input_place(options)) from None


def _key_of_trace_file(path: str, nodes: bool | None) -> Any:
    """The key of a trace file, checked by searching again while reading it; a key without a node
    list (a game's by default) keeps none of its events in memory."""
    from tracer.game.protocol import TreeGame
    from tracer.trace.io import open_trace
    from tracer.trace.key import answer_key, key_of_run

    with open_trace(path) as file:
        if nodes is False or (nodes is None and not isinstance(file.game, TreeGame)):
            run = file.search_again(keep=False)  # its events are the file's, so its line is the file's
            return key_of_run(file.game, file.settings, run, run.line)
        return answer_key(file.trace(), include_nodes=True)


@main.command("games")
@click.option("--features", is_flag=True, help="Also list each game's features and sets of weights, for --eval.")
@click.argument("names", nargs=-1, metavar="[GAME]...")
@language_option
@fail_cleanly
def games_command(features: bool, names: tuple[str, ...]) -> None:
    """List the games tracer can search (or the GAMEs named), with their positions, move order and options.

    \b
    Examples:
      tracer games
      tracer games chess --features
    """
    from tracer.game.games import GAMES, make_game

    for name in names or tuple(GAMES):
        game = make_game(name)
        cls = type(game)
        click.echo(f"{cls.name}: {cls.title}")
        yes, no = say("games.yes", "yes"), say("games.no", "no")
        click.echo("  " + say("games.position", "start position: {position}", position=game.position))
        click.echo("  " + say("games.order", "moves searched: {order}", order=cls.action_order))
        click.echo("  " + say("games.hooks", "chance nodes: {chance}; evaluation function: {evaluation}",
                              chance=yes if cls.has_chance else no, evaluation=yes if cls.has_evaluation else no))
        for line in _search_facts(game):
            click.echo("  " + line)
        if features:
            for line in _feature_lines(game):
                click.echo("  " + line)


def _search_facts(game: Any) -> list[str]:
    """What the options that need a game's hooks can do with this game (only games that have them)."""
    from tracer.game.protocol import bounded
    from tracer.game.symmetry import said_name

    lines = []
    if not bounded(game):
        lines.append(say("games.unbounded", "needs a depth limit: the game cannot be searched to its end"))
    if callable(getattr(game, "noisy_moves", None)):
        what = getattr(game, "noisy_description", None)
        lines.append(say("games.quiescence.what", "--quiescence: yes, through {what}", what=what) if what else say("games.quiescence", "--quiescence: yes"))
    symmetries = getattr(game, "symmetries", ())
    if len(symmetries) > 1:
        lines.append(say_n("games.symmetry", "--tt symmetry: {n} symmetry ({names})", "--tt symmetry: {n} symmetries ({names})",
                           len(symmetries), n=len(symmetries), names=", ".join(said_name(symmetry) for symmetry in symmetries)))
    if callable(getattr(game, "capture_values", None)):
        lines.append(say("games.captures", "--order captures: yes"))
    return lines


def _feature_lines(game: Any) -> list[str]:
    """A game's features and feature groups, as --eval names them."""
    from tracer.game.evaluation import feature_groups_of, features_of

    table = features_of(game)
    groups = feature_groups_of(game)
    if not table and not groups:
        return [say("games.features.none", "features: none")]
    lines = [say("games.features", "features for --eval (default: {default}):", default=getattr(game, "default_evaluation", "?"))]
    lines.extend(f"  {name}: {feature.description!s}" for name, feature in table.items())
    for group in groups.values():
        members = ", ".join(f"{letter} = {member}" for letter, member in zip(group.letters, group.members))
        lines.append(say("games.features.group", "  {name}: {description} ({members})", name=group.name, description=str(group.description),
                         members=members))
        for preset, values in group.presets.items():
            weights = ", ".join(f"{letter} {number(value)}" for letter, value in zip(group.letters, values))
            default = say("games.features.default", " (the default)") if preset == group.default else ""
            lines.append(f"    {group.name}:{preset}: {weights}{default}")
    return lines


@main.command("schema")
def schema_command() -> None:
    """Print the JSON Schema of trace files."""
    from tracer.trace.schema import schema_text

    click.echo(schema_text(), nl=False)
