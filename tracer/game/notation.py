"""Reading trees as authors write them: bracket form and object form, in JSON or YAML.

Bracket form
    nested lists; a number is a leaf, a list an internal node:
    ``[[3, 12, 8], [2, 4, 6], [14, 5, 2]]``.
Object form
    a node is a number, a list, or a mapping with ``label``, ``type``
    (``max``/``min``/``chance``), ``children``, ``value``, ``p`` and ``move``; the compact
    chance form ``{"chance": [[p, subtree], ...]}`` may stand wherever a node can.

Node types come from an explicit ``type`` (or the chance form), else from the cycle
``players`` by depth (``("max", "min")`` by default). Every error names the file, the
line and column where the reader knows them (YAML), the node's path, and the fix.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path as FilePath
from typing import Any

from tracer.errors import TreeFormatError
from tracer.game.model import PLAYER_TYPES, Node, NodePath, Tree, parse_path
from tracer.reading import MAX_DIGITS, compose_yaml, load_json, read_input
from tracer.recursion import MAX_DEPTH, quiet_gc

__all__ = ["MAX_DEPTH", "load_tree", "parse_players", "parse_tree", "tree_from_data"]

_NODE_KEYS = ("label", "type", "children", "value", "p", "move", "chance")
MAX_VALUE = 1e300
"""The largest value (in size) a tree may hold: weighted sums of such values stay finite."""
MAX_TEXT = 200
"""The longest label or move name, in characters."""
_DIRECTION_CONTROLS = frozenset("\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _unprintable(char: str) -> bool:
    """Control characters (newlines, tabs, ...) and the invisible marks that reverse text direction."""
    return char in _DIRECTION_CONTROLS or unicodedata.category(char) == "Cc"
_PROBABILITY_TOLERANCE = 1e-9


def parse_players(text: str | Sequence[str] | None, root: str | None = None) -> tuple[str, ...]:
    """The cycle of node types by depth: ``"max,min,min"`` -> ``("max", "min", "min")``.

    ``root="min"`` without ``players`` gives ``("min", "max")``.
    """
    if text is None or text == "":
        if root in (None, "max"):
            return ("max", "min")
        if root == "min":
            return ("min", "max")
        raise TreeFormatError(f"unknown root type {root!r}", hint="use --root max or --root min")
    parts = text.split(",") if isinstance(text, str) else list(text)
    cycle = tuple(part.strip().lower() for part in parts)
    for part in cycle:
        if part not in PLAYER_TYPES:
            raise TreeFormatError(
                f"unknown player type {part!r} in the players cycle",
                hint="write a comma-separated cycle of max, min and chance, e.g. max,min,min",
            )
    if root is not None and cycle[0] != root:
        raise TreeFormatError(
            f"--root {root} disagrees with --players {','.join(cycle)}",
            hint="give one of them, or start the players cycle with the root's type",
        )
    return cycle


# -- readers: one interface over JSON values and YAML nodes ------------------------------
class _BadConstant:
    """What json's ``parse_constant`` returns for NaN/Infinity, to be reported by path."""

    def __init__(self, token: str) -> None:
        self.token = token


class _JsonObject(dict):  # type: ignore[type-arg]
    """A JSON object that remembers every key, so that a key given twice can be reported."""

    def __init__(self, pairs: list[tuple[str, Any]]) -> None:
        super().__init__(pairs)
        self.pairs = pairs


def _shown(value: Any) -> str:
    """A scalar as the author wrote it: true, null, "x" (not Python's True, None, 'x')."""
    import json

    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, str):
        return json.dumps(value[:60] + ("..." if len(value) > 60 else ""), ensure_ascii=False)
    return repr(value)


class _JsonReader:
    def kind(self, raw: Any) -> str:
        if isinstance(raw, list):
            return "list"
        if isinstance(raw, dict):
            return "map"
        return "scalar"

    def items(self, raw: Any) -> list[Any]:
        return raw

    def entries(self, raw: Any) -> list[tuple[str, Any]]:
        return [(str(key), value) for key, value in getattr(raw, "pairs", raw.items())]

    def scalar(self, raw: Any) -> Any:
        return raw

    def plain(self, raw: Any) -> bool:
        return False

    def where(self, raw: Any) -> tuple[int | None, int | None]:
        return (None, None)


class _YamlReader:
    def __init__(self) -> None:
        import yaml  # heavy import only when a YAML file is read

        self._constructor = yaml.constructor.SafeConstructor()
        self._yaml = yaml

    def kind(self, raw: Any) -> str:
        if isinstance(raw, self._yaml.SequenceNode):
            return "list"
        if isinstance(raw, self._yaml.MappingNode):
            return "map"
        return "scalar"

    def items(self, raw: Any) -> list[Any]:
        return list(raw.value)

    def entries(self, raw: Any) -> list[tuple[str, Any]]:
        return [(str(key.value), value) for key, value in raw.value]

    def scalar(self, raw: Any) -> Any:
        if raw.tag in ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float") and len(raw.value) > MAX_DIGITS:
            return raw.value  # refused as too long where a number is expected (Python would not read it)
        return self._constructor.construct_object(raw)

    def plain(self, raw: Any) -> bool:
        return getattr(raw, "style", "x") is None

    def where(self, raw: Any) -> tuple[int | None, int | None]:
        mark = raw.start_mark
        return (mark.line + 1, mark.column + 1)


# -- entry points ----------------------------------------------------------------------
def load_tree(
    path: str | FilePath,
    players: Sequence[str] | str | None = None,
    root: str | None = None,
) -> Tree:
    """Read a tree from a ``.json``, ``.yaml`` or ``.yml`` file, or ``"-"`` for stdin."""
    if str(path) == "-":
        return parse_tree(read_input("-", kind="tree", error=TreeFormatError, what="the tree"), source="<stdin>", players=players, root=root)
    file = FilePath(path)
    suffix = file.suffix.lower()
    if file.is_dir():
        raise TreeFormatError("is a folder, not a tree file", source=str(path), hint="give a *.json, *.yaml or *.yml file")
    if suffix not in (".json", ".yaml", ".yml"):
        raise TreeFormatError(
            f"cannot tell the format of {file.name!r}",
            source=str(path),
            hint="name tree files *.json, *.yaml or *.yml, or pass - to read standard input",
        )
    text = read_input(file, kind="tree", error=TreeFormatError, what="the tree file")
    fmt = "json" if suffix == ".json" else "yaml"
    return parse_tree(text, source=str(path), fmt=fmt, players=players, root=root)


def parse_tree(
    text: str,
    *,
    source: str = "<string>",
    fmt: str | None = None,
    players: Sequence[str] | str | None = None,
    root: str | None = None,
) -> Tree:
    """Read a tree from text; ``fmt`` is ``"json"``, ``"yaml"`` or None to guess.

    >>> tree = parse_tree("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]")
    >>> [node.label for node in tree.root.children]
    ['B', 'C', 'D']
    >>> tree.node("1.0").value
    2
    """
    cycle = parse_players(players, root)
    if not text.strip():
        raise TreeFormatError("the input is empty", source=source, hint="write a tree such as [[3, 12], [2, 4]]")
    if fmt is None:
        stripped = text.lstrip()
        fmt = "json" if stripped[:1] in "[{" or _looks_like_number(stripped) else "yaml"
        if fmt == "json":
            try:
                data = _load_json(text, source)
            except TreeFormatError as json_error:
                # Flow-style YAML ([{chance: ...}]) looks like JSON: read it as YAML, but
                # report the JSON error when it is not YAML either.
                try:
                    raw = _compose_yaml(text, source)
                except TreeFormatError:
                    raise json_error from None
                return _build(raw, _YamlReader(), source, cycle)
            return tree_from_data(data, source=source, players=cycle)
    if fmt == "json":
        return tree_from_data(_load_json(text, source), source=source, players=cycle)
    raw = _compose_yaml(text, source)
    return _build(raw, _YamlReader(), source, cycle)


def tree_from_data(data: Any, *, source: str = "<data>", players: Sequence[str] = ("max", "min")) -> Tree:
    """A tree from already-parsed data (nested lists, dicts and numbers)."""
    return _build(data, _JsonReader(), source, tuple(players))


def _looks_like_number(text: str) -> bool:
    try:
        float(text.strip())
    except ValueError:
        return False
    return True


def _json_hint(message: str) -> str:
    if "Expecting value" in message:
        return "a value is missing here: write a number, a list or an object"
    if "Extra data" in message:
        return "there is more after the tree: an extra ] or a second tree"
    return "check that every [ has its ] and that items are separated by commas"


def _load_json(text: str, source: str) -> Any:
    return load_json(text, source, error=TreeFormatError, hint=_json_hint, parse_constant=_BadConstant, object_pairs_hook=_JsonObject)


def _compose_yaml(text: str, source: str) -> Any:
    raw = compose_yaml(text, source, error=TreeFormatError)
    if raw is None:
        raise TreeFormatError("the input holds no tree", source=source, hint="write a tree such as [[3, 12], [2, 4]]")
    return raw


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

    def number(self, raw: Any, path: NodePath, what: str) -> float:
        """A finite number, or an error that says what was found and what to write."""
        reader = self.reader
        if reader.kind(raw) != "scalar":
            raise self.error(f"{what} must be a number, not a {'list' if reader.kind(raw) == 'list' else 'mapping'}", raw, path)
        value = reader.scalar(raw)
        if isinstance(value, _BadConstant):
            raise self.error(f"{what} is {value.token}, which is not a usable value", raw, path, hint="write a finite number")
        if isinstance(value, str) and reader.plain(raw) and len(value) <= MAX_DIGITS:
            try:
                value = float(value) if any(c in value for c in ".eE") else int(value)
            except ValueError:
                pass
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            if isinstance(value, str) and _looks_like_number(value):
                hint = "write a number without quotes"
            elif what == "the probability p":
                hint = 'write p as 0.25 or as "1/4"'
            else:
                hint = "write a number such as 3 or -1.5"
            raise self.error(f"{what} must be a number, not {_shown(value)}", raw, path, hint=hint)
        if isinstance(value, float) and not math.isfinite(value):
            raise self.error(f"{what} is {value}, which is not a usable value", raw, path, hint="write a finite number")
        if abs(value) > MAX_VALUE:
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
        if value is None or isinstance(value, (bool, _BadConstant)):
            raise self.error(f"{what} must be text, not {_shown(value)}", raw, path)
        text = str(value)
        bad = next((char for char in text if _unprintable(char)), None)
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
            return {"value": self.number(raw, path, "a leaf"), "children": [], "raw": raw}
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
            fields["value"] = self.number(fields["value"], path, "value")
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


def _build(data: Any, reader: Any, source: str, players: tuple[str, ...]) -> Tree:
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
            _check_probabilities(builder, fields, children, path)
        for index in range(len(children) - 1, -1, -1):
            child_raw, child_p = children[index]
            stack.append((child_raw, path + (index,), node, child_p))
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
    if abs(total - 1.0) > _PROBABILITY_TOLERANCE:
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
