"""What every search algorithm shares: its result, its counters and its checks at the door."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tracer.errors import Option, SearchError
from tracer.game.protocol import Game, bounded, evaluates_terminals, game_title
from tracer.search.conventions import SearchSettings
from tracer.words import say

__all__ = ["BatchSink", "SearchRun", "chance_refused", "check_can_search", "infinite_average", "noisy_indices", "terminal_scoring"]

Path = tuple[int, ...]


@dataclass
class SearchRun:
    """The outcome of one search: its events, the root's value and move, and counts.

    ``stats`` counts ``visited`` (nodes entered, the root included), ``evaluated``
    (static values used), ``cutoffs`` (cutoffs that pruned at least one child),
    ``pruned`` (children skipped by cutoffs), ``depth_cut`` (non-terminal nodes scored by
    the evaluation because of the depth limit), ``tt_hits`` and ``tt_stores``.

    ``line`` is the principal variation the search found: the root's best child, that
    child's best child, and so on (the last iteration's with iterative deepening; empty
    for a result read from a trace file). It is found whether or not events are recorded,
    so a key that lists no nodes needs none.
    """

    value: float
    best: Path | None
    bound: str
    events: list[tuple[Any, ...]]
    stats: dict[str, int]
    iterations: list[dict[str, Any]] = field(default_factory=list)
    line: tuple[Path, ...] = ()


class BatchSink:
    """A search's sink that takes events a batch at a time.

    A search that knows the protocol appends to :attr:`pending` itself (a plain list's
    ``append`` is the cheapest call Python has: a traced tic-tac-toe search makes 1.9
    million events), calls :meth:`drain` before entering a node when :attr:`pending` holds
    :attr:`batch` or more (so a batch exceeds it by at most the returns of one way up the
    tree), and once when it ends. Anything else may call :meth:`append`. Subclasses do the
    work in :meth:`take`, a batch at a time, in a loop that pays no call per event.
    """

    batch = 20_000

    def __init__(self) -> None:
        self.pending: list[tuple[Any, ...]] = []

    def append(self, raw: tuple[Any, ...]) -> None:
        self.pending.append(raw)
        if len(self.pending) >= self.batch:
            self.drain()

    def drain(self) -> None:
        """Hand the events pending to :meth:`take`, then forget them."""
        if self.pending:
            self.take(self.pending)
            self.pending.clear()

    def take(self, events: list[tuple[Any, ...]]) -> None:
        """Do the work for ``events`` (a list cleared afterwards: copy what must be kept)."""
        raise NotImplementedError


def new_stats() -> dict[str, int]:
    return {"visited": 0, "evaluated": 0, "cutoffs": 0, "pruned": 0, "depth_cut": 0, "tt_hits": 0, "tt_stores": 0}


def check_can_search(game: Game, settings: SearchSettings) -> None:
    """Refuse at the door what cannot run, with the reason and the fix."""
    if settings.algorithm in ("minimax", "alphabeta") and game.has_chance:
        raise chance_refused(settings.algorithm, None)
    if (settings.depth is not None or settings.iterative) and not game.has_evaluation:
        raise SearchError(
            say("search.evaluation.none", "{game} has no evaluation function, so the search cannot stop at a depth limit", game=game_title(game)),
            hint=say("search.evaluation.none.hint", "search without {{0}} and {{1}}"), options=(Option("depth"), Option("iterative")),
        )
    if settings.depth is None and not bounded(game):
        raise SearchError(
            say("search.unbounded", "{game} cannot be searched to the end of the game", game=game_title(game)),
            hint=say("search.unbounded.hint", "give a depth limit, e.g. {{0}}"), options=(Option("depth", 3),),
        )
    if settings.quiescence:
        if not (callable(getattr(game, "noisy_moves", None)) and callable(getattr(game, "is_quiet", None))):
            raise SearchError(
                say("search.quiescence.none", "{game} does not say which of its positions are quiet, so it has no quiescence search",
                    game=game_title(game)),
                hint=say("search.quiescence.none.hint", "search without {{0}}, or give the game noisy_moves(state) and is_quiet(state)"),
                options=(Option("quiescence"),),
            )
        if settings.depth is None and not settings.iterative:
            raise SearchError(
                say("search.quiescence.limit", "{{0}} searches on past the depth limit, but there is none"),
                hint=say("search.quiescence.limit.hint", "give a depth limit, e.g. {{1}}"), options=(Option("quiescence"), Option("depth", 2)),
            )
    if settings.order == "captures" and not callable(getattr(game, "capture_values", None)):
        raise SearchError(
            say("search.captures.none", "{game} has no captures to order moves by", game=game_title(game)),
            hint=say("search.captures.none.hint", "use another order, e.g. {{0}}"), options=(Option("order", "given"),),
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
    if path is None:
        what = say("search.chance.tree", "this tree has chance nodes")
    else:
        what = say("search.chance.node", "this is a chance node")
    return SearchError(
        say("search.chance.refused", "{algorithm} cannot search chance nodes ({what})", algorithm=algorithm, what=what),
        path=path,
        hint=say("search.chance.refused.hint", "use {{0}}, which averages over a chance node's outcomes"),
        options=(Option("algorithm", "expectiminimax"),),
    )


def infinite_average(path: Path) -> SearchError:
    return SearchError(
        say("search.chance.undefined", "this chance node's average has no value: its outcomes are worth +∞ and −∞, or ∞ with probability 0"),
        path=path, hint=say("search.chance.undefined.hint", "give its outcomes finite values, or infinite ones of one sign and a probability above 0"),
    )


def noisy_indices(moves: Sequence[Any], noisy: Sequence[Any], path: Path) -> list[int]:
    """Where each noisy move is among the node's moves: a quiescence child's path is its index there."""
    try:
        return [moves.index(move) for move in noisy]  # type: ignore[attr-defined]  # a list or tuple of moves
    except ValueError:
        raise SearchError(
            say("search.noisy.unknown", "the game's noisy_moves gave a move that is not among its actions"),
            path=path, hint=say("search.noisy.unknown.hint", "make noisy_moves(state) return some of actions(state)"),
        ) from None
