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

from collections.abc import Sequence
from pathlib import Path as FilePath
from typing import Any

from tracer.errors import Option, TreeFormatError
from tracer.game.model import PLAYER_TYPES, Tree
from tracer.game.tree_builder import BadConstant, build_tree, looks_like_number
from tracer.reading import MAX_DIGITS, compose_yaml, load_json, read_input
from tracer.words import say

__all__ = ["load_tree", "parse_players", "parse_tree", "tree_from_data"]


def parse_players(text: str | Sequence[str] | None, root: str | None = None) -> tuple[str, ...]:
    """The cycle of node types by depth: ``"max,min,min"`` -> ``("max", "min", "min")``.

    ``root="min"`` without ``players`` gives ``("min", "max")``.
    """
    if text is None or text == "":
        if root in (None, "max"):
            return ("max", "min")
        if root == "min":
            return ("min", "max")
        raise TreeFormatError(say("tree.root.unknown", "unknown root type {root}", root=repr(root)), hint=say("tree.root.hint", "use {{0}} or {{1}}"),
                              options=(Option("root", "max"), Option("root", "min")))
    parts = text.split(",") if isinstance(text, str) else list(text)
    cycle = tuple(part.strip().lower() for part in parts)
    for part in cycle:
        if part not in PLAYER_TYPES:
            raise TreeFormatError(
                say("tree.players.unknown", "unknown player type {part} in the players cycle", part=repr(part)),
                hint=say("tree.players.hint", "write a comma-separated cycle of max, min and chance, e.g. max,min,min"),
            )
    if root is not None and cycle[0] != root:
        raise TreeFormatError(
            say("tree.players.root", "{{0}} disagrees with {{1}}"), options=(Option("root", root), Option("players", ",".join(cycle))),
            hint=say("tree.players.root.hint", "give one of them, or start the players cycle with the root's type"),
        )
    return cycle


# -- readers: one interface over JSON values and YAML nodes ------------------------------
class _JsonObject(dict):  # type: ignore[type-arg]
    """A JSON object that remembers every key, so that a key given twice can be reported."""

    def __init__(self, pairs: list[tuple[str, Any]]) -> None:
        super().__init__(pairs)
        self.pairs = pairs


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
        return parse_tree(read_input("-", kind="tree", error=TreeFormatError, what=say("game.tree.what", "the tree")), source="<stdin>", players=players, root=root)
    file = FilePath(path)
    suffix = file.suffix.lower()
    if file.is_dir():
        raise TreeFormatError(say("tree.file.folder", "is a folder, not a tree file"), source=str(path),
                              hint=say("tree.file.folder.hint", "give a *.json, *.yaml or *.yml file"))
    if suffix not in (".json", ".yaml", ".yml"):
        raise TreeFormatError(
            say("tree.file.format", "cannot tell the format of {name}", name=repr(file.name)),
            source=str(path),
            hint=say("tree.file.format.hint", "name tree files *.json, *.yaml or *.yml, or pass - to read standard input"),
        )
    text = read_input(file, kind="tree", error=TreeFormatError, what=say("game.tree.file", "the tree file"))
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
        raise TreeFormatError(say("tree.input.empty", "the input is empty"), source=source, hint=say("tree.input.example", "write a tree such as [[3, 12], [2, 4]]"))
    if fmt is None:
        stripped = text.lstrip()
        fmt = "json" if stripped[:1] in "[{" or looks_like_number(stripped) else "yaml"
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
                return build_tree(raw, _YamlReader(), source, cycle)
            return tree_from_data(data, source=source, players=cycle)
    if fmt == "json":
        return tree_from_data(_load_json(text, source), source=source, players=cycle)
    raw = _compose_yaml(text, source)
    return build_tree(raw, _YamlReader(), source, cycle)


def tree_from_data(data: Any, *, source: str = "<data>", players: Sequence[str] = ("max", "min")) -> Tree:
    """A tree from already-parsed data (nested lists, dicts and numbers)."""
    return build_tree(data, _JsonReader(), source, tuple(players))


def _json_hint(message: str) -> str:
    if "Expecting value" in message:
        return say("game.tree.json.missing", "a value is missing here: write a number, a list or an object")
    if "Extra data" in message:
        return say("game.tree.json.extra", "there is more after the tree: an extra ] or a second tree")
    return say("game.tree.json.hint", "check that every [ has its ] and that items are separated by commas")


def _load_json(text: str, source: str) -> Any:
    return load_json(text, source, error=TreeFormatError, hint=_json_hint, parse_constant=BadConstant, object_pairs_hook=_JsonObject)


def _compose_yaml(text: str, source: str) -> Any:
    raw = compose_yaml(text, source, error=TreeFormatError)
    if raw is None:
        raise TreeFormatError(say("tree.input.none", "the input holds no tree"), source=source, hint=say("tree.input.example", "write a tree such as [[3, 12], [2, 4]]"))
    return raw
