"""Replaying a trace: the state of the search after any step.

Step 0 is before the first event; step k is after the k-th event (``trace[k - 1]``).
At every step each node of ``trace.tree`` is in one of four states:

``unvisited``  not entered yet (or never: see ``pruned``);
``active``     on the call stack: entered, not yet left;
``done``       left, with its returned value and whether that value is a bound;
``pruned``     skipped by a cutoff, or below a skipped node.

An active node also has its v so far and its alpha and beta; the stack lists the active
nodes from the root down. A :class:`Replayer` advances one event at a time (for
renderers walking every step); :func:`replay` gives one step's :class:`SearchState`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tracer.game.model import Path
from tracer.search.events import Event, RawEvent, typed
from tracer.trace.model import Trace

__all__ = ["Frame", "NodeState", "Replayer", "SearchState", "replay"]

UNVISITED, ACTIVE, DONE, PRUNED = "unvisited", "active", "done", "pruned"


@dataclass(frozen=True)
class Frame:
    """One call on the stack: the node, its v so far, and its window."""

    node: Path
    v: float | None
    alpha: float | None
    beta: float | None


@dataclass(frozen=True)
class NodeState:
    status: str
    v: float | None = None
    alpha: float | None = None
    beta: float | None = None
    value: float | None = None
    bound: str | None = None
    evaluated_as: int | None = None  # 1 for the first static value used, 2 for the next, ...


@dataclass(frozen=True)
class SearchState:
    """The search as it stood after ``step`` events."""

    step: int
    event: Event | None
    stack: tuple[Frame, ...]
    nodes: dict[Path, NodeState] = field(repr=False)
    pruned_roots: frozenset[Path] = field(repr=False)
    iteration: int | None = None

    @property
    def current(self) -> Path | None:
        """The node the last event happened at (None before the first step)."""
        if self.event is None:
            return None
        return getattr(self.event, "node", None)

    def node(self, path: Path) -> NodeState:
        known = self.nodes.get(path)
        if known is not None:
            return known
        if any(path[:length] in self.pruned_roots for length in range(len(path) + 1)):
            return NodeState(PRUNED)
        return NodeState(UNVISITED)

    def status(self, path: Path) -> str:
        return self.node(path).status


class Replayer:
    """Walks a trace one event at a time, keeping the state of every node.

    For renderers that read every step, its fields may be read directly (they are kept
    up to date by :meth:`advance`; do not change them): ``status`` (path -> active/done;
    absent = unvisited), ``v`` (path -> v so far), ``window`` (path -> (alpha, beta)),
    ``value`` (path -> (returned value, bound)), ``evaluated_as`` (path -> 1, 2, ...),
    ``stack`` (active paths, root first) and ``pruned_roots`` (paths skipped by a cutoff;
    everything below them is pruned too). :meth:`snapshot` copies them into a
    :class:`SearchState`, which costs time in proportion to the tree.
    """

    def __init__(self, trace: Trace) -> None:
        self.trace = trace
        self.step = 0
        self.event: Event | None = None
        self.iteration: int | None = None
        self._reset()

    def _reset(self) -> None:
        self.status: dict[Path, str] = {}
        self.v: dict[Path, float | None] = {}
        self.window: dict[Path, tuple[float | None, float | None]] = {}
        self.value: dict[Path, tuple[float, str]] = {}
        self.evaluated_as: dict[Path, int] = {}
        self.stack: list[Path] = []
        self.pruned_roots: set[Path] = set()

    def done(self) -> bool:
        return self.step >= len(self.trace.raw_events)

    def advance(self) -> Event:
        """Apply the next event and return it."""
        raw = self.trace.raw_events[self.step]
        self.step += 1
        self._apply(raw)
        self.event = typed(raw)
        return self.event

    def advance_to(self, step: int) -> None:
        if step < self.step:
            raise ValueError("a Replayer only moves forward; make a new one to go back")
        while self.step < step:
            self.advance()

    def _apply(self, raw: RawEvent) -> None:
        kind = raw[0]
        if kind == "enter":
            path, alpha, beta = raw[1], raw[3], raw[4]
            self.status[path] = ACTIVE
            self.stack.append(path)
            self.window[path] = (alpha, beta)
            node_type = self._type(path)
            self.v[path] = float("-inf") if node_type == "max" else float("inf") if node_type == "min" else (0.0 if node_type == "chance" else None)
            self.value.pop(path, None)
        elif kind == "evaluate":
            self.v[raw[1]] = raw[2]
            self.evaluated_as[raw[1]] = len(self.evaluated_as) + 1
        elif kind in ("backup", "chance_backup"):
            self.v[raw[1]] = raw[-1]
        elif kind == "alpha":
            alpha, beta = self.window[raw[1]]
            self.window[raw[1]] = (raw[3], beta)
        elif kind == "beta":
            alpha, beta = self.window[raw[1]]
            self.window[raw[1]] = (alpha, raw[3])
        elif kind == "cutoff":
            self.pruned_roots.update(raw[5])
        elif kind == "tt_hit":
            self.v[raw[1]] = raw[2]
        elif kind == "leave":
            path = raw[1]
            self.status[path] = DONE
            self.value[path] = (raw[2], raw[3])
            if self.stack and self.stack[-1] == path:
                self.stack.pop()
        elif kind == "iteration_start":
            self._reset()
            self.iteration = raw[1]

    def _type(self, path: Path) -> str:
        tree = self.trace.tree
        return tree.node(path).type if path in tree else "leaf"

    def snapshot(self) -> SearchState:
        nodes: dict[Path, NodeState] = {}
        for path, status in self.status.items():
            alpha, beta = self.window.get(path, (None, None))
            value, bound = self.value.get(path, (None, None))
            nodes[path] = NodeState(
                status=status, v=self.v.get(path), alpha=alpha, beta=beta, value=value, bound=bound,
                evaluated_as=self.evaluated_as.get(path),
            )
        stack = tuple(Frame(path, self.v.get(path), *self.window.get(path, (None, None))) for path in self.stack)
        return SearchState(
            step=self.step, event=self.event, stack=stack, nodes=nodes,
            pruned_roots=frozenset(self.pruned_roots), iteration=self.iteration,
        )


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

