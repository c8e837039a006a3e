"""Answer keys as the checker uses them: read once, indexed, and with their search replayed.

A key source is a ``key.json`` file (written by ``tracer exercise new``, or by ``tracer
key --format json``), an exercise folder holding one, or a folder of exercises (the
``-o DIR`` of ``tracer exercise new``), where each submission's ``exercise`` id picks
its key. Keys are read when first needed and kept.
"""

from __future__ import annotations

import json
from functools import cached_property
from pathlib import Path
from typing import Any

from tracer.errors import InputError, TracerError
from tracer.files import read_text
from tracer.game.model import Path as NodePath
from tracer.game.model import parse_path
from tracer.grading.answers import AnswerError, Item

__all__ = ["KeySource", "PreparedKey", "load_key"]


class PreparedKey:
    """One key, indexed for checking: nodes by label and path, the search replayed for feedback."""

    def __init__(self, key: dict[str, Any], source: str) -> None:
        if not isinstance(key, dict) or key.get("format") != "tracer-key" or not isinstance(key.get("nodes"), list):
            raise InputError(
                "not an answer key with nodes", source=source,
                hint="give the key.json that tracer exercise new wrote, or one from tracer key --format json",
            )
        self.key = key
        self.source = source
        self.exercise: str | None = key.get("exercise")
        self.nodes: dict[str, dict[str, Any]] = {node["path"]: node for node in key["nodes"]}
        self.by_label = {node["label"].casefold(): node["path"] for node in key["nodes"]}
        self.labels = {node["path"]: node["label"] for node in key["nodes"]}
        self.children: dict[str, list[str]] = {path: [] for path in self.nodes}
        for path in self.nodes:
            if path:
                self.children[_parent(path)].append(path)
        self.unvisited = set(key.get("unvisited", ()))
        from tracer.exercises.questions import key_questions

        self.questions = key_questions(key)

    # -- names --------------------------------------------------------------------------------
    def resolve(self, item: Item, source: str) -> str:
        """The path of the node an answer names (label, any case, or path); AnswerError when none."""
        if item.kind != "scalar" or item.value is None:
            raise item.error(source, "a node name is missing here", hint="name a node by its letter, such as B, or by its path, such as 1.0")
        name = str(item.value).strip()
        path = self.by_label.get(name.casefold())
        if path is not None:
            return path
        if name.casefold() == "root" or name in ('""', "()"):
            return ""
        parsed = parse_path(name)
        if parsed is not None and name and ".".join(map(str, parsed)) in self.nodes:
            return ".".join(map(str, parsed))
        known = sorted(self.by_label.values(), key=lambda p: (len(self.labels[p]), self.labels[p]))
        shown = ", ".join(self.labels[p] for p in known[:8]) + (", ..." if len(known) > 8 else "")
        return _raise(item.error(source, f"no node is called {name!r} in this exercise", hint=f"name a node by its letter ({shown}) or by its path, such as 1.0"))

    def verify_exercise(self, written_id: Item | None, source: str) -> None:
        """AnswerError unless the answers name this key's exercise (any id will do for a key without one)."""
        if self.exercise is None:
            return
        written = None if written_id is None or written_id.value is None else str(written_id.value).strip()
        if not written:
            raise AnswerError(
                "no exercise id", source=source, line=written_id.line if written_id else None,
                column=written_id.column if written_id else None,
                hint=f"write exercise: {self.exercise} (the id on the sheet) at the top of the file",
            )
        if written.casefold() != self.exercise.casefold():
            assert written_id is not None
            raise written_id.error(
                source, f"these answers are for exercise {written!r}, but the key is for {self.exercise!r}",
                hint="check the id at the top of the sheet, or check against that exercise's key",
            )

    def name(self, path: str) -> str:
        return self.labels.get(path, path or "root")

    def type(self, path: str) -> str:
        return str(self.nodes[path]["type"])

    def descendants(self, path: str) -> list[str]:
        out, stack = [], [path]
        while stack:
            node = stack.pop()
            out.append(node)
            stack.extend(reversed(self.children.get(node, ())))
        return out

    def internal(self) -> list[str]:
        return [node["path"] for node in self.key["nodes"] if node["type"] != "leaf"]

    # -- the search, replayed ------------------------------------------------------------------
    @cached_property
    def trace(self) -> Any:
        """The trace of the key's search, rebuilt from the key's tree (None when the key has no tree)."""
        tree_data = self.key.get("tree")
        if tree_data is None:
            return None
        from tracer.api import search
        from tracer.game.notation import tree_from_data
        from tracer.search.conventions import SearchSettings

        players = self.key.get("source", {}).get("players", ["max", "min"])
        tree = tree_from_data(tree_data, source=self.source, players=players)
        settings = dict(self.key.get("settings", {}))
        settings.update(algorithm=self.key.get("algorithm", "alphabeta"), conventions=self.key.get("conventions", {}))
        trace = search(tree, SearchSettings.from_dict(settings))
        if [node.label for node in tree.preorder()] != [node["label"] for node in self.key["nodes"]]:
            return None  # the key was edited: explain from the key alone
        return trace

    @cached_property
    def histories(self) -> dict[NodePath, Any]:
        """Each entered node's story (:class:`~tracer.trace.replay.NodeStory`), from the replayed search."""
        from tracer.trace.replay import Replayer

        return Replayer(self.trace).run().stories if self.trace is not None else {}

    def history(self, path: str) -> Any:
        return self.histories.get(_tuple(path))


def _raise(error: Exception) -> Any:
    raise error


def _parent(path: str) -> str:
    return path.rpartition(".")[0]


def _tuple(path: str) -> NodePath:
    return tuple(int(part) for part in path.split(".")) if path else ()


def load_key(path: str | Path) -> PreparedKey:
    source = str(path)
    text = read_text(path, what="the key", missing_hint="give the key.json of the exercise, or the folder of exercises")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise InputError(f"not valid JSON: {error.msg}", source=source, line=error.lineno, column=error.colno) from None
    return PreparedKey(data, source)


class KeySource:
    """Where keys come from: one key file, or a folder of exercise folders."""

    def __init__(self, path: str | Path) -> None:
        path = Path(path)
        self.path = path
        self.single: PreparedKey | None = None
        self.folders: dict[str, Path] = {}
        self._loaded: dict[str, PreparedKey] = {}
        if path.is_file():
            self.single = load_key(path)
        elif path.is_dir():
            if (path / "key.json").is_file():
                self.single = load_key(path / "key.json")
            else:
                for child in sorted(path.iterdir()):
                    if (child / "key.json").is_file():
                        self.folders[child.name.casefold()] = child / "key.json"
                if not self.folders:
                    raise InputError(
                        "no key.json in this folder or in its exercise folders", source=str(path),
                        hint="give the folder tracer exercise new wrote (-o DIR), or one key.json",
                    )
        else:
            raise InputError("no such file or folder", source=str(path), hint="give a key.json, or the folder of exercises")

    def __len__(self) -> int:
        return 1 if self.single is not None else len(self.folders)

    def key_for(self, submission_id: Item | None, source: str) -> PreparedKey:
        """The key a submission is checked against; AnswerError for a missing or wrong id."""
        written = None if submission_id is None or submission_id.value is None else str(submission_id.value).strip()
        if self.single is not None:
            return self.single  # check_submission compares the ids
        if not written:
            raise AnswerError(
                "no exercise id", source=source, line=submission_id.line if submission_id else None,
                hint="write exercise: <the id on the sheet> at the top of the file",
            )
        folder = self.folders.get(written.casefold())
        if folder is None:
            assert submission_id is not None
            raise submission_id.error(
                source, f"no exercise {written!r} among the {len(self.folders)} in {self.path}",
                hint="check the id at the top of the sheet",
            )
        key = self._loaded.get(written.casefold())
        if key is None:
            try:
                key = load_key(folder)
            except TracerError as error:
                raise AnswerError(f"the key of exercise {written!r} cannot be read ({error})", source=source) from None
            self._loaded[written.casefold()] = key
        return key
