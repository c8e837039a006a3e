"""What every search algorithm shares: its result, its counters and its checks at the door."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tracer.errors import Option, SearchError
from tracer.game.protocol import Game, evaluates_terminals, game_title
from tracer.search.conventions import SearchSettings

__all__ = ["SearchRun", "chance_refused", "check_can_search", "terminal_scoring"]

Path = tuple[int, ...]


@dataclass
class SearchRun:
    """The outcome of one search: its events, the root's value and move, and counts.

    ``stats`` counts ``visited`` (nodes entered, the root included), ``evaluated``
    (static values used), ``cutoffs`` (cutoffs that pruned at least one child),
    ``pruned`` (children skipped by cutoffs), ``depth_cut`` (non-terminal nodes scored by
    the evaluation because of the depth limit), ``tt_hits`` and ``tt_stores``.
    """

    value: float
    best: Path | None
    bound: str
    events: list[tuple[Any, ...]]
    stats: dict[str, int]
    iterations: list[dict[str, Any]] = field(default_factory=list)


def new_stats() -> dict[str, int]:
    return {"visited": 0, "evaluated": 0, "cutoffs": 0, "pruned": 0, "depth_cut": 0, "tt_hits": 0, "tt_stores": 0}


def check_can_search(game: Game, settings: SearchSettings) -> None:
    """Refuse at the door what cannot run, with the reason and the fix."""
    if settings.algorithm in ("minimax", "alphabeta") and game.has_chance:
        raise chance_refused(settings.algorithm, None)
    if (settings.depth is not None or settings.iterative) and not game.has_evaluation:
        raise SearchError(
            f"{game_title(game)} has no evaluation function, so the search cannot stop at a depth limit",
            hint="search without {0} and {1}", options=(Option("depth"), Option("iterative")),
        )


def terminal_scoring(game: Game, limit: int | None) -> tuple[Callable[[Any], float], str]:
    """How a search with depth limit ``limit`` scores a terminal state, and the source it records.

    Without a limit, by its utility. Under a limit, by the evaluation, which then has to
    compare terminal states with the states the limit cut off (a win at +inf outranks any
    position), unless the game says its evaluation does not score terminal states.
    """
    if limit is not None and evaluates_terminals(game):
        return game.evaluate, "evaluation"
    return game.utility, "utility"


def chance_refused(algorithm: str, path: Path | None) -> SearchError:
    what = "this tree has chance nodes" if path is None else "this is a chance node"
    return SearchError(
        f"{algorithm} cannot search chance nodes ({what})",
        path=path,
        hint="use {0}, which averages over a chance node's outcomes", options=(Option("algorithm", "expectiminimax"),),
    )
