"""A transposition table: values of states already searched, with how far they were searched.

An entry is ``(value, bound, depth)``: ``bound`` says whether the value is exact or a
lower/upper bound (alpha-beta stores bounds where it was cut off), ``depth`` how many
levels below the state were searched (None: to the end of the game). An entry answers
a later visit when it was searched at least as deep as that visit needs and, for a
bound, when the bound alone decides the visit (a lower bound at or above beta, an
upper bound at or below alpha, under the search's cutoff test).
"""

from __future__ import annotations

from typing import Any

__all__ = ["TranspositionTable"]


class TranspositionTable:
    def __init__(self) -> None:
        self._entries: dict[Any, tuple[float, str, int | None]] = {}

    def __len__(self) -> int:
        return len(self._entries)

    def store(self, state: Any, value: float, bound: str, depth: int | None) -> None:
        self._entries[state] = (value, bound, depth)

    def probe(self, state: Any, needed: int | None) -> tuple[float, str, int | None] | None:
        """The entry for ``state`` if it was searched deep enough for ``needed`` levels."""
        entry = self._entries.get(state)
        if entry is None:
            return None
        depth = entry[2]
        if depth is None or (needed is not None and depth >= needed):
            return entry
        return None
