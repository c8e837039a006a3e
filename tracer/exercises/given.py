"""Exercises on trees the TA gives (``tracer exercise new --tree``): the same questions,
conventions and formats as random ones, on Figure 5.2 or a textbook exercise's tree.

Without a seed, the seed is made from the trees (:func:`tree_seed`), so the same trees and
options give the same exercise ids anywhere: a README or a lecture can print them.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace

from tracer.errors import InputError, Option
from tracer.exercises.dice import Dice, digest
from tracer.exercises.generate import Exercise, ExerciseSpec, exercise_from_tree
from tracer.exercises.roster import Student
from tracer.exercises.tree_data import tree_to_data
from tracer.game.model import Tree
from tracer.words import say

__all__ = ["exercises_from_trees", "spec_for_tree", "tree_seed"]


def tree_seed(trees: Sequence[Tree]) -> str:
    """The seed of exercises on given trees when none is given: the trees themselves, so the
    same trees (and options) give the same exercise ids on any machine."""
    return "trees-" + digest(json.dumps([tree_to_data(tree) for tree in trees], sort_keys=True, separators=(",", ":")), 8)


def spec_for_tree(spec: ExerciseSpec, tree: Tree, algorithm_given: bool) -> ExerciseSpec:
    """``spec`` for one given tree: expectiminimax where the tree has chance nodes (unless the
    algorithm was named), and no limit on its leaves (the TA chose the tree)."""
    chance = tree.has_chance
    algorithm = spec.algorithm if algorithm_given else ("expectiminimax" if chance else "alphabeta")
    if chance and algorithm != "expectiminimax":
        raise InputError(
            say("exercise.tree.chance", "the tree has chance nodes, which {algorithm} cannot search", algorithm=algorithm),
            hint=say("exercise.hint.tree.chance", "use {{0}}, or leave it out"), options=(Option("algorithm", "expectiminimax"),),
        )
    leaves = sum(1 for node in tree.preorder() if node.is_leaf)
    return replace(spec, chance=chance, algorithm=algorithm, branching=(1, 1), depth=(1, 1), min_cutoffs=0, deep_cutoff=False, distinct=False, max_leaves=max(leaves, 1))


def exercises_from_trees(
    trees: Sequence[Tree], spec: ExerciseSpec, seed: str | int, students: Sequence[Student] | None = None, *, algorithm_given: bool = False,
) -> list[Exercise]:
    """One exercise per tree (``ex1`` the first), for the class or for each student on the roster."""
    seed = str(seed)
    specs = [spec_for_tree(spec, tree, algorithm_given) for tree in trees]
    who: list[Student | None] = list(students) if students else [None]
    out = []
    for student in who:
        for index, (tree, tree_spec) in enumerate(zip(trees, specs), start=1):
            data = json.dumps(tree_to_data(tree), sort_keys=True, separators=(",", ":"))
            tag = digest(f"{seed}/{tree_spec.fingerprint()}/{data}/{student.id if student else ''}/{index}", 4)
            ident = f"{student.slug}-ex{index}-{tag}" if student else f"ex{index}-{tag}"
            dice = Dice(f"tracer-exercise/1/tree/{seed}/{tree_spec.fingerprint()}/{data}/{student.id if student else ''}/{index}")
            out.append(exercise_from_tree(tree, tree_spec, ident, index=index, student=student, dice=dice))
    return out
