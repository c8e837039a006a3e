"""Tic-tac-toe: X is MAX and moves first; the utility is +1 (X wins), 0 (draw) or -1.

Cells are numbered 0-8 in reading order and named ``a1`` ... ``c3`` (columns a-c from
the left, rows 1-3 from the top), so the move of X to the centre is ``Xb2``. Moves are
searched in reading order (0..8). A position is nine characters ``X``, ``O`` and ``.``
in reading order (``/`` between rows allowed): ``X.O.X....``.

A state is the tuple ``(x_cells, o_cells, to_move, utility)``: two 9-bit masks, ``"max"``
or ``"min"``, and the utility once the game is over (else None). Bit masks make a move
and its win test a few table look-ups, which keeps a traced search of the whole game
(549,946 nodes) quick.

Beyond the protocol, the game offers:

* **features** for weighted evaluations (:mod:`tracer.game.evaluation`): ``open_lines``
  (the course's function: lines still open for X minus lines still open for O; the
  built-in ``evaluate``), ``open_lines_x``, ``open_lines_o``, ``two_in_a_row``,
  ``centre``, ``corners`` and ``edges``;
* **quiescence**: ``noisy_moves(s)`` are the moves of the player to move that complete
  one of its own lines (a win) or fill the last free cell of a line where the opponent
  has two marks (a forced block), in the usual move order; ``is_quiet(s)`` is true when
  there are none (a finished game is quiet). A position with an open two-in-a-row
  threatens to change its value by a whole win within one move, which a static
  evaluation does not see;
* **symmetry**: the eight symmetries of the square (``symmetries``);
  ``canonical(s)`` is ``(c, g)``: the twin ``c`` of ``s`` chosen as the representative
  of all eight images and the symmetry ``g`` that takes ``s`` to ``c``; ``transform``
  and ``transform_action`` move a state or a move by a symmetry. The representative is
  the image with the smallest pair (X cells, O cells), each read as a 9-bit number with
  bit i for cell i. Full tic-tac-toe has 5,478 reachable positions and 765 up to
  symmetry.
"""

from __future__ import annotations

from tracer.errors import InputError
from tracer.game.features import Feature, feature_table
from tracer.game.games.base import PositionGame
from tracer.game.symmetry import SQUARE_SYMMETRIES, Symmetry
from tracer.words import Said, say

__all__ = ["TicTacToe", "TicTacToeState"]

TicTacToeState = tuple[int, int, str, "float | None"]

_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
_LINE_MASKS = tuple(sum(1 << cell for cell in line) for line in _LINES)
_FULL = 0b111111111
_HAS_LINE = tuple(any(cells & mask == mask for mask in _LINE_MASKS) for cells in range(512))
_FREE_CELLS = tuple(tuple(cell for cell in range(9) if not cells >> cell & 1) for cells in range(512))
_CELL_NAMES = tuple(f"{'abc'[cell % 3]}{cell // 3 + 1}" for cell in range(9))
_INF = float("inf")
_CENTRE = 1 << 4
_CORNERS = sum(1 << cell for cell in (0, 2, 6, 8))
_EDGES = sum(1 << cell for cell in (1, 3, 5, 7))
# _IMAGES[k][mask]: the cells of ``mask`` moved by the k-th symmetry of the square
_IMAGES = tuple(tuple(symmetry.mask(mask) for mask in range(512)) for symmetry in SQUARE_SYMMETRIES)


def _open_for(opponent: int) -> int:
    return sum(1 for mask in _LINE_MASKS if not opponent & mask)


def _twos(own: int, opponent: int) -> int:
    return sum(1 for mask in _LINE_MASKS if not opponent & mask and (own & mask).bit_count() == 2)


FEATURES = feature_table(
    Feature("open_lines", Said("game.tictactoe.feature.open_lines", "lines still open for X minus lines still open for O"), lambda s: _open_for(s[1]) - _open_for(s[0])),
    Feature("open_lines_x", Said("game.tictactoe.feature.open_lines_x", "lines still open for X (no O in them)"), lambda s: _open_for(s[1])),
    Feature("open_lines_o", Said("game.tictactoe.feature.open_lines_o", "lines still open for O (no X in them)"), lambda s: _open_for(s[0])),
    Feature(
        "two_in_a_row", Said("game.tictactoe.feature.two_in_a_row", "lines with two X and an empty cell minus lines with two O and an empty cell"),
        lambda s: _twos(s[0], s[1]) - _twos(s[1], s[0]),
    ),
    Feature("centre", Said("game.tictactoe.feature.centre", "1 when X holds the centre, -1 when O does, else 0"), lambda s: bool(s[0] & _CENTRE) - bool(s[1] & _CENTRE)),
    Feature("corners", Said("game.tictactoe.feature.corners", "corners held by X minus corners held by O"), lambda s: (s[0] & _CORNERS).bit_count() - (s[1] & _CORNERS).bit_count()),
    Feature("edges", Said("game.tictactoe.feature.edges", "edge cells (b1, a2, c2, b3) held by X minus by O"), lambda s: (s[0] & _EDGES).bit_count() - (s[1] & _EDGES).bit_count()),
)


class TicTacToe(PositionGame):
    """Tic-tac-toe from a position (the empty board by default)."""

    name = "tictactoe"
    title = Said("game.tictactoe.title", "Tic-tac-toe")
    side_names = ("X", "O")  # MAX, MIN as tracer play names them
    has_chance = False
    has_evaluation = True
    start = "........."
    action_order = Said("game.tictactoe.order", "cells in reading order: a1 b1 c1 / a2 b2 c2 / a3 b3 c3 (rows from the top)")
    features = FEATURES
    default_evaluation = "open_lines"
    noisy_description = Said("game.tictactoe.noisy", "moves that win at once or block the opponent's two in a row")
    symmetries: tuple[Symmetry, ...] = SQUARE_SYMMETRIES

    # -- positions ---------------------------------------------------------------------
    @staticmethod
    def parse_position(text: str) -> TicTacToeState:
        cells = text.replace("/", "").replace(" ", "")
        if len(cells) != 9 or any(c not in "xXoO.-_" for c in cells):
            raise InputError(
                say("game.tictactoe.position", "{text} is not a tic-tac-toe position", text=repr(text)),
                hint=say("game.tictactoe.position.hint", "write nine cells of X, O and . in reading order, e.g. X.O.X...."),
            )
        x = sum(1 << i for i, c in enumerate(cells) if c in "xX")
        o = sum(1 << i for i, c in enumerate(cells) if c in "oO")
        xs, os_ = x.bit_count(), o.bit_count()
        if xs not in (os_, os_ + 1):
            raise InputError(
                say("game.tictactoe.marks", "the position {text} has {xs} X and {os} O", text=repr(text), xs=xs, os=os_),
                hint=say("game.tictactoe.marks.hint", "X moves first, so X has as many marks as O or one more"),
            )
        if _HAS_LINE[x] and _HAS_LINE[o]:
            raise InputError(say("game.tictactoe.both_won", "in {text} both players have three in a row", text=repr(text)),
                             hint=say("game.position.possible", "give a position that can occur in a game"))
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

    # -- quiescence ---------------------------------------------------------------------
    def noisy_moves(self, state: TicTacToeState) -> tuple[int, ...]:
        """Moves that win at once or block the opponent's two in a row, in move order."""
        x, o, to_move, outcome = state
        if outcome is not None:
            return ()
        own, opponent = (x, o) if to_move == "max" else (o, x)
        hot = 0
        for mask in _LINE_MASKS:
            if not opponent & mask and (own & mask).bit_count() == 2:
                hot |= mask & ~own  # completes our line
            elif not own & mask and (opponent & mask).bit_count() == 2:
                hot |= mask & ~opponent  # blocks theirs
        return tuple(cell for cell in _FREE_CELLS[x | o] if hot >> cell & 1)

    def is_quiet(self, state: TicTacToeState) -> bool:
        """No move wins at once or must block: a static evaluation can be trusted here."""
        return not self.noisy_moves(state)

    # -- symmetry -------------------------------------------------------------------------
    def canonical(self, state: TicTacToeState) -> tuple[TicTacToeState, Symmetry]:
        """The representative of the state's eight twins, and the symmetry that takes the state there."""
        x, o, to_move, outcome = state
        best = min(range(8), key=lambda k: (_IMAGES[k][x], _IMAGES[k][o]))  # min keeps the first on ties
        return (_IMAGES[best][x], _IMAGES[best][o], to_move, outcome), SQUARE_SYMMETRIES[best]

    def transform(self, state: TicTacToeState, symmetry: Symmetry) -> TicTacToeState:
        """The state moved by ``symmetry``."""
        x, o, to_move, outcome = state
        return (symmetry.mask(x), symmetry.mask(o), to_move, outcome)

    def transform_action(self, cell: int, symmetry: Symmetry) -> int:
        """The move that corresponds to ``cell`` in the twin moved by ``symmetry``."""
        return symmetry.cell(cell)

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
