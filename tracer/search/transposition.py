"""A transposition table: values of states already searched, with how far they were searched.

An entry is ``(value, bound, depth)``: ``bound`` says whether the value is exact or a
lower/upper bound (alpha-beta stores bounds where it was cut off), ``depth`` how many
levels below the state were searched (None: to the end of the game). An entry answers
a later visit when it was searched at least as deep as that visit needs and, for a
bound, when the bound alone decides the visit (a lower bound at or above beta, an
upper bound at or below alpha, under the search's cutoff test).

By default a state is its own key: the table holds positions. ``key=`` stores entries
under another key instead; :func:`symmetric_table` keys them by the game's canonical
form (one representative of a position's symmetric twins), so a position's mirror image
or rotation finds the position's entry. Such a table also keeps, per entry, the node
that stored it and the symmetry of the game that took the stored state to its canonical
form, so that a hit can name the twin (:meth:`TranspositionTable.twin`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tracer.errors import Option, SearchError
from tracer.game.protocol import game_title
from tracer.game.symmetry import Symmetry, compose, inverse
from tracer.words import say

__all__ = ["SymmetricTable", "TranspositionTable", "symmetric_table"]


class TranspositionTable:
    """Entries by state, or by ``key(state)`` when a key is given."""

    def __init__(self, key: Callable[[Any], Any] | None = None) -> None:
        self._entries: dict[Any, tuple[float, str, int | None]] = {}
        self._key = key

    def __len__(self) -> int:
        return len(self._entries)

    def store(self, state: Any, value: float, bound: str, depth: int | None) -> None:
        self._entries[state if self._key is None else self._key(state)] = (value, bound, depth)

    def store_at(self, state: Any, path: Any, value: float, bound: str, depth: int | None) -> None:
        """Store as :meth:`store` does; ``path`` is the node storing it (kept by tables that name twins)."""
        self.store(state, value, bound, depth)

    def probe(self, state: Any, needed: int | None) -> tuple[float, str, int | None] | None:
        """The entry for ``state`` if it was searched deep enough for ``needed`` levels."""
        return _deep_enough(self._entries.get(state if self._key is None else self._key(state)), needed)


def _deep_enough(entry: tuple[float, str, int | None] | None, needed: int | None) -> tuple[float, str, int | None] | None:
    """``entry`` if it was searched deep enough for ``needed`` levels (an entry of depth None: to the end)."""
    if entry is None:
        return None
    depth = entry[2]
    return entry if depth is None or (needed is not None and depth >= needed) else None


class SymmetricTable(TranspositionTable):
    """A table keyed by the game's canonical form that remembers who stored each entry and how.

    ``canonical(s)`` is the game's ``(c, g)``: the representative ``c`` of the state's twins
    and the symmetry ``g`` (one of ``symmetries``) that takes ``s`` to ``c``.
    """

    def __init__(self, canonical: Callable[[Any], tuple[Any, Symmetry]], symmetries: tuple[Symmetry, ...]) -> None:
        super().__init__()
        self._canonical = canonical
        self._symmetries = symmetries
        self._stored_by: dict[Any, tuple[Any, Symmetry]] = {}  # canonical form -> (path that stored it, its symmetry)
        self._last: tuple[Any, Symmetry] | None = None  # the last state probed: its canonical form and symmetry

    def store_at(self, state: Any, path: Any, value: float, bound: str, depth: int | None) -> None:
        form, symmetry = self._canonical(state)
        self._entries[form] = (value, bound, depth)
        self._stored_by[form] = (path, symmetry)

    def store(self, state: Any, value: float, bound: str, depth: int | None) -> None:
        self.store_at(state, None, value, bound, depth)

    def probe(self, state: Any, needed: int | None) -> tuple[float, str, int | None] | None:
        self._last = self._canonical(state)
        return _deep_enough(self._entries.get(self._last[0]), needed)

    def twin(self) -> tuple[Any, int] | None:
        """For the last entry :meth:`probe` found: the path of the node that stored it and the index
        (in ``symmetries``) of the symmetry that takes that node's state to the probed one, or None
        when the stored state is the probed state itself (not a twin)."""
        assert self._last is not None
        form, symmetry = self._last
        stored_path, stored_symmetry = self._stored_by[form]
        if stored_symmetry == symmetry:
            return None
        # stored --stored_symmetry--> form --inverse(symmetry)--> probed state
        between = compose(stored_symmetry, inverse(symmetry, self._symmetries), self._symmetries)
        if between.is_identity:  # a state symmetric to itself was stored under another of its symmetries
            return None
        return stored_path, self._symmetries.index(between)


def symmetric_table(game: Any) -> SymmetricTable:
    """A table that stores ``game``'s positions by their canonical form; refused for a game without
    symmetries (``symmetries`` and ``canonical``)."""
    symmetries = tuple(getattr(game, "symmetries", ()) or ())
    canonical = getattr(game, "canonical", None)
    if len(symmetries) < 2 or not callable(canonical):
        raise SearchError(
            say("search.symmetry.none", "{game} has no symmetries to merge positions by", game=game_title(game)),
            hint=say("search.symmetry.none.hint", "use {{0}} for a table of identical positions"), options=(Option("transposition_table", True),),
        )
    return SymmetricTable(canonical, symmetries)
