"""Random game-tree exercises under constraints, reproducible from a seed.

An :class:`ExerciseSpec` says what trees to make (depth and branching ranges, leaf
values, distinct values, at least K cutoffs, a deep cutoff, chance nodes), which search
the questions are about, under which conventions, and which questions to ask.
:func:`make_exercises` draws trees until one meets every constraint and returns
:class:`Exercise` objects holding the tree, the trace and the key.

Every draw comes from :class:`~tracer.exercises.dice.Dice` seeded with the text
``"<seed>/<spec>/<student id>/<n>"``, so the same seed (and roster) gives the same
exercises on any machine, and each student on a roster gets their own version.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from tracer.errors import InputError, Option
from tracer.exercises.dice import Dice, digest
from tracer.exercises.roster import Student
from tracer.exercises.tree_data import tree_to_data
from tracer.game.model import Node, NodePath, Tree
from tracer.search.conventions import Conventions, SearchSettings
from tracer.trace.key import AnswerKey, answer_key
from tracer.trace.model import Trace
from tracer.trace.questions import ALLOWED_QUESTIONS, DEFAULT_QUESTIONS, QUESTION_IDS, Question
from tracer.trace.replay import Replayer
from tracer.words import say

__all__ = [
    "MAX_ATTEMPTS",
    "Exercise",
    "ExerciseSpec",
    "cutoff_origins",
    "exercise_from_tree",
    "exercise_id",
    "make_exercise",
    "make_exercises",
    "parse_range",
    "tree_to_data",
]

MAX_ATTEMPTS = 5000
"""Trees drawn for one exercise before giving up on the constraints."""

CHANCE_PLAYERS = ("max", "chance", "min", "chance")
PLAIN_PLAYERS = ("max", "min")
MAX_BRANCHING = 10
MAX_HEIGHT = 6


def parse_range(text: str | int | tuple[int, int], what: str, *, low: int | None = None, high: int | None = None) -> tuple[int, int]:
    """``"2-4"``, ``"2..4"``, ``"-9..9"`` or ``"3"`` -> ``(low, high)``; InputError naming the option ``what``.

    >>> parse_range("2-4", "depth"), parse_range("-9..9", "values"), parse_range("3", "depth")
    ((2, 4), (-9, 9), (3, 3))
    """
    # values take negative numbers, so their ranges are written LOW..HIGH; the others LOW-HIGH
    sep = ".." if what == "values" else "-"
    example = Option(what, "-9..9" if what == "values" else "2-4")
    if isinstance(text, tuple):
        first, last = text
    elif isinstance(text, int):
        first = last = text
    else:
        match = re.fullmatch(r"\s*([+-]?\d+)\s*(?:(?:\.\.|-|:)\s*([+-]?\d+))?\s*", text)
        if not match:
            raise InputError(say("exercise.range.bad", "{{0}} is not a range of whole numbers"),
                             hint=say("exercise.hint.range.bad", "write e.g. {{1}}, or a single number such as 3"),
                             options=(Option(what, text), example))
        first = int(match.group(1))
        last = int(match.group(2)) if match.group(2) is not None else first
    shown = text if isinstance(text, str) else (str(first) if first == last else f"{first}{sep}{last}")
    if first > last:
        raise InputError(say("exercise.range.empty", "{{0}}: the range is empty"), hint=say("exercise.hint.range.empty", "write the smaller number first, e.g. {{1}}"),
                         options=(Option(what, shown), Option(what, f"{last}{sep}{first}")))
    if (low is not None and first < low) or (high is not None and last > high):
        raise InputError(say("exercise.range.outside", "{{0}} is outside {low}{sep}{high}", low=low, sep=sep, high=high),
                         hint=say("exercise.hint.range.outside", "give {{1}} between {low} and {high}", low=low, high=high),
                         options=(Option(what, shown), Option(what)))
    return first, last


@dataclass(frozen=True)
class ExerciseSpec:
    """What exercises to make. Ranges are ``(low, high)``, both included.

    ``depth`` is the number of levels below the root (every leaf is that deep);
    ``branching`` the number of children of each internal node; ``values`` the range
    of leaf values; ``max_leaves`` caps the size of a tree so that a sheet stays
    readable. ``algorithm`` is the search the questions are about (``expectiminimax``
    goes with ``chance``, whose trees have levels MAX, chance, MIN, chance, ...; empty
    means alpha-beta, or expectiminimax with ``chance``).
    ``questions`` None asks the default questions of the algorithm. ``depth_limit`` scores nodes that deep by their
    static values, ``quiescence`` searches on past it through noisy moves (for given trees, which carry both).
    """

    branching: tuple[int, int] = (2, 3)
    depth: tuple[int, int] = (3, 3)
    values: tuple[int, int] = (-9, 9)
    distinct: bool = False
    min_cutoffs: int = 0
    deep_cutoff: bool = False
    chance: bool = False
    algorithm: str = ""  # "": alphabeta, or expectiminimax with chance
    conventions: Conventions = field(default_factory=Conventions)
    questions: tuple[str, ...] | None = None
    max_leaves: int = 32
    depth_limit: int | None = None
    quiescence: bool = False

    def __post_init__(self) -> None:
        parse_range(self.branching, "branching", low=1, high=MAX_BRANCHING)
        parse_range(self.depth, "depth", low=1, high=MAX_HEIGHT)
        parse_range(self.values, "values")
        if not self.algorithm:
            object.__setattr__(self, "algorithm", "expectiminimax" if self.chance else "alphabeta")
        if self.algorithm not in DEFAULT_QUESTIONS:
            raise InputError(say("exercise.algorithm.unknown", "unknown algorithm {algorithm}", algorithm=repr(self.algorithm)),
                             hint=say("exercise.hint.algorithm", "use alphabeta, minimax or expectiminimax"))
        if self.chance and self.algorithm != "expectiminimax":
            raise InputError(
                say("exercise.chance.algorithm", "{{0}} trees cannot be searched with {algorithm}", algorithm=self.algorithm),
                hint=say("exercise.hint.chance.algorithm", "use {{1}} (the default with {{0}}), or leave out {{0}}"),
                options=(Option("chance", True), Option("algorithm", "expectiminimax")),
            )
        if self.algorithm == "expectiminimax" and not self.chance:
            object.__setattr__(self, "chance", True)
        if self.min_cutoffs < 0:
            raise InputError(say("exercise.negative", "{{0}} is negative"), hint=say("exercise.hint.negative", "give 0 or more"),
                             options=(Option("min_cutoffs"),))
        if (self.min_cutoffs or self.deep_cutoff) and self.algorithm != "alphabeta":
            raise InputError(
                say("exercise.cutoffs.alphabeta", "cutoffs need alpha-beta, but the exercises are about {algorithm}", algorithm=self.algorithm),
                hint=say("exercise.hint.cutoffs.alphabeta", "leave out {{0}} and {{1}}, or use {{2}} without {{3}}"),
                options=(Option("min_cutoffs"), Option("deep_cutoff", True), Option("algorithm", "alphabeta"), Option("chance", True)),
            )
        if self.deep_cutoff and self.depth[1] < 4:
            raise InputError(say("exercise.deep.depth", "a deep cutoff needs trees at least 4 levels deep"), options=(Option("depth", 4),),
                             hint=say("exercise.hint.deep.depth", "allow {{0}} (a deep cutoff happens three levels below the node whose value decides it)"))
        if self.chance and self.branching[1] > 9:
            raise InputError(say("exercise.chance.outcomes", "chance nodes can have at most 9 outcomes here"),
                             hint=say("exercise.hint.chance.outcomes", "give {{0}} at most 9 with {{1}}"), options=(Option("branching"), Option("chance", True)))
        if self.max_leaves < 1:
            raise InputError(say("exercise.at_least_one", "{{0}} must be at least 1"), hint=say("exercise.hint.max_leaves", "give {{1}}, for example"),
                             options=(Option("max_leaves"), Option("max_leaves", 32)))
        smallest = self.branching[0] ** self.depth[0]
        if smallest > self.max_leaves:
            raise InputError(
                say("exercise.smallest", "the smallest tree asked for has {n} leaves, more than {{0}}", n=smallest),
                hint=say("exercise.hint.smallest", "lower {{1}} or {{2}}, or raise {{3}}"),
                options=(Option("max_leaves", self.max_leaves), Option("branching"), Option("depth"), Option("max_leaves")),
            )
        if self.distinct and smallest > self.values[1] - self.values[0] + 1:
            raise InputError(
                say("exercise.distinct", "{n} distinct leaf values do not fit in {{0}}", n=smallest),
                hint=say("exercise.hint.distinct", "widen {{1}} or leave out {{2}}"),
                options=(Option("values", f"{self.values[0]}..{self.values[1]}"), Option("values"), Option("distinct", True)),
            )
        if self.quiescence and self.depth_limit is None:
            raise InputError(say("exercise.quiescence.limit", "{{0}} searches on past the depth limit, but there is none"),
                             hint=say("exercise.hint.quiescence.limit", "give a depth limit, e.g. {{1}}"),
                             options=(Option("quiescence", True), Option("depth_limit", 1)))
        if self.questions is not None:
            allowed = ALLOWED_QUESTIONS[self.algorithm]
            for question in self.questions:
                if question not in QUESTION_IDS:
                    raise InputError(say("exercise.question.unknown", "unknown question {question}", question=repr(question)),
                                     hint=say("exercise.hint.ask", "ask {questions}", questions=", ".join(allowed)))
                if question not in allowed:
                    raise InputError(
                        say("exercise.question.other", "the question {question} does not apply to {algorithm} exercises", question=repr(question),
                            algorithm=self.algorithm),
                        hint=say("exercise.hint.ask", "ask {questions}", questions=", ".join(allowed)),
                    )
            if not self.questions:
                raise InputError(say("exercise.questions.none", "no questions asked"),
                                 hint=say("exercise.hint.ask.one", "ask at least one of {questions}", questions=", ".join(allowed)))

    @property
    def asked(self) -> tuple[str, ...]:
        return self.questions if self.questions is not None else DEFAULT_QUESTIONS[self.algorithm]

    @property
    def players(self) -> tuple[str, ...]:
        return CHANCE_PLAYERS if self.chance else PLAIN_PLAYERS

    def settings(self) -> SearchSettings:
        return SearchSettings(algorithm=self.algorithm, conventions=self.conventions, depth=self.depth_limit, quiescence=self.quiescence)

    def to_dict(self) -> dict[str, Any]:
        """The spec as data; a depth limit and quiescence only when in use (the ids of specs without them stay)."""
        limit = {"depth_limit": self.depth_limit, **({"quiescence": True} if self.quiescence else {})} if self.depth_limit is not None else {}
        return {
            "branching": list(self.branching),
            "depth": list(self.depth),
            "values": list(self.values),
            "distinct": self.distinct,
            "min_cutoffs": self.min_cutoffs,
            "deep_cutoff": self.deep_cutoff,
            "chance": self.chance,
            "algorithm": self.algorithm,
            "conventions": self.conventions.to_dict(),
            "questions": list(self.asked),
            "max_leaves": self.max_leaves,
            **limit,
        }

    def fingerprint(self) -> str:
        """Canonical text of the spec: part of every seed, so other constraints give other trees (and ids)."""
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))


@dataclass
class Exercise:
    """One exercise: its id, the student it is for (None for the whole class), the tree and the key.

    ``key`` is the typed key (``key.json`` holds ``key.to_json()``), with the exercise's id,
    student, questions and tree.
    """

    id: str
    index: int
    student: Student | None
    spec: ExerciseSpec
    tree: Tree
    trace: Trace
    key: AnswerKey
    attempts: int = 1

    @property
    def questions(self) -> tuple[Question, ...]:
        return self.key.questions or ()


def exercise_id(seed: str, spec: ExerciseSpec, index: int, student: Student | None) -> str:
    """``ex1-3f9c`` for the class, ``alice-ex1-07b2`` for a student on a roster."""
    tag = digest(f"{seed}/{spec.fingerprint()}/{student.id if student else ''}/{index}", 4)
    base = f"ex{index}-{tag}"
    return f"{student.slug}-{base}" if student else base


def make_exercises(
    spec: ExerciseSpec, seed: str | int, count: int = 1, students: list[Student] | None = None
) -> list[Exercise]:
    """``count`` exercises for the class, or ``count`` for each student on the roster."""
    if count < 1:
        raise InputError(say("exercise.at_least_one", "{{0}} must be at least 1"), hint=say("exercise.hint.count", "give {{1}} or more"),
                         options=(Option("count"), Option("count", 1)))
    who: list[Student | None] = list(students) if students else [None]
    return [make_exercise(spec, seed, index, student) for student in who for index in range(1, count + 1)]


def make_exercise(spec: ExerciseSpec, seed: str | int, index: int = 1, student: Student | None = None) -> Exercise:
    """The ``index``-th exercise (1-based) for ``student`` (None: the class version)."""
    seed = str(seed)
    dice = Dice(f"tracer-exercise/1/{seed}/{spec.fingerprint()}/{student.id if student else ''}/{index}")
    settings = spec.settings()
    for attempt in range(1, MAX_ATTEMPTS + 1):  # noqa: B007 - read after the loop
        tree = _random_tree(dice, spec)
        if tree is None:
            continue
        trace = Trace.searched(tree, settings)
        if _meets(trace, spec):
            break
    else:
        raise InputError(
            say("exercise.attempts", "no tree met the constraints in {n} tries", n=MAX_ATTEMPTS),
            hint=say("exercise.hint.attempts", "ask for fewer {{0}}, allow deeper or wider trees ({{1}}, {{2}}, {{3}}), or leave out {{4}}"),
            options=(Option("min_cutoffs"), Option("depth"), Option("branching"), Option("max_leaves"), Option("deep_cutoff", True)),
        )
    ident = exercise_id(seed, spec, index, student)
    exercise = exercise_from_tree(tree, spec, ident, index=index, student=student, dice=dice, trace=trace)
    exercise.attempts = attempt
    return exercise


def exercise_from_tree(
    tree: Tree,
    spec: ExerciseSpec,
    ident: str,
    *,
    index: int = 1,
    student: Student | None = None,
    dice: Dice | None = None,
    trace: Trace | None = None,
) -> Exercise:
    """An exercise on a given tree (the questions and conventions of ``spec``; its shape constraints are not checked)."""
    if trace is None:
        trace = Trace.searched(tree, spec.settings())
    key = answer_key(trace, include_nodes=True).for_exercise(
        ident,
        {"id": student.id, "name": student.name} if student else None,
        _questions(spec, trace, dice or Dice(f"tracer-exercise/1/{ident}")),
        tree_to_data(tree),
    )
    return Exercise(ident, index, student, spec, tree, trace, key)


# -- drawing trees ---------------------------------------------------------------------------
def _random_tree(dice: Dice, spec: ExerciseSpec) -> Tree | None:
    """A random tree with every leaf at the same depth and no more leaves than the spec allows
    (None when the height drawn cannot fit).

    Each node's number of children is drawn from the spec's range, narrowed where a wider
    node would leave too few leaves for the rest of its level: trees are drawn within the
    limit rather than drawn and thrown away (which made narrow specs fail). Where the limit
    does not bind, the draws are the same as drawing from the whole range.
    """
    height = dice.randint(*spec.depth)
    players = spec.players
    low_branching, high_branching = spec.branching
    limit = spec.max_leaves
    if spec.distinct:
        limit = min(limit, spec.values[1] - spec.values[0] + 1)
    root = Node(path=(), type=players[0])
    level = [root]
    for depth in range(1, height + 1):
        # each node of this level ends with at least this many leaves below it
        at_least = low_branching ** (height - depth)
        room = limit // at_least  # how many nodes this level may have
        below: list[Node] = []
        for index, parent in enumerate(level):
            most = min(high_branching, room - len(below) - low_branching * (len(level) - index - 1))
            if most < low_branching:
                return None
            count = dice.randint(low_branching, most)
            node_type = "leaf" if depth == height else players[depth % len(players)]
            parent.children = [Node(path=parent.path + (i,), type=node_type) for i in range(count)]
            if parent.type == "chance":
                for child, p in zip(parent.children, _probabilities(dice, count)):
                    child.p = p
            below.extend(parent.children)
        level = below
    low, high = spec.values
    if spec.distinct:
        values = dice.sample(range(low, high + 1), len(level))
    else:
        values = [dice.randint(low, high) for _ in level]
    for leaf, value in zip(level, values):
        leaf.value = value
    return Tree(root, players=players)


def _probabilities(dice: Dice, count: int) -> list[float]:
    """``count`` probabilities in tenths, each at least 0.1, summing to 1."""
    cuts = sorted(dice.sample(range(1, 10), count - 1))
    bounds = [0] + cuts + [10]
    return [round((bounds[i + 1] - bounds[i]) / 10, 1) for i in range(count)]


def _meets(trace: Trace, spec: ExerciseSpec) -> bool:
    if spec.algorithm != "alphabeta":
        return True
    if trace.stats["cutoffs"] < spec.min_cutoffs:
        return False
    return not spec.deep_cutoff or any(cut["distance"] > 1 for cut in cutoff_origins(trace))


def cutoff_origins(trace: Trace) -> list[dict[str, Any]]:
    """For each cutoff that pruned something: where it happened and where it was decided.

    A cutoff at a MIN node compares v with alpha, at a MAX node with beta; ``decided_at``
    is the node whose update set that alpha (or beta), and ``distance`` how many levels
    above the cutoff it is: 1 for an ordinary cutoff decided by the parent, 3 or more
    for a *deep* cutoff.
    """
    out: list[dict[str, Any]] = []
    replayer = Replayer(trace).run()
    for cut in replayer.cutoffs:
        decided = cut.beta_from if replayer.type_of(cut.node) == "max" else cut.alpha_from
        out.append(
            {
                "at": cut.node,
                "decided_at": decided,
                "distance": len(cut.node) - len(decided) if decided is not None else None,
                "pruned": cut.pruned,
            }
        )
    return out


def _questions(spec: ExerciseSpec, trace: Trace, dice: Dice) -> list[Question]:
    return [_window_question(trace, dice) if qid == "window" else Question(qid) for qid in spec.asked]


def _window_question(trace: Trace, dice: Dice) -> Question:
    """Pick a visited internal node below the root, preferring one whose window is not (-inf, +inf)."""
    stories = Replayer(trace).run().stories
    entered: dict[NodePath, tuple[Any, Any]] = {path: (story.alpha, story.beta) for path, story in stories.items() if path}
    tree = trace.tree
    internal = [path for path in entered if not tree.node(path).is_leaf]
    interesting = [path for path in internal if entered[path] != (float("-inf"), float("inf"))]
    pool = interesting or internal or list(entered)
    path = dice.choice(sorted(pool))
    alpha, beta = entered[path]
    return Question("window", path, tree.node(path).label, alpha, beta)
