"""The top of a game's tree: what a figure that draws a game down to a depth needs of its tree.

A figure of a whole game's top (``tracer render t.json --max-depth 2``) draws a few dozen
nodes, while its captions name the nodes the search is at, nine levels down, by their
letters in the whole tree's breadth-first order. :class:`TopOfGame` is that tree as the
figure reads it: real :class:`~tracer.game.model.Node` objects down to ``depth``, and for
the deeper nodes their places alone (each level's paths, sorted), from which a deep node is
made when asked for, its letter from its rank in its level, its state from its ancestors'
moves. The whole game's tree held 550,000 nodes and 230 MB; this holds a list of paths.

A deep node made on demand has no ``children`` list (:meth:`TopOfGame.child_count` counts
them) and its ``value`` is its utility at the end of the game; walks (:meth:`preorder`,
:meth:`breadth_first`) and :meth:`find` by label go through the top only: it is for a
figure's plan, its captions, its replay and its key, which read deep nodes one at a time.
"""

from __future__ import annotations

import sys
from bisect import bisect_left, bisect_right
from collections.abc import Iterator
from typing import Any

from tracer.game.model import Node, NodePath, Tree, letters, parent_path
from tracer.search.events import dispatch
from tracer.trace.model import Trace, game_node, moves_of

__all__ = ["TopOfGame", "tree_for_figure"]

_STATES_KEPT = 4096
"""Deep nodes' states remembered at most (a replay asks for a node's after its parent's)."""


def tree_for_figure(trace: Trace, max_depth: int | None, focus: NodePath | None) -> Tree:
    """The tree a figure of ``trace`` reads: the top of a game's tree when it draws the game down to
    ``max_depth`` (without a focus), before the whole tree is built; else the trace's tree."""
    if trace.is_game and not trace.tree_built and max_depth is not None and focus is None:
        return TopOfGame(trace, max_depth)
    return trace.tree


def _span(level: list[NodePath], path: NodePath) -> tuple[int, int]:
    """Where the paths below ``path`` lie in a sorted level: ``level[low:high]``."""
    return bisect_left(level, path), bisect_right(level, path + (sys.maxsize,))


class TopOfGame(Tree):
    """The tree of ``trace``'s game as a figure drawing it down to ``depth`` reads it (see the module)."""

    __slots__ = ("_deep_states", "_depth", "_game", "_has_chance", "_levels", "_offsets", "entered")

    def __init__(self, trace: Trace, depth: int) -> None:
        game = self._game = trace.game
        self._depth = depth
        levels: list[list[NodePath]] = [[()]]
        entered: set[NodePath] = {()}  # down to depth: what the plan collapses by
        scored: dict[NodePath, float] = {}

        def touched(path: NodePath) -> None:
            while len(levels) <= len(path):
                levels.append([])
            levels[len(path)].append(path)

        def visited(node: NodePath, d: int, alpha: float, beta: float) -> None:
            if node:
                touched(node)
                if len(node) <= depth:
                    entered.add(node)

        def pruned(node: NodePath, v: float, alpha: float, beta: float, roots: tuple[NodePath, ...]) -> None:
            for path in roots:
                touched(path)

        def evaluated(node: NodePath, value: float, source: str) -> None:
            if len(node) <= depth:
                scored[node] = value

        dispatch(trace.raw_events, {"enter": visited, "cutoff": pruned, "evaluate": evaluated})
        # each level in breadth-first order, which is the paths' order; an iteration enters its nodes again
        self._levels = [sorted(set(level)) if trace.settings.iterative else sorted(level) for level in levels]
        self._offsets = [0]
        for level in self._levels:
            self._offsets.append(self._offsets[-1] + len(level))
        self.entered = entered
        self._deep_states: dict[NodePath, Any] = {}
        self._has_chance: bool | None = None
        self.players = ()
        self._by_label = None
        self.root = game_node(game, (), game.initial_state(), None, scored)
        self.root.label = letters(0)
        self._by_path: dict[NodePath, Node] = {(): self.root}
        frontier = [(self.root, self.root.state)]
        for _ in range(depth):
            below = []
            for node, state in frontier:
                for child_path in self._children_of(node.path):
                    child = self._made(child_path, state, scored)
                    node.children.append(child)
                    self._by_path[child_path] = child
                    below.append((child, child.state))
            frontier = below

    # -- what a deep node is made of -----------------------------------------------------------------
    def _rank(self, path: NodePath) -> int | None:
        """The node's place in its level (None: the search never touched it)."""
        level = self._levels[len(path)] if len(path) < len(self._levels) else ()
        index = bisect_left(level, path)
        return index if index < len(level) and level[index] == path else None

    def _children_of(self, path: NodePath) -> list[NodePath]:
        """The paths of the node's children in the tree (the nodes touched below it), in order."""
        if len(path) + 1 >= len(self._levels):
            return []
        level = self._levels[len(path) + 1]
        low, high = _span(level, path)
        return level[low:high]

    def _step(self, parent_state: Any, index: int) -> tuple[Any, Any, float | None]:
        """(the move, the state it leads to, its probability at a chance node) of child ``index``."""
        moves, probabilities = moves_of(self._game, parent_state)
        return moves[index], self._game.result(parent_state, moves[index]), probabilities[index] if probabilities else None

    def _made(self, path: NodePath, parent_state: Any, scored: dict[NodePath, float]) -> Node:
        move, state, probability = self._step(parent_state, path[-1])
        node = game_node(self._game, path, state, self._game.move_label(parent_state, move), scored)
        node.p = probability
        rank = self._rank(path)
        node.label = letters(self._offsets[len(path)] + (rank if rank is not None else 0))
        return node

    def _state_of(self, path: NodePath) -> Any:
        """The game state at ``path``: from the nearest ancestor whose state is at hand, move by move."""
        pending: list[NodePath] = []
        while True:
            known = self._by_path.get(path)
            state = known.state if known is not None else self._deep_states.get(path)
            if state is not None:
                break
            pending.append(path)
            path = parent_path(path)
        if len(self._deep_states) + len(pending) > _STATES_KEPT:  # a bound on memory: a replay asks for nodes near the last
            self._deep_states.clear()
        for path in reversed(pending):
            state = self._deep_states[path] = self._step(state, path[-1])[1]
        return state

    # -- the tree's questions ------------------------------------------------------------------------
    def node(self, path: NodePath | str) -> Node:
        path = self._path_of(path)
        known = self._by_path.get(path)
        if known is not None:
            return known
        if self._rank(path) is None:
            raise KeyError(path)
        return self._made(path, self._state_of(parent_path(path)), {})

    def __contains__(self, path: object) -> bool:
        return path in self._by_path or (isinstance(path, tuple) and self._rank(path) is not None)

    def __len__(self) -> int:
        return self._offsets[-1]

    def child_count(self, path: NodePath) -> int:
        return len(self._children_of(path))

    def subtree_sizes(self) -> dict[NodePath, int]:
        """Each top node's count of nodes in its subtree, itself included."""
        sizes = {}
        for path in self._by_path:
            sizes[path] = 1 + sum(high - low for low, high in (_span(level, path) for level in self._levels[len(path) + 1:]))
        return sizes

    @property
    def height(self) -> int:
        return len(self._levels) - 1

    @property
    def has_chance(self) -> bool:
        if self._has_chance is None:
            self._has_chance = any(node.type == "chance" for node in self._by_path.values()) or (
                bool(getattr(self._game, "has_chance", False)) and any(self._type_of(path) == "chance" for path in self._deep_paths()))
        return self._has_chance

    def _deep_paths(self) -> Iterator[NodePath]:
        for level in self._levels[self._depth + 1:]:
            yield from level

    def _type_of(self, path: NodePath) -> str:
        state = self._state_of(path)
        return "leaf" if self._game.is_terminal(state) else str(self._game.to_move(state))

    def __repr__(self) -> str:
        return f"<TopOfGame of {len(self)} nodes, {len(self._by_path)} made, height {self.height}>"
