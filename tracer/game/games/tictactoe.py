"""Tic-tac-toe: X is MAX and moves first; the utility is +1 (X wins), 0 (draw) or -1.

Cells are numbered 0-8 in reading order and named ``a1`` ... ``c3`` (columns a-c from
the left, rows 1-3 from the top), so the move of X to the centre is ``Xb2``. Moves are
searched in reading order (0..8). A position is nine characters ``X``, ``O`` and ``.``
in reading order (``/`` between rows allowed): ``X.O.X....``.

A state is the tuple ``(x_cells, o_cells, to_move, utility)``: two 9-bit masks, ``"max"``
or ``"min"``, and the utility once the game is over (else None). Bit masks make a move
and its win test a few table look-ups, which keeps a traced search of the whole game
(549,946 nodes) quick.
"""

from __future__ import annotations

from tracer.errors import InputError
from tracer.game.games.base import PositionGame

__all__ = ["TicTacToe", "TicTacToeState"]

TicTacToeState = tuple[int, int, str, "float | None"]

_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
_LINE_MASKS = tuple(sum(1 << cell for cell in line) for line in _LINES)
_FULL = 0b111111111
_HAS_LINE = tuple(any(cells & mask == mask for mask in _LINE_MASKS) for cells in range(512))
_FREE_CELLS = tuple(tuple(cell for cell in range(9) if not cells >> cell & 1) for cells in range(512))
_CELL_NAMES = tuple(f"{'abc'[cell % 3]}{cell // 3 + 1}" for cell in range(9))
_INF = float("inf")


class TicTacToe(PositionGame):
    """Tic-tac-toe from a position (the empty board by default)."""

    name = "tictactoe"
    title = "Tic-tac-toe"
    has_chance = False
    has_evaluation = True
    start = "........."
    action_order = "cells in reading order: a1 b1 c1 / a2 b2 c2 / a3 b3 c3 (rows from the top)"

    # -- positions ---------------------------------------------------------------------
    @staticmethod
    def parse_position(text: str) -> TicTacToeState:
        cells = text.replace("/", "").replace(" ", "")
        if len(cells) != 9 or any(c not in "xXoO.-_" for c in cells):
            raise InputError(
                f"{text!r} is not a tic-tac-toe position",
                hint="write nine cells of X, O and . in reading order, e.g. X.O.X....",
            )
        x = sum(1 << i for i, c in enumerate(cells) if c in "xX")
        o = sum(1 << i for i, c in enumerate(cells) if c in "oO")
        xs, os_ = x.bit_count(), o.bit_count()
        if xs not in (os_, os_ + 1):
            raise InputError(
                f"the position {text!r} has {xs} X and {os_} O",
                hint="X moves first, so X has as many marks as O or one more",
            )
        if _HAS_LINE[x] and _HAS_LINE[o]:
            raise InputError(f"in {text!r} both players have three in a row", hint="give a position that can occur in a game")
        to_move = "max" if xs == os_ else "min"
        return (x, o, to_move, _outcome(x, o))

    @staticmethod
    def position_text(state: TicTacToeState) -> str:
        x, o = state[0], state[1]
        return "".join("X" if x >> i & 1 else "O" if o >> i & 1 else "." for i in range(9))

    # -- the game ----------------------------------------------------------------------
    def to_move(self, state: TicTacToeState) -> str:
        return state[2]

    def actions(self, state: TicTacToeState) -> tuple[int, ...]:
        return _FREE_CELLS[state[0] | state[1]]

    def result(self, state: TicTacToeState, cell: int) -> TicTacToeState:
        x, o, to_move, _ = state
        if to_move == "max":
            x |= 1 << cell
            return (x, o, "min", 1 if _HAS_LINE[x] else (0 if x | o == _FULL else None))
        o |= 1 << cell
        return (x, o, "max", -1 if _HAS_LINE[o] else (0 if x | o == _FULL else None))

    def is_terminal(self, state: TicTacToeState) -> bool:
        return state[3] is not None

    def utility(self, state: TicTacToeState) -> float:
        return state[3]  # type: ignore[return-value]

    def evaluate(self, state: TicTacToeState) -> float:
        """Lines still open for X minus lines still open for O; +-inf for a win."""
        x, o, _, outcome = state
        if outcome is not None and outcome != 0:
            return _INF if outcome > 0 else -_INF
        open_for_x = sum(1 for mask in _LINE_MASKS if not o & mask)
        open_for_o = sum(1 for mask in _LINE_MASKS if not x & mask)
        return open_for_x - open_for_o

    # -- showing states ----------------------------------------------------------------
    def move_label(self, state: TicTacToeState, cell: int) -> str:
        return ("X" if state[2] == "max" else "O") + _CELL_NAMES[cell]

    def describe(self, state: TicTacToeState) -> str:
        text = self.position_text(state)
        return "/".join(text[i : i + 3] for i in (0, 3, 6))

    def board(self, state: TicTacToeState) -> list[list[str]]:
        cells = self.position_text(state).replace(".", " ")
        return [list(cells[row * 3 : row * 3 + 3]) for row in range(3)]


def _outcome(x: int, o: int) -> float | None:
    if _HAS_LINE[x]:
        return 1
    if _HAS_LINE[o]:
        return -1
    if x | o == _FULL:
        return 0
    return None
