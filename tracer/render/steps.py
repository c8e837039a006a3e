"""Which steps of a search to draw: ``--steps`` as a Python function.

:func:`select_steps` ``(trace, spec)`` reads a specification and returns the steps, in
order (step 0 is the state before the search, step k the state after its k-th event;
None for ``final``: no step frames, only the final figure). A specification is one of

``all``
    every step, 0 to the last;
``final``
    no step frames (the final figure is always drawn);
``key``
    the steps a lecturer shows, as AIMA's Figure 5.5 builds Figure 5.2 (the rule is
    :func:`key_steps`'s);
``every:N``
    0, N, 2N, ... and, whatever N, every cutoff step and the last step (a cutoff is
    what a student most needs to see, and the last step is where the search ends);
``FROM-TO``, ``N``
    a range (inclusive, clipped to the trace) or one step;

or a comma-separated list of those (``0,24,45``, ``0-3,24,40-45``, ``0,key``), which
selects every step any of them selects.

>>> import tracer
>>> trace = tracer.alphabeta("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]")
>>> select_steps(trace, "key")
[7, 11, 18, 24, 32, 37, 42, 45]
>>> select_steps(trace, "every:20")
[0, 20, 24, 40, 42, 45]
>>> select_steps(trace, "0,24,40-42")
[0, 24, 40, 41, 42]
"""

from __future__ import annotations

import re

from tracer.errors import InputError
from tracer.game.model import NodePath
from tracer.search.events import kind_of
from tracer.trace.model import Trace
from tracer.trace.replay import Replayer
from tracer.words import say

__all__ = ["cutoff_steps", "every_that_fits", "key_steps", "select_steps", "spec_hint"]

# events that give a node its value without searching below it
_VALUE_KINDS = frozenset({"evaluate", "tt_hit"})
# events after which the search goes down again (or starts over)
_DESCENT_KINDS = frozenset({"enter", "iteration_start"})
# events that change what a figure shows beside a node still searching
_CHANGE_KINDS = frozenset({"alpha", "beta"})


def spec_hint() -> str:
    """What ``--steps`` accepts, in words."""
    return say(
        "render.steps.hint",
        "use all, final, key, every:N (e.g. every:5), FROM-TO (e.g. 10-20), one step number, or a list of those (e.g. 0,24,40-45)",
    )


def cutoff_steps(trace: Trace) -> list[int]:
    """The steps whose event is a cutoff (the cutoff test held there), in order: read from the
    events' kinds (no replay, and no game tree built: a game's trace of millions of steps
    chooses its ``every:N`` steps in a fraction of a second)."""
    return [step for step, raw in enumerate(trace.raw_events, start=1) if kind_of(raw) == "cutoff"]


def key_steps(trace: Trace) -> list[int]:
    """The steps a lecturer shows: one build per value the search computes.

    The rule. The search computes a value without searching further down at a leaf,
    at the depth limit or from the transposition table (a *value step*). Each value
    step starts a *round* that lasts until the search goes down again (its next
    ``enter``), or until the end: in a round the value is backed up, windows narrow,
    nodes return and cutoffs happen. A round is shown

    * at each of its cutoff steps (the caption states the cutoff test), and
    * at its last step, when the round has no cutoff, or when a value or a window
      still changes after its last cutoff (``alpha``, ``beta``, or a backup that
      changes v);

    and the last step of the search and the end of each iteration of iterative
    deepening are always shown. So each leaf's value appears once it has done all it
    will do, every cutoff is shown where it happens, and every value that reaches the
    root appears in the frame that ends its round.

    On AIMA's Figure 5.2 this gives 8 frames: Figure 5.5's (a) to (e) (B after E = 3,
    after F = 12, after G = 8 with the root ≥ 3, C's cutoff after H = 2, D after
    K = 14), D after L = 5, D's cutoff after M = 2, and the end, Figure 5.5 (f).
    """
    keys: set[int] = set()
    round_open = False
    cut_in_round = False
    changed_since_cut = False
    last_step = 0
    v_before: dict[NodePath, float | None] = {}

    def close_round(end: int) -> None:
        if round_open and (not cut_in_round or changed_since_cut):
            keys.add(end)

    for replayer in Replayer(trace).steps():
        kind, node, step = replayer.kind, replayer.node, replayer.step
        if kind in _DESCENT_KINDS or kind in _VALUE_KINDS:
            close_round(step - 1)
            round_open = False
        if kind in _VALUE_KINDS:
            round_open, cut_in_round, changed_since_cut = True, False, False
        elif kind == "cutoff":
            keys.add(step)
            cut_in_round, changed_since_cut = True, False
        elif kind in _CHANGE_KINDS:
            changed_since_cut = True
        elif kind in ("backup", "chance_backup") and node is not None:
            if replayer.v.get(node) != v_before.get(node):
                changed_since_cut = True
        elif kind == "iteration_end":
            keys.add(step)
        if node is not None:
            v_before[node] = replayer.v.get(node)
        last_step = step
    close_round(last_step)
    if last_step:
        keys.add(last_step)
    return sorted(keys)


def every_that_fits(trace: Trace, most: int) -> int | None:
    """The smallest N for which ``every:N`` selects at most ``most`` steps (cutoffs included),
    or None when the cutoff steps alone are more."""
    total = len(trace)
    cutoffs = cutoff_steps(trace)
    if len(set(cutoffs) | {0, total}) > most:
        return None
    every = max(1, -(-(total + 1) // most))
    while len(_every(trace, every, total, cutoffs)) > most:
        every += max(1, every // 10)
    return every


def _every(trace: Trace, every: int, total: int, cutoffs: list[int] | None = None) -> list[int]:
    steps = set(range(0, total + 1, every))
    steps.update(cutoff_steps(trace) if cutoffs is None else cutoffs)
    steps.add(total)
    return sorted(steps)


def _one(trace: Trace, item: str, text: str, total: int) -> list[int]:
    """The steps one item of a specification selects."""
    hint = spec_hint()
    if item == "all":
        return list(range(total + 1))
    if item == "key":
        return key_steps(trace)
    match = re.fullmatch(r"every:(\d+)", item)
    if match:
        every = int(match.group(1))
        if every < 1:
            raise InputError(say("render.steps.every", "--steps every:N needs N of 1 or more"), hint=hint)
        return _every(trace, every, total)
    match = re.fullmatch(r"(\d+)\s*-\s*(\d+)", item)
    if match:
        first, last = int(match.group(1)), int(match.group(2))
        if first > last:
            raise InputError(say("render.steps.backwards", "--steps {spec}: the first step is after the last", spec=text), hint=hint)
        if first > total:
            raise InputError(say("render.steps.outside", "--steps {spec}: the trace has only steps 0 to {total}", spec=text, total=total),
                             hint=hint)
        return list(range(first, min(last, total) + 1))
    if re.fullmatch(r"\d+", item):
        step = int(item)
        if step > total:
            raise InputError(say("render.steps.outside", "--steps {spec}: the trace has only steps 0 to {total}", spec=text, total=total),
                             hint=hint)
        return [step]
    raise InputError(say("render.steps.unknown", "--steps {spec} is not understood", spec=repr(text)), hint=hint)


def select_steps(trace: Trace, spec: str) -> list[int] | None:
    """The steps ``spec`` selects, in order; None for ``final`` (see the module's documentation)."""
    text = spec.strip().lower()
    total = len(trace)
    if text == "final":
        return None
    items = [item.strip() for item in text.split(",")]
    if len(items) > 1 and ("final" in items or "" in items):
        raise InputError(say("render.steps.unknown", "--steps {spec} is not understood", spec=repr(spec)), hint=spec_hint())
    chosen: set[int] = set()
    for item in items:
        chosen.update(_one(trace, item, spec, total))
    return sorted(chosen)
