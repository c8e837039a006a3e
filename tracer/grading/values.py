"""How a value in an answer is read, and when two numbers are the same answer.

A value is a number (``3``, ``-2.5``, ``10/3``, ``+inf``) or a bound: ``"<= 2"``, ``"≤2"``,
``"at most 2"`` (or ``le 2``; Turkish ``"en fazla 2"`` or ``"en çok 2"``) for an upper bound,
``">= 5"``, ``"≥5"``, ``"at least 5"`` (or ``ge 5``; Turkish ``"en az 5"``) for a lower bound,
in any case (Turkish dotted and dotless i alike: ``+İNF`` is ``+inf``), whatever the language
tracer writes in: an answer file means the same in every language. Numbers within 0.005 of
each other are the same answer. The tables that say all this (:data:`BOUND_WORDS`,
:data:`FOLDS`, :data:`PLUS_INFINITY`, ...) are data, which the practice page's checker reads
too (:mod:`tracer.grading.browser`).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from tracer.words import bounded, say

__all__ = [
    "BOUND_WORDS", "DECIMAL_COMMA", "FOLDS", "FRACTION", "MINUS_INFINITY", "MINUS_SIGNS", "NUMBER", "PLUS_INFINITY", "STRICT_BOUND", "TOLERANCE", "Claim",
    "fold", "parse_claim", "parse_number", "same_number", "unreadable_hint",
]


@dataclass(frozen=True)
class Claim:
    """A value as a student claims it: a number, and whether it is exact or a bound."""

    value: float
    bound: str = "exact"  # exact, upper (<=), lower (>=)

    def __str__(self) -> str:
        return bounded(self.value, self.bound)


# -- values -----------------------------------------------------------------------------------
# The syntax of a value, as data: the browser's checker (tracer/docsite/assets/grading.js)
# reads these same tables from the practice page (see tracer.grading.browser), so that a value
# means the same on the page and in `tracer check`.
BOUND_WORDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("upper", ("<=", "=<", "≤", "⩽", "at most", "atmost", "le", "en fazla", "en çok")),
    ("lower", (">=", "=>", "≥", "⩾", "at least", "atleast", "ge", "en az")),
    ("exact", ("=",)),
)
"""Words that may start a value, by the bound they make, tried in this order (compared after
:func:`fold`; a word of letters must not run into more letters: ``le 2`` and ``le2`` are bounds,
``less 2`` is not). English and Turkish spellings are read in every language."""
FOLDS: tuple[tuple[str, str], ...] = (("İ", "i"), ("ı", "i"))
"""Replaced before lower-casing: Turkish capital dotted İ and small dotless ı read as ``i`` (lower-casing
alone turns ``İ`` into ``i`` and a combining dot, and leaves ``ı`` apart from ``i``)."""
PLUS_INFINITY = ("inf", "+inf", ".inf", "+.inf", "infinity", "+infinity", "∞", "+∞")
MINUS_INFINITY = ("-inf", "-.inf", "-infinity", "-∞")
MINUS_SIGNS = ("\u2212",)
"""Read as ``-``: the true minus sign that tracer's figures and sentences print."""
NUMBER = r"^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$"
FRACTION = r"^([+-]?[0-9]+)/([0-9]+)$"
STRICT_BOUND = r"^\s*[<>]\s*([^=\s]|$)"
"""A strict bound (``< 2``): refused, with a hint that alpha-beta's bounds include equality."""
DECIMAL_COMMA = r"[0-9],[0-9]"
"""A decimal comma (``2,5``, as Turkish writes a decimal and tracer's Turkish sentences print it): refused,
with a hint to write a point (``1,000`` would be 1000 in English and 1 in Turkish)."""
TOLERANCE = 0.005
"""Numbers within this of each other are the same answer (two decimals are enough for averages)."""

_NUMBER_RE = re.compile(NUMBER)
_FRACTION_RE = re.compile(FRACTION)
_STRICT_RE = re.compile(STRICT_BOUND)
_COMMA_RE = re.compile(DECIMAL_COMMA)


def same_number(a: float, b: float) -> bool:
    """Whether an answer's number is the key's: within :data:`TOLERANCE` (included), the infinities only themselves.

    >>> same_number(3.33, 10 / 3), same_number(3.325, 3.33), same_number(3.32, 10 / 3), same_number(float("inf"), 1e9)
    (True, True, False, False)
    """
    if math.isinf(a) or math.isinf(b):
        return a == b
    return abs(a - b) <= TOLERANCE + 1e-9


_AROUND_SLASH = re.compile(r"\s*/\s*")
_AFTER_SIGN = re.compile(r"^([+-])\s+")
_SPACES = re.compile(r"\s+")
_PLAIN_NUMBER = re.compile(r"\s*-?[0-9]{1,15}(\.[0-9]{1,15})?\s*")


def fold(text: str) -> str:
    """Text as answers are compared: Turkish İ and ı read as ``i`` (:data:`FOLDS`), then case-folded.

    >>> fold("EN FAZLA 2"), fold("+İNF"), fold("ınf")
    ('en fazla 2', '+inf', 'inf')
    """
    for char, replacement in FOLDS:
        text = text.replace(char, replacement)
    return text.casefold()


def parse_number(text: str) -> float | None:
    """``3``, ``-2.5``, ``10/3``, ``+inf``, ``−4`` (a true minus), ``- 4`` -> a float; None if not a number.

    Spaces may follow the sign and surround a fraction's ``/``, nowhere else (``1 0`` is not 10).

    >>> parse_number("10/3"), parse_number("−4"), parse_number("+∞"), parse_number("three"), parse_number("1 0")
    (3.3333333333333335, -4.0, inf, None, None)
    """
    cleaned = text.strip()
    for sign in MINUS_SIGNS:
        cleaned = cleaned.replace(sign, "-")
    cleaned = _AROUND_SLASH.sub("/", _AFTER_SIGN.sub(r"\1", fold(cleaned)))
    if cleaned in PLUS_INFINITY:
        return math.inf
    if cleaned in MINUS_INFINITY:
        return -math.inf
    fraction = _FRACTION_RE.fullmatch(cleaned)
    if fraction:
        numerator, denominator = int(fraction.group(1)), int(fraction.group(2))
        return numerator / denominator if denominator else None
    if not _NUMBER_RE.fullmatch(cleaned):
        return None
    value = float(cleaned)
    return value if math.isfinite(value) else None


def parse_claim(text: str) -> Claim | None:
    """A value or a bound as written: ``"<= 2"``, ``"≤2"``, ``"at most 2"``, ``"le 2"``, ``"en fazla 2"``, ``3``; None if unreadable.

    >>> parse_claim("at most 2"), parse_claim("≥-1"), parse_claim(" 3 ")
    (Claim(value=2.0, bound='upper'), Claim(value=-1.0, bound='lower'), Claim(value=3.0, bound='exact'))
    >>> parse_claim("En fazla 2"), parse_claim("EN AZ 5")
    (Claim(value=2.0, bound='upper'), Claim(value=5.0, bound='lower'))
    """
    claim = _CLAIMS.get(text, _UNREAD)
    if claim is _UNREAD:
        claim = _read_claim(text)
        if len(_CLAIMS) < _CLAIMS_KEPT:
            _CLAIMS[text] = claim
    return claim  # type: ignore[return-value]


_CLAIMS: dict[str, Claim | None] = {}  # claims as written, read (a class writes the same few values thousands of times)
_CLAIMS_KEPT = 4096
_UNREAD = object()


def _read_claim(text: str) -> Claim | None:
    if _PLAIN_NUMBER.fullmatch(text):  # most answers: a plain number, read at once
        return Claim(float(text), "exact")
    rest = _SPACES.sub(" ", text.strip())
    lowered = fold(rest)
    bound = "exact"
    for kind, words in BOUND_WORDS:
        word = next((w for w in words if _starts_with_word(lowered, w)), None)
        if word is not None:
            bound, rest = kind, lowered[len(word):]
            break
    value = parse_number(rest)
    if value is None:
        return None
    return Claim(value, bound)


def _starts_with_word(text: str, word: str) -> bool:
    if not text.startswith(word):
        return False
    return not word[-1].isalpha() or len(text) == len(word) or not text[len(word)].isalpha()


def unreadable_hint(text: str) -> str:
    """What to write instead of a value that cannot be read."""
    if _STRICT_RE.match(text):
        return say("answers.hint.strict", 'alpha-beta\'s bounds include equality: write "<= 2" (at most 2) or ">= 5" (at least 5)')
    if _COMMA_RE.search(text):
        return say("answers.hint.comma", "write a decimal with a point, such as 2.5 (not 2,5), and a number without a thousands separator")
    return say("answers.hint.value", 'write a number such as 3 or -1.5, or a bound: "<= 2", "≤2", "at most 2", ">= 5", "at least 5"')
