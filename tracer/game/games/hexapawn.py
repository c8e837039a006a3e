"""Hexapawn (Martin Gardner, 1962) on a 3x3 board: White is MAX and moves first.

Each side has three pawns. A pawn moves one square straight forward to an empty
square, or captures one square diagonally forward. A player wins by reaching the far
row, by capturing every enemy pawn, or when the opponent cannot move. The utility is
+1 when White wins and -1 when Black wins; with perfect play Black (the second
player) wins.

Squares are named like chess squares: columns ``a``-``c`` from the left, rows ``1``-``3``
from White's side, so White starts on row 1. Moves are searched pawn by pawn in
reading order of their squares (a3 b3 c3 a2 ... c1, as the board is drawn with row 3
on top), and for each pawn by target column a -> c. A move is written ``a1-a2``,
a capture ``a2xb3``. A position is nine characters ``W``, ``B`` and ``.`` in reading order
(row 3 first, ``/`` between rows allowed), optionally followed by ``:W`` or ``:B`` for
the side to move (White when left out): ``BBB/.../WWW`` is the start.

Beyond the protocol, the game offers:

* **features** for weighted evaluations (:mod:`tracer.game.evaluation`): ``pawns``
  (White's minus Black's; the built-in ``evaluate``), ``advanced_pawns`` (pawns that
  have left their home row, White's minus Black's: on a 3x3 board these stand on the
  middle row) and ``mobility`` (White's moves minus Black's, each side's counted as if
  it were to move);
* **quiescence**: ``noisy_moves(s)`` are the captures of the side to move and its
  moves onto the far row (which win at once: Hexapawn's promotion), in the usual move
  order; ``is_quiet(s)`` is true when there are none (a finished game is quiet). A
  capture changes the pawn count and a far-row move ends the game, so a static
  evaluation on a position that has them is about to be wrong;
* **symmetry**: the identity and the left-right mirror (``symmetries``; the two sides
  face each other, so no other symmetry of the square keeps the rules);
  ``canonical(s)`` is ``(c, g)``: of the position and its mirror image, the one whose
  nine cells come first as text (``.`` before ``B`` before ``W``), and the symmetry
  ``g`` that takes ``s`` there; ``transform`` and ``transform_action`` move a state or
  a move by a symmetry;
* **captures first** (``--order captures``): ``capture_values(s, m)`` is ``(1, 1)`` for a
  capture (a pawn takes a pawn) and None for any other move.
"""

from __future__ import annotations

from tracer.errors import InputError
from tracer.game.features import Feature, feature_table
from tracer.game.games.base import PositionGame
from tracer.game.symmetry import MIRROR, Symmetry
from tracer.words import Said, say

__all__ = ["Hexapawn", "HexapawnState"]

HexapawnState = tuple[str, str, "float | None"]
"""(board, to_move, utility): nine cells in reading order, "max"/"min", None unless over."""

_INF = float("inf")
_SQUARES = tuple(f"{'abc'[i % 3]}{3 - i // 3}" for i in range(9))


def _moves(board: str, side: str) -> list[tuple[int, int]]:
    """Legal (from, to) moves of ``side`` ("W" or "B") in the documented order."""
    enemy = "B" if side == "W" else "W"
    step = -3 if side == "W" else 3
    moves: list[tuple[int, int]] = []
    for square in range(9):
        if board[square] != side:
            continue
        ahead = square + step
        if not 0 <= ahead < 9:
            continue
        column = square % 3
        for target_column in range(3):
            target = ahead - column + target_column
            if target_column == column:
                if board[target] == ".":
                    moves.append((square, target))
            elif abs(target_column - column) == 1 and board[target] == enemy:
                moves.append((square, target))
    return moves


def _is_noisy(board: str, move: tuple[int, int]) -> bool:
    target = move[1]
    return board[target] != "." or target < 3 or target >= 6  # a capture, or the far row (rows 3 and 1)


FEATURES = feature_table(
    Feature("pawns", Said("game.hexapawn.feature.pawns", "White's pawns minus Black's pawns"), lambda s: s[0].count("W") - s[0].count("B")),
    Feature(
        "advanced_pawns", Said("game.hexapawn.feature.advanced_pawns", "pawns off their home row, White's minus Black's"),
        lambda s: s[0][0:6].count("W") - s[0][3:9].count("B"),
    ),
    Feature("mobility", Said("game.hexapawn.feature.mobility", "White's moves minus Black's, each counted as if that side were to move"),
            lambda s: len(_moves(s[0], "W")) - len(_moves(s[0], "B"))),
)


class Hexapawn(PositionGame):
    """3x3 Hexapawn from a position (the start by default)."""

    name = "hexapawn"
    title = Said("game.hexapawn.title", "Hexapawn")
    side_names = ("White", "Black")  # MAX, MIN as tracer play names them
    has_chance = False
    has_evaluation = True
    start = "BBB/.../WWW:W"
    action_order = Said("game.hexapawn.order", "pawns in reading order of their squares (a3 ... c1), each pawn's targets from column a to c")
    features = FEATURES
    default_evaluation = "pawns"
    noisy_description = Said("game.hexapawn.noisy", "captures and moves onto the far row (which win at once)")
    symmetries: tuple[Symmetry, ...] = MIRROR

    @staticmethod
    def parse_position(text: str) -> HexapawnState:
        cells, _, side = text.partition(":")
        cells = cells.replace("/", "").replace(" ", "").upper()
        side = side.strip().upper() or "W"
        if len(cells) != 9 or any(c not in "WB.-_" for c in cells) or side not in ("W", "B"):
            raise InputError(
                say("game.hexapawn.position", "{text} is not a Hexapawn position", text=repr(text)),
                hint=say("game.hexapawn.position.hint", "write nine cells of W, B and . in reading order (row 3 first), "
                         "optionally :W or :B for the side to move, e.g. BBB/.../WWW:W"),
            )
        board = cells.replace("-", ".").replace("_", ".")
        to_move = "max" if side == "W" else "min"
        return (board, to_move, _outcome(board, to_move))

    @staticmethod
    def position_text(state: HexapawnState) -> str:
        board = state[0]
        return f"{board[0:3]}/{board[3:6]}/{board[6:9]}:{'W' if state[1] == 'max' else 'B'}"

    def to_move(self, state: HexapawnState) -> str:
        return state[1]

    def actions(self, state: HexapawnState) -> list[tuple[int, int]]:
        if state[2] is not None:
            return []
        return _moves(state[0], "W" if state[1] == "max" else "B")

    def result(self, state: HexapawnState, move: tuple[int, int]) -> HexapawnState:
        board, to_move, _ = state
        start, target = move
        cells = list(board)
        cells[target], cells[start] = cells[start], "."
        new_board = "".join(cells)
        next_to_move = "min" if to_move == "max" else "max"
        return (new_board, next_to_move, _outcome(new_board, next_to_move))

    def is_terminal(self, state: HexapawnState) -> bool:
        return state[2] is not None

    def utility(self, state: HexapawnState) -> float:
        return state[2]  # type: ignore[return-value]

    def evaluate(self, state: HexapawnState) -> float:
        """White's pawns minus Black's pawns; +-inf once the game is won."""
        board, _, outcome = state
        if outcome is not None:
            return _INF if outcome > 0 else -_INF
        return board.count("W") - board.count("B")

    def noisy_moves(self, state: HexapawnState) -> list[tuple[int, int]]:
        """Captures and moves onto the far row (which win at once), in move order."""
        return [move for move in self.actions(state) if _is_noisy(state[0], move)]

    def is_quiet(self, state: HexapawnState) -> bool:
        """No capture and no winning advance: a pawn count can be trusted here."""
        return not self.noisy_moves(state)

    def capture_values(self, state: HexapawnState, move: tuple[int, int]) -> tuple[int, int] | None:
        """``(victim, attacker)`` for a capture, both pawns worth 1 (for ``--order captures``); None otherwise."""
        return (1, 1) if state[0][move[1]] != "." else None

    def canonical(self, state: HexapawnState) -> tuple[HexapawnState, Symmetry]:
        """Of the position and its mirror image, the one that reads first; and the symmetry that takes it there."""
        mirrored = MIRROR[1].text(state[0])
        if mirrored < state[0]:
            return (mirrored, state[1], state[2]), MIRROR[1]
        return state, MIRROR[0]

    def transform(self, state: HexapawnState, symmetry: Symmetry) -> HexapawnState:
        """The state moved by ``symmetry``."""
        return (symmetry.text(state[0]), state[1], state[2])

    def transform_action(self, move: tuple[int, int], symmetry: Symmetry) -> tuple[int, int]:
        """The move that corresponds to ``move`` in the twin moved by ``symmetry``."""
        return (symmetry.cell(move[0]), symmetry.cell(move[1]))

    def move_label(self, state: HexapawnState, move: tuple[int, int]) -> str:
        start, target = move
        sign = "x" if state[0][target] != "." else "-"
        return f"{_SQUARES[start]}{sign}{_SQUARES[target]}"

    def describe(self, state: HexapawnState) -> str:
        return self.position_text(state)

    def board(self, state: HexapawnState) -> list[list[str]]:
        cells = state[0].replace(".", " ")
        return [list(cells[row * 3 : row * 3 + 3]) for row in range(3)]


def _outcome(board: str, to_move: str) -> float | None:
    """+1/-1 once someone has won (far row reached, or the side to move is stuck)."""
    if "W" in board[0:3]:
        return 1
    if "B" in board[6:9]:
        return -1
    side = "W" if to_move == "max" else "B"
    if not _moves(board, side):
        return -1 if side == "W" else 1
    return None
