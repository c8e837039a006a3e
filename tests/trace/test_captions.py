"""Captions: what each step did, in words, with the conventions' own cutoff test."""

from __future__ import annotations

import pytest

import tracer
from tracer.trace.captions import caption, captions

AIMA = "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"


def _step_of(trace, kind, node):
    for index, event in enumerate(trace, start=1):
        if event.kind == kind and event.node == node:
            return index
    raise AssertionError(f"no {kind} at {node}")


def test_one_caption_per_step_and_step_zero_first():
    trace = tracer.alphabeta(AIMA)
    texts = captions(trace)
    assert len(texts) == len(trace) + 1
    assert texts[0].startswith("Start: Alpha-beta")
    assert all(text and text.endswith(".") for text in texts)


def test_single_caption_equals_the_list():
    trace = tracer.alphabeta(AIMA, prune_on_equal=False, fail="hard")
    texts = captions(trace)
    assert [caption(trace, step) for step in range(len(trace) + 1)] == texts
    with pytest.raises(IndexError):
        caption(trace, len(trace) + 1)


def test_min_cutoff_with_pruning_on_equality():
    trace = tracer.alphabeta(AIMA)
    step = _step_of(trace, "cutoff", (1,))
    assert caption(trace, step) == "C: v = 2 ≤ α = 3, so MAX will never choose C; its other children (I, J) are pruned."


def test_min_cutoff_under_the_strict_convention():
    trace = tracer.alphabeta(AIMA, prune_on_equal=False)
    step = _step_of(trace, "cutoff", (1,))
    assert caption(trace, step) == "C: v = 2 < α = 3, so MAX will never choose C; its other children (I, J) are pruned."


def test_equality_prunes_only_under_aima():
    # C's first leaf equals alpha = 3: AIMA prunes (v <= alpha), CS188 goes on (needs v < alpha)
    tree = "[[3, 12, 8], [3, 4, 6], [14, 5, 2]]"
    aima = tracer.alphabeta(tree)
    assert "v = 3 ≤ α = 3" in caption(aima, _step_of(aima, "cutoff", (1,)))
    strict = tracer.alphabeta(tree, prune_on_equal=False)
    backup = next(i for i, e in enumerate(strict, start=1) if e.kind == "backup" and e.node == (1,))
    assert "prunes only when v < α: the search goes on" in caption(strict, backup)


def test_max_cutoff_names_beta_and_min():
    tree = tracer.parse_tree("[[3, 2], [5, 1]]", root="min")
    trace = tracer.alphabeta(tree)
    step = _step_of(trace, "cutoff", (1,))
    assert caption(trace, step) == "C: v = 5 ≥ β = 3, so MIN will never let play reach C; its other children (G) are pruned."
    strict = tracer.alphabeta(tree, prune_on_equal=False)
    assert all("≥ β" not in c for c in captions(strict))


def test_cutoff_at_the_last_child_prunes_nothing():
    trace = tracer.alphabeta(AIMA)
    step = _step_of(trace, "cutoff", (2,))
    assert caption(trace, step).endswith("it has no other children left to prune.")


def test_bounds_and_fail_hard_clamping_are_said():
    soft = tracer.alphabeta(AIMA)
    assert caption(soft, _step_of(soft, "leave", (1,))) == "C returns 2 to A: an upper bound, as C's true value is ≤ 2."
    hard = tracer.alphabeta(AIMA, fail="hard")
    text = caption(hard, _step_of(hard, "leave", (1,)))
    assert text.startswith("C returns 3 to A (fail-hard: v = 2 is clamped into [α, β] = [3, +∞])")


def test_root_names_the_value_and_the_move():
    trace = tracer.alphabeta(AIMA)
    assert captions(trace)[-1] == "A returns 3; this is the value of the game, and MAX moves to B."


def test_paths_instead_of_labels():
    trace = tracer.alphabeta(AIMA)
    step = _step_of(trace, "cutoff", (1,))
    assert caption(trace, step, labels="paths").startswith("node 1: v = 2 ≤ α = 3")


def test_chance_and_game_captions():
    chance = tracer.expectiminimax(tracer.parse_tree("[[1, 2], [3, 4]]", players="chance,max"))
    assert "weighted sum 1" in " ".join(captions(chance))
    game = tracer.alphabeta(tracer.make_game("tictactoe", "XO.X..O.."), depth=1)
    assert any("depth limit stops the search" in text for text in captions(game))


EVALUATED = """
children:
  - {label: B, value: 4, children: [{value: 5, children: [5, 9]}, {value: 2, children: [1, 3]}]}
  - {label: C, value: 6, children: [{value: 7, children: [8, 2]}, {value: 3, children: [4, 0]}]}
"""


def test_ordering_shows_the_values_it_rests_on_and_a_depth_limit_is_said():
    from tracer.game.notation import parse_tree
    from tracer.search import SearchSettings

    trace = tracer.search(parse_tree(EVALUATED), SearchSettings(order="eval", depth=2))
    texts = captions(trace)
    # MAX puts C (evaluation 6) before B (4), as the tree file says
    assert "A orders its children best first by the evaluation function: C (6), B (4)." in texts
    assert "as far as a search 2 plies deep can tell, this is the value of the game" in texts[-1]
    assert "can tell" not in captions(tracer.alphabeta(EVALUATED_LEAVES))[-1]


EVALUATED_LEAVES = "[[5, 9], [1, 3]]"


def test_the_captions_of_some_steps_read_as_every_step_s_with_the_others_empty():
    """Only the captions told are held (a whole game's 1.9 million steps), and they read as a list would."""
    trace = tracer.alphabeta("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]")
    every = captions(trace)
    wanted = {0, 3, 17, len(trace)}
    some = captions(trace, steps=wanted)
    expected = [text if step in wanted else "" for step, text in enumerate(every)]
    assert isinstance(every, list) and not isinstance(some, list)
    assert len(some) == len(expected) and some == expected and list(some) == expected
    assert (some[-1], some[1:4], some[::7]) == (expected[-1], expected[1:4], expected[::7])
    with pytest.raises(IndexError):
        some[len(trace) + 1]
