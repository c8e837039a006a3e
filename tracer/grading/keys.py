"""Answer keys as the checker uses them: read once, indexed, and with their search replayed.

A key is a ``key.json`` (written by ``tracer exercise new``, or by ``tracer key --format
json``), read through :mod:`tracer.reading`; a key whose fields are wrong is refused naming
the field. Where each submission's key comes from (one file, or a homework's folder) is
:mod:`tracer.grading.homework`'s.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tracer.errors import InputError, TracerError, path_text
from tracer.game.model import NodePath, parse_path
from tracer.grading.answers import AnswerError, Item
from tracer.reading import load_json, read_input
from tracer.trace.key import AnswerKey, KeyCutoff, KeyFormatError, KeyNode
from tracer.trace.model import Trace
from tracer.trace.questions import Question, asked_questions
from tracer.words import say

if TYPE_CHECKING:  # a node's story is read only to word feedback, and loads with the replayer
    from tracer.trace.state import NodeStory

__all__ = ["PreparedKey", "UnknownNode", "load_key"]


class UnknownNode(AnswerError):
    """An answer names a node the tree does not have (``name`` as written, ``names``: the tree's names, shortened)."""

    def __init__(self, message: str, *, name: str, names: str, **where: Any) -> None:
        self.name = name
        self.names = names
        super().__init__(message, **where)


_LABEL_FOLDS: tuple[Callable[[str], str], ...] = (
    str.casefold,
    lambda text: text.replace("İ", "i").replace("I", "ı").casefold(),  # Turkish: İ is capital i, I capital ı
)
"""How an answer's node name may differ from the label: in case, by the default rules, then by Turkish
rules. The labels ``I`` and ``ı`` of a Turkish tree stay distinct."""


def _names(nodes: Sequence[KeyNode]) -> dict[str, NodePath]:
    """Node names an answer may write: each label as written, and each label folded by every rule
    of :data:`_LABEL_FOLDS` where no other label folds to the same (``a`` and ``A`` are then
    named only as written)."""
    names: dict[str, NodePath] = {node.label: node.path for node in nodes}
    for rule in _LABEL_FOLDS:
        folded: dict[str, set[NodePath]] = {}
        for node in nodes:
            folded.setdefault(rule(node.label), set()).add(node.path)
        for name, paths in folded.items():
            if len(paths) == 1 and name not in names:
                names[name] = next(iter(paths))
    return names


class PreparedKey:
    """One key, indexed for checking: nodes by label and path, the questions asked, the search replayed for feedback.

    ``key`` is the typed :class:`~tracer.trace.key.AnswerKey`; paths are tuples throughout.
    """

    def __init__(self, key: AnswerKey, source: str) -> None:
        if key.nodes is None:
            raise InputError(
                say("keys.no_nodes", "this key lists no nodes (a game's key?), so answers cannot be checked against it"), source=source,
                hint=say("keys.hint", "give the key.json that tracer exercise new wrote, or one from tracer key --format json"),
            )
        self.key = key
        self.source = source
        self.exercise: str | None = key.exercise
        self.order: list[NodePath] = [node.path for node in key.nodes]
        """Every node in preorder (the order the search meets them)."""
        self.nodes: dict[NodePath, KeyNode] = {node.path: node for node in key.nodes}
        self.labels: dict[str, NodePath] = {node.label: node.path for node in key.nodes}
        """Each node's label as written (most answers name nodes so): see :meth:`resolve`."""
        self.children: dict[NodePath, list[NodePath]] = {path: [] for path in self.order}
        if len(self.children) != len(self.order) or () not in self.children:
            raise KeyFormatError(say("keys.nodes.paths", "nodes must hold the root and each path once"), source=source,
                                 hint=say("keys.hint", "give the key.json that tracer exercise new wrote, or one from tracer key --format json"))
        for path in self.order:
            if path:
                if path[:-1] not in self.children:
                    raise KeyFormatError(say("keys.nodes.parent", "nodes: the node {path} has no parent in the key", path=repr(path_text(path))),
                                         source=source, hint=say("keys.hint", "give the key.json that tracer exercise new wrote, or one from tracer key --format json"))
                self.children[path[:-1]].append(path)
        self.unvisited = set(key.unvisited or ())
        self.explains = True
        """Whether checking against this key words its feedback (False in :meth:`for_scoring`'s view: scores alone)."""
        self.questions: tuple[Question, ...] = asked_questions(key.questions, key.algorithm)

    @cached_property
    def by_label(self) -> dict[str, NodePath]:
        """Every way an answer may name a node: its label as written, then in any case (see :meth:`resolve`);
        made when first needed."""
        assert self.key.nodes is not None
        return _names(self.key.nodes)

    @classmethod
    def from_json(cls, data: Any, source: str) -> PreparedKey:
        """A key from its JSON data (a key.json read); KeyFormatError naming the field that is wrong."""
        return cls(AnswerKey.from_json(data, source), source)

    # -- names --------------------------------------------------------------------------------
    def resolve(self, item: Item, source: str) -> NodePath:
        """The path of the node an answer names (label, any case, or path); AnswerError when none."""
        if item.kind != "scalar" or item.value is None:
            raise item.error(source, say("keys.name.missing", "a node name is missing here"),
                             hint=say("keys.hint.name", "name a node by its letter, such as B, or by its path, such as 1.0"))
        name = str(item.value).strip()
        path = self.labels.get(name)
        if path is not None:
            return path
        for folded in (name, *(fold(name) for fold in _LABEL_FOLDS)):
            path = self.by_label.get(folded)
            if path is not None:
                return path
        if name.casefold() == "root" or name in ('""', "()"):
            return ()
        parsed = parse_path(name)
        if parsed is not None and name and parsed in self.nodes:
            return parsed
        known = sorted(set(self.by_label.values()), key=lambda p: (len(self.name(p)), self.name(p)))
        shown = ", ".join(self.name(p) for p in known[:8]) + (", ..." if len(known) > 8 else "")
        raise UnknownNode(say("keys.name.unknown", "no node is called {name} in this exercise", name=repr(name)), name=name, names=shown,
                          source=source, line=item.line, column=item.column,
                          hint=say("keys.hint.names", "name a node by its letter ({names}) or by its path, such as 1.0", names=shown))

    def verify_exercise(self, written_id: Item | None, source: str) -> None:
        """AnswerError unless the answers name this key's exercise (any id will do for a key without one)."""
        if self.exercise is None:
            return
        written = None if written_id is None or written_id.value is None else str(written_id.value).strip()
        if not written:
            raise AnswerError(
                say("keys.no_id", "no exercise id"), source=source, line=written_id.line if written_id else None,
                column=written_id.column if written_id else None,
                hint=say("keys.hint.id", "write exercise: {id} (the id on the sheet) at the top of the file", id=self.exercise),
            )
        if written.casefold() != self.exercise.casefold():
            assert written_id is not None
            raise written_id.error(
                source, say("keys.other_id", "these answers are for exercise {written}, but the key is for {id}",
                            written=repr(written), id=repr(self.exercise)),
                hint=say("keys.hint.other_id", "check the id at the top of the sheet, or check against that exercise's key"),
            )

    def name(self, path: NodePath) -> str:
        """How feedback names a node: its label (its path where it has none; ``root`` for an unlabelled root)."""
        node = self.nodes.get(path)
        return node.label if node is not None else (path_text(path) or "root")

    def type(self, path: NodePath) -> str:
        return self.nodes[path].type

    def descendants(self, path: NodePath) -> list[NodePath]:
        out, stack = [], [path]
        while stack:
            node = stack.pop()
            out.append(node)
            stack.extend(reversed(self.children.get(node, ())))
        return out

    def internal(self) -> list[NodePath]:
        return [path for path in self.order if self.nodes[path].type != "leaf"]

    def cutoff_at(self, path: NodePath) -> KeyCutoff | None:
        """The cutoff made at a node, if the key records one there."""
        return next((cut for cut in self.key.cutoffs or () if cut.at == path), None)

    def cutoff_over(self, path: NodePath) -> KeyCutoff | None:
        """The cutoff that pruned a node (or an ancestor of it)."""
        for cut in self.key.cutoffs or ():
            if any(path[: len(pruned)] == pruned for pruned in cut.pruned):
                return cut
        return None

    @property
    def value_name(self) -> str:
        """``minimax``, or ``expectiminimax`` where the tree has chance nodes."""
        return "expectiminimax" if any(node.type == "chance" for node in self.nodes.values()) else "minimax"

    # -- the search, replayed ------------------------------------------------------------------
    @cached_property
    def trace(self) -> Any:
        """The trace of the key's search, rebuilt from the key's tree (None when the key has no tree, or was edited)."""
        if self.key.tree is None:
            return None
        from tracer.game.notation import tree_from_data
        from tracer.search.conventions import SearchSettings

        players = self.key.source.get("players", ["max", "min"])
        try:
            tree = tree_from_data(self.key.tree, source=self.source, players=players)
            settings = dict(self.key.settings)
            settings.update(algorithm=self.key.algorithm, conventions=self.key.conventions.to_dict())
            trace = Trace.searched(tree, SearchSettings.from_dict(settings))
        except (TracerError, TypeError, ValueError):
            return None  # a key whose tree cannot be searched again: feedback explains from the key alone
        if [node.label for node in tree.preorder()] != [self.nodes[path].label for path in self.order]:
            return None  # the key was edited: explain from the key alone
        return trace

    @cached_property
    def stories(self) -> dict[NodePath, NodeStory]:
        """Each entered node's story (:class:`~tracer.trace.replay.NodeStory`), from the replayed search."""
        from tracer.trace.replay import Replayer

        return Replayer(self.trace).run().stories if self.trace is not None else {}

    def for_scoring(self) -> PreparedKey:
        """This key for scores alone, its search never replayed: for a report that shows no feedback
        (a gradebook, a row per file), whose feedback :func:`~tracer.grading.check.check_submission` leaves empty."""
        view = copy.copy(self)
        # what the cached properties would hold, set: never computed; and no feedback worded
        view.__dict__.update(trace=None, stories={}, explains=False)
        return view

    def story(self, path: NodePath) -> NodeStory | None:
        return self.stories.get(path)

    def probability(self, path: NodePath) -> float:
        """The probability of a chance node's outcome, from the replayed tree (0 when there is none)."""
        if self.trace is None:
            return 0.0
        return self.trace.tree.node(path).p or 0.0


def load_key(path: str | Path) -> PreparedKey:
    """Read a ``key.json`` (through :mod:`tracer.reading`); InputError naming the file, and the field where one is wrong."""
    source = str(path)
    text = read_input(path, kind="key", what=say("keys.what", "the key"),
                      missing_hint=say("keys.hint.give", "give the key.json of the exercise, or the folder of exercises"))
    data = load_json(text, source)
    if isinstance(data, dict) and data.get("format") != "tracer-key" and ("exercise" in data or "move" in data or "values" in data):
        raise InputError(say("keys.answers", "this is an answer file, not a key"), source=source,
                         hint=say("keys.hint.order", "the key comes first: tracer check KEY ANSWER..."))
    return PreparedKey.from_json(data, source)
