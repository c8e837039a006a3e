"""Reproducible random draws: the same seed gives the same exercises on any machine.

:class:`Dice` reads numbers from SHA-256 in counter mode over a text seed, so its draws
depend on nothing but that text: not on Python's hash seed, the platform, or the
version of :mod:`random` (whose algorithms for ``randrange`` and ``shuffle`` are not
promised to stay the same across Python releases).

>>> Dice("42/ex1").randint(1, 6) == Dice("42/ex1").randint(1, 6)
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TypeVar

__all__ = ["Dice", "digest"]

T = TypeVar("T")
_MASK = (1 << 64) - 1


def digest(text: str, length: int = 6) -> str:
    """A short stable hexadecimal digest of ``text`` (for exercise ids)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:length]


class Dice:
    """Draws from a seed text; each draw takes 64 bits of ``sha256(seed/counter)``."""

    __slots__ = ("_counter", "_pool", "_seed")

    def __init__(self, seed: str) -> None:
        self._seed = seed.encode("utf-8")
        self._counter = 0
        self._pool: list[int] = []

    def _bits64(self) -> int:
        if not self._pool:
            block = hashlib.sha256(self._seed + b"/" + str(self._counter).encode("ascii")).digest()
            self._counter += 1
            self._pool = [int.from_bytes(block[i : i + 8], "big") for i in range(24, -1, -8)]
        return self._pool.pop()

    def below(self, n: int) -> int:
        """A uniform integer in ``0 .. n-1`` (rejection sampling: no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        limit = (_MASK + 1) - (_MASK + 1) % n
        while True:
            x = self._bits64()
            if x < limit:
                return x % n

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in ``low .. high``, both included."""
        return low + self.below(high - low + 1)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        pool = list(items)
        if k > len(pool):
            raise ValueError("sample larger than the population")
        for i in range(k):
            j = i + self.below(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]
