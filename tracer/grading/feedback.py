"""Feedback sentences: why the key says what it says at one node, told from the search's events.

Each function explains one *first wrong step* and nothing more, so that a student learns
where their reasoning went wrong without being handed the whole key. The words follow
the key's conventions (``v = 2 ≤ α = 3`` when pruning on equality, ``<`` otherwise;
fail-hard's clamping where it applies). Worked examples are in ``tests/grading``.
"""

from __future__ import annotations

from typing import Any

from tracer.grading.answers import Claim
from tracer.grading.keys import PreparedKey
from tracer.search.conventions import Conventions
from tracer.words import bounded, joined, ordinal
from tracer.words import cutoff_test as _cutoff_test
from tracer.words import number as number_text

__all__ = [
    "explain_minimax",
    "explain_move",
    "explain_not_examined_extra",
    "explain_not_examined_missed",
    "explain_search_value",
    "explain_window",
    "ordinal",
]

def test_words(node_type: str, conventions: Conventions, v: Any, alpha: Any, beta: Any, *, holds: bool = True) -> str:
    return _cutoff_test(node_type, conventions.prune_on_equal, v, alpha, beta, holds=holds)


def value_text(value: Any, bound: str | None = "exact") -> str:
    return bounded(value, bound)


def _kind(node_type: str) -> str:
    return {"max": "a MAX node", "min": "a MIN node", "chance": "a chance node", "leaf": "a leaf"}[node_type]


def _conventions(key: PreparedKey) -> Conventions:
    return Conventions.from_dict(key.key.get("conventions", {}))


def _num(value: Any) -> Any:
    return float(value) if value in ("inf", "-inf") else value


def _value_name(key: PreparedKey) -> str:
    """ "minimax", or "expectiminimax" where the tree has chance nodes."""
    return "expectiminimax" if any(node["type"] == "chance" for node in key.nodes.values()) else "minimax"


# -- node values --------------------------------------------------------------------------------
def explain_minimax(key: PreparedKey, path: str, claim: Claim | None) -> str:
    """Why a node's minimax (expectiminimax) value is what it is, from its children's values."""
    label = key.name(path)
    node_type = key.type(path)
    children = key.children[path]
    values = [_num(key.nodes[child]["minimax_value"]) for child in children]
    shown = ", ".join(number_text(v) for v in values)
    true_value = _num(key.nodes[path]["minimax_value"])
    wrote = f"you wrote {claim}. " if claim is not None else ""
    if claim is not None and claim.bound != "exact" and _same(claim.value, true_value):
        return f"{label}: you wrote {claim}, but the {_value_name(key)} value is a number, not a bound: write {number_text(true_value)}."
    if node_type == "chance":
        terms = " + ".join(f"{number_text(key.nodes[c].get('p') or _p(key, c))} × {number_text(v)}" for c, v in zip(children, values))
        return (
            f"{label}: {wrote}{label} is a chance node: its value is the average of its children's values "
            f"weighted by their probabilities: {terms} = {number_text(true_value)}."
        )
    which, fn = ("largest", "max") if node_type == "max" else ("smallest", "min")
    names = joined([key.name(c) for c in children])
    return (
        f"{label}: {wrote}{label} is {_kind(node_type)}: its {_value_name(key)} value is the {which} of its children's values "
        f"({names}): {fn}({shown}) = {number_text(true_value)}."
    )


def _p(key: PreparedKey, child: str) -> float:
    trace = key.trace
    if trace is None:
        return 0.0
    node = trace.tree.node(child)
    return node.p or 0.0


def explain_search_value(key: PreparedKey, path: str, claim: Claim | None) -> str:
    """Why alpha-beta returns what it returns at a node, told from that node's events."""
    label = key.name(path)
    node = key.nodes[path]
    value, bound = _num(node["search_value"]), node["bound"]
    expected = value_text(value, bound)
    history = key.history(path)
    conventions = _conventions(key)
    if claim is not None and _same(claim.value, value) and claim.bound != bound:
        if bound == "exact":
            return (
                f"{label}: you wrote {claim}, but alpha-beta examines all of {label}'s children and computes its value "
                f"exactly: write {number_text(value)}."
            )
        reason = _stop_reason(key, path, history, conventions, value)
        knows = f"{label} is worth {'at most' if bound == 'upper' else 'at least'} {number_text(value)}"
        return (
            f"{label}: you wrote {claim}, but alpha-beta does not prove that {label} is worth exactly that{reason}: "
            f"it only knows that {knows}; write \"{expected}\"."
        )
    wrote = f"you wrote {claim}. " if claim is not None else "no answer. "
    if history is None:
        cut = next((c for c in key.key.get("cutoffs", ()) if c["at"] == path), None)
        if cut is not None:
            test = test_words(node["type"], conventions, cut["v"], _num(cut["alpha"]), _num(cut["beta"]))
            return f"{label}: {wrote}At {label}, {test}, so the search stops there and {label} returns {expected}."
        return f"{label}: {wrote}Alpha-beta returns {expected} at {label}."
    window = f"entered with α = {number_text(history.alpha)} and β = {number_text(history.beta)}"
    start = f"{label}: {wrote}{label} is {_kind(node['type'])}, {window}; "
    kids = history.children
    if history.cutoff is not None and history.cutoff.pruned:
        cut = history.cutoff
        index = len(kids) - 1
        last = kids[-1]
        story = (
            f"after its {ordinal(index)} child ({key.name(_text(last.child))} = {value_text(last.value, last.bound)}) "
            f"{test_words(node['type'], conventions, cut.v, cut.alpha, cut.beta)}, so the search stops there"
        )
    else:
        returned = joined([value_text(kid.value, kid.bound) for kid in kids])
        names = joined([key.name(_text(kid.child)) for kid in kids])
        which = "largest" if node["type"] == "max" else "smallest"
        child_word = "child returns" if len(kids) == 1 else "children return"
        story = f"its {child_word} {returned} ({names}), nothing is pruned, and v is the {which}: {number_text(history.v)}"
    clamp = ""
    if conventions.fail == "hard" and history.v is not None and value != history.v:
        side = "α" if value > history.v else "β"
        clamp = f"; fail-hard returns {side} = {number_text(value)} instead of v = {number_text(history.v)}"
    qualifier = {"upper": "at most ", "lower": "at least "}.get(bound, "")
    joiner = ", and " if history.cutoff is not None and history.cutoff.pruned else "; so "
    return start + story + clamp + f"{joiner}{label}'s value is {qualifier}{number_text(value)}."


def _stop_reason(key: PreparedKey, path: str, history: Any, conventions: Conventions, value: float) -> str:
    if history is None or history.cutoff is None or not history.cutoff.pruned:
        if conventions.fail == "hard" and history is not None and history.v is not None and not _same(history.v, value):
            side = "α" if value > history.v else "β"
            return f" (fail-hard clamps its v = {number_text(history.v)} into [α, β] and returns {side} = {number_text(value)})"
        return " (the value of a child it depends on is itself only a bound)"
    cut = history.cutoff
    return f" (it stops early: {test_words(key.type(path), conventions, cut.v, cut.alpha, cut.beta)})"


def _text(path: tuple[int, ...]) -> str:
    return ".".join(map(str, path))


def _same(a: float, b: float) -> bool:
    from tracer.grading.check import same_number

    return same_number(a, b)


# -- nodes not examined --------------------------------------------------------------------------
def explain_not_examined_missed(key: PreparedKey, missed: list[str]) -> str:
    """Point at the cutoff that skips the first missed node (in search order)."""
    first = missed[0]
    cut = _cutoff_over(key, first)
    if cut is None:
        return f"{key.name(first)} is never examined."
    at = cut["at"]
    label = key.name(at)
    history = key.history(at)
    conventions = _conventions(key)
    test = test_words(key.type(at), conventions, cut["v"], _num(cut["alpha"]), _num(cut["beta"]))
    if history is not None and history.children:
        index = len(history.children) - 1
        return (
            f"Look again at {label}: after its {ordinal(index)} child, {test}, so the search stops there: "
            f"{label}'s remaining children, and everything below them, are never examined."
        )
    return f"Look again at {label}: {test}, so the search stops there and its remaining children are never examined."


def _cutoff_over(key: PreparedKey, path: str) -> dict[str, Any] | None:
    for cut in key.key.get("cutoffs", ()):
        for pruned in cut["pruned"]:
            if path == pruned or path.startswith(pruned + "."):
                return cut
    return None


def explain_not_examined_extra(key: PreparedKey, path: str) -> str:
    """Why a node the student listed is examined after all."""
    label = key.name(path)
    if not path:
        return "The search always examines the root."
    parent = path.rpartition(".")[0]
    parent_label = key.name(parent)
    index = int(path.rpartition(".")[2])
    if index == 0:
        return f"{label} is examined: the search enters {parent_label}, and a node's first child is always examined."
    history = key.history(parent)
    conventions = _conventions(key)
    if history is not None and len(history.children) >= index:
        kid = history.children[index - 1]
        child_value, child_bound, v = kid.value, kid.bound, kid.v
        previous = key.name(_sibling(parent, index - 1))
        if key.type(parent) == "chance":
            return f"{label} is examined: a chance node averages over all its children."
        alpha, beta = history.windows[index - 1]
        test = test_words(key.type(parent), conventions, v, alpha, beta, holds=False)
        return (
            f"{label} is examined: at {parent_label}, after {previous} = {value_text(child_value, child_bound)}, "
            f"{test}, so there is no cutoff and the search goes on to {label}."
        )
    return f"{label} is examined by the search."


def _sibling(parent: str, index: int) -> str:
    return f"{parent}.{index}" if parent else str(index)


# -- move, window -----------------------------------------------------------------------------------
def explain_move(key: PreparedKey, chosen: str) -> str:
    best = key.key.get("best_move")
    label = key.name(chosen)
    root_children = key.children.get("", [])
    if chosen not in root_children:
        return f"{label} is not a child of the root; MAX chooses among {joined([key.name(c) for c in root_children])}."
    chosen_value = _num(key.nodes[chosen]["minimax_value"])
    root_value = _num(key.key["root_value"])
    if best is not None and _same(chosen_value, root_value):
        return (
            f"{label} is worth {number_text(chosen_value)}, as much as the best child, but an earlier child is worth the same "
            f"and ties go to the first move searched."
        )
    return (
        f"MAX moves to the child with the highest {_value_name(key)} value; {label} is worth {number_text(chosen_value)}, "
        f"and another child is worth more."
    )


def explain_window(key: PreparedKey, question: dict[str, Any], which: str) -> str:
    """What alpha (or beta) at a node means, and which node above it last set it (without its value)."""
    label = question.get("label") or key.name(question["node"])
    history = key.history(question["node"])
    origin = None if history is None else (history.alpha_set_at if which == "alpha" else history.beta_set_at)
    if which == "alpha":
        meaning = f"α at {label} is the best value MAX can already guarantee on the path from the root to {label}"
        player = "MAX"
    else:
        meaning = f"β at {label} is the best (lowest) value MIN can already guarantee on the path from the root to {label}"
        player = "MIN"
    if history is None:
        return meaning + "."
    if origin is None:
        return f"{meaning}; no {player} node above {label} had a child's value yet when the search entered {label}."
    return f"{meaning}; it was last set at {key.name(_text(origin))}: look at which of its children had returned when the search entered {label}."
