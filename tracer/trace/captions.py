"""Captions: what happened at each step of a search, and why, in plain words.

:func:`captions` gives one sentence (or two) per step of a trace: ``captions(trace)[k]``
describes step k, the k-th event (``trace[k - 1]``), and ``captions(trace)[0]`` the state
before the search. :func:`caption` gives one step's. Figures print them under each
frame; the tutorial's stepper and the exercise keys reuse them, so they name nodes the
way the figure does and state each cutoff test as the trace's conventions wrote it
(``>=``/``<=`` when pruning on equality, ``>``/``<`` otherwise):

>>> import tracer
>>> trace = tracer.alphabeta("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]")
>>> caption(trace, 24)
'C: v = 2 <= alpha = 3, so MAX will never choose C; its other children (I, J) are pruned.'
>>> strict = tracer.alphabeta("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]", prune_on_equal=False)
>>> caption(strict, 24)
'C: v = 2 < alpha = 3, so MAX will never choose C; its other children (I, J) are pruned.'

Values are written as :func:`tracer.format_value` writes them, but for the infinities, which are ``+∞`` and ``-∞`` as in the figures.
Only the standard library is needed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tracer.errors import path_text
from tracer.game.model import Path, format_value
from tracer.trace.model import Trace
from tracer.words import plural

__all__ = ["caption", "captions", "node_namer"]

_KIND = {"max": "MAX", "min": "MIN", "chance": "chance", "leaf": "leaf"}
_ORDER_WORDS = {
    "eval": "best first by the evaluation function",
    "perfect": "best first by their true values (perfect ordering)",
    "worst": "worst first by their true values (worst ordering)",
    "random": "in a random order",
    "given": "in the given order",
}


def node_namer(trace: Trace, labels: str = "letters") -> Callable[[Path], str]:
    """How captions name a node: its label (``labels="letters"``) or its path (``"paths"``, ``"none"``)."""
    tree = trace.tree

    def by_label(path: Path) -> str:
        if path in tree:
            return tree.node(path).label
        return _by_path(path)

    def _by_path(path: Path) -> str:
        return f"node {path_text(path)}" if path else "the root"

    return by_label if labels == "letters" else _by_path


def captions(trace: Trace, labels: str = "letters") -> list[str]:
    """One caption per step: ``len(trace) + 1`` strings, step 0 (before the search) first."""
    writer = _Writer(trace, labels)
    out = [writer.start()]
    raws = trace.raw_events
    for index, raw in enumerate(raws):
        following = raws[index + 1] if index + 1 < len(raws) else None
        out.append(writer.write(raw, following))
    return out


def caption(trace: Trace, step: int, labels: str = "letters") -> str:
    """The caption of step ``step`` (0 = before the search; ``len(trace)`` = the last event).

    Reads the events up to ``step`` (a caption can depend on what came before, such as
    the v a backup improves on); use :func:`captions` for every step at once.
    """
    raws = trace.raw_events
    total = len(raws)
    if not 0 <= step <= total:
        raise IndexError(f"step {step} is outside 0..{total}")
    writer = _Writer(trace, labels)
    if step == 0:
        return writer.start()
    for index in range(step - 1):
        writer.write(raws[index], raws[index + 1])
    return writer.write(raws[step - 1], raws[step] if step < total else None)


def _v(value: float) -> str:
    """A value in a caption: 3, -2, 2.5, and the infinities as the figures draw them (+∞, -∞)."""
    text = format_value(value)
    return {"inf": "+∞", "-inf": "-∞"}.get(text, text)


def _list(names: list[str]) -> str:
    return ", ".join(names)


class _Writer:
    def __init__(self, trace: Trace, labels: str) -> None:
        self.trace = trace
        self.tree = trace.tree
        self.name = node_namer(trace, labels)
        self.conventions = trace.conventions
        self.algorithm = trace.algorithm
        self.v: dict[Path, float | None] = {}
        self.window: dict[Path, tuple[Any, Any]] = {}
        self.called_with: dict[Path, tuple[Any, Any]] = {}

    def kind(self, path: Path) -> str:
        return self.tree.node(path).type if path in self.tree else "leaf"

    def called(self, path: Path) -> str:
        """``C (MIN)``: a node's name and its kind."""
        return f"{self.name(path)} ({_KIND[self.kind(path)]})"

    # -- step 0 ---------------------------------------------------------------------------
    def start(self) -> str:
        root = self.tree.root
        what = {"minimax": "Minimax", "alphabeta": "Alpha-beta", "expectiminimax": "Expectiminimax"}[self.algorithm]
        text = f"Start: {what} searches the tree depth-first from the root {self.called(root.path)}"
        order = self.trace.settings.order
        text += ", children left to right." if order == "given" else f", children ordered {_ORDER_WORDS.get(order, order)}."
        if self.algorithm == "alphabeta":
            c = self.conventions
            ge, le = (">=", "<=") if c.prune_on_equal else (">", "<")
            text += f" A MAX node prunes when v {ge} beta, a MIN node when v {le} alpha."
        if self.trace.settings.depth is not None:
            text += f" Depth limit {self.trace.settings.depth}."
        return text

    # -- one event ------------------------------------------------------------------------
    def write(self, raw: tuple[Any, ...], following: tuple[Any, ...] | None) -> str:
        method: Callable[..., str] = getattr(self, "_" + raw[0])
        return method(raw, following)

    def _enter(self, raw: tuple[Any, ...], following: Any) -> str:
        _, path, _depth, alpha, beta = raw
        self.v[path] = None
        self.window[path] = self.called_with[path] = (alpha, beta)
        if alpha is None:
            return f"Visit {self.called(path)}."
        return f"Enter {self.called(path)} with [alpha, beta] = [{_v(alpha)}, {_v(beta)}]."

    def _evaluate(self, raw: tuple[Any, ...], following: Any) -> str:
        _, path, value, source = raw
        self.v[path] = value
        name = self.name(path)
        if source == "utility":
            if self.trace.is_game:
                return f"{name} is the end of the game: its utility is {_v(value)}."
            return f"{name} is a leaf: its value is {_v(value)}."
        if self.kind(path) == "leaf":
            if self.trace.is_game:
                return f"{name} is the end of the game: the evaluation function scores it {_v(value)}."
            return f"{name} is a leaf: its value is {_v(value)}."
        return f"The depth limit stops the search at {name}: the evaluation function scores it {_v(value)}."

    def _order(self, raw: tuple[Any, ...], following: Any) -> str:
        _, path, children, keys = raw
        order = self.trace.settings.order
        how = _ORDER_WORDS.get(order, order)
        if self.trace.settings.iterative:
            how = "by the values the previous iteration found, best first"
        names = [self.name(child) for child in children]
        # the values the order rests on, so a student can check it (not random draws)
        if keys and order != "random" and len(keys) == len(children) and all(isinstance(k, (int, float)) for k in keys):
            names = [f"{name} ({_v(key)})" for name, key in zip(names, keys)]
        return f"{self.name(path)} orders its children {how}: {_list(names)}."

    def _backup(self, raw: tuple[Any, ...], following: Any) -> str:
        _, path, child, child_value, v = raw
        before = self.v.get(path)
        self.v[path] = v
        kind = self.kind(path)
        who = _KIND[kind]
        name, child_name = self.name(path), self.name(child)
        if before is None:
            text = f"{name} ({who}): {child_name} returns {_v(child_value)}, so v = {_v(v)}."
        elif v != before:
            better = "higher" if kind == "max" else "lower"
            text = f"{name} ({who}): {child_name} returns {_v(child_value)}, {better} than v = {_v(before)}, so v = {_v(v)}."
        else:
            text = f"{name} ({who}): {child_name} returns {_v(child_value)}, no better for {who} than v = {_v(v)}; v stays {_v(v)}."
        if self.algorithm == "alphabeta" and not self.conventions.prune_on_equal and (following is None or following[0] != "cutoff"):
            alpha, beta = self.window.get(path, (None, None))
            if kind == "max" and beta is not None and v == beta and self._more_children(path):
                text += f" v = beta = {_v(beta)}, but this convention prunes only when v > beta: the search goes on."
            elif kind == "min" and alpha is not None and v == alpha and self._more_children(path):
                text += f" v = alpha = {_v(alpha)}, but this convention prunes only when v < alpha: the search goes on."
        return text

    def _more_children(self, path: Path) -> bool:
        return path in self.tree and len(self.tree.node(path).children) > 1

    def _chance_backup(self, raw: tuple[Any, ...], following: Any) -> str:
        _, path, child, probability, child_value, v = raw
        self.v[path] = v
        return (
            f"{self.name(path)} (chance): {self.name(child)} returns {_v(child_value)} with probability {_v(probability)}; "
            f"adding {_v(probability)} x {_v(child_value)} makes the weighted sum {_v(v)}."
        )

    def _alpha(self, raw: tuple[Any, ...], following: Any) -> str:
        _, path, old, new = raw
        self.window[path] = (new, self.window.get(path, (None, None))[1])
        return f"{self.name(path)}: alpha rises from {_v(old)} to {_v(new)}: MAX can already guarantee {_v(new)} on this path."

    def _beta(self, raw: tuple[Any, ...], following: Any) -> str:
        _, path, old, new = raw
        self.window[path] = (self.window.get(path, (None, None))[0], new)
        return f"{self.name(path)}: beta falls from {_v(old)} to {_v(new)}: MIN can already hold MAX to {_v(new)} on this path."

    def _cutoff(self, raw: tuple[Any, ...], following: Any) -> str:
        _, path, v, alpha, beta, pruned = raw
        name = self.name(path)
        strict = not self.conventions.prune_on_equal
        if self.kind(path) == "max":
            test = f"v = {_v(v)} {'>' if strict else '>='} beta = {_v(beta)}"
            why = f"so MIN will never let play reach {name}"
        else:
            test = f"v = {_v(v)} {'<' if strict else '<='} alpha = {_v(alpha)}"
            why = f"so MAX will never choose {name}"
        if pruned:
            rest = f"its other children ({_list([self.name(p) for p in pruned])}) are pruned"
        else:
            rest = "it has no other children left to prune"
        return f"{name}: {test}, {why}; {rest}."

    def _tt_hit(self, raw: tuple[Any, ...], following: Any) -> str:
        _, path, value, bound, _depth = raw
        self.v[path] = value
        what = {"exact": "exactly", "lower": "at least", "upper": "at most"}.get(bound, bound)
        return f"{self.name(path)}: the transposition table already holds this position, worth {what} {_v(value)}; it is not searched again."

    def _tt_store(self, raw: tuple[Any, ...], following: Any) -> str:
        _, path, value, bound, _depth = raw
        what = {"exact": "", "lower": "at least ", "upper": "at most "}.get(bound, "")
        return f"{self.name(path)}: its value ({what}{_v(value)}) is stored in the transposition table."

    def _leave(self, raw: tuple[Any, ...], following: Any) -> str:
        _, path, value, bound, best = raw
        name = self.name(path)
        clamp = ""
        v = self.v.get(path)
        if self.algorithm == "alphabeta" and self.conventions.fail == "hard" and v is not None and v != value:
            alpha, beta = self.called_with.get(path, (None, None))
            clamp = f" (fail-hard: v = {_v(v)} is clamped into [alpha, beta] = [{_v(alpha)}, {_v(beta)}])"
        if bound == "lower":
            note = f": a lower bound, as {name}'s true value is >= {_v(value)}"
        elif bound == "upper":
            note = f": an upper bound, as {name}'s true value is <= {_v(value)}"
        else:
            note = ""
        if not path:
            depth = self.trace.settings.depth
            seen = f"as far as a search {plural(depth, 'ply', 'plies')} deep can tell, " if depth is not None else ""
            text = f"{name} returns {_v(value)}{clamp}{note}; {seen}this is the value of the game"
            if best is not None and self.kind(path) in ("max", "min"):
                move = self.tree.node(best).move if best in self.tree else None
                text += f", and {_KIND[self.kind(path)]} moves to {self.name(best)}" + (f" ({move})" if move else "")
            return text + "."
        return f"{name} returns {_v(value)} to {self.name(path[:-1])}{clamp}{note}."

    def _iteration_start(self, raw: tuple[Any, ...], following: Any) -> str:
        self.v.clear()
        return f"Iterative deepening: a new search with depth limit {raw[1]} begins at the root."

    def _iteration_end(self, raw: tuple[Any, ...], following: Any) -> str:
        _, depth, value, best = raw
        text = f"The search to depth {depth} is done: value {_v(value)}"
        if best is not None:
            text += f", best move to {self.name(best)}"
        return text + "."
