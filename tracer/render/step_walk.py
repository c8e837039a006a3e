"""A trace's steps as a figure sees them: which drawn nodes change, and the facts their looks come from.

:class:`StepChanges` says after each step which drawn nodes' looks may have changed: the
node of the step (at its nearest drawn ancestor when it is not drawn), the one before it,
a cutoff's pruned drawn subtrees, everything when an iteration of iterative deepening
starts. :func:`node_facts` reads from the replayer what a node's look is made of (its
status, its values, its window, ...), nothing of the layout; the look itself is
:meth:`~tracer.render.visuals.StepVisuals.look`'s.

:class:`StepRecord` keeps those facts at chosen steps only, for the nodes changed since
the chosen step before. The scene's one walk over a trace fills it (it must measure the
texts before the layout exists, and the looks need the layout), and the frames and the
player read it: a render of every 382nd step of a whole game replays 1.9 million events
once, not twice.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from tracer.game.model import NodePath, parent_path
from tracer.render.plan import Plan
from tracer.trace.replay import Replayer

__all__ = ["PROGRESS_EVERY", "NodeFacts", "StepChanges", "StepRecord", "node_facts", "told"]

PROGRESS_EVERY = 10_000
"""Steps walked between two calls of a progress callback."""
_SHOWN_KEPT = 65_536
"""Nodes whose drawn stand-in a walk remembers at most."""

NodeFacts = tuple[str, bool, Any, Any, bool, bool, tuple[Any, Any], Any, bool]
"""(status, reached by quiescence, (value, bound) returned, v so far, statically valued or answered
by the table, has backed up a child, (alpha, beta) now, evaluation order, a cutoff's pruned root)."""


def node_facts(replayer: Replayer, path: NodePath) -> NodeFacts:
    """What the look of the node at ``path`` (and of the edge into it) is made of, in the replayer's state."""
    order = replayer.evaluated_as.get(path)
    return (
        replayer.status_of(path), path in replayer.quiescence, replayer.value.get(path), replayer.v.get(path),
        order is not None or path in replayer.table_hits, path in replayer.backed, replayer.window.get(path, (None, None)), order,
        path in replayer.pruned_roots,
    )


class StepChanges:
    """Told each step of a walk in order, says which drawn nodes' looks may have changed."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self._children: dict[NodePath, list[NodePath]] = {node.path: [child.path for child in plan.children(node)] for node in plan.nodes}
        self._previous: NodePath | None = None
        # the drawn node standing for each node met lately, found from its parent's (entered before it):
        # the top of a whole game's tree is drawn for 1.9 million steps at nodes up to 9 levels below it
        self._shown: dict[NodePath, NodePath] = {}

    def everything(self) -> set[NodePath]:
        return set(self.plan.drawn)

    def note(self, replayer: Replayer) -> tuple[set[NodePath], NodePath | None]:
        """(the drawn nodes whose look may have changed at the step just applied, the drawn node current at it)."""
        changed: set[NodePath] = set()
        return changed, self.note_into(replayer, changed)

    def note_into(self, replayer: Replayer, changed: set[NodePath]) -> NodePath | None:
        """Add to ``changed`` the drawn nodes whose look may have changed at the step just applied; gives
        the drawn node current at it."""
        kind, node = replayer.kind, replayer.node
        current: NodePath | None
        if kind == "iteration_start":
            changed.update(self.plan.drawn)
            current = None
        elif node is None:
            current = None
        else:
            current = self._shown.get(node)
            if current is None:
                current = self._shown_now(node)
            changed.add(current)
            if kind == "cutoff":
                cut = replayer.stories[node].cutoff
                for root in cut.pruned if cut is not None else ():
                    if root in self.plan.drawn:
                        changed.update(self._drawn_subtree(root))
        if self._previous is not None:
            changed.add(self._previous)
        self._previous = current
        return current

    def _shown_now(self, node: NodePath) -> NodePath:
        shown = self._shown
        if not node or node in self.plan.drawn:
            found = node
        else:
            parent = parent_path(node)
            known = shown.get(parent)
            found = known if known is not None else self.plan.shown(parent)
        if len(shown) >= _SHOWN_KEPT:  # a bound on memory: the nodes met lately are those met next
            shown.clear()
        shown[node] = found
        return found

    def _drawn_subtree(self, root: NodePath) -> list[NodePath]:
        out, stack = [], [root]
        while stack:
            path = stack.pop()
            out.append(path)
            stack.extend(self._children[path])
        return out


RecordedStep = tuple[int, set[NodePath], dict[NodePath, NodeFacts], "NodePath | None"]
"""(step, the drawn nodes changed since the recorded step before, their facts, the current drawn node)."""


class StepRecord:
    """The facts of the changed drawn nodes at each of ``steps``, told one step at a time by a walk
    (:meth:`start` at step 0, then :meth:`note_step` after each event)."""

    def __init__(self, plan: Plan, steps: Collection[int]) -> None:
        self.steps: frozenset[int] = frozenset(steps)
        self.kept: list[RecordedStep] = []
        self._changes = StepChanges(plan)
        self._pending: set[NodePath] = set()

    def start(self, replayer: Replayer) -> None:
        self._pending |= self._changes.everything()
        self._keep(replayer, None)

    def note_step(self, replayer: Replayer) -> None:
        self._keep(replayer, self._changes.note_into(replayer, self._pending))

    def _keep(self, replayer: Replayer, current: NodePath | None) -> None:
        if replayer.step in self.steps:
            pending, self._pending = self._pending, set()
            self.kept.append((replayer.step, pending, {path: node_facts(replayer, path) for path in pending}, current))


def told(progress: Callable[[int], Any] | None, walked: int, step: int) -> int:
    """Tell ``progress`` of the steps passed from step ``walked`` to ``step``, 10,000 at a time; gives ``step``."""
    if progress is not None:
        for _ in range(step // PROGRESS_EVERY - walked // PROGRESS_EVERY):
            progress(PROGRESS_EVERY)
    return step
