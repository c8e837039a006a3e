"""The `Game` protocol every search runs on, and the adapter that makes a tree a game.

A game answers the questions of AIMA's game formulation. Values are always from
MAX's point of view: MAX maximises, MIN minimises, a chance node averages.

========================  =========================================================
``to_move(s)``            ``"max"``, ``"min"`` or ``"chance"``: who acts in ``s``
``actions(s)``            the legal moves of a player node, in the documented order
``chance_outcomes(s)``    a chance node's outcomes as ``(outcome, probability)``
``result(s, a)``          the state after move or outcome ``a``
``is_terminal(s)``        whether the game is over
``utility(s)``            a terminal state's value (for MAX)
``evaluate(s)``           the static evaluation used where a depth limit cuts the
                          search; it scores terminal states too, on the same scale
                          (for example +inf for a win), because a depth-limited search
                          compares terminal and cut-off values with each other
``move_label(s, a)``      a short name for the edge, such as ``Xb2``
``describe(s)``           the state as one line of text
``board(s)``              the state as a small grid of cells for figures, or None
========================  =========================================================

``has_chance`` says whether chance nodes can occur (alpha-beta refuses them) and
``has_evaluation`` whether ``evaluate`` exists (a depth limit needs it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from tracer.errors import SearchError
from tracer.game.model import Node, Tree, format_value

__all__ = ["Game", "TreeGame"]


@runtime_checkable
class Game(Protocol):
    name: str
    has_chance: bool
    has_evaluation: bool

    def initial_state(self) -> Any: ...

    def to_move(self, state: Any) -> str: ...

    def actions(self, state: Any) -> Sequence[Any]: ...

    def chance_outcomes(self, state: Any) -> Sequence[tuple[Any, float]]: ...

    def result(self, state: Any, action: Any) -> Any: ...

    def is_terminal(self, state: Any) -> bool: ...

    def utility(self, state: Any) -> float: ...

    def evaluate(self, state: Any) -> float: ...

    def move_label(self, state: Any, action: Any) -> str: ...

    def describe(self, state: Any) -> str: ...

    def board(self, state: Any) -> list[list[str]] | None: ...


class TreeGame:
    """An explicit :class:`Tree` seen as a game: a state is a node, a move a child index."""

    name = "tree"
    has_evaluation = True

    def __init__(self, tree: Tree) -> None:
        self.tree = tree
        self.has_chance = tree.has_chance

    def initial_state(self) -> Node:
        return self.tree.root

    def to_move(self, state: Node) -> str:
        return state.type

    def actions(self, state: Node) -> Sequence[int]:
        return range(len(state.children))

    def chance_outcomes(self, state: Node) -> Sequence[tuple[int, float]]:
        return [(index, child.p if child.p is not None else 0.0) for index, child in enumerate(state.children)]

    def result(self, state: Node, action: int) -> Node:
        return state.children[action]

    def is_terminal(self, state: Node) -> bool:
        return not state.children

    def utility(self, state: Node) -> float:
        return state.value  # type: ignore[return-value]  # leaves always carry a value

    def evaluate(self, state: Node) -> float:
        if state.value is None:
            raise SearchError(
                "the search needs this node's static evaluation, but it has no value",
                path=state.path,
                label=state.label,
                hint="give the node value: <number>, or search without a depth limit or move ordering by evaluation",
            )
        return state.value

    def move_label(self, state: Node, action: int) -> str:
        child = state.children[action]
        return child.move if child.move is not None else ""

    def describe(self, state: Node) -> str:
        if state.children:
            return f"{state.label}: {state.type.upper()} node with {len(state.children)} children"
        return f"{state.label}: leaf {format_value(state.value)}"

    def board(self, state: Node) -> None:
        return None
