"""YAML read safely: libyaml's events composed into PyYAML nodes in Python, with no tags, nesting
bounded and aliases that expand the document (the "billion laughs") refused."""

from __future__ import annotations

import functools
from typing import Any

from tracer.errors import InputError
from tracer.reading.nesting import check_nesting
from tracer.recursion import MAX_DEPTH
from tracer.words import count, say

__all__ = ["MAX_YAML_NODES", "compose_yaml"]

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


def _compose_events(text: str, depth_limit: int) -> tuple[Any, int]:
    """Compose one YAML document into PyYAML nodes (no Python objects are built), iteratively:
    tags refused, nesting bounded. Returns the root (None for an empty document) and the
    number of aliases used."""
    import yaml
    from yaml.composer import ComposerError
    from yaml.nodes import MappingNode, ScalarNode, SequenceNode

    parser_class, resolver = _yaml_parts()
    parser = parser_class(text)
    get = parser.get_event
    try:
        get()  # the stream's start
        event = get()
        if isinstance(event, yaml.StreamEndEvent):
            return None, 0
        document_mark = event.start_mark
        anchors: dict[str, Any] = {}
        stack: list[list[Any]] = []  # open collections: [node, is_mapping, key waiting for its value]
        root = None
        aliases = 0
        while True:
            event = get()
            kind = event.__class__
            if kind is yaml.DocumentEndEvent:
                break
            if kind is yaml.SequenceEndEvent or kind is yaml.MappingEndEvent:
                stack.pop()[0].end_mark = event.end_mark
                continue
            if kind is yaml.AliasEvent:
                node = anchors.get(event.anchor)
                if node is None:
                    raise ComposerError(None, None, f"found undefined alias {event.anchor!r}", event.start_mark)
                aliases += 1
            else:
                tag = event.tag
                if tag not in (None, "!"):
                    raise _Refused(say("reading.yaml.tag", "the YAML tag {tag} is not allowed here", tag=tag.replace("tag:yaml.org,2002:", "!!")),
                                   event.start_mark, say("reading.yaml.tag.hint", 'remove the tag: write the value plainly (3, "text", [a, b])'))
                if len(stack) >= depth_limit:
                    raise _Refused(say("reading.deep", "nested more than {limit} levels deep", limit=count(depth_limit)), event.start_mark,
                                   say("reading.yaml.deep.hint", "tracer reads files up to {limit} levels deep", limit=count(depth_limit)))
                if kind is yaml.ScalarEvent:
                    node = ScalarNode(resolver.resolve(ScalarNode, event.value, event.implicit), event.value, event.start_mark,
                                      event.end_mark, style=event.style or None)  # libyaml writes a plain style as ""
                elif kind is yaml.SequenceStartEvent:
                    node = SequenceNode(resolver.resolve(SequenceNode, None, event.implicit), [], event.start_mark, None,
                                        flow_style=event.flow_style)
                else:
                    node = MappingNode(resolver.resolve(MappingNode, None, event.implicit), [], event.start_mark, None,
                                       flow_style=event.flow_style)
                anchor = event.anchor
                if anchor is not None:
                    if anchor in anchors:
                        raise ComposerError(f"found duplicate anchor {anchor!r}; first occurrence", anchors[anchor].start_mark,
                                            "second occurrence", event.start_mark)
                    anchors[anchor] = node
            if not stack:
                root = node
            else:
                frame = stack[-1]
                if not frame[1]:
                    frame[0].value.append(node)
                elif frame[2] is None:
                    frame[2] = node
                else:
                    frame[0].value.append((frame[2], node))
                    frame[2] = None
            if kind is yaml.SequenceStartEvent or kind is yaml.MappingStartEvent:
                stack.append([node, kind is yaml.MappingStartEvent, None])
        event = get()
        if not isinstance(event, yaml.StreamEndEvent):
            raise ComposerError("expected a single document in the stream", document_mark, "but found another document",
                                event.start_mark)
        return root, aliases
    finally:
        parser.dispose()


def compose_yaml(text: str, source: str, *, error: type[InputError] = InputError, limit: int = MAX_DEPTH) -> Any:
    """Compose YAML ``text`` into PyYAML nodes (no Python objects are built), safely.

    Refuses tags, nesting deeper than ``limit`` and aliases that expand the document past
    :data:`MAX_YAML_NODES` nodes or refer to themselves; syntax errors name the line and
    column. Returns None for an empty document.
    """
    import yaml

    check_nesting(text, source, error, limit)
    try:
        node, aliases = _compose_events(text, limit + 2)
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
        _check_expansion(node, source, error)
    return node


def _check_expansion(root: Any, source: str, error: type[InputError]) -> None:
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
                mark = node.start_mark
                raise error(
                    say("reading.yaml.expand", "the YAML aliases (*name) expand this document past {most} values", most=count(MAX_YAML_NODES)),
                    source=source, line=mark.line + 1, column=mark.column + 1,
                    hint=say("reading.yaml.expand.hint", "write the values out instead of repeating them with aliases"),
                )
            size[key] = total
            continue
        if key in size:
            continue
        if key in on_path:
            mark = node.start_mark
            raise error(say("reading.yaml.loop", "a YAML alias refers to the value it is part of"), source=source, line=mark.line + 1,
                        column=mark.column + 1, hint=say("reading.yaml.loop.hint", "remove the alias (*name) inside its own anchor (&name)"))
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
