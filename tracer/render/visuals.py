"""What each drawn node and edge looks like: at every step of a search, after it, or with none.

A node's look is a :data:`Visual`: its classes (``tn <type> <status> [collapsed]
[novalue] [current] [pv] [quiescence]``: ``quiescence`` for a node quiescence search
reached, standing pat at the depth limit or searched below it) and its four texts (``val``: v or the value with its bound;
``win``: the window, written ``α=3, β=+∞`` (:func:`window_text` says why); ``alt``:
alpha-beta's value where it differs from the true one, in the final figure; ``ord``: the
evaluation order). An edge's look is its classes (``te <status of the child> [cutroot]
[pv]``). :mod:`~tracer.render.style` gives classes their colours; the scene
(:mod:`~tracer.render.scene`) places the texts. A pruned node's value is grey and not
bold (it is the tree's, not something the search computed); with
``pruned_values="hide"`` its group gets the class ``novalue`` and the value is not drawn.

A search's looks are read from the one :class:`~tracer.trace.Replayer`:

* :class:`StepVisuals` walks a trace once and yields, after each step, what changed
  and the look of every drawn node and edge (frames, paints and the stepper's base SVG
  all come from this walk);
* :func:`final_visuals`: the looks after the search, with the answer key's values and
  the principal variation; :func:`plain_visuals`: a bare tree's;
* :class:`WidestTexts` (told one step at a time, in the scene's one walk) and
  :func:`final_texts`: the texts a node will ever show, which the layout reserves room
  for (keep them in step with :meth:`StepVisuals.look`).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator
from typing import Any, NamedTuple

from tracer.game.model import NodePath
from tracer.render.layout import Layout
from tracer.render.plan import Plan
from tracer.render.step_walk import PROGRESS_EVERY, NodeFacts, StepChanges, StepRecord, node_facts, told
from tracer.render.style import SIZES, text_width
from tracer.trace.key import AnswerKey
from tracer.trace.model import Trace
from tracer.trace.replay import Replayer
from tracer.words import bounded, number, say

__all__ = [
    "PRUNED_VALUES", "EdgeLook", "StepState", "StepVisuals", "Visual", "WidestTexts", "edge_classes", "final_texts", "final_visuals", "order_text",
    "partial_value", "plain_visuals", "table_twins", "window_text",
]

Visual = tuple[tuple[str, ...], tuple[str, str, str, str]]
"""A node's look: its classes, and its texts (val, win, alt, ord)."""
EdgeLook = tuple[str, ...]
"""An edge's look: its classes."""
_PARTIAL_BOUND = {"max": "lower", "min": "upper"}


class StepState(NamedTuple):
    """The looks after one step. ``nodes`` and ``edges`` hold every drawn node and edge and
    are updated in place at the next step: copy them to keep a step's looks."""

    step: int
    changed: set[NodePath]  # drawn nodes (and the edges into them) whose look may have changed
    nodes: dict[NodePath, Visual]
    edges: dict[NodePath, EdgeLook]


def partial_value(node_type: str, v: float | None) -> str:
    """v so far at a node still searching: at least v at MAX (``≥ 3``), at most v at MIN
    (``≤ 2``), the probability-weighted sum so far at a chance node (``Σ 1.5``)."""
    if node_type == "chance":
        return "Σ " + number(v)
    return bounded(v, _PARTIAL_BOUND.get(node_type))


def window_text(alpha: float | None, beta: float | None) -> str:
    """A node's [α, β] window as a figure writes it beside the node: ``α=3, β=+∞``.

    Not ``[3, +∞]``: AIMA's Figure 5.5 writes a node's *range of possible values* as
    ``[lo, hi]`` in that very place, so ``[3, +∞]`` beside a MIN node whose v is ``≤ 2``
    would read as "its value lies between 3 and +∞". Naming α and β says what the
    numbers are; captions, which say "[α, β] = [3, +∞]", need no change.
    """
    return say("figure.window", "α={alpha}, β={beta}", alpha=number(alpha), beta=number(beta))


class _Windows(dict[tuple[float | None, float | None], str]):
    """Window texts written once per walk (a trace writes the same few thousands of times)."""

    def __missing__(self, key: tuple[float | None, float | None]) -> str:
        text = self[key] = window_text(*key)
        return text


def order_text(order: int) -> str:
    """The evaluation order printed under a node: ``#3``."""
    return say("figure.order", "#{n}", n=order)


def edge_classes(replayer: Replayer, child: NodePath) -> EdgeLook:
    """The look of the edge into ``child``: the child's status, and a cut mark where a cutoff pruned it."""
    return edge_look(node_facts(replayer, child))


def edge_look(facts: NodeFacts) -> EdgeLook:
    """The look of the edge into a node with these facts (:func:`~tracer.render.step_walk.node_facts`)."""
    status = facts[0]
    if status == "pruned" and facts[8]:
        return ("te", status, "cutroot")
    return ("te", status)


class StepVisuals:
    """The looks of a trace's drawn nodes and edges at every step (one walk per :meth:`states`);
    ``record``: the facts at chosen steps, kept by the scene's walk, which serve any of those steps without a walk."""

    def __init__(
        self, trace: Trace, plan: Plan, layout: Layout, *, order_numbers: bool = False, pruned_values: str = "show",
        record: StepRecord | None = None,
    ) -> None:
        self.trace = trace
        self.plan = plan
        self.layout = layout
        self.order_numbers = order_numbers
        self.hide_pruned = _hide_pruned(pruned_values)
        self._windows = _Windows()
        self._record = record
        # the changes at the chosen steps of the last full walk over them: (steps, [(step, changed, node looks, edge looks)])
        self._kept: tuple[tuple[int, ...], list[tuple[int, set[NodePath], dict[NodePath, Visual], dict[NodePath, EdgeLook]]]] | None = None

    def states(self, steps: Iterable[int] | None = None, progress: Callable[[int], Any] | None = None) -> Iterator[StepState]:
        """Walk the trace: the looks at step 0, then after each step; with ``steps``, only at
        those (each state's ``changed`` then holds every change since the one before, and the
        walk stops at the last). ``progress(n)`` is told of every 10,000 steps walked.

        A look depends only on the state at its step, so the looks of the steps in between are
        never made. Steps the scene's walk recorded are read from its record, without a walk;
        the changes at chosen steps are kept for a second walk over the same steps (a player).
        """
        if steps is None:
            every = range(len(self.trace) + 1)
            if self._record is None or not self._record.steps.issuperset(every):
                yield from self._states(None, progress)
                return
            steps = every  # a stepper's scene recorded every step
        wanted = tuple(sorted(set(steps)))
        if self._record is not None and self._record.steps.issuperset(wanted):
            yield from self._recorded_states(set(wanted), progress)
            return
        if self._kept is not None and self._kept[0] == wanted:
            yield from self._kept_states(self._kept[1], progress)
            return
        kept: list[tuple[int, set[NodePath], dict[NodePath, Visual], dict[NodePath, EdgeLook]]] = []
        for state in self._states(set(wanted), progress):
            kept.append((state.step, state.changed, {path: state.nodes[path] for path in state.changed},
                         {path: state.edges[path] for path in state.changed if path}))
            yield state
        self._kept = (wanted, kept)

    def _kept_states(
        self, kept: list[tuple[int, set[NodePath], dict[NodePath, Visual], dict[NodePath, EdgeLook]]], progress: Callable[[int], Any] | None
    ) -> Iterator[StepState]:
        nodes: dict[NodePath, Visual] = {}
        edges: dict[NodePath, EdgeLook] = {}
        walked = 0
        for step, changed, node_looks, edge_looks in kept:
            nodes.update(node_looks)
            edges.update(edge_looks)
            walked = told(progress, walked, step)
            yield StepState(step, changed, nodes, edges)

    def _recorded_states(self, wanted: set[int], progress: Callable[[int], Any] | None) -> Iterator[StepState]:
        """The looks at ``wanted`` steps from the record: a node changed at a recorded step between two
        wanted ones takes its latest facts, and the current node of the wanted step."""
        assert self._record is not None
        facts: dict[NodePath, NodeFacts] = {}
        nodes: dict[NodePath, Visual] = {}
        edges: dict[NodePath, EdgeLook] = {}
        pending: set[NodePath] = set()
        walked = 0
        last = max(wanted, default=-1)
        for step, changed, step_facts, current in self._record.kept:
            if step > last:
                return
            facts.update(step_facts)
            pending |= changed
            if step not in wanted:
                continue
            changed, pending = pending, set()
            self._note_looks(changed, facts, current, nodes, edges)
            walked = told(progress, walked, step)
            yield StepState(step, changed, nodes, edges)

    def _states(self, wanted: set[int] | None, progress: Callable[[int], Any] | None) -> Iterator[StepState]:
        nodes: dict[NodePath, Visual] = {}
        edges: dict[NodePath, EdgeLook] = {}
        last = max(wanted, default=-1) if wanted is not None else None
        pending: set[NodePath] = set()
        start = Replayer(self.trace, tree=self.plan.tree)
        changes = StepChanges(self.plan)
        walk = ((replayer, *changes.note(replayer)) for replayer in start.steps())
        for replayer, changed, current in itertools.chain([(start, changes.everything(), None)], walk):
            step = replayer.step
            if progress is not None and step and step % PROGRESS_EVERY == 0:
                progress(PROGRESS_EVERY)
            if wanted is not None:
                if step > last:  # type: ignore[operator]
                    return
                pending |= changed
                if step not in wanted:
                    continue
                changed, pending = pending, set()
            self._note_looks(changed, {path: node_facts(replayer, path) for path in changed}, current, nodes, edges)
            yield StepState(step, changed, nodes, edges)

    def _note_looks(self, changed: set[NodePath], facts: dict[NodePath, NodeFacts], current: NodePath | None,
                    nodes: dict[NodePath, Visual], edges: dict[NodePath, EdgeLook]) -> None:
        for path in changed:
            nodes[path] = self.look(path, facts[path], current)
            if path:
                edges[path] = edge_look(facts[path])

    def first(self) -> tuple[dict[NodePath, Visual], dict[NodePath, EdgeLook]]:
        """The looks at step 0."""
        state = next(self.states())
        return dict(state.nodes), dict(state.edges)

    def look(self, path: NodePath, facts: NodeFacts, current: NodePath | None) -> Visual:
        """The look of the node at ``path`` with these facts (:func:`~tracer.render.step_walk.node_facts`)."""
        status, quiescence, value, v, valued, backed, (alpha, beta), order_number, _ = facts
        node = self.plan.tree.node(path)
        classes = ["tn", node.type, status]
        if path in self.plan.collapsed:
            classes.append("collapsed")
        if status == "pruned" and self.hide_pruned:
            classes.append("novalue")
        if path == current:
            classes.append("current")
        if quiescence:
            classes.append("quiescence")
        val = win = order = ""
        part = self.layout.anatomies[path]
        box = part.shape == "box"  # a leaf's value is printed in its box
        if status == "done" and not box:
            val = bounded(*value)
        elif status == "active":
            if not box and v is not None:
                if valued:
                    val = number(v)
                elif backed:
                    val = partial_value(node.type, v)
            if alpha is not None and part.win is not None:
                win = self._windows[alpha, beta]
        if self.order_numbers and order_number is not None and part.order is not None:
            order = order_text(order_number)
        return tuple(classes), (val, win, "", order)


def table_twins(trace: Trace | None, end: Replayer | None = None) -> dict[NodePath, NodePath]:
    """Each node a symmetric transposition table answered, and the twin whose entry answered it ({} without ``--tt symmetry``);
    ``end``: the trace replayed to its end, when the caller has it."""
    if trace is None or not trace.settings.symmetric_table:
        return {}
    stories = (end if end is not None else Replayer(trace).run()).stories
    return {path: story.table_twin[0] for path, story in stories.items() if story.table_twin is not None}


def final_texts(
    key: AnswerKey, plan: Plan, *, alphabeta: bool, twins: dict[NodePath, NodePath] | None = None
) -> Iterator[tuple[NodePath, str, str]]:
    """(path, value, alpha-beta's value where it differs) of each drawn node, for the final figure;
    a node answered by its symmetric twin's entry (``twins``) names the twin there: ``= K``."""
    twins = twins or {}
    for row in key.nodes or ():
        path = row.path
        if path not in plan.drawn:
            continue
        val = number(row.minimax_value) if row.minimax_value is not None else ""
        alt = ""
        differs = row.bound != "exact" or row.search_value != row.minimax_value
        if alphabeta and row.visited and row.search_value is not None and differs:
            alt = say("figure.final.alphabeta", "αβ: {value}", value=bounded(row.search_value, row.bound))
        elif path in twins:
            twin = plan.tree.node(twins[path])
            alt = say("figure.final.twin", "= {twin}", twin=twin.label or twin.path_text)
        yield path, val, alt


class WidestTexts:
    """The widest value/window text each drawn node will show (at any step, and in the final
    figure), and the nodes evaluated: what the layout reserves room for. Told each step of a
    walk (:meth:`note_step`), so that one walk can serve it and other readers, then the final
    texts (:meth:`note_final`)."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.widths: dict[NodePath, float] = {}
        self.evaluated: set[NodePath] = set()
        self._windows = _Windows()
        self._drawn = plan.drawn

    def _note(self, path: NodePath, text: str, size: float, bold: bool) -> None:
        width = text_width(text, size, bold)
        if width > self.widths.get(path, 0.0):
            self.widths[path] = width

    def note_step(self, replayer: Replayer) -> None:
        """The texts of the step ``replayer`` has just applied."""
        path, kind = replayer.node, replayer.kind
        if path is None or path not in self._drawn:
            return
        if kind in ("enter", "alpha", "beta"):
            alpha, beta = replayer.window[path]
            if alpha is not None:
                self._note(path, self._windows[alpha, beta], SIZES["window"], False)
        elif kind in ("backup", "chance_backup"):
            self._note(path, partial_value(self.plan.tree.node(path).type, replayer.v[path]), SIZES["value"], True)
        elif kind == "evaluate":
            self.evaluated.add(path)
            self._note(path, number(replayer.v[path]), SIZES["value"], True)
        elif kind in ("tt_hit", "quiesce"):
            self._note(path, number(replayer.v[path]), SIZES["value"], True)
        elif kind == "leave":
            self._note(path, bounded(*replayer.value[path]), SIZES["value"], True)

    def note_final(self, final: Iterable[tuple[NodePath, str, str]]) -> None:
        """The final figure's texts (:func:`final_texts`)."""
        for path, val, alt in final:
            self._note(path, val, SIZES["value"], True)
            if alt:
                self._note(path, alt, SIZES["window"], False)


def final_visuals(
    trace: Trace, key: AnswerKey, plan: Plan, layout: Layout, *, order_numbers: bool = False, pruned_values: str = "show",
    end: Replayer | None = None,
) -> tuple[dict[NodePath, Visual], dict[NodePath, EdgeLook]]:
    """The looks after the search: true values, alpha-beta's where they differ, the principal
    variation; pruned nodes' values grey (``pruned_values="show"``) or left out (``"hide"``).
    ``end``: the trace replayed to its end, when the caller has it."""
    hide = _hide_pruned(pruned_values)
    replayer = end if end is not None else Replayer(trace).run()
    line = set(key.principal_variation)
    line.add(())
    twins = {path: story.table_twin[0] for path, story in replayer.stories.items() if story.table_twin is not None}
    texts = {path: (val, alt) for path, val, alt in final_texts(key, plan, alphabeta=trace.algorithm == "alphabeta", twins=twins)}
    drawn = plan.drawn  # a whole game evaluates 255,000 nodes; the figure numbers the drawn ones
    order_of = {path: index + 1 for index, path in enumerate(key.evaluated or ()) if path in drawn}
    has_line = plan.tree.root.type in ("max", "min")
    nodes: dict[NodePath, Visual] = {}
    edges: dict[NodePath, EdgeLook] = {}
    for node in plan.nodes:
        path = node.path
        part = layout.anatomies[path]
        status = replayer.status_of(path)
        classes = ["tn", node.type, status]
        if path in plan.collapsed:
            classes.append("collapsed")
        if status == "pruned" and hide:
            classes.append("novalue")
        on_line = path in line and has_line
        if on_line:
            classes.append("pv")
        if path in replayer.quiescence:
            classes.append("quiescence")
        val, alt = texts.get(path, ("", ""))
        if part.shape == "box" or part.val is None:
            val = ""
        if part.win is None:
            alt = ""
        order = ""
        if order_numbers and path in order_of and part.order is not None:
            order = order_text(order_of[path])
        nodes[path] = (tuple(classes), (val, "", alt, order))
        if path:
            edge = edge_classes(replayer, path)
            edges[path] = edge + ("pv",) if on_line else edge
    return nodes, edges


PRUNED_VALUES = ("show", "hide")
"""What a figure does with a pruned node's value: show it (grey, not bold) or hide it."""


def _hide_pruned(pruned_values: str) -> bool:
    if pruned_values not in PRUNED_VALUES:
        raise ValueError(f"unknown pruned_values {pruned_values!r}: use show or hide")
    return pruned_values == "hide"


def plain_visuals(plan: Plan, static: dict[NodePath, str] | None = None) -> tuple[dict[NodePath, Visual], dict[NodePath, EdgeLook]]:
    """The looks of a bare tree: no search state; beside the nodes no texts, or the ``static`` values given."""
    static = static or {}
    nodes: dict[NodePath, Visual] = {node.path: (("tn", node.type, "plain"), (static.get(node.path, ""), "", "", "")) for node in plan.nodes}
    edges: dict[NodePath, EdgeLook] = {node.path: ("te", "plain") for node in plan.nodes if node.path}
    return nodes, edges
