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
from tracer.game.tree_checks import check_probabilities, finish
from tracer.reading import MAX_DIGITS
from tracer.reading.plain import first_unprintable
from tracer.recursion import MAX_DEPTH, quiet_gc
from tracer.words import count, node_kind, say

__all__ = ["MAX_NODES", "MAX_TEXT", "MAX_VALUE", "BadConstant", "build_tree", "looks_like_number"]

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
MAX_NODES = 2_000_000
"""The most nodes a tree file may hold (as many as a YAML file may hold values): a key of a million
nodes takes seconds, and a file of 50 million leaves would take gigabytes before any search."""



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
        say("tree.too_deep", "the tree is nested too deeply (more than {most} levels)", most=MAX_DEPTH),
        source=source,
        hint=say("tree.too_deep.hint", "tracer draws and searches trees up to that depth"),
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

    def number(self, raw: Any, path: NodePath, what: str, infinite: bool = False, probability: bool = False) -> float:
        """A finite number (or, with ``infinite``, +inf or -inf in any of its spellings: ``inf``,
        ``-inf``, ``+inf``, ``∞``, ``-∞``, ``+∞``, YAML's ``.inf``, JSON's ``Infinity`` or ``"inf"``),
        or an error that says what was found and what to write."""
        reader = self.reader
        if reader.kind(raw) != "scalar":
            if reader.kind(raw) == "list":
                raise self.error(say("tree.number.list", "{what} must be a number, not a list", what=what), raw, path)
            raise self.error(say("tree.number.mapping", "{what} must be a number, not a mapping", what=what), raw, path)
        value = reader.scalar(raw)
        if infinite:
            spelled = value.token if isinstance(value, BadConstant) else value
            if isinstance(spelled, str) and spelled.strip().lower() in _INFINITIES:
                return _INFINITIES[spelled.strip().lower()]
            written = getattr(raw, "value", None)  # a YAML node's text (.inf is read as a float; 1.0e999 is refused below)
            if isinstance(value, float) and math.isinf(value) and isinstance(written, str) and written.strip().lower() in _INFINITIES:
                return value
        if isinstance(value, BadConstant):
            if infinite and "nfinity" in value.token:
                hint = say("tree.number.finite.inf", "write a finite number; write infinities as inf, -inf or ∞")
            else:
                hint = say("tree.number.finite", "write a finite number")
            raise self.error(say("tree.number.unusable", "{what} is {value}, which is not a usable value", what=what, value=value.token),
                             raw, path, hint=hint)
        if isinstance(value, str) and reader.plain(raw) and len(value) <= MAX_DIGITS:
            try:
                value = float(value) if any(c in value for c in ".eE") else int(value)
            except ValueError:
                pass
        if isinstance(value, str) and reader.plain(raw) and len(value) > MAX_DIGITS and looks_like_number(value):
            raise self.error(say("tree.number.large", "{what} is too large", what=what), raw, path,
                             hint=say("tree.number.range", "write numbers between -1e300 and 1e300 ({most} digits at most)", most=MAX_DIGITS))
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            if isinstance(value, str) and looks_like_number(value):
                hint = say("tree.number.quoted", "write a number without quotes")
            elif probability:
                hint = say("tree.p.how", 'write p as 0.25 or as "1/4"')
            elif infinite:
                hint = say("tree.number.how.inf", "write a number such as 3, -1.5, inf or -inf")
            else:
                hint = say("tree.number.how", "write a number such as 3 or -1.5")
            raise self.error(say("tree.number.not", "{what} must be a number, not {found}", what=what, found=_shown(value)), raw, path, hint=hint)
        if isinstance(value, float) and not math.isfinite(value):  # a number too large for a float (1e309), or NaN
            finite = (say("tree.number.finite.inf", "write a finite number; write infinities as inf, -inf or ∞") if infinite
                      else say("tree.number.finite", "write a finite number"))
            raise self.error(say("tree.number.unusable", "{what} is {value}, which is not a usable value", what=what, value=value),
                             raw, path, hint=finite)
        if abs(value) > MAX_VALUE:  # an infinity written as a number (1e999) is refused here too
            raise self.error(say("tree.number.large", "{what} is too large", what=what), raw, path,
                             hint=say("tree.number.range", "write numbers between -1e300 and 1e300 ({most} digits at most)", most=MAX_DIGITS))
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
                    raise self.error(say("tree.p.fraction", "the probability {found} is not a fraction", found=_shown(value)), raw, path,
                                     hint=say("tree.p.how", 'write p as 0.25 or as "1/4"'))
                if not 0 <= fraction <= 1:
                    raise self.error(say("tree.p.range", "the probability p = {p} is outside [0, 1]", p=value), raw, path,
                                     hint=say("tree.p.range.hint", "give each child of a chance node a probability between 0 and 1"))
                return float(fraction)
        p = self.number(raw, path, say("tree.what.p", "the probability p"), probability=True)
        if p < 0 or p > 1:
            raise self.error(say("tree.p.range", "the probability p = {p} is outside [0, 1]", p=p), raw, path,
                             hint=say("tree.p.range.hint", "give each child of a chance node a probability between 0 and 1"))
        return p

    def text(self, raw: Any, path: NodePath, what: str) -> str:
        if self.reader.kind(raw) != "scalar":
            raise self.error(say("tree.text", "{what} must be text", what=what), raw, path)
        value = self.reader.scalar(raw)
        if value is None or isinstance(value, (bool, BadConstant)):
            raise self.error(say("tree.text.not", "{what} must be text, not {found}", what=what, found=_shown(value)), raw, path)
        text = str(value)
        bad = first_unprintable(text)
        if bad is not None:
            raise self.error(say("tree.text.control", "{what} holds the control character {code}", what=what, code=f"U+{ord(bad):04X}"), raw, path,
                             hint=say("tree.text.control.hint", "write it on one line, without control or text-direction characters"))
        if len(text) > MAX_TEXT:
            raise self.error(say("tree.text.long", "{what} is {n} characters long", what=what, n=count(len(text))), raw, path,
                             hint=say("tree.text.long.hint", "write at most {most} characters", most=MAX_TEXT))
        return text

    def parse_node(self, raw: Any, path: NodePath) -> dict[str, Any]:
        """One node's own fields and its children (raw), without descending."""
        reader = self.reader
        kind = reader.kind(raw)
        if kind == "scalar":
            return {"value": self.number(raw, path, say("tree.what.leaf", "a leaf"), infinite=True), "children": [], "raw": raw}
        if kind == "list":
            children = reader.items(raw)
            if not children:
                raise self.error(say("tree.node.empty", "an empty node []"), raw, path,
                                 hint=say("tree.node.empty.hint", "give it children, or write a number for a leaf"))
            return {"children": [(child, None) for child in children], "raw": raw}
        fields: dict[str, Any] = {"raw": raw}
        entries = reader.entries(raw)
        seen: set[str] = set()
        for key, value in entries:
            if key not in _NODE_KEYS:
                raise self.error(
                    say("tree.key.unknown", "unknown key {key}", key=repr(key)), raw, path,
                    hint=say("tree.key.unknown.hint", "a node may have {keys}, or be {{chance: [[p, subtree], ...]}}", keys=", ".join(_NODE_KEYS[:-1])),
                )
            if key in seen:
                raise self.error(say("tree.key.twice", "the key {key} is given twice", key=repr(key)), raw, path,
                                 hint=say("tree.key.twice.hint", "keep one of them"))
            seen.add(key)
            fields[key] = value
        if "label" in fields:
            label = self.text(fields["label"], path, say("tree.what.label", "a label")).strip()
            if not label:
                raise self.error(say("tree.label.empty", "an empty label"), raw, path,
                                 hint=say("tree.label.empty.hint", "give a name such as B, or leave the label out"))
            if parse_path(label) is not None:
                raise self.error(
                    say("tree.label.path", "the label {label} looks like a node path", label=repr(label)), raw, path,
                    hint=say("tree.label.path.hint", "labels must not be numbers; write e.g. {example}", example=f"n{label}"),
                )
            fields["label"] = label
        if "move" in fields:
            fields["move"] = self.text(fields["move"], path, say("tree.what.move", "a move"))
        if "type" in fields:
            node_type = self.text(fields["type"], path, say("tree.what.type", "a type")).strip().lower()
            if node_type not in PLAYER_TYPES + ("leaf",):
                raise self.error(say("tree.type.unknown", "unknown type {type}", type=repr(node_type)), raw, path,
                                 hint=say("tree.type.unknown.hint", "write max, min or chance"))
            fields["type"] = node_type
        if "chance" in fields:
            if "children" in fields:
                raise self.error(say("tree.chance.children", "both chance and children are given"), raw, path,
                                 hint=say("tree.chance.children.hint", "write {{chance: [[p, subtree], ...]}} or {{type: chance, children: [...]}}"))
            if fields.get("type", "chance") != "chance":
                raise self.error(say("tree.chance.type", "a chance form with type {type}", type=fields["type"]), raw, path,
                                 hint=say("tree.chance.type.hint", "leave type out of a chance form"))
            pairs = fields.pop("chance")
            if reader.kind(pairs) != "list" or not reader.items(pairs):
                raise self.error(say("tree.chance.list", "chance must be a list of [p, subtree] pairs"), pairs, path,
                                 hint=say("tree.chance.example", "write {{chance: [[0.5, 3], [0.5, 7]]}}"))
            children = []
            for pair in reader.items(pairs):
                if reader.kind(pair) != "list" or len(reader.items(pair)) != 2:
                    raise self.error(say("tree.chance.pair", "each chance outcome must be a pair [p, subtree]"), pair, path,
                                     hint=say("tree.chance.example", "write {{chance: [[0.5, 3], [0.5, 7]]}}"))
                p_raw, subtree = reader.items(pair)
                children.append((subtree, p_raw))
            fields["type"] = "chance"
            fields["children"] = children
            fields["compact_chance"] = True
        elif "children" in fields:
            children_raw = fields["children"]
            if reader.kind(children_raw) != "list":
                raise self.error(say("tree.children.list", "children must be a list"), children_raw, path,
                                 hint=say("tree.children.list.hint", "write children: [...]"))
            items = reader.items(children_raw)
            if not items:
                raise self.error(say("tree.children.empty", "an empty list of children"), children_raw, path,
                                 hint=say("tree.children.empty.hint", "give at least one child, or leave children out and give a value"))
            fields["children"] = [(child, None) for child in items]
        else:
            fields["children"] = []
        if "value" in fields:
            fields["value"] = self.number(fields["value"], path, say("tree.what.value", "value"), infinite=True)
        self.quiescence(fields, raw, path)
        if not fields["children"]:
            if "value" not in fields:
                raise self.error(say("tree.leaf.value", "a leaf without a value"), raw, path,
                                 hint=say("tree.leaf.value.hint", "give it value: <number>, or children"))
            if fields.get("type") not in (None, "leaf"):
                raise self.error(
                    say("tree.type.childless", "a node of type {type} without children", type=fields["type"]), raw, path,
                    hint=say("tree.type.childless.hint", "give it children, or leave type out for a leaf"),
                )
        elif fields.get("type") == "leaf":
            raise self.error(say("tree.leaf.children", "a node of type leaf with children"), raw, path,
                             hint=say("tree.leaf.children.hint", "write max, min or chance, or leave type out"))
        return fields


    def quiescence(self, fields: dict[str, Any], raw: Any, path: NodePath) -> None:
        """``quiet: false`` (every child is noisy) or ``noisy: [indices]`` -> ``fields["noisy"]``."""
        reader = self.reader
        children = fields["children"]
        noisy: tuple[int, ...] | None = None
        if "quiet" in fields:
            flag = reader.scalar(fields["quiet"]) if reader.kind(fields["quiet"]) == "scalar" else None
            if not isinstance(flag, bool):
                raise self.error(say("tree.quiet.flag", "quiet must be true or false"), fields["quiet"], path,
                                 hint=say("tree.quiet.flag.hint", "write quiet: false for a node whose moves are all noisy"))
            if "noisy" in fields:
                raise self.error(say("tree.quiet.noisy", "both quiet and noisy are given"), raw, path,
                                 hint=say("tree.quiet.noisy.hint", "write quiet: false (all children noisy) or noisy: [0, 2]"))
            noisy = None if flag else tuple(range(len(children)))
        elif "noisy" in fields:
            items = reader.items(fields["noisy"]) if reader.kind(fields["noisy"]) == "list" else None
            indices = [reader.scalar(item) if reader.kind(item) == "scalar" else None for item in items or ()]
            if not indices or not all(type(i) is int and 0 <= i < len(children) for i in indices) or len(set(indices)) != len(indices):
                raise self.error(
                    say("tree.noisy.list", "noisy must list child indices, each once"), fields["noisy"], path,
                    hint=say("tree.noisy.list.hint", "write e.g. noisy: [0] (indices from 0 to {last})", last=len(children) - 1) if children
                    else say("tree.noisy.leaf.hint", "a leaf has no moves: leave noisy out"),
                )
            noisy = tuple(sorted(int(index) for index in indices))  # type: ignore[arg-type]  # checked above
        if noisy is not None:
            if not children:
                raise self.error(say("tree.noisy.leaf", "a leaf cannot be noisy: it has no moves"), raw, path,
                                 hint=say("tree.noisy.leaf.out", "leave quiet and noisy out of leaves"))
            if fields.get("type") == "chance" or fields.get("compact_chance"):
                raise self.error(say("tree.noisy.chance", "a chance node cannot be noisy"), raw, path,
                                 hint=say("tree.noisy.chance.hint", "mark MAX and MIN nodes quiet: false"))
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
    built = 0
    while stack:
        raw, path, parent, p_raw = stack.pop()
        if len(path) > MAX_DEPTH:
            raise _too_deep(source)
        built += 1
        fields = builder.parse_node(raw, path)
        children = fields["children"]
        if built + len(stack) + len(children) > MAX_NODES:  # a 100 MB file of "1," is 50 million leaves: gigabytes before any search
            raise TreeFormatError(say("tree.too_many", "the tree has more than {most} nodes, more than tracer reads", most=count(MAX_NODES)),
                                  source=source, hint=say("tree.too_many.hint", "search a smaller tree, or a game with a depth limit"))
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
                raise builder.error(say("tree.p.root", "the root has a probability p"), raw, path,
                                    hint=say("tree.p.root.hint", "p belongs to children of chance nodes"))
        else:
            parent.children.append(node)
            own_p = fields.get("p")
            if p_raw is not None and own_p is not None:
                raise builder.error(say("tree.p.twice", "p is given twice (in the chance pair and in the node)"), raw, path)
            p_given = p_raw if p_raw is not None else own_p
            if parent.type == "chance":
                if p_given is not None:
                    node.p = builder.probability(p_given, path)
            elif own_p is not None:
                raise builder.error(
                    say("tree.p.player", "p on a child of a {kind} node", kind=node_kind(parent.type)), raw, path,
                    hint=say("tree.p.player.hint", "only children of chance nodes have probabilities; remove p"),
                )
        if node_type == "chance":
            if node.noisy is not None:
                raise builder.error(say("tree.noisy.chance", "a chance node cannot be noisy"), raw, path,
                                    hint=say("tree.noisy.chance.hint", "mark MAX and MIN nodes quiet: false"))
            check_probabilities(builder, fields, children, path)
        for index in range(len(children) - 1, -1, -1):
            child_raw, child_p = children[index]
            stack.append((child_raw, child_path(path, index), node, child_p))
    assert root_node is not None
    tree = finish(root_node, builder)
    return Tree(tree, players=players)
