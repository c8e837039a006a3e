"""A key's answers written as a student hands them in: the answer-file format, in plain ASCII.

The format is what students type (``3``, ``2.5``, ``"<= 2"``, ``+inf``), so it stays
ASCII; figures and sentences write values in the textbook notation of
:mod:`tracer.words` (``≤ 2``, ``−∞``). :mod:`tracer.exercises` prints the key in this
format (it scores full marks); :mod:`tracer.grading` quotes it in hints (write ``"<= 2"``).
"""

from __future__ import annotations

import math
from typing import Any

from tracer.trace.key import AnswerKey
from tracer.trace.questions import asked_questions

__all__ = ["answer_number", "answer_text", "answer_value", "key_answers"]


def answer_number(value: float) -> str:
    """A number as an answer file writes it: ``3``, ``2.5``, ``3.3333`` (4 decimals at most), ``+inf``, ``-2``.

    >>> answer_number(3.0), answer_number(10 / 3), answer_number(0.1 + 0.2), answer_number(float("-inf"))
    ('3', '3.3333', '0.3', '-inf')
    """
    if value == math.inf:
        return "+inf"
    if value == -math.inf:
        return "-inf"
    rounded = round(float(value), 4)
    if rounded.is_integer():
        return str(int(rounded))
    return f"{rounded:.4f}".rstrip("0").rstrip(".")


def answer_text(value: float, bound: str | None = "exact") -> str:
    """A value with its bound as a student types it: ``3``, ``<= 2``, ``>= 5``.

    >>> answer_text(2, "upper"), answer_text(-1.5), answer_text(float("inf"), "lower")
    ('<= 2', '-1.5', '>= +inf')
    """
    prefix = {"upper": "<= ", "lower": ">= "}.get(bound or "exact", "")
    return prefix + answer_number(value)


def answer_value(value: float, bound: str | None) -> Any:
    """A key value in the answer format, as YAML writes it: the number ``3`` or ``2.5``, or the text ``"<= 2"``, ``+inf``."""
    text = answer_text(value, bound)
    if bound in ("upper", "lower") or text.endswith("inf"):
        return text
    return float(text) if "." in text else int(text)


def key_answers(key: AnswerKey) -> dict[str, Any]:
    """The key's own answers, written in the format students hand in (they score full marks)."""
    nodes = key.nodes or ()
    out: dict[str, Any] = {}
    if key.exercise:
        out["exercise"] = key.exercise
    for question in asked_questions(key.questions, key.algorithm):
        qid = question.id
        if qid in ("minimax", "expectiminimax"):
            out[qid] = {n.label: answer_value(n.minimax_value, "exact") for n in nodes if n.type != "leaf" and n.minimax_value is not None}
        elif qid == "values":
            out[qid] = {n.label: answer_value(n.search_value, n.bound) for n in nodes if n.type != "leaf" and n.search_value is not None}
        elif qid == "not_examined":
            out[qid] = [key.label(path) for path in key.unvisited or ()]
        elif qid == "move":
            out[qid] = key.best_move.label if key.best_move is not None else None
        elif qid == "window":
            assert question.alpha is not None and question.beta is not None
            out[qid] = {"alpha": answer_value(question.alpha, "exact"), "beta": answer_value(question.beta, "exact")}
        elif qid == "order":
            out[qid] = [key.label(path) for path in key.evaluated or ()]
    return out
