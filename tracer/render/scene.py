"""What a figure draws and where: the plan, one layout, the canvas; positions never move.

A :class:`Scene` is made once per trace (or bare tree). It chooses the nodes to draw
(:mod:`~tracer.render.plan`), measures the texts each will ever show
(:func:`~tracer.render.measure.walk_texts`: one walk that also writes the captions
and leaves the end state), places every node with one layout
(:mod:`~tracer.render.layout`) and fixes the canvas: the header band above the tree
and, for frames, a caption band as tall as the longest caption drawn needs. It then hands
out the primitives of each node, edge, header and caption at their places on that
canvas (cached: a frame reuses them), whatever step or figure is drawn.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from functools import cached_property

from tracer.game.model import Node, NodePath, Tree
from tracer.render.anatomy import Anatomy, anatomy, labels_fit_inside, node_primitives
from tracer.render.boards import PIECES, board_cells
from tracer.render.edges import Fan, edge_primitives
from tracer.render.header import header_left, header_right
from tracer.render.layout import Layout, compute_layout
from tracer.render.legend import step_legend
from tracer.render.measure import StepFollower, text_sizes, walk_texts
from tracer.render.plan import MAX_NODES, Plan, check_game_size, entered_paths, plan_figure
from tracer.render.slide import SlidePreset, Viewport
from tracer.render.style import SIZES, VALUE_ROLES, sizes, text_width
from tracer.render.style import wrap as wrap_lines
from tracer.render.svg import Group, Primitive, Text
from tracer.render.visuals import final_texts, table_twins
from tracer.trace.captions import captions as step_captions
from tracer.trace.key import AnswerKey, answer_key
from tracer.trace.model import Trace
from tracer.trace.replay import Replayer
from tracer.trace.top import TopOfGame, tree_for_figure
from tracer.words import count, number, probability, say

__all__ = ["LABELS", "NOISY_MARK", "Scene"]

LABELS = ("letters", "paths", "none")

NOISY_MARK = "*"  # beside a noisy move's edge in a bare tree drawn with noisy_marks (quiescence exercises)

class Scene:
    """A trace, or a bare tree, placed on its canvas once (see the module's documentation).

    ``labels`` is ``letters`` (the tree's labels), ``paths`` or ``none``; ``max_depth``
    drops deeper nodes; ``collapse`` (``auto``, True, False) draws a subtree the search
    never entered as its root; ``focus`` (a path) draws the path to that node and its
    subtree in full and elides the rest; ``order_numbers`` reserves a line for the
    evaluation order under the nodes; ``caption_band`` False leaves out the band under
    the tree where frames print their captions (a web stepper prints them in HTML);
    ``captions`` False prints no caption at all, in frames or in the final figure
    (``--no-caption``: they are in the manifest and the Beamer notes); ``header`` False
    leaves out the band above the tree; ``legend`` puts a one-line legend of the marks
    under the tree of every step frame; ``font_scale`` multiplies every text size;
    ``compact`` writes values and windows under the nodes rather than beside them, and
    ``wrap`` puts the leaves of a wide level on two staggered rows (narrower levels;
    None: only where a slide needs it, compact first, then wrapped, then both);
    ``caption_steps`` names the only steps whose captions are drawn (the caption band
    fits the longest of them; None: every step's).

    With a ``slide`` (:class:`~tracer.render.slide.SlidePreset`) the canvas takes the
    slide's aspect and its display size, and the texts grow (from ``font_scale`` up) until,
    with the figure filling the slide, no value is under the preset's 14 pt and no other
    text under 11 pt; where no size does that, ``slide_fits`` is False and the figure is
    drawn at ``font_scale`` (the caller names the options that make it fit).
    """

    def __init__(
        self,
        source: Trace | Tree,
        *,
        labels: str = "letters",
        max_depth: int | None = None,
        collapse: bool | str = "auto",
        focus: NodePath | None = None,
        order_numbers: bool = False,
        max_nodes: int = MAX_NODES,
        caption_band: bool = True,
        captions: bool = True,
        header: bool = True,
        legend: bool = False,
        font_scale: float = 1.0,
        slide: SlidePreset | None = None,
        compact: bool | None = None,
        wrap: bool | None = None,
        static_values: bool = False, noisy_marks: bool = False,
        caption_steps: Collection[int] | None = None, followers: Sequence[StepFollower] = (),
    ) -> None:
        if labels not in LABELS:
            raise ValueError(f"unknown labels {labels!r}: use " + ", ".join(LABELS))
        if not 0.25 <= font_scale <= 8:
            raise ValueError(f"font_scale must lie between 0.25 and 8, not {font_scale!r}")
        self.trace: Trace | None = source if isinstance(source, Trace) else None
        if isinstance(source, Trace) and focus is None and not source.tree_built:
            check_game_size(source, max_depth=max_depth, max_nodes=max_nodes)  # before a game's tree is built
        self.tree: Tree = tree_for_figure(source, max_depth, focus) if isinstance(source, Trace) else source
        self.static_values = static_values and self.trace is None
        self.noisy_marks = noisy_marks and self.trace is None
        self.labels = labels
        self.order_numbers = order_numbers
        self.captions_drawn = captions
        self.caption_band = caption_band and captions
        self.header = header
        self.legend = legend and self.trace is not None
        self.slide = slide
        self.caption_steps = None if caption_steps is None else sorted(set(caption_steps))
        self.plan: Plan = plan_figure(
            self.tree,
            entered=(self.tree.entered if isinstance(self.tree, TopOfGame) else entered_paths(self.trace)) if self.trace is not None else None,
            max_depth=max_depth,
            collapse=collapse,
            max_nodes=max_nodes,
            focus=focus,
        )
        self._measure(followers)
        self.slide_fits = True
        self.font_scale = font_scale
        self.compact = bool(compact)
        self.wrap = bool(wrap)
        self._arrange(font_scale)
        if slide is not None:
            modes = [(c, w) for w in ((False, True) if wrap is None else (wrap,)) for c in ((False, True) if compact is None else (compact,))]
            self._fit(slide, font_scale, modes)

    # -- facts of the trace the scene needs -----------------------------------------------------
    @property
    def is_alphabeta(self) -> bool:
        return self.trace is not None and self.trace.algorithm == "alphabeta"

    @cached_property
    def end(self) -> Replayer:
        """The search's end state, replayed once (the key, the final figure and the twins read it)."""
        assert self.trace is not None
        return Replayer(self.trace, tree=self.tree).run()

    @cached_property
    def twins(self) -> dict[NodePath, NodePath]:
        """Nodes a symmetric transposition table answered, and their twins (named beside them in the final figure)."""
        return table_twins(self.trace, self.end if self.trace is not None else None)

    @cached_property
    def key(self) -> AnswerKey:
        """The trace's answer key (true values, search values, principal variation), with rows of the drawn nodes."""
        assert self.trace is not None
        return answer_key(self.trace, include_nodes=True, only=self.plan.drawn, end=self.end, tree=self.tree)

    @cached_property
    def captions(self) -> Sequence[str]:
        """The caption of every step (the narrator's, with the figure's labels); with
        ``caption_steps``, of those steps only (the others are "")."""
        assert self.trace is not None
        return step_captions(self.trace, labels="letters" if self.labels == "letters" else "paths", steps=self.caption_steps)

    # -- the layout ---------------------------------------------------------------------------
    def label_of(self, node: Node) -> str:
        if self.labels == "letters":
            return node.label
        if self.labels == "paths":
            return node.path_text or say("figure.label.root", "root")
        return ""

    def static_text(self, path: NodePath) -> str:
        return number(node.value) if self.static_values and not (node := self.tree.node(path)).is_leaf and node.value is not None else ""

    def edge_label(self, child: Node) -> str:
        """The text beside the edge into ``child``: its move, and its probability under a chance node."""
        text = child.move or ""
        if self.noisy_marks and child.path[-1] in (self.tree.node(child.path[:-1]).noisy or ()):
            text = f"{text} {NOISY_MARK}".strip()  # a bare tree for quiescence exercises marks its noisy moves
        if child.p is not None:
            siblings = [sibling.p for sibling in self.tree.node(child.path[:-1]).children if sibling.p is not None]
            text = f"{text} {probability(child.p, siblings)}".strip()
        return text

    def more_text(self, path: NodePath) -> str:
        """What is written under a node whose descendants were left out (``… +17 more``), or ""."""
        hidden = self.plan.hidden.get(path)
        return say("figure.more", "… +{n} more", n=count(hidden)) if hidden is not None else ""

    def _measure(self, followers: Sequence[StepFollower]) -> None:
        """What the layout needs of the trace, at font scale 1 (widths grow with the fonts)."""
        if self.trace is not None:
            labels = "letters" if self.labels == "letters" else "paths"
            # one walk fills the cached properties captions and end as well, and tells the followers (a long trace is replayed once)
            texts, self.__dict__["captions"], self.__dict__["end"], self.step_record = walk_texts(
                self.trace, self.plan, labels, self.caption_steps, followers)
            texts.note_final(final_texts(self.key, self.plan, alphabeta=self.is_alphabeta, twins=self.twins))
            self._widths, self._evaluated = texts.widths, texts.evaluated
        else:  # a bare tree; with static_values, room beside each internal node for its static value
            widths = {node.path: text_width(self.static_text(node.path), SIZES["value"], True) for node in self.plan.nodes}
            self._widths, self._evaluated, self.step_record = (widths if self.static_values else {}), set(), None
        self._boards = {node.path: board_cells(self.trace, node) for node in self.plan.nodes}
        game = self.trace.game.name if self.trace is not None and self.trace.is_game else ""
        self._pieces = PIECES.get(game)
        self._label_inside = labels_fit_inside(
            (self.label_of(node), node.type) for node in self.plan.nodes if node.type != "leaf" and self._boards[node.path] is None
        )

    def _lay_out(self) -> Layout:
        sz = self.sizes
        scale = sz["value"] / SIZES["value"]
        parts: list[tuple[NodePath, Anatomy]] = []
        edges: list[tuple[NodePath, NodePath]] = []
        edge_labels = False
        for node in self.plan.nodes:
            board = self._boards[node.path]
            leaf_value = number(node.value) if node.type == "leaf" and node.value is not None and board is None else None
            if node.type == "leaf" and board is None and leaf_value is None:
                leaf_value = "?"
            right = self._widths.get(node.path, 0.0) * scale
            if board is not None and node.type == "leaf" and self.trace is not None:
                right = max(right, text_width("−00", sz["value"], True))
            if node.type == "leaf" and board is None:
                right = 0.0  # a leaf's value is in its box
            part = anatomy(
                node.type,
                label=self.label_of(node),
                leaf_value=leaf_value,
                board=board,
                right_width=right,
                two_lines=self.is_alphabeta or bool(self.twins),
                order=self.order_numbers and (node.path in self._evaluated or (node.type == "leaf" and self.trace is not None)),
                more=self.more_text(node.path),
                label_inside=self._label_inside,
                values_below=self.compact,
                has_children=bool(self.plan.children(node)),
                pieces=self._pieces,
                sizes=sz,
            )
            parts.append((node.path, part))
            for child in self.plan.children(node):
                edges.append((node.path, child.path))
                if self.edge_label(child):
                    edge_labels = True
        return compute_layout(parts, edges, edge_labels=edge_labels, stagger=self.wrap, sizes=sz)

    # -- the canvas -------------------------------------------------------------------------------
    def _arrange(self, font_scale: float) -> None:
        """Lay the tree out with texts ``font_scale`` times their size, and place the canvas."""
        self.sizes = sizes(font_scale)
        self.layout: Layout = self._lay_out()
        self._node_items: dict[tuple[NodePath, tuple[str, ...]], tuple[Primitive, ...]] = {}
        self._edge_items: dict[NodePath, tuple[Primitive, ...]] = {}
        self._fans: dict[tuple[NodePath, float, float], Fan] = {}  # each fan's shapes and cut marks, for all its edges
        self._place_canvas()

    def _place_canvas(self) -> None:
        s = self.sizes
        margin = s["margin"]
        self.header_h = s["header"] + 10 if self.header else 0.0
        header_w = text_width(header_left(10**6, 10**6), s["header"]) + text_width(header_right(self.trace), s["header"]) + 30
        # edge labels are placed after the layout, and may reach past the nodes' rooms
        low, high = 0.0, self.layout.width
        for node in self.plan.nodes:
            if node.path and self.edge_label(node):
                for item in edge_primitives(self, node.path, 0.0, 0.0):
                    if isinstance(item, Text):
                        width = text_width(item.text, item.size)
                        left = item.x - (width if item.anchor == "end" else width / 2 if item.anchor == "middle" else 0)
                        low, high = min(low, left), max(high, left + width)
        self.width = max(high - low + 2 * margin, 440.0, header_w + 2 * margin if self.header else 0.0)
        self.tree_y = margin + self.header_h
        self.tree_bottom = self.tree_y + self.layout.height
        self.caption_line = s["caption"] * 1.3
        self.legend_top = self.tree_bottom + margin
        self._legend_items: list[Group] = []
        self.legend_h = 0.0
        self.caption_lines = 0
        # on a slide the canvas widens to the slide's aspect when it is taller, and the
        # captions then wrap to the wider canvas (twice is enough: fewer lines, a wider canvas)
        for _ in range(3):
            self.tree_x = (self.width - (high - low)) / 2 - low
            self._place_bands()
            if self.slide is None or self.width / self.height >= self.slide.aspect - 1e-9:
                break
            self.width = self.height * self.slide.aspect
        # the tree's own extent on the canvas (nodes, their texts, the moves): what a storyboard's panel holds
        self.tree_left, self.tree_right = self.tree_x + low, self.tree_x + high

    def _place_bands(self) -> None:
        """The legend and caption bands under the tree, for the canvas's width."""
        s = self.sizes
        margin = s["margin"]
        if self.legend:
            self._legend_items, self.legend_h = step_legend(self, self.legend_top)
        self.caption_top = self.legend_top + self.legend_h
        if self.trace is not None and self.caption_band:
            wrap_width = self.width - 2 * margin
            shown = self.captions if self.caption_steps is None else [self.captions[step] for step in self.caption_steps]
            self.caption_lines = max((len(wrap_lines(text, wrap_width, s["caption"])) for text in shown), default=0)
        else:
            self.caption_lines = 0
        self.height = self.caption_top + self.caption_lines * self.caption_line + (margin if self.caption_lines else 0)

    def viewport(self, height: float | None = None) -> Viewport:
        """The viewBox and display size of a figure on this canvas, ``height`` tall (a frame's
        when None): the canvas itself, or, on a slide, the canvas padded to the slide's aspect
        (content centred) shown at the slide's size."""
        height = self.height if height is None else height
        if self.slide is None:
            return Viewport(0.0, 0.0, self.width, height, self.width, height)
        return self.slide.viewport(self.width, height)

    # -- fitting a slide ---------------------------------------------------------------------------
    def final_height(self) -> float:
        """The final figure's height on this canvas (it adds a legend and its own caption)."""
        # final.py draws on a Scene: imported here, where it is needed, to break the cycle
        from tracer.render.final import final_picture

        return final_picture(self)[0]

    def smallest_on_slide(self, slide: SlidePreset, *, final: bool = True) -> tuple[float, float]:
        """(the smallest value text, the smallest other text) in points with the figure
        filling ``slide``: a frame, or (``final``) the final figure (as wide, often taller),
        whichever is smaller."""
        heights = [self.height] + ([self.final_height()] if final and self.trace is not None else [])
        scale = min(slide.viewport(self.width, height).scale for height in heights)
        sizes_now = text_sizes(self)
        values = [size for role, size in sizes_now.items() if role in VALUE_ROLES]
        others = [size for role, size in sizes_now.items() if role not in VALUE_ROLES]
        return (min(values, default=1e9) * scale, min(others, default=1e9) * scale)

    def _fit(self, slide: SlidePreset, font_scale: float, modes: list[tuple[bool, bool]]) -> None:
        """Grow the texts from ``font_scale`` (to at most 3 times it), in each (compact, wrap)
        mode in turn, until the slide's minimum sizes are met; where nothing meets them,
        ``slide_fits`` is False and the figure is drawn at ``font_scale`` in the last mode tried."""
        for compact, wrapped in modes:
            self.compact, self.wrap = compact, wrapped
            scale = font_scale
            self._arrange(scale)
            for _ in range(14):
                value, other = self.smallest_on_slide(slide)
                if value >= slide.min_value_pt - 1e-6 and other >= slide.min_text_pt - 1e-6:
                    self.font_scale = scale
                    return
                need = max(slide.min_value_pt / value, slide.min_text_pt / other)
                scale = round(scale * max(1.05, min(need, 1.5)), 3)
                if scale > font_scale * 3:
                    break
                self._arrange(scale)
        self.slide_fits = False
        self.font_scale = font_scale
        self._arrange(font_scale)

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
        result = node_primitives(
            self.layout.anatomies[path], x + self.tree_x, y + self.tree_y, texts, slots=slots, more=self.more_text(path),
            stem_to=self.layout.stems.get(path),
        )
        self._node_items[cache_key] = result
        return result

    def edge_items(self, child: NodePath) -> tuple[Primitive, ...]:
        """The primitives of the edge into ``child``: its line, a cut mark, its label."""
        cached = self._edge_items.get(child)
        if cached is None:
            cached = self._edge_items[child] = edge_primitives(self, child, self.tree_x, self.tree_y, self._fans)
        return cached

    # -- the bands around the tree ------------------------------------------------------------------
    def header_items(self, step: int | None, total: int | None) -> list[Primitive]:
        """The header band: the step (or "Result") on the left, the algorithm and its conventions
        on the right (nothing without a header)."""
        if not self.header:
            return []
        s = self.sizes
        y = s["margin"] + s["header"] / 2
        items: list[Primitive] = [Text("header", s["margin"], y, header_left(step, total), s["header"], "start")]
        right = header_right(self.trace)
        if right:
            items.append(Text("header", self.width - s["margin"], y, right, s["header"], "end"))
        return items

    def caption_items(self, text: str, top: float) -> list[Primitive]:
        """``text`` wrapped to the canvas's width, its first line at ``top``."""
        s = self.sizes
        lines = wrap_lines(text, self.width - 2 * s["margin"], s["caption"])
        return [
            Text("caption", s["margin"], top + s["caption"] * 0.75 + index * self.caption_line, line, s["caption"], "start")
            for index, line in enumerate(lines)
        ]

    def legend_groups(self) -> list[Group]:
        """The step frames' legend (empty without ``legend``), under the tree."""
        return self._legend_items
