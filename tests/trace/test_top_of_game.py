"""The top of a game's tree answers every question about a node as the whole tree built from the
events does (labels, kinds, moves, states, children, sizes), holding real nodes only down to its depth."""

from __future__ import annotations

import pytest
from engine_helpers import every_kind_of_search

from tracer.game.games import TicTacToe
from tracer.search import SearchSettings
from tracer.trace.model import Trace, build_tree_of_game
from tracer.trace.top import TopOfGame

SEARCHES = every_kind_of_search()


@pytest.mark.parametrize("name", SEARCHES)
@pytest.mark.parametrize("depth", [0, 1, 2])
def test_the_top_of_a_game_answers_as_the_whole_tree(name, depth):
    game, settings = SEARCHES[name]
    trace = Trace.searched(game, settings)
    whole = build_tree_of_game(trace.game, trace.raw_events)
    top = TopOfGame(trace, depth)
    assert (len(top), top.height, top.has_chance, top.root.label) == (len(whole), whole.height, whole.has_chance, "A")
    sizes: dict[tuple[int, ...], int] = {}
    for node in reversed(list(whole.preorder())):
        sizes[node.path] = 1 + sum(sizes[child.path] for child in node.children)
    for node in whole.preorder():
        assert node.path in top
        made = top.node(node.path)
        assert (made.path, made.label, made.type, made.move, made.p, made.state) == (node.path, node.label, node.type, node.move, node.p, node.state)
        assert top.child_count(node.path) == len(node.children)
        if len(node.path) <= depth:
            assert made is top.node(node.path) and made.value == node.value
            assert [child.path for child in made.children] == ([child.path for child in node.children] if len(node.path) < depth else [])
            assert top.subtree_sizes()[node.path] == sizes[node.path]
        if node.path:
            assert node.path + (99,) not in top
    assert top.entered == {path for path in trace.entered() if len(path) <= depth}
    assert [node.path for node in top.preorder()] == [node.path for node in whole.preorder() if len(node.path) <= depth]


def test_the_top_of_a_whole_game_holds_its_top_and_makes_deep_nodes_when_asked():
    trace = Trace.searched(TicTacToe("X........"), SearchSettings(algorithm="minimax"))
    top = TopOfGame(trace, 2)
    assert len(top._by_path) == 1 + 8 + 8 * 7 and len(top) > 50_000
    deep = (0, 0, 0, 0, 0)
    assert top.node(deep) is not top.node(deep) and top.node(deep).label == build_tree_of_game(trace.game, trace.raw_events).node(deep).label
    assert top.node("0.0.0.0.0").path == deep and deep not in top._by_path
    with pytest.raises(KeyError):
        top.node("0.0.0.0.0.0.0.0.0.0.0")
