"""The state of a search at one step, as the :class:`~tracer.trace.replay.Replayer` keeps it.

A node is ``unvisited``, ``active`` (on the call stack), ``done`` or ``pruned``; each entered
node has a :class:`NodeStory`; :class:`SearchState` is a frozen copy of one step.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tracer.game.model import NodePath
from tracer.search.events import Event

__all__ = [
    "ACTIVE",
    "DONE",
    "PRUNED",
    "UNVISITED",
    "ChildResult",
    "CutoffStory",
    "NodeState",
    "NodeStory",
    "SearchState",
    "StackFrame",
]

UNVISITED, ACTIVE, DONE, PRUNED = "unvisited", "active", "done", "pruned"


@dataclass(frozen=True)
class StackFrame:
    """One call on the stack: the node, its v so far, and its window."""

    node: NodePath
    v: float | None
    alpha: float | None
    beta: float | None


@dataclass(frozen=True, slots=True)
class ChildResult:
    """A child's value as it came back to its parent, and the parent's v after it."""

    child: NodePath
    value: float
    bound: str  # how the child returned it: exact, lower or upper
    v: float  # the parent's v after this child (for a chance node: the weighted sum so far)
    probability: float | None = None  # at a chance node


@dataclass(frozen=True, slots=True)
class CutoffStory:
    """A cutoff: where, the test's numbers, what it pruned, and which nodes set the bound it met."""

    node: NodePath
    v: float
    alpha: float
    beta: float
    pruned: tuple[NodePath, ...]
    alpha_from: NodePath | None  # the node whose value last raised alpha (None: still −∞)
    beta_from: NodePath | None


@dataclass(slots=True)
class NodeStory:
    """What happened at one node, in order (the current iteration's, with iterative deepening)."""

    path: NodePath
    type: str
    alpha: float | None  # the window it was entered with (None in minimax)
    beta: float | None
    alpha_set_at: NodePath | None  # the node that had last raised alpha when this one was entered
    beta_set_at: NodePath | None
    children: list[ChildResult] = field(default_factory=list)
    windows: list[tuple[Any, Any]] = field(default_factory=list)  # (alpha, beta) after each child
    v: float | None = None  # the last v (for a leaf: its static value)
    evaluation: tuple[float, str] | None = None  # (value, "utility" or "evaluation")
    table_hit: tuple[float, str, int | None] | None = None  # (value, bound, depth searched)
    table_twin: tuple[NodePath, int] | None = None  # the entry's twin: (node that stored it, index of the symmetry)
    stand_pat: float | None = None  # quiescence: the static value it stood pat on
    noisy: tuple[NodePath, ...] | None = None  # quiescence: the noisy children it searches
    cutoff: CutoffStory | None = None
    returned: float | None = None
    bound: str | None = None
    best: NodePath | None = None

    @property
    def left(self) -> bool:
        return self.returned is not None

    def v_before(self, index: int) -> float | None:
        """v before the ``index``-th child's value came back (None before the first)."""
        return self.children[index - 1].v if index > 0 else None


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
    stack: tuple[StackFrame, ...]
    nodes: dict[NodePath, NodeState] = field(repr=False)
    pruned_roots: frozenset[NodePath] = field(repr=False)
    iteration: int | None = None

    @classmethod
    def of(cls, replayer: Any) -> SearchState:
        """A frozen copy of a :class:`~tracer.trace.replay.Replayer`'s state (in time proportional to the nodes it holds)."""
        nodes: dict[NodePath, NodeState] = {}
        for path, status in replayer.status.items():
            alpha, beta = replayer.window.get(path, (None, None))
            value, bound = replayer.value.get(path, (None, None))
            nodes[path] = NodeState(
                status=status, v=replayer.v.get(path), alpha=alpha, beta=beta, value=value, bound=bound,
                evaluated_as=replayer.evaluated_as.get(path),
            )
        stack = tuple(StackFrame(path, replayer.v.get(path), *replayer.window.get(path, (None, None))) for path in replayer.stack)
        return cls(step=replayer.step, event=replayer.event, stack=stack, nodes=nodes,
                   pruned_roots=frozenset(replayer.pruned_roots), iteration=replayer.iteration)

    @property
    def current(self) -> NodePath | None:
        """The node the last event happened at (None before the first step)."""
        if self.event is None:
            return None
        return getattr(self.event, "node", None)

    def node(self, path: NodePath) -> NodeState:
        known = self.nodes.get(path)
        if known is not None:
            return known
        if any(path[:length] in self.pruned_roots for length in range(len(path) + 1)):
            return NodeState(PRUNED)
        return NodeState(UNVISITED)

    def status(self, path: NodePath) -> str:
        return self.node(path).status
