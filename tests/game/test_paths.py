"""Node paths: plain tuples near the root, DeepPath from DEEP levels on, indistinguishable as values."""

from __future__ import annotations

import json
import pickle

from hypothesis import given, settings
from hypothesis import strategies as st

import tracer
from tracer.errors import path_text
from tracer.game.model import DEEP, DeepPath, as_path, child_path, parent_path, parse_path
from tracer.trace.key import answer_key
from tracer.trace.key_text import key_text


@given(st.lists(st.integers(min_value=0, max_value=30), min_size=DEEP, max_size=DEEP + 40))
def test_a_deep_path_is_the_plain_tuple_as_a_value(items):
    plain = tuple(items)
    deep = as_path(items)
    assert isinstance(deep, DeepPath)
    assert deep == plain and plain == deep and hash(deep) == hash(plain)
    assert {plain: "found"}[deep] == "found" and {deep: "found"}[plain] == "found"
    assert deep[:-1] == plain[:-1] and len(deep) == len(plain) and list(deep) == items
    assert path_text(deep) == ".".join(map(str, items)) == path_text(plain)
    assert json.dumps(deep) == json.dumps(plain)
    again = pickle.loads(pickle.dumps(deep))
    assert again == plain and hash(again) == hash(plain)


def test_children_of_deep_paths_are_deep_and_know_their_text():
    path: tuple[int, ...] = ()
    for level in range(DEEP + 5):
        path = child_path(path, level % 3)
        assert isinstance(path, DeepPath) == (level + 1 >= DEEP)
        assert hash(path) == hash(tuple(path)) and {tuple(path): "found"}[path] == "found"  # hashed from the parent's hash
    assert isinstance(path + (7,), DeepPath)
    assert path_text(path + (7,)) == ".".join(str(level % 3) for level in range(DEEP + 5)) + ".7"
    parsed = parse_path(path_text(path))
    assert isinstance(parsed, DeepPath) and parsed == path


@given(st.lists(st.integers(min_value=0, max_value=2**40), min_size=DEEP, max_size=DEEP + 60), st.integers(0, 2**70))
def test_a_deep_child_s_hash_made_from_its_parent_s_is_the_tuple_s(items, last):
    path = as_path(items)  # a deep path read whole, then its children made one by one
    for index in (*items[:5], last, 0):
        path = child_path(path, index)
        assert hash(path) == hash(tuple(path))


def test_a_path_s_parent_is_its_slice_and_a_deep_child_gives_the_parent_it_was_made_from():
    path: tuple[int, ...] = ()
    for level in range(DEEP + 5):
        child = child_path(path, level % 3)
        assert parent_path(child) == child[:-1] == path
        if isinstance(child, DeepPath):  # no new tuple to build and hash item by item
            assert parent_path(child) is path
        path = child
    parsed = as_path(list(path))  # a deep path read from text knows no parent: sliced
    assert parent_path(parsed) == path[:-1] and parent_path((4,)) == ()


def test_the_key_of_a_deep_chain():
    depth = 3000
    trace = tracer.alphabeta("[" * depth + "7" + "]" * depth)
    key = answer_key(trace)
    assert key.root_value == 7 and len(key.nodes) == depth + 1
    data = key.to_json()  # deep paths by reference to their node's row (version 2), read back whole
    assert data["principal_variation"][-1] == f"#{depth}" and data["nodes"][depth]["path"] == f"#{depth - 1}.0"
    assert type(key).from_json(data).principal_variation[-1] == (0,) * depth
    assert all(node.search_value == 7 and node.visited for node in key.nodes)
    text = key_text(key)
    assert "0.0.0.0.….0.0.0.0 (depth 3,000)" in text  # a table cell, not a line of 6,000 characters
    assert max(len(line) for line in text.splitlines() if line.startswith(("A ", "B ", "C "))) < 80


def test_a_game_s_tree_is_lettered_breadth_first_and_found_by_label_with_the_events_own_paths():
    """A game's tree labels every node with a letter in breadth-first order (its index by label made on
    first use), and its nodes hold the paths of the events that entered them (no second copy)."""
    from collections import deque

    from tracer.game.games import TicTacToe
    from tracer.game.model import letters
    from tracer.search import SearchSettings
    from tracer.search.events import kind_of, node_of
    from tracer.trace.model import Trace

    trace = Trace.searched(TicTacToe("XO.X....."), SearchSettings(algorithm="minimax"))
    tree = trace.tree
    queue, order = deque([tree.root]), []
    while queue:  # breadth first, children by move index, written out here rather than read from Tree
        node = queue.popleft()
        order.append(node)
        queue.extend(sorted(node.children, key=lambda child: child.path[-1]))
    assert [node.label for node in order] == [letters(index) for index in range(len(order))]
    assert tree.find("b") is order[1] and tree.by_label("AA") is order[26] and tree.find("0.1") is tree.node((0, 1))
    entered = {node_of(raw): node_of(raw) for raw in trace.raw_events if kind_of(raw) == "enter"}
    assert all(node.path is entered[node.path] for node in order if node.path)


def test_the_letter_sequence_is_letters_in_order():
    from itertools import islice

    from tracer.game.model import letter_sequence, letters

    assert list(islice(letter_sequence(), 20_000)) == [letters(index) for index in range(20_000)]
    assert letters(701) == "ZZ" and letters(702) == "AAA"  # worked by hand: 26 + 26 * 26 = 702 labels of one or two letters


@settings(max_examples=300, deadline=None)
@given(text=st.one_of(st.text(alphabet="0123456789. ", max_size=12), st.sampled_from(["", "0", "1.0", " 2.10.3 ", "01", "1..2", "B"])))
def test_a_path_read_again_is_the_path_read_first(text):
    """parse_path keeps the texts it read (a class's keys repeat the same few paths): a second reading,
    from the kept ones, is the first; a deep path is never kept (it carries its own text and parent)."""
    from tracer.game import paths

    first = parse_path(text)
    assert first == paths._read_path(text) and parse_path(text) == first


def test_the_paths_kept_are_bounded_and_never_deep(monkeypatch):
    from tracer.game import paths

    monkeypatch.setattr(paths, "_PARSED", {})
    deep = ".".join(["1"] * (paths.DEEP + 1))
    assert parse_path(deep) is not parse_path(deep) and deep not in paths._PARSED
    for n in range(paths._PARSED_KEPT + 50):
        assert parse_path(f"{n}.0") == (n, 0)
    assert len(paths._PARSED) == paths._PARSED_KEPT
