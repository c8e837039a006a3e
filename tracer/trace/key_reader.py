"""Reading an answer key back from its JSON form, checking each field and naming the one that is wrong."""

from __future__ import annotations

import math
import re
from typing import Any

from tracer.errors import InputError
from tracer.game.model import NodePath, child_path, parse_path
from tracer.search.conventions import Conventions
from tracer.trace.key import AnswerKey, BestMove, KeyCutoff, KeyFormatError, KeyNode
from tracer.trace.questions import QUESTION_IDS, Question
from tracer.words import say

__all__ = ["KeyReader"]

_REFERENCE = re.compile(r"#(\d{1,9})(?:\.(\d{1,9}))?")
_NODE_TYPES = ("max", "min", "chance", "leaf")
_BOUNDS = (None, "exact", "lower", "upper")


def _plain_number(raw: Any) -> bool:
    """A number a key may hold as it is (not a bool, not NaN; "inf" and "-inf" are read by :meth:`KeyReader.value`)."""
    return raw.__class__ is int or (raw.__class__ is float and raw == raw)


class KeyReader:
    """Reads the JSON form of a key, checking each field and naming the one that is wrong."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.rows: list[NodePath] = []  # the paths of the nodes read so far: what "#i" refers to

    def fail(self, where: str, expected: str) -> KeyFormatError:
        return KeyFormatError(
            say("trace.key.field", "{where} must be {expected}", where=where, expected=expected), source=self.source,
            hint=say("trace.key.hint", "give the key.json that tracer exercise new wrote, or one from tracer key --format json"),
        )

    def value(self, raw: Any, where: str, *, optional: bool = False) -> Any:
        if raw is None and optional:
            return None
        if raw in ("inf", "-inf"):
            return float(raw)
        if isinstance(raw, bool) or not isinstance(raw, (int, float)) or (isinstance(raw, float) and math.isnan(raw)):
            raise self.fail(where, say("trace.key.value.null", 'a number, "inf" or "-inf" or null') if optional else say("trace.type.value", 'a number, "inf" or "-inf"'))
        return raw

    def path(self, raw: Any, where: str, *, optional: bool = False) -> NodePath | None:
        if raw is None and optional:
            return None
        parsed = (self.reference(raw) if raw.startswith("#") else parse_path(raw)) if isinstance(raw, str) else None
        if parsed is None:
            raise self.fail(where, say("trace.key.path.null", 'a node path such as "1.0" ("" for the root) or null') if optional
                            else say("trace.type.path", 'a node path such as "1.0" ("" for the root)'))
        return parsed

    def reference(self, raw: str) -> NodePath | None:
        """A deep path written by reference (version 2): ``"#i"`` is the path of ``nodes[i]``,
        ``"#i.k"`` its child ``k``; None when it names no node read so far."""
        match = _REFERENCE.fullmatch(raw)
        if match is None or int(match.group(1)) >= len(self.rows):
            return None
        path = self.rows[int(match.group(1))]
        return path if match.group(2) is None else child_path(path, int(match.group(2)))

    def paths(self, raw: Any, where: str) -> tuple[NodePath, ...]:
        if not isinstance(raw, list):
            raise self.fail(where, say("trace.type.paths", "a list of node paths"))
        out: list[NodePath] = []
        for index, item in enumerate(raw):
            # a path written plainly is read at once; only another (a reference, a mistake) is named for an error
            path = parse_path(item) if item.__class__ is str and not item.startswith("#") else None
            out.append(path if path is not None else self.path(item, f"{where}[{index}]"))  # type: ignore[arg-type]
        return tuple(out)

    def moves(self, raw: Any, where: str) -> tuple[str | None, ...]:
        """Move names along a line of play: a list of names (or null where a move has none)."""
        if not isinstance(raw, list) or not all(move is None or isinstance(move, str) for move in raw):
            raise self.fail(where, say("trace.key.moves", "a list of move names (or null)"))
        return tuple(raw)

    def mapping(self, raw: Any, where: str) -> dict[str, Any]:
        if not isinstance(raw, dict):
            raise self.fail(where, say("trace.key.object", "an object"))
        return raw

    def text(self, raw: Any, where: str, *, optional: bool = False) -> Any:
        if raw is None and optional:
            return None
        if not isinstance(raw, str):
            raise self.fail(where, say("trace.key.string.null", "a string or null") if optional else say("trace.key.string", "a string"))
        return raw

    def key(self, data: Any) -> AnswerKey:
        if not isinstance(data, dict) or data.get("format") != "tracer-key":
            raise KeyFormatError(
                say("key.file.not_key", 'this is not an answer key (no "format": "tracer-key")'), source=self.source,
                hint=say("key.file.hint", "give the key.json that tracer exercise new wrote, or one from tracer key --format json"),
            )
        nodes = None  # first: the other fields may refer to them ("#i")
        if data.get("nodes") is not None:
            if not isinstance(data["nodes"], list):
                raise self.fail("nodes", say("trace.key.nodes", "a list of nodes"))
            nodes = tuple(self.key_node(raw, index) for index, raw in enumerate(data["nodes"]))
        conventions = self.mapping(data.get("conventions", {}), "conventions")
        try:
            rules = Conventions.from_dict(conventions)
        except InputError:
            raise self.fail("conventions.fail", say("trace.key.fail", '"soft", "hard" or "own-bound"')) from None
        best = data.get("best_move")
        best_move = None
        if best is not None:
            best = self.mapping(best, "best_move")
            best_move = BestMove(
                self.path(best.get("path"), "best_move.path"), self.text(best.get("label"), "best_move.label"),  # type: ignore[arg-type]
                self.text(best.get("move"), "best_move.move", optional=True),
            )
        cutoffs = None
        if data.get("cutoffs") is not None:
            if not isinstance(data["cutoffs"], list):
                raise self.fail("cutoffs", say("trace.key.cutoffs", "a list of cutoffs"))
            cutoffs = tuple(self.cutoff(raw, f"cutoffs[{index}]") for index, raw in enumerate(data["cutoffs"]))
        student = data.get("student")
        if student is not None:
            student = self.mapping(student, "student")
            self.text(student.get("id"), "student.id")
        questions = data.get("questions")
        if questions is not None:
            if not isinstance(questions, list):
                raise self.fail("questions", say("trace.key.questions", 'a list of questions such as {{"id": "minimax"}}'))
            questions = tuple(self.question(raw, f"questions[{index}]") for index, raw in enumerate(questions))
        stats = self.mapping(data.get("stats", {}), "stats")
        if not all(isinstance(count, int) and not isinstance(count, bool) for count in stats.values()):
            raise self.fail("stats", say("trace.key.stats", "an object of whole numbers"))
        return AnswerKey(
            source=self.mapping(data.get("source", {}), "source"),
            algorithm=self.text(data.get("algorithm", "alphabeta"), "algorithm"),
            conventions=rules,
            settings=self.mapping(data.get("settings", {}), "settings"),
            root_value=self.value(data.get("root_value"), "root_value"),
            root_type=self.text(data.get("root_type", "max"), "root_type"),
            best_move=best_move,
            principal_variation=self.paths(data.get("principal_variation", []), "principal_variation"),
            principal_variation_moves=self.moves(data.get("principal_variation_moves") or [], "principal_variation_moves"),
            stats=stats,
            iterations=tuple(data["iterations"]) if isinstance(data.get("iterations"), list) else None,
            nodes=nodes,
            evaluated=self.paths(data["evaluated"], "evaluated") if data.get("evaluated") is not None else None,
            unvisited=self.paths(data["unvisited"], "unvisited") if data.get("unvisited") is not None else None,
            cutoffs=cutoffs,
            exercise=self.text(data.get("exercise"), "exercise", optional=True),
            student=student,
            questions=questions,
            tree=data.get("tree"),
        )

    def key_node(self, raw: Any, index: int) -> KeyNode:
        """``nodes[index]``: a row that is plainly right (the rows tracer writes) is read at once,
        any other checked field by field, naming the first that is wrong."""
        get = raw.get if raw.__class__ is dict else None
        if get is not None:
            path_text = get("path")
            path = parse_path(path_text) if path_text.__class__ is str and not path_text.startswith("#") else None
            node_type, bound, visited, label = get("type"), get("bound"), get("visited"), get("label")
            minimax_value, search_value = get("minimax_value"), get("search_value")
            if (path is not None and node_type in _NODE_TYPES and bound in _BOUNDS and visited.__class__ is bool and label.__class__ is str
                    and _plain_number(minimax_value) and (search_value is None or _plain_number(search_value))):
                self.rows.append(path)
                return KeyNode(path, label, node_type, minimax_value, search_value, bound, visited)  # type: ignore[arg-type]
        return self._checked_node(raw, f"nodes[{index}]")

    def _checked_node(self, raw: Any, where: str) -> KeyNode:
        row = self.mapping(raw, where)
        node_type = row.get("type")
        if node_type not in _NODE_TYPES:
            raise self.fail(f"{where}.type", say("trace.key.type", '"max", "min", "chance" or "leaf"'))
        bound = row.get("bound")
        if bound not in _BOUNDS:
            raise self.fail(f"{where}.bound", say("trace.key.bound", '"exact", "lower", "upper" or null'))
        visited = row.get("visited")
        if not isinstance(visited, bool):
            raise self.fail(f"{where}.visited", say("trace.key.flag", "true or false"))
        path = self.path(row.get("path"), f"{where}.path")
        self.rows.append(path)  # type: ignore[arg-type]
        return KeyNode(
            path, self.text(row.get("label"), f"{where}.label"), node_type,  # type: ignore[arg-type]
            self.value(row.get("minimax_value"), f"{where}.minimax_value"),
            self.value(row.get("search_value"), f"{where}.search_value", optional=True), bound, visited,
        )

    def question(self, raw: Any, where: str) -> Question:
        row = self.mapping(raw, where)
        if row.get("id") not in QUESTION_IDS:
            raise self.fail(f"{where}.id", "one of " + ", ".join(f'"{q}"' for q in QUESTION_IDS))
        if row["id"] != "window":
            return Question(row["id"])
        return Question(
            "window", self.path(row.get("node"), f"{where}.node"), self.text(row.get("label"), f"{where}.label", optional=True),
            self.value(row.get("alpha"), f"{where}.alpha"), self.value(row.get("beta"), f"{where}.beta"),
        )

    def cutoff(self, raw: Any, where: str) -> KeyCutoff:
        row = self.mapping(raw, where)
        return KeyCutoff(
            self.path(row.get("at"), f"{where}.at"), self.text(row.get("label"), f"{where}.label", optional=True),  # type: ignore[arg-type]
            self.value(row.get("v"), f"{where}.v"), self.value(row.get("alpha"), f"{where}.alpha"),
            self.value(row.get("beta"), f"{where}.beta"), self.paths(row.get("pruned"), f"{where}.pruned"),
        )
