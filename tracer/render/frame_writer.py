"""Frames: a trace drawn step by step, every frame on one scene.

A :class:`FrameWriter` turns the looks of each step (:class:`~tracer.render.visuals.
StepVisuals`) into SVG frames (:meth:`~FrameWriter.frames`), or into the groups of each
frame for the PNG and PDF exports (:meth:`~FrameWriter.pictures`). Each node's and
edge's SVG is cached by its look and kept from one frame to the next, and only the
groups a step changed are written again: a frame costs little more than joining
strings, and no node ever moves (the scene placed them once).

A frame is the canvas with, from the top: the header band (``Step 24 of 39`` and the
algorithm with its conventions), the tree (``<g id="P-tree">``: edges, then nodes) and
the step's caption.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from tracer.game.model import NodePath
from tracer.render.document import edge_id, node_id, svg_open, tree_groups
from tracer.render.scene import Scene
from tracer.render.svg import Group, Primitive, escape, group_svg
from tracer.render.visuals import EdgeLook, StepState, StepVisuals, Visual

__all__ = ["FrameWriter"]


class FrameWriter:
    """The frames of a trace on ``scene``, in ``theme``, with SVG ids starting ``prefix``."""

    def __init__(self, scene: Scene, visuals: StepVisuals, *, theme: str, prefix: str) -> None:
        assert scene.trace is not None
        self.scene = scene
        self.visuals = visuals
        self.theme = theme
        self.prefix = prefix
        self.total = len(scene.trace)
        self._node_svg: dict[tuple[NodePath, Visual], str] = {}
        self._edge_svg: dict[tuple[NodePath, EdgeLook], str] = {}

    def frames(self, steps: Iterable[int] | None = None) -> Iterator[tuple[int, str]]:
        """(step, SVG) for each step in ``steps`` (all steps when None), in order."""
        scene = self.scene
        captions = scene.captions
        order = [node.path for node in scene.plan.nodes]
        slot = {path: index for index, path in enumerate(order)}
        edge_order = [path for path in order if path]
        edge_slot = {path: index for index, path in enumerate(edge_order)}
        node_parts = [""] * len(order)
        edge_parts = [""] * len(edge_order)
        dirty: set[NodePath] = set()
        caption_top = scene.caption_top
        tree_open = f'<g id="{self.prefix}-tree">'
        opening = svg_open(scene.width, scene.height, "", self.theme, self.prefix, scene.viewport())
        head, _, tail = opening.partition("<title></title>")
        legend = "".join(group_svg(group, self.theme, self.prefix) for group in scene.legend_groups())
        for state in self._walk(steps):
            dirty |= state.changed
            for path in dirty:
                node_parts[slot[path]] = self._node_group(path, state.nodes[path])
                if path:
                    edge_parts[edge_slot[path]] = self._edge_group(path, state.edges[path])
            dirty = set()
            caption = captions[state.step]
            yield state.step, "".join(
                (
                    head,
                    f"<title>{escape(caption)}</title>",
                    tail,
                    self._texts_group("head", scene.header_items(state.step, self.total)),
                    tree_open,
                    "".join(edge_parts),
                    "".join(node_parts),
                    "</g>",
                    legend,
                    self._texts_group("caption", scene.caption_items(caption, caption_top) if scene.caption_lines else []),
                    "</svg>\n",
                )
            )

    def pictures(self, steps: Iterable[int] | None = None) -> Iterator[tuple[int, float, list[Group]]]:
        """(step, canvas height, every group in drawing order) of each frame: what exports draw."""
        scene = self.scene
        captions = scene.captions
        for state in self._walk(steps):
            yield state.step, scene.height, self.groups(state, captions[state.step])

    def groups(self, state: StepState, caption: str | None) -> list[Group]:
        """Every group of a step's frame in drawing order (the caption's only with ``caption``)."""
        scene = self.scene
        groups = [Group("head", ("fig",), tuple(scene.header_items(state.step, self.total)))]
        groups += tree_groups(scene, state.nodes, state.edges)
        groups += scene.legend_groups()
        if caption is not None and scene.caption_lines:
            groups.append(Group("caption", ("fig",), tuple(scene.caption_items(caption, scene.caption_top))))
        return groups

    def _walk(self, steps: Iterable[int] | None) -> Iterator[StepState]:
        """The looks at each of ``steps`` (every step when None), in order; each state's ``changed``
        holds every change since the one before."""
        wanted = None if steps is None else sorted(set(steps))
        if wanted is not None and any(not 0 <= step <= self.total for step in wanted):
            raise ValueError(f"steps must lie in 0..{self.total}")
        return self.visuals.states(wanted)

    # -- groups as SVG, cached by their look ---------------------------------------------------------
    def _node_group(self, path: NodePath, visual: Visual) -> str:
        key = (path, visual)
        cached = self._node_svg.get(key)
        if cached is None:
            classes, texts = visual
            cached = group_svg(Group(node_id(path), classes, self.scene.node_items(path, texts)), self.theme, self.prefix)
            self._node_svg[key] = cached
        return cached

    def _edge_group(self, child: NodePath, classes: EdgeLook) -> str:
        key = (child, classes)
        cached = self._edge_svg.get(key)
        if cached is None:
            cached = group_svg(Group(edge_id(child), classes, self.scene.edge_items(child)), self.theme, self.prefix)
            self._edge_svg[key] = cached
        return cached

    def _texts_group(self, gid: str, items: list[Primitive]) -> str:
        return group_svg(Group(gid, ("fig",), tuple(items)), self.theme, self.prefix)
