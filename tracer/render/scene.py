"""What a figure draws and where: the plan, one layout, the canvas; positions never move.

A :class:`Scene` is made once per trace (or bare tree). It chooses the nodes to draw
(:mod:`~tracer.render.plan`), measures the texts each will ever show
(:func:`~tracer.render.visuals.widest_texts`), places every node with one layout
(:mod:`~tracer.render.layout`) and fixes the canvas: the header band above the tree
and, for frames, a caption band as tall as the longest caption needs. It then hands
out the primitives of each node, edge, header and caption at their places on that
canvas (cached: a frame reuses them), whatever step or figure is drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cached_property

from tracer.game.model import Node, NodePath, Tree
from tracer.render.anatomy import Anatomy, anatomy, node_primitives
from tracer.render.layout import Layout, compute_layout
from tracer.render.plan import MAX_NODES, Plan, entered_paths, plan_figure
from tracer.render.style import SIZES, text_width, wrap
from tracer.render.svg import Line, Primitive, Text
from tracer.render.visuals import final_texts, widest_texts
from tracer.trace.captions import captions as step_captions
from tracer.trace.key import AnswerKey, answer_key
from tracer.trace.model import Trace
from tracer.words import algorithm_name, number, say

__all__ = ["LABELS", "Scene", "probability_text"]

LABELS = ("letters", "paths", "none")


def _exact_fraction(p: float) -> Fraction | None:
    fraction = Fraction(p).limit_denominator(100)
    return fraction if fraction.denominator > 1 and abs(float(fraction) - p) < 1e-9 else None


def probability_text(p: float, siblings: Sequence[float] = ()) -> str:
    """A probability as a course writes it, alike for all children of a chance node:
    fractions where one needs them (1/3, 1/36) or all are halves and quarters (1/2, 3/4),
    decimals otherwise (0.5, 0.1, 0.4).

    >>> probability_text(1 / 36), probability_text(0.25, [0.25, 0.75]), probability_text(0.5, [0.5, 0.1, 0.4])
    ('1/36', '1/4', '0.5')
    >>> probability_text(0.5, [0.5, 1 / 6, 1 / 3])
    '1/2'
    """
    group = list(siblings) or [p]
    fractions = [_exact_fraction(q) for q in group]
    needs_fraction = any(f is not None and 100 % f.denominator for f in fractions)
    halves_and_quarters = all(f is not None and f.denominator in (2, 4) for f in fractions)
    fraction = _exact_fraction(p)
    if fraction is not None and (needs_fraction or halves_and_quarters):
        return f"{fraction.numerator}/{fraction.denominator}"
    return number(p)


class Scene:
    """A trace, or a bare tree, placed on its canvas once (see the module's documentation).

    ``labels`` is ``letters`` (the tree's labels), ``paths`` or ``none``; ``max_depth``
    drops deeper nodes; ``collapse`` (``auto``, True, False) draws a subtree the search
    never entered as its root; ``order_numbers`` reserves a line for the evaluation
    order under the nodes; ``caption_band`` False leaves out the band under the tree
    where frames print their captions (a web stepper prints them in HTML).
    """

    def __init__(
        self,
        source: Trace | Tree,
        *,
        labels: str = "letters",
        max_depth: int | None = None,
        collapse: bool | str = "auto",
        order_numbers: bool = False,
        max_nodes: int = MAX_NODES,
        caption_band: bool = True,
    ) -> None:
        if labels not in LABELS:
            raise ValueError(f"unknown labels {labels!r}: use " + ", ".join(LABELS))
        self.trace: Trace | None = source if isinstance(source, Trace) else None
        self.tree: Tree = source.tree if isinstance(source, Trace) else source
        self.labels = labels
        self.order_numbers = order_numbers
        self.caption_band = caption_band
        self.plan: Plan = plan_figure(
            self.tree,
            entered=entered_paths(self.trace) if self.trace is not None else None,
            max_depth=max_depth,
            collapse=collapse,
            max_nodes=max_nodes,
        )
        self.layout: Layout = self._lay_out()
        self._node_items: dict[tuple[NodePath, tuple[str, ...]], tuple[Primitive, ...]] = {}
        self._edge_items: dict[NodePath, tuple[Primitive, ...]] = {}
        self._place_canvas()

    # -- facts of the trace the scene needs -----------------------------------------------------
    @property
    def is_alphabeta(self) -> bool:
        return self.trace is not None and self.trace.algorithm == "alphabeta"

    @cached_property
    def key(self) -> AnswerKey:
        """The trace's answer key (true values, search values, principal variation)."""
        assert self.trace is not None
        return answer_key(self.trace, include_nodes=True)

    @cached_property
    def captions(self) -> list[str]:
        """The caption of every step (the narrator's, with the figure's labels)."""
        assert self.trace is not None
        return step_captions(self.trace, labels="letters" if self.labels == "letters" else "paths")

    # -- the layout ---------------------------------------------------------------------------
    def label_of(self, node: Node) -> str:
        if self.labels == "letters":
            return node.label
        if self.labels == "paths":
            return node.path_text or say("figure.label.root", "root")
        return ""

    def _board(self, node: Node) -> list[list[str]] | None:
        trace = self.trace
        if trace is None or not trace.is_game or node.state is None:
            return None
        try:
            board = trace.game.board(node.state)
        except (AttributeError, NotImplementedError, TypeError, ValueError):  # a game without boards
            return None
        return [[str(cell) for cell in row] for row in board] if board else None

    def edge_label(self, child: Node) -> str:
        """The text beside the edge into ``child``: its move, and its probability under a chance node."""
        text = child.move or ""
        if child.p is not None:
            siblings = [sibling.p for sibling in self.tree.node(child.path[:-1]).children if sibling.p is not None]
            text = f"{text} {probability_text(child.p, siblings)}".strip()
        return text

    def _lay_out(self) -> Layout:
        if self.trace is not None:
            final = final_texts(self.key, self.plan, alphabeta=self.is_alphabeta)
            widths, evaluated = widest_texts(self.trace, self.plan, final)
        else:
            widths, evaluated = {}, set()
        parts: list[tuple[NodePath, Anatomy]] = []
        edges: list[tuple[NodePath, NodePath]] = []
        edge_labels = False
        for node in self.plan.nodes:
            board = self._board(node)
            leaf_value = number(node.value) if node.type == "leaf" and node.value is not None and board is None else None
            if node.type == "leaf" and board is None and leaf_value is None:
                leaf_value = "?"
            right = widths.get(node.path, 0.0)
            if board is not None and node.type == "leaf" and self.trace is not None:
                right = max(right, text_width("−00", SIZES["value"], True))
            if node.type == "leaf" and board is None:
                right = 0.0  # a leaf's value is in its box
            part = anatomy(
                node.type,
                label=self.label_of(node),
                leaf_value=leaf_value,
                board=board,
                right_width=right,
                two_lines=self.is_alphabeta,
                order=self.order_numbers and (node.path in evaluated or (node.type == "leaf" and self.trace is not None)),
                more=node.path in self.plan.hidden,
            )
            parts.append((node.path, part))
            for child in self.plan.children(node):
                edges.append((node.path, child.path))
                if self.edge_label(child):
                    edge_labels = True
        return compute_layout(parts, edges, edge_labels=edge_labels)

    # -- the canvas -------------------------------------------------------------------------------
    def _place_canvas(self) -> None:
        s = SIZES
        margin = s["margin"]
        self.header_h = s["header"] + 10
        header_w = text_width(self.header_left(10**6, 10**6), s["header"]) + text_width(self.header_right(), s["header"]) + 30
        # edge labels are placed after the layout, and may reach past the nodes' rooms
        low, high = 0.0, self.layout.width
        for node in self.plan.nodes:
            if node.path:
                for item in self._edge_primitives(node.path, 0.0, 0.0):
                    if isinstance(item, Text):
                        width = text_width(item.text, item.size)
                        left = item.x - (width if item.anchor == "end" else width / 2 if item.anchor == "middle" else 0)
                        low, high = min(low, left), max(high, left + width)
        self.width = max(high - low + 2 * margin, 440.0, header_w + 2 * margin)
        self.tree_x = (self.width - (high - low)) / 2 - low
        self.tree_y = margin + self.header_h
        self.tree_bottom = self.tree_y + self.layout.height
        self.caption_line = s["caption"] * 1.3
        if self.trace is not None and self.caption_band:
            wrap_width = self.width - 2 * margin
            self.caption_lines = max(len(wrap(text, wrap_width, s["caption"])) for text in self.captions)
        else:
            self.caption_lines = 0
        self.height = self.tree_bottom + margin + self.caption_lines * self.caption_line + (margin if self.caption_lines else 0)

    def coordinates(self) -> dict[NodePath, tuple[float, float]]:
        """Each drawn node's shape centre on the canvas, in points (y downwards)."""
        return {path: (round(x + self.tree_x, 2), round(y + self.tree_y, 2)) for path, (x, y) in self.layout.centers.items()}

    # -- primitives at their places ---------------------------------------------------------------
    def node_items(self, path: NodePath, texts: tuple[str, str, str, str], *, slots: bool = False) -> tuple[Primitive, ...]:
        """The primitives of one node showing ``texts`` (val, win, alt, ord); with ``slots``,
        empty texts too (a stepper fills them later)."""
        cache_key = (path, texts + (("slots",) if slots else ()))
        cached = self._node_items.get(cache_key)
        if cached is not None:
            return cached
        x, y = self.layout.centers[path]
        hidden = self.plan.hidden.get(path)  # nodes left out below this one
        more = say("figure.more", "+{n}", n=f"{hidden:,}") if hidden is not None else ""
        result = node_primitives(self.layout.anatomies[path], x + self.tree_x, y + self.tree_y, texts, slots=slots, more=more)
        self._node_items[cache_key] = result
        return result

    def edge_items(self, child: NodePath) -> tuple[Primitive, ...]:
        """The primitives of the edge into ``child``: its line, a cut mark, its label."""
        cached = self._edge_items.get(child)
        if cached is None:
            cached = self._edge_items[child] = self._edge_primitives(child, self.tree_x, self.tree_y)
        return cached

    def _edge_primitives(self, child: NodePath, dx: float, dy: float) -> tuple[Primitive, ...]:
        """The edge into ``child`` with the tree's top left corner at (``dx``, ``dy``)."""
        parent = child[:-1]
        px, py = self.layout.centers[parent]
        cx, cy = self.layout.centers[child]
        px, py, cx, cy = px + dx, py + dy, cx + dx, cy + dy
        x1, y1 = px, py + self.layout.anatomies[parent].bottom_anchor
        x2, y2 = cx, cy + self.layout.anatomies[child].top_anchor
        items: list[Primitive] = [Line("line", x1, y1, x2, y2)]
        # a cut mark: two short strokes across the edge, half way down
        ex, ey = x2 - x1, y2 - y1
        length = (ex * ex + ey * ey) ** 0.5 or 1.0
        ux, uy = ex / length, ey / length  # along the edge
        nx, ny = -uy, ux  # across it
        mx, my = x1 + ex * 0.5, y1 + ey * 0.5
        half = 7.0
        for shift in (-2.5, 2.5):
            sx, sy = mx + ux * shift, my + uy * shift
            # slanted strokes read as a cut better than perpendicular ones
            ax, ay = nx * half + ux * 3, ny * half + uy * 3
            items.append(Line("cut", sx - ax, sy - ay, sx + ax, sy + ay))
        label = self.edge_label(self.tree.node(child))
        if label:
            t = 0.68
            lx, ly = x1 + ex * t, y1 + ey * t
            size = SIZES["move"]
            if abs(ex) < 1:
                items.append(Text("move", lx + 4, ly, label, size, "start"))
            elif ex > 0:
                items.append(Text("move", lx + 5, ly - 2, label, size, "start"))
            else:
                items.append(Text("move", lx - 5, ly - 2, label, size, "end"))
        return tuple(items)

    # -- the bands around the tree ------------------------------------------------------------------
    def header_left(self, step: int | None, total: int | None) -> str:
        if step is None:
            return say("figure.header.result", "Result")
        return say("figure.header.step", "Step {step} of {total}", step=step, total=total)

    def header_right(self) -> str:
        trace = self.trace
        if trace is None:
            return ""
        if trace.algorithm == "alphabeta":
            c = trace.conventions
            at_max, at_min = ("≥", "≤") if c.prune_on_equal else (">", "<")
            rule = say("figure.header.rule", "prunes when v {at_max} β (MAX), v {at_min} α (MIN)", at_max=at_max, at_min=at_min)
            fail = say("figure.header.soft", "fail-soft") if c.fail == "soft" else say("figure.header.hard", "fail-hard")
            text = f"{algorithm_name('alphabeta')} · {rule} · {fail}"
        else:
            text = algorithm_name(trace.algorithm)
        if trace.settings.depth is not None:
            text += " · " + say("figure.header.depth", "depth limit {depth}", depth=trace.settings.depth)
        return text

    def header_items(self, step: int | None, total: int | None) -> list[Primitive]:
        """The header band: the step (or "Result") on the left, the algorithm and its conventions on the right."""
        s = SIZES
        y = s["margin"] + s["header"] / 2
        items: list[Primitive] = [Text("header", s["margin"], y, self.header_left(step, total), s["header"], "start")]
        right = self.header_right()
        if right:
            items.append(Text("header", self.width - s["margin"], y, right, s["header"], "end"))
        return items

    def caption_items(self, text: str, top: float) -> list[Primitive]:
        """``text`` wrapped to the canvas's width, its first line at ``top``."""
        s = SIZES
        lines = wrap(text, self.width - 2 * s["margin"], s["caption"])
        return [
            Text("caption", s["margin"], top + s["caption"] * 0.75 + index * self.caption_line, line, s["caption"], "start")
            for index, line in enumerate(lines)
        ]

