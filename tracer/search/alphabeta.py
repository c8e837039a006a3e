"""Alpha-beta search, recording every step, in the convention the course uses.

alpha is the best value MAX can already guarantee on the path from the root to this
node; beta the best (lowest) value MIN can already guarantee. Both are passed down and
values are passed up. A MAX node stops searching its children once v reaches beta (MIN
above will never let play come here), a MIN node once v reaches alpha; "reaches" means
``>=``/``<=`` when pruning on equality (AIMA) and ``>``/``<`` otherwise (CS188). The
remaining children are pruned. Fail-soft returns v; fail-hard returns v clamped into
the window [alpha, beta] the node was called with (alpha at a MAX node that found
nothing better, beta where it was cut off).

Each value a node returns is labelled ``exact``, ``lower`` (the true value is at least
this) or ``upper`` (at most this). The label is derived from intervals: each child's
value and label give an interval holding its true value; a MAX node's true value lies
between the largest lower ends and the largest upper ends of its children (any pruned
child lifts the upper end to +inf); a MIN node's likewise with the smallest. So a
value is called exact only when the search has proved it.
"""

from __future__ import annotations

from typing import Any

from tracer.game.protocol import Game, evaluates_terminals
from tracer.recursion import deep_recursion
from tracer.search.common import SearchRun, chance_refused, new_stats
from tracer.search.conventions import SearchSettings
from tracer.search.ordering import Orderer
from tracer.search.transposition import TranspositionTable

__all__ = ["alphabeta_search", "bound_of"]

Path = tuple[int, ...]
INF = float("inf")


def bound_of(value: float, low: float, high: float, alpha: float, beta: float) -> str:
    """Whether ``value`` is exact or a bound, given the interval [low, high] proved to hold
    the true value, and the window the node was searched with (the fallback)."""
    if low == high:
        if value == low:
            return "exact"
        return "lower" if value < low else "upper"
    if value <= low:
        return "lower"
    if value >= high:
        return "upper"
    # Not reached by alpha-beta; the window rule of fail-soft alpha-beta is still sound.
    if value <= alpha:
        return "upper"
    if value >= beta:
        return "lower"
    return "exact"


def _interval(value: float, bound: str) -> tuple[float, float]:
    if bound == "exact":
        return value, value
    if bound == "lower":
        return value, INF
    return -INF, value


def alphabeta_search(
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
    to_move, actions, result = game.to_move, game.actions, game.result
    on_equal = settings.conventions.prune_on_equal
    fail_hard = settings.conventions.fail == "hard"
    scores_terminals = limit is not None and evaluates_terminals(game)
    track = record or table is not None  # bounds are needed for the trace and for stored entries
    visited = evaluated = depth_cut = cutoffs = pruned_count = tt_hits = tt_stores = 0
    root_best: Path | None = None

    def conclude(v: float, low: float, high: float, alpha: float, beta: float) -> tuple[float, str]:
        """The value a node returns under the fail convention, and its label."""
        returned = v
        if fail_hard:
            returned = alpha if v < alpha else min(v, beta)
        return returned, bound_of(returned, low, high, alpha, beta) if track else "exact"

    def value(state: Any, path: Path, depth: int, alpha: float, beta: float) -> tuple[float, str]:
        nonlocal visited, evaluated, depth_cut, cutoffs, pruned_count, tt_hits, tt_stores, root_best
        visited += 1
        if record:
            emit(("enter", path, depth, alpha, beta))
        left = None if limit is None else limit - depth
        if table is not None:
            entry = table.probe(state, left)
            if entry is not None:
                stored, kind, searched = entry
                if (
                    kind == "exact"
                    or (kind == "lower" and (stored >= beta if on_equal else stored > beta))
                    or (kind == "upper" and (stored <= alpha if on_equal else stored < alpha))
                ):
                    tt_hits += 1
                    if record:
                        emit(("tt_hit", path, stored, kind, searched))
                    low, high = _interval(stored, kind)
                    returned, bound = conclude(stored, low, high, alpha, beta)
                    if record:
                        emit(("leave", path, returned, bound, None))
                    return returned, bound
        if is_terminal(state) or left == 0:
            evaluated += 1
            if left == 0 and not is_terminal(state):
                depth_cut += 1
                v, source = evaluate(state), "evaluation"
            elif scores_terminals:
                v, source = evaluate(state), "evaluation"
            else:
                v, source = utility(state), "utility"
            if record:
                emit(("evaluate", path, v, source))
            if table is not None:
                tt_stores += 1
                table.store(state, v, "exact", None if is_terminal(state) else 0)
                if record:
                    emit(("tt_store", path, v, "exact", None if is_terminal(state) else 0))
            if record:
                emit(("leave", path, v, "exact", None))
            return v, "exact"
        player = to_move(state)
        if player == "chance":
            raise chance_refused("alphabeta", path)
        moves = actions(state)
        is_max = player == "max"
        if orderer is not None:
            order, keys, children = orderer(state, path, depth, moves, is_max)
            if record:
                emit(("order", path, tuple(path + (i,) for i in order), tuple(keys)))
        else:
            order, children = list(range(len(moves))), None
        if child_values is not None:
            seen = child_values.setdefault(path, {})
        alpha0, beta0 = alpha, beta
        v = -INF if is_max else INF
        low = high = v  # the interval proved to hold the true value
        best: Path | None = None
        for position, index in enumerate(order):
            child = path + (index,)
            child_state = children[index] if children is not None else result(state, moves[index])
            child_value, child_bound = value(child_state, child, depth + 1, alpha, beta)
            if child_values is not None:
                seen[index] = child_value
            if is_max:
                if best is None or child_value > v:
                    v, best = child_value, child
            elif best is None or child_value < v:
                v, best = child_value, child
            if record:
                emit(("backup", path, child, child_value, v))
            if track:
                child_low, child_high = _interval(child_value, child_bound)
                if is_max:
                    low, high = max(low, child_low), max(high, child_high)
                else:
                    low, high = min(low, child_low), min(high, child_high)
            if is_max:
                if v >= beta if on_equal else v > beta:
                    skipped = len(order) - position - 1
                    if skipped:
                        cutoffs += 1
                        pruned_count += skipped
                        high = INF
                    if record:
                        emit(("cutoff", path, v, alpha, beta, tuple(path + (i,) for i in order[position + 1 :])))
                    break
                if v > alpha:
                    if record:
                        emit(("alpha", path, alpha, v))
                    alpha = v
            else:
                if v <= alpha if on_equal else v < alpha:
                    skipped = len(order) - position - 1
                    if skipped:
                        cutoffs += 1
                        pruned_count += skipped
                        low = -INF
                    if record:
                        emit(("cutoff", path, v, alpha, beta, tuple(path + (i,) for i in order[position + 1 :])))
                    break
                if v < beta:
                    if record:
                        emit(("beta", path, beta, v))
                    beta = v
        if track or fail_hard:
            returned, bound = conclude(v, low, high, alpha0, beta0)
        else:
            returned, bound = v, "exact"
        if table is not None:
            tt_stores += 1
            table.store(state, returned, bound, left)
            if record:
                emit(("tt_store", path, returned, bound, left))
        if record:
            emit(("leave", path, returned, bound, best))
        if depth == 0:
            root_best = best
        return returned, bound

    with deep_recursion():
        root_value, root_bound = value(game.initial_state(), (), 0, -INF, INF)
    stats.update(
        visited=visited, evaluated=evaluated, depth_cut=depth_cut, cutoffs=cutoffs, pruned=pruned_count,
        tt_hits=tt_hits, tt_stores=tt_stores,
    )
    return SearchRun(value=root_value, best=root_best, bound=root_bound, events=events, stats=stats)

