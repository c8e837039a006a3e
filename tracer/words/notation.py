"""The notation tracer writes values and conventions in, the same in figures, captions, keys and feedback.

Values in textbook type: ``3``, ``−2`` (a true minus sign), ``2.5``, ``3.3333`` (at most
four decimals: the checker accepts answers within 0.005), ``+∞``, ``−∞``. Numbers follow
the language in use, in sentences and figures alike (one notation): Turkish writes
``2,5`` and ``1.200`` (Babel's symbols for the language), and a window ``[2,5; 3]``. A bound is
``≤ 2`` (the true value is at most 2) or ``≥ 5``; a window ``[3, +∞]``; the cutoff test
``v = 2 ≤ α = 3``. Node kinds are written as the book writes them (``MAX``, ``MIN``).

>>> number(3.0), number(-2), number(10 / 3), number(float("-inf")), bounded(2, "upper"), window(3, float("inf"))
('3', '−2', '3.3333', '−∞', '≤ 2', '[3, +∞]')
>>> cutoff_test("min", True, 2, 3, float("inf"))
'v = 2 ≤ α = 3'
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from tracer.words.catalog import current_language, say, say_n

if TYPE_CHECKING:
    from fractions import Fraction

__all__ = [
    "ALGORITHM_IDS",
    "algorithm_name",
    "bounded",
    "conventions_lines",
    "conventions_summary",
    "count",
    "cutoff_rule",
    "cutoff_test",
    "evaluation_sum",
    "exact_number",
    "fail_name",
    "joined",
    "node_kind",
    "number",
    "ordinal",
    "plural",
    "probability",
    "window",
]

ALGORITHM_IDS = ("minimax", "alphabeta", "expectiminimax")


@lru_cache(maxsize=16)
def _separators(language: str) -> tuple[str, str]:
    """The language's decimal and thousands separators (English: ``.`` and ``,``; Turkish: ``,`` and ``.``)."""
    if language == "en":
        return ".", ","
    from babel import UnknownLocaleError
    from babel.numbers import get_decimal_symbol, get_group_symbol  # only where a catalogue is in use

    try:
        return get_decimal_symbol(language), get_group_symbol(language)
    except (UnknownLocaleError, ValueError):  # a test's or a course's own language code: English numbers
        return ".", ","


def count(n: int) -> str:
    """A whole number with the language's thousands separator: ``1,200`` (English), ``1.200`` (Turkish)."""
    text = f"{n:,}"
    group = _separators(current_language())[1]
    return text if group == "," else text.replace(",", group)


def number(value: Any) -> str:
    """A value as people read it in tracer's figures and sentences (see the module's documentation).

    Accepts the JSON spellings of the infinities (``"inf"``, ``"-inf"``) too; None is ``?``.
    """
    if value is None:
        return "?"
    return _number(float(value), _separators(current_language())[0])


@lru_cache(maxsize=8192)  # called for every value of every frame; trees hold few distinct values
def _number(value: float, separator: str) -> str:
    if value == math.inf:
        return "+∞"
    if value == -math.inf:
        return "−∞"
    rounded = round(value, 4)
    if rounded.is_integer():
        text = str(int(rounded))
    else:
        text = f"{rounded:.4f}".rstrip("0").rstrip(".")
    if separator != ".":
        text = text.replace(".", separator)
    return text.replace("-", "−")


def exact_number(value: float) -> str:
    """A value to six significant digits, or twelve where six would show 1 for a value that is
    not 1, in the language's decimal sign: for a sum that must be exactly 1 (``0,666667``,
    ``1,00000001``), where :func:`number`'s four decimals could show ``1``."""
    text = f"{value:g}"
    if float(text) == 1.0 and value != 1.0:
        text = f"{value:.12g}"
    separator = _separators(current_language())[0]
    return (text.replace(".", separator) if separator != "." else text).replace("-", "−")


def bounded(value: Any, bound: str | None = "exact") -> str:
    """A value with its bound: ``3``, ``≤ 2`` (at most 2: an upper bound), ``≥ 5`` (at least 5)."""
    sign = {"upper": "≤ ", "lower": "≥ "}.get(bound or "exact", "")
    return sign + number(value)


def window(alpha: Any, beta: Any) -> str:
    """The window ``[α, β]`` with its numbers: ``[3, +∞]``.

    In a language whose decimal separator is a comma (Turkish) the two numbers are
    separated by a semicolon, ``[2,5; +∞]``, as its schoolbooks write intervals, so that
    ``2,5`` never reads as two numbers.
    """
    separator = "; " if _separators(current_language())[0] == "," else ", "
    return f"[{number(alpha)}{separator}{number(beta)}]"


def node_kind(node_type: str) -> str:
    """A node's kind as the book writes it: MAX, MIN, chance, leaf."""
    return {
        "max": say("kind.max", "MAX"),
        "min": say("kind.min", "MIN"),
        "chance": say("kind.chance", "chance"),
        "leaf": say("kind.leaf", "leaf"),
    }[node_type]


def algorithm_name(algorithm: str, *, capital: bool = False) -> str:
    """``alpha-beta``, ``minimax``, ``expectiminimax`` (``Alpha-beta`` ... at the start of a sentence)."""
    if capital:
        return {
            "alphabeta": say("algorithm.alphabeta.capital", "Alpha-beta"),
            "minimax": say("algorithm.minimax.capital", "Minimax"),
            "expectiminimax": say("algorithm.expectiminimax.capital", "Expectiminimax"),
        }[algorithm]
    return {
        "alphabeta": say("algorithm.alphabeta", "alpha-beta"),
        "minimax": say("algorithm.minimax", "minimax"),
        "expectiminimax": say("algorithm.expectiminimax", "expectiminimax"),
    }[algorithm]


def _relations(prune_on_equal: bool) -> tuple[str, str]:
    """The relations of the cutoff test at MAX and at MIN: ``≥``/``≤``, or ``>``/``<`` (strict)."""
    return ("≥", "≤") if prune_on_equal else (">", "<")


def cutoff_rule(prune_on_equal: bool) -> str:
    """The cutoff test as a rule: ``v ≥ β at MAX, v ≤ α at MIN``."""
    at_max, at_min = _relations(prune_on_equal)
    return say("conventions.rule", "v {at_max} β at MAX, v {at_min} α at MIN", at_max=at_max, at_min=at_min)


def cutoff_test(node_type: str, prune_on_equal: bool, v: Any, alpha: Any, beta: Any, *, holds: bool = True) -> str:
    """The cutoff test at a node with its numbers, ``v = 2 ≤ α = 3``, or its negation (``holds=False``)."""
    at_max, at_min = _relations(prune_on_equal)
    if not holds:
        negation = {"≥": "<", ">": "≤", "≤": ">", "<": "≥"}
        at_max, at_min = negation[at_max], negation[at_min]
    if node_type == "max":
        return f"v = {number(v)} {at_max} β = {number(beta)}"
    return f"v = {number(v)} {at_min} α = {number(alpha)}"


def conventions_summary(prune_on_equal: bool, fail: str) -> str:
    """The conventions in one line, for keys, legends and steppers."""
    at_max, at_min = _relations(prune_on_equal)
    if prune_on_equal:
        prune = say(
            "conventions.prune.equal", "prune when v {at_max} β (MAX) or v {at_min} α (MIN), as AIMA and MIT 6.034",
            at_max=at_max, at_min=at_min,
        )
    else:
        prune = say(
            "conventions.prune.strict", "prune only when v {at_max} β (MAX) or v {at_min} α (MIN), as UC Berkeley CS188's Pacman autograder requires",
            at_max=at_max, at_min=at_min,
        )
    if fail == "soft":
        returned = say("conventions.fail.soft", "fail-soft: a node returns v, a bound where it was cut off (AIMA)")
    elif fail == "own-bound":
        returned = say(
            "conventions.fail.own-bound",
            "own-bound: a MAX node returns max(α, v), a MIN node min(β, v), cut off or not (the UNH CS 730 deck)",
        )
    else:
        returned = say("conventions.fail.hard", "fail-hard: a node returns v clamped into the window [α, β] it was called with")
    return say("conventions.summary", "{prune}; {returned}; ties go to the first move searched", prune=prune, returned=returned)


def evaluation_sum(terms: Sequence[tuple[str, float, float]], value: Any) -> str:
    """A weighted evaluation written out: ``EVAL = 9·1 + 3·(−1) = 6 (queens 1, knights −1)``.

    ``terms`` are (feature, weight, feature value); features worth 0 add nothing and are left out.

    >>> evaluation_sum([("queens", 9, 1), ("rooks", 5, 0), ("knights", 3, -1)], 6)
    'EVAL = 9·1 + 3·(−1) = 6 (queens 1, knights −1)'
    >>> evaluation_sum([("pawns", 1, 0)], 0)
    'EVAL = 0'
    """
    used = [(name, weight, measured) for name, weight, measured in terms if measured != 0]
    if not used:
        return say("eval.sum.zero", "EVAL = {value}", value=number(value))
    products = " + ".join(f"{number(weight)}·{_factor(measured)}" for _, weight, measured in used)
    features = ", ".join(f"{name} {number(measured)}" for name, _, measured in used)
    return say("eval.sum", "EVAL = {products} = {value} ({features})", products=products, value=number(value), features=features)


def _factor(value: Any) -> str:
    return f"({number(value)})" if value < 0 else number(value)


def fail_name(fail: str) -> str:
    """The fail convention's short name: ``fail-soft``, ``fail-hard``, ``own-bound``."""
    return {
        "soft": lambda: say("figure.header.soft", "fail-soft"),
        "hard": lambda: say("figure.header.hard", "fail-hard"),
        "own-bound": lambda: say("figure.header.own-bound", "own-bound"),
    }[fail]()


def conventions_lines(algorithm: str, prune_on_equal: bool, fail: str) -> list[str]:
    """The conventions as an exercise sheet states them, one sentence each."""
    at_max, at_min = _relations(prune_on_equal)
    lines = [say("sheet.conventions.order", "Children are searched from left to right, in the order drawn.")]
    if algorithm == "alphabeta":
        if prune_on_equal:
            lines.append(say(
                "sheet.conventions.prune.equal",
                "Cutoff test: stop at a MAX node when v {at_max} β, at a MIN node when v {at_min} α "
                "(prune on equality, as AIMA and MIT 6.034).",
                at_max=at_max, at_min=at_min,
            ))
        else:
            lines.append(say(
                "sheet.conventions.prune.strict",
                "Cutoff test: stop at a MAX node only when v {at_max} β, at a MIN node only when v {at_min} α "
                "(no pruning on equality, as UC Berkeley CS188's Pacman autograder requires; its slides prune on equality).",
                at_max=at_max, at_min=at_min,
            ))
        if fail == "soft":
            lines.append(say(
                "sheet.conventions.fail.soft",
                "Fail-soft: a node returns its v; where it stopped early, that v is a bound on its true value (AIMA).",
            ))
        elif fail == "own-bound":
            lines.append(say(
                "sheet.conventions.fail.own-bound",
                "Own bound: a MAX node returns its α raised by v, max(α, v), and a MIN node its β lowered by v, min(β, v), "
                "whether or not it stopped early; where it stopped early, or returned its own bound, the value is a bound "
                "on its true value.",
            ))
        else:
            lines.append(say(
                "sheet.conventions.fail.hard",
                "Fail-hard: a node returns its v clamped into the window [α, β] it was called with, "
                "so a cut MAX node returns β and a cut MIN node α.",
            ))
    if algorithm == "expectiminimax":
        lines.append(say(
            "sheet.conventions.chance",
            "A chance node is worth the probability-weighted average of its children; the probabilities are written on its edges.",
        ))
    lines.append(say(
        "sheet.conventions.ties",
        "Ties: a node keeps the first best child searched (a later child replaces it only when strictly better).",
    ))
    return lines


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
    return say("list.and", "{first} and {last}", first=", ".join(words[:-1]), last=words[-1])


def ordinal(index: int) -> str:
    """0 -> first, 1 -> second, ..."""
    named = {
        0: lambda: say("ordinal.1", "first"), 1: lambda: say("ordinal.2", "second"), 2: lambda: say("ordinal.3", "third"),
        3: lambda: say("ordinal.4", "fourth"), 4: lambda: say("ordinal.5", "fifth"), 5: lambda: say("ordinal.6", "sixth"),
        6: lambda: say("ordinal.7", "seventh"), 7: lambda: say("ordinal.8", "eighth"), 8: lambda: say("ordinal.9", "ninth"),
        9: lambda: say("ordinal.10", "tenth"),
    }
    if index in named:
        return named[index]()
    return say_n("ordinal.n", "{n}th", "{n}th", index + 1, n=index + 1)


def _exact_fraction(p: float) -> Fraction | None:
    from fractions import Fraction  # here: it loads decimal too, and only chance nodes' probabilities need it

    fraction = Fraction(p).limit_denominator(100)
    return fraction if fraction.denominator > 1 and abs(float(fraction) - p) < 1e-9 else None


def probability(p: float, siblings: Sequence[float] = ()) -> str:
    """A probability as a course writes it, alike for all children of a chance node:
    fractions where one needs them (1/3, 1/36) or all are halves and quarters (1/2, 3/4),
    decimals otherwise (0.5, 0.1, 0.4).

    >>> probability(1 / 36), probability(0.25, [0.25, 0.75]), probability(0.5, [0.5, 0.1, 0.4])
    ('1/36', '1/4', '0.5')
    >>> probability(0.5, [0.5, 1 / 6, 1 / 3])
    '1/2'
    """
    group = list(siblings) or [p]
    fractions = [_exact_fraction(q) for q in group]
    needs_fraction = any(f is not None and 100 % f.denominator for f in fractions)
    halves_and_quarters = all(f is not None and f.denominator in (2, 4) for f in fractions)
    fraction = _exact_fraction(p)
    if fraction is not None and (needs_fraction or halves_and_quarters):
        return f"{fraction.numerator}/{fraction.denominator}"
    return number(p)
