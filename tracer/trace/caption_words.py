"""The pieces the narrator's captions are made of: how a node is named, the caption before the
search, the words for a move order and for a board symmetry, and :class:`Told`, the captions of
the steps told. :mod:`tracer.trace.captions` tells the steps with them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import overload

from tracer.errors import path_text
from tracer.game.model import NodePath, Tree
from tracer.trace.model import Trace
from tracer.trace.replay import Replayer
from tracer.words import algorithm_name, node_kind, say

__all__ = ["Told", "node_namer", "order_words", "start_caption", "stood_pat", "symmetry_image"]


def node_namer(trace: Trace, labels: str = "letters", tree: Tree | None = None) -> Callable[[NodePath], str]:
    """How captions name a node: its label (``labels="letters"``) or its path (``"paths"``, ``"none"``);
    ``tree``: the trace's tree as the caller has it."""
    tree = tree if tree is not None else trace.tree

    def by_path(path: NodePath) -> str:
        return say("node.path", "node {path}", path=path_text(path)) if path else say("node.root", "the root")

    def by_label(path: NodePath) -> str:
        return tree.node(path).label if path in tree else by_path(path)

    return by_label if labels == "letters" else by_path


def start_caption(trace: Trace, labels: str = "letters", tree: Tree | None = None) -> str:
    """Step 0: what will be searched, how, and under which cutoff test."""
    root = (tree if tree is not None else trace.tree).root
    name = node_namer(trace, labels, tree)(root.path)
    settings = trace.settings
    what = algorithm_name(trace.algorithm, capital=True)
    kind = node_kind(root.type)
    if settings.order == "given":
        text = say(
            "caption.start", "Start: {algorithm} searches the tree depth-first from the root {root} ({kind}), children left to right.",
            algorithm=what, root=name, kind=kind,
        )
    else:
        text = say(
            "caption.start.ordered", "Start: {algorithm} searches the tree depth-first from the root {root} ({kind}), children ordered {how}.",
            algorithm=what, root=name, kind=kind, how=order_words(settings.order),
        )
    if trace.algorithm == "alphabeta":
        at_max, at_min = ("≥", "≤") if trace.conventions.prune_on_equal else (">", "<")
        text += " " + say(
            "caption.start.rule", "A MAX node prunes when v {at_max} β, a MIN node when v {at_min} α.", at_max=at_max, at_min=at_min,
        )
    if settings.depth is not None:
        text += " " + say("caption.start.depth", "Depth limit {depth}.", depth=settings.depth)
    if settings.quiescence:
        text += " " + say("caption.start.quiescence", "Past the depth limit, quiescence search follows the noisy moves of positions that are not quiet.")
    return text


def order_words(order: str) -> str:
    return {
        "eval": lambda: say("order.eval", "best first by the evaluation function"),
        "perfect": lambda: say("order.perfect", "best first by their true values (perfect ordering)"),
        "worst": lambda: say("order.worst", "worst first by their true values (worst ordering)"),
        "random": lambda: say("order.random", "in a random order"),
        "captures": lambda: say("order.captures", "captures first, the most valuable victim first, then the least valuable attacker (MVV-LVA)"),
        "given": lambda: say("order.given", "in the given order"),
    }[order]()


def stood_pat(replayer: Replayer, path: NodePath) -> bool:
    """Whether the node's cutoff came from its stand-pat value, before any noisy move was searched."""
    story = replayer.stories[path]
    return story.stand_pat is not None and not story.children


def symmetry_image(name: str) -> str:
    """A position's twin under a board symmetry, in words: ``its mirror image (left-right)``."""
    known = {
        "rotate 90° clockwise": lambda: say("symmetry.rotate90", "its image turned 90° clockwise"),
        "rotate 180°": lambda: say("symmetry.rotate180", "its image turned 180°"),
        "rotate 90° anticlockwise": lambda: say("symmetry.rotate270", "its image turned 90° anticlockwise"),
        "mirror left-right": lambda: say("symmetry.mirror.left-right", "its mirror image (left-right)"),
        "mirror top-bottom": lambda: say("symmetry.mirror.top-bottom", "its mirror image (top-bottom)"),
        "reflect in the top-left to bottom-right diagonal": lambda: say(
            "symmetry.diagonal", "its reflection in the top-left to bottom-right diagonal"),
        "reflect in the top-right to bottom-left diagonal": lambda: say(
            "symmetry.antidiagonal", "its reflection in the top-right to bottom-left diagonal"),
    }
    words = known.get(name)
    return words() if words is not None else say("symmetry.other", "its image under {symmetry}", symmetry=name)


class Told(Sequence[str]):
    """Every step's caption where only some are told: ``""`` for the others, which are not held
    (a list of a whole game's 1.9 million steps took 15 MB to hold 4,988 captions)."""

    def __init__(self, total: int) -> None:
        self._length = total + 1
        self._told: dict[int, str] = {}

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> list[str]: ...

    def __getitem__(self, index: int | slice) -> str | list[str]:
        if isinstance(index, slice):
            return [self[step] for step in range(*index.indices(self._length))]
        step = index + self._length if index < 0 else index
        if not 0 <= step < self._length:
            raise IndexError("step outside the trace")
        return self._told.get(step, "")

    def __setitem__(self, step: int, text: str) -> None:
        self._told[step] = text

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and len(other) == self._length and all(a == b for a, b in zip(self, other))

    __hash__ = None  # type: ignore[assignment]
