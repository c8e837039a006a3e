"""Is this what a search did? The checks a loaded trace passes before any key or figure is made from it.

:func:`check_story` reads the events as a story (nodes entered from their parent and left
in order, each child's value backed up as it returned, the result what the root
returned) and names the first event that breaks it; :func:`verify_by_searching` searches
the trace's tree or game again with its settings (searches are deterministic) and compares
event by event, so even an edit that keeps the story consistent is found.
"""

from __future__ import annotations

import json
import math
from typing import Any

from tracer.errors import InputError, TraceFormatError
from tracer.game.model import NodePath, Tree
from tracer.search.common import SearchRun
from tracer.search.conventions import SearchSettings
from tracer.search.events import kind_of, typed
from tracer.search.run import run_search
from tracer.trace.json_values import to_json_data

__all__ = ["CHANGED", "check_story", "verify_by_searching"]


def verify_by_searching(game: Any, settings: SearchSettings, recorded: SearchRun, fail: Any) -> None:
    """Search the trace's tree or game again with its settings (searches are deterministic) and
    compare: an edit that keeps the story consistent (a dropped cutoff, a changed value, another
    best move or setting) is refused, naming the first event that differs."""
    try:
        again = run_search(game, settings)
    except InputError as error:
        raise fail(f"the trace's search cannot be run again: {error.message}", hint=CHANGED) from None
    for index, (expected, found) in enumerate(zip(again.events, recorded.events)):
        if expected != found:
            raise fail(
                f"event {index + 1} ({kind_of(found)}): the file says {_event_text(found)}, "
                f"but searching with the trace's settings gives {_event_text(expected)}",
                hint=CHANGED,
            )
    if len(again.events) != len(recorded.events):
        raise fail(f"the file has {len(recorded.events):,} events, but the search has {len(again.events):,}", hint=CHANGED)
    results: tuple[tuple[str, Any, Any], ...] = (
        ("value", again.value, recorded.value), ("best move", again.best, recorded.best), ("bound", again.bound, recorded.bound),
        ("counts", again.stats, recorded.stats), ("iterations", again.iterations, recorded.iterations),
    )
    for name, expected, found in results:
        if expected != found:
            raise fail(f"the result in the file ({name}: {_plain(found)}) is not the search's ({_plain(expected)})", hint=CHANGED)


def _plain(value: Any) -> str:
    return json.dumps(to_json_data(value), ensure_ascii=False)


def _event_text(raw: tuple[Any, ...]) -> str:
    """An event as a person reads it: ``backup at "1" (child "1.0", child_value 2, v 2)``."""
    event = typed(raw)
    fields = event._asdict()
    node = fields.pop("node", None)
    shown = ", ".join(f"{name} {_plain(value)}" for name, value in fields.items())
    where = f" at {_plain(node)}" if node is not None else ""
    return f"{kind_of(raw)}{where}" + (f" ({shown})" if shown else "")


def _same(a: float | None, b: float | None) -> bool:
    return a == b or (a is not None and b is not None and math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9))


CHANGED = "the file was changed after tracer wrote it: write it again with tracer trace"


def check_story(events: list[tuple[Any, ...]], value: float, tree: Tree | None, fail: Any) -> None:
    """Check that the events tell a search that could have happened, so that a key or a
    figure is never drawn from an edited or truncated trace: nodes are entered from their
    parent and left in order, every event is about the node being searched (and its
    children), every node is in the tree, and the root returns the trace's result."""
    stack: list[NodePath] = []
    root_value: float | None = None
    last_left: NodePath | None = None  # the node that returned last, and its value
    last_value: float | None = None

    def wrong(index: int, kind: str, what: str) -> TraceFormatError:
        return fail(f"event {index + 1} ({kind}): {what}", hint=CHANGED)

    def shown(path: NodePath) -> str:
        return repr(".".join(map(str, path)))

    for index, event in enumerate(events):
        kind = event[0]
        if last_left not in (None, ()) and kind not in ("backup", "chance_backup"):  # a child's value goes to its parent next
            raise wrong(index, kind, f"node {shown(last_left)} returned, but its parent never backs its value up")
        if kind in ("iteration_start", "iteration_end"):
            if stack:
                raise wrong(index, kind, f"node {shown(stack[-1])} is still being searched")
            continue
        node = event[1]
        if tree is not None and node not in tree:
            raise wrong(index, kind, f"node {shown(node)} is not in the tree")
        if kind == "enter":
            parent_ok = node == () if not stack else node[:-1] == stack[-1]
            if not parent_ok:
                raise wrong(index, kind, f"node {shown(node)} is entered, but the search is at {shown(stack[-1]) if stack else 'no node'}")
            stack.append(node)
            continue
        if not stack or stack[-1] != node:
            raise wrong(index, kind, f"node {shown(node)} is not the node being searched ({shown(stack[-1]) if stack else 'none'})")
        if kind in ("backup", "chance_backup"):
            child, child_value = event[2], event[-2]
            if child != last_left:
                raise wrong(index, kind, f"{shown(child)} is backed up, but the node that just returned is {shown(last_left) if last_left is not None else 'none'}")
            if not _same(child_value, last_value):
                raise wrong(index, kind, f"{shown(child)} returned {last_value!r}, not {child_value!r}")
            last_left = None
        if kind == "cutoff":
            for pruned in event[5]:
                if pruned[:-1] != node or (tree is not None and pruned not in tree):
                    raise wrong(index, kind, f"the pruned node {shown(pruned)} is not a child of {shown(node)}")
        if kind == "leave":
            stack.pop()
            last_left, last_value = node, event[2]
            if node == ():
                root_value = event[2]
    if stack:
        raise fail(f"the events end while node {shown(stack[-1])} is still being searched", hint=CHANGED)
    if root_value is None:
        raise fail("the events never finish searching the root", hint=CHANGED)
    if not _same(root_value, value):
        raise fail(f"the result says {value!r} but the root returns {root_value!r} in the events", hint=CHANGED)


