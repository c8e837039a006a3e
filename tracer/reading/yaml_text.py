"""YAML read safely: libyaml's events composed in Python, with no tags, nesting bounded and
aliases that expand the document (the "billion laughs") refused.

What the events are composed into is the caller's: PyYAML's nodes by default, or any values a
:class:`Maker` makes (the answer checker makes its own items straight from the events, with no
nodes on the way: a class's thousand files are read faster)."""

from __future__ import annotations

import functools
from typing import Any, Protocol

from tracer.errors import InputError
from tracer.reading.nesting import check_nesting
from tracer.recursion import MAX_DEPTH
from tracer.words import count, say

__all__ = ["MAX_YAML_NODES", "Maker", "compose_yaml"]

MAX_YAML_NODES = 2_000_000
"""The most values a YAML document may expand to through its aliases."""


class _Refused(Exception):
    """A YAML document the safe composer will not build: a tag, too many aliases, too deep."""

    def __init__(self, message: str, mark: Any, hint: str) -> None:
        super().__init__(message)
        self.mark = mark
        self.hint = hint


@functools.cache
def _yaml_parts() -> tuple[Any, Any]:
    """How YAML text becomes events (libyaml's parser where PyYAML has it), and the resolver
    that gives plain scalars their types; made once, for batches of a thousand files."""
    import yaml
    from yaml.resolver import Resolver

    try:
        # libyaml scans and parses into events ten times faster than PyYAML's Python scanner,
        # without recursion; composing (below, bounded) stays in Python, never libyaml's composer
        from yaml._yaml import CParser

        events: Any = CParser
    except ImportError:  # PyYAML built without libyaml
        events = yaml.SafeLoader
    return events, Resolver()


class Maker(Protocol):
    """What composed YAML values are made of. A collection's ``value`` is the list its children are
    added to (a mapping's holds ``(key, value)`` pairs); ``depth`` is how many collections hold it."""

    def scalar(self, event: Any, depth: int) -> Any: ...

    def sequence(self, event: Any, depth: int) -> Any: ...

    def mapping(self, event: Any, depth: int) -> Any: ...

    def close(self, node: Any, event: Any) -> None:
        """A collection's end is read (``event``: its end event)."""

    def place(self, node: Any) -> tuple[int, int]:
        """Where ``node`` starts in the text: its line and column, from 1."""


class _PyYamlNodes:
    """PyYAML's nodes, each scalar with the type PyYAML's resolver gives it."""

    def __init__(self) -> None:
        from yaml.nodes import MappingNode, ScalarNode, SequenceNode

        self._nodes = ScalarNode, SequenceNode, MappingNode
        self._resolve = _yaml_parts()[1].resolve

    def scalar(self, event: Any, depth: int) -> Any:
        kind = self._nodes[0]
        return kind(self._resolve(kind, event.value, event.implicit), event.value, event.start_mark, event.end_mark,
                    style=event.style or None)  # libyaml writes a plain style as ""

    def sequence(self, event: Any, depth: int) -> Any:
        kind = self._nodes[1]
        return kind(self._resolve(kind, None, event.implicit), [], event.start_mark, None, flow_style=event.flow_style)

    def mapping(self, event: Any, depth: int) -> Any:
        kind = self._nodes[2]
        return kind(self._resolve(kind, None, event.implicit), [], event.start_mark, None, flow_style=event.flow_style)

    def close(self, node: Any, event: Any) -> None:
        node.end_mark = event.end_mark

    def place(self, node: Any) -> tuple[int, int]:
        return node.start_mark.line + 1, node.start_mark.column + 1


def _compose_events(text: str, depth_limit: int, maker: Maker) -> tuple[Any, int]:
    """Compose one YAML document into what ``maker`` makes, iteratively: tags refused, nesting
    bounded. Returns the root (None for an empty document) and the number of aliases used."""
    import yaml
    from yaml.composer import ComposerError

    # looked up once: a class's thousand files are tens of thousands of events
    scalar_event, sequence_start, mapping_start, alias_event = yaml.ScalarEvent, yaml.SequenceStartEvent, yaml.MappingStartEvent, yaml.AliasEvent
    sequence_end, mapping_end, document_end = yaml.SequenceEndEvent, yaml.MappingEndEvent, yaml.DocumentEndEvent
    parser = _yaml_parts()[0](text)
    scalar, sequence, mapping, close = maker.scalar, maker.sequence, maker.mapping, maker.close
    get = parser.get_event
    try:
        get()  # the stream's start
        event = get()
        if isinstance(event, yaml.StreamEndEvent):
            return None, 0
        document_mark = event.start_mark
        anchors: dict[str, tuple[Any, Any]] = {}  # each anchor's node, and where it was set
        stack: list[list[Any]] = []  # open collections: [node, its children, is_mapping, key waiting for its value]
        root = None
        aliases = 0
        while True:
            event = get()
            kind = event.__class__
            # scalars first: most of an answer file's events are
            if kind is scalar_event or kind is sequence_start or kind is mapping_start:
                tag = event.tag
                if tag is not None and tag != "!":
                    raise _Refused(say("reading.yaml.tag", "the YAML tag {tag} is not allowed here", tag=tag.replace("tag:yaml.org,2002:", "!!")),
                                   event.start_mark, say("reading.yaml.tag.hint", 'remove the tag: write the value plainly (3, "text", [a, b])'))
                depth = len(stack)
                if depth >= depth_limit:
                    raise _Refused(say("reading.deep", "nested more than {limit} levels deep", limit=count(depth_limit)), event.start_mark,
                                   say("reading.yaml.deep.hint", "tracer reads files up to {limit} levels deep", limit=count(depth_limit)))
                if kind is scalar_event:
                    node = scalar(event, depth)
                elif kind is sequence_start:
                    node = sequence(event, depth)
                else:
                    node = mapping(event, depth)
                anchor = event.anchor
                if anchor is not None:
                    if anchor in anchors:
                        raise ComposerError(f"found duplicate anchor {anchor!r}; first occurrence", anchors[anchor][1],
                                            "second occurrence", event.start_mark)
                    anchors[anchor] = node, event.start_mark
            elif kind is sequence_end or kind is mapping_end:
                close(stack.pop()[0], event)
                continue
            elif kind is alias_event:
                anchored = anchors.get(event.anchor)
                if anchored is None:
                    raise ComposerError(None, None, f"found undefined alias {event.anchor!r}", event.start_mark)
                node = anchored[0]
                aliases += 1
            elif kind is document_end:
                break
            else:  # libyaml gives nothing else inside a document
                raise ComposerError(None, None, f"unexpected {kind.__name__}", event.start_mark)
            if stack:
                frame = stack[-1]
                if not frame[2]:
                    frame[1].append(node)
                elif frame[3] is None:
                    frame[3] = node
                else:
                    frame[1].append((frame[3], node))
                    frame[3] = None
            else:
                root = node
            if kind is not scalar_event and kind is not alias_event:
                stack.append([node, node.value, kind is mapping_start, None])
        event = get()
        if not isinstance(event, yaml.StreamEndEvent):
            raise ComposerError("expected a single document in the stream", document_mark, "but found another document",
                                event.start_mark)
        return root, aliases
    finally:
        parser.dispose()


def compose_yaml(text: str, source: str, *, error: type[InputError] = InputError, limit: int = MAX_DEPTH,
                 maker: Maker | None = None) -> Any:
    """Compose YAML ``text`` into PyYAML nodes (no Python objects are built), or into what
    ``maker`` makes, safely.

    Refuses tags, nesting deeper than ``limit`` and aliases that expand the document past
    :data:`MAX_YAML_NODES` nodes or refer to themselves; syntax errors name the line and
    column. Returns None for an empty document.
    """
    import yaml

    check_nesting(text, source, error, limit)
    maker = maker or _PyYamlNodes()
    try:
        node, aliases = _compose_events(text, limit + 2, maker)
    except _Refused as problem:
        mark = problem.mark
        raise error(str(problem), source=source, line=mark.line + 1 if mark else None, column=mark.column + 1 if mark else None,
                    hint=problem.hint) from None
    except yaml.MarkedYAMLError as problem:
        mark = problem.problem_mark
        raise error(say("reading.yaml.invalid", "not valid YAML: {problem}", problem=problem.problem), source=source,
                    line=mark.line + 1 if mark else None, column=mark.column + 1 if mark else None,
                    hint=say("reading.yaml.hint", "check the indentation and that every [ and {{ is closed")) from None
    except yaml.YAMLError as problem:
        raise error(say("reading.yaml.invalid", "not valid YAML: {problem}", problem=problem), source=source) from None
    if node is not None and aliases:
        _check_expansion(node, source, error, maker)
    return node


def _check_expansion(root: Any, source: str, error: type[InputError], maker: Maker) -> None:
    """Refuse aliases that refer to themselves or expand the document past MAX_YAML_NODES."""
    size: dict[int, int] = {}
    on_path: set[int] = set()
    stack: list[tuple[Any, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        key = id(node)
        if done:
            on_path.discard(key)
            children = _children(node)
            total = 1 + sum(size[id(child)] for child in children)
            if total > MAX_YAML_NODES:
                line, column = maker.place(node)
                raise error(
                    say("reading.yaml.expand", "the YAML aliases (*name) expand this document past {most} values", most=count(MAX_YAML_NODES)),
                    source=source, line=line, column=column,
                    hint=say("reading.yaml.expand.hint", "write the values out instead of repeating them with aliases"),
                )
            size[key] = total
            continue
        if key in size:
            continue
        if key in on_path:
            line, column = maker.place(node)
            raise error(say("reading.yaml.loop", "a YAML alias refers to the value it is part of"), source=source, line=line,
                        column=column, hint=say("reading.yaml.loop.hint", "remove the alias (*name) inside its own anchor (&name)"))
        on_path.add(key)
        stack.append((node, True))
        stack.extend((child, False) for child in _children(node) if id(child) not in size)


def _children(node: Any) -> list[Any]:
    value = node.value
    if isinstance(value, list):
        out: list[Any] = []
        for item in value:
            if isinstance(item, tuple):
                out.extend(item)
            else:
                out.append(item)
        return out
    return []
