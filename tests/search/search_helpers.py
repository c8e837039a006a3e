"""Search test helpers: small games whose states repeat (transpositions), built by hand or by hypothesis."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

__all__ = ["DagGame", "NoisyDagGame", "dag_games", "noisy_dag_games"]


class DagGame:
    """A game on states 0..n-1: each has a player, its successors (later states), a utility
    and a static evaluation. Several states may lead to the same state: transpositions."""

    name = "dag"
    has_evaluation = True

    def __init__(self, nodes: list[tuple[str, list[int], int, int]]) -> None:
        self.nodes = nodes
        self.has_chance = any(player == "chance" and successors for player, successors, _, _ in nodes)

    def __repr__(self) -> str:
        return f"DagGame({self.nodes!r})"

    def initial_state(self) -> int:
        return 0

    def to_move(self, state: int) -> str:
        return self.nodes[state][0]

    def actions(self, state: int) -> list[int]:
        return list(range(len(self.nodes[state][1])))

    def chance_outcomes(self, state: int) -> list[tuple[int, float]]:
        successors = self.nodes[state][1]
        return [(index, 1 / len(successors)) for index in range(len(successors))]

    def result(self, state: int, action: int) -> int:
        return self.nodes[state][1][action]

    def is_terminal(self, state: int) -> bool:
        return not self.nodes[state][1]

    def utility(self, state: int) -> int:
        return self.nodes[state][2]

    def evaluate(self, state: int) -> int:
        return self.nodes[state][3]


@st.composite
def dag_games(draw: Any, players: tuple[str, ...] = ("max", "min")) -> DagGame:
    """Layers of one to three states, each state leading to states of the next layer (or
    ending the game), so that many paths meet at the same states in different windows."""
    widths = draw(st.lists(st.integers(min_value=1, max_value=3), min_size=1, max_size=7))
    widths[0] = 1
    firsts = [sum(widths[:layer]) for layer in range(len(widths))]
    values = st.integers(min_value=-6, max_value=6)
    nodes = []
    for layer, width in enumerate(widths):
        below = list(range(firsts[layer + 1], firsts[layer + 1] + widths[layer + 1])) if layer + 1 < len(widths) else []
        for _ in range(width):
            successors = draw(st.lists(st.sampled_from(below), max_size=3)) if below else []
            nodes.append((draw(st.sampled_from(players)), successors, draw(values), draw(values)))
    return DagGame(nodes)


class NoisyDagGame(DagGame):
    """A DagGame whose states say which of their moves are noisy (quiescence search follows only those)."""

    def __init__(self, nodes: list[tuple[str, list[int], int, int]], noisy: dict[int, list[int]]) -> None:
        super().__init__(nodes)
        self.noisy = noisy

    def __repr__(self) -> str:
        return f"NoisyDagGame({self.nodes!r}, {self.noisy!r})"

    def noisy_moves(self, state: int) -> list[int]:
        return self.noisy.get(state, [])

    def is_quiet(self, state: int) -> bool:
        return not self.noisy.get(state)


@st.composite
def noisy_dag_games(draw: Any, players: tuple[str, ...] = ("max", "min")) -> NoisyDagGame:
    """A dag game whose states each mark a few of their moves noisy (often none: a quiet state)."""
    game = draw(dag_games(players))
    noisy = {}
    for state, (_, successors, _, _) in enumerate(game.nodes):
        if successors:
            noisy_state = draw(st.integers(min_value=0, max_value=3)) > 0  # three states in four are not quiet
            chosen = draw(st.lists(st.sampled_from(range(len(successors))), min_size=1, max_size=2, unique=True)) if noisy_state else []
            if chosen:
                noisy[state] = sorted(chosen)
    return NoisyDagGame(game.nodes, noisy)
