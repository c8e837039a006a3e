"""An answer key written for people: plain text for a terminal, Markdown for a solution sheet.

Values are written in the figures' notation (``3``, ``≤ 2``, ``−∞``); every sentence
goes through :mod:`tracer.words`.
"""

from __future__ import annotations

from tracer.errors import path_text
from tracer.game.model import NodePath
from tracer.trace.key import AnswerKey, KeyCutoff
from tracer.words import algorithm_name, bounded, conventions_summary, count, cutoff_test, node_kind, number, say, say_n

__all__ = ["key_markdown", "key_text"]


def shown(value: float | None, bound: str | None = "exact") -> str:
    """A value as a key prints it: ``3``, ``≤ 2``, ``≥ 5``, ``-`` for none."""
    return "-" if value is None else bounded(value, bound)


def _kind(node_type: str) -> str:
    return node_kind(node_type)


def summary_lines(key: AnswerKey) -> list[str]:
    """The key's summary: algorithm, conventions, root value, move, principal variation, counts."""
    depth = key.settings.get("depth")
    algorithm = algorithm_name(key.algorithm)
    lines = [
        say("key.algorithm.depth", "Algorithm: {algorithm}, depth limit {depth}", algorithm=algorithm, depth=depth)
        if depth is not None else say("key.algorithm", "Algorithm: {algorithm}", algorithm=algorithm),
        say("key.conventions", "Conventions: {conventions}",
            conventions=conventions_summary(key.conventions.prune_on_equal, key.conventions.fail))
        if key.algorithm == "alphabeta" else say("key.ties", "Ties go to the first move searched."),
        say("key.root.value", "Root value: {value}", value=number(key.root_value)),
    ]
    extras = _search_extras(key.settings)
    if extras:
        lines.insert(2, say("key.extras", "Search: {extras}.", extras="; ".join(extras)))
    best = key.best_move
    if best is not None:
        who = node_kind(key.root_type)
        if best.move:
            lines.append(say("key.move.named", "{player}'s move: to {child} (path {path}, move {move})",
                             player=who, child=best.label, path=path_cell(best.path), move=best.move))
        else:
            lines.append(say("key.move", "{player}'s move: to {child} (path {path})", player=who, child=best.label, path=path_cell(best.path)))
    elif key.root_type == "chance":
        lines.append(say("key.move.chance", "The root is a chance node: no move to choose."))
    else:
        lines.append(say("key.move.terminal", "The root is terminal: no move to choose."))
    if key.principal_variation:
        steps = []
        for path, move in zip(key.principal_variation, key.principal_variation_moves):
            name = key.label(path)
            steps.append(f"{name} ({move})" if move else name)
        lines.append(say("key.pv", "Principal variation: {line}", line=" -> ".join(steps)))
    stats = key.stats
    shown_elsewhere = ("visited", "evaluated", "cutoffs", "given_order_visited", "saving")
    extra = ", ".join(_stat(name, n) for name, n in stats.items() if name not in shown_elsewhere)
    counts = say(
        "key.counts", "{visited} (the root included), {evaluated}, {cutoffs}",
        visited=say_n("key.counts.visited", "Visited {n} node", "Visited {n} nodes", stats["visited"], n=count(stats['visited'])),
        evaluated=say_n("key.counts.evaluated", "used {n} static value", "used {n} static values", stats["evaluated"],
                        n=count(stats['evaluated'])),
        cutoffs=say_n("key.counts.cutoffs", "{n} cutoff", "{n} cutoffs", stats["cutoffs"], n=count(stats['cutoffs'])),
    )
    lines.append(counts + (f"; {extra}" if extra else ""))
    if "given_order_visited" in stats:
        given, saving = stats["given_order_visited"], stats.get("saving", 0)
        if saving >= 0:
            change = say_n("key.ordering.saved", "saved {n} node", "saved {n} nodes", saving, n=count(saving))
        else:
            change = say_n("key.ordering.cost", "cost {n} extra node", "cost {n} extra nodes", -saving, n=count(-saving))
        lines.append(say("key.ordering", "Move ordering {change}: the given order visits {given}.", change=change, given=count(given)))
    return lines


def _stat(name: str, n: int) -> str:
    """A count the summary line does not phrase itself: ``pruned 2``, ``tt hits 3``."""
    words = {
        "pruned": lambda: say("key.stat.pruned", "pruned {n}", n=count(n)),
        "depth_cut": lambda: say("key.stat.depth_cut", "depth cut {n}", n=count(n)),
        "tt_hits": lambda: say("key.stat.tt_hits", "tt hits {n}", n=count(n)),
        "tt_stores": lambda: say("key.stat.tt_stores", "tt stores {n}", n=count(n)),
        "quiescence": lambda: say("key.stat.quiescence", "quiescence {n}", n=count(n)),
    }
    if name in words:
        return words[name]()
    return f"{name.replace('_', ' ')} {count(n)}"  # a statistic a newer search records: its field name


def _search_extras(settings: dict[str, object]) -> list[str]:
    """The options a key names beside the algorithm: quiescence, a table by symmetry, a weighted evaluation."""
    extras = []
    if settings.get("quiescence"):
        extras.append(say("key.extras.quiescence", "quiescence search past the depth limit"))
    if settings.get("transposition_table") == "symmetry":
        extras.append(say("key.extras.symmetry", "a transposition table of positions up to symmetry"))
    if settings.get("evaluation"):
        extras.append(say("key.extras.evaluation", "evaluation {spec}", spec=settings["evaluation"]))
    return extras


def cutoff_line(key: AnswerKey, cut: KeyCutoff) -> str:
    """``at C (path 1): v = 2 ≤ α = 3; pruned I, J``."""
    node_type = key.node(cut.at).type if key.has_nodes else ""
    test = cutoff_test("max" if node_type == "max" else "min", key.conventions.prune_on_equal, cut.v, cut.alpha, cut.beta)
    return say(
        "key.cutoff", "at {node} (path {path}): {test}; pruned {pruned}",
        node=cut.label, path=path_cell(cut.at) or say("key.root.path", "root"), test=test, pruned=", ".join(key.label(p) for p in cut.pruned),
    )


SHOWN_LEVELS = 12
"""A deeper node's path is written by its ends in what people read (the JSON key keeps it whole)."""


def path_cell(path: NodePath) -> str:
    """A path as a key's table shows it: ``1.0.2``, or ``0.0.0.0.….1.0.0.0 (depth 10,000)`` past
    :data:`SHOWN_LEVELS` levels (a chain's paths would fill lines of 20,000 characters)."""
    if len(path) <= SHOWN_LEVELS:
        return path_text(path)
    return say(
        "key.path.long", "{head}.….{tail} (depth {depth})",
        head=".".join(map(str, path[:4])), tail=".".join(map(str, path[-4:])), depth=count(len(path)),
    )


def _names(key: AnswerKey, paths: tuple[NodePath, ...] | None, separator: str) -> str:
    return separator.join(key.label(p) for p in paths or ()) or say("key.none", "none")


def _headers() -> tuple[str, ...]:
    return (
        say("key.column.node", "Node"), say("key.column.path", "Path"), say("key.column.type", "Type"),
        say("key.column.minimax", "Minimax"), say("key.column.search", "Search"), say("key.column.visited", "Visited"),
    )


def _yes_no(flag: bool) -> str:
    return say("key.yes", "yes") if flag else say("key.no", "no")


def key_text(key: AnswerKey) -> str:
    """The key as plain text: a summary, a table of every node, the evaluation order, cutoffs."""
    title = say("key.title", "Answer key")
    lines = [title, "=" * len(title), *summary_lines(key)]
    if key.nodes is not None:
        rows = [_headers()]
        for node in key.nodes:
            rows.append((
                node.label, path_cell(node.path) or say("key.root.row", "(root)"), _kind(node.type),
                shown(node.minimax_value), shown(node.search_value, node.bound), _yes_no(node.visited),
            ))
        widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
        lines.append("")
        lines.extend("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip() for row in rows)
        lines.append("")
        lines.append(say("key.evaluated", "Static values used, in order: {nodes}", nodes=_names(key, key.evaluated, " ")))
        lines.append(say("key.unvisited", "Not examined: {nodes}", nodes=_names(key, key.unvisited, " ")))
        lines.append(say("key.cutoffs", "Cutoffs:") + ("" if key.cutoffs else " " + say("key.none", "none")))
        lines.extend("  " + cutoff_line(key, cut) for cut in key.cutoffs or ())
    return "\n".join(lines) + "\n"


def key_markdown(key: AnswerKey) -> str:
    """The key as Markdown, for a solution sheet."""
    lines = ["# " + say("key.title", "Answer key"), ""] + [f"- {md(line)}" for line in summary_lines(key)]
    if key.nodes is not None:
        node, path, kind, _minimax, _search, visited = _headers()
        minimax_long = say("key.column.minimax.long", "Minimax value")
        search_long = say("key.column.search.long", "Search value")
        lines += [
            "",
            f"| {node} | {path} | {kind} | {minimax_long} | {search_long} | {visited} |",
            "|---|---|---|---|---|---|",
        ]
        for row in key.nodes:
            cells = [
                md(row.label), path_cell(row.path) or say("key.root.row", "(root)"), _kind(row.type),
                md(shown(row.minimax_value)), md(shown(row.search_value, row.bound)),
                _yes_no(True) if row.visited else f"**{_yes_no(False)}**",
            ]
            lines.append("| " + " | ".join(cells) + " |")
        lines += [
            "",
            "**" + say("key.evaluated.title", "Static values used, in order:") + "** " + (", ".join(md(key.label(p)) for p in key.evaluated or ())
                                                                                    or say("key.none", "none")),
            "",
            "**" + say("key.unvisited.title", "Not examined:") + "** " + (", ".join(md(key.label(p)) for p in key.unvisited or ())
                                                                          or say("key.none", "none")),
            "",
            "**" + say("key.cutoffs", "Cutoffs:") + "**" + ("" if key.cutoffs else " " + say("key.none", "none")),
        ]
        if key.cutoffs:
            lines.append("")
            lines.extend(f"- {md(cutoff_line(key, cut))}" for cut in key.cutoffs)
    return "\n".join(lines) + "\n"


def md(text: str) -> str:
    r"""Escape what Markdown would read as markup: emphasis, code, links, HTML, entities
    (``&amp;`` stays as typed) and ``$`` (maths, where a site renders it).

    >>> print(md("&amp; $x$ a|b <img src=x>"))
    &amp;amp; \$x\$ a\|b \<img src=x\>
    """
    out = text.replace("\\", "\\\\").replace("&", "&amp;")
    for char in "|*_`[]<>#$~":
        out = out.replace(char, "\\" + char)
    return out
