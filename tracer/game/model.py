"""Explicit game trees: the trees an author writes and the trees a search explored.

A :class:`Tree` is a set of :class:`Node` objects, each named two ways:

* its **path**, the 0-based child indices from the root (``()`` is the root,
  ``(1, 0)`` the first child of the second child; users write ``"1.0"``);
* its **label**, given by the author or else a letter in breadth-first order
  (``A`` the root, then ``B``, ``C``, ..., ``Z``, ``AA``, ...).

Every walk here is iterative, so a tree 10,000 levels deep is as safe as a small one.
Paths are :mod:`tracer.game.paths`'s (named here too): from :data:`DEEP` levels on they are
:class:`DeepPath` tuples, which keep deep trees linear in time.
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from string import ascii_uppercase
from typing import Any, Literal

from tracer.errors import InputError, path_text
from tracer.game.paths import DEEP, DeepPath, NodePath, as_path, child_path, parent_path, parse_path
from tracer.words import say

__all__ = [
    "DEEP",
    "NODE_TYPES",
    "PLAYER_TYPES",
    "DeepPath",
    "Node",
    "NodePath",
    "NodeType",
    "Path",
    "Tree",
    "as_path",
    "child_path",
    "format_value",
    "letter_sequence",
    "letters",
    "parent_path",
    "parse_path",
]

NodeType = Literal["max", "min", "chance", "leaf"]
Path = NodePath  # the older name, kept while modules move to NodePath
PLAYER_TYPES: tuple[str, ...] = ("max", "min", "chance")
NODE_TYPES: tuple[str, ...] = PLAYER_TYPES + ("leaf",)


def letters(index: int) -> str:
    """The ``index``-th automatic label: 0 -> A, 25 -> Z, 26 -> AA, 27 -> AB, ..."""
    out = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        out = chr(ord("A") + rest) + out
    return out


def letter_sequence() -> Iterator[str]:
    """``letters(0)``, ``letters(1)``, ... one after another (A, ..., Z, AA, AB, ...), each made from
    the one before rather than from its number: a whole game's tree labels half a million nodes."""
    for length in itertools.count(1):
        for combination in itertools.product(ascii_uppercase, repeat=length):
            yield "".join(combination)


def format_value(value: float | None) -> str:
    """A value as people write it: ``3``, ``2.5``, ``-inf``; integral floats without ``.0``."""
    if value is None:
        return "?"
    if value == float("inf"):
        return "inf"
    if value == float("-inf"):
        return "-inf"
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    if isinstance(value, float):
        return f"{value:.4g}" if abs(value) < 1e4 else repr(value)
    return str(value)


@dataclass(eq=False, slots=True)
class Node:
    """One node of an explicit tree.

    ``type`` is ``max``, ``min`` or ``chance`` for an internal node and ``leaf`` for a
    node without children. ``value`` is a leaf's utility, or an internal node's static
    evaluation (used where a depth limit cuts the search there). ``p`` is the
    probability of this node as a child of a chance node, ``move`` the name of the
    edge into it, ``state`` the game state it stands for (trees explored in a game).
    ``noisy`` holds the indices of the children a quiescence search follows past the
    depth limit (written ``quiet: false`` for all of them, or ``noisy: [0, 2]``); None
    for a quiet node.
    """

    path: Path
    type: str
    label: str = ""
    children: list[Node] = field(default_factory=list)
    value: float | None = None
    p: float | None = None
    move: str | None = None
    state: Any = None
    noisy: tuple[int, ...] | None = None

    @property
    def is_leaf(self) -> bool:
        return not self.children

    @property
    def depth(self) -> int:
        return len(self.path)

    @property
    def path_text(self) -> str:
        return path_text(self.path)

    @property
    def name(self) -> str:
        """How messages name this node: its label and its path."""
        where = f"path {self.path_text!r}" if self.path else "the root"
        return f"{self.label} ({where})" if self.label else where

    def __repr__(self) -> str:
        parts = [f"path={self.path_text!r}", f"label={self.label!r}", f"type={self.type!r}"]
        if self.value is not None:
            parts.append(f"value={self.value!r}")
        if self.p is not None:
            parts.append(f"p={self.p!r}")
        if self.move is not None:
            parts.append(f"move={self.move!r}")
        if self.noisy is not None:
            parts.append(f"noisy={self.noisy!r}")
        if self.children:
            parts.append(f"children={len(self.children)}")
        return f"Node({', '.join(parts)})"


class Tree:
    """An explicit game tree with labelled nodes, indexed by path and by label.

    Build one with :func:`tracer.parse_tree` / :func:`tracer.load_tree`, or from a
    root :class:`Node` whose paths are already set (``Tree(root)``). Labels left
    empty are filled with letters in breadth-first order, skipping the given ones.
    """

    __slots__ = ("_by_label", "_by_path", "players", "root")

    def __init__(self, root: Node, players: Sequence[str] = ("max", "min")) -> None:
        self.root = root
        self.players = tuple(players)
        self._by_path: dict[Path, Node] = {}
        by_label: dict[str, Node] = {}
        unlabelled: list[Node] = []
        for node in self.breadth_first():
            self._by_path[node.path] = node
            if node.label:
                by_label[node.label.casefold()] = node
            else:
                unlabelled.append(node)
        if not by_label:
            # no label given (a game's tree): the letters in order, and the index by label made when first
            # asked for (a whole game's 550,000 folded labels and their index took 65 MB that a figure never read)
            for node, label in zip(unlabelled, letter_sequence()):
                node.label = label
            self._by_label: dict[str, Node] | None = None
            return
        next_letter = 0
        for node in unlabelled:
            label = letters(next_letter)
            while label.casefold() in by_label:
                next_letter += 1
                label = letters(next_letter)
            next_letter += 1
            node.label = label
            by_label[label.casefold()] = node
        self._by_label = by_label

    def _labels(self) -> dict[str, Node]:
        """Each node by its label, case folded (made on first use for a tree whose labels are all letters)."""
        if self._by_label is None:
            self._by_label = {node.label.casefold(): node for node in self.breadth_first()}
        return self._by_label

    # -- walking -----------------------------------------------------------------
    def breadth_first(self) -> Iterator[Node]:
        queue = deque([self.root])
        while queue:
            node = queue.popleft()
            yield node
            queue.extend(node.children)

    def preorder(self) -> Iterator[Node]:
        """Depth-first, children left to right: the order a search reads the tree."""
        stack = [self.root]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))

    def __iter__(self) -> Iterator[Node]:
        return self.preorder()

    def __len__(self) -> int:
        return len(self._by_path)

    def child_count(self, path: Path) -> int:
        """How many children the node at ``path`` has."""
        return len(self.node(path).children)

    def subtree_sizes(self) -> dict[Path, int]:
        """Each node's count of nodes in its subtree, itself included."""
        sizes: dict[Path, int] = {}
        for node in reversed(list(self.preorder())):
            sizes[node.path] = 1 + sum(sizes[child.path] for child in node.children)
        return sizes

    def leaves(self) -> list[Node]:
        return [node for node in self.preorder() if not node.children]

    @property
    def height(self) -> int:
        return max(len(path) for path in self._by_path)

    @property
    def has_chance(self) -> bool:
        return any(node.type == "chance" for node in self._by_path.values())

    # -- finding nodes -------------------------------------------------------------
    def node(self, path: Path | str) -> Node:
        """The node at ``path`` (a tuple or ``"1.0"``); KeyError when there is none."""
        return self._by_path[self._path_of(path)]

    @staticmethod
    def _path_of(path: Path | str) -> Path:
        """``path``, or the path written as text (``"1.0"``); KeyError when the text is no path."""
        if not isinstance(path, str):
            return path
        parsed = parse_path(path)
        if parsed is None:
            raise KeyError(path)
        return parsed

    def __contains__(self, path: object) -> bool:
        return path in self._by_path

    def by_label(self, label: str) -> Node:
        return self._labels()[label.strip().casefold()]

    def find(self, name: str) -> Node:
        """A node named by its label (any case) or by its path; InputError when none.

        Case is folded with Unicode's default rule (``str.casefold``), the same in every
        language and on every machine: ``i`` finds ``I``, while ``ı`` and ``İ`` (Turkish's
        dotless and dotted i) are labels of their own. Labels are unique by the same rule.
        """
        key = name.strip()
        node = self._labels().get(key.casefold())
        if node is not None:
            return node
        path = parse_path(key)
        if path is not None and path in self._by_path:
            return self._by_path[path]
        known = ", ".join(sorted((n.label for n in self._by_path.values()), key=_label_order)[:12])
        raise InputError(
            say("game.node.unknown", "no node is called {name}", name=repr(name)),
            hint=say("game.node.unknown.hint", 'name a node by its label ({known}) or by its path such as "0.1"',
                     known=known + (", ..." if len(self) > 12 else "")),
        )

    def parent(self, node: Node) -> Node | None:
        return self._by_path.get(parent_path(node.path)) if node.path else None

    def __repr__(self) -> str:
        return f"<Tree of {len(self)} nodes, height {self.height}, root {self.root.type}>"


def _label_order(label: str) -> tuple[int, str]:
    return (len(label), label)
