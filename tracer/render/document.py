"""A figure as one SVG document: the canvas, the tree's groups, and the bands around it.

Every SVG tracer writes opens with :func:`svg_open` (the canvas, its title and
background) and draws the tree inside ``<g id="P-tree">`` (``P``: the figure's id
prefix), edges first, then nodes. Frames are joined from cached groups
(:mod:`~tracer.render.frame_writer`); figures without steps (the final figure, a bare
tree, a stepper's base) are *composed* here: header, tree, optional legend and
caption, one under the other (:func:`compose`), then written (:func:`svg_document`).
"""

from __future__ import annotations

from collections.abc import Callable

from tracer.game.model import NodePath
from tracer.render.scene import Scene
from tracer.render.slide import Viewport
from tracer.render.style import FONT_FAMILY
from tracer.render.style import theme as get_theme
from tracer.render.svg import Group, escape, fmt, group_svg
from tracer.render.visuals import EdgeLook, Visual
from tracer.words import say

__all__ = ["compose", "edge_id", "node_id", "svg_document", "svg_open", "tree_groups"]

Legend = Callable[[float], tuple[list[Group], float]]
"""Draws a legend from a given top: its groups and its height."""


def node_id(path: NodePath) -> str:
    """The id of a node's group, without the prefix: ``n-1-0`` for the node at path 1.0."""
    return "n" + "".join(f"-{index}" for index in path)


def edge_id(path: NodePath) -> str:
    """The id of the group of the edge into the node at ``path``: ``e-1-0``."""
    return "e" + "".join(f"-{index}" for index in path)


def svg_open(width: float, height: float, title: str, theme: str, prefix: str, viewport: Viewport | None = None) -> str:
    """The opening of a figure's SVG: the root element, its title and its background.

    ``viewport`` (a slide's: the canvas padded to its aspect, shown at its size) sets the
    viewBox and the display size; without it both are the ``width`` x ``height`` canvas.
    """
    t = get_theme(theme)
    v = viewport or Viewport(0.0, 0.0, width, height, width, height)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" id="{prefix}" class="tracer-figure" '
        f'width="{fmt(v.display_width)}pt" height="{fmt(v.display_height)}pt" '
        f'viewBox="{fmt(v.x)} {fmt(v.y)} {fmt(v.width)} {fmt(v.height)}" '
        f'font-family="{escape(FONT_FAMILY)}">'
        f"<title>{escape(title)}</title>"
        f'<rect class="bg" x="{fmt(v.x)}" y="{fmt(v.y)}" width="{fmt(v.width)}" height="{fmt(v.height)}" fill="{t.background}" stroke="none"/>'
    )


def tree_groups(scene: Scene, nodes: dict[NodePath, Visual], edges: dict[NodePath, EdgeLook], *, slots: bool = False) -> list[Group]:
    """The tree's groups in drawing order (every edge, then every node) with the given looks."""
    out: list[Group] = []
    for node in scene.plan.nodes:
        if node.path:
            out.append(Group(edge_id(node.path), edges[node.path], scene.edge_items(node.path)))
    for node in scene.plan.nodes:
        classes, texts = nodes[node.path]
        out.append(Group(node_id(node.path), classes, scene.node_items(node.path, texts, slots=slots)))
    return out


def compose(
    scene: Scene,
    nodes: dict[NodePath, Visual],
    edges: dict[NodePath, EdgeLook],
    *,
    header: bool,
    caption: str | None,
    legend: Legend | None = None,
    slots: bool = False,
) -> tuple[float, list[Group]]:
    """A figure without steps: its height, and its groups from the top (the header band,
    the tree, the legend, the caption). The header is drawn when ``header`` and the scene has one."""
    s = scene.sizes
    groups: list[Group] = []
    if header and scene.header:
        groups.append(Group("head", ("fig",), tuple(scene.header_items(None, None))))
    groups += tree_groups(scene, nodes, edges, slots=slots)
    y = scene.tree_bottom + s["margin"]
    if legend is not None:
        legend_groups, legend_height = legend(y)
        groups += legend_groups
        y += legend_height
    if caption:
        items = scene.caption_items(caption, y)
        groups.append(Group("caption", ("fig",), tuple(items)))
        y += len(items) * scene.caption_line + s["margin"]
    return max(y, scene.tree_bottom + s["margin"]), groups


def svg_document(
    width: float,
    height: float,
    groups: list[Group],
    *,
    title: str | None,
    theme: str,
    prefix: str,
    slots: bool = False,
    viewport: Viewport | None = None,
) -> str:
    """Composed groups as one SVG document titled ``title`` (None: "game tree"); with ``slots``,
    hidden parts and empty texts stay in it for a stepper to show (see :func:`~tracer.render.svg.group_svg`);
    ``viewport`` as for :func:`svg_open`."""
    parts = [svg_open(width, height, title or say("figure.title.tree", "game tree"), theme, prefix, viewport)]
    in_tree = False
    for group in groups:
        tree_part = group.classes[0] in ("tn", "te") and not group.gid.startswith("legend")
        if tree_part and not in_tree:
            parts.append(f'<g id="{prefix}-tree">')
            in_tree = True
        elif not tree_part and in_tree:
            parts.append("</g>")
            in_tree = False
        parts.append(group_svg(group, theme, prefix, slots=slots))
    if in_tree:
        parts.append("</g>")
    parts.append("</svg>\n")
    return "".join(parts)
