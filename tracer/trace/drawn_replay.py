"""Replaying a trace for a figure that draws some of its nodes: the drawn nodes kept, the rest let go.

A :class:`DrawnReplayer` is a :class:`~tracer.trace.replay.Replayer` given the nodes a figure
draws (``keep``). It forgets every other node once its parent returns (status, values,
window, story, evaluation number), unless the node is on its parent's best line (the
principal variation is read from the stories) or a symmetric twin answered it (the final
figure names twins): nothing read at a node's step, or at its parent's, is lost, and a figure
of a whole game's top holds the state of a few hundred nodes, not of half a million.

Between two steps a figure shows, :meth:`DrawnReplayer.pass_over_subtree` passes over the
inside of an undrawn subtree that returns before the next one, keeping only the evaluation
order: a figure of every 382nd step of a whole game's top applies one event in ten.

A node forgotten reads ``unvisited`` afterwards, so a drawn replayer is for readers of the
current node, the call stack and the nodes kept: a figure's walk (its texts, captions and
the drawn nodes' looks) and its end state (the key's rows of the drawn nodes, the final figure).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Container
from itertools import islice

from tracer.game.model import NodePath, Tree
from tracer.search.events import RawEvent, kind_of, node_of
from tracer.trace.model import Trace
from tracer.trace.replay import Replayer

__all__ = ["DrawnReplayer"]

_PASSABLE = frozenset({"enter", "leave", "evaluate", "quiesce", "order", "backup", "chance_backup", "alpha", "beta", "tt_hit", "tt_store"})
"""The kinds of event a subtree passed over may hold: none of them changes anything outside the subtree but the evaluation order."""


class DrawnReplayer(Replayer):
    """A replayer that keeps the state of the nodes in ``keep`` only (see the module)."""

    def __init__(self, trace: Trace, keep: Container[NodePath], *, tree: Tree | None = None) -> None:
        self._keep = keep
        self.passed = 0
        # the events as a list, where they are the trace's own: pass_over_subtree() looks ahead in it
        self._list: list[RawEvent] | None = trace.raw_events if isinstance(trace.raw_events, list) else None
        super().__init__(trace, tree=tree)

    def _reset(self) -> None:
        super()._reset()
        self._entered_below: list[list[NodePath]] = []  # each active node's entered children, forgotten when it returns

    def _enter(self, node: NodePath, depth: int, alpha: float | None, beta: float | None) -> None:
        super()._enter(node, depth, alpha, beta)
        if self._entered_below:
            self._entered_below[-1].append(node)
        self._entered_below.append([])

    def _leave(self, node: NodePath, value: float, bound: str, best: NodePath | None) -> None:
        returns = bool(self.stack) and (self.stack[-1] is node or self.stack[-1] == node)
        super()._leave(node, value, bound, best)
        if returns:
            self._forget_below(self._entered_below.pop(), best)

    def _forget_below(self, children: list[NodePath], best: NodePath | None) -> None:
        """Forget the returned node's children not kept, each with the best line kept below it."""
        keep, stories = self._keep, self.stories
        for child in children:
            if child is best or child == best or child in keep:
                continue
            path: NodePath | None = child
            while path is not None and path not in keep:
                story = stories.get(path)
                if story is None or story.table_twin is not None:
                    break
                del stories[path]
                for table in (self.status, self.v, self.window, self.value, self._origin, self.evaluated_as):
                    table.pop(path, None)
                for held in (self.backed, self.table_hits, self.quiescence):
                    held.discard(path)
                path = story.best  # kept when it returned, as its parent's best: forgotten with its parent

    def pass_over_subtree(self, return_before: int) -> bool:
        """Pass over the inside of the subtree the last event entered, keeping only the evaluation
        order, when the subtree returns before step ``return_before`` (its return is then the next
        event); gives whether it did.

        Only for a node not kept whose subtree holds no kept node and nothing that reaches past it
        (a cutoff, a twin, an iteration): its inside then changes only nodes forgotten.
        """
        events, keep, node = self._list, self._keep, self.node
        if events is None or self.kind != "enter" or node in keep:
            return False
        start = index = self.step  # the next event's index
        last = min(return_before - 2, len(events) - 1)  # the return (step index + 1) must come before return_before
        depth = 0
        evaluated: list[NodePath] = []
        while index <= last:
            raw = events[index]
            kind = kind_of(raw)
            if kind == "enter":
                if node_of(raw) in keep:
                    return False
                depth += 1
            elif kind == "leave":
                if not depth:
                    break
                depth -= 1
            elif kind == "evaluate" or kind == "quiesce":
                evaluated.append(node_of(raw))  # type: ignore[arg-type]
            elif kind not in _PASSABLE:
                return False
            index += 1
        else:
            return False
        if index == start or node_of(events[index]) != node:
            return False
        self.evaluated.extend(evaluated)
        self._numbered += len(set(evaluated))  # numbered as the events would number them, and forgotten at once
        deque(islice(self._events, index - start), maxlen=0)  # the iterator now stands after the return
        self._next, self._raw = events[index], events[index - 1]
        self.step += index - start
        self.kind, self.node = kind_of(self._raw), node_of(self._raw)
        self.passed += 1
        return True
