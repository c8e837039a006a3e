"""Minimax and expectiminimax, recording every step.

AIMA's definition: the value of a terminal state is its utility; of a MAX node the
largest value of its children; of a MIN node the smallest; of a chance node the
probability-weighted average of its children (expectiminimax). The search is
depth-first, children in the game's documented order unless an ordering is asked for;
where a depth limit cuts the search, a node's static evaluation stands in for its value.
Ties go to the first child searched.
"""

from __future__ import annotations

from typing import Any

from tracer.game.protocol import Game, evaluates_terminals
from tracer.recursion import deep_recursion
from tracer.search.common import SearchRun, chance_refused, new_stats
from tracer.search.conventions import SearchSettings
from tracer.search.ordering import Orderer
from tracer.search.transposition import TranspositionTable

__all__ = ["minimax_search"]

Path = tuple[int, ...]


def minimax_search(
    game: Game,
    settings: SearchSettings,
    *,
    record: bool = True,
    limit: int | None = None,
    orderer: Orderer | None = None,
    table: TranspositionTable | None = None,
    child_values: dict[Path, dict[int, float]] | None = None,
    events: list[tuple[Any, ...]] | None = None,
) -> SearchRun:
    """Search ``game`` from its initial state; see :mod:`tracer.search.run` for the options."""
    events = [] if events is None else events
    emit = events.append
    stats = new_stats()
    is_terminal, utility, evaluate = game.is_terminal, game.utility, game.evaluate
    to_move, actions, result, outcomes = game.to_move, game.actions, game.result, game.chance_outcomes
    averages = settings.algorithm == "expectiminimax"
    scores_terminals = limit is not None and evaluates_terminals(game)
    visited = evaluated = depth_cut = tt_hits = tt_stores = 0
    root_best: Path | None = None

    def value(state: Any, path: Path, depth: int) -> float:
        nonlocal visited, evaluated, depth_cut, tt_hits, tt_stores, root_best
        visited += 1
        if record:
            emit(("enter", path, depth, None, None))
        left = None if limit is None else limit - depth
        if table is not None:
            entry = table.probe(state, left)
            if entry is not None:
                tt_hits += 1
                if record:
                    emit(("tt_hit", path, entry[0], entry[1], entry[2]))
                    emit(("leave", path, entry[0], "exact", None))
                return entry[0]
        if is_terminal(state):
            evaluated += 1
            if scores_terminals:
                v = evaluate(state)
                source = "evaluation"
            else:
                v = utility(state)
                source = "utility"
            if record:
                emit(("evaluate", path, v, source))
            if table is not None:
                tt_stores += 1
                table.store(state, v, "exact", None)
                if record:
                    emit(("tt_store", path, v, "exact", None))
            if record:
                emit(("leave", path, v, "exact", None))
            return v
        if left == 0:
            evaluated += 1
            depth_cut += 1
            v = evaluate(state)
            if record:
                emit(("evaluate", path, v, "evaluation"))
                emit(("leave", path, v, "exact", None))
            return v
        player = to_move(state)
        if player == "chance":
            if not averages:
                raise chance_refused(settings.algorithm, path)
            v = 0.0
            for index, (outcome, p) in enumerate(outcomes(state)):
                child = path + (index,)
                child_value = value(result(state, outcome), child, depth + 1)
                v += p * child_value
                if record:
                    emit(("chance_backup", path, child, p, child_value, v))
            best = None
        else:
            moves = actions(state)
            is_max = player == "max"
            if orderer is not None:
                order, keys, children = orderer(state, path, depth, moves, is_max)
                if record:
                    emit(("order", path, tuple(path + (i,) for i in order), tuple(keys)))
            else:
                order, children = list(range(len(moves))), None
            v = float("-inf") if is_max else float("inf")
            best = None
            if child_values is not None:
                seen = child_values.setdefault(path, {})
            for index in order:
                child = path + (index,)
                child_state = children[index] if children is not None else result(state, moves[index])
                child_value = value(child_state, child, depth + 1)
                if best is None or (child_value > v if is_max else child_value < v):
                    v = child_value
                    best = child
                if record:
                    emit(("backup", path, child, child_value, v))
                if child_values is not None:
                    seen[index] = child_value
        if table is not None:
            tt_stores += 1
            table.store(state, v, "exact", left)
            if record:
                emit(("tt_store", path, v, "exact", left))
        if record:
            emit(("leave", path, v, "exact", best))
        if depth == 0:
            root_best = best
        return v

    with deep_recursion():
        root_value = value(game.initial_state(), (), 0)
    stats.update(visited=visited, evaluated=evaluated, depth_cut=depth_cut, tt_hits=tt_hits, tt_stores=tt_stores)
    return SearchRun(value=root_value, best=root_best, bound="exact", events=events, stats=stats)
