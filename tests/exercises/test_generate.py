"""The generator: every constraint asked for holds, seeds reproduce, rosters give distinct versions,
and keys agree with the engine and with an independent search written in the tests."""

from __future__ import annotations

import math
import subprocess
import sys

import pytest
from helpers import aima_exercise, path_text, reference_alphabeta, reference_minimax
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tracer import InputError, search
from tracer.exercises.dice import Dice, digest
from tracer.exercises.generate import ExerciseSpec, cutoff_origins, exercise_id, make_exercise, make_exercises, parse_range
from tracer.exercises.roster import Student
from tracer.game.notation import tree_from_data
from tracer.search.conventions import Conventions, SearchSettings
from tracer.trace.key import answer_key

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def leaves_and_depths(data, depth=0):
    if isinstance(data, (int, float)):
        yield data, depth
    elif isinstance(data, dict):
        for _p, sub in data["chance"]:
            yield from leaves_and_depths(sub, depth + 1)
    else:
        for child in data:
            yield from leaves_and_depths(child, depth + 1)


def branchings(data):
    if isinstance(data, dict):
        yield len(data["chance"])
        for _p, sub in data["chance"]:
            yield from branchings(sub)
    elif isinstance(data, list):
        yield len(data)
        for child in data:
            yield from branchings(child)


# -- reproducible draws ---------------------------------------------------------------------------
def test_dice_draws_are_fixed_forever():
    """Known answers: the draws depend on SHA-256 alone, not on the platform or Python's random module."""
    dice = Dice("tracer/golden")
    assert [dice.randint(0, 1000) for _ in range(8)] == [316, 689, 130, 175, 914, 564, 927, 618]
    items = list(range(10))
    Dice("tracer/golden").shuffle(items)
    assert items == [8, 4, 9, 2, 7, 3, 0, 6, 5, 1]
    assert digest("abc") == "ba7816"


def test_exercise_ids_are_fixed_for_a_seed():
    spec = ExerciseSpec(min_cutoffs=2, questions=("minimax", "values", "not_examined", "move", "window", "order"))
    assert exercise_id("42", spec, 1, None) == "ex1-5a7e"
    assert exercise_id("42", spec, 1, Student("Ada.L@uni.edu")) .startswith("ada-l-uni-edu-ex1-")


@FAST
@given(seed=st.integers(0, 10**6))
def test_same_seed_same_exercise(seed):
    spec = ExerciseSpec(min_cutoffs=1)
    assert make_exercise(spec, seed).key == make_exercise(spec, seed).key


def test_different_seeds_give_different_trees():
    spec = ExerciseSpec()
    trees = {str(make_exercise(spec, seed).key.tree) for seed in range(20)}
    assert len(trees) == 20


def test_generation_does_not_depend_on_the_hash_seed():
    code = (
        "from tracer.exercises.generate import ExerciseSpec, make_exercises;"
        "import json; print(json.dumps([e.key.to_json() for e in make_exercises(ExerciseSpec(min_cutoffs=1), 'h', 3)]))"
    )
    outputs = {
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env={"PYTHONHASHSEED": hs}).stdout
        for hs in ("0", "1", "12345")
    }
    assert len(outputs) == 1


def test_roster_versions_are_distinct_and_reproducible():
    students = [Student(f"s{i:03d}", f"Student {i}") for i in range(40)]
    spec = ExerciseSpec(min_cutoffs=1)
    first = make_exercises(spec, "course", 1, students)
    again = make_exercises(spec, "course", 1, students)
    assert [e.key for e in first] == [e.key for e in again]
    assert len({e.id for e in first}) == 40
    assert len({str(e.key.tree) for e in first}) == 40  # every student a different tree
    assert all(e.id.startswith(e.student.slug + "-") for e in first)
    assert first[0].key.student == {"id": "s000", "name": "Student 0"}


# -- constraints ------------------------------------------------------------------------------------
@FAST
@given(
    seed=st.integers(0, 10**6),
    b_low=st.integers(2, 3), b_extra=st.integers(0, 1),
    d_low=st.integers(2, 3), d_extra=st.integers(0, 1),
    low=st.integers(-20, 0), width=st.integers(0, 30),
    distinct=st.booleans(), min_cutoffs=st.integers(0, 2),
)
def test_every_constraint_holds(seed, b_low, b_extra, d_low, d_extra, low, width, distinct, min_cutoffs):
    branching, depth = (b_low, b_low + b_extra), (d_low, d_low + d_extra)
    high = low + width
    if distinct and b_low**d_low > width + 1:
        with pytest.raises(InputError):
            ExerciseSpec(branching=branching, depth=depth, values=(low, high), distinct=True)
        return
    spec = ExerciseSpec(branching=branching, depth=depth, values=(low, high), distinct=distinct, min_cutoffs=min_cutoffs, max_leaves=40)
    if not can_cut(min_cutoffs, branching, depth, width + 1 if distinct else math.inf):
        with pytest.raises(InputError, match="no tree met the constraints"):
            make_exercise(spec, seed)
        return
    exercise = make_exercise(spec, seed)  # every other spec has trees that meet it: generation must find one
    data = exercise.key.tree
    leaves = list(leaves_and_depths(data))
    heights = {d for _, d in leaves}
    assert len(heights) == 1 and depth[0] <= heights.pop() <= depth[1]
    assert all(branching[0] <= b <= branching[1] for b in branchings(data))
    assert all(low <= v <= high for v, _ in leaves)
    assert len(leaves) <= 40
    if distinct:
        assert len({v for v, _ in leaves}) == len(leaves)
    # the cutoffs counted by an independent search, not by the engine that made the exercise
    assert len(deep_cutoffs_reference(data)) >= min_cutoffs


def can_cut(cutoffs: int, branching: tuple[int, int], depth: tuple[int, int], room: float) -> bool:
    """Whether some tree of these shapes, with at most ``room`` distinct leaf values, has ``cutoffs`` cutoffs
    (alpha-beta, pruning on equality), for the specs the test above draws (branching and depth 2 or 3). Worked by hand:

    * one cutoff: any tree at least two deep and two wide can make one ([[3, 4], [2, 5]]); the
      smallest tree asked for always fits the value range (ExerciseSpec refuses specs where it does not);
    * two cutoffs: a MAX root has beta = +inf and its first MIN child alpha = -inf, so a 2x2 tree makes at
      most one. Two need a third MIN child ([[3, 4], [2, 5], [1, 6]]: 6 leaves) or a third level
      ([[[3, 4], [5, 6]], [[2, 7], [8, 9]]]: 8 leaves, a cut under B and one at C).
    """
    if cutoffs <= 1:
        return True
    return (branching[1] >= 3 and room >= 6) or (depth[1] >= 3 and room >= 8)


def deep_cutoffs_reference(data, prune_on_equal=True):
    """Every cutoff that prunes something, found by a separate plain search: for each, how many levels
    above it the bound it met was set (1 for an ordinary cutoff, 3 or more for a deep one)."""
    found = []

    def search(node, depth, alpha, beta, alpha_at, beta_at, is_max):
        if not isinstance(node, list):
            return node
        v = -math.inf if is_max else math.inf
        for index, child in enumerate(node):
            value = search(child, depth + 1, alpha, beta, alpha_at, beta_at, not is_max)
            if is_max:
                v = max(v, value)
                if (v >= beta if prune_on_equal else v > beta) and index < len(node) - 1:
                    found.append(depth - beta_at)
                    return v
                if v > alpha:
                    alpha, alpha_at = v, depth
            else:
                v = min(v, value)
                if (v <= alpha if prune_on_equal else v < alpha) and index < len(node) - 1:
                    found.append(depth - alpha_at)
                    return v
                if v < beta:
                    beta, beta_at = v, depth
        return v

    search(data, 0, -math.inf, math.inf, None, None, True)
    return found


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), strict=st.booleans())
def test_deep_cutoff_constraint(seed, strict):
    spec = ExerciseSpec(depth=(4, 4), branching=(2, 2), deep_cutoff=True, conventions=Conventions(prune_on_equal=not strict))
    exercise = make_exercise(spec, seed)
    distances = deep_cutoffs_reference(exercise.key.tree, prune_on_equal=not strict)
    assert any(d >= 3 for d in distances)
    assert sorted(distances) == sorted(c["distance"] for c in cutoff_origins(exercise.trace))


@FAST
@given(seed=st.integers(0, 10**6), branching=st.integers(2, 3))
def test_chance_trees(seed, branching):
    spec = ExerciseSpec(chance=True, branching=(2, branching), depth=(3, 3))
    exercise = make_exercise(spec, seed)
    assert exercise.key.algorithm == "expectiminimax"
    assert [q.id for q in exercise.questions] == ["expectiminimax", "move"]
    chance_nodes = [n for n in exercise.tree.preorder() if n.type == "chance"]
    assert chance_nodes and all(n.depth == 1 for n in chance_nodes)
    for node in chance_nodes:
        assert math.isclose(sum(child.p for child in node.children), 1.0)
        assert all(child.p >= 0.1 for child in node.children)
    players = tuple(exercise.key.source["players"])
    assert math.isclose(exercise.key.root_value, reference_minimax(exercise.key.tree, players))


@pytest.mark.parametrize(
    "options, message",
    [
        ({"deep_cutoff": True, "depth": (2, 3)}, "4 levels deep"),
        ({"chance": True, "min_cutoffs": 1}, "cutoffs need alpha-beta"),
        ({"chance": True, "algorithm": "alphabeta"}, "cannot be searched with alphabeta"),
        ({"distinct": True, "values": (0, 3)}, "distinct leaf values"),
        ({"branching": (3, 3), "depth": (4, 4)}, "max_leaves"),
        ({"questions": ("values",), "algorithm": "minimax"}, "does not apply"),
        ({"questions": ("bogus",)}, "unknown question"),
        ({"branching": (2, 11)}, "outside"),
    ],
)
def test_impossible_specs_are_refused_with_the_fix(options, message):
    with pytest.raises(InputError) as caught:
        ExerciseSpec(**options)
    assert message in str(caught.value)
    assert ";" in str(caught.value)  # a hint follows


def test_unmeetable_constraints_say_so():
    with pytest.raises(InputError, match="no tree met the constraints"):
        make_exercise(ExerciseSpec(branching=(2, 2), depth=(2, 2), min_cutoffs=3), 1)


def test_parse_range():
    assert parse_range("2-4", "depth") == (2, 4)
    assert parse_range("-9..9", "values") == (-9, 9)
    assert parse_range("-9..-3", "values") == (-9, -3)
    assert parse_range(" 3 ", "depth") == (3, 3)
    for bad in ("2-", "a-b", "4-2"):
        with pytest.raises(InputError):
            parse_range(bad, "depth")


# -- keys agree with the engine, and with an independent search ----------------------------------------
def test_aima_figure_5_2_by_hand():
    """Worked by hand: the root is worth 3, MAX moves to B, and under C (value at most 2) the second and
    third leaves (I and J) are never examined."""
    key = aima_exercise().key
    assert key.root_value == 3
    assert key.best_move.label == "B"
    assert [key.label(p) for p in key.unvisited] == ["I", "J"]
    c = key.node((1,))
    assert (c.label, c.search_value, c.bound, c.minimax_value) == ("C", 2, "upper", 2)
    assert [key.label(p) for p in key.evaluated] == ["E", "F", "G", "H", "K", "L", "M"]


@FAST
@given(seed=st.integers(0, 10**6), strict=st.booleans(), hard=st.booleans(), algorithm=st.sampled_from(["alphabeta", "minimax"]))
def test_keys_agree_with_the_engine_and_a_reference_search(seed, strict, hard, algorithm):
    conventions = Conventions(prune_on_equal=not strict, fail="hard" if hard else "soft")
    spec = ExerciseSpec(conventions=conventions, algorithm=algorithm, depth=(2, 3))
    key = make_exercise(spec, seed).key.to_json()
    # The engine, run again from the key's own tree, gives the same key.
    tree = tree_from_data(key["tree"], players=key["source"]["players"])
    engine = answer_key(search(tree, SearchSettings(algorithm=algorithm, conventions=conventions))).to_json()
    extras = {"exercise", "student", "questions", "tree"}
    assert {k: v for k, v in key.items() if k not in extras} == engine
    # An independent search agrees on every number.
    assert key["root_value"] == reference_minimax(key["tree"])
    for node in key["nodes"]:
        depth = len(node["path"].split(".")) if node["path"] else 0
        assert node["minimax_value"] == reference_minimax(_subtree(key["tree"], node["path"]), ("max", "min"), depth)
    if algorithm == "alphabeta":
        value, returned = reference_alphabeta(key["tree"], prune_on_equal=not strict, fail="hard" if hard else "soft")
        assert value == key["root_value"]
        entered = {path_text(p) for p in returned}
        assert set(key["unvisited"]) == {n["path"] for n in key["nodes"]} - entered
        for node in key["nodes"]:
            if node["path"] in entered:
                assert node["search_value"] == returned[tuple(int(x) for x in node["path"].split(".")) if node["path"] else ()]


def _subtree(data, path):
    for part in (path.split(".") if path else []):
        data = data[int(part)]
    return data


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((7, "depth", 1, 6), "--depth 7 is outside 1-6"),
        (((0, 2), "branching", 1, 10), "--branching 0-2 is outside 1-10"),
        (("4-2", "branching", None, None), "write the smaller number first, e.g. --branching 2-4"),
        (("5..1", "values", None, None), "e.g. --values 1..5"),
        (("1.5..3", "values", None, None), "write e.g. --values -9..9"),
    ],
)
def test_range_messages_use_the_options_own_notation(args, message):
    """The command line phrases the options its way (Python callers see depth=7, ...)."""
    from tracer.cli import command_line_words
    from tracer.errors import InputError
    from tracer.exercises.generate import parse_range

    text, what, low, high = args
    with pytest.raises(InputError) as caught:
        parse_range(text, what, low=low, high=high)
    assert message in caught.value.phrased(command_line_words)
