"""The answer key of a trace: what a TA pastes into a solution sheet, and what answers are checked against.

:func:`answer_key` returns a plain dictionary (ready for JSON) with

* ``root_value``, ``best_move`` (``{"path", "label", "move"}``, None at a terminal or
  chance root) and ``principal_variation`` (paths of the best line, from the root's
  chosen child down, ending at a leaf, a chance node or where the search stopped);
* ``nodes``: every node of the tree with ``path``, ``label``, ``type``
  (max/min/chance/leaf), ``minimax_value`` (the true value, whatever the search saw),
  ``search_value`` (what this search returned there, None if never entered), ``bound``
  (exact/lower/upper, None if never entered) and ``visited``;
* ``evaluated`` (nodes whose static value was used, in order), ``unvisited`` (every node
  never entered), ``cutoffs`` (``{"at", "label", "v", "alpha", "beta", "pruned"}``, only
  those that pruned something);
* ``conventions`` (with a one-line ``description``), ``algorithm``, ``settings`` and
  ``stats`` (``visited``, ``evaluated``, ``cutoffs``, ...).

With iterative deepening the per-node parts describe the last iteration. For games
(whose trees can be huge) ``nodes``, ``evaluated``, ``unvisited`` and ``cutoffs`` are
left out unless ``include_nodes`` is true; for a game, ``unvisited`` lists the roots of
the pruned subtrees, which the search never generated.

:func:`key_text` and :func:`key_markdown` format a key for people.
"""

from __future__ import annotations

from typing import Any

from tracer.errors import path_text
from tracer.game.model import Path, format_value
from tracer.recursion import quiet_gc
from tracer.search.oracle import TrueValues
from tracer.trace.model import Trace
from tracer.words import plural

__all__ = ["answer_key", "key_markdown", "key_text"]

_BOUND_SIGN = {"exact": "", "lower": ">= ", "upper": "<= "}


def answer_key(trace: Trace, include_nodes: bool | None = None) -> dict[str, Any]:
    """The answer key of ``trace`` as a JSON-ready dictionary (infinities stay floats)."""
    with quiet_gc():
        return _answer_key(trace, include_nodes)


def _answer_key(trace: Trace, include_nodes: bool | None) -> dict[str, Any]:
    if include_nodes is None:
        include_nodes = not trace.is_game
    tree = trace.tree
    events = _last_iteration(trace.raw_events)
    entered: set[Path] = set()
    left: dict[Path, tuple[float, str, Path | None]] = {}
    evaluated: list[Path] = []
    cutoffs: list[dict[str, Any]] = []
    for raw in events:
        kind = raw[0]
        if kind == "enter":
            entered.add(raw[1])
        elif kind == "leave":
            left[raw[1]] = (raw[2], raw[3], raw[4])
        elif kind == "evaluate":
            evaluated.append(raw[1])
        elif kind == "cutoff" and raw[5]:
            at = raw[1]
            cutoffs.append(
                {
                    "at": path_text(at),
                    "label": tree.node(at).label if at in tree else None,
                    "v": raw[2],
                    "alpha": raw[3],
                    "beta": raw[4],
                    "pruned": [path_text(p) for p in raw[5]],
                }
            )

    root_type = tree.root.type
    best = trace.run.best if root_type in ("max", "min") else None
    line = _principal_variation(left, best)
    key: dict[str, Any] = {
        "format": "tracer-key",
        "version": 1,
        "source": _source(trace),
        "algorithm": trace.algorithm,
        "conventions": {**trace.conventions.to_dict(), "description": trace.conventions.describe()},
        "settings": {k: v for k, v in trace.settings.to_dict().items() if k not in ("algorithm", "conventions")},
        "root_value": trace.root_value,
        "root_type": root_type,
        "best_move": _move(tree, best),
        "principal_variation": [path_text(p) for p in line],
        "principal_variation_moves": [tree.node(p).move if p in tree else None for p in line],
        "stats": {"visited": trace.stats["visited"], "evaluated": trace.stats["evaluated"], "cutoffs": trace.stats["cutoffs"]}
        | {name: count for name, count in trace.stats.items() if name not in ("visited", "evaluated", "cutoffs") and count},
    }
    if trace.run.iterations:
        key["iterations"] = [
            {"depth": it["depth"], "value": it["value"], "best": path_text(it["best"]) if it["best"] is not None else None, "visited": it["visited"]}
            for it in trace.run.iterations
        ]
    if include_nodes:
        limit = trace.run.iterations[-1]["depth"] if trace.run.iterations else trace.settings.depth
        all_nodes = list(tree.preorder())
        texts = {node.path: node.path_text for node in all_nodes}
        true_values = TrueValues(trace.game, limit).values(
            [(node.state if trace.is_game else node, node.depth) for node in all_nodes]
        )
        nodes = []
        for node, true_value in zip(all_nodes, true_values):
            done = left.get(node.path)
            nodes.append(
                {
                    "path": texts[node.path],
                    "label": node.label,
                    "type": node.type,
                    "minimax_value": true_value,
                    "search_value": done[0] if done else None,
                    "bound": done[1] if done else None,
                    "visited": node.path in entered,
                }
            )
        key["nodes"] = nodes
        key["evaluated"] = [texts.get(p) or path_text(p) for p in evaluated]
        key["unvisited"] = [texts[node.path] for node in all_nodes if node.path not in entered]
        key["cutoffs"] = cutoffs
    return key


def _last_iteration(events: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    for index in range(len(events) - 1, -1, -1):
        if events[index][0] == "iteration_start":
            return events[index:]
    return events


def _principal_variation(left: dict[Path, tuple[float, str, Path | None]], best: Path | None) -> list[Path]:
    line: list[Path] = []
    path = best
    while path is not None:
        line.append(path)
        done = left.get(path)
        path = done[2] if done else None
    return line


def _move(tree: Any, path: Path | None) -> dict[str, Any] | None:
    if path is None or path not in tree:
        return None
    node = tree.node(path)
    return {"path": node.path_text, "label": node.label, "move": node.move}


def _source(trace: Trace) -> dict[str, Any]:
    if trace.is_game:
        return {"kind": "game", "game": trace.game.name, "position": getattr(trace.game, "position", None)}
    return {"kind": "tree", "nodes": len(trace.tree), "players": list(trace.tree.players)}


# -- for people --------------------------------------------------------------------------
def shown(value: Any, bound: str | None = "exact") -> str:
    """A value as a key prints it: ``3``, ``<= 2``, ``>= 5``, ``-`` for none."""
    if value is None:
        return "-"
    return _BOUND_SIGN.get(bound or "exact", "") + format_value(value)


def _name(key: dict[str, Any], path: str) -> str:
    for node in key.get("nodes", ()):
        if node["path"] == path:
            return node["label"]
    return f"[{path}]"


def _summary_lines(key: dict[str, Any]) -> list[str]:
    best = key["best_move"]
    who = {"max": "MAX", "min": "MIN"}.get(key["root_type"], "")
    lines = [
        f"Algorithm: {key['algorithm']}" + (f", depth limit {key['settings']['depth']}" if key["settings"].get("depth") is not None else ""),
        f"Conventions: {key['conventions']['description']}" if key["algorithm"] == "alphabeta" else "Ties go to the first move searched.",
        f"Root value: {format_value(key['root_value'])}",
    ]
    if best is not None:
        move = f", move {best['move']}" if best.get("move") else ""
        lines.append(f"{who}'s move: to {best['label']} (path {best['path']}{move})")
    elif key["root_type"] == "chance":
        lines.append("The root is a chance node: no move to choose.")
    else:
        lines.append("The root is terminal: no move to choose.")
    if key["principal_variation"]:
        steps = []
        for path, move in zip(key["principal_variation"], key["principal_variation_moves"]):
            name = _name(key, path) if "nodes" in key else f"[{path}]"
            steps.append(f"{name} ({move})" if move else name)
        lines.append("Principal variation: " + " -> ".join(steps))
    stats = key["stats"]
    shown_elsewhere = ("visited", "evaluated", "cutoffs", "given_order_visited", "saving")
    extra = ", ".join(f"{name.replace('_', ' ')} {count}" for name, count in stats.items() if name not in shown_elsewhere)
    lines.append(
        f"Visited {plural(stats['visited'], 'node')} (the root included), used {plural(stats['evaluated'], 'static value')}, "
        f"{plural(stats['cutoffs'], 'cutoff')}" + (f"; {extra}" if extra else "")
    )
    if "given_order_visited" in stats:
        given, saving = stats["given_order_visited"], stats.get("saving", 0)
        change = f"saved {plural(saving, 'node')}" if saving >= 0 else f"cost {plural(-saving, 'extra node')}"
        lines.append(f"Move ordering {change}: the given order visits {given}.")
    return lines


def _cutoff_line(key: dict[str, Any], cut: dict[str, Any]) -> str:
    pruned = ", ".join(_name(key, p) for p in cut["pruned"])
    v, alpha, beta = format_value(cut["v"]), format_value(cut["alpha"]), format_value(cut["beta"])
    node_type = next((n["type"] for n in key["nodes"] if n["path"] == cut["at"]), "")
    strict = not key["conventions"]["prune_on_equal"]
    if node_type == "max":
        test = f"v = {v} {'>' if strict else '>='} beta = {beta}"
    else:
        test = f"v = {v} {'<' if strict else '<='} alpha = {alpha}"
    return f"at {cut['label']} (path {cut['at'] or 'root'}): {test}; pruned {pruned}"


def key_text(key: dict[str, Any]) -> str:
    """The key as plain text: a summary, a table of every node, the evaluation order, cutoffs."""
    lines = ["Answer key", "=========="] + _summary_lines(key)
    if "nodes" in key:
        rows = [("Node", "Path", "Type", "Minimax", "Search", "Visited")]
        for node in key["nodes"]:
            rows.append(
                (
                    node["label"], node["path"] or "(root)", node["type"].upper() if node["type"] != "leaf" else "leaf",
                    shown(node["minimax_value"]), shown(node["search_value"], node["bound"]), "yes" if node["visited"] else "no",
                )
            )
        widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
        lines.append("")
        lines.extend("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip() for row in rows)
        lines.append("")
        lines.append("Static values used, in order: " + (" ".join(_name(key, p) for p in key["evaluated"]) or "none"))
        lines.append("Not examined: " + (" ".join(_name(key, p) for p in key["unvisited"]) or "none"))
        lines.append("Cutoffs:" + ("" if key["cutoffs"] else " none"))
        lines.extend("  " + _cutoff_line(key, cut) for cut in key["cutoffs"])
    return "\n".join(lines) + "\n"


def key_markdown(key: dict[str, Any]) -> str:
    """The key as Markdown, for a solution sheet."""
    lines = ["# Answer key", ""] + [f"- {line}" for line in _summary_lines(key)]
    if "nodes" in key:
        lines += ["", "| Node | Path | Type | Minimax value | Search value | Visited |", "|---|---|---|---|---|---|"]
        for node in key["nodes"]:
            cells = [
                _md(node["label"]), node["path"] or "(root)", node["type"].upper() if node["type"] != "leaf" else "leaf",
                _md(shown(node["minimax_value"])), _md(shown(node["search_value"], node["bound"])), "yes" if node["visited"] else "**no**",
            ]
            lines.append("| " + " | ".join(cells) + " |")
        lines += [
            "",
            "**Static values used, in order:** " + (", ".join(_md(_name(key, p)) for p in key["evaluated"]) or "none"),
            "",
            "**Not examined:** " + (", ".join(_md(_name(key, p)) for p in key["unvisited"]) or "none"),
            "",
            "**Cutoffs:**" + ("" if key["cutoffs"] else " none"),
        ]
        if key["cutoffs"]:
            lines.append("")
            lines.extend(f"- {_md(_cutoff_line(key, cut))}" for cut in key["cutoffs"])
    return "\n".join(lines) + "\n"


def _md(text: str) -> str:
    r"""Escape what Markdown would read as markup in a table cell: emphasis, code, links,
    HTML, entities (``&amp;`` stays as typed) and ``$`` (maths, where a site renders it).

    >>> print(_md("&amp; $x$ a|b"))
    &amp;amp; \$x\$ a\|b
    """
    out = text.replace("\\", "\\\\").replace("&", "&amp;")
    for char in "|*_`[]<>#$~":
        out = out.replace(char, "\\" + char)
    return out
