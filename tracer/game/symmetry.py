"""Symmetries of a board: the moves of the square that turn one position into its twin.

A tic-tac-toe position turned a quarter or mirrored is the same position for the
search: it has the same value, and its moves correspond one to one. A search that
stores values by a position's **canonical form** (one chosen representative of its
symmetric twins) finds a twin in its table as if it were the position itself. This
module names the symmetries and maps cells; the games (tic-tac-toe: all eight
symmetries of the square; Hexapawn: the left-right mirror only, since its two sides
face each other) say which ones apply and pick the canonical form.

Cells are numbered 0 .. size*size-1 in reading order, row 0 at the top as the board is
drawn. ``Symmetry.cells[i]`` is where the symmetry takes cell ``i``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tracer.words import say

__all__ = ["MIRROR", "SQUARE_SYMMETRIES", "Symmetry", "compose", "grid_symmetries", "inverse", "said_name"]


@dataclass(frozen=True)
class Symmetry:
    """One symmetry of a square board: a readable name and where each cell goes."""

    name: str
    cells: tuple[int, ...]

    def cell(self, cell: int) -> int:
        """Where this symmetry takes ``cell``."""
        return self.cells[cell]

    def mask(self, cells: int) -> int:
        """A set of cells written as a bit mask (bit i = cell i), moved by this symmetry."""
        out = 0
        for cell, image in enumerate(self.cells):
            if cells >> cell & 1:
                out |= 1 << image
        return out

    def text(self, board: str) -> str:
        """A board written as one character per cell in reading order, moved by this symmetry."""
        out = [""] * len(self.cells)
        for cell, image in enumerate(self.cells):
            out[image] = board[cell]
        return "".join(out)

    @property
    def is_identity(self) -> bool:
        return all(image == cell for cell, image in enumerate(self.cells))


def _grid(size: int, name: str, where: Callable[[int, int], tuple[int, int]]) -> Symmetry:
    cells = []
    for cell in range(size * size):
        row, column = divmod(cell, size)
        image_row, image_column = where(row, column)
        cells.append(image_row * size + image_column)
    return Symmetry(name, tuple(cells))


_NAMES = {
    "identity": lambda: say("game.symmetry.identity", "identity"),
    "rotate 90° clockwise": lambda: say("game.symmetry.rotate90", "rotate 90° clockwise"),
    "rotate 180°": lambda: say("game.symmetry.rotate180", "rotate 180°"),
    "rotate 90° anticlockwise": lambda: say("game.symmetry.rotate270", "rotate 90° anticlockwise"),
    "mirror left-right": lambda: say("game.symmetry.mirror.left-right", "mirror left-right"),
    "mirror top-bottom": lambda: say("game.symmetry.mirror.top-bottom", "mirror top-bottom"),
    "reflect in the top-left to bottom-right diagonal": lambda: say("game.symmetry.diagonal", "reflect in the top-left to bottom-right diagonal"),
    "reflect in the top-right to bottom-left diagonal": lambda: say("game.symmetry.antidiagonal", "reflect in the top-right to bottom-left diagonal"),
}


def said_name(symmetry: Symmetry) -> str:
    """A symmetry's name in the language in use (``name`` itself stays English: it is what a trace records)."""
    words = _NAMES.get(symmetry.name)
    return words() if words is not None else symmetry.name


def grid_symmetries(size: int) -> tuple[Symmetry, ...]:
    """The eight symmetries of a size x size board, the identity first.

    Rotations are clockwise as the board is drawn; the diagonals are named by the
    corners they join (top-left to bottom-right, top-right to bottom-left).
    """
    last = size - 1
    return (
        _grid(size, "identity", lambda r, c: (r, c)),
        _grid(size, "rotate 90° clockwise", lambda r, c: (c, last - r)),
        _grid(size, "rotate 180°", lambda r, c: (last - r, last - c)),
        _grid(size, "rotate 90° anticlockwise", lambda r, c: (last - c, r)),
        _grid(size, "mirror left-right", lambda r, c: (r, last - c)),
        _grid(size, "mirror top-bottom", lambda r, c: (last - r, c)),
        _grid(size, "reflect in the top-left to bottom-right diagonal", lambda r, c: (c, r)),
        _grid(size, "reflect in the top-right to bottom-left diagonal", lambda r, c: (last - c, last - r)),
    )


SQUARE_SYMMETRIES: tuple[Symmetry, ...] = grid_symmetries(3)
"""The eight symmetries of the 3x3 board (tic-tac-toe), the identity first."""

MIRROR: tuple[Symmetry, ...] = (SQUARE_SYMMETRIES[0], SQUARE_SYMMETRIES[4])
"""The identity and the left-right mirror of the 3x3 board (Hexapawn)."""


def compose(first: Symmetry, then: Symmetry, group: Sequence[Symmetry]) -> Symmetry:
    """The symmetry of ``group`` that does ``first`` and then ``then`` (named as in ``group``).

    With ``canonical(s) == (c, g)`` and ``canonical(t) == (c, h)`` for two twins s and t,
    ``compose(h, inverse(g))`` takes t to s: it names how a table entry stored for t
    answers for s.

    >>> rotate = SQUARE_SYMMETRIES[1]
    >>> compose(rotate, rotate, SQUARE_SYMMETRIES).name
    'rotate 180°'
    """
    cells = tuple(then.cells[image] for image in first.cells)
    for symmetry in group:
        if symmetry.cells == cells:
            return symmetry
    raise ValueError("the group is not closed under composition")  # a programming error, not a user's


def inverse(symmetry: Symmetry, group: Sequence[Symmetry]) -> Symmetry:
    """The symmetry of ``group`` that undoes ``symmetry``.

    >>> inverse(SQUARE_SYMMETRIES[1], SQUARE_SYMMETRIES).name
    'rotate 90° anticlockwise'
    """
    for candidate in group:
        if compose(symmetry, candidate, group).is_identity:
            return candidate
    raise ValueError("the group has no inverse for this symmetry")

