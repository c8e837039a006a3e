"""A trace (or a bare tree) prepared once and drawn many ways: :class:`Figure`, and the
functions that draw one figure in one call.

A :class:`Figure` makes one :class:`~tracer.render.scene.Scene` (what to draw and where:
one layout, one canvas) and hands out every drawing of it; each comes from the room
that makes it:

* the frames of each step and their export pictures: :mod:`~tracer.render.frame_writer`;
* the final figure and its legend: :mod:`~tracer.render.final`;
* a bare tree: the scene with :func:`~tracer.render.visuals.plain_visuals`;
* a web stepper's base SVG, per-step paints and style sheet: :mod:`~tracer.render.payload`
  (which documents the payload).

The looks of nodes and edges at each step are read from one
:class:`~tracer.trace.Replayer` (:mod:`~tracer.render.visuals`).

The functions (all take a :class:`~tracer.trace.Trace` or a Figure, and the options of
:class:`Figure`: ``theme``, ``labels``, ``max_depth``, ``collapse``, ``order_numbers``,
``prefix``): :func:`frame_svgs` (every frame, or the chosen steps), :func:`final_svg`,
:func:`tree_svg` (a :class:`~tracer.game.Tree`: the bare tree, e.g. for an exercise
sheet), :func:`base_svg`, :func:`paints` and :func:`stepper_css` (for a stepper).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cached_property
from typing import Any

from tracer.errors import InputError
from tracer.game.model import NodePath, Tree, parse_path
from tracer.render import payload
from tracer.render.document import compose, svg_document
from tracer.render.exports import picture_dot
from tracer.render.final import final_caption, final_document, final_picture
from tracer.render.frame_writer import FrameWriter
from tracer.render.layout import Layout
from tracer.render.measure import StepFollower
from tracer.render.plan import MAX_NODES, Plan
from tracer.render.scene import Scene
from tracer.render.slide import SlidePreset, slide_preset
from tracer.render.steps import select_steps
from tracer.render.storyboard import storyboard_picture, storyboard_svg
from tracer.render.style import stylesheet
from tracer.render.style import theme as get_theme
from tracer.render.svg import Group
from tracer.render.visuals import PRUNED_VALUES, StepVisuals, plain_visuals
from tracer.trace.key import AnswerKey
from tracer.trace.model import Trace
from tracer.trace.replay import Replayer
from tracer.words import say

__all__ = ["Figure", "base_svg", "final_svg", "frame_svgs", "paints", "resolve_focus", "stepper_css", "tree_svg"]


class Figure:
    """A trace, or a bare tree, prepared for drawing: what to draw, where, how it looks.

    ``theme`` is ``light`` or ``dark``; ``labels`` ``letters`` (the tree's labels),
    ``paths`` or ``none``; ``max_depth`` drops deeper nodes; ``collapse`` (``auto``,
    True, False) draws a subtree the search never entered as its root; ``order_numbers``
    writes the evaluation order under the leaves; ``prefix`` starts every SVG id
    (derived from the figure when None); ``caption_band`` False leaves out the band
    under the tree where frames print their captions (a web stepper prints them in HTML).

    For slides and lecture figures: ``slide`` (``"16:9"``, ``"4:3"`` or a
    :class:`~tracer.render.slide.SlidePreset`) shapes and sizes every figure for a slide
    (see :mod:`tracer.render.slide`; ``slide_fits`` says whether the minimum text sizes
    were met); ``header`` False leaves out the band above the tree; ``captions`` False
    prints no captions (frames and final figure; they stay in :meth:`captions`);
    ``legend`` draws a compact legend on every step frame; ``font_scale`` multiplies
    every text size; ``pruned_values`` ``show`` (grey) or ``hide`` pruned nodes' values;
    ``focus`` draws one line of the tree in full and elides the rest: a node (its label
    such as ``"B"``, its path such as ``"0.1"`` or a tuple) or ``"auto"`` (the subtree of
    the best move at the root); ``compact`` writes values and windows under the nodes
    instead of beside them, ``wrap`` puts the leaves of a wide level on two staggered
    rows (None: only where a slide needs it to fit). For exercises on depth-limited and
    quiescence search, a bare tree with ``static_values`` writes each internal node's static
    value beside it, with ``noisy_marks`` each noisy move's edge its
    :data:`~tracer.render.scene.NOISY_MARK`. ``caption_steps`` names the only steps
    whose captions will be shown (frames, a player of chosen steps): the others are
    never told (their captions are ""), and the caption band fits the longest shown.
    ``followers`` are told of each step by the scene's one walk over the trace
    (:class:`~tracer.render.measure.StepFollower`: a stepper's pseudocode lines and call stacks).
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
        captions: bool = True,
        header: bool = True,
        legend: bool = False,
        font_scale: float = 1.0,
        slide: str | SlidePreset | None = None,
        pruned_values: str = "show",
        focus: str | NodePath | None = None,
        compact: bool | None = None,
        wrap: bool | None = None,
        static_values: bool = False,
        noisy_marks: bool = False,
        caption_steps: Iterable[int] | None = None,
        followers: Sequence[StepFollower] = (),
    ) -> None:
        get_theme(theme)
        if pruned_values not in PRUNED_VALUES:
            raise ValueError(f"unknown pruned_values {pruned_values!r}: use " + " or ".join(PRUNED_VALUES))
        self.slide: SlidePreset | None = slide_preset(slide)
        self.focus: NodePath | None = resolve_focus(source, focus)
        self.scene = Scene(
            source, labels=labels, max_depth=max_depth, collapse=collapse, order_numbers=order_numbers,
            max_nodes=max_nodes, caption_band=caption_band, captions=captions, header=header, legend=legend,
            font_scale=font_scale, slide=self.slide, focus=self.focus, compact=compact, wrap=wrap, static_values=static_values,
            noisy_marks=noisy_marks, caption_steps=None if caption_steps is None else set(caption_steps), followers=followers,
        )
        self.theme = theme
        self.prefix = prefix if prefix is not None else f"tr{self.scene.layout.digest()}"
        # what callers read of the scene (fixed once it is made)
        self.trace: Trace | None = self.scene.trace
        self.tree: Tree = self.scene.tree
        self.labels = labels
        self.order_numbers = order_numbers
        self.caption_band = caption_band
        self.pruned_values = pruned_values
        self.max_depth = max_depth
        self.collapse = collapse
        self.requested_font_scale = font_scale
        self.plan: Plan = self.scene.plan
        self.layout: Layout = self.scene.layout
        self.width: float = self.scene.width
        self.height: float = self.scene.height  # of a frame (the final figure's is its own: final_picture)
        self.font_scale: float = self.scene.font_scale  # as given, or as large as a slide needed
        self.slide_fits: bool = self.scene.slide_fits
        self.compact: bool = self.scene.compact
        self.wrap: bool = self.scene.wrap

    def smallest_on_slide(self, slide: str | SlidePreset = "16:9") -> tuple[float, float]:
        """(the smallest value text, the smallest other text) in points, with a frame filling ``slide``."""
        preset = slide_preset(slide)
        assert preset is not None
        return self.scene.smallest_on_slide(preset)

    # -- what the scene holds ---------------------------------------------------------------------
    def key(self) -> AnswerKey:
        """The trace's answer key (true values, search values, principal variation; rows of the drawn nodes), cached."""
        return self.scene.key

    def captions(self) -> Sequence[str]:
        """The caption of every step (of ``caption_steps`` only, the others ""), cached."""
        return self.scene.captions

    def coordinates(self) -> dict[NodePath, tuple[float, float]]:
        """Each drawn node's shape centre on the canvas, in points (y downwards)."""
        return self.scene.coordinates()

    # -- a trace's steps ------------------------------------------------------------------------
    @cached_property
    def step_visuals(self) -> StepVisuals:
        """The looks of every drawn node and edge at each step (a trace's figure only)."""
        if self.scene.trace is None:
            raise ValueError("a bare tree has no steps; use tree_svg")
        return StepVisuals(
            self.scene.trace, self.scene.plan, self.scene.layout, order_numbers=self.scene.order_numbers,
            pruned_values=self.pruned_values, record=self.scene.step_record,
        )

    @cached_property
    def _writer(self) -> FrameWriter:
        return FrameWriter(self.scene, self.step_visuals, theme=self.theme, prefix=self.prefix)

    def frames(self, steps: Iterable[int] | None = None) -> Iterator[tuple[int, str]]:
        """(step, SVG) for each step in ``steps`` (all steps when None), in order.

        Keeps each node's and edge's SVG from one frame to the next and redraws only
        those the step changed: a frame costs about one string join.
        """
        return self._writer.frames(steps)

    def frame(self, step: int) -> str:
        """The SVG of one step."""
        for _, svg in self.frames([step]):
            return svg
        raise ValueError(f"no step {step}")

    def pictures(self, steps: Iterable[int] | None = None) -> Iterator[tuple[int, float, list[Group]]]:
        """(step, canvas height, every group in drawing order) of each frame: what exports draw."""
        return self._writer.pictures(steps)

    # -- figures without steps ------------------------------------------------------------------------
    def final(self) -> str:
        """The final figure as SVG (made once: a render writes it and its player shows it)."""
        return self._final

    @cached_property
    def _final(self) -> str:
        return final_document(self.scene, theme=self.theme, prefix=self.prefix, pruned_values=self.pruned_values)

    def final_picture(self) -> tuple[float, list[Group]]:
        """The final figure's canvas height and groups."""
        return final_picture(self.scene, pruned_values=self.pruned_values)

    def final_caption(self) -> str:
        """The final figure's caption: the search in one sentence."""
        return final_caption(self.scene)

    def plain(self, caption: str | None = None) -> str:
        """The tree with labels and leaf values and no search state."""
        static = {node.path: self.scene.static_text(node.path) for node in self.scene.plan.nodes} if self.scene.static_values else None
        nodes, edges = plain_visuals(self.scene.plan, static)
        height, groups = compose(self.scene, nodes, edges, header=False, caption=caption)
        return svg_document(
            self.scene.width, height, groups, title=caption, theme=self.theme, prefix=self.prefix, viewport=self.scene.viewport(height)
        )

    # -- lecture figures ---------------------------------------------------------------------------
    def storyboard(self, steps: Iterable[int] | str = "key") -> str:
        """The chosen steps (a list, or a ``--steps`` specification such as ``"key"``) as one
        SVG of lettered panels (see :mod:`tracer.render.storyboard`)."""
        return storyboard_svg(self, self._steps(steps))

    def storyboard_picture(self, steps: Iterable[int] | str = "key") -> tuple[float, float, list[Group]]:
        """The storyboard's canvas width and height and its groups (for the exports)."""
        return storyboard_picture(self, self._steps(steps))

    def dot_source(self, step: int | None = None) -> str:
        """A Graphviz source of one step's frame (the final figure when None), positions
        pinned and styles as attributes, at a slide's size on a slide: ``neato -n2 -Tpng``
        draws it as the SVG is drawn (what ``--format dot``, PNG and PDF use)."""
        if step is None:
            height, groups = self.final_picture()
        else:
            _, height, groups = next(self.pictures([step]))
        return picture_dot(self.width, height, groups, self.theme, viewport=self.scene.viewport(height))

    def _steps(self, steps: Iterable[int] | str) -> list[int]:
        if self.trace is None:
            raise ValueError("a bare tree has no steps")
        if isinstance(steps, str):
            return select_steps(self.trace, steps) or [len(self.trace)]
        return sorted(set(steps))

    # -- a stepper in a web page (see tracer.render.payload) ------------------------------------------
    def base(self) -> str:
        """Step 0 with every slot a stepper may fill."""
        return payload.base_svg(self.scene, self.step_visuals, theme=self.theme, prefix=self.prefix)

    def paints(self, steps: Iterable[int] | None = None, progress: Callable[[int], Any] | None = None) -> list[dict[str, Any]]:
        """Per-step changes for a stepper: every step, or one paint per step of ``steps``
        holding all that changed since the one before; ``progress(n)`` every 10,000 steps."""
        return payload.step_paints(self.step_visuals, self.scene.captions, steps, progress)

    def stylesheet(self) -> str:
        """The CSS that gives the stepper's classes the look of the frame files."""
        return stylesheet(self.theme, self.prefix)


def resolve_focus(source: Trace | Tree, focus: str | NodePath | None) -> NodePath | None:
    """The path of the node a focus view draws in full: ``focus`` as a path (tuple or
    ``"0.1"``), a node's label (``"B"``), or ``"auto"``: the best move at the root (a
    trace's), the root's first child for a bare tree. InputError for a node not in the tree."""
    if focus is None:
        return None
    tree = source.tree if isinstance(source, Trace) else source
    if isinstance(focus, tuple):
        path: NodePath | None = focus
    elif focus == "auto":
        if isinstance(source, Trace):
            best = Replayer(source).run().stories.get((), None)
            path = best.best if best is not None and best.best is not None else None
        else:
            path = None
        if path is None:
            path = tree.root.children[0].path if tree.root.children else ()
    else:
        path = next((node.path for node in tree.preorder() if node.label == focus), None)
        if path is None:
            path = parse_path(focus)
    if path is None or path not in tree:
        raise InputError(
            say("render.focus.unknown", "no node {name} to focus on", name=repr(focus if isinstance(focus, str) else ".".join(map(str, focus)))),
            hint=say("render.focus.hint", "name a node by its label (B) or its path (0.1), or use auto for the best move's subtree"),
        )
    return path


# -- one figure in one call -----------------------------------------------------------------------
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
    """The stepper's one SVG of a trace (see :mod:`tracer.render.payload`)."""
    return _figure(trace, options).base()


def paints(trace: Trace | Figure, **options: Any) -> list[dict[str, Any]]:
    """The stepper's per-step changes (see :mod:`tracer.render.payload`)."""
    return _figure(trace, options).paints()


def stepper_css(trace: Trace | Figure, **options: Any) -> str:
    """The CSS that gives a stepper's classes the look of the frame files."""
    return _figure(trace, options).stylesheet()
