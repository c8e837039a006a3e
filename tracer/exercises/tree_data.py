"""A tree as data for key files: the bracket form where it says everything, the object form where it must.

``key.json`` holds its exercise's tree, so that the checker can search it again and tell a
student why (:mod:`tracer.grading.feedback`). A TA's tree may have its own labels, move names,
node types, static values and noisy moves: each is kept, so the tree read back is the tree given.
"""

from __future__ import annotations

from typing import Any

from tracer.game.model import Node, NodePath, Tree

__all__ = ["tree_to_data"]


def tree_to_data(tree: Tree) -> Any:
    """The tree in bracket form (chance nodes in the compact chance form), for key files.

    Where the bracket form would lose something (a label other than the automatic
    letter, a move's name, a node type other than the tree's cycle gives, an internal
    node's static value, its noisy moves), that node is written in the object form, so that
    :func:`tracer.tree_from_data` gives back the same tree, labels and all.

    >>> from tracer import parse_tree
    >>> tree_to_data(parse_tree("[[3, 12], {chance: [[0.5, 1], [0.5, 2]]}]"))
    [[3, 12], {'chance': [[0.5, 1], [0.5, 2]]}]
    >>> tree_to_data(parse_tree('{label: Root, children: [{label: L, move: left, children: [3, 5]}, 2]}'))
    {'label': 'Root', 'children': [{'label': 'L', 'move': 'left', 'children': [3, 5]}, 2]}
    """
    explicit = _explicit_labels(tree)
    built: dict[NodePath, Any] = {}
    for node in reversed(list(tree.preorder())):
        if node.is_leaf:
            plain: Any = node.value
        elif node.type == "chance":
            plain = {"chance": [[child.p, built.pop(child.path)] for child in node.children]}
        else:
            plain = [built.pop(child.path) for child in node.children]
        built[node.path] = _object_form(node, plain, node.path in explicit, _cycle_type(tree, node))
    return built[()]


def _explicit_labels(tree: Tree) -> set[NodePath]:
    """The nodes whose labels a tree file must give: the others get theirs back as automatic letters.

    Letters go to the unlabelled nodes breadth-first, skipping the labels given, so whether
    a label can be left out depends on the others: leave out each in turn (breadth-first)
    while every node still gets its own label back.
    """
    def same(labelled: set[NodePath]) -> bool:
        rebuilt = Tree(_copy(tree.root, labelled), players=tree.players)
        return all(rebuilt.node(node.path).label == node.label for node in tree.breadth_first())

    every = {node.path for node in tree.breadth_first()}
    if same(set()):
        return set()
    explicit = set(every)
    for path in [node.path for node in tree.breadth_first()]:
        if same(explicit - {path}):
            explicit.discard(path)
    return explicit


def _copy(node: Node, labelled: set[NodePath]) -> Node:
    """The shape of a subtree, with the labels of the ``labelled`` nodes only."""
    copy = Node(path=node.path, type=node.type, label=node.label if node.path in labelled else "")
    copy.children = [_copy(child, labelled) for child in node.children]
    return copy


def _cycle_type(tree: Tree, node: Node) -> str:
    return "leaf" if node.is_leaf else tree.players[len(node.path) % len(tree.players)]


def _object_form(node: Node, plain: Any, labelled: bool, cycle_type: str) -> Any:
    extra: dict[str, Any] = {}
    if labelled:
        extra["label"] = node.label
    if node.move is not None:
        extra["move"] = node.move
    if not node.is_leaf and node.type != cycle_type and node.type != "chance":
        extra["type"] = node.type
    if not node.is_leaf and node.value is not None:
        extra["value"] = node.value
    if node.noisy is not None:
        extra["noisy"] = list(node.noisy)
    if not extra:
        return plain
    if node.is_leaf:
        return {**extra, "value": node.value}
    if node.type == "chance":
        return {**extra, "chance": plain["chance"]}
    return {**extra, "children": plain}
