"""The one depth-first search behind minimax, expectiminimax and alpha-beta, recording every step.

Each node is searched the same way whatever the algorithm:

1. **the door**: the node is entered (an ``enter`` event), and the transposition table,
   if any, may answer for it (``tt_hit``);
2. **a static value**: a terminal state is scored (:func:`~tracer.search.common.terminal_scoring`)
   and so is a state where the depth limit cuts the search, by its evaluation; both are
   stored in the table like any searched node, a cut one as searched 0 levels deep;
3. **the children**: a chance node averages its outcomes (expectiminimax); a MAX or MIN
   node runs the one loop over its children, asking its :class:`~tracer.search.window.Side`
   what is better and, with a window, when to stop;
4. **the way out**: the node's value (and its bound) is stored in the table and
   returned (``leave``) with its line, the best child's line under the best child;
   the root's best move is kept, and its line is the run's principal variation.

Minimax runs the loop without a window: ``enter`` carries alpha = beta = None, nothing
is pruned, and every value is exact. Alpha-beta narrows the window, prunes where the
side's cutoff test says so, returns what the fail convention says, and labels each
value ``exact``, ``lower`` or ``upper`` from the intervals its children proved
(:func:`~tracer.search.window.bound_of`).

Events are plain tuples (see :mod:`tracer.search.events`); the loop binds what it calls
to locals and records nothing with ``record=False``, because a traced search of a whole
game records millions of events.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tracer.game.model import DEEP, Path, as_path
from tracer.game.protocol import Game, TreeGame
from tracer.recursion import deep_recursion
from tracer.search.common import (
    BatchSink,
    SearchRun,
    chance_refused,
    infinite_average,
    new_stats,
    noisy_indices,
    terminal_scoring,
)
from tracer.search.conventions import SearchSettings
from tracer.search.ordering import Orderer
from tracer.search.transposition import SymmetricTable, TranspositionTable
from tracer.search.window import INF, RETURNS, bound_of, fail_soft, interval, sides

__all__ = ["depth_first_search"]

# A node's line: its best child and that child's line (None: no move below it). Linked, so that a
# node returning its line copies nothing; the root's is flattened into the run's principal variation.
Line = tuple[Path, Any] | None


def depth_first_search(
    game: Game,
    settings: SearchSettings,
    *,
    windowed: bool,
    record: bool = True,
    limit: int | None = None,
    orderer: Orderer | None = None,
    table: TranspositionTable | None = None,
    child_values: dict[Path, dict[int, float]] | None = None,
    events: list[tuple[Any, ...]] | None = None,
) -> SearchRun:
    """Search ``game`` from its initial state, with an alpha-beta window (``windowed``) or without.

    See :mod:`tracer.search.run` for the options.
    """
    events = [] if events is None else events
    emit = events.append
    # A batch sink (a trace file's writer or checker) is filled as a plain list and drained now and then.
    batched = record and isinstance(events, BatchSink)
    if isinstance(events, BatchSink):
        pending, drain, batch = events.pending, events.drain, events.batch
        if record:
            emit = pending.append
    stats = new_stats()
    is_terminal, evaluate = game.is_terminal, game.evaluate
    to_move, actions, result, outcomes = game.to_move, game.actions, game.result, game.chance_outcomes
    score_terminal, terminal_source = terminal_scoring(game, limit)
    averages = settings.algorithm == "expectiminimax"
    max_side, min_side = sides(settings.conventions.prune_on_equal)
    max_cuts, min_cuts = max_side.cuts, min_side.cuts
    max_returns, min_returns = RETURNS[settings.conventions.fail]
    track = windowed and (record or table is not None)  # bounds are needed for the trace and for stored entries
    # Fail-soft without tracking returns v labelled exact, as minimax does: no need to conclude.
    concludes = windowed and (track or max_returns is not fail_soft)
    sided = max_returns is not min_returns  # own-bound: what a node returns depends on its side
    twins = record and isinstance(table, SymmetricTable)  # a hit from a symmetric twin is traced as such
    quiescence = settings.quiescence and limit is not None
    if quiescence:
        noisy_moves, is_quiet = game.noisy_moves, game.is_quiet  # type: ignore[attr-defined]  # checked by check_can_search
    visited = evaluated = depth_cut = cutoffs = pruned_count = tt_hits = tt_stores = quiesced = 0
    root_best: Path | None = None

    def conclude(v: float, low: float, high: float, alpha: float, beta: float, at_max: bool) -> tuple[float, str]:
        """The value a node returns under the fail convention, and its label."""
        returned = (max_returns if at_max else min_returns)(v, alpha, beta)
        return returned, bound_of(returned, low, high, alpha, beta) if track else "exact"

    # A tree's nodes carry their paths: the search names them by those very objects, so that
    # looking a node up compares the same object (a deep tree's paths are long to compare).
    tree_paths = isinstance(game, TreeGame)

    def children_of(state: Any, path: Path, indices: Sequence[int]) -> tuple[Path, ...]:
        if tree_paths:
            return tuple(state.children[i].path for i in indices)
        return tuple(path + (i,) for i in indices)

    def value(state: Any, path: Path, depth: int, alpha: Any, beta: Any) -> tuple[float, str, Line]:
        """The value of ``state`` (node ``path``), its bound and its line (its best child and that child's
        line, or None), searched within [alpha, beta] (None, None: no window)."""
        nonlocal visited, evaluated, depth_cut, cutoffs, pruned_count, tt_hits, tt_stores, quiesced, root_best
        visited += 1
        if not tree_paths and len(path) == DEEP - 1 and path.__class__ is tuple:
            path = as_path(path, deep=True)  # its children's paths (path + (i,)) are deep paths from here down
        if record:
            if batched and len(pending) >= batch:
                drain()
            emit(("enter", path, depth, alpha, beta))
        # levels left to search; 0 at the depth limit and below it (where only quiescence goes)
        left = None if limit is None else max(limit - depth, 0)
        if table is not None:
            entry = table.probe(state, left)
            if entry is not None:
                stored, kind, searched = entry
                # A bound answers only when it alone decides the visit under the cutoff test.
                # Without a window every entry is exact, so alpha and beta (None) are not compared.
                if kind == "exact" or (kind == "lower" and max_cuts(stored, alpha, beta)) or (
                    kind == "upper" and min_cuts(stored, alpha, beta)
                ):
                    tt_hits += 1
                    if twins:
                        twin = table.twin()  # type: ignore[union-attr, attr-defined]  # a SymmetricTable
                        if twin is not None:
                            emit(("tt_twin", path, twin[0], twin[1]))
                    if record:
                        emit(("tt_hit", path, stored, kind, searched))
                    if windowed:
                        low, high = interval(stored, kind)
                        # own-bound returns a terminal's value as it is, and a MAX (MIN) node's raised by alpha (lowered by beta)
                        if sided and is_terminal(state):
                            returned, bound = stored, kind
                        else:
                            returned, bound = conclude(stored, low, high, alpha, beta, not sided or to_move(state) == "max")
                    else:
                        returned, bound = stored, kind
                    if record:
                        emit(("leave", path, returned, bound, None))
                    return returned, bound, None
        terminal = is_terminal(state)
        if terminal or (left == 0 and (not quiescence or is_quiet(state) or to_move(state) == "chance")):
            evaluated += 1
            if terminal:
                v, source, searched = score_terminal(state), terminal_source, None
            else:
                depth_cut += 1
                v, source, searched = evaluate(state), "evaluation", 0
            if record:
                emit(("evaluate", path, v, source))
            if table is not None:
                tt_stores += 1
                table.store_at(state, path, v, "exact", searched)
                if record:
                    emit(("tt_store", path, v, "exact", searched))
            if record:
                emit(("leave", path, v, "exact", None))
            return v, "exact", None
        player = to_move(state)
        best: Path | None = None
        best_line: Line = None
        if player == "chance":
            if not averages:
                raise chance_refused(settings.algorithm, path)
            v = 0.0
            for index, (outcome, p) in enumerate(outcomes(state)):
                child = state.children[index].path if tree_paths else path + (index,)
                child_value = value(result(state, outcome), child, depth + 1, alpha, beta)[0]
                v += p * child_value
                if v != v:  # NaN: +inf and -inf averaged, or an infinite outcome with probability 0 (refused before
                    raise infinite_average(path)  # a trace file being written holds it)
                if record:
                    emit(("chance_backup", path, child, p, child_value, v))
            returned, bound = v, "exact"
        else:
            side = max_side if player == "max" else min_side
            _, worst, better, cuts, raises, extreme = side
            moves = actions(state)
            alpha0, beta0 = alpha, beta
            v = low = high = worst  # low and high: the interval proved to hold the true value
            order: Sequence[int]
            children: Any
            if left == 0:  # quiescence: not quiet at or past the depth limit
                # Stand pat: v starts at the static value (the player to move may decline every noisy move),
                # and only the noisy moves are searched. ``best = path`` marks "standing pat is best so far".
                indices = noisy_indices(moves, noisy_moves(state), path)
                v = low = high = evaluate(state)
                best = path
                evaluated += 1
                depth_cut += 1
                quiesced += 1
                if record:
                    emit(("quiesce", path, v, children_of(state, path, indices)))
                if orderer is not None:
                    picked, keys, chosen = orderer(state, path, depth, [moves[i] for i in indices], side is max_side)
                    order = [indices[i] for i in picked]
                    children = None if chosen is None else {indices[i]: chosen[i] for i in range(len(indices))}
                else:
                    order, children = indices, None
                if windowed:  # the stand-pat value meets the window as a child's value would
                    if cuts(v, alpha, beta):
                        cutoffs += 1
                        pruned_count += len(order)
                        low, high = extreme(low, -INF), extreme(high, INF)
                        if record:
                            emit(("cutoff", path, v, alpha, beta, children_of(state, path, indices)))
                        order = ()
                    elif raises == "alpha":
                        if better(v, alpha):
                            if record:
                                emit(("alpha", path, alpha, v))
                            alpha = v
                    elif better(v, beta):
                        if record:
                            emit(("beta", path, beta, v))
                        beta = v
                if record and orderer is not None and order:
                    emit(("order", path, children_of(state, path, order), tuple(keys)))
            elif orderer is not None:
                order, keys, children = orderer(state, path, depth, moves, side is max_side)
                if record:
                    emit(("order", path, children_of(state, path, order), tuple(keys)))
            else:
                order, children = range(len(moves)), None
            seen = None if child_values is None else child_values.setdefault(path, {})
            unsearched = iter(order)
            for index in unsearched:
                child = state.children[index].path if tree_paths else path + (index,)
                child_state = children[index] if children is not None else result(state, moves[index])
                child_value, child_bound, child_line = value(child_state, child, depth + 1, alpha, beta)
                if seen is not None:
                    seen[index] = child_value
                improved = best is None or better(child_value, v)
                if improved:
                    v, best, best_line = child_value, child, child_line
                if record:
                    emit(("backup", path, child, child_value, v))
                if not windowed:
                    continue
                if track:
                    child_low, child_high = interval(child_value, child_bound)
                    low, high = extreme(low, child_low), extreme(high, child_high)
                if not improved:
                    continue  # v is unchanged, so is the cutoff test (a side never moves the bound it is tested against)
                if cuts(v, alpha, beta):
                    rest = tuple(unsearched)
                    if rest:
                        cutoffs += 1
                        pruned_count += len(rest)
                        # A pruned child may be worth anything: combine the interval (-inf, inf).
                        low, high = extreme(low, -INF), extreme(high, INF)
                    if record:
                        emit(("cutoff", path, v, alpha, beta, children_of(state, path, rest)))
                    break
                # Narrow the window: MAX raises alpha, MIN lowers beta, when v is better than it.
                if raises == "alpha":
                    if better(v, alpha):
                        if record:
                            emit(("alpha", path, alpha, v))
                        alpha = v
                elif better(v, beta):
                    if record:
                        emit(("beta", path, beta, v))
                    beta = v
            if best is path:  # the stand-pat mark (identity: comparing a deep path item by item costs its depth)
                best = None  # stood pat: no move was better than the static value
            if concludes:
                returned, bound = conclude(v, low, high, alpha0, beta0, side is max_side)
            else:
                returned, bound = v, "exact"
        if table is not None:
            tt_stores += 1
            table.store_at(state, path, returned, bound, left)
            if record:
                emit(("tt_store", path, returned, bound, left))
        if record:
            emit(("leave", path, returned, bound, best))
        if depth == 0:
            root_best = best
        return returned, bound, None if best is None else (best, best_line)

    alpha, beta = (-INF, INF) if windowed else (None, None)
    with deep_recursion():
        root_value, root_bound, line = value(game.initial_state(), (), 0, alpha, beta)
    principal: list[Path] = []
    while line is not None:
        principal.append(line[0])
        line = line[1]
    if batched:
        drain()
    stats.update(
        visited=visited, evaluated=evaluated, depth_cut=depth_cut, cutoffs=cutoffs, pruned=pruned_count,
        tt_hits=tt_hits, tt_stores=tt_stores,
    )
    if settings.quiescence:
        stats["quiescence"] = quiesced
    return SearchRun(value=root_value, best=root_best, bound=root_bound, events=events, stats=stats, line=tuple(principal))
