"""Every key format grows linearly with the tree (issue 15: the text key of a 111,111-node tree
took 115 s, its JSON 4.4 s; 1.1 million nodes never finished).

Nothing is timed (the machine is shared): the tests count the work instead. Python's profiler
counts every function call, of Python and of C (``str.join``, ``list.index``, ...), made while
the key is written; a tree with 16 times the nodes must cost about 16 times the calls, not 256.
For the written size, chains (one path per level) show the classic quadratic: a key that writes
every path whole grows with nodes x depth. ``bench/commands.py`` times the whole commands on
111,111 and 1,111,111 nodes."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

import pytest

import tracer
from tracer.trace.key_text import key_markdown, key_text

FORMATS: dict[str, Callable[[Any], str]] = {
    "text": key_text,
    "markdown": key_markdown,
    "json": lambda key: json.dumps(key.to_json(), indent=2, ensure_ascii=False),
}


def balanced(width: int, depth: int) -> str:
    leaves = iter(((index * 7919) % 199) - 99 for index in range(width**depth))

    def node(level: int) -> str:
        return str(next(leaves)) if level == depth else "[" + ", ".join(node(level + 1) for _ in range(width)) + "]"

    return node(0)


def calls(work: Callable[[], Any]) -> int:
    """The function calls (Python and C) made by ``work()``."""
    count = 0

    def profile(frame: Any, event: str, arg: Any) -> None:
        nonlocal count
        if event in ("call", "c_call"):
            count += 1

    sys.setprofile(profile)
    try:
        work()
    finally:
        sys.setprofile(None)
    return count


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_key_costs_calls_in_proportion_to_the_nodes(fmt):
    write = FORMATS[fmt]
    costs = []
    for depth in (4, 6):  # 341 and 5,461 nodes: 16 times as many
        trace = tracer.alphabeta(tracer.parse_tree(balanced(4, depth)))
        costs.append(calls(lambda trace=trace: write(tracer.answer_key(trace))))
    nodes = ((4**7 - 1) // 3) / ((4**5 - 1) // 3)
    assert costs[1] / costs[0] <= 1.25 * nodes, costs


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_deep_key_is_as_long_as_the_tree_not_its_square(fmt):
    """A chain 4 times as deep: the key 4 times as long (text and Markdown write paths deeper than a
    screen by their ends, JSON by reference to the node rows), not 16 times."""
    sizes = []
    for depth in (500, 2000):
        trace = tracer.alphabeta(tracer.parse_tree("[" * depth + "1" + "]" * depth))
        sizes.append(len(FORMATS[fmt](tracer.answer_key(trace))))
    assert sizes[1] / sizes[0] <= 1.25 * 4, sizes


def test_a_deep_json_key_reads_back_as_it_was():
    """Deep paths by reference (version 2): every path of the key read back is the path written,
    checked against the tree's own paths; a shallow key stays version 1 with every path whole."""
    from tracer.trace.key import AnswerKey

    tree = tracer.parse_tree("[" + "[" * 39 + "[[1, 5], [2, 9]], [3, 4]" + "]" * 39 + ", 7]")
    trace = tracer.alphabeta(tree)
    key = tracer.answer_key(trace)
    data = json.loads(json.dumps(key.to_json()))
    assert data["version"] == 2
    written = {tuple(node.path): row["path"] for node, row in zip(tree.preorder(), data["nodes"])}
    assert written[(0,) * 31] == ".".join(["0"] * 31)  # 31 levels: whole
    rows = {tuple(node.path): index for index, node in enumerate(tree.preorder())}
    assert written[(0,) * 32] == f"#{rows[(0,) * 31]}.0" and written[(0,) * 40 + (1,)] == f"#{rows[(0,) * 40]}.1"
    assert data["unvisited"] and all(path.startswith("#") for path in data["unvisited"])
    back = AnswerKey.from_json(data)
    assert [node.path for node in back.nodes] == [node.path for node in tree.preorder()]
    assert (back.principal_variation, back.evaluated, back.unvisited, back.cutoffs, back.best_move) == (
        key.principal_variation, key.evaluated, key.unvisited, key.cutoffs, key.best_move)
    assert key_text(back) == key_text(key)
    shallow = tracer.answer_key(tracer.alphabeta(tracer.parse_tree("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"))).to_json()
    assert shallow["version"] == 1 and shallow["unvisited"] == ["1.1", "1.2"]


@pytest.mark.parametrize("bad", ["#99", "#1.0x", "#-1", "#"])
def test_a_reference_to_no_node_is_refused_naming_the_field(bad):
    from tracer.trace.key import AnswerKey, KeyFormatError

    tree = tracer.parse_tree("[" * 40 + "1, 2" + "]" * 40)
    data = json.loads(json.dumps(tracer.answer_key(tracer.alphabeta(tree)).to_json()))
    data["nodes"][3]["path"] = bad
    with pytest.raises(KeyFormatError, match=r"nodes\[3\]\.path must be a node path"):
        AnswerKey.from_json(data)
