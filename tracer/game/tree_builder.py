"""Building a :class:`~tracer.game.model.Tree` from what a reader parsed: JSON values or YAML nodes.

The readers of :mod:`tracer.game.notation` hand over raw data through one small interface
(``kind``, ``items``, ``entries``, ``scalar``, ``plain``, ``where``); the builder checks
every node (keys, types, values, probabilities, labels) and reports each problem with the
file, the line and column where the reader knows them, the node's path and the fix. The
walk is iterative, so a tree 20,000 levels deep costs no Python stack.
"""

from __future__ import annotations

import json
import math
from fractions import Fraction
from typing import Any

from tracer.errors import TreeFormatError
from tracer.game.model import PLAYER_TYPES, Node, NodePath, Tree, child_path, parse_path
from tracer.reading import MAX_DIGITS
from tracer.reading.plain import first_unprintable
from tracer.recursion import MAX_DEPTH, quiet_gc

__all__ = ["MAX_TEXT", "MAX_VALUE", "PROBABILITY_TOLERANCE", "BadConstant", "build_tree", "looks_like_number"]

_NODE_KEYS = ("label", "type", "children", "value", "p", "move", "quiet", "noisy", "chance")
_INF = float("inf")
# How an author may write an infinite value: YAML's .inf, Python's inf, the sign ∞ (with a true minus too)
_INFINITIES = {
    **{spelling: _INF for spelling in ("inf", "+inf", "infinity", "+infinity", ".inf", "+.inf", "∞", "+∞")},
    **{spelling: -_INF for spelling in ("-inf", "-infinity", "-.inf", "-∞", "−inf", "−∞", "−.inf")},
}
MAX_VALUE = 1e300
"""The largest value (in size) a tree may hold: weighted sums of such values stay finite."""
MAX_TEXT = 200
"""The longest label or move name, in characters."""
PROBABILITY_TOLERANCE = 1e-9



class BadConstant:
    """What json's ``parse_constant`` returns for NaN/Infinity, to be reported by path."""

    def __init__(self, token: str) -> None:
        self.token = token



def looks_like_number(text: str) -> bool:
    try:
        float(text.strip())
    except ValueError:
        return False
    return True


def _shown(value: Any) -> str:
    """A scalar as the author wrote it: true, null, "x" (not Python's True, None, 'x')."""
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, str):
        return json.dumps(value[:60] + ("..." if len(value) > 60 else ""), ensure_ascii=False)
    return repr(value)



def _too_deep(source: str) -> TreeFormatError:
    return TreeFormatError(
        f"the tree is nested too deeply (more than {MAX_DEPTH} levels)",
        source=source,
        hint="tracer draws and searches trees up to that depth",
    )



# -- building the tree ---------------------------------------------------------------
class _Builder:
    def __init__(self, reader: Any, source: str, players: tuple[str, ...]) -> None:
        self.reader = reader
        self.source = source
        self.players = players

    def error(self, message: str, raw: Any, path: NodePath, hint: str | None = None, label: str | None = None) -> TreeFormatError:
        line, column = self.reader.where(raw)
        return TreeFormatError(message, source=self.source, line=line, column=column, path=path, label=label, hint=hint)

    def number(self, raw: Any, path: NodePath, what: str, infinite: bool = False) -> float:
        """A finite number (or, with ``infinite``, +inf or -inf in any of its spellings: ``inf``,
        ``-inf``, ``+inf``, ``∞``, ``-∞``, ``+∞``, YAML's ``.inf``, JSON's ``Infinity`` or ``"inf"``),
        or an error that says what was found and what to write."""
        reader = self.reader
        if reader.kind(raw) != "scalar":
            raise self.error(f"{what} must be a number, not a {'list' if reader.kind(raw) == 'list' else 'mapping'}", raw, path)
        value = reader.scalar(raw)
        if infinite:
            spelled = value.token if isinstance(value, BadConstant) else value
            if isinstance(spelled, str) and spelled.strip().lower() in _INFINITIES:
                return _INFINITIES[spelled.strip().lower()]
            written = getattr(raw, "value", None)  # a YAML node's text (.inf is read as a float; 1.0e999 is refused below)
            if isinstance(value, float) and math.isinf(value) and isinstance(written, str) and written.strip().lower() in _INFINITIES:
                return value
        if isinstance(value, BadConstant):
            hint = "write a finite number" + ("; write infinities as inf, -inf or ∞" if infinite and "nfinity" in value.token else "")
            raise self.error(f"{what} is {value.token}, which is not a usable value", raw, path, hint=hint)
        if isinstance(value, str) and reader.plain(raw) and len(value) <= MAX_DIGITS:
            try:
                value = float(value) if any(c in value for c in ".eE") else int(value)
            except ValueError:
                pass
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            if isinstance(value, str) and looks_like_number(value):
                hint = "write a number without quotes"
            elif what == "the probability p":
                hint = 'write p as 0.25 or as "1/4"'
            else:
                hint = "write a number such as 3, -1.5, inf or -inf" if infinite else "write a number such as 3 or -1.5"
            raise self.error(f"{what} must be a number, not {_shown(value)}", raw, path, hint=hint)
        if isinstance(value, float) and not math.isfinite(value):
            raise self.error(f"{what} is {value}, which is not a usable value", raw, path, hint="write a finite number")
        if abs(value) > MAX_VALUE:  # an infinity written as a number (1e999) is refused here too
            raise self.error(f"{what} is too large", raw, path, hint=f"write numbers between -1e300 and 1e300 ({MAX_DIGITS} digits at most)")
        return value

    def probability(self, raw: Any, path: NodePath) -> float:
        reader = self.reader
        if reader.kind(raw) == "scalar":
            value = reader.scalar(raw)
            if isinstance(value, str) and "/" in value:
                try:
                    fraction = Fraction(value.replace(" ", "")) if len(value) <= MAX_DIGITS else None
                except (ValueError, ZeroDivisionError):
                    fraction = None
                if fraction is None:
                    raise self.error(f"the probability {_shown(value)} is not a fraction", raw, path, hint="write p as 0.25 or as \"1/4\"")
                if not 0 <= fraction <= 1:
                    raise self.error(f"the probability p = {value} is outside [0, 1]", raw, path,
                                     hint="give each child of a chance node a probability between 0 and 1")
                return float(fraction)
        p = self.number(raw, path, "the probability p")
        if p < 0 or p > 1:
            raise self.error(f"the probability p = {p} is outside [0, 1]", raw, path, hint="give each child of a chance node a probability between 0 and 1")
        return p

    def text(self, raw: Any, path: NodePath, what: str) -> str:
        if self.reader.kind(raw) != "scalar":
            raise self.error(f"{what} must be text", raw, path)
        value = self.reader.scalar(raw)
        if value is None or isinstance(value, (bool, BadConstant)):
            raise self.error(f"{what} must be text, not {_shown(value)}", raw, path)
        text = str(value)
        bad = first_unprintable(text)
        if bad is not None:
            raise self.error(f"{what} holds the control character U+{ord(bad):04X}", raw, path,
                             hint="write it on one line, without control or text-direction characters")
        if len(text) > MAX_TEXT:
            raise self.error(f"{what} is {len(text):,} characters long", raw, path, hint=f"write at most {MAX_TEXT} characters")
        return text

    def parse_node(self, raw: Any, path: NodePath) -> dict[str, Any]:
        """One node's own fields and its children (raw), without descending."""
        reader = self.reader
        kind = reader.kind(raw)
        if kind == "scalar":
            return {"value": self.number(raw, path, "a leaf", infinite=True), "children": [], "raw": raw}
        if kind == "list":
            children = reader.items(raw)
            if not children:
                raise self.error("an empty node []", raw, path, hint="give it children, or write a number for a leaf")
            return {"children": [(child, None) for child in children], "raw": raw}
        fields: dict[str, Any] = {"raw": raw}
        entries = reader.entries(raw)
        seen: set[str] = set()
        for key, value in entries:
            if key not in _NODE_KEYS:
                raise self.error(
                    f"unknown key {key!r}", raw, path, hint="a node may have " + ", ".join(_NODE_KEYS[:-1]) + ", or be {chance: [[p, subtree], ...]}"
                )
            if key in seen:
                raise self.error(f"the key {key!r} is given twice", raw, path, hint="keep one of them")
            seen.add(key)
            fields[key] = value
        if "label" in fields:
            label = self.text(fields["label"], path, "a label").strip()
            if not label:
                raise self.error("an empty label", raw, path, hint="give a name such as B, or leave the label out")
            if parse_path(label) is not None:
                raise self.error(
                    f"the label {label!r} looks like a node path", raw, path, hint=f"labels must not be numbers; write e.g. n{label}"
                )
            fields["label"] = label
        if "move" in fields:
            fields["move"] = self.text(fields["move"], path, "a move")
        if "type" in fields:
            node_type = self.text(fields["type"], path, "a type").strip().lower()
            if node_type not in PLAYER_TYPES + ("leaf",):
                raise self.error(f"unknown type {node_type!r}", raw, path, hint="write max, min or chance")
            fields["type"] = node_type
        if "chance" in fields:
            if "children" in fields:
                raise self.error("both chance and children are given", raw, path, hint="write {chance: [[p, subtree], ...]} or {type: chance, children: [...]}")
            if fields.get("type", "chance") != "chance":
                raise self.error(f"a chance form with type {fields['type']}", raw, path, hint="leave type out of a chance form")
            pairs = fields.pop("chance")
            if reader.kind(pairs) != "list" or not reader.items(pairs):
                raise self.error("chance must be a list of [p, subtree] pairs", pairs, path, hint="write {chance: [[0.5, 3], [0.5, 7]]}")
            children = []
            for pair in reader.items(pairs):
                if reader.kind(pair) != "list" or len(reader.items(pair)) != 2:
                    raise self.error("each chance outcome must be a pair [p, subtree]", pair, path, hint="write {chance: [[0.5, 3], [0.5, 7]]}")
                p_raw, subtree = reader.items(pair)
                children.append((subtree, p_raw))
            fields["type"] = "chance"
            fields["children"] = children
            fields["compact_chance"] = True
        elif "children" in fields:
            children_raw = fields["children"]
            if reader.kind(children_raw) != "list":
                raise self.error("children must be a list", children_raw, path, hint="write children: [...]")
            items = reader.items(children_raw)
            if not items:
                raise self.error("an empty list of children", children_raw, path, hint="give at least one child, or leave children out and give a value")
            fields["children"] = [(child, None) for child in items]
        else:
            fields["children"] = []
        if "value" in fields:
            fields["value"] = self.number(fields["value"], path, "value", infinite=True)
        self.quiescence(fields, raw, path)
        if not fields["children"]:
            if "value" not in fields:
                raise self.error("a leaf without a value", raw, path, hint="give it value: <number>, or children")
            if fields.get("type") not in (None, "leaf"):
                raise self.error(
                    f"a node of type {fields['type']} without children", raw, path, hint="give it children, or leave type out for a leaf"
                )
        elif fields.get("type") == "leaf":
            raise self.error("a node of type leaf with children", raw, path, hint="write max, min or chance, or leave type out")
        return fields


    def quiescence(self, fields: dict[str, Any], raw: Any, path: NodePath) -> None:
        """``quiet: false`` (every child is noisy) or ``noisy: [indices]`` -> ``fields["noisy"]``."""
        reader = self.reader
        children = fields["children"]
        noisy: tuple[int, ...] | None = None
        if "quiet" in fields:
            flag = reader.scalar(fields["quiet"]) if reader.kind(fields["quiet"]) == "scalar" else None
            if not isinstance(flag, bool):
                raise self.error("quiet must be true or false", fields["quiet"], path, hint="write quiet: false for a node whose moves are all noisy")
            if "noisy" in fields:
                raise self.error("both quiet and noisy are given", raw, path, hint="write quiet: false (all children noisy) or noisy: [0, 2]")
            noisy = None if flag else tuple(range(len(children)))
        elif "noisy" in fields:
            items = reader.items(fields["noisy"]) if reader.kind(fields["noisy"]) == "list" else None
            indices = [reader.scalar(item) if reader.kind(item) == "scalar" else None for item in items or ()]
            if not indices or not all(type(i) is int and 0 <= i < len(children) for i in indices) or len(set(indices)) != len(indices):
                raise self.error(
                    "noisy must list child indices, each once", fields["noisy"], path,
                    hint=f"write e.g. noisy: [0] (indices from 0 to {len(children) - 1})" if children else "a leaf has no moves: leave noisy out",
                )
            noisy = tuple(sorted(int(index) for index in indices))  # type: ignore[arg-type]  # checked above
        if noisy is not None:
            if not children:
                raise self.error("a leaf cannot be noisy: it has no moves", raw, path, hint="leave quiet and noisy out of leaves")
            if fields.get("type") == "chance" or fields.get("compact_chance"):
                raise self.error("a chance node cannot be noisy", raw, path, hint="mark MAX and MIN nodes quiet: false")
            fields["noisy"] = noisy
        else:
            fields.pop("noisy", None)


def build_tree(data: Any, reader: Any, source: str, players: tuple[str, ...]) -> Tree:
    """The tree ``data`` describes, read through ``reader``, with node types from ``players`` by depth."""
    with quiet_gc():
        return _build_tree(data, reader, source, players)


def _build_tree(data: Any, reader: Any, source: str, players: tuple[str, ...]) -> Tree:
    builder = _Builder(reader, source, players)
    root_node: Node | None = None
    # Each entry: (raw, path, parent, p_raw). Iterative, so depth costs no Python stack.
    stack: list[tuple[Any, NodePath, Node | None, Any]] = [(data, (), None, None)]
    while stack:
        raw, path, parent, p_raw = stack.pop()
        if len(path) > MAX_DEPTH:
            raise _too_deep(source)
        fields = builder.parse_node(raw, path)
        children = fields["children"]
        node_type = fields.get("type") or players[len(path) % len(players)]
        if not children:
            node_type = "leaf"
        node = Node(
            path=path,
            type=node_type,
            label=fields.get("label", ""),
            value=fields.get("value"),
            move=fields.get("move"),
            noisy=fields.get("noisy"),
        )
        if parent is None:
            root_node = node
            if "p" in fields:
                raise builder.error("the root has a probability p", raw, path, hint="p belongs to children of chance nodes")
        else:
            parent.children.append(node)
            own_p = fields.get("p")
            if p_raw is not None and own_p is not None:
                raise builder.error("p is given twice (in the chance pair and in the node)", raw, path)
            p_given = p_raw if p_raw is not None else own_p
            if parent.type == "chance":
                if p_given is not None:
                    node.p = builder.probability(p_given, path)
            elif own_p is not None:
                raise builder.error(
                    f"p on a child of a {parent.type.upper()} node", raw, path, hint="only children of chance nodes have probabilities; remove p"
                )
        if node_type == "chance":
            if node.noisy is not None:
                raise builder.error("a chance node cannot be noisy", raw, path, hint="mark MAX and MIN nodes quiet: false")
            _check_probabilities(builder, fields, children, path)
        for index in range(len(children) - 1, -1, -1):
            child_raw, child_p = children[index]
            stack.append((child_raw, child_path(path, index), node, child_p))
    assert root_node is not None
    tree = _finish(root_node, builder)
    return Tree(tree, players=players)


def _check_probabilities(builder: _Builder, fields: dict[str, Any], children: list[tuple[Any, Any]], path: NodePath) -> None:
    """All or none of a chance node's children carry p; given ones sum to 1."""
    reader = builder.reader
    raw = fields["raw"]
    given: list[float | None] = []
    for index, (child_raw, pair_p) in enumerate(children):
        p_raw = pair_p
        if p_raw is None and reader.kind(child_raw) == "map":
            p_raw = dict(reader.entries(child_raw)).get("p")
        given.append(None if p_raw is None else builder.probability(p_raw, path + (index,)))
    if all(p is None for p in given):
        return
    if any(p is None for p in given):
        missing = [str(i) for i, p in enumerate(given) if p is None]
        raise builder.error(
            f"some children of this chance node have p and others ({', '.join(missing)}) do not",
            raw,
            path,
            hint="give p on every child, or on none for equally likely outcomes",
        )
    total = math.fsum(p for p in given if p is not None)
    if abs(total - 1.0) > PROBABILITY_TOLERANCE:
        raise builder.error(
            f"the probabilities of this chance node's children sum to {total:g}, not 1",
            raw,
            path,
            hint="make them sum to 1, or leave p out for equally likely outcomes",
        )


def _finish(root: Node, builder: _Builder) -> Node:
    """Uniform probabilities where none were given; duplicate labels refused."""
    seen: dict[str, Node] = {}
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == "chance" and node.children and node.children[0].p is None:
            uniform = 1.0 / len(node.children)
            for child in node.children:
                child.p = uniform
        if node.label:
            key = node.label.casefold()
            if key in seen:
                other = seen[key]
                raise TreeFormatError(
                    f"the label {node.label!r} is also used by the node at path {other.path_text!r}",
                    source=builder.source,
                    path=node.path,
                    hint="labels must be unique (ignoring case); rename one",
                )
            seen[key] = node
        stack.extend(reversed(node.children))  # preorder, so the later node is the one named
    return root
