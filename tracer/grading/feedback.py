"""Feedback sentences: why the key says what it says at one node, told from the replayed search.

Each function explains one *first wrong step* and nothing more, so that a student learns
where their reasoning went wrong without being handed the whole key. The facts come from
the replayer's :class:`~tracer.trace.replay.NodeStory` of each node (through
:class:`~tracer.grading.keys.PreparedKey`); the words from :mod:`tracer.words`, in the
figures' notation (``v = 2 ≤ α = 3`` when pruning on equality, ``<`` otherwise; fail-hard's
clamping where it applies), while what a student should *type* is written as they type it
(``write "<= 2"``). The practice page shows the same sentences (see
:mod:`tracer.grading.browser`). Worked examples are in ``tests/grading``.

A sentence about a node does not start with the node's name: the checker puts
``C: `` before it (:func:`about`), the practice page shows it in the node's row.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tracer.game.model import NodePath
from tracer.grading.answers import Claim, same_number
from tracer.grading.keys import PreparedKey
from tracer.trace.hand_in import answer_number, answer_text
from tracer.trace.questions import Question
from tracer.words import bounded, cutoff_test, joined, node_kind, number, ordinal, say, say_n

if TYPE_CHECKING:
    from tracer.trace.state import NodeStory

__all__ = [
    "about",
    "explain_minimax",
    "explain_move",
    "explain_not_examined_extra",
    "explain_not_examined_missed",
    "explain_search_value",
    "explain_window",
    "never_examined_note",
    "wrote",
]


def about(key: PreparedKey, path: NodePath, text: str) -> str:
    """``C: <text>``: a sentence about a node, as the checker's feedback names it."""
    return say("feedback.about", "{node}: {text}", node=key.name(path), text=text)


def wrote(claim: Claim | None, shown: str | None = None) -> str:
    """``you wrote ≤ 2.`` (``shown`` writes the claim another way: the practice page passes a placeholder)."""
    if claim is None:
        return ""
    return say("feedback.wrote", "you wrote {claim}.", claim=shown if shown is not None else str(claim))


def _kind(node_type: str) -> str:
    return {
        "max": lambda: say("feedback.kind.max", "a MAX node"),
        "min": lambda: say("feedback.kind.min", "a MIN node"),
        "chance": lambda: say("feedback.kind.chance", "a chance node"),
        "leaf": lambda: say("feedback.kind.leaf", "a leaf"),
    }[node_type]()


def _qualified(value: float, bound: str | None) -> str:
    """``at most 2``, ``at least 5``, ``3``: a value with its bound, in words."""
    if bound == "upper":
        return say("feedback.at_most", "at most {value}", value=number(value))
    if bound == "lower":
        return say("feedback.at_least", "at least {value}", value=number(value))
    return number(value)


def _test(key: PreparedKey, node_type: str, v: float, alpha: float, beta: float, *, holds: bool = True) -> str:
    return cutoff_test(node_type, key.key.conventions.prune_on_equal, v, alpha, beta, holds=holds)


def _then(first: str, second: str) -> str:
    return f"{first} {second}" if first else second


# -- node values --------------------------------------------------------------------------------
def explain_minimax(key: PreparedKey, path: NodePath, claim: Claim | None, shown: str | None = None) -> str:
    """Why a node's minimax (expectiminimax) value is what it is, from its children's values."""
    label = key.name(path)
    node_type = key.type(path)
    children = key.children[path]
    values = [key.nodes[child].minimax_value for child in children]
    true_value = key.nodes[path].minimax_value
    if claim is not None and claim.bound != "exact" and same_number(claim.value, true_value):
        return say(
            "feedback.minimax.bound", "you wrote {claim}, but the {value_name} value is a number, not a bound: write {typed}.",
            claim=shown if shown is not None else str(claim), value_name=key.value_name, typed=answer_number(true_value),
        )
    limit = key.key.settings.get("depth")
    if (limit is not None and len(path) >= limit) or any(value is None for value in values):  # at or past the depth limit
        why = say(
            "feedback.minimax.limit",
            "{node} is at or past the depth limit: its value is its static value, or, with quiescence search, what its best noisy move "
            "gives where that is better for the player to move: {value}.", node=label, value=number(true_value),
        )
    elif node_type == "chance":
        terms = " + ".join(f"{number(key.probability(c))} × {number(v)}" for c, v in zip(children, values))
        why = say(
            "feedback.minimax.chance",
            "{node} is a chance node: its value is the average of its children's values weighted by their probabilities: {terms} = {value}.",
            node=label, terms=terms, value=number(true_value),
        )
    else:
        fields = {"node": label, "kind": _kind(node_type), "value_name": key.value_name, "children": joined([key.name(c) for c in children]),
                  "values": ", ".join(number(v) for v in values), "value": number(true_value)}
        if node_type == "max":
            why = say("feedback.minimax.max", "{node} is {kind}: its {value_name} value is the largest of its children's values "
                      "({children}): max({values}) = {value}.", **fields)
        else:
            why = say("feedback.minimax.min", "{node} is {kind}: its {value_name} value is the smallest of its children's values "
                      "({children}): min({values}) = {value}.", **fields)
    return _then(wrote(claim, shown), why)


def explain_search_value(key: PreparedKey, path: NodePath, claim: Claim | None, shown: str | None = None) -> str:
    """Why alpha-beta returns what it returns at a node, told from that node's story."""
    label = key.name(path)
    node = key.nodes[path]
    value, bound = node.search_value, node.bound
    assert value is not None, "only nodes the search examines have a value to explain"
    story = key.story(path)
    claimed = shown if shown is not None else str(claim)
    if claim is not None and same_number(claim.value, value) and claim.bound != bound:
        if bound == "exact":
            return say(
                "feedback.values.exact", "you wrote {claim}, but alpha-beta examines all of {node}'s children and computes its value "
                "exactly: write {typed}.", claim=claimed, node=label, typed=answer_number(value),
            )
        return say(
            "feedback.values.bound", "you wrote {claim}, but alpha-beta does not prove that {node} is worth exactly that ({reason}): "
            'it only knows that {node} is worth {known}; write "{typed}".',
            claim=claimed, node=label, reason=_stop_reason(key, path, story, value), known=_qualified(value, bound),
            typed=answer_text(value, bound),
        )
    expected = bounded(value, bound)
    if story is None:
        cut = key.cutoff_at(path)
        if cut is not None:
            why = say("feedback.values.cut", "At {node}, {test}, so the search stops there and {node} returns {value}.",
                      node=label, test=_test(key, node.type, cut.v, cut.alpha, cut.beta), value=expected)
        else:
            why = say("feedback.values.returns", "Alpha-beta returns {value} at {node}.", value=expected, node=label)
        return _then(wrote(claim, shown), why)
    return _then(wrote(claim, shown), _story(key, path, story, value, bound))


def _story(key: PreparedKey, path: NodePath, story: NodeStory, value: float, bound: str | None) -> str:
    """The node's search, told: its window, its children's values, the cutoff or the clamp (or own bound), what it returns."""
    label = key.name(path)
    node_type = key.type(path)
    clamp = ""
    if key.key.conventions.fail == "hard" and story.v is not None and value != story.v:
        clamp = say("feedback.values.clamp", "; fail-hard returns {side} = {value} instead of v = {v}",
                    side="α" if value > story.v else "β", value=number(value), v=number(story.v))
    elif key.key.conventions.fail == "own-bound" and story.v is not None and value != story.v:
        clamp = say("feedback.values.own_bound", "; own-bound returns its own bound {side} = {value} instead of v = {v}",
                    side="α" if value > story.v else "β", value=number(value), v=number(story.v))
    fields = {"node": label, "kind": _kind(node_type), "alpha": number(story.alpha), "beta": number(story.beta), "clamp": clamp,
              "value": _qualified(value, bound)}
    kids = story.children
    if story.cutoff is not None and story.cutoff.pruned:
        cut, last = story.cutoff, kids[-1]
        return say(
            "feedback.values.story.cutoff", "{node} is {kind}, entered with α = {alpha} and β = {beta}; after its {ordinal} child "
            "({child} = {child_value}) {test}, so the search stops there{clamp}, and {node}'s value is {value}.",
            ordinal=ordinal(len(kids) - 1), child=key.name(last.child), child_value=bounded(last.value, last.bound),
            test=_test(key, node_type, cut.v, cut.alpha, cut.beta), **fields,
        )
    fields.update(returned=joined([bounded(kid.value, kid.bound) for kid in kids]), names=joined([key.name(kid.child) for kid in kids]),
                  v=number(story.v))
    if node_type == "max":
        return say_n(
            "feedback.values.story.max",
            "{node} is {kind}, entered with α = {alpha} and β = {beta}; its child returns {returned} ({names}), nothing is pruned, "
            "and v is the largest: {v}{clamp}; so {node}'s value is {value}.",
            "{node} is {kind}, entered with α = {alpha} and β = {beta}; its children return {returned} ({names}), nothing is pruned, "
            "and v is the largest: {v}{clamp}; so {node}'s value is {value}.",
            len(kids), **fields,
        )
    return say_n(
        "feedback.values.story.min",
        "{node} is {kind}, entered with α = {alpha} and β = {beta}; its child returns {returned} ({names}), nothing is pruned, "
        "and v is the smallest: {v}{clamp}; so {node}'s value is {value}.",
        "{node} is {kind}, entered with α = {alpha} and β = {beta}; its children return {returned} ({names}), nothing is pruned, "
        "and v is the smallest: {v}{clamp}; so {node}'s value is {value}.",
        len(kids), **fields,
    )


def _stop_reason(key: PreparedKey, path: NodePath, story: NodeStory | None, value: float) -> str:
    """Why a node's value is only a bound: its cutoff, fail-hard's clamp, its own bound returned (own-bound), or a child's bound."""
    if story is not None and story.cutoff is not None and story.cutoff.pruned:
        cut = story.cutoff
        return say("feedback.reason.cutoff", "it stops early: {test}", test=_test(key, key.type(path), cut.v, cut.alpha, cut.beta))
    if key.key.conventions.fail == "hard" and story is not None and story.v is not None and not same_number(story.v, value):
        return say("feedback.reason.clamp", "fail-hard clamps its v = {v} into [α, β] and returns {side} = {value}",
                   v=number(story.v), side="α" if value > story.v else "β", value=number(value))
    if key.key.conventions.fail == "own-bound" and story is not None and story.v is not None and not same_number(story.v, value):
        return say("feedback.reason.own_bound", "it returns its own bound {side} = {value} rather than its v = {v}",
                   v=number(story.v), side="α" if value > story.v else "β", value=number(value))
    return say("feedback.reason.child", "the value of a child it depends on is itself only a bound")


def never_examined_note(key: PreparedKey, paths: Sequence[NodePath]) -> str:
    """Values were given for nodes alpha-beta never examines: they cost nothing, but the student should know."""
    return say_n(
        "feedback.values.never_examined",
        "{nodes} is never examined, so alpha-beta computes no value there: leave it blank.",
        "{nodes} are never examined, so alpha-beta computes no value there: leave them blank.",
        len(paths), nodes=joined([key.name(p) for p in paths]),
    )


# -- nodes not examined --------------------------------------------------------------------------
def explain_not_examined_missed(key: PreparedKey, missed: NodePath) -> str:
    """Point at the cutoff that skips a node the student did not list."""
    cut = key.cutoff_over(missed)
    if cut is None:
        return say("feedback.missed.plain", "{node} is never examined.", node=key.name(missed))
    story = key.story(cut.at)
    fields = {"node": key.name(cut.at), "test": _test(key, key.type(cut.at), cut.v, cut.alpha, cut.beta)}
    if story is not None and story.children:
        return say(
            "feedback.missed.after", "Look again at {node}: after its {ordinal} child, {test}, so the search stops there: "
            "{node}'s remaining children, and everything below them, are never examined.", ordinal=ordinal(len(story.children) - 1), **fields,
        )
    return say("feedback.missed", "Look again at {node}: {test}, so the search stops there and its remaining children are never examined.",
               **fields)


def explain_not_examined_extra(key: PreparedKey, path: NodePath) -> str:
    """Why a node the student listed is examined after all."""
    label = key.name(path)
    if not path:
        return say("feedback.extra.root", "The search always examines the root.")
    parent, index = path[:-1], path[-1]
    parent_label = key.name(parent)
    limit = key.key.settings.get("depth")
    if limit is not None and len(path) > limit:  # past the depth limit only quiescence search goes on, through noisy moves
        return say("feedback.extra.noisy", "{node} is examined: it is past the depth limit, but the move from {parent} to it is noisy, "
                   "and quiescence search follows noisy moves.", node=label, parent=parent_label)
    if index == 0:
        return say("feedback.extra.first", "{node} is examined: the search enters {parent}, and a node's first child is always examined.",
                   node=label, parent=parent_label)
    story = key.story(parent)
    if story is not None and len(story.children) >= index:
        if key.type(parent) == "chance":
            return say("feedback.extra.chance", "{node} is examined: a chance node averages over all its children.", node=label)
        kid = story.children[index - 1]
        alpha, beta = story.windows[index - 1]
        return say(
            "feedback.extra.no_cutoff", "{node} is examined: at {parent}, after {previous} = {value}, {test}, so there is no cutoff "
            "and the search goes on to {node}.", node=label, parent=parent_label, previous=key.name(parent + (index - 1,)),
            value=bounded(kid.value, kid.bound), test=_test(key, key.type(parent), kid.v, alpha, beta, holds=False),
        )
    return say("feedback.extra.plain", "{node} is examined by the search.", node=label)


# -- move, window -----------------------------------------------------------------------------------
def explain_move(key: PreparedKey, chosen: NodePath) -> str:
    """Why MAX does not move to the child the student chose."""
    label = key.name(chosen)
    root_children = key.children.get((), [])
    if chosen not in root_children:
        return say("feedback.move.not_child", "{node} is not a child of the root; MAX chooses among {children}.",
                   node=label, children=joined([key.name(c) for c in root_children]))
    chosen_value = key.nodes[chosen].minimax_value
    if key.key.best_move is not None and same_number(chosen_value, key.key.root_value):
        return say("feedback.move.tie", "{node} is worth {value}, as much as the best child, but an earlier child is worth the same "
                   "and ties go to the first move searched.", node=label, value=number(chosen_value))
    return say("feedback.move.worse", "MAX moves to the child with the highest {value_name} value; {node} is worth {value}, "
               "and another child is worth more.", value_name=key.value_name, node=label, value=number(chosen_value))


def explain_window(key: PreparedKey, question: Question, which: str) -> str:
    """What alpha (or beta) at a node means, and which node above it last set it (without its value)."""
    assert question.node is not None
    label = question.label or key.name(question.node)
    story = key.story(question.node)
    if which == "alpha":
        meaning = say("feedback.window.alpha", "α at {node} is the best value MAX can already guarantee on the path from the root to {node}",
                      node=label)
        origin = story.alpha_set_at if story is not None else None
        player = node_kind("max")
    else:
        meaning = say("feedback.window.beta", "β at {node} is the best (lowest) value MIN can already guarantee on the path from the root "
                      "to {node}", node=label)
        origin = story.beta_set_at if story is not None else None
        player = node_kind("min")
    if story is None:
        return say("feedback.window.meaning", "{meaning}.", meaning=meaning)
    if origin is None:
        return say("feedback.window.unset", "{meaning}; no {player} node above {node} had a child's value yet when the search entered {node}.",
                   meaning=meaning, player=player, node=label)
    return say("feedback.window.set", "{meaning}; it was last set at {origin}: look at which of its children had returned when the search "
               "entered {node}.", meaning=meaning, origin=key.name(origin), node=label)
