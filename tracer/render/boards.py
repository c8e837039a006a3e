"""A game's board drawn in a node: its cells as the figure writes them.

A game that shows positions (``game.board(state)``: rows of cells) has them drawn inside
its nodes (:mod:`~tracer.render.anatomy` places them). Some games' marks are drawn as
pieces (:data:`PIECES`), others written as other characters (:data:`MARKS`).
"""

from __future__ import annotations

from tracer.game.model import Node
from tracer.trace.model import Trace

__all__ = ["MARKS", "PIECES", "board_cells"]

PIECES: dict[str, dict[str, str]] = {"hexapawn": {"W": "pawn-light", "B": "pawn-dark"}}
"""Board marks drawn as pieces, by game: Hexapawn's ``W`` and ``B`` are pawns (letters
beside node labels A, B, C would read as labels)."""

MARKS: dict[str, dict[str, str]] = {"chess": dict(zip("KQRBNPkqrbnp", "♔♕♖♗♘♙♚♛♜♝♞♟"))}
"""Board marks written as other characters, by game: chess's FEN letters (``K`` White's king,
``k`` Black's) as the chess symbols, whose white and black shapes read apart at node size."""


def board_cells(trace: Trace | None, node: Node) -> list[list[str]] | None:
    """The cells of ``node``'s board as the figure writes them, or None (a tree, or a game without boards)."""
    if trace is None or not trace.is_game or node.state is None:
        return None
    try:
        board = trace.game.board(node.state)
    except (AttributeError, NotImplementedError, TypeError, ValueError):  # a game without boards
        return None
    if not board:
        return None
    marks = MARKS.get(trace.game.name, {})
    return [[marks.get(str(cell), str(cell)) for cell in row] for row in board]
