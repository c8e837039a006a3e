"""Helpers shared by the exercise and grading tests (tests/ is on sys.path through conftest.py)."""

from __future__ import annotations

import json
from typing import Any

import yaml

from tracer import parse_tree
from tracer.exercises.generate import ExerciseSpec, exercise_from_tree
from tracer.grading.answers import parse_submission
from tracer.grading.check import Result, check_submission
from tracer.grading.keys import PreparedKey
from tracer.search.conventions import Conventions

AIMA_5_2 = "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"
"""AIMA's Figure 5.2: root A; MIN nodes B, C, D; leaves E..M (labels breadth-first)."""

ALL_QUESTIONS = ("minimax", "values", "not_examined", "move", "window", "order")


def aima_exercise(prune_on_equal: bool = True, fail: str = "soft", questions: tuple[str, ...] = ALL_QUESTIONS) -> Any:
    spec = ExerciseSpec(questions=questions, conventions=Conventions(prune_on_equal=prune_on_equal, fail=fail))
    return exercise_from_tree(parse_tree(AIMA_5_2), spec, "aima-5-2")


def prepared(exercise: Any) -> PreparedKey:
    """The key as the checker reads it from key.json (through JSON, as on disk)."""
    return PreparedKey.from_json(json.loads(json.dumps(exercise.key.to_json())), "key.json")


def check_text(key: PreparedKey, text: str, fmt: str = "yaml") -> Result:
    return check_submission(key, parse_submission(text, "answers.yaml", fmt=fmt))


def check_data(key: PreparedKey, data: dict[str, Any]) -> Result:
    return check_text(key, yaml.safe_dump(data, allow_unicode=True))


# -- an independent reference: game-tree search written plainly on the bracket form ----------------
INF = float("inf")


def reference_minimax(data: Any, players: tuple[str, ...] = ("max", "min"), depth: int = 0) -> float:
    """Minimax (expectiminimax at {"chance": [[p, subtree], ...]}) on nested lists, straight from AIMA."""
    if isinstance(data, (int, float)):
        return data
    if isinstance(data, dict):
        return sum(p * reference_minimax(sub, players, depth + 1) for p, sub in data["chance"])
    values = [reference_minimax(child, players, depth + 1) for child in data]
    return max(values) if players[depth % len(players)] == "max" else min(values)


def reference_alphabeta(data: Any, prune_on_equal: bool = True, fail: str = "soft") -> tuple[float, dict[tuple[int, ...], float]]:
    """Textbook alpha-beta with MAX at the root: the root's value and the value returned at every node entered.

    Fail-soft returns v (AIMA); fail-hard is the classic form that returns alpha (MAX) or
    beta (MIN) and beta/alpha when it cuts off.
    """
    returned: dict[tuple[int, ...], float] = {}

    def cut(v: float, bound: float, is_max: bool) -> bool:
        if is_max:
            return v >= bound if prune_on_equal else v > bound
        return v <= bound if prune_on_equal else v < bound

    def search(node: Any, path: tuple[int, ...], alpha: float, beta: float, is_max: bool) -> float:
        if not isinstance(node, list):
            returned[path] = node
            return node
        v = -INF if is_max else INF
        result = None
        for index, child in enumerate(node):
            value = search(child, path + (index,), alpha, beta, not is_max)
            if is_max:
                v = max(v, value)
                if cut(v, beta, True):
                    result = v if fail == "soft" else beta
                    break
                alpha = max(alpha, v)
            else:
                v = min(v, value)
                if cut(v, alpha, False):
                    result = v if fail == "soft" else alpha
                    break
                beta = min(beta, v)
        if result is None:
            result = v if fail == "soft" else (alpha if is_max else beta)
        returned[path] = result
        return result

    return search(data, (), -INF, INF, True), returned


def path_text(path: tuple[int, ...]) -> str:
    return ".".join(map(str, path))


def first_step(trace: Any, kind: str, node: tuple[int, ...]) -> int:
    """The step that shows the first event of ``kind`` at ``node`` (step k is the search
    after its k-th event; step 0 before the first)."""
    from tracer.search.events import kind_of, node_of

    for index, raw in enumerate(trace.raw_events):
        if kind_of(raw) == kind and node_of(raw) == node:
            return index + 1
    raise LookupError(f"no {kind} event at {node}")
