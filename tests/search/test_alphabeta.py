"""Alpha-beta against hand-worked trees, the Knuth-Moore count and independent minimax."""

from __future__ import annotations

import json
import random

import pytest
from engine_helpers import AIMA_FIG_5_2, independent_minimax, internal_trees, subtree
from hypothesis import given, settings
from hypothesis import strategies as st

import tracer
from tracer import answer_key
from tracer.errors import SearchError, path_text
from tracer.search import Conventions, SearchSettings
from tracer.trace.key import AnswerKey, KeyNode

ALL_CONVENTIONS = [
    {"prune_on_equal": True, "fail": "soft"},
    {"prune_on_equal": False, "fail": "soft"},
    {"prune_on_equal": True, "fail": "hard"},
    {"prune_on_equal": False, "fail": "hard"},
]


def key_of(tree_text: str, **conventions) -> AnswerKey:
    return answer_key(tracer.alphabeta(tree_text, **conventions))


def by_label(key: AnswerKey) -> dict[str, KeyNode]:
    return {node.label: node for node in key.nodes}


def paths(key_paths) -> list[str]:
    return [path_text(path) for path in key_paths]


# -- AIMA Figure 5.2 / 5.5 ----------------------------------------------------------------
def test_aima_figure_5_2():
    key = key_of(AIMA_FIG_5_2)
    assert key.root_value == 3
    assert key.best_move.label == "B"
    # Under the second MIN node (C) only the first leaf is examined: 4 and 6 are pruned.
    assert paths(key.unvisited) == ["1.1", "1.2"]
    nodes = by_label(key)
    assert (nodes["C"].search_value, nodes["C"].bound) == (2, "upper")  # "C <= 2" in AIMA's figure
    assert nodes["C"].minimax_value == 2
    assert (nodes["D"].search_value, nodes["D"].bound) == (2, "exact")
    assert paths(key.evaluated) == ["0.0", "0.1", "0.2", "1.0", "2.0", "2.1", "2.2"]
    assert key.to_json()["cutoffs"] == [{"at": "1", "label": "C", "v": 2, "alpha": 3, "beta": "inf", "pruned": ["1.1", "1.2"]}]
    assert paths(key.principal_variation) == ["0", "0.0"]
    assert key.stats["visited"] == 11 and key.stats["evaluated"] == 7 and key.stats["cutoffs"] == 1


def test_minimax_visits_everything_on_figure_5_2():
    key = answer_key(tracer.minimax(AIMA_FIG_5_2))
    assert key.root_value == 3 and key.unvisited == () and key.stats["visited"] == 13
    assert [n.minimax_value for n in key.nodes if n.type == "min"] == [3, 2, 2]


# -- conventions, worked by hand --------------------------------------------------------------
# Tree [[3, 5], [3, 8]]: B = min(3, 5) = 3 gives alpha = 3 at the root. At C the first leaf is 3:
#   prune on equality: v = 3 <= alpha = 3, so 8 is pruned and C reports "<= 3";
#   strict (CS188):    3 < 3 is false, so 8 is examined and C = min(3, 8) = 3 exactly.
# Both give root value 3 and, by the first-searched tie rule, the move to B.
def test_prune_on_equal_versus_strict():
    equal = key_of("[[3, 5], [3, 8]]", prune_on_equal=True)
    strict = key_of("[[3, 5], [3, 8]]", prune_on_equal=False)
    assert paths(equal.unvisited) == ["1.1"] and strict.unvisited == ()
    assert (by_label(equal)["C"].search_value, by_label(equal)["C"].bound) == (3, "upper")
    assert (by_label(strict)["C"].search_value, by_label(strict)["C"].bound) == (3, "exact")
    for key in (equal, strict):
        assert key.root_value == 3 and key.best_move.label == "B"


# Figure 5.2 with fail-hard: at C, v = 2 <= alpha = 3 ends the search there, and fail-hard
# returns alpha = 3 (an upper bound: C's true value 2 is at most 3) where fail-soft returns 2.
def test_fail_hard_returns_alpha_at_a_cut_min_node():
    soft, hard = key_of(AIMA_FIG_5_2, fail="soft"), key_of(AIMA_FIG_5_2, fail="hard")
    assert (by_label(soft)["C"].search_value, by_label(soft)["C"].bound) == (2, "upper")
    assert (by_label(hard)["C"].search_value, by_label(hard)["C"].bound) == (3, "upper")
    assert paths(soft.unvisited) == paths(hard.unvisited) == ["1.1", "1.2"]
    assert hard.root_value == 3


# [[[3]], [[1, 2], [9]]]: B (MIN) -> D (MAX) -> 3, so alpha = 3 at the root. C (MIN) searches
# E (MAX) with window (3, inf): E sees 1 and 2, no cutoff, v = 2.
#   fail-soft: E returns 2, exact (both children seen); at C, v = 2 <= 3 prunes F.
#   fail-hard: E returns max(alpha, v) = 3, an upper bound; at C, v = 3 <= 3 prunes F too.
def test_fail_hard_clamps_a_node_that_was_not_cut():
    soft, hard = key_of("[[[3]], [[1, 2], [9]]]", fail="soft"), key_of("[[[3]], [[1, 2], [9]]]", fail="hard")
    e_soft, e_hard = by_label(soft)["E"], by_label(hard)["E"]
    assert (e_soft.search_value, e_soft.bound, e_soft.minimax_value) == (2, "exact", 2)
    assert (e_hard.search_value, e_hard.bound) == (3, "upper")
    assert paths(soft.unvisited) == paths(hard.unvisited) == ["1.1", "1.1.0"]


# With strict pruning and fail-hard, a child that returns beta itself (clamped) no longer
# passes "v > beta" at its parent. Tree [[5], [[6], 7]] with a MIN root: B = 5 sets beta = 5.
#   C (MAX) with window (-inf, 5) sees D = [6] (MIN, window (-inf, 5)): D returns 6 fail-soft
#   (exact: one leaf), fail-hard clamps to beta = 5 (lower bound). At C:
#     prune on equality, fail-soft: 6 >= 5, prune 7;  fail-hard: 5 >= 5, prune 7;
#     strict, fail-soft: 6 > 5, prune 7;             strict, fail-hard: 5 > 5 is false, 7 examined.
def test_strict_fail_hard_prunes_less():
    tree = "[[5], [[6], 7]]"
    parsed = tracer.parse_tree(tree, root="min")
    pruned = {
        (c["prune_on_equal"], c["fail"]): paths(answer_key(tracer.search(parsed, SearchSettings(conventions=Conventions(**c)))).unvisited)
        for c in ALL_CONVENTIONS
    }
    assert pruned == {(True, "soft"): ["1.1"], (False, "soft"): ["1.1"], (True, "hard"): ["1.1"], (False, "hard"): []}


# -- Knuth and Moore -------------------------------------------------------------------------
def perfectly_ordered(branching: int, depth: int, seed: int) -> list:
    """A uniform tree with distinct leaves, children sorted best-first for the player to move."""
    rng = random.Random(seed)
    values = rng.sample(range(-10_000, 10_000), branching**depth)
    counter = iter(values)

    def build(level: int) -> list | int:
        if level == depth:
            return next(counter)
        children = [build(level + 1) for _ in range(branching)]
        maximising = level % 2 == 0
        children.sort(key=lambda c: independent_minimax(c, ("max", "min") if (level + 1) % 2 == 0 else ("min", "max")), reverse=maximising)
        return children

    return build(0)  # type: ignore[return-value]


@pytest.mark.parametrize("branching", [2, 3, 4])
@pytest.mark.parametrize("depth", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("prune_on_equal", [True, False])
def test_knuth_moore_count_on_perfectly_ordered_trees(branching, depth, prune_on_equal):
    tree = perfectly_ordered(branching, depth, seed=branching * 10 + depth)
    trace = tracer.alphabeta(json.dumps(tree), prune_on_equal=prune_on_equal)
    expected = branching ** -(-depth // 2) + branching ** (depth // 2) - 1
    assert trace.stats["evaluated"] == expected
    assert trace.root_value == independent_minimax(tree)


@pytest.mark.parametrize(("prune_on_equal", "expected"), [(True, 3**2 + 3 - 1), (False, 27)])
def test_ties_reach_the_knuth_moore_count_only_when_a_tie_prunes(prune_on_equal, expected):
    """All 27 leaves equal: every order is perfect, yet under the strict rule no cutoff fires (the
    ordering page says so)."""
    tree = [[[1] * 3 for _ in range(3)] for _ in range(3)]
    trace = tracer.alphabeta(json.dumps(tree), prune_on_equal=prune_on_equal)
    assert trace.stats["evaluated"] == expected
    assert trace.root_value == 1


def test_order_perfect_reaches_the_knuth_moore_count_and_reports_the_saving():
    rng = random.Random(7)
    tree = json.dumps([[[rng.randint(-99, 99) for _ in range(3)] for _ in range(3)] for _ in range(3)])
    given_order = tracer.alphabeta(tree)
    perfect = tracer.alphabeta(tree, order="perfect")
    worst = tracer.alphabeta(tree, order="worst")
    assert perfect.root_value == given_order.root_value == worst.root_value
    assert perfect.stats["evaluated"] <= 3**2 + 3**1 - 1
    assert worst.stats["evaluated"] >= given_order.stats["evaluated"] >= perfect.stats["evaluated"]
    assert perfect.stats["given_order_visited"] == given_order.stats["visited"]
    assert perfect.stats["saving"] == given_order.stats["visited"] - perfect.stats["visited"]


# -- properties --------------------------------------------------------------------------------
player_cycles = st.sampled_from([("max", "min"), ("min", "max"), ("max", "min", "min")])


@settings(max_examples=300, deadline=None)
@given(internal_trees(), player_cycles, st.sampled_from(ALL_CONVENTIONS), st.sampled_from(["given", "perfect", "worst", "random"]))
def test_alphabeta_root_value_equals_minimax(tree, players, conventions, order):
    text = json.dumps(tree)
    parsed = tracer.parse_tree(text, players=",".join(players))
    trace = tracer.search(parsed, SearchSettings(conventions=Conventions(**conventions), order=order))
    assert trace.root_value == independent_minimax(tree, players)
    assert tracer.minimax(parsed).root_value == independent_minimax(tree, players)


@settings(max_examples=300, deadline=None)
@given(internal_trees(), player_cycles, st.sampled_from(ALL_CONVENTIONS))
def test_every_reported_bound_holds(tree, players, conventions):
    """Whatever a node returns is exact, a lower bound or an upper bound, as labelled."""
    parsed = tracer.parse_tree(json.dumps(tree), players=",".join(players))
    key = answer_key(tracer.search(parsed, SearchSettings(conventions=Conventions(**conventions))))
    for node in key.nodes:
        if not node.visited:
            assert node.search_value is None
            continue
        path = node.path
        true_value = independent_minimax(subtree(tree, path), players[len(path) % len(players):] + players[: len(path) % len(players)])
        assert node.minimax_value == true_value
        value, bound = node.search_value, node.bound
        if bound == "exact":
            assert value == true_value
        elif bound == "lower":
            assert true_value >= value
        else:
            assert true_value <= value


@settings(max_examples=200, deadline=None)
@given(internal_trees())
def test_fail_soft_value_at_a_cut_node_bounds_the_true_value(tree):
    trace = tracer.alphabeta(json.dumps(tree))
    key = answer_key(trace)
    for cut in key.cutoffs:
        node = key.node(cut.at)
        if node.type == "max":
            assert node.minimax_value >= node.search_value >= cut.beta
        else:
            assert node.minimax_value <= node.search_value <= cut.alpha


@settings(max_examples=100, deadline=None)
@given(internal_trees(), st.sampled_from(ALL_CONVENTIONS))
def test_best_move_is_the_first_child_with_the_root_value(tree, conventions):
    key = key_of(json.dumps(tree), **conventions)
    values = [independent_minimax(child, ("min", "max")) for child in tree]
    assert key.best_move.path == (values.index(max(values)),)


# -- refusals ---------------------------------------------------------------------------------
def test_alphabeta_refuses_chance_nodes_and_names_expectiminimax():
    with pytest.raises(SearchError, match="use algorithm='expectiminimax'"):
        tracer.alphabeta('{"chance": [[0.5, 1], [0.5, 2]]}')
    with pytest.raises(SearchError, match="expectiminimax"):
        tracer.minimax('{"chance": [[0.5, 1], [0.5, 2]]}')
