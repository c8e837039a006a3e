"""The checker's rules and a key's feedback, as data for the browser's checker.

The practice page checks answers in the browser (``tracer/docsite/assets/grading.js``);
it must check them as ``tracer check`` does. So the rules are not written twice: Python
hands the page

* :func:`rules`: how a value is read (the bound words, the spellings of infinity, the
  patterns of a number and a fraction, the true minus sign), when two numbers are the
  same (the tolerance), what a right number in the wrong form earns, how numbers are
  written back (the figures' notation) and the sentences that do not depend on a key;
* :func:`key_data`: one key's nodes, the questions the page asks with their points and
  names, and every feedback sentence the checker could say about this key, made by
  :mod:`tracer.grading.feedback` and :mod:`tracer.grading.checkers` themselves. Where a
  sentence quotes the student's answer, it holds ``{wrote}``; where it depends on a
  count, it is given for every count that can occur.

The script only reads answers, adds up points by the same rules (``tests/grading/cases.yaml``
runs one table of cases through both) and fills in the sentences.
"""

from __future__ import annotations

import math
from typing import Any

import tracer.grading.answers as answers
import tracer.grading.checkers as checkers
import tracer.grading.feedback as feedback
from tracer.errors import path_text
from tracer.game.model import NodePath
from tracer.grading.answers import Claim
from tracer.grading.check import DEFAULT_PARTIAL, Points, question_name
from tracer.grading.keys import PreparedKey
from tracer.trace.questions import Question
from tracer.words import bounded, count, number, say, say_n

__all__ = ["PRACTICE_QUESTIONS", "key_data", "rules"]

PRACTICE_QUESTIONS = ("values", "not_examined", "move")
"""The questions the practice page asks, in its order."""

WROTE = "{wrote}"
"""Where a sentence quotes the student's answer; the script writes the answer there in the figures' notation."""


def rules(partial: float = DEFAULT_PARTIAL) -> dict[str, Any]:
    """How answers are read, compared and credited, and the sentences that hold for every key."""
    return {
        "bound_words": [[kind, list(words)] for kind, words in answers.BOUND_WORDS],
        "folds": [list(pair) for pair in answers.FOLDS],
        "plus_infinity": list(answers.PLUS_INFINITY),
        "minus_infinity": list(answers.MINUS_INFINITY),
        "minus_signs": list(answers.MINUS_SIGNS),
        "number": answers.NUMBER,
        "fraction": answers.FRACTION,
        "strict_bound": answers.STRICT_BOUND,
        "decimal_comma": answers.DECIMAL_COMMA,
        "tolerance": answers.TOLERANCE,
        "partial": partial,
        "notation": {
            "upper": bounded(0, "upper").removesuffix(number(0)),
            "lower": bounded(0, "lower").removesuffix(number(0)),
            "plus_infinity": number(math.inf),
            "minus_infinity": number(-math.inf),
            "minus": number(-1).removesuffix("1"),
            "decimal": number(1.5)[1],
            "decimals": 4,
        },
        "says": {
            "unreadable": say("answers.unreadable", "cannot read {text} as a value", text="{text}"),
            "hint_strict": answers.unreadable_hint("< 2"),
            "hint_comma": answers.unreadable_hint("2,5"),
            "hint_value": answers.unreadable_hint("?"),
            "problem": "{message}; {hint}",
            "not_answered": checkers.not_answered(),
            "right": say("practice.right", "Right: {value}.", value="{value}"),
            "first_wrong": checkers.first_wrong_step("{explanation}"),
            "test": say("report.test", "{name}: {score} / {max_score}", name="{name}", score="{score}", max_score="{max_score}"),
            "score": say("report.score", "{score} / {max_score}", score="{score}", max_score="{max_score}"),
            "fix_first": say("practice.fix_first", "Some answers cannot be read: fix the ones marked ✗ and check again."),
        },
    }


def key_data(key: PreparedKey, points: Points | None = None) -> dict[str, Any]:
    """What the page needs to check answers against one key (see the module's documentation)."""
    points = points or Points()
    nodes = [key.nodes[path] for path in key.order]
    visited = [path for path in key.order if path not in key.unvisited]
    return {
        "nodes": [
            {"path": path_text(n.path), "label": n.label, "type": n.type, "value": _json_number(n.search_value), "bound": n.bound,
             "visited": n.visited}
            for n in nodes
        ],
        "unvisited": [path_text(p) for p in key.order if p in key.unvisited],
        "move": path_text(key.key.best_move.path) if key.key.best_move is not None else None,
        "questions": [
            {"id": qid, "name": question_name(key, number_, Question(qid)), "points": points.of(qid)}
            for number_, qid in enumerate(PRACTICE_QUESTIONS, start=1)
        ],
        "values": _values(key),
        "not_examined": _not_examined(key, visited),
        "move_says": _move(key),
    }


def _json_number(value: float | None) -> Any:
    """A value as JSON holds it: the infinities as "inf" and "-inf" (JSON has no infinity)."""
    if value is not None and math.isinf(value):
        return "inf" if value > 0 else "-inf"
    return value


def _values(key: PreparedKey) -> dict[str, Any]:
    rows: dict[str, dict[str, str]] = {}
    for path in key.internal():
        node = key.nodes[path]
        if node.search_value is None:
            rows[path_text(path)] = {"never": feedback.never_examined_note(key, [path])}
            continue
        value, bound = node.search_value, node.bound
        other = "lower" if bound == "upper" else "upper"
        rows[path_text(path)] = {
            "right": say("practice.right", "Right: {value}.", value=bounded(value, bound)),
            # a wrong number, and the right number in the wrong form: the checker's own explanations
            "wrong": feedback.explain_search_value(key, path, Claim(value + 1, "exact"), shown=WROTE),
            "form": feedback.explain_search_value(key, path, Claim(value, other), shown=WROTE),
        }
    return {"rows": rows}


def _counted(counts: range, make: Any) -> dict[str, str]:
    return {str(n): make(n) for n in counts}


def _not_examined(key: PreparedKey, visited: list[NodePath]) -> dict[str, Any]:
    expected = len(key.unvisited)
    says: dict[str, Any] = {
        "none_right": say("check.examined.none.right", "Right: alpha-beta examines every node."),
        "none_blank": say("check.examined.none.blank", "Not answered. (Write [] when alpha-beta examines every node.)"),
        "none_extra": say("check.examined.none.extra", "Alpha-beta examines every node here. {explanation}", explanation="{explanation}"),
        "right": say_n("check.examined.right", "Right: all {n} node.", "Right: all {n} nodes.", expected, n=count(expected)),
        "missed": _counted(range(1, expected + 1), lambda n: say_n(
            "check.examined.missed", "{n} node not examined is missing from your list.", "{n} nodes not examined are missing from your list.",
            n, n=count(n))),
        "extra": _counted(range(1, len(visited) + 1), lambda n: say_n(
            "check.examined.extra", "{n} node in your list is examined after all: {nodes}.",
            "{n} nodes in your list are examined after all: {nodes}.", n, n=count(n), nodes="{nodes}")),
        "explain_extra": {path_text(p): feedback.explain_not_examined_extra(key, p) for p in visited},
        "explain_missed": {path_text(p): feedback.explain_not_examined_missed(key, p) for p in key.order if p in key.unvisited},
    }
    return says


def _move(key: PreparedKey) -> dict[str, Any]:
    best = key.key.best_move
    if best is None:
        return {"none": say("check.move.none", "The root has no move to choose.")}
    return {
        "right": say("check.move.right", "Right: MAX moves to {node}.", node=key.name(best.path)),
        "wrong": {
            path_text(p): say("check.move.wrong", "You chose {node}. {explanation}", node=key.name(p), explanation=feedback.explain_move(key, p))
            for p in key.order if p != best.path
        },
    }
