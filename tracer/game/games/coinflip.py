"""Coin-flip Nim, a small game of chance for expectiminimax.

A pile holds some tokens. On a turn the player to move takes one or two tokens; if
tokens remain, a fair coin is then tossed: on heads the same player takes one more
token, on tails nothing happens. Whoever takes the last token wins (+1 for MAX, -1 for
MIN). The tree alternates MAX, chance, MIN, chance, as in backgammon.

A position is the number of tokens, optionally followed by ``:max`` or ``:min`` for the
player to move (``4`` by default). Moves are searched as take 1, then take 2; a coin's
outcomes as heads, then tails.
"""

from __future__ import annotations

from tracer.errors import InputError
from tracer.game.games.base import PositionGame, split_side
from tracer.words import Said, say

__all__ = ["CoinFlip", "CoinFlipState"]

CoinFlipState = tuple[int, str, str, "float | None"]
"""(tokens, to_move, last mover, utility): to_move is "max", "min" or "chance"."""

_MAX_TOKENS = 30


class CoinFlip(PositionGame):
    """Coin-flip Nim from a position (4 tokens, MAX to move, by default)."""

    name = "coinflip"
    title = Said("game.coinflip.title", "Coin-flip Nim")
    has_chance = True
    has_evaluation = False
    start = "4"
    action_order = Said("game.coinflip.order", "take 1, then take 2; coin outcomes heads, then tails")

    @staticmethod
    def parse_position(text: str) -> CoinFlipState:
        tokens_text, side = split_side(text)
        try:
            tokens = int(tokens_text.strip())
        except ValueError:
            tokens = -1
        if tokens < 0 or tokens > _MAX_TOKENS or side is None:
            raise InputError(
                say("game.coinflip.position", "{text} is not a coin-flip position", text=repr(text)),
                hint=say("game.coinflip.position.hint", "write a number of tokens from 0 to {most}, optionally :min for MIN to move, e.g. 4",
                         most=_MAX_TOKENS),
            )
        other = "min" if side == "max" else "max"
        return (tokens, side, other, (1 if other == "max" else -1) if tokens == 0 else None)

    @staticmethod
    def position_text(state: CoinFlipState) -> str:
        return f"{state[0]}:{state[1]}" if state[1] != "chance" else f"{state[0]}:chance"

    def to_move(self, state: CoinFlipState) -> str:
        return state[1]

    def actions(self, state: CoinFlipState) -> list[int]:
        return [take for take in (1, 2) if take <= state[0]]

    def chance_outcomes(self, state: CoinFlipState) -> list[tuple[str, float]]:
        return [("heads", 0.5), ("tails", 0.5)]

    def result(self, state: CoinFlipState, action: int | str) -> CoinFlipState:
        tokens, to_move, mover, _ = state
        if to_move == "chance":
            opponent = "min" if mover == "max" else "max"
            if action == "heads":
                tokens -= 1
            if tokens == 0:
                return (0, opponent, mover, 1 if mover == "max" else -1)
            return (tokens, opponent, mover, None)
        tokens -= int(action)
        if tokens == 0:
            winner_value = 1 if to_move == "max" else -1
            return (0, "min" if to_move == "max" else "max", to_move, winner_value)
        return (tokens, "chance", to_move, None)

    def is_terminal(self, state: CoinFlipState) -> bool:
        return state[3] is not None

    def utility(self, state: CoinFlipState) -> float:
        return state[3]  # type: ignore[return-value]

    def evaluate(self, state: CoinFlipState) -> float:
        raise NotImplementedError("coin-flip Nim has no evaluation function")

    def move_label(self, state: CoinFlipState, action: int | str) -> str:
        return str(action) if state[1] == "chance" else f"take {action}"

    def describe(self, state: CoinFlipState) -> str:
        if state[3] is not None:
            return f"0 tokens, {'MAX' if state[3] > 0 else 'MIN'} has won"
        who = "coin toss" if state[1] == "chance" else f"{state[1].upper()} to move"
        return f"{state[0]} tokens, {who}"

    def board(self, state: CoinFlipState) -> list[list[str]]:
        return [["●" * state[0] or "0"]]
