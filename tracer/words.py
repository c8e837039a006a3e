"""Small helpers for the sentences tracer prints."""

from __future__ import annotations

__all__ = ["plural"]


def plural(count: int, word: str, words: str | None = None) -> str:
    """``count`` and the word in the right number, with thousands separated.

    >>> plural(1, "node"), plural(3, "static value"), plural(1200, "student")
    ('1 node', '3 static values', '1,200 students')
    """
    return f"{count:,} {word if count == 1 else (words or word + 's')}"
