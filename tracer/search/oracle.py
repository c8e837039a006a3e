"""True game values, computed without recording: for keys, checks and perfect ordering."""

from __future__ import annotations

from typing import Any

from tracer.game.protocol import Game
from tracer.recursion import deep_recursion
from tracer.search.common import terminal_scoring

__all__ = ["TrueValues"]


class TrueValues:
    """Minimax (expectiminimax at chance nodes) values of a game's states.

    ``limit`` is the depth limit of the search being judged (None for none): where it
    cuts, and at terminal states, states are scored as the search scores them. With
    ``quiescence``, a MAX or MIN state at or past the limit that is not quiet is worth the
    best of its static value (standing pat) and its noisy moves' values, as a quiescence
    search defines it. Values are memoised per (state, levels left), so repeated states
    (transpositions) cost once.
    """

    def __init__(self, game: Game, limit: int | None = None, quiescence: bool = False) -> None:
        self.game = game
        self.limit = limit
        self.quiescence = quiescence and limit is not None
        self._memo: dict[tuple[Any, int | None], float] = {}
        self._score_terminal = terminal_scoring(game, limit)[0]

    def value(self, state: Any, depth: int = 0) -> float:
        """The value of ``state`` found ``depth`` levels below the searched root."""
        with deep_recursion():
            return self._value(state, None if self.limit is None else max(self.limit - depth, 0))

    def values(self, states: list[tuple[Any, int]]) -> list[float | None]:
        """Values of many (state, depth) pairs; None for a state below the depth limit (unless quiescence goes there)."""
        limit = self.limit
        with deep_recursion():
            return [
                None if limit is not None and depth > limit and not self.quiescence
                else self._value(state, None if limit is None else max(limit - depth, 0))
                for state, depth in states
            ]

    def _value(self, state: Any, left: int | None) -> float:
        key = (state, left)
        known = self._memo.get(key)
        if known is not None:
            return known
        game = self.game
        if game.is_terminal(state):
            result = self._score_terminal(state)
        elif left == 0:
            result = game.evaluate(state)
            if self.quiescence and game.to_move(state) != "chance" and not game.is_quiet(state):  # type: ignore[attr-defined]
                values = [result] + [self._value(game.result(state, move), 0) for move in game.noisy_moves(state)]  # type: ignore[attr-defined]
                result = max(values) if game.to_move(state) == "max" else min(values)
        else:
            below = None if left is None else left - 1
            player = game.to_move(state)
            if player == "chance":
                result = sum(p * self._value(game.result(state, outcome), below) for outcome, p in game.chance_outcomes(state))
            else:
                values = [self._value(game.result(state, action), below) for action in game.actions(state)]
                result = max(values) if player == "max" else min(values)
        self._memo[key] = result
        return result
