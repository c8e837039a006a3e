"""Events in trace files, version 2: nodes named by small numbers, so a file grows linearly with depth.

In memory an event names a node by its path (``(1, 0, 2)``); a path written out in
every event made files of deep trees grow with the square of their depth (a chain
10,000 levels deep gave 700 MB). Version 2 gives each node a number instead, in the
order the events introduce it:

* ``enter`` introduces a node by its *child index* under the node being searched (the
  parent is the top of the call stack; ``null`` for the root), which gives it the next
  number (each enter a new one: a node entered again, by a later iteration, gets a new
  number);
* every other field naming one node (``node``, ``child``, ``best``) gives its number:
  always a node being searched, or a child of one that has returned (so both sides keep
  only the call stack's worth of numbers, however long the trace);
* fields naming a node's children (``order``'s ``children``, ``cutoff``'s ``pruned``)
  give their child indices.

Everything else is written as in version 1 (values as numbers, ``"inf"``/``"-inf"``).
The encoder and the decoder follow the event table (:data:`tracer.search.events.EVENT_TABLE`)
by field type; only ``enter``'s node is special. A decoder error names what is wrong
and the event; the loader adds the file.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, ClassVar

from tracer.errors import path_text
from tracer.game.model import NodePath, child_path
from tracer.search.events import EVENT_TABLE, kind_of, node_of
from tracer.trace.schema import Decoders, FieldError
from tracer.words import say

__all__ = ["CodecError", "EventDecoder", "EventEncoder", "value_text"]


class CodecError(ValueError):
    """An event that does not fit version 2 (the loader names the file and the event)."""


def value_text(value: Any) -> str:
    """A value as JSON text: ``3``, ``2.5``, ``"inf"``, ``null``."""
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
    if kind is bool:
        raise ValueError(f"{value!r} is not a value")
    return value_text(float(value))  # Fraction, Decimal, numpy numbers


class EventEncoder:
    """Writes events as version-2 JSON lines; one per trace, as it numbers the nodes in order.

    :meth:`line` is :meth:`text` (the event's line, from the numbers so far) then
    :meth:`advance` (the numbers after it); a reader comparing lines calls them apart, so
    that at a line that differs :meth:`decoder` can read the file's from the same numbers.
    """

    # How each field type is written; FIELD stands for the field's value.
    _FORMATS: ClassVar[dict[str, str]] = {
        "path": "{node_id(FIELD)}", "path?": "{optional_id(FIELD)}", "paths": "{indices(FIELD)}", "count": "{FIELD}",
        "count?": "{value(FIELD)}", "value": "{value(FIELD)}", "value?": "{value(FIELD)}", "values?": "{values(FIELD)}",
        "probability": "{value(FIELD)}", "source": '"{FIELD}"', "bound": '"{FIELD}"',
        "earlier": '"{path_text(FIELD)}"',
    }

    def __init__(self) -> None:
        # the nodes that may still be named (see the module's documentation), each with its number as
        # text: a node is named about four times, and formatting an int costs more than the lookup
        self._ids: dict[NodePath, str] = {}
        self._children: list[list[NodePath]] = [[]]  # for each node being searched, its children entered so far
        self._stack: list[NodePath] = []  # the nodes being searched
        self._count = 0
        names = {
            "node_id": self._node_id, "optional_id": self._optional_id, "indices": self._indices, "value": value_text,
            "values": self._values, "index": self._index, "path_text": path_text,
        }
        self._formats: dict[str, Callable[[tuple[Any, ...]], str]] = {}
        for kind, fields in EVENT_TABLE.items():
            parts = [f'"{kind}"']
            for index, (_, type_name) in enumerate(fields, 1):
                template = "{index(FIELD)}" if kind == "enter" and index == 1 else self._FORMATS[type_name]
                parts.append(template.replace("FIELD", f"e[{index}]"))
            # f'["enter", {index(e[1])}, {e[2]}, ...]': one f-string per kind, as fast as hand-written ones
            self._formats[kind] = eval("lambda e: f'[" + ", ".join(parts) + "]'", names)  # made from the table, never from input

    def lines(self, events: list[tuple[Any, ...]]) -> list[str]:
        """Each event's line, as :meth:`line` gives it, the numbers moved on past them all: one loop,
        made from the table, that pays no call per event (a whole game's trace has millions)."""
        out: list[str] = []
        rest = events
        while True:
            self._count, failed = _encode_batch(rest, out, self._ids, self._children, self._stack, self._count)
            if failed < 0:
                return out
            # an event the loop could not write (a node named before it was entered, a NaN):
            # written by the event's own path, which says what is wrong with it
            out.append(self.line(rest[failed]))
            rest = rest[failed + 1:]

    def state(self) -> tuple[Any, ...]:
        """The numbers so far, to go back to with :meth:`restore` (a copy: the call stack's worth)."""
        return dict(self._ids), [list(children) for children in self._children], list(self._stack), self._count

    def restore(self, state: tuple[Any, ...]) -> None:
        ids, children, stack, self._count = state
        self._ids, self._children, self._stack = dict(ids), [list(c) for c in children], list(stack)

    def line(self, raw: tuple[Any, ...]) -> str:
        """One event as a JSON array, the numbers moved on past it."""
        text = self._formats[kind_of(raw)](raw)
        self.advance(raw)
        return text

    def text(self, raw: tuple[Any, ...]) -> str:
        """One event as a JSON array, from the numbers so far (they do not move on)."""
        return self._formats[kind_of(raw)](raw)

    def advance(self, raw: tuple[Any, ...]) -> None:
        """Move the numbers on past an event: an entered node gets the next one; a node left
        forgets its children's (the root's children stay: iteration_end names its best one)."""
        kind = kind_of(raw)
        if kind == "enter":
            path: NodePath = node_of(raw)  # type: ignore[assignment]
            self._ids[path] = str(self._count)
            self._count += 1
            self._children[-1].append(path)
            self._children.append([])
            self._stack.append(path)
        elif kind == "leave":
            self._stack.pop()
            if len(self._children) > 2:
                for child in self._children.pop():
                    self._ids.pop(child, None)
        elif kind == "iteration_start":
            self._ids.clear()
            self._children = [[]]

    def decoder(self) -> EventDecoder:
        """A decoder that reads the next event as this encoder would write it (same numbers)."""
        decoder = EventDecoder()
        decoder._paths = {int(number): path for path, number in self._ids.items()}
        decoder._children = [[int(self._ids[path]) for path in children if path in self._ids] for children in self._children]
        decoder._stack = [int(self._ids[path]) for path in self._stack]
        decoder._count = self._count
        return decoder

    @staticmethod
    def _index(path: NodePath) -> str:
        return str(path[-1]) if path else "null"

    def _node_id(self, path: NodePath) -> str:
        known = self._ids.get(path)
        if known is None:  # a node named before any event entered it (it cannot be, in a search)
            raise ValueError(f"the event names node {'.'.join(map(str, path))!r} before the search entered it")
        return known

    def _optional_id(self, path: NodePath | None) -> str:
        return "null" if path is None else self._node_id(path)

    @staticmethod
    def _indices(paths: tuple[NodePath, ...]) -> str:
        return "[" + ", ".join(str(path[-1]) for path in paths) + "]"

    @staticmethod
    def _values(values: tuple[Any, ...]) -> str:
        return "[" + ", ".join(value_text(v) for v in values) + "]"


# How :func:`_encode_batch` writes each field type inline; X stands for the field, read once per use.
# An int is written as the text ``numbers`` keeps for it (formatting an int in an f-string costs
# more than looking its text up); only exact ints, since 1.0 == 1 finds 1's entry.
_INLINE = {
    "path": "{ids[X]}", "path?": '{"null" if X is None else ids[X]}', "paths": "{indices(X)}",
    "count": "{numbers[X] if X.__class__ is int else X}", "count?": "{value(X)}",
    "value": "{numbers[X] if X.__class__ is int else value(X)}",
    "value?": '{"null" if X is None else numbers[X] if X.__class__ is int else value(X)}',
    "values?": "{values(X)}", "probability": "{numbers[X] if X.__class__ is int else value(X)}", "source": '"{X}"', "bound": '"{X}"',
    "earlier": '"{path_text(X)}"',
}


class _NumberTexts(dict[int, str]):
    """Ints' texts, each made once: a trace names the same few depths, indices and values millions
    of times. At most :attr:`limit` are kept (a game's values may all differ)."""

    limit = 4096

    def __missing__(self, number: int) -> str:
        text = str(number)
        if number.__class__ is int and len(self) < self.limit:  # 2.0 kept under 2 would write 2 as "2.0"
            self[number] = text
        return text


# What the loop does after writing these kinds: EventEncoder.advance, inline.
_ADVANCE = {
    "enter": ["ids[X1] = str(count)", "count += 1", "children[-1].append(X1)", "children.append([])", "stack.append(X1)"],
    "leave": ["stack.pop()", "if len(children) > 2:", "    for child in children.pop():", "        ids.pop(child, None)"],
    "iteration_start": ["ids.clear()", "children[:] = [[]]"],
}


def _batch_source() -> str:
    """The source of :func:`_encode_batch`: one branch per event kind, from the table."""
    code = [
        "def encode(events, out, ids, children, stack, count):",
        "    add = out.append",
        "    start = len(out)",
        "    try:",
        "        for e in events:",
        "            k = e[0]",
    ]
    common = ("enter", "leave", "backup", "evaluate")  # tested first: most events are these
    kinds = sorted(EVENT_TABLE, key=lambda kind: common.index(kind) if kind in common else len(common))
    for number, kind in enumerate(kinds):
        fields = EVENT_TABLE[kind]
        parts = [f'"{kind}"']
        for index, (_, type_name) in enumerate(fields, 1):
            template = '{numbers[X[-1]] if X else "null"}' if kind == "enter" and index == 1 else _INLINE[type_name]
            parts.append(template.replace("X", f"f{index}"))
        code.append(f"            {'if' if number == 0 else 'elif'} k == {kind!r}:")
        code.append("                " + ", ".join(["_", *(f"f{index}" for index in range(1, len(fields) + 1))]) + ", = e")
        code.append("                text = f'[" + ", ".join(parts) + "]'")
        code.extend("                " + step.replace("X1", "f1") for step in _ADVANCE.get(kind, ()))
        code.append("                add(text)")
    code += [
        "            else:",
        "                raise KeyError(k)",
        "    except (KeyError, ValueError, TypeError, IndexError, AttributeError):",
        "        return count, len(out) - start",
        "    return count, -1",
    ]
    return "\n".join(code)


def _make_batch_encoder() -> Callable[..., tuple[int, int]]:
    names: dict[str, Any] = {
        "value": value_text, "values": EventEncoder._values, "indices": EventEncoder._indices, "path_text": path_text,
        "numbers": _NumberTexts(),
    }
    exec(_batch_source(), names)  # made from the table, never from input
    return names["encode"]  # type: ignore[no-any-return]


_encode_batch = _make_batch_encoder()
"""``encode(events, out, ids, children, stack, count) -> (count, failed)``: appends each event's line to
``out`` and moves the numbers on; ``failed`` is the index of an event it could not write (nothing of
it written or counted), or -1."""


class EventDecoder:
    """Reads version-2 events (parsed JSON arrays) back into events naming paths; one per trace.

    It keeps the call stack the events describe (to place each entered node under the
    node being searched) and every node's path by its number.
    """

    def __init__(self) -> None:
        self._paths: dict[int, NodePath] = {}  # the numbers that may still be named
        self._children: list[list[int]] = [[]]
        self._stack: list[int] = []
        self._count = 0
        self._decoders = Decoders()
        self._fields = {kind: [(name, type_name) for name, type_name in fields] for kind, fields in EVENT_TABLE.items()}

    def event(self, row: Any) -> tuple[Any, ...]:
        """One event; CodecError saying what is wrong with it."""
        if not isinstance(row, list) or not row or not isinstance(row[0], str):
            raise CodecError(say("trace.event.list", "an event must be a list starting with its kind, not {row}", row=str(row)[:40]))
        kind = row[0]
        fields = self._fields.get(kind)
        if fields is None:
            raise CodecError(say("trace.event.unknown.known", "unknown event {kind}; events are {kinds}", kind=repr(kind), kinds=", ".join(EVENT_TABLE)))
        if len(row) != len(fields) + 1:
            raise CodecError(say("trace.event.fields.named", "{kind} has {found} fields, not {expected} (its fields are {names})", kind=kind, found=len(row) - 1,
                                 expected=len(fields), names=", ".join(n for n, _ in fields)))
        if kind == "enter":
            node = self._entered(row[1])
            out: list[Any] = [kind, self._paths[node]]
            rest = zip(fields[1:], row[2:])
        else:
            out = [kind]
            rest = zip(fields, row[1:])
            node = None
        for (name, type_name), value in rest:
            out.append(self._field(kind, name, type_name, value, out))
        if kind == "leave":
            if not self._stack or self._paths[self._stack[-1]] != out[1]:
                raise CodecError(say("trace.event.leave", "leave names a node that is not being searched"))
            self._stack.pop()
            if len(self._children) > 2:  # the root's children stay: iteration_end names its best one
                for child in self._children.pop():
                    self._paths.pop(child, None)
        elif kind == "iteration_start":
            self._paths.clear()
            self._children = [[]]
        elif node is not None:
            self._stack.append(node)
            self._children[-1].append(node)
            self._children.append([])
        return tuple(out)

    def _entered(self, index: Any) -> int:
        if index is None:
            if self._stack:
                raise CodecError(say("trace.event.root", "the root is entered while another node is being searched"))
            path: NodePath = ()
        else:
            if index.__class__ is not int or index < 0 or not self._stack:
                raise CodecError(say("trace.event.enter", "enter needs the child's index (a whole number >= 0) under the node being searched, not {index}",
                                     index=repr(index)))
            path = child_path(self._paths[self._stack[-1]], index)
        number = self._count
        self._count += 1
        self._paths[number] = path
        return number

    def _node(self, value: Any) -> NodePath:
        path = self._paths.get(value) if value.__class__ is int else None
        if path is None:
            raise CodecError(say("trace.event.node", "{value} is not the number of a node being searched or of a child of one", value=repr(value)))
        return path

    def _field(self, kind: str, name: str, type_name: str, value: Any, out: list[Any]) -> Any:
        if type_name == "path":
            return self._node(value)
        if type_name == "path?":
            return None if value is None else self._node(value)
        if type_name == "paths":
            if not isinstance(value, list) or any(i.__class__ is not int or i < 0 for i in value):
                raise CodecError(say("trace.event.children", "{name} must be a list of child indices, not {value}", name=name, value=str(value)[:40]))
            parent = out[1]
            return tuple(child_path(parent, index) for index in value)
        try:
            return self._decoders.by_type[type_name](value)
        except FieldError as error:
            raise CodecError(say("trace.field.bad", "{name} is {value}; it must be {expected}", name=name, value=repr(value), expected=error.expected)) from None
