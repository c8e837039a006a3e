"""The checks the tree builder (:mod:`tracer.game.tree_builder`) makes once a node's children
are known: a chance node's probabilities (all or none given, summing to 1; none given means
equally likely), and labels unique ignoring case (``str.casefold``: ``I`` and ``i`` clash,
``I`` and Turkish's dotless ``ı`` do not).

``builder`` is the tree builder: its ``reader``, ``source``, ``probability`` and ``error``.
"""

from __future__ import annotations

import math
from typing import Any

from tracer.errors import TreeFormatError
from tracer.game.model import Node, NodePath
from tracer.words import say
from tracer.words.notation import exact_number

__all__ = ["PROBABILITY_TOLERANCE", "check_probabilities", "finish"]

PROBABILITY_TOLERANCE = 1e-9


def check_probabilities(builder: Any, fields: dict[str, Any], children: list[tuple[Any, Any]], path: NodePath) -> None:
    """All or none of a chance node's children carry p; given ones sum to 1."""
    reader = builder.reader
    raw = fields["raw"]
    given: list[float | None] = []
    for index, (child_raw, pair_p) in enumerate(children):
        p_raw = pair_p
        if p_raw is None and reader.kind(child_raw) == "map":
            p_raw = dict(reader.entries(child_raw)).get("p")
        given.append(None if p_raw is None else builder.probability(p_raw, path + (index,)))
    if all(p is None for p in given):
        return
    if any(p is None for p in given):
        missing = [str(i) for i, p in enumerate(given) if p is None]
        raise builder.error(
            say("tree.p.some", "some children of this chance node have p and others ({missing}) do not", missing=", ".join(missing)),
            raw,
            path,
            hint=say("tree.p.some.hint", "give p on every child, or on none for equally likely outcomes"),
        )
    total = math.fsum(p for p in given if p is not None)
    if abs(total - 1.0) > PROBABILITY_TOLERANCE:
        raise builder.error(
            say("tree.p.sum", "the probabilities of this chance node's children sum to {total}, not 1", total=exact_number(total)),
            raw,
            path,
            hint=say("tree.p.sum.hint", "make them sum to 1, or leave p out for equally likely outcomes"),
        )


def finish(root: Node, builder: Any) -> Node:
    """Uniform probabilities where none were given; duplicate labels refused."""
    seen: dict[str, Node] = {}
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == "chance" and node.children and node.children[0].p is None:
            uniform = 1.0 / len(node.children)
            for child in node.children:
                child.p = uniform
        if node.label:
            key = node.label.casefold()
            if key in seen:
                other = seen[key]
                raise TreeFormatError(
                    say("tree.label.twice", "the label {label} is also used by the node at path {path}", label=repr(node.label), path=repr(other.path_text)),
                    source=builder.source,
                    path=node.path,
                    hint=say("tree.label.twice.hint", "labels must be unique (ignoring case); rename one"),
                )
            seen[key] = node
        stack.extend(reversed(node.children))  # preorder, so the later node is the one named
    return root
