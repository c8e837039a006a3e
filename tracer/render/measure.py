"""Measuring a figure's texts: what each node will ever show, and the sizes drawn.

:func:`walk_texts` walks a trace once for a scene: the widest text each drawn node shows
at any step (the layout reserves room for it), the captions of the steps shown, the
search's end state (the key and the final figure read it) and the facts of the looks at
the steps shown (the frames and the player read them), so a long trace is replayed
once, not once per reader. :func:`text_sizes` gives the sizes of text a figure draws,
role by role (values, windows, labels, captions, ...); a slide preset checks these
against its minimums once the figure is scaled to the slide
(:meth:`~tracer.render.scene.Scene.smallest_on_slide`).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any, Protocol

from tracer.render.plan import Plan
from tracer.render.step_walk import StepRecord
from tracer.render.visuals import WidestTexts
from tracer.trace.captions import StepCaptions
from tracer.trace.drawn_replay import DrawnReplayer
from tracer.trace.model import Trace
from tracer.trace.replay import Replayer

__all__ = ["StepFollower", "text_sizes", "walk_texts"]


class StepFollower(Protocol):
    """What else a figure's walk over a trace tells of each step (after its event is applied)."""

    def note_step(self, replayer: Replayer) -> None: ...


def walk_texts(
    trace: Trace, plan: Plan, labels: str, caption_steps: Collection[int] | None, followers: Sequence[StepFollower] = (),
) -> tuple[WidestTexts, Sequence[str], DrawnReplayer, StepRecord | None]:
    """One walk over ``trace``: the texts each drawn node shows at any step (the final
    figure's are added by the caller, from the key), the captions of ``caption_steps``
    (every step's when None; ``labels``: ``letters`` or ``paths``), the end state, and the
    facts of the drawn nodes' looks at ``caption_steps`` (None when every step is shown:
    a walk of its own makes those, as they are needed). ``followers`` are told of each step too.

    The walk's :class:`~tracer.trace.drawn_replay.DrawnReplayer` forgets the nodes not drawn
    once their parents return, and between two steps shown passes over the undrawn subtrees
    that return before the next one (without followers, which are told every step): the top
    of a whole game is drawn in memory for its drawn nodes, applying one event in ten."""
    texts = WidestTexts(plan)
    told = StepCaptions(trace, labels, caption_steps, plan.tree)
    replayer = DrawnReplayer(trace, plan.drawn, tree=plan.tree)  # every reader here reads the step's node, the call stack or a drawn node
    record = None if caption_steps is None else StepRecord(plan, caption_steps)
    if record is not None:
        record.start(replayer)
    # between the steps shown, a subtree of nodes not drawn changes no drawn node and no caption: passed over
    passing = caption_steps is not None and not followers
    shown = sorted(caption_steps) if caption_steps is not None else []
    ahead = 0
    for _ in replayer.steps():
        texts.note_step(replayer)
        told.note_step(replayer)
        if record is not None:
            record.note_step(replayer)
        for follower in followers:
            follower.note_step(replayer)
        if passing and replayer.kind == "enter":
            while ahead < len(shown) and shown[ahead] <= replayer.step:
                ahead += 1
            replayer.pass_over_subtree(shown[ahead] if ahead < len(shown) else len(trace) + 1)
    return texts, told.captions, replayer, record


def text_sizes(scene: Any) -> dict[str, float]:
    """The size of each text role this figure's frames and final figure can draw."""
    s = scene.sizes
    out: dict[str, float] = {}
    boards = any(board is not None for board in scene._boards.values())
    for node in scene.plan.nodes:
        part = scene.layout.anatomies[node.path]
        if part.label_slot is not None and part.label:
            out["lab"] = min(out.get("lab", 1e9), part.label_slot.size)
        if part.leaf_value is not None:
            out["leafval"] = part.value_size
        if part.val is not None:
            out["val"] = part.val.size
        if part.win is not None:
            out["win"] = part.win.size
        if part.order is not None:
            out["ord"] = part.order.size
        if part.more is not None:
            out["more"] = part.more.size
    if boards and any(board and any(cell.strip() and cell.strip() not in (scene._pieces or {}) for row in board for cell in row)
                      for board in scene._boards.values()):
        out["mark"] = s["mark"]
    if any(scene.edge_label(node) for node in scene.plan.nodes if node.path):
        out["move"] = s["move"]
    if scene.header:
        out["header"] = s["header"]
    if scene.caption_lines:
        out["caption"] = s["caption"]
    if scene.legend or scene.trace is not None:  # the final figure always has its legend
        out["legend"] = s["legend"]
    return out
