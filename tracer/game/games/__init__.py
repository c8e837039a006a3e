"""The games tracer ships, by the names the command line uses (``--game NAME``).

Chess needs python-chess, whose import costs start-up time, so its module is imported
only when chess is first asked for (``import tracer`` does not import it).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from typing import Any

from tracer.errors import InputError
from tracer.game.games.coinflip import CoinFlip
from tracer.game.games.hexapawn import Hexapawn
from tracer.game.games.nim import Nim
from tracer.game.games.tictactoe import TicTacToe
from tracer.game.games.whist import Whist
from tracer.words import say

__all__ = ["GAMES", "CoinFlip", "Hexapawn", "Nim", "TicTacToe", "Whist", "make_game"]


class _Registry(Mapping[str, Any]):
    """Game classes by name; a class given as ``"module:Class"`` is imported when first asked for."""

    def __init__(self, entries: dict[str, Any]) -> None:
        self._entries = entries

    def __getitem__(self, name: str) -> Any:
        entry = self._entries[name]
        if isinstance(entry, str):
            module_name, _, class_name = entry.partition(":")
            try:
                module = importlib.import_module(module_name)
            except ModuleNotFoundError as error:
                # only a missing third-party package is the user's to fix; a missing module of ours is a bug
                if error.name is None or error.name.startswith("tracer"):
                    raise
                raise InputError(
                    say("game.package.missing", "the game {name} needs the Python package {package}, which is not installed", name=name,
                        package=repr(error.name)),
                    hint=say("game.package.install", "install it with: pip install {package}", package=error.name),
                ) from None
            entry = self._entries[name] = getattr(module, class_name)
        return entry

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)


GAMES: Mapping[str, Any] = _Registry(
    {
        **{game.name: game for game in (TicTacToe, Hexapawn, Nim, CoinFlip, Whist)},
        "chess": "tracer.game.games.chess:Chess",
    }
)


def make_game(name: str, position: str | None = None):  # type: ignore[no-untyped-def]
    """The game called ``name`` from ``position`` (its usual start when None)."""
    key = name.strip().lower()
    if key not in GAMES:
        raise InputError(say("game.unknown", "unknown game {name}", name=repr(name)),
                     hint=say("game.unknown.hint", "choose one of {names}, or a course's class as module:Class or file.py:Class", names=", ".join(GAMES)))
    return GAMES[key](position)
