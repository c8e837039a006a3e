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


@pytest.mark.parametrize("fmt", ["text", "markdown"])
def test_a_deep_key_is_as_long_as_the_tree_not_its_square(fmt):
    """A chain 4 times as deep: the key 4 times as long (paths deeper than a screen are written by their ends)."""
    sizes = []
    for depth in (500, 2000):
        trace = tracer.alphabeta(tracer.parse_tree("[" * depth + "1" + "]" * depth))
        sizes.append(len(FORMATS[fmt](tracer.answer_key(trace))))
    assert sizes[1] / sizes[0] <= 1.25 * 4, sizes
