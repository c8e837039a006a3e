"""One checker per question: the points an answer earns, and the feedback that goes with them.

Each checker takes the key, the question, the answer's item (None when the file has none),
the file's name (for errors), the question's points and the share a right number in the
wrong form earns, and returns ``(points earned, feedback)``. The rules are those
:mod:`tracer.grading.check` documents; the practice page's checker
(``tracer/docsite/assets/grading.js``) follows the same rules for the questions it asks
(``values``, ``not_examined``, ``move``), and ``tests/grading/cases.yaml`` runs through both.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import tracer.grading.feedback as feedback
from tracer.game.model import NodePath
from tracer.grading.answers import AnswerError, Claim, Item, blank, claim_of, fold, same_number
from tracer.grading.keys import PreparedKey, UnknownNode
from tracer.trace.questions import Question
from tracer.words import count, say, say_n

__all__ = ["CHECKERS", "Checker", "names_shown", "search_order"]

Checker = Callable[[PreparedKey, Question, "Item | None", str, float, float], tuple[float, str]]


def not_answered() -> str:
    return say("check.not_answered", "Not answered.")


def _resolve(key: PreparedKey, item: Item, source: str, unknown: list[str]) -> NodePath | None:
    """The node an answer names; None, with a sentence in ``unknown``, when no node has that name
    (a mistyped name costs that answer only, not the whole file)."""
    try:
        return key.resolve(item, source)
    except AnswerError as error:
        if not isinstance(error, UnknownNode):
            raise
        unknown.append(say("check.unknown_node", "{name} is not a node of this tree (its nodes: {names}), so that answer is not counted.",
                           name=error.name, names=error.names))
        return None


def _with_unknown(text: str, unknown: list[str]) -> str:
    return "\n".join([text, *unknown]) if unknown else text


def _mapping(item: Item, source: str, what: str, example: str) -> list[tuple[Item, Item]]:
    if item.kind != "map":
        raise item.error(source, say("check.mapping", "{question} must be a mapping from nodes to values", question=what),
                         hint=say("check.hint.write", "write {example}", example=example))
    return list(item.value)


def _node_list(key: PreparedKey, item: Item, source: str, example: str, unknown: list[str]) -> list[NodePath | None]:
    """Nodes named by a list (or by one string of names separated by commas or spaces); None for a name that is no node's."""
    if item.kind == "list":
        entries = item.value
    elif item.kind == "scalar":
        text = item.text().strip()
        if text.casefold() in ("", "none", "[]", "-"):
            return []
        entries = [Item(part, item.line, item.column) for part in text.replace(",", " ").split()]
    else:
        raise item.error(source, say("check.node_list", "a list of nodes is expected here"),
                         hint=say("check.hint.write", "write {example}", example=example))
    return [_resolve(key, entry, source, unknown) for entry in entries]


def search_order(paths: Sequence[NodePath]) -> list[NodePath]:
    """Nodes in the order the search finishes them (children before parents, left to right)."""
    return sorted(paths, key=lambda path: path + (10**9,))


def names_shown(key: PreparedKey, paths: Sequence[NodePath], limit: int = 8) -> str:
    """``I, J, K``: nodes listed, at most ``limit`` of them (then ``, ...``)."""
    return ", ".join(key.name(p) for p in paths[:limit]) + (", ..." if len(paths) > limit else "")


# -- node values ---------------------------------------------------------------------------------
def check_values(key: PreparedKey, question: Question, item: Item | None, source: str, total: float, partial: float) -> tuple[float, str]:
    """``minimax``, ``expectiminimax`` and ``values``: each node asked earns an equal share."""
    qid = question.id
    search = qid == "values"
    # with a depth limit, nodes past the search's reach have no value: they are not asked
    asked = [path for path in key.internal() if (key.nodes[path].search_value if search else key.nodes[path].minimax_value) is not None]
    example = '{A: 3, C: "<= 2"}' if search else "{A: 3, B: 3}"
    claims: dict[NodePath, Claim | None] = {}
    unknown: list[str] = []
    if not blank(item):
        assert item is not None
        seen: dict[NodePath, Item] = {}
        for name_item, value_item in _mapping(item, source, qid, f"{qid}: {example}"):
            path = _resolve(key, name_item, source, unknown)
            if path is None:
                claim_of(value_item, source)  # an unreadable value is still an error
                continue
            if path in seen:
                raise name_item.error(source, say("check.twice", "{node} is given twice (also on line {line})", node=key.name(path),
                                                  line=seen[path].line), hint=say("check.hint.twice", "keep one of them"))
            seen[path] = name_item
            claims[path] = claim_of(value_item, source)
    earned, text = _score_values(key, question, asked, claims, total, partial)
    return earned, _with_unknown(text, unknown)


def _score_values(key: PreparedKey, question: Question, asked: list[NodePath], claims: dict[NodePath, Claim | None], total: float,
                  partial: float) -> tuple[float, str]:
    search = question.id == "values"
    if not asked:
        return total, say("check.nothing", "Nothing to answer here.")
    share = total / len(asked)
    earned = 0.0
    right: list[NodePath] = []
    wrong: list[NodePath] = []
    missing: list[NodePath] = []
    for path in asked:
        node = key.nodes[path]
        expected_value = node.search_value if search else node.minimax_value
        expected_bound = node.bound if search else "exact"
        claim = claims.get(path)
        if claim is None:
            missing.append(path)
            continue
        assert expected_value is not None
        if same_number(claim.value, expected_value):
            if claim.bound == expected_bound:
                earned += share
                right.append(path)
                continue
            earned += share * partial
        wrong.append(path)
    if not key.explains:
        return earned, ""
    # values for nodes alpha-beta never reaches cost nothing, but the student should know
    never = [p for p, claim in claims.items() if search and claim is not None and key.nodes[p].search_value is None]
    note = " " + feedback.never_examined_note(key, search_order(never)) if never else ""
    if not wrong and not missing:
        return earned, say("check.values.all", "All {n} right.", n=len(asked)) + note
    if all(claim is None for claim in claims.values()):
        return 0.0, not_answered()
    lines = [say("check.values.some", "{right} of {n} right.", right=len(right), n=len(asked)) + note]
    if wrong:
        # Explain the first wrong answer in the order the search finishes nodes; only list the others.
        order = search_order(asked)
        first = min(wrong, key=order.index)
        explain = feedback.explain_search_value if search else feedback.explain_minimax
        lines.append(first_wrong_step(feedback.about(key, first, explain(key, first, claims.get(first)))))
        others = [key.name(p) for p in sorted(wrong, key=order.index) if p != first]
        if others:
            lines.append(say("check.also", "Also check: {nodes}.", nodes=", ".join(others)))
    if missing:
        lines.append(say("check.missing", "Not answered: {nodes}.", nodes=", ".join(key.name(p) for p in missing)))
    return earned, "\n".join(lines)


def first_wrong_step(explanation: str) -> str:
    return say("check.first_wrong", "First wrong step: {explanation}", explanation=explanation)


# -- nodes not examined ----------------------------------------------------------------------------
def check_not_examined(key: PreparedKey, question: Question, item: Item | None, source: str, total: float, partial: float) -> tuple[float, str]:
    """Naming a node counts for its subtree; each node missed loses its share, each examined node listed takes one away."""
    expected = key.unvisited
    answered = not blank(item)
    unknown: list[str] = []
    listed = _node_list(key, item, source, "not_examined: [H, I]", unknown) if answered and item is not None else []
    claimed: set[NodePath] = set()
    for path in listed:
        if path is not None:
            claimed.update(key.descendants(path))
    earned, text = _score_not_examined(key, expected, answered, claimed, total)
    return earned, _with_unknown(text, unknown)


def _score_not_examined(key: PreparedKey, expected: set[NodePath], answered: bool, claimed: set[NodePath], total: float) -> tuple[float, str]:
    missed = [p for p in key.order if p in expected and p not in claimed]
    extra = [p for p in key.order if p in claimed and p not in expected]
    if not expected:
        if answered and not claimed:
            return total, say("check.examined.none.right", "Right: alpha-beta examines every node.")
        if not answered:
            return 0.0, say("check.examined.none.blank", "Not answered. (Write [] when alpha-beta examines every node.)")
        if not key.explains:
            return 0.0, ""
        return 0.0, say("check.examined.none.extra", "Alpha-beta examines every node here. {explanation}",
                        explanation=feedback.explain_not_examined_extra(key, extra[0]))
    hits = len(expected) - len(missed)
    earned = total * max(0, hits - len(extra)) / len(expected)
    if not missed and not extra:
        return earned, say_n("check.examined.right", "Right: all {n} node.", "Right: all {n} nodes.", len(expected), n=count(len(expected)))
    if not answered:
        return 0.0, not_answered()
    if not key.explains:
        return earned, ""
    lines = []
    if missed:
        lines.append(say_n("check.examined.missed", "{n} node not examined is missing from your list.",
                           "{n} nodes not examined are missing from your list.", len(missed), n=count(len(missed))))
    if extra:
        lines.append(say_n("check.examined.extra", "{n} node in your list is examined after all: {nodes}.",
                           "{n} nodes in your list are examined after all: {nodes}.", len(extra), n=count(len(extra)),
                           nodes=names_shown(key, extra)))
    # The first wrong step in the order the search meets the nodes.
    first = min(missed + extra, key=key.order.index)
    if first in extra:
        lines.append(first_wrong_step(feedback.explain_not_examined_extra(key, first)))
    else:
        lines.append(first_wrong_step(feedback.explain_not_examined_missed(key, first)))
    return earned, "\n".join(lines)


# -- move, window, order -------------------------------------------------------------------------------
def check_move(key: PreparedKey, question: Question, item: Item | None, source: str, total: float, partial: float) -> tuple[float, str]:
    """All or nothing; ties go to the first move searched."""
    best = key.key.best_move
    if best is None:
        return total, say("check.move.none", "The root has no move to choose.")
    if blank(item):
        return 0.0, not_answered()
    assert item is not None
    if item.kind != "scalar":
        raise item.error(source, say("check.move.one", "the move is one node"),
                         hint=say("check.hint.move", "write move: B (the child of the root MAX moves to)"))
    unknown: list[str] = []
    chosen = _resolve(key, item, source, unknown)
    if chosen is None:
        return 0.0, unknown[0]
    if chosen == best.path:
        return total, say("check.move.right", "Right: MAX moves to {node}.", node=key.name(chosen))
    if not key.explains:
        return 0.0, ""
    return 0.0, say("check.move.wrong", "You chose {node}. {explanation}", node=key.name(chosen), explanation=feedback.explain_move(key, chosen))


def check_window(key: PreparedKey, question: Question, item: Item | None, source: str, total: float, partial: float) -> tuple[float, str]:
    """Half for alpha, half for beta."""
    if blank(item):
        return 0.0, not_answered()
    assert item is not None
    example = "window: {alpha: 3, beta: +inf}"
    given: dict[str, Claim | None] = {}
    for name_item, value_item in _mapping(item, source, "window", example):
        name = fold(name_item.text().strip())
        name = {"α": "alpha", "a": "alpha", "alfa": "alpha", "β": "beta", "b": "beta"}.get(name, name)  # alfa: as Turkish writes it
        if name not in ("alpha", "beta"):
            raise name_item.error(source, say("check.window.unknown", "unknown entry {name} in window", name=repr(name_item.text())),
                                  hint=say("check.hint.write", "write {example}", example=example))
        given[name] = claim_of(value_item, source)
    earned = 0.0
    lines = []
    for which in ("alpha", "beta"):
        expected = question.alpha if which == "alpha" else question.beta
        assert expected is not None
        claim = given.get(which)
        if claim is not None and claim.bound == "exact" and same_number(claim.value, expected):
            earned += total / 2
            continue
        if not key.explains:
            continue  # scored; its words are not wanted
        symbol = "α" if which == "alpha" else "β"
        explanation = feedback.explain_window(key, question, which)
        if claim is not None:
            lines.append(say("check.window.wrote", "{symbol}: you wrote {claim}. {explanation}", symbol=symbol, claim=str(claim),
                             explanation=explanation))
        else:
            lines.append(say("check.window.blank", "{symbol}: no answer. {explanation}", symbol=symbol, explanation=explanation))
    if not key.explains:
        return earned, ""
    if not lines:
        return earned, say("check.right", "Right.")
    return earned, "\n".join(lines)


def check_order(key: PreparedKey, question: Question, item: Item | None, source: str, total: float, partial: float) -> tuple[float, str]:
    """The share of the key's sequence matched from its start, over the longer of the two lists."""
    expected = list(key.key.evaluated or ())
    if blank(item):
        return 0.0, not_answered()
    assert item is not None
    unknown: list[str] = []
    listed = _node_list(key, item, source, "order: [E, F, G]", unknown)
    earned, text = _score_order(key, expected, listed, total)
    return earned, _with_unknown(text, unknown)


def _score_order(key: PreparedKey, expected: list[NodePath], listed: list[NodePath | None], total: float) -> tuple[float, str]:
    if listed == expected:
        return total, say("check.order.right", "Right: all {n} in order.", n=len(expected))
    prefix = 0
    for mine, theirs in zip(listed, expected):
        if mine != theirs:
            break
        prefix += 1
    earned = total * prefix / max(len(expected), len(listed), 1)
    if not key.explains:
        return earned, ""
    if prefix:
        lines = [say_n("check.order.prefix", "The first {k} of {n} is right.", "The first {k} of {n} are right.", prefix, k=prefix, n=len(expected))]
    else:
        lines = [say("check.order.first", "The first leaf is not right.")]
    if prefix < len(listed) and prefix < len(expected) and listed[prefix] is None:
        lines.append(say("check.order.unknown", "At position {k} you wrote a name that is no node's.", k=prefix + 1))
    elif prefix < len(listed) and prefix < len(expected):
        wrote = listed[prefix]
        assert wrote is not None
        name = key.name(wrote)
        if wrote in key.unvisited:
            why = say("check.order.why.never", " ({node} is never examined)", node=name)
        elif key.type(wrote) != "leaf":
            why = say("check.order.why.internal", " ({node} is not a leaf)", node=name)
        elif wrote in expected[:prefix]:
            why = say("check.order.why.again", " ({node} is already in your list)", node=name)
        else:
            why = ""
        lines.append(say("check.order.wrong", "At position {k} you wrote {node}, but the search evaluates a different leaf there{why}.",
                         k=prefix + 1, node=name, why=why))
    elif len(listed) < len(expected):
        lines.append(say_n("check.order.short", "You listed {k} leaf; the search evaluates {n}.", "You listed {k} leaves; the search evaluates {n}.",
                           len(listed), k=len(listed), n=len(expected)))
    else:
        lines.append(say_n("check.order.long", "You listed {k} leaf, but the search evaluates only {n}.",
                           "You listed {k} leaves, but the search evaluates only {n}.", len(listed), k=len(listed), n=len(expected)))
    return earned, "\n".join(lines)


CHECKERS: dict[str, Checker] = {
    "minimax": check_values,
    "expectiminimax": check_values,
    "values": check_values,
    "not_examined": check_not_examined,
    "move": check_move,
    "window": check_window,
    "order": check_order,
}
"""The checker of each question id."""
