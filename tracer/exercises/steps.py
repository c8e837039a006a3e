"""A search told step by step, for answer keys; and each node's own story, for feedback.

:func:`steps` turns a trace into numbered sentences ("Cutoff at C: v = 2 <= alpha = 3,
so ..."), numbered by trace step, so they line up with the figures' frames.
:func:`histories` gathers, for every node, what happened there: the window it was
entered with, the values its children returned, its cutoff, the value it returned.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tracer.exercises.questions import number_text
from tracer.game.model import Path, Tree
from tracer.search.conventions import Conventions
from tracer.trace.model import Trace
from tracer.words import joined

__all__ = ["History", "Step", "bound_words", "histories", "kind_name", "names", "steps", "test_words", "value_text"]


def value_text(value: Any, bound: str | None = "exact") -> str:
    """``3``, ``<= 2`` or ``>= 5``."""
    sign = {"upper": "<= ", "lower": ">= "}.get(bound or "exact", "")
    return sign + number_text(value)


def kind_name(node_type: str) -> str:
    return {"max": "MAX", "min": "MIN", "chance": "chance", "leaf": "leaf"}[node_type]


def names(tree: Tree, paths: Any) -> str:
    """``I, J`` or ``I and J``-style list of labels (``I, J and K``)."""
    return joined([tree.node(p).label for p in paths])


def test_words(node_type: str, conventions: Conventions, v: Any, alpha: Any, beta: Any, *, holds: bool = True) -> str:
    """The cutoff test with its numbers: ``v = 2 <= alpha = 3`` (or its negation)."""
    if node_type == "max":
        op = (">=" if conventions.prune_on_equal else ">") if holds else ("<" if conventions.prune_on_equal else "<=")
        return f"v = {number_text(v)} {op} beta = {number_text(beta)}"
    op = ("<=" if conventions.prune_on_equal else "<") if holds else (">" if conventions.prune_on_equal else ">=")
    return f"v = {number_text(v)} {op} alpha = {number_text(alpha)}"


def bound_words(label: str, value: Any, bound: str | None) -> str:
    if bound == "upper":
        return f"an upper bound: {label} is worth at most {number_text(value)}"
    if bound == "lower":
        return f"a lower bound: {label} is worth at least {number_text(value)}"
    return "exact"


@dataclass
class History:
    """What happened at one node, in order."""

    path: Path
    type: str
    alpha: Any = None  # the window the node was entered with
    beta: Any = None
    children: list[tuple[Path, Any, str, Any]] = field(default_factory=list)  # (child, value, bound, v after)
    windows: list[tuple[Any, Any]] = field(default_factory=list)  # (alpha, beta) after each child
    chance: list[tuple[Path, float, Any, Any]] = field(default_factory=list)  # (child, p, value, v after)
    cutoff: tuple[Any, Any, Any, tuple[Path, ...]] | None = None  # (v, alpha, beta, pruned)
    returned: Any = None
    bound: str | None = None
    v: Any = None
    alpha_from: Path | None = None  # the node whose update set alpha, as of the cutoff
    beta_from: Path | None = None
    alpha_set_at: Path | None = None  # the node whose update set alpha, as of entering (None: still -inf)
    beta_set_at: Path | None = None


def histories(trace: Trace) -> dict[Path, History]:
    """Every node the search entered, with its story (the last iteration's, with iterative deepening)."""
    tree = trace.tree
    out: dict[Path, History] = {}
    last_left: dict[Path, tuple[Any, str]] = {}
    origin: dict[Path, tuple[Path | None, Path | None]] = {}
    for raw in trace.raw_events:
        kind = raw[0]
        if kind == "iteration_start":
            out.clear()
            origin.clear()
        elif kind == "enter":
            path = raw[1]
            origin[path] = origin.get(path[:-1], (None, None)) if path else (None, None)
            out[path] = History(path, tree.node(path).type if path in tree else "leaf", raw[3], raw[4])
            out[path].alpha_set_at, out[path].beta_set_at = origin[path]
        elif kind == "evaluate":
            out[raw[1]].v = raw[2]
        elif kind == "backup":
            _value, bound = last_left.get(raw[2], (raw[3], "exact"))
            history = out[raw[1]]
            history.children.append((raw[2], raw[3], bound, raw[4]))
            history.windows.append(history.windows[-1] if history.windows else (history.alpha, history.beta))
            history.v = raw[4]
        elif kind == "chance_backup":
            out[raw[1]].chance.append((raw[2], raw[3], raw[4], raw[5]))
            out[raw[1]].v = raw[5]
        elif kind == "alpha":
            origin[raw[1]] = (raw[1], origin[raw[1]][1])
            history = out[raw[1]]
            history.windows[-1] = (raw[3], history.windows[-1][1])
        elif kind == "beta":
            origin[raw[1]] = (origin[raw[1]][0], raw[1])
            history = out[raw[1]]
            history.windows[-1] = (history.windows[-1][0], raw[3])
        elif kind == "cutoff":
            history = out[raw[1]]
            history.cutoff = (raw[2], raw[3], raw[4], tuple(raw[5]))
            history.alpha_from, history.beta_from = origin[raw[1]]
        elif kind == "leave":
            history = out[raw[1]]
            history.returned, history.bound = raw[2], raw[3]
            last_left[raw[1]] = (raw[2], raw[3])
    return out


@dataclass(frozen=True)
class Step:
    number: int  # the trace step (1 is the first event), as the figures number their frames
    node: str  # the label of the node it happens at
    text: str


def steps(trace: Trace) -> list[Step]:
    """The search as numbered sentences (a leaf's leave and iteration markers are left out)."""
    tree = trace.tree
    conventions = trace.conventions
    alphabeta = trace.algorithm == "alphabeta"
    v: dict[Path, Any] = {}
    returned: dict[Path, tuple[Any, str]] = {}
    out: list[Step] = []
    for number, raw in enumerate(trace.raw_events, start=1):
        kind = raw[0]
        path = raw[1] if len(raw) > 1 and isinstance(raw[1], tuple) else None
        if path is None or path not in tree:
            continue
        node = tree.node(path)
        label = node.label
        text = ""
        if kind == "enter":
            v[path] = float("-inf") if node.type == "max" else float("inf") if node.type == "min" else 0.0
            if node.is_leaf:
                continue
            text = f"Enter {label} ({kind_name(node.type)})"
            if path:
                text += f", a child of {tree.node(path[:-1]).label},"
            if alphabeta:
                text += f" with alpha = {number_text(raw[3])}, beta = {number_text(raw[4])}"
            text = text.rstrip(",") + "."
        elif kind == "evaluate":
            text = f"{label} is a leaf worth {number_text(raw[2])}." if node.is_leaf else f"{label} is scored {number_text(raw[2])} by the evaluation."
        elif kind == "backup":
            child = tree.node(raw[2]).label
            got = value_text(*returned.get(raw[2], (raw[3], "exact")))
            before = v.get(path)
            v[path] = raw[4]
            if raw[4] != before and raw[4] == raw[3]:
                text = f"{label} gets {got} from {child}: v = {number_text(raw[4])}."
            else:
                text = f"{label} gets {got} from {child}: v stays {number_text(raw[4])}."
        elif kind == "chance_backup":
            child = tree.node(raw[2]).label
            text = (
                f"{label} adds {number_text(raw[3])} × {number_text(raw[4])} from {child}: "
                f"v = {number_text(raw[5])}."
            )
            v[path] = raw[5]
        elif kind == "alpha":
            text = f"alpha at {label} rises from {number_text(raw[2])} to {number_text(raw[3])}."
        elif kind == "beta":
            text = f"beta at {label} falls from {number_text(raw[2])} to {number_text(raw[3])}."
        elif kind == "cutoff":
            test = test_words(node.type, conventions, raw[2], raw[3], raw[4])
            if raw[5]:
                who = "MIN" if node.type == "max" else "MAX"
                text = (
                    f"Cutoff at {label}: {test}, so {who} above will never let play reach {label}; "
                    f"{names(tree, raw[5])} {'is' if len(raw[5]) == 1 else 'are'} not examined."
                )
            else:
                text = f"At {label}, {test} after its last child: nothing is left to prune."
        elif kind == "leave":
            returned[path] = (raw[2], raw[3])
            if node.is_leaf:
                continue
            value = raw[2]
            extra = ""
            if alphabeta and conventions.fail == "hard" and value != v.get(path):
                side = "alpha" if value > v.get(path, value) else "beta"
                extra = f" (fail-hard: v = {number_text(v.get(path))} is clamped to {side})"
            shown = number_text(value)
            words = "" if raw[3] == "exact" else f", {bound_words(label, value, raw[3])}"
            text = f"{label} returns {shown}{extra}{words}."
            if not path and trace.best_move is not None and trace.best_move in tree:
                text += f" The search is over: MAX moves to {tree.node(trace.best_move).label}."
        else:
            continue
        out.append(Step(number, label, text))
    return out
