"""The words of a figure's header band: the step on the left, the algorithm and its conventions on the right."""

from __future__ import annotations

from tracer.trace.model import Trace
from tracer.words import algorithm_name, fail_name, say

__all__ = ["header_left", "header_right"]


def header_left(step: int | None, total: int | None) -> str:
    """The header band's left side: the step, or "Result" on the final figure."""
    if step is None:
        return say("figure.header.result", "Result")
    return say("figure.header.step", "Step {step} of {total}", step=step, total=total)


def header_right(trace: Trace | None) -> str:
    """The algorithm and its conventions, as the header band's right side writes them."""
    if trace is None:
        return ""
    if trace.algorithm == "alphabeta":
        c = trace.conventions
        at_max, at_min = ("≥", "≤") if c.prune_on_equal else (">", "<")
        rule = say("figure.header.rule", "prunes when v {at_max} β (MAX), v {at_min} α (MIN)", at_max=at_max, at_min=at_min)
        text = f"{algorithm_name('alphabeta')} · {rule} · {fail_name(c.fail)}"
    else:
        text = algorithm_name(trace.algorithm)
    if trace.settings.depth is not None:
        text += " · " + say("figure.header.depth", "depth limit {depth}", depth=trace.settings.depth)
    return text
