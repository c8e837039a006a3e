"""The trace file format: one table of field types drives both the JSON Schema that ships
with tracer (``tracer-trace.schema.json``, version 2) and the checks made on loading.

A trace file is one JSON object::

    {"format": "tracer-trace", "version": 2, "tracer": "<version that wrote it>",
     "source": {"kind": "tree", "players": [...]} or {"kind": "game", "game": ..., "position": ...},
     "settings": {...},
     "nodes": [{"label": "A", "type": "max", "children": 3}, ...],     (trees only, in preorder)
     "events": [["enter", null, 0, "-inf", "inf"], ...],
     "result": {...}}

An event is an array: its kind, then its fields in the order of
:data:`tracer.search.events.EVENT_TABLE`. Version 2 names nodes by number
(:mod:`tracer.trace.codec`); version 1, which tracer still reads, named them by their
paths (``"1.0"``; ``""`` is the root) and put the result before the nodes. Infinite
values are the strings ``"inf"`` and ``"-inf"``, so the file is strict JSON.
Later versions of tracer add event kinds, node keys (``noisy``) and settings
(``quiescence``, ``evaluation``, ``"transposition_table": "symmetry"``, ``"fail":
"own-bound"``) without changing the version: a trace written before they existed reads
as before, and settings not in use are not written.
"""

from __future__ import annotations

import json
from pathlib import Path as FilePath
from typing import Any

from tracer.game.model import DeepPath, as_path
from tracer.search.conventions import ALGORITHMS, ORDERS
from tracer.search.events import EVENT_TABLE
from tracer.search.window import FAIL_CONVENTIONS
from tracer.words import say

__all__ = ["FORMAT", "SCHEMA_FILE", "VERSION", "Decoders", "FieldError", "check_field", "field_type", "schema", "schema_text"]

FORMAT = "tracer-trace"
VERSION = 2
SCHEMA_FILE = FilePath(__file__).with_name("tracer-trace.schema.json")

_PATH_PATTERN = r"^((0|[1-9][0-9]*)(\.(0|[1-9][0-9]*))*)?$"


_VALUE_SCHEMA: dict[str, Any] = {"oneOf": [{"type": "number"}, {"enum": ["inf", "-inf"]}]}
_TYPE_SCHEMAS: dict[str, dict[str, Any]] = {
    "path": {"type": "string", "pattern": _PATH_PATTERN},
    "path?": {"oneOf": [{"type": "string", "pattern": _PATH_PATTERN}, {"type": "null"}]},
    "paths": {"type": "array", "items": {"type": "string", "pattern": _PATH_PATTERN}},
    "count": {"type": "integer", "minimum": 0},
    "count?": {"oneOf": [{"type": "integer", "minimum": 0}, {"type": "null"}]},
    "value": _VALUE_SCHEMA,
    "value?": {"oneOf": [*_VALUE_SCHEMA["oneOf"], {"type": "null"}]},
    "values?": {"type": "array", "items": {"oneOf": [*_VALUE_SCHEMA["oneOf"], {"type": "null"}]}},
    "probability": {"type": "number", "minimum": 0, "maximum": 1},
    "source": {"enum": ["utility", "evaluation"]},
    "bound": {"enum": ["exact", "lower", "upper"]},
    "earlier": {"type": "string", "pattern": _PATH_PATTERN, "description": "the path of a node searched earlier"},
}
_TYPE_WORDS = {
    "path": lambda: say("trace.type.path", 'a node path such as "1.0" ("" for the root)'),
    "path?": lambda: say("trace.type.path_or_null", "a node path or null"),
    "paths": lambda: say("trace.type.paths", "a list of node paths"),
    "count": lambda: say("trace.type.count", "a whole number >= 0"),
    "count?": lambda: say("trace.type.count_or_null", "a whole number >= 0 or null"),
    "value": lambda: say("trace.type.value", 'a number, "inf" or "-inf"'),
    "value?": lambda: say("trace.type.value_or_null", 'a number, "inf", "-inf" or null'),
    "values?": lambda: say("trace.type.values_or_null", 'a list of numbers, "inf", "-inf" or null'),
    "probability": lambda: say("trace.type.probability", "a number from 0 to 1"),
    "source": lambda: say("trace.type.source", '"utility" or "evaluation"'),
    "bound": lambda: say("trace.type.bound", '"exact", "lower" or "upper"'),
    "earlier": lambda: say("trace.type.path", 'a node path such as "1.0" ("" for the root)'),
}


def field_type(kind: str, name: str) -> str:
    """The type of field ``name`` of event ``kind``, from the event table."""
    return dict(EVENT_TABLE[kind])[name]


class FieldError(ValueError):
    """A field that does not fit its type; ``expected`` says what it should be."""

    def __init__(self, expected: str) -> None:
        super().__init__(expected)
        self.expected = expected


_INF = float("inf")


class Decoders:
    """Check-and-convert functions per field type, JSON value -> Python value.

    Paths are cached by their text: a trace names each node in several events, and
    parsing each text once made loading a 1.9-million-event trace several times faster.
    """

    def __init__(self) -> None:
        self._paths: dict[str, tuple[int, ...]] = {}
        self.by_type: dict[str, Any] = {
            "path": self.path,
            "path?": lambda v: None if v is None else self.path(v),
            "paths": self.paths,
            "count": self.count,
            "count?": lambda v: None if v is None else self.count(v),
            "value": self.value,
            "value?": lambda v: None if v is None else self.value(v),
            "values?": self.values,
            "probability": self.probability,
            "source": self.source,
            "bound": self.bound,
            "earlier": self.path,
        }

    def path(self, value: Any) -> tuple[int, ...]:
        known = self._paths.get(value)
        if known is not None:
            return known
        if not isinstance(value, str):
            raise FieldError(_TYPE_WORDS["path"]())
        parts = value.split(".") if value else []
        if not all(part.isdigit() and part.isascii() and (part == "0" or part[0] != "0") for part in parts):
            raise FieldError(_TYPE_WORDS["path"]())
        parsed = self._paths[value] = as_path([int(part) for part in parts])
        if isinstance(parsed, DeepPath):
            parsed.__dict__["text"] = value
        return parsed

    def paths(self, value: Any) -> tuple[tuple[int, ...], ...]:
        if not isinstance(value, list):
            raise FieldError(_TYPE_WORDS["paths"]())
        return tuple(self.path(item) for item in value)

    @staticmethod
    def count(value: Any) -> int:
        if value.__class__ is not int or value < 0:
            raise FieldError(_TYPE_WORDS["count"]())
        return value  # type: ignore[no-any-return]

    @staticmethod
    def value(value: Any) -> float:
        kind = value.__class__
        if kind is int or (kind is float and value - value == 0):
            return value  # type: ignore[no-any-return]
        if value == "inf":
            return _INF
        if value == "-inf":
            return -_INF
        raise FieldError(_TYPE_WORDS["value"]())

    def values(self, value: Any) -> tuple[Any, ...]:
        if not isinstance(value, list):
            raise FieldError(_TYPE_WORDS["values?"]())
        return tuple(None if item is None else self.value(item) for item in value)

    @staticmethod
    def probability(value: Any) -> float:
        if value.__class__ not in (int, float) or not 0 <= value <= 1:
            raise FieldError(_TYPE_WORDS["probability"]())
        return value  # type: ignore[no-any-return]

    @staticmethod
    def source(value: Any) -> str:
        if value not in ("utility", "evaluation"):
            raise FieldError(_TYPE_WORDS["source"]())
        return value  # type: ignore[no-any-return]

    @staticmethod
    def bound(value: Any) -> str:
        if value not in ("exact", "lower", "upper"):
            raise FieldError(_TYPE_WORDS["bound"]())
        return value  # type: ignore[no-any-return]

    def for_events(self) -> dict[str, list[tuple[str, Any]]]:
        """Per event kind, its fields' (name, decoder) in order."""
        return {kind: [(name, self.by_type[type_name]) for name, type_name in fields] for kind, fields in EVENT_TABLE.items()}


def check_field(type_name: str, value: Any) -> str | None:
    """None when ``value`` fits ``type_name``, else what it should have been."""
    try:
        Decoders().by_type[type_name](value)
    except FieldError as error:
        return error.expected
    return None


# In version 2, nodes are numbers: a node is named by its number, children by their indices.
_NUMBER = {"type": "integer", "minimum": 0}
_V2_SCHEMAS: dict[str, dict[str, Any]] = {
    **_TYPE_SCHEMAS,
    "path": {**_NUMBER, "description": "a node's number (the order its first enter event introduced it)"},
    "path?": {"oneOf": [_NUMBER, {"type": "null"}]},
    "paths": {"type": "array", "items": _NUMBER, "description": "child indices of the event's node"},
}
_ENTERED = {"oneOf": [_NUMBER, {"type": "null"}], "description": "the child's index under the node being searched; null for the root"}


def schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a trace file, version 2, built from the event table."""
    event_schemas = []
    for kind, fields in EVENT_TABLE.items():
        items = [_ENTERED if kind == "enter" and index == 0 else _V2_SCHEMAS[type_name] for index, (_, type_name) in enumerate(fields)]
        event_schemas.append(
            {
                "title": kind,
                "description": f"[{kind!r}, " + ", ".join(name for name, _ in fields) + "]",
                "type": "array",
                "prefixItems": [{"const": kind}, *items],
                "minItems": len(fields) + 1,
                "maxItems": len(fields) + 1,
            }
        )
    node_schema = {
        "type": "object",
        "required": ["label", "type", "children"],
        "properties": {
            "children": {**_NUMBER, "description": "how many children follow it (the nodes are in preorder)"},
            "label": {"type": "string", "minLength": 1},
            "type": {"enum": ["max", "min", "chance", "leaf"]},
            "value": _VALUE_SCHEMA,
            "p": _TYPE_SCHEMAS["probability"],
            "move": {"type": "string"},
            "noisy": {"type": "array", "items": {"type": "integer", "minimum": 0}, "minItems": 1},
        },
        "additionalProperties": False,
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://tracer.invalid/schema/tracer-trace-2.json",
        "title": "tracer trace, version 2",
        "description": "A recorded game-tree search: the tree or game, the settings, the events and the result.",
        "type": "object",
        "required": ["format", "version", "source", "settings", "events", "result"],
        "properties": {
            "format": {"const": FORMAT},
            "version": {"const": VERSION},
            "tracer": {"type": "string"},
            "source": {
                "oneOf": [
                    {
                        "type": "object",
                        "required": ["kind", "players"],
                        "properties": {"kind": {"const": "tree"}, "players": {"type": "array", "items": {"enum": ["max", "min", "chance"]}}},
                    },
                    {
                        "type": "object",
                        "required": ["kind", "game", "position"],
                        "properties": {
                            "kind": {"const": "game"}, "game": {"type": "string"}, "position": {"type": "string"},
                            "class": {"type": "string", "description": "a course's game class (module:Class or file.py:Class), never imported on reading"},
                        },
                    },
                ]
            },
            "settings": {
                "type": "object",
                "properties": {
                    "algorithm": {"enum": list(ALGORITHMS)},
                    "conventions": {
                        "type": "object",
                        "properties": {
                            "prune_on_equal": {"type": "boolean"}, "fail": {"enum": list(FAIL_CONVENTIONS)}, "ties": {"const": "first"},
                        },
                    },
                    "depth": {"oneOf": [{"type": "integer", "minimum": 0}, {"type": "null"}]},
                    "order": {"enum": list(ORDERS)},
                    "seed": {"type": "integer"},
                    "iterative": {"type": "boolean"},
                    "transposition_table": {"oneOf": [{"type": "boolean"}, {"const": "symmetry"}]},
                    "quiescence": {"type": "boolean"},
                    "evaluation": {"type": "string"},
                },
            },
            "result": {
                "type": "object",
                "required": ["value", "best", "bound", "stats"],
                "properties": {
                    "value": _VALUE_SCHEMA,
                    "best": _TYPE_SCHEMAS["path?"],
                    "bound": _TYPE_SCHEMAS["bound"],
                    "stats": {"type": "object", "additionalProperties": {"type": "integer"}},
                    "iterations": {"type": "array"},
                },
            },
            "nodes": {"type": "array", "items": node_schema},
            "events": {"type": "array", "items": {"oneOf": event_schemas}},
        },
    }


def schema_text() -> str:
    return json.dumps(schema(), indent=2, ensure_ascii=False) + "\n"
