"""Where each node of a small tree goes in a figure: one column per leaf, one row per level.

Leaves take the columns 0, 1, 2, ... in left-to-right order; an internal node sits
midway between its first and last child; the row is the depth. Sheet figures (SVG) and
LaTeX figures (TikZ) share this layout, so they look alike.

>>> from tracer import parse_tree
>>> layout(parse_tree("[[3, 12], [2]]")).positions[(0,)]
(0.5, 1)
"""

from __future__ import annotations

from dataclasses import dataclass

from tracer.game.model import Path, Tree

__all__ = ["Layout", "layout"]


@dataclass(frozen=True)
class Layout:
    positions: dict[Path, tuple[float, int]]
    columns: int
    rows: int

    @property
    def width(self) -> float:
        """Distance between the leftmost and the rightmost column (0 for one leaf)."""
        return float(self.columns - 1)


def layout(tree: Tree) -> Layout:
    positions: dict[Path, tuple[float, int]] = {}
    column = 0
    # Leaves first, left to right; then internal nodes, deepest first.
    for node in tree.preorder():
        if node.is_leaf:
            positions[node.path] = (float(column), node.depth)
            column += 1
    for node in sorted((n for n in tree.preorder() if not n.is_leaf), key=lambda n: -n.depth):
        first = positions[node.children[0].path][0]
        last = positions[node.children[-1].path][0]
        positions[node.path] = ((first + last) / 2, node.depth)
    return Layout(positions, column, tree.height + 1)
