"""Chess through python-chess (the ``chess`` package): tracer writes no move generation.

White is MAX. A position is a FEN string (the standard start by default); the two move
counters may be left out. Moves are searched in alphabetical order of their UCI names
(``a2a3``, ``a2a4``, ``b1a3``, ``b1c3``, ...; a promotion's piece letter last:
``a7a8b`` < ``a7a8n`` < ``a7a8q`` < ``a7a8r``): a fixed order that does not depend on
python-chess's generation order, so traces replay the same under any version. Edges
are labelled in SAN (``Nf3``, ``exd5``, ``Qh5#``).

**When the game is over.** Checkmate (+inf when White mates, -inf when Black mates),
stalemate and insufficient material (python-chess's ``is_insufficient_material``: no
sequence of legal moves can mate) are terminal; a draw is worth 0. The fifty- and
seventy-five-move rules and repetition are not applied: they depend on the game's
history, which a position does not carry, and a traced search from a FEN looks a few
plies ahead, far from either. So a state is a position alone, and two states are equal
exactly when their positions are: the same placement, side to move, castling rights
and en passant square, which is what python-chess's ``epd()`` writes (with the en
passant square only when an en passant capture is legal). That text is the state's
``key``, its hash for a transposition table.

Values are in pawns. The built-in ``evaluate`` is material with the ``classic`` weights
(P 1, N 3, B 3, R 5, Q 9), White's minus Black's; :mod:`tracer.game.evaluation` weighs
other features and sets:

* **features**: ``pawns``, ``knights``, ``bishops``, ``rooks``, ``queens`` (White's count
  minus Black's; also named ``P``, ``N``, ``B``, ``R``, ``Q``) and ``mobility`` (White's
  pseudo-legal moves minus Black's, each side counted as if it were to move:
  python-chess's ``pseudo_legal_moves``, which may leave the own king in check);
* the **group** ``material``, with the sets ``classic``; ``turing``, the "Turing-style"
  values of lecture decks (P 1, N 3, B 3.25, R 5, Q 9); and ``turing1953``, the values
  of Turing and Champernowne's paper machine (P 1, N 3, B 3.5, R 5, Q 10).

**Quiescence**: ``noisy_moves(s)`` are the legal captures (en passant included) and
promotions (to any piece) of the side to move, in the move order; ``is_quiet(s)`` is
true when there are none (a finished game is quiet). Checks are not noisy: a position
in check with no capture is quiet, as in the simplest quiescence searches.

**A search needs a depth limit.** Chess cannot be searched to its end: the game says so
(``bounded = False``), and a search without a depth limit is refused at the door with a
one-line :class:`~tracer.errors.SearchError` that asks for one. (Quiescence searches on
past the limit through captures and promotions only, which run out.)

**Captures first** (``--order captures``): ``capture_values(s, m)`` is None for a move
that captures nothing, else ``(victim, attacker)``, the classic values of the piece
taken and of the piece taking (P 1, N 3, B 3, R 5, Q 9, the king 100, so that it
attacks last), which MVV-LVA ordering sorts by: the most valuable victim first, then
the least valuable attacker. An en passant capture takes a pawn.

``board(s)`` is an 8x8 grid of FEN letters (``K`` white king, ``p`` black pawn, a space
for an empty square), rank 8 first and file a on the left; ``GLYPHS`` maps the letters
to Unicode chess symbols for renderers that want them.
"""

from __future__ import annotations

import chess

from tracer.errors import InputError
from tracer.game.features import Feature, FeatureGroup, feature_table
from tracer.game.games.base import PositionGame
from tracer.words import Said, say

__all__ = ["GLYPHS", "Chess", "ChessState"]

_INF = float("inf")
_PIECES = ((chess.PAWN, "pawns"), (chess.KNIGHT, "knights"), (chess.BISHOP, "bishops"), (chess.ROOK, "rooks"), (chess.QUEEN, "queens"))
_CLASSIC = (1, 3, 3, 5, 9)
_CAPTURE_VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9, chess.KING: 100}
GLYPHS = {letter: chess.Piece.from_symbol(letter).unicode_symbol() for letter in "KQRBNPkqrbnp"}

# python-chess's reasons a position cannot occur, in words (the first that applies is named)
_STATUS_TEXT = (
    (chess.STATUS_NO_WHITE_KING, lambda: say("game.chess.status.white_king", "White has no king")),
    (chess.STATUS_NO_BLACK_KING, lambda: say("game.chess.status.black_king", "Black has no king")),
    (chess.STATUS_TOO_MANY_KINGS, lambda: say("game.chess.status.kings", "a side has more than one king")),
    (chess.STATUS_TOO_MANY_WHITE_PAWNS, lambda: say("game.chess.status.white_pawns", "White has more than 8 pawns")),
    (chess.STATUS_TOO_MANY_BLACK_PAWNS, lambda: say("game.chess.status.black_pawns", "Black has more than 8 pawns")),
    (chess.STATUS_PAWNS_ON_BACKRANK, lambda: say("game.chess.status.backrank", "a pawn stands on the first or last rank")),
    (chess.STATUS_TOO_MANY_WHITE_PIECES, lambda: say("game.chess.status.white_pieces", "White has more than 16 pieces")),
    (chess.STATUS_TOO_MANY_BLACK_PIECES, lambda: say("game.chess.status.black_pieces", "Black has more than 16 pieces")),
    (chess.STATUS_BAD_CASTLING_RIGHTS, lambda: say("game.chess.status.castling", "the castling rights do not match the kings and rooks")),
    (chess.STATUS_INVALID_EP_SQUARE, lambda: say("game.chess.status.ep", "the en passant square is impossible")),
    (chess.STATUS_OPPOSITE_CHECK, lambda: say("game.chess.status.opposite_check", "the side not to move is in check")),
    (chess.STATUS_TOO_MANY_CHECKERS, lambda: say("game.chess.status.checkers", "the king is checked by more pieces than a move can give")),
    (chess.STATUS_IMPOSSIBLE_CHECK, lambda: say("game.chess.status.impossible_check", "the check on the king could not have been given by a move")),
)


class ChessState:
    """A position: a python-chess board that is never changed once made, and its key.

    States are equal when their keys are (placement, side to move, castling, en passant:
    python-chess's ``epd()``). The legal moves and the outcome are worked out when first
    asked for and kept, since the search asks for both.
    """

    __slots__ = ("_decided", "_moves", "_utility", "board", "key")

    def __init__(self, board: chess.Board) -> None:
        self.board = board
        self.key = board.epd()
        self._moves: list[chess.Move] | None = None
        self._utility: float | None = None
        self._decided = False

    def moves(self) -> list[chess.Move]:
        """The legal moves in the documented order (alphabetical UCI)."""
        if self._moves is None:
            self._moves = sorted(self.board.legal_moves, key=chess.Move.uci)
        return self._moves

    def utility(self) -> float | None:
        """+inf / -inf / 0 once the game is over (mate, stalemate, insufficient material), else None."""
        if not self._decided:
            if not self.moves():
                mated = self.board.is_check()
                self._utility = (-_INF if self.board.turn == chess.WHITE else _INF) if mated else 0  # mate or stalemate
            elif self.board.is_insufficient_material():
                self._utility = 0
            self._decided = True
        return self._utility

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ChessState) and other.key == self.key

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        return f"ChessState({self.board.fen()!r})"


def _count(board: chess.Board, piece: int) -> int:
    """White's pieces of this kind minus Black's."""
    pieces = board.pieces_mask(piece, chess.WHITE), board.pieces_mask(piece, chess.BLACK)
    return chess.popcount(pieces[0]) - chess.popcount(pieces[1])


def _mobility(board: chess.Board) -> int:
    turned = board.copy(stack=False)
    counts: dict[bool, int] = {}
    for side in (chess.WHITE, chess.BLACK):
        turned.turn = side
        turned.ep_square = board.ep_square if side == board.turn else None  # en passant belongs to the side to move
        counts[side] = turned.pseudo_legal_moves.count()
    return counts[chess.WHITE] - counts[chess.BLACK]


_PIECE_WORDS = {
    "pawns": Said("game.chess.feature.pawns", "White's pawns minus Black's"),
    "knights": Said("game.chess.feature.knights", "White's knights minus Black's"),
    "bishops": Said("game.chess.feature.bishops", "White's bishops minus Black's"),
    "rooks": Said("game.chess.feature.rooks", "White's rooks minus Black's"),
    "queens": Said("game.chess.feature.queens", "White's queens minus Black's"),
}


def _piece_feature(piece: int, name: str) -> Feature:
    return Feature(name, _PIECE_WORDS[name], lambda s: _count(s.board, piece))


FEATURES = feature_table(
    *(_piece_feature(piece, name) for piece, name in _PIECES),
    Feature("mobility", Said("game.chess.feature.mobility", "White's pseudo-legal moves minus Black's, each side counted as if it were to move"), lambda s: _mobility(s.board)),
)
MATERIAL = FeatureGroup(
    name="material",
    description=Said("game.chess.feature.material", "White's material minus Black's, by a set of piece values"),
    members=tuple(name for _, name in _PIECES),
    letters=("P", "N", "B", "R", "Q"),
    presets={"classic": _CLASSIC, "turing": (1, 3, 3.25, 5, 9), "turing1953": (1, 3, 3.5, 5, 10)},
    default="classic",
)
FEATURE_GROUPS = {MATERIAL.name: MATERIAL}


class Chess(PositionGame):
    """Chess from a FEN position (the standard start by default)."""

    name = "chess"
    title = Said("game.chess.title", "Chess")
    side_names = ("White", "Black")  # MAX, MIN as tracer play names them
    has_chance = False
    has_evaluation = True
    bounded = False
    start = chess.STARTING_FEN
    action_order = Said("game.chess.order", "legal moves in alphabetical order of their UCI names (a2a3, a2a4, b1a3, ...)")
    features = FEATURES
    feature_groups = FEATURE_GROUPS
    default_evaluation = "material:classic"
    noisy_description = Said("game.chess.noisy", "captures (en passant included) and promotions")

    @staticmethod
    def parse_position(text: str) -> ChessState:
        fen = " ".join(text.split())
        try:
            board = chess.Board(fen)
        except ValueError as error:
            raise InputError(
                say("game.chess.position", "{text} is not a chess position: {problem}", text=repr(text), problem=error),
                hint=say("game.chess.position.hint", "write a FEN, e.g. rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            ) from None
        status = board.status()
        for flag, reason in _STATUS_TEXT:
            if status & flag:
                raise InputError(say("game.chess.impossible.why", "the position {fen} cannot occur in a game: {reason}", fen=repr(fen), reason=reason()),
                                 hint=say("game.position.possible", "give a position that can occur in a game"))
        if status != chess.STATUS_VALID:
            raise InputError(say("game.chess.impossible", "the position {fen} cannot occur in a game", fen=repr(fen)),
                             hint=say("game.position.possible", "give a position that can occur in a game"))
        return ChessState(board)

    @staticmethod
    def position_text(state: ChessState) -> str:
        return state.board.fen()

    def to_move(self, state: ChessState) -> str:
        return "max" if state.board.turn == chess.WHITE else "min"

    def actions(self, state: ChessState) -> list[chess.Move]:
        return [] if state.utility() is not None else state.moves()

    def result(self, state: ChessState, move: chess.Move) -> ChessState:
        board = state.board.copy(stack=False)
        board.push(move)
        return ChessState(board)

    def is_terminal(self, state: ChessState) -> bool:
        return state.utility() is not None

    def utility(self, state: ChessState) -> float:
        return state.utility()  # type: ignore[return-value]  # asked only where the game is over

    def evaluate(self, state: ChessState) -> float:
        """Material by the classic values (White's minus Black's); +-inf for mate, 0 for a draw."""
        utility = state.utility()
        if utility is not None:
            return utility
        return sum(value * _count(state.board, piece) for (piece, _), value in zip(_PIECES, _CLASSIC))

    # -- quiescence ---------------------------------------------------------------------
    def noisy_moves(self, state: ChessState) -> list[chess.Move]:
        """Legal captures (en passant included) and promotions, in move order."""
        board = state.board
        return [move for move in self.actions(state) if move.promotion or board.is_capture(move)]

    def is_quiet(self, state: ChessState) -> bool:
        """No capture and no promotion: material can be trusted here."""
        return not self.noisy_moves(state)

    def capture_values(self, state: ChessState, move: chess.Move) -> tuple[int, int] | None:
        """``(victim, attacker)`` for a capture (for MVV-LVA ordering), None for a move that takes nothing."""
        board = state.board
        if not board.is_capture(move):
            return None
        victim = chess.PAWN if board.is_en_passant(move) else board.piece_type_at(move.to_square)
        attacker = board.piece_type_at(move.from_square)
        return _CAPTURE_VALUES[victim], _CAPTURE_VALUES[attacker]  # type: ignore[index]  # a capture has both pieces

    # -- showing states -------------------------------------------------------------------
    def move_label(self, state: ChessState, move: chess.Move) -> str:
        return state.board.san(move)

    def describe(self, state: ChessState) -> str:
        return state.board.fen()

    def board(self, state: ChessState) -> list[list[str]]:
        rows = []
        for rank in range(7, -1, -1):
            row = []
            for file in range(8):
                piece = state.board.piece_at(chess.square(file, rank))
                row.append(piece.symbol() if piece else " ")
            rows.append(row)
        return rows
