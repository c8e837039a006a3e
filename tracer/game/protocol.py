"""The `Game` protocol every search runs on, and the adapter that makes a tree a game.

A game answers the questions of AIMA's game formulation. Values are always from
MAX's point of view: MAX maximises, MIN minimises, a chance node averages.

Every hook tracer consults, when it is consulted, and what stands in when a game leaves
an optional one out. The search reads the optional hooks with defaults only through
:func:`evaluates_terminals`, :func:`game_title` and :func:`bounded`, which hold them; the
optional hooks without a default are asked for by an option (``--quiescence``, ``--tt
symmetry``, ``--order captures``), which a game without them refuses.

=========================  ==============================================================  ===============
hook                       consulted                                                       when absent
=========================  ==============================================================  ===============
``name``                   to name the game in traces and messages                         required
``title``                  to name the game in the search's refusals                       ``name``
``has_chance``             before a search: minimax and alpha-beta refuse chance nodes     required
``has_evaluation``         before a search: a depth limit, iterative deepening and         required
                           ``--order eval`` need ``evaluate``
``evaluates_terminals``    once per depth-limited search: whether ``evaluate`` scores      True
                           terminal states too (False: they keep their ``utility``)
``bounded``                before a search without a depth limit: False for a game that    True
                           cannot be searched to its end (chess), which then needs one
``initial_state()``        once per search: the root                                       required
``to_move(s)``             at each node searched that is not terminal, not cut by the      required
                           depth limit and not answered by the transposition table:
                           ``"max"``, ``"min"`` or ``"chance"``, who acts in ``s``
``actions(s)``             at each MAX or MIN node searched: its legal moves, in the       required
                           documented order
``chance_outcomes(s)``     at each chance node searched (expectiminimax): its outcomes     required
                           as ``(outcome, probability)``
``result(s, a)``           for each child searched (an ordering may ask for all of a       required
                           node's children first): the state after move or outcome ``a``
``is_terminal(s)``         at each node entered that the table does not answer             required
``utility(s)``             at terminal states, unless a depth limit has ``evaluate``       required
                           score them: the value for MAX
``evaluate(s)``            where the depth limit cuts the search; at terminal states       required if
                           under a depth limit (see ``evaluates_terminals``); by           ``has_evaluation``
                           ``--order eval``. Terminal states are scored on the same
                           scale (for example +inf for a win), because a depth-limited
                           search compares terminal and cut-off values with each other
``is_quiet(s)``            with ``--quiescence``, at each MAX or MIN node at or past the    refused
                           depth limit: True where a static value can be trusted (no
                           capture pending), so the node is evaluated
``noisy_moves(s)``         with ``--quiescence``, at each node that is not quiet there:    refused
                           the moves quiescence searches (captures), a subset of
                           ``actions(s)``; the node stands pat on ``evaluate(s)`` first
``symmetries``             with ``--tt symmetry``, once: the game's symmetries             refused
                           (:class:`~tracer.game.symmetry.Symmetry`), the identity first
``canonical(s)``           with ``--tt symmetry``, at each table look-up and store:        refused
                           ``(c, g)``, the representative ``c`` of the state's twins and
                           the symmetry ``g`` that takes ``s`` to ``c``
``capture_values(s, a)``   with ``--order captures``, for each move of a node searched:    refused
                           None for a move that captures nothing, else ``(victim,
                           attacker)``, the values of the piece taken and the piece taking
``move_label(s, a)``       not by the search: the trace's name for an edge, such as        required
                           ``Xb2``
``describe(s)``            not by the search: a trace file's one line per state            required
``board(s)``               not by the search: figures draw the state as a small grid of    required
                           cells (None: no board)
``side_names``             not by the search: ``tracer play`` names MAX and MIN so         MAX, MIN
                           (``("X", "O")``, ``("White", "Black")``)
=========================  ==============================================================  ===============
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from tracer.errors import SearchError
from tracer.game.model import Node, Tree, format_value
from tracer.words import say

__all__ = ["Game", "TreeGame", "bounded", "evaluates_terminals", "game_title"]


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


def evaluates_terminals(game: Game) -> bool:
    """The optional ``evaluates_terminals`` hook: True unless the game says otherwise."""
    return bool(getattr(game, "evaluates_terminals", True))


def bounded(game: Game) -> bool:
    """The optional ``bounded`` hook: True (a search without a depth limit ends) unless the game says otherwise."""
    return bool(getattr(game, "bounded", True))


def game_title(game: Game) -> str:
    """The optional ``title`` hook: the game's human name, else its ``name``."""
    return str(getattr(game, "title", game.name))


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
                say("game.node.no_value", "the search needs this node's static evaluation, but it has no value"),
                path=state.path,
                label=state.label,
                hint=say("game.node.no_value.hint", "give the node value: <number>, or search without a depth limit or move ordering by evaluation"),
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

    # -- quiescence: a node is quiet unless the tree says otherwise (quiet: false, or noisy: [...])
    def noisy_moves(self, state: Node) -> Sequence[int]:
        return state.noisy or ()

    def is_quiet(self, state: Node) -> bool:
        return not state.noisy
