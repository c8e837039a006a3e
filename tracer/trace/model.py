"""The trace: everything one search did, in order, with what it ran on and how.

A :class:`Trace` holds the game (an explicit tree is a :class:`~tracer.game.TreeGame`),
the search settings (algorithm, conventions, depth limit, ordering), the recorded
events and the result. ``trace.tree`` is the tree the trace speaks about: the input
tree itself, or for a game the part of its tree the search touched (every node it
entered, and the root of every subtree it pruned), built on first use.

Iterating a trace gives typed events; :meth:`Trace.accept` feeds them to a
:class:`TraceVisitor`, whose hooks do nothing unless overridden. tracer's own readers
(figures, captions, keys, steppers, exercises, feedback) read the search's state from
one :class:`~tracer.trace.replay.Replayer` instead.

A notebook shows a trace through the display hook :func:`register_display`, which
:mod:`tracer` sets to draw the final figure; the trace itself knows nothing of figures.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from tracer.game.model import Node, NodePath, Tree, parent_path
from tracer.game.protocol import Game, TreeGame
from tracer.recursion import quiet_gc
from tracer.search.common import SearchRun
from tracer.search.conventions import Conventions, SearchSettings
from tracer.search.events import EVENT_CLASSES, Event, RawEvent, dispatch, typed
from tracer.words import say

__all__ = ["Trace", "TraceVisitor", "build_tree_of_game", "game_node", "moves_of", "register_display"]

_display: list[Callable[[Trace], dict[str, str]]] = []


def register_display(show: Callable[[Trace], dict[str, str]]) -> None:
    """Set how notebooks display a trace: ``show(trace)`` returns a MIME bundle (e.g. SVG)."""
    _display[:] = [show]


class Trace(Sequence[Event]):
    """A recorded search. Indexing and iteration give typed events (step 1 is ``trace[0]``)."""

    def __init__(
        self,
        game: Game,
        settings: SearchSettings,
        run: SearchRun,
        *,
        tree: Tree | None = None,
    ) -> None:
        self.game = game
        self.settings = settings
        self.raw_events: list[RawEvent] = run.events
        self.run = run
        self._tree = tree if tree is not None else (game.tree if isinstance(game, TreeGame) else None)

    @classmethod
    def searched(cls, source: Tree | Game, settings: SearchSettings, *, record: bool = True) -> Trace:
        """The trace of searching ``source`` (a tree or a game) as ``settings`` say.

        A weighted evaluation given by its file is recorded as its text, so the trace does not
        depend on the file.
        """
        from tracer.search.run import prepare_search, run_search  # every algorithm: not loaded by what only reads traces or keys

        game, settings = prepare_search(TreeGame(source) if isinstance(source, Tree) else source, settings)
        return cls(game, settings, run_search(game, settings, record=record))

    # -- the sequence of events ------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.raw_events)

    def __getitem__(self, index: int) -> Event:  # type: ignore[override]
        return typed(self.raw_events[index])

    def __iter__(self) -> Iterator[Event]:
        return (typed(raw) for raw in self.raw_events)

    def accept(self, visitor: TraceVisitor) -> Any:
        """Feed every event to ``visitor`` in order; return ``visitor.result()``."""
        visitor.begin(self)
        dispatch(self.raw_events, {kind: _typed_hook(getattr(visitor, "on_" + kind), cls) for kind, cls in EVENT_CLASSES.items()})
        visitor.end()
        return visitor.result()

    def entered(self) -> set[NodePath]:
        """Every node the search entered (in any iteration)."""
        paths: set[NodePath] = set()
        dispatch(self.raw_events, {"enter": lambda node, depth, alpha, beta: paths.add(node)})
        return paths

    # -- what was searched, and how ---------------------------------------------------------
    @property
    def conventions(self) -> Conventions:
        return self.settings.conventions

    @property
    def algorithm(self) -> str:
        return self.settings.algorithm

    @property
    def is_game(self) -> bool:
        return not isinstance(self.game, TreeGame)

    @property
    def tree_built(self) -> bool:
        """Whether :attr:`tree` is at hand already (a game's is built on first use)."""
        return self._tree is not None

    @property
    def tree(self) -> Tree:
        if self._tree is None:
            with quiet_gc():
                self._tree = build_tree_of_game(self.game, self.raw_events)
        return self._tree

    # -- the result -------------------------------------------------------------------------
    @property
    def root_value(self) -> float:
        return self.run.value

    @property
    def best_move(self) -> NodePath | None:
        """NodePath of the root's chosen child (None at a terminal or chance root)."""
        root = self.tree.root if self._tree is not None else None
        if root is not None and root.type == "chance":
            return None
        return self.run.best

    @property
    def stats(self) -> dict[str, int]:
        return self.run.stats

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        """Jupyter shows a trace as the registered display draws it (see :func:`register_display`)."""
        bundle = {"text/plain": repr(self)}
        for show in _display:
            bundle.update(show(self))
        return bundle

    def __repr__(self) -> str:
        source = f"{self.game.name} {getattr(self.game, 'position', '')}".strip()
        return (
            f"<Trace {self.algorithm} on {source}: {len(self)} events, "
            f"value {self.root_value}, {self.stats['visited']} nodes visited>"
        )


class TraceVisitor:
    """Hooks called for each event of a trace, in order; each does nothing by default."""

    def begin(self, trace: Trace) -> None:
        self.trace = trace

    def end(self) -> None:
        pass

    def result(self) -> Any:
        return None

    def on_enter(self, event: Any) -> None: ...
    def on_evaluate(self, event: Any) -> None: ...
    def on_order(self, event: Any) -> None: ...
    def on_backup(self, event: Any) -> None: ...
    def on_chance_backup(self, event: Any) -> None: ...
    def on_alpha(self, event: Any) -> None: ...
    def on_beta(self, event: Any) -> None: ...
    def on_cutoff(self, event: Any) -> None: ...
    def on_tt_hit(self, event: Any) -> None: ...
    def on_tt_store(self, event: Any) -> None: ...
    def on_leave(self, event: Any) -> None: ...
    def on_iteration_start(self, event: Any) -> None: ...
    def on_iteration_end(self, event: Any) -> None: ...
    def on_quiesce(self, event: Any) -> None: ...
    def on_tt_twin(self, event: Any) -> None: ...


def _typed_hook(hook: Callable[[Any], Any], cls: Any) -> Callable[..., Any]:
    """A dispatch handler that hands ``hook`` the typed event."""
    return lambda *fields: hook(cls._make(fields))


def build_tree_of_game(game: Game, events: Sequence[RawEvent]) -> Tree:
    """The part of ``game``'s tree that a search touched, as an explicit tree.

    Holds every node the search entered and every child a cutoff pruned (a pruned
    child stands for its whole subtree, which the search never generated). Each node
    carries its game state, its move label and, where the search scored it, the value
    it used.
    """
    paths: set[NodePath] = set()
    scored: dict[NodePath, float] = {}

    def pruned(node: NodePath, v: float, alpha: float, beta: float, pruned: tuple[NodePath, ...]) -> None:
        paths.update(pruned)

    def evaluated(node: NodePath, value: float, source: str) -> None:
        scored[node] = value

    dispatch(events, {"enter": lambda node, depth, alpha, beta: paths.add(node), "cutoff": pruned, "evaluate": evaluated})
    # each node's children by the events' own paths: a tree of a whole game then makes no path of its own
    children_of: dict[NodePath, list[NodePath]] = {}
    for path in paths:
        if path:
            children_of.setdefault(parent_path(path), []).append(path)
    moves_named: dict[str, str] = {}  # one string per move name: a game names half a million edges with a few dozen
    root_state = game.initial_state()
    root = game_node(game, (), root_state, None, scored)
    stack: list[tuple[Node, Any]] = [(root, root_state)]
    while stack:
        node, state = stack.pop()
        children = sorted(children_of.get(node.path, ()), key=_last)
        if not children:
            continue
        moves, probabilities = moves_of(game, state)
        if children[-1][-1] >= len(moves):  # only an edited trace names a move the game does not have
            from tracer.errors import TraceFormatError, path_text

            raise TraceFormatError(
                say("trace.file.move", "the events visit move {move} of {node}, which has {n} moves",
                    move=children[-1][-1] + 1, node=repr(path_text(node.path)), n=len(moves)),
                hint=say("trace.file.changed", "the trace file was changed after tracer wrote it: write it again with tracer trace"),
            )
        for path in children:
            index = path[-1]
            child_state = game.result(state, moves[index])
            move = game.move_label(state, moves[index])
            child = game_node(game, path, child_state, moves_named.setdefault(move, move), scored)
            if probabilities:
                child.p = probabilities[index]
            node.children.append(child)
            stack.append((child, child_state))
    for temporary in (paths, scored, children_of):  # let go before the tree's index is made: a whole game peaked with both
        temporary.clear()
    return Tree(root, players=())


def _last(path: NodePath) -> int:
    return path[-1]


def moves_of(game: Game, state: Any) -> tuple[list[Any], list[float]]:
    """The moves from ``state`` in the order child paths count them, and at a chance node each
    outcome's probability (elsewhere an empty list)."""
    if game.to_move(state) == "chance":
        outcomes = list(game.chance_outcomes(state))
        return [outcome for outcome, _ in outcomes], [p for _, p in outcomes]
    return list(game.actions(state)), []


def game_node(game: Game, path: NodePath, state: Any, move: str | None, scored: dict[NodePath, float]) -> Node:
    """The node of a game's tree at ``path``, in ``state``: a leaf at the end of the game, valued by ``scored`` or its utility."""
    terminal = game.is_terminal(state)
    node = Node(path=path, type="leaf" if terminal else game.to_move(state), move=move or None, state=state)
    if path in scored:
        node.value = scored[path]
    elif terminal:
        node.value = game.utility(state)
    return node
