"""Small helpers for the sentences tracer prints."""

from __future__ import annotations

__all__ = ["joined", "plural"]


def plural(count: int, word: str, words: str | None = None) -> str:
    """``count`` and the word in the right number, with thousands separated.

    >>> plural(1, "node"), plural(3, "static value"), plural(1200, "student")
    ('1 node', '3 static values', '1,200 students')
    """
    return f"{count:,} {word if count == 1 else (words or word + 's')}"


def joined(words: list[str]) -> str:
    """Words as a sentence lists them.

    >>> joined(["I"]), joined(["I", "J"]), joined(["B", "C", "D"])
    ('I', 'I and J', 'B, C and D')
    """
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]
