"""What a figure draws: which nodes, and what it leaves out (and says so).

A tree small enough is drawn whole. A larger one is first *collapsed*: a subtree the
search never entered (pruned, or below a depth limit) is drawn as its root alone,
marked with the number of nodes it stands for. Where that is not enough, a *depth
cut* (``max_depth``) drops every node deeper than it, marking the deepest drawn nodes
likewise. A *focus* (``focus``, a node's path) draws the path from the root to that
node and the node's whole subtree, and every other child of a node on the path as its
root alone (``… +n more``): the line the search cares about in full, the rest elided. Past :data:`MAX_NODES` drawn nodes the figure is refused with a message that
names the depth cut that fits: a figure of thousands of nodes is unreadable, and its
layout would take long.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tracer.errors import Option
from tracer.game.model import Node, Path, Tree
from tracer.render.errors import FigureTooLarge
from tracer.search.events import dispatch
from tracer.words import count as grouped
from tracer.words import say, say_n

if TYPE_CHECKING:
    from tracer.trace.model import Trace

__all__ = ["AUTO_COLLAPSE", "MAX_NODES", "Plan", "check_game_size", "plan_figure"]

MAX_NODES = 1500
"""Most nodes a figure draws."""
READABLE = 200
"""Nodes a figure can hold and stay readable on a slide (what the hint suggests)."""
AUTO_COLLAPSE = 200
"""With ``collapse="auto"``, trees larger than this collapse the subtrees never entered."""


@dataclass
class Plan:
    """The nodes a figure draws (in preorder) and what it left out."""

    tree: Tree
    nodes: list[Node]
    drawn: set[Path]
    hidden: dict[Path, int] = field(default_factory=dict)  # drawn node -> descendants left out below it
    collapsed: set[Path] = field(default_factory=set)  # drawn roots of collapsed subtrees
    notes: list[str] = field(default_factory=list)  # what was left out, in words (for the CLI and the manifest)

    def shown(self, path: Path) -> Path:
        """The drawn node standing for ``path``: itself, or its nearest drawn ancestor."""
        while path not in self.drawn and path:
            path = path[:-1]
        return path

    def children(self, node: Node) -> list[Node]:
        return [child for child in node.children if child.path in self.drawn]


def entered_paths(trace: Trace) -> set[Path]:
    """Every node the search entered, in any iteration."""
    return trace.entered()


def plan_figure(
    tree: Tree,
    *,
    entered: set[Path] | None = None,
    max_depth: int | None = None,
    collapse: bool | str = "auto",
    max_nodes: int = MAX_NODES,
    focus: Path | None = None,
) -> Plan:
    """Choose the nodes to draw. ``entered`` is None for a bare tree (nothing collapses);
    ``focus`` is the path of the node a focus view draws in full (None: no focus)."""
    sizes = tree.subtree_sizes()
    total = sizes[()]
    do_collapse = entered is not None and (collapse is True or (collapse == "auto" and total > AUTO_COLLAPSE))
    nodes: list[Node] = []
    drawn: set[Path] = set()
    hidden: dict[Path, int] = {}
    collapsed: set[Path] = set()
    cut_by_depth = 0
    collapsed_nodes = 0
    focused: set[Path] = set()
    elided_nodes = 0
    stack = [tree.root]
    while stack:
        node = stack.pop()
        nodes.append(node)
        drawn.add(node.path)
        below = sizes[node.path] - 1
        if not below:
            continue
        if focus is not None and node.path != focus[: len(node.path)] and node.path[: len(focus)] != focus:
            # neither on the path to the focus nor inside its subtree: its root alone
            hidden[node.path] = below
            focused.add(node.path)
            elided_nodes += below
            continue
        if do_collapse and entered is not None and node.path not in entered:
            hidden[node.path] = below
            collapsed.add(node.path)
            collapsed_nodes += below
            continue
        if max_depth is not None and node.depth >= max_depth:
            hidden[node.path] = below
            cut_by_depth += below
            continue
        stack.extend(reversed(node.children))
    notes = []

    def counted(count: int) -> str:
        return say_n("figure.left_out.nodes", "{n} node", "{n} nodes", count, n=grouped(count))

    if focused:
        notes.append(say_n(
            "figure.left_out.focus",
            "focus view: {n} subtree off the path to the focus is drawn as its root ({nodes} left out, marked … +N more)",
            "focus view: {n} subtrees off the path to the focus are drawn as their roots ({nodes} left out, marked … +N more)",
            len(focused), n=grouped(len(focused)), nodes=counted(elided_nodes),
        ))
    if collapsed:
        notes.append(say_n(
            "figure.left_out.collapsed",
            "{n} subtree the search never entered is drawn as its root ({nodes} left out, marked … +N more)",
            "{n} subtrees the search never entered are drawn as their roots ({nodes} left out, marked … +N more)",
            len(collapsed), n=grouped(len(collapsed)), nodes=counted(collapsed_nodes),
        ))
    if cut_by_depth:
        notes.append(say_n(
            "figure.left_out.depth", "{n} node deeper than depth {depth} left out (marked … +N more)",
            "{n} nodes deeper than depth {depth} left out (marked … +N more)", cut_by_depth, n=grouped(cut_by_depth), depth=max_depth,
        ))
    if len(nodes) > max_nodes:
        raise _too_large(len(nodes), total, _depth_counts(tree, entered if do_collapse else None), max_nodes)
    return Plan(tree=tree, nodes=nodes, drawn=drawn, hidden=hidden, collapsed=collapsed, notes=notes)


def check_game_size(trace: Trace, *, max_depth: int | None = None, max_nodes: int = MAX_NODES) -> None:
    """Refuse a game's figure that :func:`plan_figure` would refuse, from the events alone,
    before the game's tree is built (for the whole tic-tac-toe game that tree is 549,946 nodes
    and half a gigabyte; counting the nodes the events touch takes a second).

    A game's tree holds the nodes the search entered and the roots it pruned, and a pruned
    root has no children in it, so collapsing changes nothing: the figure draws every node
    down to ``max_depth``. The message is :func:`plan_figure`'s, word for word."""
    counts: dict[int, int] = {0: 1}
    if trace.settings.iterative:  # each iteration enters the nodes again: count each path once
        paths: set[Path] = {()}
        dispatch(trace.raw_events, {
            "enter": lambda node, depth, alpha, beta: paths.add(node),
            "cutoff": lambda node, v, alpha, beta, pruned: paths.update(pruned),
        })
        counts = {}
        for path in paths:
            counts[len(path)] = counts.get(len(path), 0) + 1
    else:  # one search enters each node once, and never a root it pruned
        def entered(node: Path, depth: int, alpha: float, beta: float) -> None:
            if node:
                counts[len(node)] = counts.get(len(node), 0) + 1

        def cut(node: Path, v: float, alpha: float, beta: float, pruned: tuple[Path, ...]) -> None:
            for path in pruned:
                counts[len(path)] = counts.get(len(path), 0) + 1

        dispatch(trace.raw_events, {"enter": entered, "cutoff": cut})
    drawn = sum(count for depth, count in counts.items() if max_depth is None or depth <= max_depth)
    if drawn > max_nodes:
        raise _too_large(drawn, sum(counts.values()), counts, max_nodes)


def _too_large(drawn: int, total: int, counts: dict[int, int], max_nodes: int) -> FigureTooLarge:
    hint, options = _fitting_depth_hint(counts, max_nodes)
    return FigureTooLarge(
        say("figure.too_large", "the figure would draw {n} nodes (of {total}), more than the {most} a figure can show",
            n=grouped(drawn), total=grouped(total), most=grouped(max_nodes)),
        hint=hint, options=options,
    )


def _depth_counts(tree: Tree, entered: set[Path] | None) -> dict[int, int]:
    """How many nodes each depth has (below entered nodes only, when ``entered`` is given)."""
    counts: dict[int, int] = {}
    stack = [tree.root]
    while stack:
        node = stack.pop()
        counts[node.depth] = counts.get(node.depth, 0) + 1
        if entered is not None and node.path not in entered:
            continue
        stack.extend(node.children)
    return counts


def _fitting_depth_hint(counts: dict[int, int], max_nodes: int) -> tuple[str, tuple[Option, ...]]:
    """The deepest --max-depth whose figure fits, in words."""
    drawn = 0
    fits = readable = None
    for depth in range(max(counts) + 1):
        drawn += counts.get(depth, 0)
        if drawn > max_nodes:
            break
        fits = (depth, drawn)
        if drawn <= READABLE:
            readable = (depth, drawn)
    if fits is None:
        return say("figure.too_wide", "the tree is too wide to draw; show its trace as text with `tracer key` instead"), ()
    best = readable or fits
    text = say("figure.top", "draw the top of the tree with {{0}} ({n} nodes)", n=grouped(best[1]))
    options = [Option("max_depth", best[0])]
    if fits != best:
        text += say("figure.top.most", "; at most {{1}} ({n} nodes) fits", n=grouped(fits[1]))
        options.append(Option("max_depth", fits[0]))
    return text, tuple(options)
