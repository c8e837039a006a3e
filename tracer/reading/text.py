"""Invisible characters that reorder text: what the readers refuse and the writers strip.

The bidirectional controls (U+202A-U+202E embeddings and overrides, U+2066-U+2069
isolates, U+200E/U+200F and U+061C marks) change the order in which the characters
*around* them are shown: ``"\\u202eexe.txt"`` shows as ``txt.exe``, and a name holding one
can make a sheet, a key or a gradebook row read as something else. Readers refuse them
in labels and rosters; every writer removes them from what it writes
(:func:`without_direction_controls`), so text from elsewhere (a ``--title``, a fence's
``title=``, an answer file's name) cannot reorder an output either.

>>> without_direction_controls("\\u202eevil\\u202c name\\u200f")
'evil name'
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

__all__ = ["DIRECTION_CONTROLS", "plain_direction", "unprintable", "without_direction_controls"]

DIRECTION_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""The Unicode bidirectional formatting characters (Unicode Standard Annex #9, table 1)."""

_CONTROL = re.compile("[" + "".join(sorted(DIRECTION_CONTROLS)) + "]")
"""One of the controls: a regular expression scans text in C, where ``str.translate`` with a
table looked each character up in a dict (a fifth of a site fence's render, its SVG and payload)."""


def unprintable(char: str) -> bool:
    """A control character (newline, tab, NUL, ...) or a bidirectional control."""
    return char in DIRECTION_CONTROLS or unicodedata.category(char) == "Cc"


def without_direction_controls(text: str) -> str:
    """``text`` without its bidirectional controls (the characters around them stay, in their order)."""
    return _CONTROL.sub("", text) if _CONTROL.search(text) else text


def plain_direction(value: Any) -> Any:
    """A value a template writes, without bidirectional controls: text (and markupsafe's
    ``Markup``, kept as such) cleaned, anything else as it is. Jinja2's ``finalize``."""
    if isinstance(value, str):
        cleaned = without_direction_controls(value)
        return cleaned if type(value) is str else type(value)(cleaned)
    return value
