"""The one player: a traced search stepped through in a web page.

One script, ``assets/player.js``, with its style sheet ``assets/player.css`` and its
markup in Jinja2 templates (``assets/player.html.j2`` for one player,
``assets/page.html.j2`` for a page holding one), serves every page that steps through a
search:

* ``tracer render --html``'s ``index.html`` and the exercise folders' ``steps.html``
  (:mod:`tracer.render.html_player`): standalone pages, one file each, the script and
  style sheet inlined, working offline from a file;
* the tutorial site's steppers and the practice page's solutions
  (:mod:`tracer.docsite.stepper`): the MkDocs plugin ships ``player.js`` and
  ``player.css`` (:func:`assets`) and every page links them once.

Python only fills the templates (autoescaped) and writes the payload; the script applies it.

The payload
-----------
Each player carries one JSON object in ``<script type="application/json" class="tracer-data">``
(written by :func:`script_json`, so no ``</script>``, ``<!--``, U+2028 or U+2029 can end
or break it):

``prefix``
    the id prefix of the figure's SVG, whose node groups are ``P-n-1-0``, edge groups
    ``P-e-1-0`` and text slots ``P-n-1-0-val``/``-win``/``-ord``
    (see :mod:`tracer.render.payload`).
``steps``
    the number of steps of the trace (its last step).
``start``
    the step shown first when the address names none.
``paints``
    :meth:`Figure.paints <tracer.render.figure.Figure.paints>`: one per step held,
    ``{"step", "caption", "nodes", "edges"}``; the first paints every node, each later
    one what changed since the step held before it (so a player may hold every 10th step).
    Showing the step held at index i applies paints 0..i.
``lines`` (optional)
    per paint, the index of the pseudocode line executed (a ``.tracer-line`` of the
    markup), or null.
``stacks`` (optional)
    per paint, the call stack, root first: ``[node, v, α, β]`` as text per frame.
``alphabeta``
    whether stack frames show α and β.
``address``
    how the page's address names a step: ``"id"`` is ``#<player id>-step-N`` (a page of
    many players, the site), ``"step"`` is ``#step=N`` (a page of one). A step the player
    does not hold shows the last one held before it.
``keys``
    where the arrow keys, Home/End and space act: ``"player"`` when the player has the
    focus, ``"page"`` anywhere on the page (a page of one).
``finalCaption`` (optional)
    the caption of the final figure, which the markup then holds and a Result button shows.
``minScale``, ``phoneMinScale``
    a tree is first drawn whole, fitted to the player's width, unless that takes it
    below ``minScale`` of its own size: it is then drawn at ``minScale`` (at
    ``phoneMinScale`` on a screen narrower than 44em), scrolls inside the player and
    follows the current node. The zoom buttons go from the whole tree to four times its size.
``words``
    the script's words in the page's language: ``counter`` (``Step {step} of {total}``),
    ``play`` and ``pause`` (the play button's label).

The layout
----------
The tree takes the player's whole width (up to twice its own size, and no taller than
most of the window) with the caption right under it and the controls under the
caption; the caption's box is as tall as the longest captions (held, hidden, beside it),
so the controls stay put from step to step. The pseudocode and the call stack come
below. The tree, the pseudocode and a final figure alone scroll inside their own boxes,
which take the keyboard's focus when they scroll; the script keeps the current node and
the current line inside them, scrolling those boxes only, never the page.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

import jinja2
from markupsafe import Markup

from tracer.reading.text import plain_direction
from tracer.render.figure import Figure
from tracer.trace.model import Trace
from tracer.words import algorithm_name, conventions_summary, number, say, template

__all__ = [
    "Code", "Head", "asset_text", "assets", "final_html", "head_of", "inline_script", "player_context", "player_html_part",
    "render_template", "script_json",
]

ASSETS = ("player.js", "player.css")
"""The files a page with players needs besides its markup."""

# Shrunk to fit the player's width, a tree is first drawn at no less than this scale:
# past it, it scrolls sideways (following the current node) rather than become
# unreadable, at PHONE_MIN_SCALE on a phone; the zoom buttons show it whole.
MIN_SCALE = 0.45
PHONE_MIN_SCALE = 0.6
# How many of the longest captions the markup holds, hidden, to size the caption's box.
CAPTION_SIZERS = 3

SPEEDS = (2000, 1000, 500, 250, 100)
"""Milliseconds per step the speed menu offers (1000, one step a second, is chosen)."""


def _icon(path: str) -> Markup:
    return Markup(
        '<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false"><path d="{}" fill="currentColor"/></svg>'
    ).format(path)


# Drawn, not typed: the media-control characters are missing from common fonts. Play is
# the one solid triangle; a step back or forward is a chevron; first and last put a bar
# at the end they go to.
ICONS = {
    "first": _icon("M2 2h2v12H2zM14 2v12L5 8z"),
    "prev": _icon("M10.6 1.6 12.4 3.4 7.8 8l4.6 4.6-1.8 1.8L4.2 8z"),
    "play": _icon("M4 2v12l10-6z"),
    "pause": _icon("M3 2h4v12H3zM9 2h4v12H9z"),
    "next": _icon("M5.4 1.6 3.6 3.4 8.2 8l-4.6 4.6 1.8 1.8L11.8 8z"),
    "last": _icon("M12 2h2v12h-2zM2 2v12l9-6z"),
    "zoom_out": _icon("M2 7h12v2H2z"),
    "zoom_in": _icon("M7 2h2v5h5v2H9v5H7V9H2V7h5z"),
    "fit": _icon("M1 1h5v2H3v3H1zM15 1v5h-2V3h-3V1zM1 15v-5h2v3h3v2zM15 15h-5v-2h3v-3h2z"),
}


def script_json(data: Any) -> Markup:
    """JSON safe inside ``<script type="application/json">``: ``<``, ``>`` and ``&`` as
    escapes (no ``</script>`` or ``<!--``), and U+2028/U+2029 too.

    >>> str(script_json({"caption": "</script><!-- a\\u2028b"}))
    '{"caption":"\\\\u003c/script\\\\u003e\\\\u003c!-- a\\\\u2028b"}'
    """
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    for char, escaped in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"), ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        text = text.replace(char, escaped)
    return Markup(text)


def assets() -> dict[str, bytes]:
    """The player's script and style sheet, by file name, for a site to ship."""
    folder = resources.files("tracer.render") / "assets"
    return {name: (folder / name).read_bytes() for name in ASSETS}


@cache
def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.PackageLoader("tracer.render", "assets"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        finalize=plain_direction,  # a title cannot reorder the page
    )


def render_template(name: str, context: dict[str, Any]) -> str:
    """``assets/<name>`` filled with ``context`` (autoescaped)."""
    return _environment().get_template(name).render(context)


@dataclass(frozen=True)
class Head:
    """What a player says above its figure: a title, the search, its conventions."""

    title: str | None
    algorithm: str
    conventions: str


def head_of(trace: Trace, title: str | None = None) -> Head:
    """The heading of a player or final figure of ``trace``."""
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
    return Head(title, algorithm, conventions)


def _words() -> dict[str, str]:
    """The player's labels, each through the wording layer."""
    return {
        "controls": say("player.controls", "Step through the search"),
        "first": say("player.first", "First step"),
        "first_key": say("player.first.key", "First step (Home)"),
        "prev": say("player.prev", "Previous step"),
        "prev_key": say("player.prev.key", "Previous step (←)"),
        "play": say("player.play", "Play"),
        "pause": say("player.pause", "Pause"),
        "play_key": say("player.play.key", "Play or pause (space)"),
        "next": say("player.next", "Next step"),
        "next_key": say("player.next.key", "Next step (→)"),
        "last": say("player.last", "Last step"),
        "last_key": say("player.last.key", "Last step (End)"),
        "slider": say("player.slider", "Step"),
        "speed": say("player.speed", "Speed"),
        "speed_label": say("player.speed.label", "Playback speed"),
        "result": say("player.result", "Result"),
        "result_title": say("player.result.title", "The final figure; press again for the steps"),
        "permalink": say("player.permalink", "link to this step"),
        "permalink_title": say("player.permalink.title", "Link to this step"),
        "stack": say("player.stack", "Call stack (root first)"),
        "stack_node": say("player.stack.node", "node"),
        "options": say("player.options", "Speed, zoom and links"),
        "zoom": say("player.zoom", "Zoom the tree"),
        "zoom_out": say("player.zoom.out", "Zoom out"),
        "zoom_out_key": say("player.zoom.out.key", "Zoom out (-)"),
        "zoom_in": say("player.zoom.in", "Zoom in"),
        "zoom_in_key": say("player.zoom.in.key", "Zoom in (+)"),
        "fit": say("player.zoom.fit", "Show the whole tree"),
        "fit_key": say("player.zoom.fit.key", "Show the whole tree (0)"),
        "figure": say("player.figure", "The search tree"),
    }


def _counter(step: int, total: int) -> str:
    return say("player.counter", "Step {step} of {total}", step=step, total=total)


def _rate(delay: int) -> str:
    return say("player.speed.rate", "{rate}×", rate=number(1000 / delay))


@dataclass(frozen=True)
class Code:
    """A pseudocode listing for the player's side panel: its title and its lines, indented."""

    title: str
    lines: Sequence[str]


def player_context(
    figure: Figure,
    *,
    root_id: str,
    head: Head | None,
    label: str,
    style: str,
    steps: Iterable[int] | None = None,
    start: int = 0,
    lines: Sequence[int | None] | None = None,
    stacks: Sequence[Any] | None = None,
    code: Code | None = None,
    final: bool = False,
    address: str = "id",
    keys: str = "player",
    figure_style: str = "",
    progress: Callable[[int], Any] | None = None,
) -> dict[str, Any]:
    """What ``player.html.j2`` needs to draw one player of ``figure``'s trace.

    ``steps`` chooses the steps held (all when None); ``lines`` and ``stacks`` (one per
    step held) add the pseudocode line and the call stack; ``final`` adds the final
    figure and a Result button; ``label`` names the player for screen readers.
    """
    trace = figure.trace
    assert trace is not None
    paints = figure.paints(steps, progress)
    total = len(trace)
    start_index = 0
    while start_index + 1 < len(paints) and paints[start_index + 1]["step"] <= start:
        start_index += 1
    words = _words()
    data: dict[str, Any] = {"prefix": figure.prefix, "steps": total, "start": start, "paints": paints}
    if lines is not None:
        data["lines"] = list(lines)
    if stacks is not None:
        data["stacks"] = list(stacks)
    data["alphabeta"] = trace.algorithm == "alphabeta"
    data["address"] = address
    data["keys"] = keys
    final_svg = None
    if final:
        data["finalCaption"] = figure.final_caption()
        # the final figure's ids get their own prefix, so they collide with none of the player's
        final_svg = Markup(figure.final().replace(f'id="{figure.prefix}', f'id="{figure.prefix}f'))
    data["minScale"] = MIN_SCALE
    data["phoneMinScale"] = PHONE_MIN_SCALE
    # the counter's wording with its placeholders, for the script to fill
    data["words"] = {"counter": template("player.counter", "Step {step} of {total}"), "play": words["play"], "pause": words["pause"]}
    shown = paints[start_index]
    return {
        "id": root_id,
        "region_label": say("player.region", "{title}: use the arrow keys to step", title=label),
        "head": head,
        "style": Markup(style),
        "figure_style": figure_style + f"--tracer-min-width:{figure.width * MIN_SCALE:.0f}pt",
        "svg": Markup(figure.base()),
        "final_svg": final_svg,
        "code": code,
        "stack": {"alphabeta": data["alphabeta"]} if stacks is not None else None,
        "icons": ICONS,
        "words": words,
        "speeds": [(delay, _rate(delay)) for delay in SPEEDS],
        "start_index": start_index,
        "last_index": len(paints) - 1,
        "counter": _counter(shown["step"], total),
        "caption": shown["caption"],
        "caption_sizers": _longest(
            [paint["caption"] or "" for paint in paints] + ([data["finalCaption"]] if final else []), CAPTION_SIZERS
        ),
        "permalink": f"#{root_id}-step-{shown['step']}" if address == "id" else None,
        "data": data,
        "payload": script_json(data),
    }


def _longest(texts: Sequence[str], count: int) -> list[str]:
    """The ``count`` longest of ``texts`` (by characters; each once), longest first.

    >>> _longest(["a", "ccc", "bb", "ccc", ""], 2)
    ['ccc', 'bb']
    """
    return sorted(set(texts), key=lambda text: (-len(text), text))[:count]


def player_html_part(context: dict[str, Any]) -> str:
    """The markup of one player (for a page that links ``player.js`` and ``player.css``)."""
    return render_template("player.html.j2", context)


def final_html(figure: Figure, *, root_id: str, head: Head, style: str, figure_style: str = "") -> str:
    """A final figure alone, under the same heading a player has."""
    return render_template(
        "final.html.j2",
        {
            "id": root_id,
            "head": head,
            "style": Markup(style),
            "figure_style": figure_style + f"--tracer-min-width:{figure.width * MIN_SCALE:.0f}pt",
            "svg": Markup(figure.final()),
            "figure_label": say("player.figure", "The search tree"),
        },
    )


def asset_text(name: str) -> str:
    """The text of one of the player's assets (``player.js``, ``player.css``)."""
    if name not in ASSETS:
        raise ValueError(f"no player asset {name!r}")
    return assets()[name].decode("utf-8")


def inline_script(name: str = "player.js") -> Markup:
    """The player's script, to inline in a ``<script>`` element (checked: nothing in it can
    end the element or change how HTML reads it)."""
    text = asset_text(name)
    lowered = text.lower()
    for bad in ("</script", "<script", "<!--"):
        if bad in lowered:
            raise ValueError(f"{name} cannot be inlined: it contains {bad}")
    return Markup(text)
