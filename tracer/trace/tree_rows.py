"""The nodes of a tree's trace file: one row per node, in preorder, each with its number of
children (version 2; version 1 gave each row its path), written and read back."""

from __future__ import annotations

from typing import Any

from tracer.errors import path_text
from tracer.game.model import PLAYER_TYPES, Node, NodePath, Tree, child_path, parent_path
from tracer.trace.json_values import encode_value
from tracer.trace.schema import Decoders, FieldError
from tracer.trace.verify import changed
from tracer.words import say

__all__ = ["node_row", "read_tree"]


def node_row(node: Node) -> dict[str, Any]:
    """A node as a row of a trace file's nodes (preorder, with its number of children)."""
    row: dict[str, Any] = {"label": node.label, "type": node.type, "children": len(node.children)}
    if node.value is not None:
        row["value"] = encode_value(node.value)
    if node.p is not None:
        row["p"] = node.p
    if node.move is not None:
        row["move"] = node.move
    if node.noisy is not None:
        row["noisy"] = list(node.noisy)
    return row


def read_tree(rows: Any, players: Any, fail: Any, version: int) -> Tree:
    """A trace's tree from its node rows: preorder with each row's number of children (version 2)
    or with each row's path (version 1)."""
    if not isinstance(rows, list) or not rows:
        raise fail("a tree trace needs its nodes")
    decode = Decoders()
    root: Node | None = None
    open_nodes: list[tuple[Node, int]] = []  # nodes still waiting for children, with how many
    by_path: dict[NodePath, Node] = {}
    in_order: list[Node] = []  # as the file lists them (a version 1 file may list them breadth first)
    for index, row in enumerate(rows):
        where = say("trace.node.where", "node {number}", number=index + 1)
        if not isinstance(row, dict):
            raise fail(say("trace.node.object", "{where}: a node must be an object", where=where))
        node_type = row.get("type")
        if node_type not in PLAYER_TYPES + ("leaf",):
            raise fail(say("trace.node.type", "{where}: type {type}", where=where, type=repr(node_type)), hint=say("trace.node.type.hint", "max, min, chance or leaf"))
        try:
            value = None if row.get("value") is None else decode.value(row["value"])
            if version == 1:
                path = decode.path(row["path"])
            else:
                children = decode.count(row.get("children"))
                if not open_nodes and root is not None:
                    raise fail(say("trace.node.extra", "{where}: it belongs to no node (the tree is complete before it)", where=where))
                path = () if root is None else child_path(open_nodes[-1][0].path, len(open_nodes[-1][0].children))
        except (FieldError, TypeError, KeyError):
            if version == 1:
                raise fail(say("trace.node.needs.path", '{where}: needs a path such as "1.0" and, if any, a numeric value', where=where)) from None
            raise fail(say("trace.node.needs.children", "{where}: needs its number of children and, if any, a numeric value", where=where)) from None
        noisy = row.get("noisy")
        if noisy is not None and not (isinstance(noisy, list) and noisy and all(i.__class__ is int and i >= 0 for i in noisy)):
            raise fail(say("trace.node.noisy", "{where}: noisy must be a list of child indices", where=where))
        try:
            p = None if row.get("p") is None else decode.probability(row["p"])  # as a chance_backup's is read
        except FieldError:
            raise fail(say("trace.node.p", "{where}: p must be a probability from 0 to 1", where=where), hint=changed()) from None
        move = row.get("move")
        if move is not None and not isinstance(move, str):
            raise fail(say("trace.node.move", "{where}: move must be a move's name (a string)", where=where), hint=changed())
        node = Node(
            path=path, type=node_type, label=str(row.get("label") or ""), value=value, p=p, move=move,
            noisy=None if noisy is None else tuple(noisy),
        )
        in_order.append(node)
        if version == 1:
            if path in by_path:
                raise fail(say("trace.node.twice", "{where}: the path {path} appears twice", where=where, path=repr(path_text(path))))
            by_path[path] = node
            if path:
                parent = by_path.get(parent_path(path))
                if parent is None or len(parent.children) != path[-1]:
                    raise fail(say("trace.node.gap", "the node {path} has no parent or a gap before it among its siblings", path=repr(path_text(path))))
                parent.children.append(node)
        else:
            if open_nodes:
                parent, wanted = open_nodes[-1]
                parent.children.append(node)
                if len(parent.children) == wanted:
                    open_nodes.pop()
            if children:
                open_nodes.append((node, children))
        if root is None:
            root = node
    if root is None or root.path != ():
        raise fail(say("trace.nodes.root", 'the nodes have no root (path "")'))
    if open_nodes:
        raise fail(say("trace.nodes.short", "the nodes end before every node has its children"), hint=changed())
    _check_ends(in_order, fail)
    return Tree(root, players=tuple(players))


def _check_ends(nodes: list[Node], fail: Any) -> None:
    """Refuse what a tree file could not hold and the search could not score: a node without
    children and without a value, or a leaf with children (the first of them in the file's order)."""
    for node in nodes:
        if not node.children and node.value is None:
            raise fail(say("trace.node.no_value", "the node {path} has no children and no value", path=repr(path_text(node.path))),
                       hint=changed())
        if node.children and node.type == "leaf":
            raise fail(say("trace.node.leaf_children", "the node {path} is a leaf with children", path=repr(path_text(node.path))),
                       hint=changed())
