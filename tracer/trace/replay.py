"""Replaying a trace: the one record of the search's state at any step.

Step 0 is before the first event; step k is after the k-th event (``trace[k - 1]``).
A :class:`Replayer` applies one event at a time and keeps everything a reader of the
search needs, so that figures, captions, the key, the steppers, the exercises and the
checker's feedback all read it instead of walking the events themselves:

* each node's **status**: ``unvisited`` (not entered yet, or never), ``active`` (on the
  call stack), ``done`` (returned, with its value and whether that value is a bound)
  or ``pruned`` (skipped by a cutoff, or below a skipped node);
* the **call stack**, root first, each active node with its v so far and its window
  [alpha, beta];
* each entered node's **story** (:class:`NodeStory`): the window it was entered with
  and which nodes above had set it, every child's value as it came back, the cutoff
  that stopped it and where its alpha or beta came from, its static value, a
  transposition-table answer, the value it returned;
* the static values used, in order, the cutoffs, the iteration of iterative deepening;
* the nodes quiescence search reached: those that stood pat past or at the depth limit
  because they were not quiet, and those entered below the depth limit.

With iterative deepening every iteration starts afresh (the stories, the cutoffs and
the evaluation order are those of the current iteration).

A figure of a game's top walks with a :class:`~tracer.trace.drawn_replay.DrawnReplayer`,
which keeps the drawn nodes only.

:func:`replay` gives one step's :class:`SearchState`, a frozen copy.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from tracer.game.model import NodePath, Tree, parent_path
from tracer.search.events import Event, RawEvent, fields_of, kind_of, typed
from tracer.trace.model import Trace
from tracer.trace.state import (
    ACTIVE,
    DONE,
    PRUNED,
    UNVISITED,
    ChildResult,
    CutoffStory,
    NodeStory,
    SearchState,
)

__all__ = ["Replayer", "replay"]

_INF = float("inf")


class Replayer:
    """Walks a trace one event at a time, keeping the state of the search.

    Its fields are kept up to date by :meth:`advance`; read them, never change them:

    * ``status`` (path -> ``active``/``done``; absent: unvisited or pruned, see
      :meth:`status_of`), ``v`` (path -> v so far), ``window`` (path -> (alpha, beta)
      now), ``value`` (path -> (returned value, bound)), ``stack`` (active paths, root
      first), ``pruned_roots`` (paths a cutoff skipped; everything below them is pruned);
    * ``stories`` (path -> :class:`NodeStory`), ``evaluated`` (paths whose static value
      was used, in order) and ``evaluated_as`` (path -> 1, 2, ...), ``cutoffs``
      (:class:`CutoffStory` in order), ``backed`` (active nodes that have backed up a
      child's value), ``table_hits`` (nodes answered by the transposition table),
      ``iteration`` (the depth limit of the current iteration of iterative deepening),
      ``quiescence`` (nodes searched by quiescence: stood pat, or entered below the depth limit);
    * ``step`` (events applied), ``kind`` and ``node`` of the last event, ``upcoming``
      (the kind of the next event, or None at the end).

    :meth:`snapshot` copies the state into a :class:`SearchState` (in time proportional
    to the tree).

    ``tree`` is the trace's tree as the reader has it (a figure's may be the top of a game's).
    """

    passed = 0
    """Subtrees passed over (a :class:`~tracer.trace.drawn_replay.DrawnReplayer`'s): their best lines are not in the stories."""

    def __init__(self, trace: Trace, events: Iterable[RawEvent] | None = None, *, tree: Tree | None = None) -> None:
        self.trace = trace
        tree = tree if tree is not None else trace.tree
        self._type_of: Callable[[NodePath], str] = lambda path: tree.node(path).type if path in tree else "leaf"
        self._events: Iterator[RawEvent] = iter(trace.raw_events if events is None else events)
        self._next: RawEvent | None = next(self._events, None)
        self.step = 0
        self.kind: str | None = None
        self.node: NodePath | None = None
        self._raw: RawEvent | None = None
        self.iteration: int | None = None
        self._handlers: dict[str, Callable[..., None]] = {
            "enter": self._enter, "evaluate": self._evaluate, "order": self._order, "backup": self._backup,
            "chance_backup": self._chance_backup, "alpha": self._alpha, "beta": self._beta, "cutoff": self._cutoff,
            "tt_hit": self._tt_hit, "tt_store": self._tt_store, "leave": self._leave,
            "iteration_start": self._iteration_start, "iteration_end": self._iteration_end,
            "quiesce": self._quiesce, "tt_twin": self._tt_twin,
        }
        self._limit = trace.settings.depth
        self._reset()

    def _reset(self) -> None:
        self.status: dict[NodePath, str] = {}
        self.v: dict[NodePath, float | None] = {}
        self.window: dict[NodePath, tuple[float | None, float | None]] = {}
        self.value: dict[NodePath, tuple[float, str]] = {}
        self.stack: list[NodePath] = []
        self.pruned_roots: set[NodePath] = set()
        self.stories: dict[NodePath, NodeStory] = {}
        self.evaluated: list[NodePath] = []
        self.evaluated_as: dict[NodePath, int] = {}
        self._numbered = 0  # nodes numbered in evaluated_as, forgotten ones too
        self.cutoffs: list[CutoffStory] = []
        self.backed: set[NodePath] = set()
        self.table_hits: set[NodePath] = set()
        self.quiescence: set[NodePath] = set()
        # the node whose value last raised alpha (lowered beta) on the path to each active node
        self._origin: dict[NodePath, tuple[NodePath | None, NodePath | None]] = {}

    # -- walking -------------------------------------------------------------------------------
    def done(self) -> bool:
        return self._next is None

    @property
    def upcoming(self) -> str | None:
        """The kind of the next event (None after the last)."""
        return None if self._next is None else kind_of(self._next)

    @property
    def event(self) -> Event | None:
        """The last event applied, typed (None before the first)."""
        return None if self._raw is None else typed(self._raw)

    def advance(self) -> Event:
        """Apply the next event and return it."""
        self.apply_next()
        assert self._raw is not None
        return typed(self._raw)

    def apply_next(self) -> None:
        """Apply the next event (without making a typed copy of it: for walks over every step)."""
        raw = self._next
        if raw is None:
            raise IndexError("the trace has no more events")
        self._next = next(self._events, None)
        self.step += 1
        self._raw = raw
        handler = self._handlers.get(kind_of(raw))  # events.dispatch() for one event, without its loop and tuple (every replay runs this)
        if handler is not None:
            handler(*fields_of(raw))

    def advance_to(self, step: int) -> None:
        if step < self.step:
            raise ValueError("a Replayer only moves forward; make a new one to go back")
        while self.step < step:
            self.apply_next()

    def steps(self) -> Iterator[Replayer]:
        """Apply every remaining event, yielding the replayer after each (step 1, 2, ...)."""
        while self._next is not None:
            self.apply_next()
            yield self

    def run(self) -> Replayer:
        """Apply every remaining event; the replayer then holds the search's end state."""
        while self._next is not None:
            self.apply_next()
        return self

    # -- the state of one node ---------------------------------------------------------------------
    def type_of(self, path: NodePath) -> str:
        """``max``, ``min``, ``chance`` or ``leaf``."""
        return self._type_of(path)

    def status_of(self, path: NodePath) -> str:
        """``unvisited``, ``active``, ``done`` or ``pruned`` (below a pruned node too)."""
        status = self.status.get(path)
        if status is not None:
            return status
        roots = self.pruned_roots
        if roots and any(path[:length] in roots for length in range(len(path) + 1)):
            return PRUNED
        return UNVISITED

    def called_with(self, path: NodePath) -> tuple[float | None, float | None]:
        """The window a node was entered with."""
        story = self.stories.get(path)
        return (story.alpha, story.beta) if story is not None else (None, None)

    # -- the events ------------------------------------------------------------------------------
    def _enter(self, node: NodePath, depth: int, alpha: float | None, beta: float | None) -> None:
        self.kind, self.node = "enter", node
        node_type = self._type_of(node)
        self.status[node] = ACTIVE
        self.stack.append(node)
        self.window[node] = (alpha, beta)
        self.v[node] = -_INF if node_type == "max" else _INF if node_type == "min" else (0.0 if node_type == "chance" else None)
        self.value.pop(node, None)
        self.backed.discard(node)
        self.table_hits.discard(node)
        origin = self._origin.get(parent_path(node), (None, None)) if node else (None, None)
        self._origin[node] = origin
        self.stories[node] = NodeStory(node, node_type, alpha, beta, origin[0], origin[1])
        limit = self.iteration if self.iteration is not None else self._limit
        if limit is not None and depth > limit:
            self.quiescence.add(node)

    def _evaluate(self, node: NodePath, value: float, source: str) -> None:
        self.kind, self.node = "evaluate", node
        self.v[node] = value
        self.evaluated.append(node)
        self._number(node)
        story = self.stories[node]
        story.v = value
        story.evaluation = (value, source)

    def _number(self, node: NodePath) -> None:
        """``evaluated_as[node]``: one more than the nodes numbered so far (a node numbered again is not counted twice)."""
        known = node in self.evaluated_as
        self.evaluated_as[node] = self._numbered + 1
        self._numbered += not known

    def _order(self, node: NodePath, children: tuple[NodePath, ...], keys: tuple[Any, ...]) -> None:
        self.kind, self.node = "order", node

    def _backup(self, node: NodePath, child: NodePath, child_value: float, v: float) -> None:
        self.kind, self.node = "backup", node
        self.v[node] = v
        self.backed.add(node)
        story = self.stories[node]
        returned = self.value.get(child)
        story.children.append(ChildResult(child, child_value, returned[1] if returned else "exact", v))
        story.windows.append(story.windows[-1] if story.windows else (story.alpha, story.beta))
        story.v = v

    def _chance_backup(self, node: NodePath, child: NodePath, probability: float, child_value: float, v: float) -> None:
        self.kind, self.node = "chance_backup", node
        self.v[node] = v
        self.backed.add(node)
        story = self.stories[node]
        returned = self.value.get(child)
        story.children.append(ChildResult(child, child_value, returned[1] if returned else "exact", v, probability))
        story.v = v

    def _alpha(self, node: NodePath, old: float, new: float) -> None:
        self.kind, self.node = "alpha", node
        self.window[node] = (new, self.window[node][1])
        self._origin[node] = (node, self._origin[node][1])
        story = self.stories[node]
        if story.windows:
            story.windows[-1] = (new, story.windows[-1][1])

    def _beta(self, node: NodePath, old: float, new: float) -> None:
        self.kind, self.node = "beta", node
        self.window[node] = (self.window[node][0], new)
        self._origin[node] = (self._origin[node][0], node)
        story = self.stories[node]
        if story.windows:
            story.windows[-1] = (story.windows[-1][0], new)

    def _cutoff(self, node: NodePath, v: float, alpha: float, beta: float, pruned: tuple[NodePath, ...]) -> None:
        self.kind, self.node = "cutoff", node
        self.pruned_roots.update(pruned)
        alpha_from, beta_from = self._origin[node]
        cut = CutoffStory(node, v, alpha, beta, tuple(pruned), alpha_from, beta_from)
        self.stories[node].cutoff = cut
        if pruned:
            self.cutoffs.append(cut)

    def _tt_hit(self, node: NodePath, value: float, bound: str, depth: int | None) -> None:
        self.kind, self.node = "tt_hit", node
        self.v[node] = value
        self.table_hits.add(node)
        story = self.stories[node]
        story.v = value
        story.table_hit = (value, bound, depth)

    def _tt_store(self, node: NodePath, value: float, bound: str, depth: int | None) -> None:
        self.kind, self.node = "tt_store", node

    def _leave(self, node: NodePath, value: float, bound: str, best: NodePath | None) -> None:
        self.kind, self.node = "leave", node
        self.status[node] = DONE
        self.value[node] = (value, bound)
        if self.stack and (self.stack[-1] is node or self.stack[-1] == node):  # `is` first: a deep path compares item by item
            self.stack.pop()
        story = self.stories[node]
        story.returned, story.bound, story.best = value, bound, best

    def _quiesce(self, node: NodePath, value: float, noisy: tuple[NodePath, ...]) -> None:
        self.kind, self.node = "quiesce", node
        self.v[node] = value
        self.quiescence.add(node)
        self.evaluated.append(node)
        self._number(node)
        story = self.stories[node]
        story.v = story.stand_pat = value
        story.noisy = tuple(noisy)

    def _tt_twin(self, node: NodePath, twin: NodePath, symmetry: int) -> None:
        self.kind, self.node = "tt_twin", node
        self.stories[node].table_twin = (twin, symmetry)

    def _iteration_start(self, depth: int) -> None:
        self._reset()
        self.kind, self.node = "iteration_start", None
        self.iteration = depth

    def _iteration_end(self, depth: int, value: float, best: NodePath | None) -> None:
        self.kind, self.node = "iteration_end", None

    # -- a frozen copy -----------------------------------------------------------------------------
    def snapshot(self) -> SearchState:
        return SearchState.of(self)

def replay(trace: Trace, step: int | None = None) -> SearchState:
    """The state of the search after ``step`` events (the end when None)."""
    total = len(trace.raw_events)
    if step is None:
        step = total
    if not 0 <= step <= total:
        raise IndexError(f"step {step} is outside 0..{total}")
    replayer = Replayer(trace)
    replayer.advance_to(step)
    return replayer.snapshot()
