"""Node paths: how tracer names a node by the child indices from the root.

A path is a tuple of 0-based child indices (``()`` is the root, ``(1, 0)`` the first child of
the second child; users write ``"1.0"``). Paths of :data:`DEEP` levels or more are
:class:`DeepPath` tuples, made by :func:`child_path`: they keep their parent and their hash,
so that a tree or a trace 10,000 levels deep stays linear in time.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

__all__ = ["DEEP", "DeepPath", "NodePath", "as_path", "child_path", "parent_path", "parse_path"]

NodePath = tuple[int, ...]
"""A node's path: its 0-based child indices from the root (``()`` is the root)."""

DEEP = 32
"""From this many levels on, a path is a :class:`DeepPath`."""


class DeepPath(tuple):  # type: ignore[type-arg]
    """A deep node's path: a tuple like any other (equal to the plain tuple, with the same hash),
    which works out its hash once (from its parent's, when :func:`child_path` made it), and its
    text from its parent's.

    Python works out a tuple's hash from all its items at every dict lookup, and events,
    stories and keys look nodes up by path: in a chain 10,000 levels deep that made each
    lookup cost 10,000 steps, and the key of the chain took 40 s. Below :data:`DEEP`
    levels a plain tuple hashes faster than a Python method is called, so shallow paths
    stay plain tuples.
    """

    def __hash__(self) -> int:
        cached = self.__dict__.get("hash")
        if cached is None:
            cached = self.__dict__["hash"] = tuple.__hash__(self)
        return cached  # type: ignore[no-any-return]

    def __add__(self, other: tuple[int, ...]) -> DeepPath:  # type: ignore[override]
        if len(other) == 1:
            return child_path(self, other[0])  # type: ignore[return-value]
        return DeepPath(tuple.__add__(self, other))

    @property
    def text(self) -> str:
        """The path as users write it (``"0.1.0..."``), made from the nearest ancestor that knows its own."""
        known = self.__dict__.get("text")
        if known is not None:
            return known  # type: ignore[no-any-return]
        pending: list[DeepPath] = []
        path: Any = self
        while isinstance(path, DeepPath) and "text" not in path.__dict__:
            pending.append(path)
            path = path.__dict__.get("parent")
            if path is None:
                break
        for deep in reversed(pending):
            parent = deep.__dict__.get("parent")
            if parent is None:
                deep.__dict__["text"] = ".".join(map(str, deep))
            else:
                base = parent.__dict__["text"] if isinstance(parent, DeepPath) else ".".join(map(str, parent))
                deep.__dict__["text"] = f"{base}.{deep[-1]}"
        return self.__dict__["text"]  # type: ignore[no-any-return]


def child_path(path: NodePath, index: int) -> NodePath:
    """The path of child ``index`` of the node at ``path``: a :class:`DeepPath` from :data:`DEEP` levels on."""
    if len(path) < DEEP - 1:
        return path + (index,)
    child = DeepPath(tuple.__add__(path, (index,)))
    known = child.__dict__
    known["parent"] = path
    if _HASH_BY_PARTS:  # the hash from the parent's, not from all the items again (quadratic in a chain)
        start = path.__dict__.get("hash_state") if path.__class__ is DeepPath else None
        known["hash_state"] = state = _hash_item(_hash_state(path) if start is None else start, index)
        known["hash"] = _hash_end(state, len(child))
    return child


# CPython's tuple hash (xxHash's round per item, then the length), item by item, so that a deep
# path's hash is made from its parent's. Used only where it gives tuple.__hash__'s value: checked once.
_MASK = (1 << 64) - 1
_XXPRIME_1, _XXPRIME_2, _XXPRIME_5 = 11400714785074694791, 14029467366897019727, 2870177450012600261


def _hash_item(state: int, item: object) -> int:
    state = (state + (hash(item) & _MASK) * _XXPRIME_2) & _MASK
    state = ((state << 31) | (state >> 33)) & _MASK
    return (state * _XXPRIME_1) & _MASK


def _hash_state(items: Sequence[object]) -> int:
    state = _XXPRIME_5
    for item in items:
        state = _hash_item(state, item)
    return state


def _hash_end(state: int, length: int) -> int:
    state = (state + (length ^ (_XXPRIME_5 ^ 3527539))) & _MASK
    if state == _MASK:
        return 1546275796
    return state - (1 << 64) if state >= 1 << 63 else state


def _hash_by_parts_holds() -> bool:
    samples = [(), (0,), (3, 1, 4, 1, 5), tuple(range(40)), (2**62, -1, 7)]
    return all(_hash_end(_hash_state(sample), len(sample)) == hash(sample) for sample in samples)


_HASH_BY_PARTS = _hash_by_parts_holds()
"""Whether this Python hashes tuples as :func:`_hash_item` does (CPython 3.8 and later on 64 bits);
elsewhere a deep path hashes its items once, when first hashed."""


def parent_path(path: NodePath) -> NodePath:
    """The path of the parent of the node at ``path`` (not the root): a deep path's own parent, when it
    was made by :func:`child_path`, rather than a slice (a new tuple, hashed item by item: quadratic in a chain)."""
    parent = path.__dict__.get("parent") if path.__class__ is DeepPath else None
    return parent if parent is not None else path[:-1]


def as_path(items: Sequence[int], *, deep: bool = False) -> NodePath:
    """A path from its indices: a plain tuple, or a :class:`DeepPath` from :data:`DEEP` levels on
    (or when ``deep``: a parent whose children's paths, made with ``+``, are to be deep)."""
    return DeepPath(items) if deep or len(items) >= DEEP else tuple(items)


_PATH_RE = re.compile(r"^(0|[1-9][0-9]*)(\.(0|[1-9][0-9]*))*$")


_PARSED: dict[str, NodePath | None] = {}  # texts read, and their short paths (plain tuples: never changed) or None
_PARSED_KEPT = 4096
"""How many texts :func:`parse_path` keeps read: a class's keys, and a tree's lookups, repeat the same few paths."""
_UNREAD = object()


def parse_path(text: str) -> NodePath | None:
    """``"1.0"`` -> ``(1, 0)``; ``""`` -> ``()``; None when ``text`` is not a path."""
    parsed = _PARSED.get(text, _UNREAD)
    if parsed is not _UNREAD:
        return parsed  # type: ignore[return-value]
    parsed = _read_path(text)
    if (parsed is None or parsed.__class__ is tuple) and len(_PARSED) < _PARSED_KEPT:
        _PARSED[text] = parsed
    return parsed


def _read_path(text: str) -> NodePath | None:
    text = text.strip()
    if text == "":
        return ()
    if not _PATH_RE.match(text):
        return None
    parsed = as_path([int(part) for part in text.split(".")])
    if isinstance(parsed, DeepPath):
        parsed.__dict__["text"] = text
    return parsed
