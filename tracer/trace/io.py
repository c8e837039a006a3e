"""Writing and reading trace files (see :mod:`tracer.trace.schema` for the format).

Writing streams: the header, then one node and one event per line, so a trace of
millions of events never exists as one string in memory; the file appears under its
name only when complete (written to a temporary file beside it, then renamed).
Reading checks the format, the version and every event against the schema's table,
and names the file and the event or node that is wrong.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path as FilePath
from typing import IO, Any, ClassVar

from tracer._version import __version__
from tracer.errors import InputError, Option, TraceFormatError, path_text
from tracer.files import atomic_write
from tracer.game.games import make_game
from tracer.game.loader import class_of
from tracer.game.model import PLAYER_TYPES, Node, NodePath, Tree, parse_path
from tracer.game.protocol import TreeGame
from tracer.reading import load_json, read_input
from tracer.recursion import quiet_gc
from tracer.search.common import SearchRun
from tracer.search.conventions import SearchSettings
from tracer.search.events import EVENT_FIELDS, EVENT_TABLE, kind_of
from tracer.search.run import with_evaluation
from tracer.trace.json_values import decode_value, encode_value, to_json_data
from tracer.trace.model import Trace
from tracer.trace.schema import FORMAT, VERSION, Decoders, FieldError, check_field
from tracer.trace.verify import check_story, verify_by_searching
from tracer.words import say

__all__ = [
    "atomic_write",
    "decode_value",
    "dump_trace",
    "encode_value",
    "load_trace",
    "read_trace",
    "save_trace",
    "to_json_data",
    "trace_header",
]

_INF = float("inf")
_BATCH = 20_000


# -- writing ----------------------------------------------------------------------------
def trace_header(trace: Trace) -> dict[str, Any]:
    """Everything in a trace file except its nodes and events."""
    run = trace.run
    if trace.is_game:
        source = {"kind": "game", "game": trace.game.name, "position": getattr(trace.game, "position", "")}
        course_class = class_of(trace.game)
        if course_class is not None:
            source["class"] = course_class  # named, never imported again when the trace is read
    else:
        source = {"kind": "tree", "players": list(trace.tree.players)}
    result: dict[str, Any] = {"value": run.value, "best": run.best, "bound": run.bound, "stats": dict(run.stats)}
    if run.iterations:
        result["iterations"] = run.iterations
    return to_json_data(
        {
            "format": FORMAT,
            "version": VERSION,
            "tracer": __version__,
            "source": source,
            "settings": trace.settings.to_dict(),
            "result": result,
        }
    )


def _node_row(node: Node, describe: Any) -> dict[str, Any]:
    row: dict[str, Any] = {"path": node.path_text, "label": node.label, "type": node.type}
    if node.value is not None:
        row["value"] = encode_value(node.value)
    if node.p is not None:
        row["p"] = node.p
    if node.move is not None:
        row["move"] = node.move
    if describe is not None and node.state is not None:
        row["state"] = describe(node.state)
    if node.noisy is not None:
        row["noisy"] = list(node.noisy)
    return row


class _EventWriter:
    """Formats events as JSON text directly, with one formatter per kind made from the event table.

    Every string in an event is a kind, a source, a bound or a path (digits and dots),
    none of which needs escaping, so plain formatting is exact and several times faster
    than ``json.dumps`` per event (which dominated writing a million-event trace).
    """

    # How each field type is written; FIELD stands for the field's value.
    _FIELD_FORMATS: ClassVar[dict[str, str]] = {
        "path": '"{path(FIELD)}"', "path?": "{optional_path(FIELD)}", "paths": "{paths(FIELD)}", "count": "{FIELD}",
        "count?": "{value(FIELD)}", "value": "{value(FIELD)}", "value?": "{value(FIELD)}", "values?": "{values(FIELD)}",
        "probability": "{value(FIELD)}", "source": '"{FIELD}"', "bound": '"{FIELD}"',
    }

    def __init__(self) -> None:
        self._paths: dict[NodePath, str] = {}
        names = {
            "path": self.path, "paths": self.paths, "value": self.value, "values": self.values,
            "optional_path": self.optional_path,
        }
        self.formats: dict[str, Callable[[tuple[Any, ...]], str]] = {}
        for kind, fields in EVENT_TABLE.items():
            # f'["enter", "{path(e[1])}", {e[2]}, ...]': one f-string per kind, as fast as hand-written ones
            parts = [f'"{kind}"'] + [self._FIELD_FORMATS[type_name].replace("FIELD", f"e[{index}]") for index, (_, type_name) in enumerate(fields, 1)]
            source = "lambda e: f'[" + ", ".join(parts) + "]'"
            self.formats[kind] = eval(source, names)  # the source is made from the table above, never from input

    def path(self, path: NodePath) -> str:
        text = self._paths.get(path)
        if text is None:
            text = self._paths[path] = ".".join(map(str, path))
        return text

    def optional_path(self, path: NodePath | None) -> str:
        return "null" if path is None else f'"{self.path(path)}"'

    def paths(self, paths: Iterable[NodePath]) -> str:
        return "[" + ", ".join(f'"{self.path(p)}"' for p in paths) + "]"

    @staticmethod
    def value(value: Any) -> str:
        kind = value.__class__
        if kind is int:
            return str(value)
        if kind is float:
            if value - value == 0:  # finite
                return repr(value)
            if math.isnan(value):
                raise ValueError("NaN has no place in a trace")
            return '"inf"' if value > 0 else '"-inf"'
        if value is None:
            return "null"
        return _EventWriter.value(float(value))  # Fraction, Decimal, numpy numbers

    def values(self, values: Iterable[Any]) -> str:
        return "[" + ", ".join(self.value(v) for v in values) + "]"

    def lines(self, raw_events: Iterable[tuple[Any, ...]]) -> Iterator[str]:
        formats = self.formats
        for raw in raw_events:
            yield formats[kind_of(raw)](raw)


def dump_trace(trace: Trace, file: IO[str], progress: Callable[[int], Any] | None = None) -> None:
    """Write ``trace`` as JSON to an open text file, one node and one event per line.

    ``progress(n)`` is called as each batch of ``n`` events is written (for a progress bar).
    """
    header = trace_header(trace)
    file.write("{\n")
    for name, value in header.items():
        file.write(f"{json.dumps(name)}: {json.dumps(value, ensure_ascii=False, allow_nan=False)},\n")
    describe = trace.game.describe if trace.is_game else None
    file.write('"nodes": [\n')
    first = True
    for node in trace.tree.preorder():
        file.write(("" if first else ",\n") + json.dumps(_node_row(node, describe), ensure_ascii=False, allow_nan=False))
        first = False
    file.write('\n],\n"events": [\n')
    batch: list[str] = []
    first = True
    for line in _EventWriter().lines(trace.raw_events):
        batch.append(line)
        if len(batch) >= _BATCH:
            file.write(("" if first else ",\n") + ",\n".join(batch))
            first = False
            if progress is not None:
                progress(len(batch))
            batch = []
    if batch:
        file.write(("" if first else ",\n") + ",\n".join(batch))
        if progress is not None:
            progress(len(batch))
    file.write("\n]\n}\n")


def save_trace(trace: Trace, target: str | FilePath) -> None:
    """Write ``trace`` to the file ``target``, atomically."""
    with quiet_gc():
        atomic_write(target, lambda file: dump_trace(trace, file))


# -- reading ----------------------------------------------------------------------------
def load_trace(source: str | FilePath) -> Trace:
    """Read a trace file written by :func:`save_trace`; TraceFormatError names what is wrong."""
    name = str(source)
    text = read_input(source, kind="trace", error=TraceFormatError, what="the trace")
    with quiet_gc():
        data = load_json(text, name, error=TraceFormatError)
    with quiet_gc():
        return read_trace(data, source=name)


def read_trace(data: Any, *, source: str = "<trace>") -> Trace:
    """A :class:`Trace` from parsed JSON data, after checking it against the format."""

    def fail(message: str, hint: str | None = None) -> TraceFormatError:
        return TraceFormatError(message, source=source, hint=hint)

    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise fail("this is not a tracer trace (no \"format\": \"tracer-trace\")", hint="give a file written by tracer trace")
    version = data.get("version")
    if version != VERSION:
        raise fail(
            f"this trace has format version {version!r}; this tracer reads version {VERSION}",
            hint="write the trace again with this tracer, or use the tracer that wrote it",
        )
    for key in ("source", "settings", "result", "nodes", "events"):
        if key not in data:
            raise fail(f"the trace has no {key!r}", hint="the file is incomplete; write it again")
    try:
        settings = SearchSettings.from_dict(data["settings"])
    except (InputError, TypeError, ValueError) as error:
        raise fail(f"bad settings: {error}") from None
    events = _read_events(data["events"], fail)
    result = data["result"]
    if not isinstance(result, dict) or check_field("value", result.get("value")) or check_field("path?", result.get("best")):
        raise fail("the result needs a value and a best move (a path or null)")
    best = parse_path(result["best"]) if result.get("best") is not None else None
    run = SearchRun(
        value=decode_value(result["value"]),
        best=best,
        bound=result.get("bound", "exact"),
        events=events,
        stats={str(k): int(v) for k, v in result.get("stats", {}).items()},
        iterations=[
            {**it, "value": decode_value(it.get("value")), "best": parse_path(it["best"]) if it.get("best") is not None else None}
            for it in result.get("iterations", [])
        ],
    )
    origin = data["source"]
    kind = origin.get("kind") if isinstance(origin, dict) else None
    if kind == "game":
        course_class = origin.get("class")
        if course_class is not None:
            # Reading a file must not run a course's code: the user asks for that by naming the class.
            raise TraceFormatError(
                say("trace.course.game", "this trace searched the course's own game {name}, whose code tracer runs only when asked",
                    name=str(course_class)),
                source=source, hint=say("trace.course.game.hint", "search it again with {{0}}"), options=(Option("game", str(course_class)),),
            )
        try:
            game = with_evaluation(make_game(str(origin.get("game")), origin.get("position")), settings.evaluation)
        except InputError as error:
            raise fail(f"the trace's game cannot be set up: {error}") from None
        check_story(events, run.value, None, fail)
        verify_by_searching(game, settings, run, fail)
        return Trace(game, settings, run)
    if kind == "tree":
        tree = _read_tree(data["nodes"], origin.get("players", ["max", "min"]), fail)
        check_story(events, run.value, tree, fail)
        tree_game = TreeGame(tree)
        verify_by_searching(tree_game, settings, run, fail)
        return Trace(tree_game, settings, run)
    raise fail("the trace's source must be a tree or a game")


def _read_events(rows: Any, fail: Any) -> list[tuple[Any, ...]]:
    if not isinstance(rows, list):
        raise fail("events must be a list")
    decoders = Decoders().for_events()
    events: list[tuple[Any, ...]] = []
    append = events.append
    for index, row in enumerate(rows):
        fields = decoders.get(row[0]) if isinstance(row, list) and row and isinstance(row[0], str) else None
        if fields is None:
            shown = row[0] if isinstance(row, list) and row else row
            raise fail(f"event {index + 1}: unknown event {shown!r}", hint="events are " + ", ".join(EVENT_FIELDS))
        if len(row) != len(fields) + 1:
            names = [name for name, _ in fields]
            raise fail(
                f"event {index + 1} ({row[0]}) has {len(row) - 1} fields, not {len(fields)}", hint="its fields are " + ", ".join(names)
            )
        try:
            append((row[0], *[decode(value) for (_, decode), value in zip(fields, row[1:])]))
        except FieldError:
            for (name, decode), value in zip(fields, row[1:]):
                try:
                    decode(value)
                except FieldError as error:
                    raise fail(f"event {index + 1} ({row[0]}): {name} is {value!r}", hint=f"it must be {error.expected}") from None
    return events


def _read_tree(rows: Any, players: Any, fail: Any) -> Tree:
    if not isinstance(rows, list) or not rows:
        raise fail("a tree trace needs its nodes")
    nodes: dict[NodePath, Node] = {}
    decode = Decoders()
    for index, row in enumerate(rows):
        where = f"node {index + 1}"
        try:
            path = decode.path(row["path"])
            value = row.get("value")
            value = None if value is None else decode.value(value)
        except (FieldError, TypeError, KeyError, AttributeError):
            raise fail(f"{where}: needs a path such as \"1.0\" and, if any, a numeric value") from None
        node_type = row.get("type")
        if node_type not in PLAYER_TYPES + ("leaf",):
            raise fail(f"{where}: type {node_type!r}", hint="max, min, chance or leaf")
        if path in nodes:
            raise fail(f"{where}: the path {row['path']!r} appears twice")
        noisy = row.get("noisy")
        if noisy is not None and not (isinstance(noisy, list) and noisy and all(type(i) is int and i >= 0 for i in noisy)):
            raise fail(f"{where}: noisy must be a list of child indices")
        nodes[path] = Node(
            path=path, type=node_type, label=str(row.get("label") or ""), value=value,
            p=row.get("p"), move=row.get("move"), noisy=None if noisy is None else tuple(noisy),
        )
    if () not in nodes:
        raise fail("the nodes have no root (path \"\")")
    for path, node in nodes.items():  # rows are in preorder, so siblings come left to right
        if path:
            parent = nodes.get(path[:-1])
            if parent is None or len(parent.children) != path[-1]:
                raise fail(f"the node {path_text(path)!r} has no parent or a gap before it among its siblings")
            parent.children.append(node)
    return Tree(nodes[()], players=tuple(players))
