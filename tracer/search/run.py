"""Running a search as its settings ask: one pass, or iterative deepening.

:func:`run_search` is the one door into the algorithms. It checks what cannot run
(alpha-beta on chance nodes, a depth limit in a game without an evaluation function),
builds the move ordering and the transposition table, pauses the garbage collector
while events are recorded, and, when moves are reordered, also counts what the
documented order would have visited, so the saving can be reported.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tracer.game.evaluation import EvaluatedGame, evaluate_with
from tracer.game.protocol import Game
from tracer.recursion import quiet_gc
from tracer.search.alphabeta import alphabeta_search
from tracer.search.common import SearchRun, check_can_search, new_stats
from tracer.search.conventions import SearchSettings
from tracer.search.minimax import minimax_search
from tracer.search.ordering import make_orderer
from tracer.search.transposition import TranspositionTable, symmetric_table

__all__ = ["new_table", "run_search", "with_evaluation"]

Path = tuple[int, ...]


def run_search(game: Game, settings: SearchSettings, *, record: bool = True, sink: Any = None) -> SearchRun:
    """Search ``game`` from its initial state as ``settings`` say.

    With ``record=False`` no events are kept (for timing, for counting, and for a key that
    lists no nodes); the value, best move, principal variation and statistics are the same. ``sink`` (anything with an ``append`` method,
    such as a trace file's writer) receives the events instead of a list, as they happen,
    so that none need be kept in memory; the run's ``events`` is then the sink.
    """
    game = with_evaluation(game, settings.evaluation)
    check_can_search(game, settings)
    algorithm = alphabeta_search if settings.algorithm == "alphabeta" else minimax_search
    table = new_table(game, settings)
    with quiet_gc():
        if settings.iterative:
            run = _iterative_deepening(game, settings, algorithm, table, record, sink)
        else:
            orderer = make_orderer(game, settings, settings.depth)
            run = algorithm(game, settings, record=record, limit=settings.depth, orderer=orderer, table=table, events=sink)
            if settings.order != "given":
                plain = algorithm(
                    game, settings, record=False, limit=settings.depth, orderer=None,
                    table=new_table(game, settings),
                )
                run.stats["given_order_visited"] = plain.stats["visited"]
                run.stats["saving"] = plain.stats["visited"] - run.stats["visited"]
    return run


def new_table(game: Game, settings: SearchSettings) -> TranspositionTable | None:
    """The transposition table the settings ask for: none, by position, or by canonical form."""
    if settings.symmetric_table:
        return symmetric_table(game)
    return TranspositionTable() if settings.transposition_table else None


def with_evaluation(game: Game, evaluation: str | None) -> Game:
    """``game`` evaluating with the weighted evaluation ``evaluation`` (text or a file's path), if any.

    A game already evaluating with that evaluation is returned as it is (a trace searches
    its game again to check it), so is a game when ``evaluation`` is None.
    """
    if evaluation is None:
        return game
    if isinstance(game, EvaluatedGame) and evaluation in (game.spec.text(), game.spec.source):
        return game
    return evaluate_with(game, evaluation)


def prepare_search(game: Game, settings: SearchSettings) -> tuple[Game, SearchSettings]:
    """The game evaluating as the settings say, and the settings recording a weighted evaluation
    as its text (a trace written from them must not depend on an evaluation file)."""
    if settings.evaluation is None:
        return game, settings
    game = with_evaluation(game, settings.evaluation)
    return game, replace(settings, evaluation=game.spec.text())  # type: ignore[attr-defined]  # an EvaluatedGame


def _iterative_deepening(
    game: Game, settings: SearchSettings, algorithm: Any, table: TranspositionTable | None, record: bool, sink: Any,
) -> SearchRun:
    """Depth 1, 2, ... up to ``settings.depth``, or until no node was cut by the limit.

    Each iteration searches every node's children in the order of their values in the
    previous iteration (best first), so the best move found so far is searched first.
    """
    events: Any = [] if sink is None else sink
    totals = new_stats()
    iterations: list[dict[str, Any]] = []
    previous: dict[Path, dict[int, float]] | None = None
    depth = 1
    while True:
        if record:
            events.append(("iteration_start", depth))
        child_values: dict[Path, dict[int, float]] = {}
        orderer = make_orderer(game, settings, depth, previous)
        run = algorithm(
            game, settings, record=record, limit=depth, orderer=orderer, table=table,
            child_values=child_values, events=events,
        )
        if record:
            events.append(("iteration_end", depth, run.value, run.best))
        for name, count in run.stats.items():
            totals[name] = totals.get(name, 0) + count  # quiescence adds its own count
        iterations.append({"depth": depth, "value": run.value, "best": run.best, **run.stats})
        complete = run.stats["depth_cut"] == 0
        if complete or (settings.depth is not None and depth >= settings.depth):
            break
        previous = child_values
        depth += 1
    return SearchRun(value=run.value, best=run.best, bound=run.bound, events=events, stats=totals, iterations=iterations, line=run.line)
