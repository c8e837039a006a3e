"""Plain one-line text: what labels, move names and titles may hold.

Control characters (C0 and C1: newlines, tabs, escapes, U+0085), line and paragraph
separators, and the invisible marks that change the direction of text (U+200E/U+200F,
the embeddings and overrides U+202A-U+202E, the isolates U+2066-U+2069) are refused where
a user's text becomes a label, a move name or a title: they break lines in keys and
captions, and a right-to-left override makes one name read as another.
"""

from __future__ import annotations

import unicodedata

__all__ = ["DIRECTION_CONTROLS", "first_unprintable", "unprintable"]

DIRECTION_CONTROLS = frozenset("\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""The marks that change the direction of text (left-to-right and right-to-left marks, embeddings, overrides, isolates)."""


def unprintable(char: str) -> bool:
    """A control character (C0, C1), a line or paragraph separator, or a mark that changes the direction of text."""
    return char in DIRECTION_CONTROLS or unicodedata.category(char) in ("Cc", "Zl", "Zp")


def first_unprintable(text: str) -> str | None:
    """The first character of ``text`` that plain one-line text may not hold, or None."""
    return next((char for char in text if unprintable(char)), None)
