"""Playing against the search in the terminal: ``tracer play``.

The person's moves are read a line at a time from standard input (so a game can be
scripted: ``printf 'b2\\nc3\\n' | tracer play tictactoe``). A move that is not legal is
refused with the list of legal moves and asked for again; the end of the input, ``quit``
or Ctrl-C end the game cleanly.
"""

from __future__ import annotations

import sys
from typing import Any

import click

from tracer.cli.app import fail_cleanly, language_option, main
from tracer.search.conventions import ALGORITHMS
from tracer.words import say

__all__ = ["play_command"]

_QUIT = ("quit", "exit", "q")
_LIST = ("", "?", "moves", "help")


@main.command("play")
@click.argument("game_name", metavar="GAME")
@click.option("--human", type=click.Choice(["first", "second"]), default="second", show_default=True,
              help="Whether you move first (from the position) or the search does.")
@click.option("--algorithm", type=click.Choice([name for name in ALGORITHMS if name != "expectiminimax"]), default="alphabeta",
              show_default=True, help="The search that chooses the other side's moves.")
@click.option("--depth", type=click.IntRange(min=1), default=None,
              help="Depth limit of each search (default: to the end of the game; 2 in chess, which cannot be searched to its end).")
@click.option("--position", metavar="POS", help="Start from this position, e.g. X.O.X.... (tic-tac-toe) or a FEN (chess).")
@click.option("--quiescence", is_flag=True, help="Search on past the depth limit through noisy moves (captures), as tracer key --quiescence.")
@click.option("--eval", "evaluation", metavar="SPEC", help="The search's evaluation as weighted features, e.g. material:turing (see tracer games --features).")
@click.option("--explain", "explain", metavar="DIR", default=None,
              help="Write each search move's answer key and figure into DIR/move-NN-MOVE/ (key.txt, final.svg, manifest.json).")
@language_option
@fail_cleanly
def play_command(game_name: str, human: str, algorithm: str, depth: int | None, position: str | None, quiescence: bool,
                 evaluation: str | None, explain: str | None) -> None:
    """Play GAME against the search in the terminal: tictactoe, hexapawn, chess, or a
    course's own class (module:Class or path/to/file.py:Class; its code runs).

    Type a move as the game names it (Xb2 or b2, a1-a2, Nf3 or g1f3), or its number
    in the list; ? lists the legal moves, quit ends the game. Each move the search
    makes is printed with its value, the nodes visited and the cutoffs.

    \b
    Examples:
      tracer play tictactoe
      tracer play tictactoe --human first --algorithm minimax
      tracer play hexapawn --depth 3 --explain moves
      tracer play chess --position "7k/8/5K2/8/8/8/8/6R1 w - - 0 1" --depth 3 --human second
    """
    from tracer.play.match import Match, MoveError, game_named
    from tracer.search.conventions import SearchSettings

    game = game_named(game_name, position)
    settings = SearchSettings(algorithm=algorithm, depth=depth, quiescence=quiescence, evaluation=evaluation)
    match = Match(game, settings, human=human, record=explain is not None)
    click.echo(say("play.start", "You play {human}, the search plays {search}. Type ? for the legal moves, quit to stop.",
                   human=match.side_name(match.human_side), search=match.side_name(match.search_side)))
    try:
        while not match.over:
            _show(match)
            if match.humans_turn:
                text = _ask(match)
                if text is None:
                    click.echo(say("play.stopped", "Game stopped."))
                    return
                try:
                    match.play(text)
                except MoveError as error:
                    click.echo(say("play.again", "{problem}. Try again.", problem=str(error)))
                continue
            made = match.reply()
            click.echo(match.explanation(made))
            if explain is not None:
                from tracer.play.explain import explain_move

                where = explain_move(made, explain)
                click.echo(say("play.explained", "  (key and figure in {folder})", folder=str(where)))
    except KeyboardInterrupt:
        click.echo("")
        click.echo(say("play.stopped", "Game stopped."))
        raise SystemExit(130) from None
    _show(match)
    click.echo(match.result_line())


def _show(match: Any) -> None:
    click.echo("")
    for line in match.board():
        click.echo("  " + line)
    click.echo("")


def _ask(match: Any) -> str | None:
    """The person's next move as typed, None to stop (end of input or quit); ? lists the moves."""
    while True:
        click.echo(say("play.prompt", "Your move ({side}): ", side=match.side_name(match.human_side)), nl=False)
        line = sys.stdin.readline()
        if not line:
            click.echo("")
            return None
        text = line.strip()
        if not sys.stdin.isatty():  # a terminal shows what was typed; a script's transcript should too
            click.echo(text)
        if text.lower() in _QUIT:
            return None
        if text.lower() in _LIST:
            moves = match.moves()
            click.echo(say("play.moves", "Legal moves: {moves}", moves=", ".join(f"{i}. {name}" for i, name in enumerate(moves, 1))))
            continue
        return text
