"""The games tracer ships, by the names the command line uses (``--game NAME``)."""

from __future__ import annotations

from tracer.errors import InputError
from tracer.game.games.coinflip import CoinFlip
from tracer.game.games.hexapawn import Hexapawn
from tracer.game.games.nim import Nim
from tracer.game.games.tictactoe import TicTacToe

__all__ = ["GAMES", "CoinFlip", "Hexapawn", "Nim", "TicTacToe", "make_game"]

GAMES = {game.name: game for game in (TicTacToe, Hexapawn, Nim, CoinFlip)}


def make_game(name: str, position: str | None = None):  # type: ignore[no-untyped-def]
    """The game called ``name`` from ``position`` (its usual start when None)."""
    cls = GAMES.get(name.strip().lower())
    if cls is None:
        raise InputError(f"unknown game {name!r}", hint="choose one of " + ", ".join(GAMES))
    return cls(position)
