"""The final figure of a search: true values, alpha-beta's where they differ, pruned branches,
the principal variation in bold, a legend, and a caption that sums the search up.

The looks of the nodes come from :func:`~tracer.render.visuals.final_visuals`; this
module adds what only the final figure has: :func:`final_caption` and :func:`legend`,
and :func:`final_picture`, the whole figure composed on the scene's canvas (for the
exports), or :func:`final_document`, as SVG.
"""

from __future__ import annotations

from tracer.errors import path_text
from tracer.render.document import compose, svg_document
from tracer.render.scene import Scene
from tracer.render.style import text_width, wrap
from tracer.render.svg import Group, Line, Primitive, Shape, Text
from tracer.render.visuals import final_visuals
from tracer.words import algorithm_name, conventions_summary, count, node_kind, number, say, say_n

__all__ = ["final_caption", "final_document", "final_picture", "legend"]


def final_caption(scene: Scene) -> str:
    """The search in one sentence: the value, the best move, the nodes visited and the cutoffs."""
    assert scene.trace is not None
    key = scene.key
    trace = scene.trace
    value = number(key.root_value)
    if trace.settings.depth is not None or trace.settings.iterative:
        text = say("figure.result.estimate", "Result: the search estimates the value of the game at {value}", value=value)
    else:
        text = say("figure.result", "Result: the value of the game is {value}", value=value)
    best = key.best_move
    if best is not None:
        who = node_kind(key.root_type)
        named = best.label if scene.labels == "letters" else say("node.path", "node {path}", path=path_text(best.path))
        if best.move:
            text += say("figure.result.move.named", "; {player} moves to {child} ({move})", player=who, child=named, move=best.move)
        else:
            text += say("figure.result.move", "; {player} moves to {child}", player=who, child=named)
    stats = key.stats
    text += ". " + say("figure.result.visited", "{algorithm} visited {visited} of {nodes} nodes",
                       algorithm=algorithm_name(trace.algorithm, capital=True), visited=count(stats['visited']), nodes=count(len(scene.tree)))
    if trace.algorithm == "alphabeta":
        cutoffs = say_n("figure.result.cutoffs", "{n} cutoff", "{n} cutoffs", stats["cutoffs"], n=count(stats['cutoffs']))
        pruned = stats.get("pruned", 0)
        text += "; " + say_n("figure.result.pruned", "{cutoffs} pruned {n} subtree", "{cutoffs} pruned {n} subtrees", pruned,
                             cutoffs=cutoffs, n=count(pruned))
    return text + "."


def legend(scene: Scene, top: float) -> tuple[list[Group], float]:
    """The legend's groups (samples of each node kind and edge, and notes in words) from ``top``; and its height."""
    s = scene.sizes
    size = s["legend"]
    x = s["margin"]
    y = top + 10
    groups: list[Group] = []
    words: list[Primitive] = []
    samples: list[tuple[str, str, tuple[str, ...]]] = [
        ("triangle", node_kind("max"), ("tn", "max", "done")), ("invtriangle", node_kind("min"), ("tn", "min", "done")),
    ]
    if scene.tree.has_chance:
        samples.append(("circle", node_kind("chance"), ("tn", "chance", "done")))
    samples.append(("box", node_kind("leaf"), ("tn", "leaf", "done")))
    if scene.key.stats.get("quiescence"):
        kind = "min" if scene.tree.root.type == "min" else "max"
        samples.append(("triangle" if kind == "max" else "invtriangle", say("figure.legend.quiescence", "quiescence search"),
                        ("tn", kind, "done", "quiescence")))
    for index, (kind, word, classes) in enumerate(samples):
        groups.append(Group(f"legend-{index}", classes, (Shape("shape", kind, x + 8, y, 16 if kind != "circle" else 13, 13),)))
        words.append(Text("legend", x + 20, y, word, size, "start"))
        x += 26 + text_width(word, size) + 12
    edge_samples: list[tuple[str, tuple[str, ...], bool]] = []
    if scene.is_alphabeta and scene.key.stats.get("cutoffs", 0):
        edge_samples.append((say("figure.legend.pruned", "pruned"), ("te", "pruned", "cutroot"), True))
    if scene.tree.root.type in ("max", "min"):
        edge_samples.append((say("figure.legend.pv", "principal variation"), ("te", "pv"), False))
    for index, (word, classes, cut) in enumerate(edge_samples):
        items: list[Primitive] = [Line("line", x, y, x + 30, y)]
        if cut:
            items += [Line("cut", x + 12, y + 7, x + 16, y - 7), Line("cut", x + 17, y + 7, x + 21, y - 7)]
        groups.append(Group(f"legend-e{index}", classes, tuple(items)))
        words.append(Text("legend", x + 36, y, word, size, "start"))
        x += 36 + text_width(word, size) + 14
    lines_y = y + size * 1.5
    for note in _legend_notes(scene):
        for line in wrap(note, scene.width - 2 * s["margin"], size):
            words.append(Text("note", s["margin"], lines_y, line, size, "start"))
            lines_y += size * 1.3
    groups.append(Group("legend-words", ("fig",), tuple(words)))
    return groups, lines_y - top


def _legend_notes(scene: Scene) -> list[str]:
    """What the texts beside the nodes mean, and the conventions alpha-beta followed."""
    trace = scene.trace
    if trace is None:
        return []
    below = scene.compact
    if trace.algorithm == "alphabeta":
        c = trace.conventions
        if below:
            values = say("figure.legend.alphabeta.below",
                         "Under each node: its minimax value; “αβ:” what alpha-beta returned where that differs (≤, ≥: a bound).")
        else:
            values = say("figure.legend.alphabeta",
                         "Beside each node: its minimax value; “αβ:” what alpha-beta returned where that differs (≤, ≥: a bound).")
        return [values, say("figure.legend.conventions", "Conventions: {conventions}.", conventions=conventions_summary(c.prune_on_equal, c.fail))]
    if trace.algorithm == "expectiminimax":
        if below:
            return [say("figure.legend.expectiminimax.below", "Under each node: its expectiminimax value.")]
        return [say("figure.legend.expectiminimax", "Beside each node: its expectiminimax value.")]
    if below:
        notes = [say("figure.legend.minimax.below", "Under each node: its minimax value.")]
    else:
        notes = [say("figure.legend.minimax", "Beside each node: its minimax value.")]
    if scene.twins:
        notes.append(say("figure.legend.twin", "“= name”: the transposition table answered this node from its symmetric twin of that name "
                                               "(the same position rotated or reflected), which was searched."))
    return notes


def final_picture(scene: Scene, caption: str | None = None, *, pruned_values: str = "show") -> tuple[float, list[Group]]:
    """The final figure's canvas height and its groups, from the top (``caption``: the
    :func:`final_caption`, when the caller has it already). The caption is left out when
    the scene prints no captions (``captions=False``)."""
    assert scene.trace is not None
    nodes, edges = final_visuals(
        scene.trace, scene.key, scene.plan, scene.layout, order_numbers=scene.order_numbers, pruned_values=pruned_values,
        end=scene.end,
    )
    caption = caption or final_caption(scene)
    return compose(
        scene, nodes, edges, header=True, caption=caption if scene.captions_drawn else None, legend=lambda top: legend(scene, top)
    )


def final_document(scene: Scene, *, theme: str, prefix: str, pruned_values: str = "show") -> str:
    """The final figure as an SVG document, titled with its caption."""
    caption = final_caption(scene)
    height, groups = final_picture(scene, caption, pruned_values=pruned_values)
    return svg_document(scene.width, height, groups, title=caption, theme=theme, prefix=prefix, viewport=scene.viewport(height))
