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
from tracer.render.anatomy import Anatomy, anatomy, labels_fit_inside, node_primitives
from tracer.render.layout import Layout, compute_layout
from tracer.render.legend import step_legend
from tracer.render.plan import MAX_NODES, Plan, entered_paths, plan_figure
from tracer.render.slide import SlidePreset, Viewport
from tracer.render.style import SIZES, VALUE_ROLES, sizes, text_width
from tracer.render.style import wrap as wrap_lines
from tracer.render.svg import Group, Line, Primitive, Text
from tracer.render.visuals import final_texts, widest_texts
from tracer.trace.captions import captions as step_captions
from tracer.trace.key import AnswerKey, answer_key
from tracer.trace.model import Trace
from tracer.words import algorithm_name, number, say

__all__ = ["LABELS", "PIECES", "Scene", "probability_text"]

LABELS = ("letters", "paths", "none")

PIECES: dict[str, dict[str, str]] = {"hexapawn": {"W": "pawn-light", "B": "pawn-dark"}}
"""Board marks drawn as pieces, by game: Hexapawn's ``W`` and ``B`` are pawns (letters
beside node labels A, B, C would read as labels)."""


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
    None: only where a slide needs it, compact first, then wrapped, then both).

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
    ) -> None:
        if labels not in LABELS:
            raise ValueError(f"unknown labels {labels!r}: use " + ", ".join(LABELS))
        if not 0.25 <= font_scale <= 8:
            raise ValueError(f"font_scale must lie between 0.25 and 8, not {font_scale!r}")
        self.trace: Trace | None = source if isinstance(source, Trace) else None
        self.tree: Tree = source.tree if isinstance(source, Trace) else source
        self.labels = labels
        self.order_numbers = order_numbers
        self.captions_drawn = captions
        self.caption_band = caption_band and captions
        self.header = header
        self.legend = legend and self.trace is not None
        self.slide = slide
        self.plan: Plan = plan_figure(
            self.tree,
            entered=entered_paths(self.trace) if self.trace is not None else None,
            max_depth=max_depth,
            collapse=collapse,
            max_nodes=max_nodes,
            focus=focus,
        )
        self._measure()
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

    def more_text(self, path: NodePath) -> str:
        """What is written under a node whose descendants were left out (``… +17 more``), or ""."""
        hidden = self.plan.hidden.get(path)
        return say("figure.more", "… +{n} more", n=f"{hidden:,}") if hidden is not None else ""

    def _measure(self) -> None:
        """What the layout needs of the trace, at font scale 1 (widths grow with the fonts)."""
        if self.trace is not None:
            final = final_texts(self.key, self.plan, alphabeta=self.is_alphabeta)
            self._widths, self._evaluated = widest_texts(self.trace, self.plan, final)
        else:
            self._widths, self._evaluated = {}, set()
        self._boards = {node.path: self._board(node) for node in self.plan.nodes}
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
                two_lines=self.is_alphabeta,
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
        self._place_canvas()

    def _place_canvas(self) -> None:
        s = self.sizes
        margin = s["margin"]
        self.header_h = s["header"] + 10 if self.header else 0.0
        header_w = text_width(self.header_left(10**6, 10**6), s["header"]) + text_width(self.header_right(), s["header"]) + 30
        # edge labels are placed after the layout, and may reach past the nodes' rooms
        low, high = 0.0, self.layout.width
        for node in self.plan.nodes:
            if node.path and self.edge_label(node):
                for item in self._edge_primitives(node.path, 0.0, 0.0):
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
            self.caption_lines = max(len(wrap_lines(text, wrap_width, s["caption"])) for text in self.captions)
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
    def text_sizes(self) -> dict[str, float]:
        """The size of each text role this figure's frames and final figure can draw."""
        s = self.sizes
        out: dict[str, float] = {}
        boards = any(board is not None for board in self._boards.values())
        for node in self.plan.nodes:
            part = self.layout.anatomies[node.path]
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
        if boards and any(board and any(cell.strip() and cell.strip() not in (self._pieces or {}) for row in board for cell in row)
                          for board in self._boards.values()):
            out["mark"] = s["mark"]
        if any(self.edge_label(node) for node in self.plan.nodes if node.path):
            out["move"] = s["move"]
        if self.header:
            out["header"] = s["header"]
        if self.caption_lines:
            out["caption"] = s["caption"]
        if self.legend or self.trace is not None:  # the final figure always has its legend
            out["legend"] = s["legend"]
        return out

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
        sizes_now = self.text_sizes()
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
            cached = self._edge_items[child] = self._edge_primitives(child, self.tree_x, self.tree_y)
        return cached

    def _edge_primitives(self, child: NodePath, dx: float, dy: float) -> tuple[Primitive, ...]:
        """The edge into ``child`` with the tree's top left corner at (``dx``, ``dy``): its line
        (stopping short of both shapes, so that a MIN triangle over its children's edges
        does not read as an hourglass, nor a dashed pruned triangle with its edges as a
        cross), a cut mark half way down and the move, clear of the cut marks and the other edges of its fan."""
        parent = child[:-1]
        px, py = self.layout.centers[parent]
        cx, cy = self.layout.centers[child]
        px, py, cx, cy = px + dx, py + dy, cx + dx, cy + dy
        x1, y1 = px, py + self.layout.edge_start(parent)
        x2, y2 = cx, cy + self.layout.anatomies[child].top_anchor
        ex, ey = x2 - x1, y2 - y1
        length = (ex * ex + ey * ey) ** 0.5 or 1.0
        ux, uy = ex / length, ey / length  # along the edge
        gap = min(EDGE_GAP, length / 4)
        start_gap = 0.0 if parent in self.layout.stems else gap  # a stem's end joins its edges
        items: list[Primitive] = [Line("line", x1 + ux * start_gap, y1 + uy * start_gap, x2 - ux * gap, y2 - uy * gap)]
        # a cut mark: two short strokes across the edge, half way down
        cuts = _cut_strokes(x1, y1, x2, y2)
        items.extend(Line("cut", *stroke) for stroke in cuts)
        label = self.edge_label(self.tree.node(child))
        if label:
            size = self.sizes["move"]
            width = text_width(label, size)
            # the other edges of the fan, and every cut mark in it, a label must not sit on
            siblings = []
            cut_boxes = [_box_of(cuts)]
            for other in self.plan.children(self.tree.node(parent)):
                if other.path != child:
                    ox, oy = self.layout.centers[other.path]
                    end = (ox + dx, oy + dy + self.layout.anatomies[other.path].top_anchor)
                    siblings.append((x1, y1, *end))
                    cut_boxes.append(_box_of(_cut_strokes(x1, y1, *end)))
            # the first place along the edge clear of the cut marks and of the other edges of the fan;
            # where none is (a crowded fan), the one that clashes least (a cut mark counts double)
            best: tuple[int, Text] | None = None
            for t in LABEL_PLACES:
                candidate = _edge_label_at(label, x1 + ex * t, y1 + ey * t, ex, ey, size)
                box = _text_box(candidate, width)
                clashes = 2 * sum(_overlaps(box, cut_box, 2.0) for cut_box in cut_boxes) + sum(_crosses(box, segment) for segment in siblings)
                if best is None or clashes < best[0]:
                    best = (clashes, candidate)
                if not clashes:
                    break
            assert best is not None
            items.append(best[1])
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
        """The header band: the step (or "Result") on the left, the algorithm and its conventions
        on the right (nothing without a header)."""
        if not self.header:
            return []
        s = self.sizes
        y = s["margin"] + s["header"] / 2
        items: list[Primitive] = [Text("header", s["margin"], y, self.header_left(step, total), s["header"], "start")]
        right = self.header_right()
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


EDGE_GAP = 3.0
"""Points between an edge's ends and the shapes it joins."""
LABEL_PLACES = (0.68, 0.76, 0.84, 0.6, 0.52, 0.3)
"""Where a move may sit along its edge (0: the parent, 1: the child), in order of preference."""


def _cut_strokes(x1: float, y1: float, x2: float, y2: float) -> list[tuple[float, float, float, float]]:
    """The two strokes of the cut mark of the edge from (x1, y1) to (x2, y2): across it, half way down."""
    ex, ey = x2 - x1, y2 - y1
    length = (ex * ex + ey * ey) ** 0.5 or 1.0
    ux, uy = ex / length, ey / length  # along the edge
    nx, ny = -uy, ux  # across it
    mx, my = x1 + ex * 0.5, y1 + ey * 0.5
    half = 7.0
    strokes = []
    for shift in (-2.5, 2.5):
        sx, sy = mx + ux * shift, my + uy * shift
        # slanted strokes read as a cut better than perpendicular ones
        ax, ay = nx * half + ux * 3, ny * half + uy * 3
        strokes.append((sx - ax, sy - ay, sx + ax, sy + ay))
    return strokes


def _box_of(strokes: list[tuple[float, float, float, float]]) -> list[float]:
    xs = [x for a, _, b, _ in strokes for x in (a, b)]
    ys = [y for _, a, _, b in strokes for y in (a, b)]
    return [min(xs), min(ys), max(xs), max(ys)]


def _edge_label_at(label: str, lx: float, ly: float, ex: float, ey: float, size: float) -> Text:
    """A move's text beside the point (``lx``, ``ly``) of an edge going (``ex``, ``ey``): to
    the right of a vertical edge, else on the outer side, raised above a shallow edge so
    that the line never runs through the text."""
    if abs(ex) < 1:
        return Text("move", lx + 4, ly, label, size, "start")
    slope = abs(ey / ex)
    # the text's bottom stays 2 points above the line where the text begins, 5 points out
    cy = min(ly - 2, ly + 5 * slope - 2 - 0.55 * size)
    if ex > 0:
        return Text("move", lx + 5, cy, label, size, "start")
    return Text("move", lx - 5, cy, label, size, "end")


def _text_box(item: Text, width: float) -> list[float]:
    left = item.x - (width if item.anchor == "end" else width / 2 if item.anchor == "middle" else 0)
    return [left, item.cy - 0.5 * item.size, left + width, item.cy + 0.55 * item.size]


def _crosses(box: list[float], segment: tuple[float, float, float, float]) -> bool:
    """Whether a line segment passes through a box (clipped against it, Liang-Barsky)."""
    x1, y1, x2, y2 = segment
    dx, dy = x2 - x1, y2 - y1
    low, high = 0.0, 1.0
    for p, q in ((-dx, x1 - box[0]), (dx, box[2] - x1), (-dy, y1 - box[1]), (dy, box[3] - y1)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return False
    return True


def _overlaps(a: list[float], b: list[float], margin: float) -> bool:
    return a[0] < b[2] + margin and b[0] < a[2] + margin and a[1] < b[3] + margin and b[1] < a[3] + margin
