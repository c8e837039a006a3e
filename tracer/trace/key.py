"""The answer key of a trace: what a TA pastes into a solution sheet, and what answers are checked against.

:func:`answer_key` returns an :class:`AnswerKey` with

* ``root_value``, ``root_type``, ``best_move`` (a :class:`BestMove`, None at a terminal
  or chance root) and ``principal_variation`` (paths of the best line, from the root's
  chosen child down, ending at a leaf, a chance node or where the search stopped);
* ``nodes``: every node of the tree (:class:`KeyNode`: path, label, type, its true
  ``minimax_value`` whatever the search saw, the ``search_value`` this search returned
  there and its ``bound``, None where never entered, and whether it was ``visited``);
* ``evaluated`` (nodes whose static value was used, in order), ``unvisited`` (every node
  never entered), ``cutoffs`` (:class:`KeyCutoff`, those that pruned something);
* ``algorithm``, ``conventions``, ``settings`` and ``stats`` (``visited``, ``evaluated``,
  ``cutoffs``, ...).

With iterative deepening the per-node parts describe the last iteration. For games
(whose trees can be huge) ``nodes``, ``evaluated``, ``unvisited`` and ``cutoffs`` are
None unless ``include_nodes`` is true; for a game, ``unvisited`` lists the roots of the
pruned subtrees, which the search never generated.

Values are numbers (the infinities are floats) and paths tuples; :meth:`AnswerKey.to_json`
writes the JSON form (``tracer key --format json``: paths as ``"1.0"``, infinities as
``"inf"``), which :meth:`AnswerKey.from_json` reads back, naming any field that is wrong.
:mod:`tracer.trace.key_text` writes a key for people.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from tracer.errors import InputError, path_text
from tracer.game.model import DEEP, NodePath, Tree, letters, parent_path
from tracer.game.protocol import Game, TreeGame
from tracer.recursion import quiet_gc
from tracer.search.common import SearchRun
from tracer.search.conventions import Conventions, SearchSettings
from tracer.search.oracle import TrueValues
from tracer.trace.json_values import to_json_data
from tracer.trace.line import LineTracker
from tracer.trace.model import Trace
from tracer.trace.questions import Question
from tracer.words import conventions_summary

if TYPE_CHECKING:  # the replayer (and its node stories) load when a key is made, not when one is read
    from tracer.trace.replay import Replayer

__all__ = ["AnswerKey", "BestMove", "KeyCutoff", "KeyFormatError", "KeyNode", "answer_key", "key_of_run"]


class KeyFormatError(InputError):
    """A key file that is not a tracer key, or has a field of the wrong kind."""


@dataclass(frozen=True, init=False)
class KeyNode:
    path: NodePath
    label: str
    type: str  # max, min, chance or leaf
    minimax_value: float
    search_value: float | None  # None: never entered
    bound: str | None  # exact, lower or upper; None: never entered
    visited: bool

    def __init__(self, path: NodePath, label: str, type: str, minimax_value: float, search_value: float | None, bound: str | None,
                 visited: bool) -> None:
        # the frozen fields set in one go: a class's thousand keys are tens of thousands of nodes, and
        # the generated __init__ sets each through object.__setattr__ (a sixth of reading a key)
        fields = self.__dict__
        fields["path"], fields["label"], fields["type"], fields["minimax_value"] = path, label, type, minimax_value
        fields["search_value"], fields["bound"], fields["visited"] = search_value, bound, visited

    @property
    def path_text(self) -> str:
        return path_text(self.path)


@dataclass(frozen=True)
class KeyCutoff:
    at: NodePath
    label: str | None
    v: float
    alpha: float
    beta: float
    pruned: tuple[NodePath, ...]


@dataclass(frozen=True)
class BestMove:
    path: NodePath
    label: str
    move: str | None


@dataclass(frozen=True)
class AnswerKey:
    """The answers a search gives (see the module's documentation).

    An exercise's key also names the ``exercise``, the ``student`` it is for (``{"id",
    "name"}``), its ``questions`` and its ``tree`` in bracket form.
    """

    source: dict[str, Any]
    algorithm: str
    conventions: Conventions
    settings: dict[str, Any]
    root_value: float
    root_type: str
    best_move: BestMove | None
    principal_variation: tuple[NodePath, ...]
    principal_variation_moves: tuple[str | None, ...]
    stats: dict[str, int]
    iterations: tuple[dict[str, Any], ...] | None = None
    nodes: tuple[KeyNode, ...] | None = None
    evaluated: tuple[NodePath, ...] | None = None
    unvisited: tuple[NodePath, ...] | None = None
    cutoffs: tuple[KeyCutoff, ...] | None = None
    exercise: str | None = None
    student: dict[str, Any] | None = None
    questions: tuple[Question, ...] | None = None
    tree: Any = None
    _index: dict[NodePath, KeyNode] = field(default_factory=dict, repr=False, compare=False)

    @property
    def has_nodes(self) -> bool:
        return self.nodes is not None

    def node(self, path: NodePath) -> KeyNode:
        """The key's row for ``path``; KeyError when the key has none."""
        if not self._index and self.nodes:
            self._index.update((node.path, node) for node in self.nodes)
        return self._index[path]

    def label(self, path: NodePath) -> str:
        """A node's label, or its path in brackets when the key lists no nodes."""
        try:
            return self.node(path).label
        except KeyError:
            return f"[{path_text(path)}]"

    def for_exercise(self, exercise: str, student: dict[str, Any] | None, questions: list[Question], tree: Any) -> AnswerKey:
        """This key, as the key of an exercise."""
        return replace(self, exercise=exercise, student=student, questions=tuple(questions), tree=tree, _index={})

    # -- the JSON edge -------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The key as JSON data: paths as ``"1.0"``, infinities as ``"inf"``, fractions to 12 digits.

        A path of :data:`~tracer.game.model.DEEP` levels or more, written whole, would make the
        key grow with nodes x depth (200 MB for a chain 10,000 levels deep); where the key
        lists its nodes it is written by reference instead (:func:`deep_path_refs`), and the
        key is then version 2.
        """
        refs = deep_path_refs(self.nodes) if self.nodes is not None else None
        written: Callable[[NodePath], str] = path_text if refs is None else (lambda path: refs.get(path) or path_text(path))
        data: dict[str, Any] = {
            "format": "tracer-key",
            "version": 2 if refs else 1,
            "source": self.source,
            "algorithm": self.algorithm,
            "conventions": {**self.conventions.to_dict(), "description": conventions_summary(self.conventions.prune_on_equal, self.conventions.fail)},
            "settings": self.settings,
            "root_value": self.root_value,
            "root_type": self.root_type,
            "best_move": None if self.best_move is None else {
                "path": written(self.best_move.path), "label": self.best_move.label, "move": self.best_move.move,
            },
            "principal_variation": [written(p) for p in self.principal_variation],
            "principal_variation_moves": list(self.principal_variation_moves),
            "stats": self.stats,
        }
        if self.iterations is not None:
            data["iterations"] = [
                {**it, "best": written(it["best"]) if it["best"] is not None else None} for it in self.iterations
            ]
        if self.nodes is not None:
            own = refs.own if refs else {}
            data["nodes"] = [
                {
                    "path": own.get(index) or node.path_text, "label": node.label, "type": node.type, "minimax_value": node.minimax_value,
                    "search_value": node.search_value, "bound": node.bound, "visited": node.visited,
                }
                for index, node in enumerate(self.nodes)
            ]
            data["evaluated"] = [written(p) for p in self.evaluated or ()]
            data["unvisited"] = [written(p) for p in self.unvisited or ()]
            data["cutoffs"] = [
                {"at": written(c.at), "label": c.label, "v": c.v, "alpha": c.alpha, "beta": c.beta, "pruned": [written(p) for p in c.pruned]}
                for c in self.cutoffs or ()
            ]
        if self.exercise is not None:
            data["exercise"] = self.exercise
            data["student"] = self.student
            data["questions"] = [question.to_json() for question in self.questions or ()]
            data["tree"] = self.tree
        return to_json_data(data)  # type: ignore[no-any-return]

    @classmethod
    def from_json(cls, data: Any, source: str = "<key>") -> AnswerKey:
        """A key from its JSON data; KeyFormatError naming the field that is wrong."""
        from tracer.trace.key_reader import KeyReader  # the reader builds AnswerKeys: it imports this module

        return KeyReader(source).key(data)


class DeepPathRefs(dict[NodePath, str]):
    """Deep paths written by reference: ``"#i"`` for the path of ``nodes[i]`` (the mapping), and in
    ``nodes`` itself ``"#i.k"`` for child ``k`` of ``nodes[i]``, an earlier row (:attr:`own`)."""

    own: dict[int, str]


def deep_path_refs(nodes: Sequence[KeyNode]) -> DeepPathRefs | None:
    """How the JSON key writes the deep paths of ``nodes`` (listed parents first), or None when
    no path is :data:`~tracer.game.model.DEEP` levels deep (every path is then written whole)."""
    if not any(len(node.path) >= DEEP for node in nodes):
        return None
    refs = DeepPathRefs()
    refs.own = {}
    rows: dict[NodePath, int] = {}
    for index, node in enumerate(nodes):
        path = node.path
        if len(path) >= DEEP:
            row = rows.get(parent_path(path))
            if row is not None:
                refs.own[index] = f"#{row}.{path[-1]}"
            refs[path] = f"#{index}"
        rows[path] = index
    return refs if refs else None


# -- building a key from a trace -----------------------------------------------------------------------
def answer_key(
    trace: Trace, include_nodes: bool | None = None, *, only: Collection[NodePath] | None = None, end: Replayer | None = None,
    tree: Tree | None = None,
) -> AnswerKey:
    """The answer key of ``trace``: with ``include_nodes`` (the default for a tree, not for
    a game) a row for every node; ``only`` keeps the rows (and the unvisited) of those nodes
    alone (a figure's drawn nodes: a game's other nodes are never valued). ``end`` is the
    trace already replayed to its end, when the caller has it (one that passed over subtrees
    has not their stories: the principal variation is then followed from the events); ``tree``
    the trace's tree as the caller has it (a figure's may be the top of a game's, holding ``only``)."""
    with quiet_gc():
        return _answer_key(trace, include_nodes, only, end, tree)


def _answer_key(trace: Trace, include_nodes: bool | None, only: Collection[NodePath] | None, end: Replayer | None,
                tree: Tree | None = None) -> AnswerKey:
    if include_nodes is None:
        include_nodes = not trace.is_game
    if not include_nodes:
        return key_of_run(trace.game, trace.settings, trace.run, LineTracker().extend(trace.raw_events).line)
    tree = tree if tree is not None else trace.tree
    from tracer.trace.replay import Replayer

    replayer = end if end is not None else Replayer(trace, tree=tree).run()
    stories = replayer.stories
    line = LineTracker().extend(trace.raw_events).line if replayer.passed else _line(tree, trace.run.best, stories)
    key = key_of_run(trace.game, trace.settings, trace.run, line)
    limit = trace.run.iterations[-1]["depth"] if trace.run.iterations else trace.settings.depth
    all_nodes = [node for node in tree.preorder() if only is None or node.path in only]
    oracle = TrueValues(trace.game, limit, trace.settings.quiescence)
    true_values = oracle.values([(node.state if trace.is_game else node, node.depth) for node in all_nodes])
    nodes = []
    for node, true_value in zip(all_nodes, true_values):
        story = stories.get(node.path)
        left = story is not None and story.left
        nodes.append(KeyNode(
            node.path, node.label, node.type, true_value,  # type: ignore[arg-type]
            story.returned if left else None, story.bound if left else None, story is not None,  # type: ignore[union-attr]
        ))
    cutoffs = tuple(
        KeyCutoff(c.node, tree.node(c.node).label if c.node in tree else None, c.v, c.alpha, c.beta, c.pruned) for c in replayer.cutoffs
    )
    return replace(
        key, nodes=tuple(nodes), evaluated=tuple(replayer.evaluated),
        unvisited=tuple(node.path for node in all_nodes if node.path not in stories), cutoffs=cutoffs,
    )


def _line(tree: Tree, best: NodePath | None, stories: dict[NodePath, Any]) -> tuple[NodePath, ...]:
    """The principal variation from the replayed stories: each node's best child, from the root's down."""
    line: list[NodePath] = []
    path = best if tree.root.type in ("max", "min") else None
    while path is not None:
        line.append(path)
        story = stories.get(path)
        path = story.best if story is not None and story.left else None
    return tuple(line)


def key_of_run(game: Game, settings: SearchSettings, run: SearchRun, line: tuple[NodePath, ...]) -> AnswerKey:
    """The key of a search from its run and its principal variation alone (no node list): what a
    game's key needs, without its events or its tree (the game itself names the moves)."""
    state = game.initial_state()
    root_type = "leaf" if game.is_terminal(state) else game.to_move(state)
    if root_type not in ("max", "min"):
        line = ()
    moves: list[str | None] = []
    labels: list[str] = []
    tree = game.tree if isinstance(game, TreeGame) else None
    for path in line:
        if tree is not None:
            node = tree.node(path)
            moves.append(node.move)
            labels.append(node.label)
            continue
        index = path[-1]
        if game.to_move(state) == "chance":
            outcome = game.chance_outcomes(state)[index][0]
            moves.append(game.move_label(state, outcome) or None)
            state = game.result(state, outcome)
        else:
            action = game.actions(state)[index]
            moves.append(game.move_label(state, action) or None)
            state = game.result(state, action)
        # a game's tree is labelled breadth-first from A, and every child of the root is in it
        labels.append(letters(1 + index) if len(path) == 1 else "")
    stats = run.stats
    best_move = BestMove(line[0], labels[0], moves[0]) if line else None
    return AnswerKey(
        source=_source(game),
        algorithm=settings.algorithm,
        conventions=settings.conventions,
        settings={k: v for k, v in settings.to_dict().items() if k not in ("algorithm", "conventions")},
        root_value=run.value,
        root_type=root_type,
        best_move=best_move,
        principal_variation=line,
        principal_variation_moves=tuple(moves),
        stats={"visited": stats["visited"], "evaluated": stats["evaluated"], "cutoffs": stats["cutoffs"]}
        | {name: count for name, count in stats.items() if name not in ("visited", "evaluated", "cutoffs") and count},
        iterations=tuple(
            {"depth": it["depth"], "value": it["value"], "best": it["best"], "visited": it["visited"]} for it in run.iterations
        ) if run.iterations else None,
    )


def _source(game: Game) -> dict[str, Any]:
    if isinstance(game, TreeGame):
        return {"kind": "tree", "nodes": len(game.tree), "players": list(game.tree.players)}
    return {"kind": "game", "game": game.name, "position": getattr(game, "position", None)}
