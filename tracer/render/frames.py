"""Frames: a trace drawn step by step, every frame from one layout.

:class:`Figure` prepares a trace (or a bare tree) once: it chooses what to draw
(:mod:`~tracer.render.plan`), places every node with one layout
(:mod:`~tracer.render.layout`), and fixes the canvas (the caption band is as tall as
the longest caption needs). Each frame is then written from that layout and the state
of the search at its step, walking the trace with one :class:`~tracer.trace.Replayer`;
each node's SVG is cached by its look, so a frame costs little more than joining
strings, and no node ever moves.

Public functions (all take a :class:`~tracer.trace.Trace`, and the options of
:class:`Figure`: ``theme``, ``labels``, ``max_depth``, ``collapse``, ``order_numbers``,
``prefix``):

* :func:`frame_svgs` -> every frame (or the chosen steps) as SVG text;
* :func:`final_svg` -> the summary figure: true values, alpha-beta's where they differ,
  pruned branches, the principal variation in bold, a legend;
* :func:`tree_svg` (a :class:`~tracer.game.Tree`) -> the bare tree with labels and leaf
  values, for an exercise sheet;
* :func:`base_svg` and :func:`paints` -> for a stepper in a web page (below);
* :func:`stepper_css` -> the style sheet that gives a stepper's classes their look.

For a stepper: one SVG, then per-step changes
-----------------------------------------------
:func:`base_svg` is the tree at step 0 with every element a step can show (hidden ones
carry ``display="none"``, empty texts are empty). Ids are stable and prefixed by the
figure's ``prefix`` (``P`` below), so many figures can share a page:

* ``P-n`` is the root's group, ``P-n-1-0`` the group of the node at path ``1.0``;
  its class is ``tn <type> <status> [current] [collapsed] [pv]`` with type ``max``,
  ``min``, ``chance`` or ``leaf`` and status ``unvisited``, ``active`` (on the call
  stack), ``done`` or ``pruned``; its texts are ``P-n-1-0-val`` (v or the value with
  its bound), ``P-n-1-0-win`` ([alpha, beta]) and ``P-n-1-0-ord`` (evaluation order);
* ``P-e-1-0`` is the group of the edge into node ``1.0``: class ``te <status of the
  child> [cutroot]`` (``cutroot``: a cut mark, the child was pruned here).

:func:`paints` returns one dictionary per step; ``paints(...)[0]`` holds the state of
every drawn node at step 0, and each later one only what changed at its step, so the
whole payload grows with nodes + steps, not nodes x steps::

    {"step": 24,
     "caption": "C: v = 2 <= alpha = 3, so MAX will never choose C; ...",
     "nodes": {"1": {"class": "tn min active current", "val": "≤ 2", "win": "[3, +∞]", "ord": ""},
               "1.1": {"class": "tn leaf pruned", "val": "", "win": "", "ord": ""}},
     "edges": {"1.1": "te pruned cutroot"}}

Node keys are paths as users write them (``""`` for the root). To show step k, apply
paints 0..k in order: set each node group's ``class`` and its texts' ``textContent``,
and each edge group's ``class``; :func:`stepper_css` makes the classes look as the
frame files do. ``tracer.render.html_player`` is a complete example.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from fractions import Fraction
from typing import Any

from tracer.errors import path_text
from tracer.game.model import Node, Path, Tree
from tracer.render.anatomy import Anatomy, anatomy
from tracer.render.layout import Layout, compute_layout
from tracer.render.plan import MAX_NODES, Plan, entered_paths, plan_figure
from tracer.render.style import FONT_FAMILY, SIZES, stylesheet, text_width, wrap
from tracer.render.style import (
    theme as get_theme,
)
from tracer.render.svg import Group, Line, Primitive, Shape, Text, escape, fmt, group_svg
from tracer.trace.key import AnswerKey, answer_key
from tracer.trace.model import Trace
from tracer.trace.replay import Replayer
from tracer.words import algorithm_name, bounded, conventions_summary, node_kind, number, say, say_n, window

__all__ = [
    "Figure",
    "base_svg",
    "final_svg",
    "frame_svgs",
    "paints",
    "stepper_css",
    "tree_svg",
]

LABELS = ("letters", "paths", "none")
TEXT_SLOTS = ("val", "win", "alt", "ord")
Visual = tuple[tuple[str, ...], tuple[str, str, str, str]]  # classes, (val, win, alt, ord)


def _node_id(path: Path) -> str:
    return "n" + "".join(f"-{index}" for index in path)


def _edge_id(path: Path) -> str:
    return "e" + "".join(f"-{index}" for index in path)


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


class Figure:
    """A trace, or a bare tree, prepared for drawing: what to draw, where, how it looks.

    ``theme`` is ``light`` or ``dark``; ``labels`` ``letters`` (the tree's labels),
    ``paths`` or ``none``; ``max_depth`` drops deeper nodes; ``collapse`` (``auto``,
    True, False) draws a subtree the search never entered as its root; ``order_numbers``
    writes the evaluation order under the leaves; ``prefix`` starts every SVG id
    (derived from the figure when None); ``caption_band`` False leaves out the band
    under the tree where frames print their captions (a web stepper prints them in HTML).
    """

    def __init__(
        self,
        source: Trace | Tree,
        *,
        theme: str = "light",
        labels: str = "letters",
        max_depth: int | None = None,
        collapse: bool | str = "auto",
        order_numbers: bool = False,
        prefix: str | None = None,
        max_nodes: int = MAX_NODES,
        caption_band: bool = True,
    ) -> None:
        if labels not in LABELS:
            raise ValueError(f"unknown labels {labels!r}: use " + ", ".join(LABELS))
        get_theme(theme)
        self.trace: Trace | None = source if isinstance(source, Trace) else None
        self.tree: Tree = source.tree if isinstance(source, Trace) else source
        self.theme = theme
        self.labels = labels
        self.order_numbers = order_numbers
        self.caption_band = caption_band
        trace = self.trace
        self.plan: Plan = plan_figure(
            self.tree,
            entered=entered_paths(trace) if trace is not None else None,
            max_depth=max_depth,
            collapse=collapse,
            max_nodes=max_nodes,
        )
        self._children: dict[Path, list[Path]] = {
            node.path: [child.path for child in self.plan.children(node)] for node in self.plan.nodes
        }
        self._key: AnswerKey | None = None
        self._captions: list[str] | None = None
        self._edge_items_cache: dict[Path, tuple[Primitive, ...]] = {}
        self.layout: Layout = self._lay_out()
        self.prefix = prefix if prefix is not None else f"tr{self.layout.digest()}"
        self._place_canvas()
        self._node_items: dict[tuple[Path, tuple[str, ...]], tuple[Primitive, ...]] = {}
        self._node_svg: dict[tuple[Path, Visual], str] = {}
        self._edge_svg: dict[tuple[Path, tuple[str, ...]], str] = {}

    # -- what each node shows ------------------------------------------------------------------
    def label_of(self, node: Node) -> str:
        if self.labels == "letters":
            return node.label
        if self.labels == "paths":
            return node.path_text or "root"
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

    def _leaf_box(self, path: Path) -> bool:
        return self.layout.anatomies[path].shape == "box"

    @property
    def is_alphabeta(self) -> bool:
        return self.trace is not None and self.trace.algorithm == "alphabeta"

    def key(self) -> AnswerKey:
        """The trace's answer key (true values, search values, principal variation), cached."""
        if self._key is None:
            assert self.trace is not None
            self._key = answer_key(self.trace, include_nodes=True)
        return self._key

    def captions(self) -> list[str]:
        if self._captions is None:
            from tracer.trace.captions import captions

            assert self.trace is not None
            self._captions = captions(self.trace, labels="letters" if self.labels == "letters" else "paths")
        return self._captions

    def _right_texts(self) -> tuple[dict[Path, float], set[Path]]:
        """The widest value/window text each drawn node will show, and the nodes evaluated."""
        widths: dict[Path, float] = {}
        evaluated: set[Path] = set()
        trace = self.trace
        if trace is None:
            return widths, evaluated
        drawn = self.plan.drawn
        value_size, window_size = SIZES["value"], SIZES["window"]

        def note(path: Path, text: str, size: float, bold: bool) -> None:
            width = text_width(text, size, bold)
            if width > widths.get(path, 0.0):
                widths[path] = width

        for replayer in Replayer(trace).steps():
            path, kind = replayer.node, replayer.kind
            if path is None or path not in drawn:
                continue
            if kind in ("enter", "alpha", "beta"):
                alpha, beta = replayer.window[path]
                if alpha is not None:
                    note(path, window(alpha, beta), window_size, False)
            elif kind == "backup":
                note(path, "≥ " + number(replayer.v[path]), value_size, True)
            elif kind == "chance_backup":
                note(path, "Σ " + number(replayer.v[path]), value_size, True)
            elif kind == "evaluate":
                evaluated.add(path)
                note(path, number(replayer.v[path]), value_size, True)
            elif kind == "tt_hit":
                note(path, number(replayer.v[path]), value_size, True)
            elif kind == "leave":
                note(path, bounded(*replayer.value[path]), value_size, True)
        for path, val, alt in self._final_texts():
            note(path, val, value_size, True)
            if alt:
                note(path, alt, window_size, False)
        return widths, evaluated

    def _final_texts(self) -> Iterator[tuple[Path, str, str]]:
        """(path, value, alpha-beta's value where it differs) of each drawn node, for the final figure."""
        if self.trace is None:
            return
        for row in self.key().nodes or ():
            path = row.path
            if path not in self.plan.drawn:
                continue
            val = number(row.minimax_value) if row.minimax_value is not None else ""
            alt = ""
            differs = row.bound != "exact" or row.search_value != row.minimax_value
            if self.is_alphabeta and row.visited and row.search_value is not None and differs:
                alt = "αβ: " + bounded(row.search_value, row.bound)
            yield path, val, alt

    # -- layout ---------------------------------------------------------------------------
    def _lay_out(self) -> Layout:
        widths, evaluated = self._right_texts()
        two_lines = self.is_alphabeta
        parts: list[tuple[Path, Anatomy]] = []
        edges: list[tuple[Path, Path]] = []
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
                two_lines=two_lines,
                order=self.order_numbers and (node.path in evaluated or (node.type == "leaf" and self.trace is not None)),
                more=node.path in self.plan.hidden,
            )
            parts.append((node.path, part))
            for child in self._children[node.path]:
                edges.append((node.path, child))
                if self._edge_label(self.tree.node(child)):
                    edge_labels = True
        return compute_layout(parts, edges, edge_labels=edge_labels)

    def _edge_label(self, child: Node) -> str:
        text = child.move or ""
        if child.p is not None:
            siblings = [sibling.p for sibling in self.tree.node(child.path[:-1]).children if sibling.p is not None]
            text = f"{text} {probability_text(child.p, siblings)}".strip()
        return text

    def _place_canvas(self) -> None:
        s = SIZES
        margin = s["margin"]
        self.header_h = s["header"] + 10
        header_w = text_width(self._header_left(10**6, 10**6), s["header"]) + text_width(self._header_right(), s["header"]) + 30
        # edge labels are placed after the layout, and may reach past the nodes' rooms
        self.tree_x = self.tree_y = 0.0
        low, high = 0.0, self.layout.width
        for node in self.plan.nodes:
            if node.path:
                for item in self.edge_items(node.path):
                    if isinstance(item, Text):
                        width = text_width(item.text, item.size)
                        left = item.x - (width if item.anchor == "end" else width / 2 if item.anchor == "middle" else 0)
                        low, high = min(low, left), max(high, left + width)
        self._edge_items_cache.clear()
        self.width = max(high - low + 2 * margin, 440.0, header_w + 2 * margin)
        self.tree_x = (self.width - (high - low)) / 2 - low
        self.tree_y = margin + self.header_h
        self.tree_bottom = self.tree_y + self.layout.height
        self.caption_line = s["caption"] * 1.3
        if self.trace is not None and self.caption_band:
            wrap_width = self.width - 2 * margin
            self.caption_lines = max(len(wrap(text, wrap_width, s["caption"])) for text in self.captions())
        else:
            self.caption_lines = 0
        self.height = self.tree_bottom + margin + self.caption_lines * self.caption_line + (margin if self.caption_lines else 0)

    def coordinates(self) -> dict[Path, tuple[float, float]]:
        """Each drawn node's shape centre on the canvas, in points (y downwards)."""
        return {path: (round(x + self.tree_x, 2), round(y + self.tree_y, 2)) for path, (x, y) in self.layout.centers.items()}

    # -- primitives -----------------------------------------------------------------------
    def _at(self, path: Path) -> tuple[float, float]:
        x, y = self.layout.centers[path]
        return x + self.tree_x, y + self.tree_y

    def node_items(self, path: Path, texts: tuple[str, str, str, str], *, slots: bool = False) -> tuple[Primitive, ...]:
        """The primitives of one node showing ``texts`` (val, win, alt, ord)."""
        cache_key = (path, texts + (("slots",) if slots else ()))
        cached = self._node_items.get(cache_key)
        if cached is not None:
            return cached
        part = self.layout.anatomies[path]
        x, y = self._at(path)
        shape_kind = "box" if part.shape == "board" else part.shape
        items: list[Primitive] = [
            Shape("halo", shape_kind, x, y, part.w, part.h),
            Shape("shape", shape_kind, x, y, part.w, part.h),
        ]
        if part.glyph is not None:
            gx, gy = part.glyph_at
            w, h = SIZES["glyph_w"], SIZES["glyph_h"]
            if part.glyph == "circle":
                w = h
            items.append(Shape("glyph", part.glyph, x + gx, y + gy, w, h))
        if part.board is not None:
            items.extend(self._board_items(part, x, y))
        if part.leaf_value is not None:
            items.append(Text("leafval", x, y, part.leaf_value, SIZES["leaf_value"], "middle", True))
        if part.label_slot is not None and part.label:
            slot = part.label_slot
            items.append(Text("lab", x + slot.dx, y + slot.dy, part.label, slot.size, slot.anchor, slot.bold))
        val, win, alt, order = texts
        if part.val is not None and (val or slots):
            items.append(Text("val", x + part.val.dx, y + part.val.dy, val, part.val.size, part.val.anchor, True))
        if part.win is not None and (win or slots):
            items.append(Text("win", x + part.win.dx, y + part.win.dy, win, part.win.size, part.win.anchor))
        if part.win is not None and alt:
            items.append(Text("alt", x + part.win.dx, y + part.win.dy, alt, part.win.size, part.win.anchor))
        if part.order is not None and (order or slots):
            items.append(Text("ord", x + part.order.dx, y + part.order.dy, order, part.order.size, part.order.anchor))
        if part.more is not None:
            hidden = self.plan.hidden.get(path, 0)
            items.append(Text("more", x + part.more.dx, y + part.more.dy, f"+{hidden:,}", part.more.size, part.more.anchor))
        result = tuple(items)
        self._node_items[cache_key] = result
        return result

    def _board_items(self, part: Anatomy, x: float, y: float) -> list[Primitive]:
        assert part.board is not None
        rows, cols = len(part.board), max(len(row) for row in part.board)
        left, top = x - part.w / 2, y - part.h / 2
        items: list[Primitive] = []
        for col in range(1, cols):
            items.append(Line("grid", left + col * part.cell_w, top + 2, left + col * part.cell_w, top + part.h - 2))
        for row in range(1, rows):
            items.append(Line("grid", left + 2, top + row * part.cell_h, left + part.w - 2, top + row * part.cell_h))
        for r, cells in enumerate(part.board):
            for c, cell in enumerate(cells):
                if cell.strip():
                    items.append(
                        Text("mark", left + (c + 0.5) * part.cell_w, top + (r + 0.5) * part.cell_h, cell.strip(), SIZES["mark"], "middle", True)
                    )
        return items

    def edge_items(self, child: Path) -> tuple[Primitive, ...]:
        cached = self._edge_items_cache.get(child)
        if cached is not None:
            return cached
        parent = child[:-1]
        px, py = self._at(parent)
        cx, cy = self._at(child)
        x1, y1 = px, py + self.layout.anatomies[parent].bottom_anchor
        x2, y2 = cx, cy + self.layout.anatomies[child].top_anchor
        items: list[Primitive] = [Line("line", x1, y1, x2, y2)]
        # a cut mark: two short strokes across the edge, half way down
        dx, dy = x2 - x1, y2 - y1
        length = (dx * dx + dy * dy) ** 0.5 or 1.0
        ux, uy = dx / length, dy / length  # along the edge
        nx, ny = -uy, ux  # across it
        mx, my = x1 + dx * 0.5, y1 + dy * 0.5
        half = 7.0
        for shift in (-2.5, 2.5):
            sx, sy = mx + ux * shift, my + uy * shift
            # slanted strokes read as a cut better than perpendicular ones
            ax, ay = nx * half + ux * 3, ny * half + uy * 3
            items.append(Line("cut", sx - ax, sy - ay, sx + ax, sy + ay))
        label = self._edge_label(self.tree.node(child))
        if label:
            t = 0.68
            lx, ly = x1 + dx * t, y1 + dy * t
            size = SIZES["move"]
            if abs(dx) < 1:
                items.append(Text("move", lx + 4, ly, label, size, "start"))
            elif dx > 0:
                items.append(Text("move", lx + 5, ly - 2, label, size, "start"))
            else:
                items.append(Text("move", lx - 5, ly - 2, label, size, "end"))
        result = tuple(items)
        self._edge_items_cache[child] = result
        return result

    # -- groups as SVG ------------------------------------------------------------------------
    def node_svg(self, path: Path, visual: Visual) -> str:
        key = (path, visual)
        cached = self._node_svg.get(key)
        if cached is None:
            classes, texts = visual
            cached = group_svg(Group(_node_id(path), classes, self.node_items(path, texts)), self.theme, self.prefix)
            self._node_svg[key] = cached
        return cached

    def edge_svg(self, child: Path, classes: tuple[str, ...]) -> str:
        key = (child, classes)
        cached = self._edge_svg.get(key)
        if cached is None:
            cached = group_svg(Group(_edge_id(child), classes, self.edge_items(child)), self.theme, self.prefix)
            self._edge_svg[key] = cached
        return cached

    # -- the frame around the tree --------------------------------------------------------------
    def _header_left(self, step: int | None, total: int | None) -> str:
        if step is None:
            return say("figure.header.result", "Result")
        return say("figure.header.step", "Step {step} of {total}", step=step, total=total)

    def _header_right(self) -> str:
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

    def _open(self, height: float, title: str) -> str:
        t = get_theme(self.theme)
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" id="{self.prefix}" class="tracer-figure" '
            f'width="{fmt(self.width)}pt" height="{fmt(height)}pt" viewBox="0 0 {fmt(self.width)} {fmt(height)}" '
            f'font-family="{escape(FONT_FAMILY)}">'
            f"<title>{escape(title)}</title>"
            f'<rect class="bg" x="0" y="0" width="{fmt(self.width)}" height="{fmt(height)}" fill="{t.background}" stroke="none"/>'
        )

    def _texts_group(self, gid: str, items: Sequence[Primitive]) -> str:
        return group_svg(Group(gid, ("fig",), tuple(items)), self.theme, self.prefix)

    def header_items(self, step: int | None, total: int | None) -> list[Primitive]:
        s = SIZES
        y = s["margin"] + s["header"] / 2
        items: list[Primitive] = [Text("header", s["margin"], y, self._header_left(step, total), s["header"], "start")]
        right = self._header_right()
        if right:
            items.append(Text("header", self.width - s["margin"], y, right, s["header"], "end"))
        return items

    def caption_items(self, text: str, top: float) -> list[Primitive]:
        s = SIZES
        lines = wrap(text, self.width - 2 * s["margin"], s["caption"])
        return [
            Text("caption", s["margin"], top + s["caption"] * 0.75 + index * self.caption_line, line, s["caption"], "start")
            for index, line in enumerate(lines)
        ]

    # -- walking the trace -------------------------------------------------------------------
    def _walk(self) -> Iterator[tuple[int, Replayer, set[Path], Path | None]]:
        """(step, replayer, drawn nodes whose look may have changed, current drawn node)."""
        assert self.trace is not None
        start = Replayer(self.trace)
        drawn = self.plan.drawn
        everything = set(drawn)
        yield 0, start, everything, None
        previous: Path | None = None
        shown = self.plan.shown
        for replayer in start.steps():
            kind, node = replayer.kind, replayer.node
            if kind == "iteration_start":
                changed = set(everything)
                current = None
            elif node is None:
                changed = set()
                current = None
            else:
                current = shown(node)
                changed = {current}
                if kind == "cutoff":
                    cut = replayer.stories[node].cutoff
                    for root in cut.pruned if cut is not None else ():
                        if root in drawn:
                            changed.update(self._drawn_subtree(root))
            if previous is not None:
                changed.add(previous)
            previous = current
            yield replayer.step, replayer, changed, current

    def _drawn_subtree(self, root: Path) -> list[Path]:
        out, stack = [], [root]
        while stack:
            path = stack.pop()
            out.append(path)
            stack.extend(self._children[path])
        return out

    def _visual(self, replayer: Replayer, path: Path, current: Path | None) -> Visual:
        node = self.tree.node(path)
        status = replayer.status_of(path)
        classes = ["tn", node.type, status]
        if path in self.plan.collapsed:
            classes.append("collapsed")
        if path == current:
            classes.append("current")
        val = win = order = ""
        box = self._leaf_box(path)
        if status == "done" and not box:
            val = bounded(*replayer.value[path])
        elif status == "active":
            v = replayer.v.get(path)
            if not box and v is not None:
                if path in replayer.evaluated_as or path in replayer.table_hits:
                    val = number(v)
                elif path in replayer.backed:
                    sign = {"max": "≥ ", "min": "≤ ", "chance": "Σ "}.get(node.type, "")
                    val = sign + number(v)
            alpha, beta = replayer.window.get(path, (None, None))
            if alpha is not None and self.layout.anatomies[path].win is not None:
                win = window(alpha, beta)
        if self.order_numbers and path in replayer.evaluated_as and self.layout.anatomies[path].order is not None:
            order = f"#{replayer.evaluated_as[path]}"
        return tuple(classes), (val, win, "", order)

    def _edge_classes(self, replayer: Replayer, child: Path) -> tuple[str, ...]:
        status = replayer.status_of(child)
        if status == "pruned" and child in replayer.pruned_roots:
            return ("te", status, "cutroot")
        return ("te", status)

    def _states(self) -> Iterator[tuple[int, set[Path], dict[Path, Visual], dict[Path, tuple[str, ...]]]]:
        """Walk the trace: (step, changed nodes, every node's visual, every edge's classes)."""
        visuals: dict[Path, Visual] = {}
        edges: dict[Path, tuple[str, ...]] = {}
        for step, replayer, changed, current in self._walk():
            for path in changed:
                visuals[path] = self._visual(replayer, path, current)
                if path:
                    edges[path] = self._edge_classes(replayer, path)
            yield step, changed, visuals, edges

    # -- frames -------------------------------------------------------------------------------
    def _chosen(self, steps: Iterable[int] | None) -> Iterator[tuple[int, dict[Path, Visual], dict[Path, tuple[str, ...]]]]:
        """(step, visuals, edge classes) at each step of ``steps`` (all when None), in order."""
        trace = self.trace
        if trace is None:
            raise ValueError("a bare tree has no steps; use tree_svg")
        total = len(trace.raw_events)
        wanted = None if steps is None else sorted(set(steps))
        if wanted is not None and any(not 0 <= step <= total for step in wanted):
            raise ValueError(f"steps must lie in 0..{total}")
        last = total if wanted is None else (wanted[-1] if wanted else -1)
        want = None if wanted is None else set(wanted)
        for step, _changed, visuals, edges in self._states():
            if step > last:
                break
            if want is None or step in want:
                yield step, visuals, edges

    def frames(self, steps: Iterable[int] | None = None) -> Iterator[tuple[int, str]]:
        """(step, SVG) for each step in ``steps`` (all steps when None), in order.

        Keeps each node's and edge's SVG from one frame to the next and redraws only
        those the step changed: a frame costs about one string join.
        """
        assert self.trace is not None
        total = len(self.trace.raw_events)
        captions = self.captions()
        order = [node.path for node in self.plan.nodes]
        slot = {path: index for index, path in enumerate(order)}
        edge_order = [path for path in order if path]
        edge_slot = {path: index for index, path in enumerate(edge_order)}
        node_parts = [""] * len(order)
        edge_parts = [""] * len(edge_order)
        dirty: set[Path] = set()
        caption_top = self.tree_bottom + SIZES["margin"]
        wanted = None if steps is None else sorted(set(steps))
        if wanted is not None and any(not 0 <= step <= total for step in wanted):
            raise ValueError(f"steps must lie in 0..{total}")
        last = total if wanted is None else (wanted[-1] if wanted else -1)
        want = None if wanted is None else set(wanted)
        tree_open = f'<g id="{self.prefix}-tree">'
        for step, changed, visuals, edges in self._states():
            if step > last:
                break
            dirty |= changed
            if want is not None and step not in want:
                continue
            for path in dirty:
                node_parts[slot[path]] = self.node_svg(path, visuals[path])
                if path:
                    edge_parts[edge_slot[path]] = self.edge_svg(path, edges[path])
            dirty = set()
            yield step, "".join(
                (
                    self._open(self.height, captions[step]),
                    self._texts_group("head", self.header_items(step, total)),
                    tree_open,
                    "".join(edge_parts),
                    "".join(node_parts),
                    "</g>",
                    self._texts_group("caption", self.caption_items(captions[step], caption_top)),
                    "</svg>\n",
                )
            )

    def frame(self, step: int) -> str:
        """The SVG of one step."""
        for _, svg in self.frames([step]):
            return svg
        raise ValueError(f"no step {step}")

    def _tree_groups(self, visuals: dict[Path, Visual], edges: dict[Path, tuple[str, ...]], slots: bool = False) -> list[Group]:
        out: list[Group] = []
        for node in self.plan.nodes:
            if node.path:
                out.append(Group(_edge_id(node.path), edges[node.path], self.edge_items(node.path)))
        for node in self.plan.nodes:
            classes, texts = visuals[node.path]
            out.append(Group(_node_id(node.path), classes, self.node_items(node.path, texts, slots=slots)))
        return out

    def pictures(self, steps: Iterable[int] | None = None) -> Iterator[tuple[int, float, list[Group]]]:
        """(step, canvas height, every group in drawing order) of each frame: what exports draw."""
        assert self.trace is not None
        total = len(self.trace.raw_events)
        captions = self.captions()
        caption_top = self.tree_bottom + SIZES["margin"]
        for step, visuals, edges in self._chosen(steps):
            groups = [Group("head", ("fig",), tuple(self.header_items(step, total)))]
            groups += self._tree_groups(visuals, edges)
            groups.append(Group("caption", ("fig",), tuple(self.caption_items(captions[step], caption_top))))
            yield step, self.height, groups

    def final_picture(self) -> tuple[float, list[Group]]:
        """The final figure's canvas height and groups."""
        visuals, edges = self._final_visuals()
        return self._compose(visuals, edges, header=True, legend=True, caption=self.final_caption())

    # -- the final figure --------------------------------------------------------------------------
    def _final_visuals(self) -> tuple[dict[Path, Visual], dict[Path, tuple[str, ...]]]:
        assert self.trace is not None
        replayer = Replayer(self.trace).run()
        key = self.key()
        line = set(key.principal_variation)
        line.add(())
        texts = {path: (val, alt) for path, val, alt in self._final_texts()}
        order_of = {path: index + 1 for index, path in enumerate(key.evaluated or ())}
        visuals: dict[Path, Visual] = {}
        edges: dict[Path, tuple[str, ...]] = {}
        for node in self.plan.nodes:
            path = node.path
            status = replayer.status_of(path)
            classes = ["tn", node.type, status]
            if path in self.plan.collapsed:
                classes.append("collapsed")
            on_line = path in line and self.tree.root.type in ("max", "min")
            if on_line:
                classes.append("pv")
            val, alt = texts.get(path, ("", ""))
            if self._leaf_box(path) or self.layout.anatomies[path].val is None:
                val = ""
            if self.layout.anatomies[path].win is None:
                alt = ""
            order = ""
            if self.order_numbers and path in order_of and self.layout.anatomies[path].order is not None:
                order = f"#{order_of[path]}"
            visuals[path] = (tuple(classes), (val, "", alt, order))
            if path:
                edge = list(self._edge_classes(replayer, path))
                if on_line:
                    edge.append("pv")
                edges[path] = tuple(edge)
        return visuals, edges

    def final_caption(self) -> str:
        assert self.trace is not None
        key = self.key()
        trace = self.trace
        value = number(key.root_value)
        if trace.settings.depth is not None or trace.settings.iterative:
            text = say("figure.result.estimate", "Result: the search estimates the value of the game at {value}", value=value)
        else:
            text = say("figure.result", "Result: the value of the game is {value}", value=value)
        best = key.best_move
        if best is not None:
            who = node_kind(key.root_type)
            named = best.label if self.labels == "letters" else say("node.path", "node {path}", path=path_text(best.path))
            if best.move:
                text += say("figure.result.move.named", "; {player} moves to {child} ({move})", player=who, child=named, move=best.move)
            else:
                text += say("figure.result.move", "; {player} moves to {child}", player=who, child=named)
        stats = key.stats
        text += ". " + say("figure.result.visited", "{algorithm} visited {visited} of {nodes} nodes",
                           algorithm=algorithm_name(trace.algorithm, capital=True), visited=f"{stats['visited']:,}", nodes=f"{len(self.tree):,}")
        if trace.algorithm == "alphabeta":
            cutoffs = say_n("figure.result.cutoffs", "{n} cutoff", "{n} cutoffs", stats["cutoffs"], n=f"{stats['cutoffs']:,}")
            pruned = stats.get("pruned", 0)
            text += "; " + say_n("figure.result.pruned", "{cutoffs} pruned {n} subtree", "{cutoffs} pruned {n} subtrees", pruned,
                                 cutoffs=cutoffs, n=f"{pruned:,}")
        return text + "."

    def legend_items(self, top: float) -> tuple[list[Group], float]:
        """The legend's groups (samples and words) from ``top``; and its height."""
        s = SIZES
        size = s["legend"]
        x = s["margin"]
        y = top + 10
        groups: list[Group] = []
        words: list[Primitive] = []
        samples: list[tuple[str, str, tuple[str, ...]]] = [
            ("triangle", node_kind("max"), ("tn", "max", "done")), ("invtriangle", node_kind("min"), ("tn", "min", "done")),
        ]
        if self.tree.has_chance:
            samples.append(("circle", node_kind("chance"), ("tn", "chance", "done")))
        samples.append(("box", node_kind("leaf"), ("tn", "leaf", "done")))
        for index, (kind, word, classes) in enumerate(samples):
            groups.append(Group(f"legend-{index}", classes, (Shape("shape", kind, x + 8, y, 16 if kind != "circle" else 13, 13),)))
            words.append(Text("legend", x + 20, y, word, size, "start"))
            x += 26 + text_width(word, size) + 12
        edge_samples: list[tuple[str, tuple[str, ...], bool]] = []
        if self.is_alphabeta and self.key().stats.get("cutoffs", 0):
            edge_samples.append((say("figure.legend.pruned", "pruned"), ("te", "pruned", "cutroot"), True))
        if self.tree.root.type in ("max", "min"):
            edge_samples.append((say("figure.legend.pv", "principal variation"), ("te", "pv"), False))
        for index, (word, classes, cut) in enumerate(edge_samples):
            items: list[Primitive] = [Line("line", x, y, x + 30, y)]
            if cut:
                items += [Line("cut", x + 12, y + 7, x + 16, y - 7), Line("cut", x + 17, y + 7, x + 21, y - 7)]
            groups.append(Group(f"legend-e{index}", classes, tuple(items)))
            words.append(Text("legend", x + 36, y, word, size, "start"))
            x += 36 + text_width(word, size) + 14
        lines_y = y + size * 1.5
        notes: list[str] = []
        if self.is_alphabeta:
            assert self.trace is not None
            notes.append(say("figure.legend.alphabeta",
                             "Beside each node: its minimax value; “αβ:” what alpha-beta returned where that differs (≤, ≥: a bound)."))
            c = self.trace.conventions
            notes.append(say("figure.legend.conventions", "Conventions: {conventions}.", conventions=conventions_summary(c.prune_on_equal, c.fail)))
        elif self.trace is not None and self.trace.algorithm == "expectiminimax":
            notes.append(say("figure.legend.expectiminimax", "Beside each node: its expectiminimax value."))
        elif self.trace is not None:
            notes.append(say("figure.legend.minimax", "Beside each node: its minimax value."))
        for note in notes:
            for line in wrap(note, self.width - 2 * s["margin"], size):
                words.append(Text("note", s["margin"], lines_y, line, size, "start"))
                lines_y += size * 1.3
        groups.append(Group("legend-words", ("fig",), tuple(words)))
        return groups, lines_y - top

    def final(self) -> str:
        """The final figure as SVG."""
        visuals, edges = self._final_visuals()
        return self._static_svg(visuals, edges, header=True, legend=True, caption=self.final_caption())

    def _compose(
        self,
        visuals: dict[Path, Visual],
        edges: dict[Path, tuple[str, ...]],
        *,
        header: bool,
        legend: bool,
        caption: str | None,
        slots: bool = False,
    ) -> tuple[float, list[Group]]:
        """A figure without steps (final, bare tree, stepper base): its height and groups."""
        s = SIZES
        groups: list[Group] = []
        if header:
            groups.append(Group("head", ("fig",), tuple(self.header_items(None, None))))
        groups += self._tree_groups(visuals, edges, slots)
        y = self.tree_bottom + s["margin"]
        if legend:
            legend_groups, legend_height = self.legend_items(y)
            groups += legend_groups
            y += legend_height
        if caption:
            items = self.caption_items(caption, y)
            groups.append(Group("caption", ("fig",), tuple(items)))
            y += len(items) * self.caption_line + s["margin"]
        return max(y, self.tree_bottom + s["margin"]), groups

    def _static_svg(
        self,
        visuals: dict[Path, Visual],
        edges: dict[Path, tuple[str, ...]],
        *,
        header: bool,
        legend: bool,
        caption: str | None,
        slots: bool = False,
    ) -> str:
        height, groups = self._compose(visuals, edges, header=header, legend=legend, caption=caption, slots=slots)
        parts = [self._open(height, caption or "game tree")]
        in_tree = False
        for group in groups:
            tree_part = group.classes[0] in ("tn", "te") and not group.gid.startswith("legend")
            if tree_part and not in_tree:
                parts.append(f'<g id="{self.prefix}-tree">')
                in_tree = True
            elif not tree_part and in_tree:
                parts.append("</g>")
                in_tree = False
            parts.append(group_svg(group, self.theme, self.prefix, slots=slots))
        if in_tree:
            parts.append("</g>")
        parts.append("</svg>\n")
        return "".join(parts)

    # -- a bare tree, and the stepper's pieces ----------------------------------------------
    def plain(self, caption: str | None = None) -> str:
        """The tree with labels and leaf values and no search state."""
        visuals: dict[Path, Visual] = {node.path: (("tn", node.type, "plain"), ("", "", "", "")) for node in self.plan.nodes}
        edges: dict[Path, tuple[str, ...]] = {node.path: ("te", "plain") for node in self.plan.nodes if node.path}
        return self._static_svg(visuals, edges, header=False, legend=False, caption=caption)

    def base(self) -> str:
        """Step 0 with every slot a stepper may fill (see the module's documentation)."""
        visuals: dict[Path, Visual] = {}
        edges: dict[Path, tuple[str, ...]] = {}
        for _step, _changed, all_visuals, all_edges in self._states():
            visuals, edges = dict(all_visuals), dict(all_edges)
            break
        return self._static_svg(visuals, edges, header=False, legend=False, caption=None, slots=True)

    def paints(self, steps: Iterable[int] | None = None, progress: Callable[[int], Any] | None = None) -> list[dict[str, Any]]:
        """Per-step changes for a stepper (see the module's documentation).

        With ``steps``, one paint per chosen step, holding every change since the
        previous chosen step (the first: since the start), so a player of a long trace
        can show every 100th step without carrying the others. ``progress(n)`` is told
        of every 10,000 steps walked.
        """
        captions = self.captions()
        wanted = None if steps is None else set(steps)
        out: list[dict[str, Any]] = []
        pending: set[Path] = set()
        for step, changed, visuals, edges in self._states():
            if progress is not None and step and step % 10_000 == 0:
                progress(10_000)
            if wanted is not None:
                pending |= changed
                if step not in wanted:
                    continue
                changed, pending = pending, set()
            nodes: dict[str, dict[str, str]] = {}
            edge_paint: dict[str, str] = {}
            for path in sorted(changed):
                classes, texts = visuals[path]
                nodes[path_text(path)] = {
                    "class": " ".join(classes), "val": texts[0], "win": texts[1], "ord": texts[3],
                }
                if path:
                    edge_paint[path_text(path)] = " ".join(edges[path])
            out.append({"step": step, "caption": captions[step], "nodes": nodes, "edges": edge_paint})
        return out

    def stylesheet(self) -> str:
        return stylesheet(self.theme, self.prefix)


# -- module-level functions -----------------------------------------------------------------------
def _figure(source: Trace | Tree | Figure, options: dict[str, Any]) -> Figure:
    if isinstance(source, Figure):
        if options:
            raise TypeError("options go to Figure(...), not to a function given a Figure")
        return source
    return Figure(source, **options)


def frame_svgs(trace: Trace | Figure, steps: Iterable[int] | None = None, **options: Any) -> list[str]:
    """Every frame of ``trace`` (or the frames of ``steps``) as SVG documents."""
    return [svg for _, svg in _figure(trace, options).frames(steps)]


def final_svg(trace: Trace | Figure, *, theme: str = "light", labels: str = "letters", **options: Any) -> str:
    """The final figure of a search: values, pruned branches, principal variation, legend."""
    if isinstance(trace, Figure):
        return trace.final()
    return Figure(trace, theme=theme, labels=labels, **options).final()


def tree_svg(tree: Tree, *, theme: str = "light", labels: str = "letters", caption: str | None = None, **options: Any) -> str:
    """A bare tree (labels, leaf values, move labels), e.g. for an exercise sheet."""
    return Figure(tree, theme=theme, labels=labels, **options).plain(caption)


def base_svg(trace: Trace | Figure, **options: Any) -> str:
    """The stepper's one SVG of a trace (see the module's documentation)."""
    return _figure(trace, options).base()


def paints(trace: Trace | Figure, **options: Any) -> list[dict[str, Any]]:
    """The stepper's per-step changes (see the module's documentation)."""
    return _figure(trace, options).paints()


def stepper_css(trace: Trace | Figure, **options: Any) -> str:
    """The CSS that gives a stepper's classes the look of the frame files."""
    return _figure(trace, options).stylesheet()
