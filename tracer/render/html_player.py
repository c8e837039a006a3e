"""A self-contained HTML player for a trace: one file, no network, every step inside.

The page is :mod:`tracer.render.player`'s one player on a page of its own
(``assets/page.html.j2``), with the script and the style sheet inlined: the figure once
(:meth:`~tracer.render.figure.Figure.base`), the per-step changes
(:meth:`~tracer.render.figure.Figure.paints`), the style sheet that gives the classes their
look, and the final figure behind a Result button. So the file grows with nodes + steps,
not nodes x steps. Controls: first, previous, play/pause (with a speed), next, last, a
slider, the arrow keys, Home/End and the space bar anywhere on the page; ``#step=N`` in
the address opens step N (or the last step the page holds before it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from markupsafe import Markup

from tracer.render.figure import Figure
from tracer.render.player import asset_text, head_of, inline_script, player_context, render_template
from tracer.render.style import theme as get_theme
from tracer.words import algorithm_name, current_language, say

__all__ = ["figure_title", "player_html"]


def figure_title(figure: Figure) -> str:
    """What a figure shows in a few words: the search and its tree or game (a page's title)."""
    trace = figure.trace
    assert trace is not None
    name = algorithm_name(trace.algorithm, capital=True)
    if not trace.is_game:
        return say("player.title.tree", "{algorithm} on a game tree", algorithm=name)
    position = getattr(trace.game, "position", "")
    if position:
        return say("player.title.position", "{algorithm} on {game} {position}", algorithm=name, game=trace.game.name, position=position)
    return say("player.title.game", "{algorithm} on {game}", algorithm=name, game=trace.game.name)


def player_html(
    figure: Figure, title: str | None = None, steps: Iterable[int] | None = None, progress: Callable[[int], Any] | None = None
) -> str:
    """The player page of a figure's trace (one string, ready to write): every step, or
    only ``steps`` (each showing all that changed since the one before)."""
    trace = figure.trace
    assert trace is not None
    if title is None:
        title = figure_title(figure)
    t = get_theme(figure.theme)
    context = player_context(
        figure,
        root_id="player",
        head=head_of(trace),
        label=title,
        style=figure.stylesheet(),
        steps=steps,
        final=True,
        address="step",
        keys="page",
        progress=progress,
    )
    context.update(
        language=current_language(),
        title=title,
        colours={
            "scheme": "dark" if figure.theme == "dark" else "light",
            "background": t.background, "ink": t.ink, "muted": t.muted, "accent": t.accent, "panel": t.legend_fill,
        },
        max_width=int(max(figure.width * 1.6, 700)),
        player_css=Markup(asset_text("player.css")),
        player_js=inline_script(),
    )
    return render_template("page.html.j2", context) + "\n"
