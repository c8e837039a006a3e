"""A traced tree as a stepper: one SVG, the per-step changes, the pseudocode, the stack.

:func:`stepper_html` turns a ``gametree`` fence into the HTML the site's script
(``assets/stepper.js``) brings to life. The payload holds the figure once
(:func:`tracer.render.frames.base_svg`) and, per step, only what changed
(:func:`tracer.render.frames.paints`), the pseudocode line executed and the call stack,
so it grows with nodes plus steps, not with their product.

The figure is drawn in the light theme; a second copy of the figure's style sheet,
scoped to Material's dark palette (``[data-md-color-scheme="slate"]``), recolours it
there, so one page serves both palettes.
"""

from __future__ import annotations

import html
import json
from dataclasses import replace
from pathlib import Path as FilePath
from typing import Any

from tracer.docsite.fence import FenceOptions
from tracer.docsite.pseudocode import pseudocode_for, step_lines
from tracer.trace.model import Trace
from tracer.trace.replay import Replayer
from tracer.words import algorithm_name, conventions_summary, number, say

__all__ = ["build_trace", "script_json", "stepper_html", "stepper_payload", "trace_stepper_html"]

DARK_SCOPE = '[data-md-color-scheme="slate"]'


def _icon(path: str) -> str:
    return f'<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false"><path d="{path}" fill="currentColor"/></svg>'


# Drawn, not typed: the media-control characters are missing from common fonts.
ICONS = {
    "first": _icon("M2 2h2v12H2zM14 2v12L5 8z"),
    "prev": _icon("M12 2v12L3 8z"),
    "play": _icon("M4 2v12l10-6z"),
    "pause": _icon("M3 2h4v12H3zM9 2h4v12H9z"),
    "next": _icon("M4 2v12l9-6z"),
    "last": _icon("M12 2h2v12h-2zM2 2v12l9-6z"),
}


# A figure wider than this (in points) gets the whole width of the stepper, with the
# pseudocode and the stack below it rather than beside it.
WIDE_FIGURE = 520.0
# Shrunk to fit a column, a wide figure is never drawn at less than this scale: past it,
# the figure scrolls sideways (and follows the current node) rather than become unreadable.
MIN_SCALE = 0.45


def _min_width(figure: Any) -> str:
    return f"--tracer-min-width:{figure.width * MIN_SCALE:.0f}pt"


def build_trace(source: str, fence: FenceOptions, page_dir: FilePath, docs_dir: FilePath) -> Trace:
    """Search what the fence names: its body, its ``file=`` or its ``game=``."""
    from tracer.api import default_algorithm, search
    from tracer.docsite.fence import resolve_file
    from tracer.errors import InputError
    from tracer.game.games import make_game
    from tracer.game.notation import load_tree, parse_tree

    if fence.game:
        if source.strip():
            raise InputError("a fence with game= has a body too", hint="leave the fence empty, or drop game=")
        target: Any = make_game(fence.game, fence.position)
    elif fence.file:
        if source.strip():
            raise InputError("a fence with file= has a body too", hint="leave the fence empty, or drop file=")
        target = load_tree(resolve_file(fence.file, page_dir, docs_dir), players=fence.players, root=fence.root)
    else:
        if not source.strip():
            raise InputError("the fence is empty", hint="write a tree such as [[3, 12], [2, 4]] in it, or give file= or game=")
        from tracer.docsite.fence import FENCE_SOURCE

        target = parse_tree(source, source=FENCE_SOURCE, players=fence.players, root=fence.root)
    settings = fence.settings
    if "algorithm" not in fence.raw:  # as on the command line
        settings = replace(settings, algorithm=default_algorithm(target))
    return search(target, settings)


def _stacks(trace: Trace, labels: str) -> list[list[list[str]]]:
    """The call stack after each step: [node name, v, alpha, beta] per frame, root first."""
    tree = trace.tree

    def name(path: tuple[int, ...]) -> str:
        if labels == "letters" and path in tree:
            return tree.node(path).label
        return ".".join(map(str, path)) or "root"

    def shown(value: float | None) -> str:
        return "" if value is None else number(value)

    stacks: list[list[list[str]]] = [[]]
    for walker in Replayer(trace).steps():
        frames = []
        for path in walker.stack:
            alpha, beta = walker.window.get(path, (None, None))
            frames.append([name(path), shown(walker.v.get(path)), shown(alpha), shown(beta)])
        stacks.append(frames)
    return stacks


def stepper_payload(trace: Trace, fence: FenceOptions, prefix: str) -> dict[str, Any]:
    """Everything the script needs besides the SVG: paints, lines, stacks, the start step."""
    from tracer.render.frames import Figure

    figure = Figure(trace, theme="light", labels=fence.labels, order_numbers=fence.show_order, prefix=prefix, caption_band=False)
    code = pseudocode_for(trace)
    total = len(trace)
    if fence.start == "final":
        start = total
    elif fence.start == "first":
        start = 0
    else:
        start = min(int(fence.start), total)
    return {
        "figure": figure,
        "code": code,
        "data": {
            "steps": total,
            "start": start,
            "paints": figure.paints(),
            "lines": [None, *step_lines(trace, code)],
            "stacks": _stacks(trace, fence.labels),
            "alphabeta": trace.algorithm == "alphabeta",
        },
    }


def _style(figure: Any) -> str:
    """The figure's classes in the light theme, and in the dark one under Material's slate palette."""
    from tracer.render.style import stylesheet

    light = stylesheet("light", figure.prefix)
    rules = stylesheet("dark", figure.prefix)
    scope = f"#{figure.prefix}"
    dark_rules = "\n".join(
        line.replace(scope, f"{DARK_SCOPE} {scope}", 1) for line in rules.splitlines() if line.strip()
    )
    return light + dark_rules + "\n"


def script_json(data: Any) -> str:
    """JSON safe inside <script>: no "</" or "<!--" can end or confuse the element."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def stepper_html(source: str, fence: FenceOptions, *, id_token: str, page_dir: FilePath, docs_dir: FilePath, theme: str = "auto") -> str:
    """The HTML of one fence: a stepper, or (``final=true``) the final figure alone."""
    return trace_stepper_html(build_trace(source, fence, page_dir, docs_dir), fence, id_token=id_token)


def trace_stepper_html(trace: Trace, fence: FenceOptions, *, id_token: str) -> str:
    """The HTML of a stepper (or the final figure alone) for an existing trace."""
    prefix = f"{id_token}-fig"
    title = html.escape(fence.title) if fence.title else ""
    c = trace.conventions
    if trace.algorithm == "alphabeta":
        conventions = conventions_summary(c.prune_on_equal, c.fail)
    else:
        conventions = say("stepper.ties", "ties go to the first move searched")
    algorithm = algorithm_name(trace.algorithm, capital=True)
    if trace.settings.depth is not None:
        algorithm += say("stepper.depth", ", depth limit {depth}", depth=trace.settings.depth)
    if trace.settings.iterative:
        algorithm += say("stepper.iterative", ", iterative deepening")
    if trace.settings.order != "given":
        algorithm += say("stepper.order", ", order: {order}", order=trace.settings.order)
    if trace.settings.transposition_table:
        algorithm += say("stepper.tt", ", transposition table")
    heading = (
        '<div class="tracer-head">'
        + (f'<p class="tracer-title">{title}</p>' if title else "")
        + f'<p class="tracer-conventions"><strong>{html.escape(algorithm)}</strong>: {html.escape(conventions)}.</p></div>'
    )
    height = f"height:{fence.height}px;" if fence.height else ""
    if fence.final_only:
        from tracer.render.frames import Figure

        figure = Figure(trace, theme="light", labels=fence.labels, order_numbers=fence.show_order, prefix=prefix)
        return (
            f'<div class="tracer-figure-only" id="{id_token}">{heading}'
            f'<style>{_style(figure)}</style>'
            f'<figure class="tracer-figure" style="{height}{_min_width(figure)}">{figure.final()}</figure></div>'
        )
    payload = stepper_payload(trace, fence, prefix)
    figure, code, data = payload["figure"], payload["code"], payload["data"]
    lines = "".join(
        f'<span class="tracer-line" data-line="{number}">{"  " * line.indent}{html.escape(line.text)}\n</span>'
        for number, line in enumerate(code.lines)
    )
    code_block = (
        f'<div class="tracer-code"><p class="tracer-code-title">{html.escape(code.title)}</p>'
        f'<pre class="tracer-pseudocode"><code>{lines}</code></pre></div>'
        if fence.pseudocode
        else ""
    )
    stack = (
        '<table class="tracer-stack"><caption>Call stack (root first)</caption>'
        '<thead><tr><th scope="col">node</th><th scope="col">v</th>'
        + ('<th scope="col">α</th><th scope="col">β</th>' if data["alphabeta"] else "")
        + "</tr></thead><tbody></tbody></table>"
    )
    total = data["steps"]
    controls = (
        '<div class="tracer-controls" role="group" aria-label="Step through the search">'
        f'<button type="button" data-action="first" aria-label="First step" title="First step (Home)">{ICONS["first"]}</button>'
        f'<button type="button" data-action="prev" aria-label="Previous step" title="Previous step (←)">{ICONS["prev"]}</button>'
        f'<button type="button" data-action="play" aria-label="Play" aria-pressed="false" title="Play or pause (space)">'
        f'<span class="tracer-icon-play">{ICONS["play"]}</span><span class="tracer-icon-pause">{ICONS["pause"]}</span></button>'
        f'<button type="button" data-action="next" aria-label="Next step" title="Next step (→)">{ICONS["next"]}</button>'
        f'<button type="button" data-action="last" aria-label="Last step" title="Last step (End)">{ICONS["last"]}</button>'
        f'<input type="range" class="tracer-slider" min="0" max="{total}" value="{data["start"]}" aria-label="Step">'
        f'<span class="tracer-counter" aria-live="off">Step {data["start"]} of {total}</span>'
        '<label class="tracer-speed">Speed <select aria-label="Playback speed">'
        '<option value="2000">0.5×</option><option value="1000" selected>1×</option>'
        '<option value="500">2×</option><option value="250">4×</option></select></label>'
        f'<a class="tracer-permalink" href="#{id_token}-step-{data["start"]}" title="Link to this step">link to this step</a>'
        "</div>"
    )
    return (
        f'<div class="tracer-stepper{" tracer-wide" if figure.width > WIDE_FIGURE else ""}" id="{id_token}" tabindex="0" role="region" '
        f'aria-label="{html.escape(fence.title or "Search stepper")}: use the arrow keys to step" data-tracer-stepper>'
        f"{heading}<style>{_style(figure)}</style>"
        f'<div class="tracer-body"><figure class="tracer-figure" style="{height}{_min_width(figure)}">{figure.base()}</figure>'
        f'<div class="tracer-side">{code_block}{stack}</div></div>'
        # the controls sit above the caption, whose height changes from step to step,
        # so that a student clicking Next again and again finds the button where it was
        f'{controls}<p class="tracer-caption" aria-live="polite"></p>'
        f'<script type="application/json" class="tracer-data">{script_json(data)}</script></div>'
    )
