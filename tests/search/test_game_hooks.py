"""The game hooks the search consults: each in the protocol's table, each optional one with one default."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import tracer
from tracer import answer_key
from tracer.game import protocol
from tracer.game.games import TicTacToe
from tracer.game.protocol import TreeGame
from tracer.search import SearchSettings, run_search

INF = float("inf")


# -- the hooks the search consults ------------------------------------------------------------------
class Spy:
    """A game that notes every attribute the search reads from it."""

    def __init__(self, game: Any) -> None:
        object.__setattr__(self, "_game", game)
        object.__setattr__(self, "read", set())

    def __getattr__(self, name: str) -> Any:
        self.read.add(name)
        return getattr(self._game, name)


def documented_hooks() -> set[str]:
    table = protocol.__doc__.split("hook ", 1)[1]
    return set(re.findall(r"^``(\w+)", table, flags=re.MULTILINE))


@pytest.mark.parametrize(
    ("game", "settings"),
    [
        (TicTacToe("XO.X....."), SearchSettings(algorithm="minimax", depth=2, transposition_table=True, order="eval")),
        (TicTacToe("XO.X....."), SearchSettings(algorithm="alphabeta", depth=3, iterative=True, order="perfect")),
        (TreeGame(tracer.parse_tree('{"chance": [[0.5, {"value": 1, "children": [2, 3]}], [0.5, 4]]}')), SearchSettings(algorithm="expectiminimax", depth=1)),
    ],
)
def test_every_hook_the_search_reads_is_in_the_protocol_table(game, settings):
    spy = Spy(game)
    run_search(spy, settings)
    assert spy.read <= documented_hooks()
    assert {"evaluates_terminals", "to_move", "is_terminal", "evaluate"} <= spy.read


def test_the_hooks_a_refusal_reads_are_in_the_protocol_table():
    spy = Spy(type("Untitled", (), {"name": "untitled", "has_chance": False, "has_evaluation": False})())
    with pytest.raises(tracer.errors.SearchError, match=r"^untitled has no evaluation function"):
        run_search(spy, SearchSettings(depth=1))
    assert "title" in spy.read and spy.read <= documented_hooks()


def test_optional_hooks_have_their_documented_defaults():
    bare = type("Bare", (), {"name": "bare"})()
    assert protocol.evaluates_terminals(bare) is True
    assert protocol.game_title(bare) == "bare"
    assert protocol.evaluates_terminals(type("Says", (), {"evaluates_terminals": False})()) is False
    assert {"evaluates_terminals", "title"} <= documented_hooks()


class TicTacToeScoredByUtilityAtTheEnd(TicTacToe):
    """Tic-tac-toe whose evaluation does not score finished games: they keep their utility."""

    evaluates_terminals = False


def test_a_game_whose_evaluation_skips_terminals_keeps_their_utility_under_a_depth_limit():
    # X to move wins at once with Xc1; the open-lines evaluation would call that +inf, the utility 1.
    plain = tracer.minimax(TicTacToe("XX.OO...."), depth=2)
    keeping = tracer.minimax(TicTacToeScoredByUtilityAtTheEnd("XX.OO...."), depth=2)
    win = plain.tree.node(plain.best_move).path
    assert [e.value for e in plain if e.kind == "evaluate" and e.node == win] == [INF]
    assert [(e.value, e.source) for e in keeping if e.kind == "evaluate" and e.node == win] == [(1, "utility")]
    # The key's true values come from the oracle, which must score terminal states as the search does.
    key = answer_key(keeping, include_nodes=True)
    for node in key.nodes:
        if node.visited:
            assert node.minimax_value == node.search_value, node.path


def test_minimax_values_in_a_key_agree_with_a_depth_limited_search_of_a_tree():
    tree = json.dumps({"value": 0, "children": [{"value": 4, "children": [1, 9]}, {"value": 6, "children": [2, 3]}]})
    key = answer_key(tracer.minimax(tree, depth=1), include_nodes=True)
    assert [(n.path, n.minimax_value) for n in key.nodes if n.visited] == [((), 6), ((0,), 4), ((1,), 6)]
