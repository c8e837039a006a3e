"""Exercises: random game trees under constraints, with sheets, keys and answer templates.

>>> from tracer.exercises import ExerciseSpec, make_exercise
>>> exercise = make_exercise(ExerciseSpec(min_cutoffs=1), seed=42)
>>> exercise.key.stats["cutoffs"] >= 1
True

:func:`make_exercises` makes one version for the class or one per student, and
:func:`exercises_from_trees` exercises on trees the TA chose; :func:`write_exercises`
writes the hand-out (``DIR/handout/``) apart from the keys (``DIR/keys/``): see
:mod:`tracer.exercises.handout`.
The questions are defined in :mod:`tracer.trace.questions` and a key's answers in the
hand-in format come from :func:`tracer.trace.hand_in.key_answers` (both re-exported here).
"""

from typing import TYPE_CHECKING

from tracer._lazy import lazy_names

if TYPE_CHECKING:
    from tracer.exercises.generate import Exercise, ExerciseSpec, exercise_from_tree, make_exercise, make_exercises
    from tracer.exercises.given import exercises_from_trees
    from tracer.exercises.handout import write_exercises
    from tracer.exercises.roster import Student, load_roster
    from tracer.exercises.sheet import render_exercise
    from tracer.trace.hand_in import key_answers
    from tracer.trace.questions import QUESTION_IDS

__getattr__, __dir__ = lazy_names(__name__, {  # each name loads when first used (tracer._lazy)
    "tracer.exercises.generate": ("Exercise", "ExerciseSpec", "exercise_from_tree", "make_exercise", "make_exercises"),
    "tracer.exercises.given": ("exercises_from_trees",),
    "tracer.exercises.handout": ("write_exercises",),
    "tracer.exercises.roster": ("Student", "load_roster"),
    "tracer.exercises.sheet": ("render_exercise",),
    "tracer.trace.hand_in": ("key_answers",),
    "tracer.trace.questions": ("QUESTION_IDS",),
})

__all__ = [
    "QUESTION_IDS", "Exercise", "ExerciseSpec", "Student", "exercise_from_tree", "exercises_from_trees", "key_answers", "load_roster",
    "make_exercise", "make_exercises", "render_exercise", "write_exercises",
]
