"""A traced tree on the site: a player with the pseudocode and the call stack, or a final figure.

:func:`stepper_html` turns a ``gametree`` fence into :mod:`tracer.render.player`'s one
player (the site links ``player.js`` and ``player.css`` once per page), adding what the
site shows beside the figure: the pseudocode line executed at each step
(:mod:`tracer.trace.pseudocode`) and the call stack. The payload holds the figure once
and, per step, only what changed, so it grows with nodes plus steps, not with their product.

The figure is drawn in the light theme; a second copy of the figure's style sheet,
scoped to Material's dark palette (``[data-md-color-scheme="slate"]``), recolours it
there, so one page serves both palettes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from pathlib import Path as FilePath
from typing import Any

from tracer.docsite.fence import FenceOptions
from tracer.render.figure import Figure
from tracer.render.player import Code, final_html, head_of, player_context, player_html_part, script_json
from tracer.search.conventions import default_algorithm
from tracer.trace.model import Trace
from tracer.trace.pseudocode import Pseudocode, StepLines, pseudocode_for
from tracer.trace.replay import Replayer
from tracer.words import number, say

# script_json: the practice page writes its key with the player's safe JSON
__all__ = ["build_trace", "script_json", "stepper_html", "stepper_payload", "trace_stepper_html"]

DARK_SCOPE = '[data-md-color-scheme="slate"]'


def build_trace(source: str, fence: FenceOptions, page_dir: FilePath, docs_dir: FilePath) -> Trace:
    """Search what the fence names: its body, its ``file=`` or its ``game=``."""
    from tracer.docsite.fence import resolve_file
    from tracer.errors import InputError
    from tracer.game.games import make_game
    from tracer.game.notation import load_tree, parse_tree

    if fence.imperfect:
        from tracer.game.imperfect import make_hidden
        from tracer.search.imperfect import DealsGame, InformationSetGame, chosen_deals

        if source.strip() or not fence.game:
            raise InputError(say("fence.imperfect.game", "imperfect= needs game= (whist or roads) and no body"),
                             hint=say("fence.imperfect.game.hint", "e.g. game=roads imperfect=information-sets"))
        hidden = make_hidden(fence.game, fence.position)
        built = DealsGame if fence.imperfect == "deals" else InformationSetGame
        target: Any = built(hidden, chosen_deals(hidden, fence.deals, fence.settings.seed))
    elif fence.game:
        if source.strip():
            raise InputError(say("fence.game.body", "a fence with game= has a body too"), hint=say("fence.game.body.hint", "leave the fence empty, or drop game="))
        target = make_game(fence.game, fence.position)
    elif fence.file:
        if source.strip():
            raise InputError(say("fence.file.body", "a fence with file= has a body too"), hint=say("fence.file.body.hint", "leave the fence empty, or drop file="))
        target = load_tree(resolve_file(fence.file, page_dir, docs_dir), players=fence.players, root=fence.root)
    else:
        if not source.strip():
            raise InputError(say("fence.empty", "the fence is empty"),
                             hint=say("fence.empty.hint", "write a tree such as [[3, 12], [2, 4]] in it, or give file= or game="))
        from tracer.docsite.fence import FENCE_SOURCE

        target = parse_tree(source, source=FENCE_SOURCE, players=fence.players, root=fence.root)
    settings = fence.settings
    if "algorithm" not in fence.raw:  # as on the command line
        settings = replace(settings, algorithm=default_algorithm(target))
    return Trace.searched(target, settings)


class _Stacks:
    """The call stack after each step, told one step at a time by the figure's walk over the trace:
    :attr:`stacks`, [node name, v, alpha, beta] per frame, root first (step 0: empty).

    A frame's row is made once per look (node, v, window) and shared by every step that
    shows it: a stack changes at its top only, and a tree has few distinct values."""

    def __init__(self, trace: Trace, labels: str) -> None:
        self.tree, self.labels = trace.tree, labels
        self.stacks: list[list[list[str]]] = [[]]
        self._rows: dict[tuple[Any, ...], list[str]] = {}

    def _row(self, path: tuple[int, ...], v: float | None, alpha: float | None, beta: float | None) -> list[str]:
        if self.labels == "letters" and path in self.tree:
            name = self.tree.node(path).label
        else:
            name = ".".join(map(str, path)) or say("figure.label.root", "root")  # as the figure labels it
        return [name, _shown(v), _shown(alpha), _shown(beta)]

    def note_step(self, walker: Replayer) -> None:
        rows, frames = self._rows, []
        window, v = walker.window, walker.v
        for path in walker.stack:
            alpha, beta = window.get(path, (None, None))
            look = (path, v.get(path), alpha, beta)
            frame = rows.get(look)
            if frame is None:
                frame = rows[look] = self._row(*look)
            frames.append(frame)
        self.stacks.append(frames)


def _shown(value: float | None) -> str:
    return "" if value is None else number(value)


def _figure(trace: Trace, fence: FenceOptions, prefix: str, *, caption_band: bool = True, followers: Sequence[Any] = (),
            every_step: bool = False) -> Figure:
    """The fence's figure; ``every_step``: a stepper's, whose scene keeps every step's looks as it walks the
    trace (the player reads them without a walk of its own), and tells the ``followers`` of each step."""
    return Figure(trace, theme="light", labels=fence.labels, order_numbers=fence.show_order, prefix=prefix, caption_band=caption_band,
                  followers=followers, caption_steps=range(len(trace) + 1) if every_step else None)


def _height(fence: FenceOptions) -> str:
    """The figure's inline style for a fence's ``height=``."""
    return f"height:{fence.height}px;" if fence.height else ""


def _start(fence: FenceOptions, total: int) -> int:
    if fence.start == "final":
        return total
    if fence.start == "first":
        return 0
    return min(int(fence.start), total)


def stepper_payload(trace: Trace, fence: FenceOptions, prefix: str) -> dict[str, Any]:
    """The player's context for a fence: ``figure``, ``code`` (the pseudocode) and
    ``data``, the payload (see :mod:`tracer.render.player`)."""
    figure, code, context = _player(trace, fence, prefix, root_id=prefix.removesuffix("-fig"))
    return {"figure": figure, "code": code, "data": context["data"]}


def _player(trace: Trace, fence: FenceOptions, prefix: str, *, root_id: str) -> tuple[Figure, Pseudocode, dict[str, Any]]:
    """A stepper's figure, pseudocode and player context; the figure's one walk over the trace
    also finds each step's pseudocode line and call stack."""
    code = pseudocode_for(trace)
    lines, stacks = StepLines(trace, code), _Stacks(trace, fence.labels)
    figure = _figure(trace, fence, prefix, caption_band=False, followers=(lines, stacks), every_step=True)
    return figure, code, player_context(
        figure,
        root_id=root_id,
        head=head_of(trace, fence.title or None),
        label=fence.title or say("stepper.label", "Search stepper"),
        style=_style(figure),
        start=_start(fence, len(trace)),
        lines=[None, *lines.lines],
        stacks=stacks.stacks,
        code=Code(code.title, ["  " * line.indent + line.text for line in code.lines]) if fence.pseudocode else None,
        figure_style=_height(fence),
    )


def _style(figure: Figure) -> str:
    """The figure's classes in the light theme, and in the dark one under Material's slate palette."""
    return _scoped_style(figure.prefix)


@lru_cache(maxsize=64)  # the site's fences share one prefix (their id token): made once per build
def _scoped_style(prefix: str) -> str:
    from tracer.render.style import stylesheet

    light = stylesheet("light", prefix)
    rules = stylesheet("dark", prefix)
    scope = f"#{prefix}"
    dark_rules = "\n".join(
        line.replace(scope, f"{DARK_SCOPE} {scope}", 1) for line in rules.splitlines() if line.strip()
    )
    return light + dark_rules + "\n"


def stepper_html(source: str, fence: FenceOptions, *, id_token: str, page_dir: FilePath, docs_dir: FilePath, theme: str = "auto") -> str:
    """The HTML of one fence: a stepper, or (``final=true``) the final figure alone."""
    return trace_stepper_html(build_trace(source, fence, page_dir, docs_dir), fence, id_token=id_token)


def trace_stepper_html(trace: Trace, fence: FenceOptions, *, id_token: str) -> str:
    """The HTML of a stepper (or the final figure alone) for an existing trace."""
    prefix = f"{id_token}-fig"
    if fence.final_only:
        figure = _figure(trace, fence, prefix)
        head = head_of(trace, fence.title or None)
        return final_html(figure, root_id=id_token, head=head, style=_style(figure), figure_style=_height(fence))
    return player_html_part(_player(trace, fence, prefix, root_id=id_token)[2])
