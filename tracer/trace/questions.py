"""The questions an exercise asks about a search: their ids, titles, defaults, and the typed question.

This is the one home of the question definitions. The answer key carries its questions
(:attr:`tracer.trace.key.AnswerKey.questions`), so they sit here, beside the key, where
both the rooms above it may read them: :mod:`tracer.exercises` asks them on sheets and
:mod:`tracer.grading` checks answers to them; neither imports the other.

Question ids (used on sheets, in answer files, in ``points.yaml`` and in reports):

==================  ===========================================================================
``minimax``         the minimax value of every internal node
``expectiminimax``  the expectiminimax value of every internal node (trees with chance nodes)
``values``          the value alpha-beta computes at each internal node it examines (a bound
                    such as ``<= 2`` where it was cut off)
``not_examined``    the nodes alpha-beta never examines
``move``            the child of the root MAX moves to
``window``          alpha and beta when the search enters a named node
``order``           the order in which the search evaluates the leaves
==================  ===========================================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tracer.errors import path_text
from tracer.game.model import NodePath
from tracer.words import Said

__all__ = [
    "ALLOWED_QUESTIONS",
    "DEFAULT_QUESTIONS",
    "QUESTION_IDS",
    "Question",
    "asked_questions",
    "node_value_question",
    "question_title",
]

QUESTION_IDS = ("minimax", "expectiminimax", "values", "not_examined", "move", "window", "order")

DEFAULT_QUESTIONS = {
    "alphabeta": ("minimax", "values", "not_examined", "move"),
    "minimax": ("minimax", "move"),
    "expectiminimax": ("expectiminimax", "move"),
}
"""The questions asked when none are named, by the algorithm the exercise is about."""

ALLOWED_QUESTIONS = {
    "alphabeta": ("minimax", "values", "not_examined", "move", "window", "order"),
    "minimax": ("minimax", "move", "order"),
    "expectiminimax": ("expectiminimax", "move", "order"),
}
"""The questions that make sense for each algorithm."""


_TITLES = {
    "minimax": Said("question.title.minimax", "Minimax values"),
    "expectiminimax": Said("question.title.expectiminimax", "Expectiminimax values"),
    "values": Said("question.title.values", "Alpha-beta values"),
    "not_examined": Said("question.title.not_examined", "Nodes not examined"),
    "move": Said("question.title.move", "MAX's move"),
    "window": Said("question.title.window", "α and β"),
    "order": Said("question.title.order", "Order of evaluation"),
}


def question_title(question: str) -> str:
    """A question's title on sheets, keys and reports: ``Minimax values``, ``MAX's move``, ..."""
    return str(_TITLES[question])


def node_value_question(question: str) -> bool:
    """Whether a question asks for a value at each internal node."""
    return question in ("minimax", "expectiminimax", "values")


@dataclass(frozen=True)
class Question:
    """One question of an exercise. The ``window`` question names its node and holds the answer:
    α and β when the search enters ``node`` (numbers, the infinities as floats)."""

    id: str
    node: NodePath | None = None
    label: str | None = None
    alpha: float | None = None
    beta: float | None = None

    def to_json(self) -> dict[str, Any]:
        """The question as a key file writes it: ``{"id": "window", "node": "2", "label": "D", "alpha": 3, "beta": "inf"}``."""
        data: dict[str, Any] = {"id": self.id}
        if self.node is not None:
            data["node"] = path_text(self.node)
            data["label"] = self.label
        if self.alpha is not None or self.beta is not None:
            data["alpha"] = _json_number(self.alpha)
            data["beta"] = _json_number(self.beta)
        return data


def _json_number(value: float | None) -> Any:
    if value is None:
        return None
    if value == float("inf"):
        return "inf"
    if value == float("-inf"):
        return "-inf"
    return value


def asked_questions(questions: tuple[Question, ...] | None, algorithm: str) -> tuple[Question, ...]:
    """The questions a key answers: its own, or the defaults for its algorithm (a plain engine key has none)."""
    if questions:
        return questions
    return tuple(Question(question) for question in DEFAULT_QUESTIONS.get(algorithm, ()))
