"""Engine test helpers: an independent minimax over bracket-form lists, and tree strategies.

`independent_minimax` is deliberately written apart from tracer's engine (plain
recursion over nested lists), so the engine is checked against something it does not
share code with.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

AIMA_FIG_5_2 = "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"


def every_kind_of_search() -> dict[str, Any]:
    """Small game searches that between them emit every kind of event: (game, settings) by name."""
    from tracer.game.games import CoinFlip, Hexapawn, Nim, TicTacToe
    from tracer.search import Conventions, SearchSettings

    return {
        "tic-tac-toe minimax": (TicTacToe("X...O...."), SearchSettings(algorithm="minimax")),
        "tic-tac-toe alpha-beta, symmetric table": (TicTacToe("X........"), SearchSettings(transposition_table="symmetry")),
        "tic-tac-toe iterative, table, ordered": (TicTacToe("XO......."), SearchSettings(depth=3, iterative=True, transposition_table=True,
                                                                                        order="eval")),
        "hexapawn quiescence": (Hexapawn(), SearchSettings(depth=2, quiescence=True)),
        "nim fail-hard, prune on >": (Nim("1,2,3"), SearchSettings(conventions=Conventions(False, "hard"))),
        "coin flip expectiminimax": (CoinFlip(), SearchSettings(algorithm="expectiminimax")),
    }


def independent_minimax(node: Any, players: tuple[str, ...] = ("max", "min"), depth: int = 0) -> float:
    """Minimax of a bracket-form tree; node types cycle through ``players`` by depth."""
    if not isinstance(node, list):
        return node
    values = [independent_minimax(child, players, depth + 1) for child in node]
    player = players[depth % len(players)]
    if player == "max":
        return max(values)
    if player == "min":
        return min(values)
    return sum(values) / len(values)


def traced(source: str) -> Any:
    """The trace of a test case named in one string: a bracket tree (alpha-beta), or
    ``tictactoe:POSITION`` (minimax, the whole game from there) with ``:iterative`` for iterative
    deepening to depth 3 with a transposition table."""
    import tracer
    from tracer.game.games import TicTacToe
    from tracer.search import SearchSettings

    if not source.startswith("tictactoe:"):
        return tracer.alphabeta(source)
    _, position, *iterative = source.split(":")
    settings = SearchSettings(depth=3, iterative=True, transposition_table=True) if iterative else SearchSettings()
    return tracer.search(TicTacToe(position), settings)


def subtree(node: Any, path: tuple[int, ...]) -> Any:
    for index in path:
        node = node[index]
    return node


def bracket_trees(max_leaves: int = 40, values: st.SearchStrategy[int] | None = None) -> st.SearchStrategy[Any]:
    """Random bracket-form trees: leaves are small integers (ties included), any shape."""
    leaf = values if values is not None else st.integers(min_value=-9, max_value=9)
    return st.recursive(leaf, lambda children: st.lists(children, min_size=1, max_size=4), max_leaves=max_leaves)


def internal_trees(max_leaves: int = 40) -> st.SearchStrategy[Any]:
    """Like bracket_trees, but the root is always an internal node."""
    return st.lists(bracket_trees(max_leaves // 2), min_size=1, max_size=4)


INF = float("inf")


class DeckTranscript:
    """The UNH CS 730 deck's (own-bound) pseudocode, transcribed (tests/search/test_own_bound.py quotes it): the deck's MAX-VALUE and MIN-VALUE over a bracket-form tree (MAX at the root, levels alternate)."""

    def __init__(self) -> None:
        self.values: dict[tuple[int, ...], float] = {}
        self.pruned: set[tuple[int, ...]] = set()

    def max_value(self, node: Any, path: tuple[int, ...], alpha: float, beta: float) -> float:
        if not isinstance(node, list):
            return self.returns(path, node)
        for index, child in enumerate(node):
            alpha = max(alpha, self.min_value(child, path + (index,), alpha, beta))
            if alpha >= beta:
                self.pruned.update(path + (later,) for later in range(index + 1, len(node)))
                return self.returns(path, alpha)
        return self.returns(path, alpha)

    def min_value(self, node: Any, path: tuple[int, ...], alpha: float, beta: float) -> float:
        if not isinstance(node, list):
            return self.returns(path, node)
        for index, child in enumerate(node):
            beta = min(beta, self.max_value(child, path + (index,), alpha, beta))
            if beta <= alpha:
                self.pruned.update(path + (later,) for later in range(index + 1, len(node)))
                return self.returns(path, beta)
        return self.returns(path, beta)

    def returns(self, path: tuple[int, ...], value: float) -> float:
        self.values[path] = value
        return value


def deck(tree: Any) -> DeckTranscript:
    transcript = DeckTranscript()
    transcript.max_value(tree, (), -INF, INF)
    return transcript
