"""Every event of every search equals what an independent reference records.

The reference below is written from AIMA's pseudocode (MINIMAX-SEARCH and ALPHA-BETA-SEARCH,
Figures 5.3 and 5.7, and the EXPECTIMINIMAX equation), with MAX-VALUE and MIN-VALUE as
separate functions as in the book, and the event protocol of ``tracer.search.events``. It
shares no code with the engine: the window, the bound labels, the transposition table and
the depth limit are written here again from their documented definitions:

* a node's bound label is what its children proved: the true value lies in an interval
  (a leaf's is its value; a MAX node's runs from the largest lower end to the largest upper
  end of its children's, up to +inf when a child was pruned; a MIN node's likewise with the
  smallest), and the value returned is ``exact`` when the interval is that single value,
  ``lower`` when it is at or below the interval, ``upper`` when at or above;
* fail-hard returns v clamped into the window the node was called with; own-bound returns
  max(alpha, v) at a MAX node and min(beta, v) at a MIN node (a terminal's value as it is);
* quiescence: where the depth limit cuts a MAX or MIN state that is not quiet, the node
  stands pat (v starts at its evaluation, recorded as ``quiesce`` with the noisy children),
  the stand-pat value meets the window as a child's would (a cutoff pruning every noisy
  child, or a raised alpha / lowered beta), and only the noisy children are searched, on
  past the limit, where every node is "at the limit" again;
* a table entry (value, bound, levels searched, None for all) answers a visit needing
  ``left`` levels if it was searched at least that deep and, for a bound, if the bound alone
  passes the cutoff test (a lower bound against beta, an upper bound against alpha);
  terminal states are stored as searched to the end, states cut by the depth limit as
  searched 0 levels, like any other node.

Games are random DAGs (``search_helpers.dag_games``: states repeat, so the table answers) and
random trees.
"""

from __future__ import annotations

import json
from typing import Any

from engine_helpers import internal_trees
from hypothesis import given, settings
from hypothesis import strategies as st
from search_helpers import dag_games, noisy_dag_games

import tracer
from tracer.game.protocol import TreeGame
from tracer.search import Conventions, SearchSettings, run_search

INF = float("inf")
ALL_CONVENTIONS = [
    Conventions(True, "soft"), Conventions(False, "soft"), Conventions(True, "hard"), Conventions(False, "hard"),
    Conventions(True, "own-bound"), Conventions(False, "own-bound"),
]


class Reference:
    """The searches as the book writes them, recording the documented events."""

    def __init__(
        self, game: Any, algorithm: str, conventions: Conventions, limit: int | None, table: bool, by_evaluation: bool,
        quiescence: bool = False,
    ) -> None:
        self.game = game
        self.algorithm = algorithm
        self.prune_on_equal = conventions.prune_on_equal
        self.fail = conventions.fail
        self.limit = limit
        self.quiescence = quiescence and limit is not None
        self.table: dict[Any, tuple[float, str, int | None]] | None = {} if table else None
        self.by_evaluation = by_evaluation
        self.events: list[tuple[Any, ...]] = []
        self.best: tuple[int, ...] | None = None
        self.depth_cut = 0

    def run(self) -> tuple[float, str]:
        root = self.game.initial_state()
        if self.algorithm == "alphabeta":
            return self.alphabeta_node(root, (), -INF, INF)
        return self.minimax_node(root, ()), "exact"

    # -- what both share, written plainly -------------------------------------------------------
    def levels_left(self, path: tuple[int, ...]) -> int | None:
        """Levels still to search: 0 at the depth limit and past it (where only quiescence goes)."""
        return None if self.limit is None else max(self.limit - len(path), 0)

    def quiesces(self, state: Any, path: tuple[int, ...]) -> bool:
        """Whether this node stands pat: at or past the limit, a MAX or MIN state that is not quiet."""
        game = self.game
        return (
            self.quiescence and self.levels_left(path) == 0 and not game.is_terminal(state)
            and game.to_move(state) != "chance" and not game.is_quiet(state)
        )

    def static_value(self, state: Any, path: tuple[int, ...]) -> float | None:
        """A terminal's or a cut node's value (recorded and stored), or None to search below."""
        game = self.game
        if game.is_terminal(state):
            if self.limit is None:
                value, source = game.utility(state), "utility"
            else:
                value, source = game.evaluate(state), "evaluation"
            searched = None
        elif self.levels_left(path) == 0 and not self.quiesces(state, path):
            value, source, searched = game.evaluate(state), "evaluation", 0
            self.depth_cut += 1
        else:
            return None
        self.events.append(("evaluate", path, value, source))
        self.store(state, path, value, "exact", searched)
        self.events.append(("leave", path, value, "exact", None))
        return value

    def store(self, state: Any, path: tuple[int, ...], value: float, bound: str, searched: int | None) -> None:
        if self.table is not None:
            self.table[state] = (value, bound, searched)
            self.events.append(("tt_store", path, value, bound, searched))

    def usable_entry(self, state: Any, path: tuple[int, ...], alpha: float | None, beta: float | None):  # type: ignore[no-untyped-def]
        if self.table is None or state not in self.table:
            return None
        value, bound, searched = self.table[state]
        left = self.levels_left(path)
        if not (searched is None or (left is not None and searched >= left)):
            return None
        if bound == "lower" and not self.max_cutoff(value, beta):  # type: ignore[arg-type]
            return None
        if bound == "upper" and not self.min_cutoff(value, alpha):  # type: ignore[arg-type]
            return None
        self.events.append(("tt_hit", path, value, bound, searched))
        return value, bound

    def children(self, state: Any, path: tuple[int, ...], maximising: bool, only: list[int] | None = None) -> list[tuple[int, Any]]:
        game = self.game
        moves = game.actions(state)
        pairs = [(index, game.result(state, moves[index])) for index in (range(len(moves)) if only is None else only)]
        if self.by_evaluation:
            keys = [game.evaluate(child) for _, child in pairs]
            # Best first for the player to move; the sort is stable, so ties keep the documented order.
            ranked = sorted(range(len(pairs)), key=lambda i: -keys[i] if maximising else keys[i])
            self.events.append(("order", path, tuple(path + (pairs[i][0],) for i in ranked), tuple(keys[i] for i in ranked)))
            pairs = [pairs[i] for i in ranked]
        return pairs

    def max_cutoff(self, v: float, beta: float) -> bool:
        return v >= beta if self.prune_on_equal else v > beta

    def min_cutoff(self, v: float, alpha: float) -> bool:
        return v <= alpha if self.prune_on_equal else v < alpha

    # -- MINIMAX-SEARCH and EXPECTIMINIMAX -------------------------------------------------------
    def minimax_node(self, state: Any, path: tuple[int, ...]) -> float:
        self.events.append(("enter", path, len(path), None, None))
        entry = self.usable_entry(state, path, None, None)
        if entry is not None:
            self.events.append(("leave", path, entry[0], "exact", None))
            return entry[0]
        value = self.static_value(state, path)
        if value is not None:
            return value
        player = self.game.to_move(state)
        best = None
        if player == "chance":
            v = 0.0
            for index, (outcome, p) in enumerate(self.game.chance_outcomes(state)):
                child = path + (index,)
                child_value = self.minimax_node(self.game.result(state, outcome), child)
                v += p * child_value
                self.events.append(("chance_backup", path, child, p, child_value, v))
        else:
            v = -INF if player == "max" else INF
            standing = self.quiesces(state, path)
            if standing:
                v, noisy = self.stand_pat(state, path)
            for index, child_state in self.children(state, path, player == "max", noisy if standing else None):
                child = path + (index,)
                child_value = self.minimax_node(child_state, child)
                if (best is None and not standing) or (child_value > v if player == "max" else child_value < v):
                    v, best = child_value, child
                self.events.append(("backup", path, child, child_value, v))
        self.store(state, path, v, "exact", self.levels_left(path))
        self.events.append(("leave", path, v, "exact", best))
        if path == ():
            self.best = best
        return v

    # -- ALPHA-BETA-SEARCH -----------------------------------------------------------------------
    def alphabeta_node(self, state: Any, path: tuple[int, ...], alpha: float, beta: float) -> tuple[float, str]:
        self.events.append(("enter", path, len(path), alpha, beta))
        entry = self.usable_entry(state, path, alpha, beta)
        if entry is not None:
            value, bound = entry
            low, high = {"exact": (value, value), "lower": (value, INF), "upper": (-INF, value)}[bound]
            player = None if self.game.is_terminal(state) else self.game.to_move(state)
            returned = self.returned(value, alpha, beta, player)
            label = self.label(returned, low, high)
            self.events.append(("leave", path, returned, label, None))
            return returned, label
        value = self.static_value(state, path)
        if value is not None:
            return value, "exact"
        player = self.game.to_move(state)
        if player == "max":
            v, low, high, best = self.max_value(state, path, alpha, beta)
        else:
            v, low, high, best = self.min_value(state, path, alpha, beta)
        returned = self.returned(v, alpha, beta, player)
        label = self.label(returned, low, high)
        self.store(state, path, returned, label, self.levels_left(path))
        self.events.append(("leave", path, returned, label, best))
        if path == ():
            self.best = best
        return returned, label

    def stand_pat(self, state: Any, path: tuple[int, ...]) -> tuple[float, list[int]]:
        """A quiescence node's static value and its noisy children (indices among all its moves)."""
        game = self.game
        moves = list(game.actions(state))
        noisy = [moves.index(move) for move in game.noisy_moves(state)]
        value = game.evaluate(state)
        self.depth_cut += 1
        self.events.append(("quiesce", path, value, tuple(path + (i,) for i in noisy)))
        return value, noisy

    def max_value(self, state: Any, path: tuple[int, ...], alpha: float, beta: float):  # type: ignore[no-untyped-def]
        v, best = -INF, None
        low = high = -INF
        standing = self.quiesces(state, path)
        if standing:
            v, noisy = self.stand_pat(state, path)
            low = high = v
            if self.max_cutoff(v, beta):
                self.events.append(("cutoff", path, v, alpha, beta, tuple(path + (i,) for i in noisy)))
                return v, low, INF, None
            if v > alpha:
                self.events.append(("alpha", path, alpha, v))
                alpha = v
        children = self.children(state, path, True, noisy if standing else None)
        for position, (index, child_state) in enumerate(children):
            child = path + (index,)
            child_value, child_bound = self.alphabeta_node(child_state, child, alpha, beta)
            if (best is None and not standing) or child_value > v:
                v, best = child_value, child
            self.events.append(("backup", path, child, child_value, v))
            low = max(low, child_value if child_bound != "upper" else -INF)
            high = max(high, child_value if child_bound != "lower" else INF)
            if self.max_cutoff(v, beta):
                pruned = tuple(path + (later,) for later, _ in children[position + 1 :])
                if pruned:
                    high = INF
                self.events.append(("cutoff", path, v, alpha, beta, pruned))
                break
            if v > alpha:
                self.events.append(("alpha", path, alpha, v))
                alpha = v
        return v, low, high, best

    def min_value(self, state: Any, path: tuple[int, ...], alpha: float, beta: float):  # type: ignore[no-untyped-def]
        v, best = INF, None
        low = high = INF
        standing = self.quiesces(state, path)
        if standing:
            v, noisy = self.stand_pat(state, path)
            low = high = v
            if self.min_cutoff(v, alpha):
                self.events.append(("cutoff", path, v, alpha, beta, tuple(path + (i,) for i in noisy)))
                return v, -INF, high, None
            if v < beta:
                self.events.append(("beta", path, beta, v))
                beta = v
        children = self.children(state, path, False, noisy if standing else None)
        for position, (index, child_state) in enumerate(children):
            child = path + (index,)
            child_value, child_bound = self.alphabeta_node(child_state, child, alpha, beta)
            if (best is None and not standing) or child_value < v:
                v, best = child_value, child
            self.events.append(("backup", path, child, child_value, v))
            low = min(low, child_value if child_bound != "upper" else -INF)
            high = min(high, child_value if child_bound != "lower" else INF)
            if self.min_cutoff(v, alpha):
                pruned = tuple(path + (later,) for later, _ in children[position + 1 :])
                if pruned:
                    low = -INF
                self.events.append(("cutoff", path, v, alpha, beta, pruned))
                break
            if v < beta:
                self.events.append(("beta", path, beta, v))
                beta = v
        return v, low, high, best

    def returned(self, v: float, alpha: float, beta: float, player: str | None) -> float:
        if self.fail == "soft":
            return v
        if self.fail == "hard":
            return alpha if v < alpha else beta if v > beta else v
        if player == "max":  # own-bound: the node's alpha, raised by v
            return max(alpha, v)
        return min(beta, v) if player == "min" else v

    @staticmethod
    def label(value: float, low: float, high: float) -> str:
        if low == high == value:
            return "exact"
        if value <= low:
            return "lower"
        if value >= high:
            return "upper"
        raise AssertionError(f"alpha-beta returned {value}, strictly inside the interval ({low}, {high}) it proved")

    def stats(self) -> dict[str, int]:
        kinds = [event[0] for event in self.events]
        cutoffs = [event for event in self.events if event[0] == "cutoff" and event[5]]
        return {
            "visited": kinds.count("enter"),
            "evaluated": kinds.count("evaluate") + kinds.count("quiesce"),
            "cutoffs": len(cutoffs),
            "pruned": sum(len(event[5]) for event in cutoffs),
            "depth_cut": self.depth_cut,
            "tt_hits": kinds.count("tt_hit"),
            "tt_stores": kinds.count("tt_store"),
        }


def assert_same_as_reference(
    game: Any, algorithm: str, conventions: Conventions, limit: int | None, table: bool, order: str, quiescence: bool = False,
) -> None:
    reference = Reference(game, algorithm, conventions, limit, table, by_evaluation=order == "eval", quiescence=quiescence)
    value, bound = reference.run()
    search_settings = SearchSettings(
        algorithm=algorithm, conventions=conventions, depth=limit, order=order, transposition_table=table, quiescence=quiescence,
    )
    recorded = run_search(game, search_settings, record=True)
    assert recorded.events == reference.events
    assert (recorded.value, recorded.best, recorded.bound) == (value, reference.best, bound)
    expected = reference.stats()
    assert {name: recorded.stats[name] for name in expected} == expected
    # record=False takes shortcuts (no bound tracking without a table); the answers must not change.
    quiet = run_search(game, search_settings, record=False)
    assert quiet.events == []
    assert (quiet.value, quiet.best, quiet.stats) == (recorded.value, recorded.best, recorded.stats)


limits = st.sampled_from([None, 0, 1, 2, 3])


@settings(max_examples=400, deadline=None)
@given(dag_games(), st.sampled_from(["minimax", "alphabeta"]), st.sampled_from(ALL_CONVENTIONS), limits, st.booleans(), st.sampled_from(["given", "eval"]))
def test_minimax_and_alphabeta_record_what_the_reference_records(game, algorithm, conventions, limit, table, order):
    assert_same_as_reference(game, algorithm, conventions, limit, table, order)


@settings(max_examples=150, deadline=None)
@given(dag_games(players=("max", "chance", "min")), limits, st.booleans())
def test_expectiminimax_records_what_the_reference_records(game, limit, table):
    assert_same_as_reference(game, "expectiminimax", Conventions(), limit, table, "given")


@settings(max_examples=150, deadline=None)
@given(internal_trees(), st.sampled_from(["minimax", "alphabeta"]), st.sampled_from(ALL_CONVENTIONS), st.booleans())
def test_searches_of_written_trees_record_what_the_reference_records(tree, algorithm, conventions, table):
    game = TreeGame(tracer.parse_tree(json.dumps(tree)))
    assert_same_as_reference(game, algorithm, conventions, None, table, "given")


@settings(max_examples=400, deadline=None)
@given(
    noisy_dag_games(), st.sampled_from(["minimax", "alphabeta"]), st.sampled_from(ALL_CONVENTIONS), st.sampled_from([0, 1, 2]),
    st.booleans(), st.sampled_from(["given", "eval"]),
)
def test_quiescence_records_what_the_reference_records(game, algorithm, conventions, limit, table, order):
    assert_same_as_reference(game, algorithm, conventions, limit, table, order, quiescence=True)
