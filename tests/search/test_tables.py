"""The transposition table and the depth limit, handled alike in every search."""

from __future__ import annotations

from typing import Any

import pytest
from search_helpers import DagGame

import tracer
from tracer.game.games import Hexapawn, TicTacToe
from tracer.game.protocol import TreeGame
from tracer.search import Conventions, SearchSettings, run_search

INF = float("inf")
ALL_CONVENTIONS = [Conventions(True, "soft"), Conventions(False, "soft"), Conventions(True, "hard"), Conventions(False, "hard")]


def events_at(run: Any, node: tuple[int, ...]) -> list[tuple[Any, ...]]:
    return [event for event in run.events if len(event) > 1 and event[1] == node]


# -- depth-cut nodes go into the table, in minimax as in alpha-beta ---------------------------------
def layers(game: Any, depth: int) -> list[set[Any]]:
    """The distinct states 0, 1, ..., depth moves from the start (the game stops at terminal states)."""
    found = [{game.initial_state()}]
    for _ in range(depth):
        found.append({game.result(s, a) for s in found[-1] if not game.is_terminal(s) for a in game.actions(s)})
    return found


@pytest.mark.parametrize(("position", "depth"), [("X........", 3), ("XO.X..O..", 2), (".........", 2)])
def test_minimax_with_a_table_stores_each_state_once_depth_cut_ones_included(position, depth):
    # In tic-tac-toe a state's distance from the start is its number of marks, so with a table
    # each distinct state within the limit is searched once and answered by the table after:
    #   stored:      every distinct state in layers 0..depth (cut ones as searched 0 levels);
    #   depth cuts:  the states of the last layer that are not over;
    #   visited:     the root, and every move out of each state searched below the limit.
    game = TicTacToe(position)
    found = layers(game, depth)
    searched = [s for layer in found[:-1] for s in layer if not game.is_terminal(s)]
    cut = [s for s in found[-1] if not game.is_terminal(s)]
    run = run_search(game, SearchSettings(algorithm="minimax", depth=depth, transposition_table=True))
    visited = 1 + sum(len(game.actions(s)) for s in searched)
    assert run.stats["tt_stores"] == sum(len(layer) for layer in found)
    assert run.stats["depth_cut"] == len(cut)
    assert run.stats["visited"] == visited
    assert run.stats["tt_hits"] == visited - run.stats["tt_stores"]
    assert sum(1 for event in run.events if event[0] == "tt_store" and event[4] == 0) == len(cut)


@pytest.mark.parametrize(
    ("game", "settings"),
    [
        (TicTacToe("X.O......"), SearchSettings(algorithm="minimax", depth=3, transposition_table=True)),
        (TicTacToe("X.O......"), SearchSettings(algorithm="alphabeta", depth=3, transposition_table=True)),
        (TicTacToe("X.O......"), SearchSettings(algorithm="minimax", depth=4, iterative=True, transposition_table=True)),
        (Hexapawn(), SearchSettings(algorithm="alphabeta", depth=4, iterative=True, transposition_table=True)),
        (
            DagGame([("chance", [1, 2], 0, 0), ("max", [3, 3], 0, 5), ("min", [3], 0, -1), ("max", [], 4, 4)]),
            SearchSettings(algorithm="expectiminimax", depth=1, transposition_table=True),
        ),
    ],
)
def test_every_depth_cut_evaluation_is_stored_as_searched_zero_levels(game, settings):
    events = run_search(game, settings).events
    cut_evaluations = [i for i, event in enumerate(events) if event[0] == "evaluate" and not game.is_terminal(_state_at(game, event[1]))]
    assert cut_evaluations  # the limit does cut these searches
    for i in cut_evaluations:
        _, node, value, _ = events[i]
        assert events[i + 1] == ("tt_store", node, value, "exact", 0)


def _state_at(game: Any, path: tuple[int, ...]) -> Any:
    state = game.initial_state()
    for index in path:
        if game.to_move(state) == "chance":
            state = game.result(state, game.chance_outcomes(state)[index][0])
        else:
            state = game.result(state, game.actions(state)[index])
    return state


# -- a stored bound answers only when it decides the visit ---------------------------------------
# MAX root R over two MIN nodes X and Y; both reach the MAX state S = [7, 9].
#   X = [5, S]: 5 gives beta = 5, so S is searched in (-inf, 5): 7 >= 5 prunes 9 and S is stored
#   as "7, lower bound". X = min(5, >= 7) = 5 exactly, so alpha = 5 at the root.
#   Y = [S, 6]: Y is searched in (5, inf), so at S the stored "at least 7" does not reach beta = inf:
#   S is searched again in (5, inf), 7 then 9, and stored as 9 exactly. Y = min(9, 6) = 6; R = 6.
#   Y' = [6, S]: after 6, beta = 6, and "at least 7" reaches it: the table answers S with 7.
LOWER_NOT_DECIDING = DagGame(
    [("max", [1, 2], 0, 0), ("min", [3, 4], 0, 0), ("min", [4, 5], 0, 0), ("max", [], 5, 5), ("max", [6, 7], 0, 0),
     ("max", [], 6, 6), ("max", [], 7, 7), ("max", [], 9, 9)]
)
LOWER_DECIDING = DagGame(
    [("max", [1, 2], 0, 0), ("min", [3, 4], 0, 0), ("min", [5, 4], 0, 0), ("max", [], 5, 5), ("max", [6, 7], 0, 0),
     ("max", [], 6, 6), ("max", [], 7, 7), ("max", [], 9, 9)]
)


def test_a_lower_bound_that_does_not_reach_beta_is_searched_again():
    run = run_search(LOWER_NOT_DECIDING, SearchSettings(transposition_table=True))
    assert ("tt_store", (0, 1), 7, "lower", None) in run.events
    again = events_at(run, (1, 0))
    assert again[0] == ("enter", (1, 0), 2, 5, INF)
    assert not any(event[0] == "tt_hit" for event in again)
    assert again[-1] == ("leave", (1, 0), 9, "exact", (1, 0, 1))
    assert (run.value, run.best) == (6, (1,))


def test_a_lower_bound_that_reaches_beta_answers():
    run = run_search(LOWER_DECIDING, SearchSettings(transposition_table=True))
    assert events_at(run, (1, 1)) == [
        ("enter", (1, 1), 2, 5, 6),
        ("tt_hit", (1, 1), 7, "lower", None),
        ("leave", (1, 1), 7, "lower", None),
    ]
    assert (run.value, run.best) == (6, (1,))


# The mirror image: MIN root over MAX nodes X = [5, S] and Y = [S, 4], S = [3, 1] a MIN state.
#   In X (window (5, inf) after 5), 3 <= 5 prunes 1: S is stored as "3, upper bound". Y is searched
#   in (-inf, 5): "at most 3" does not reach alpha = -inf, so S is searched again: 1 exactly.
def test_an_upper_bound_that_does_not_reach_alpha_is_searched_again():
    game = DagGame(
        [("min", [1, 2], 0, 0), ("max", [3, 4], 0, 0), ("max", [4, 5], 0, 0), ("min", [], 5, 5), ("min", [6, 7], 0, 0),
         ("min", [], 4, 4), ("min", [], 3, 3), ("min", [], 1, 1)]
    )
    run = run_search(game, SearchSettings(transposition_table=True))
    assert ("tt_store", (0, 1), 3, "upper", None) in run.events
    again = events_at(run, (1, 0))
    assert not any(event[0] == "tt_hit" for event in again)
    assert again[-1] == ("leave", (1, 0), 1, "exact", (1, 0, 1))
    assert (run.value, run.best) == (4, (1,))


# -- record=False takes shortcuts; the answers stay the same -------------------------------------
@pytest.mark.parametrize("conventions", ALL_CONVENTIONS)
def test_untraced_search_prunes_what_the_traced_one_prunes(conventions):
    # The tree of test_strict_fail_hard_prunes_less: only strict pruning with fail-hard examines 7,
    # because the clamped value 5 returned by D does not pass "v > beta = 5" at C.
    game = TreeGame(tracer.parse_tree("[[5], [[6], 7]]", root="min"))
    settings = SearchSettings(conventions=conventions)
    traced, untraced = run_search(game, settings), run_search(game, settings, record=False)
    assert untraced.stats == traced.stats
    assert untraced.stats["pruned"] == (0 if (conventions.prune_on_equal, conventions.fail) == (False, "hard") else 1)
