"""Evaluation functions a course writes without Python: ``EVAL(s) = Σ w_i · f_i(s)``.

The features ``f_i`` are the game's own (its ``features`` and ``feature_groups``
attributes, see :mod:`tracer.game.features`); a course chooses the weights ``w_i``, in one
of two ways:

On the command line
    items separated by commas, each ``name=weight`` (``=1`` may be left out):
    ``open_lines=1,centre=0.5``. A feature group takes a named set of weights after a
    colon, ``material:turing``, and may be scaled, ``material:turing=0.5``; the group's
    members can also be weighted one by one, by name or letter (chess:
    ``P=1,N=3,B=3.5,R=5,Q=10``).
In a YAML file (``*.yaml``, ``*.yml``; JSON is read the same way)::

    game: tictactoe          # optional; must be the game searched
    features:
      open_lines: 1
      centre: 0.5

    game: chess
    features:
      material: {P: 1, N: 3, B: 3.25, R: 5, Q: 9}   # or: material: turing
      mobility: 0.1

A state where the game is over is not weighed: a win for MAX is +inf, a loss -inf and
a draw 0, as the built-in evaluations do. :meth:`EvaluatedGame.explain` gives every other
value as its terms (feature, weight, feature value), so a caption can write
``EVAL = 9·1 + 3·(−1) = 6``. Every error is one line naming the file and line (or the
item of the text), with the fix; an unknown feature lists the known ones.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tracer.errors import InputError
from tracer.game.features import Feature, FeatureGroup
from tracer.words import say

__all__ = [
    "EvaluatedGame",
    "Evaluation",
    "EvaluationSpec",
    "Term",
    "WeightedFeature",
    "evaluate_with",
    "feature_groups_of",
    "features_of",
]

_FILE_SUFFIXES = (".yaml", ".yml", ".json")
_TOP_KEYS = ("game", "features")


@dataclass(frozen=True)
class WeightedFeature:
    """One term of a spec: a feature and its weight; ``group`` is the group item it came from."""

    feature: str
    weight: float
    group: str | None = None


@dataclass(frozen=True)
class EvaluationSpec:
    """A weighted sum of a game's features, as read from text or a file."""

    game: str
    terms: tuple[WeightedFeature, ...]
    source: str | None = None

    def text(self) -> str:
        """The spec as a command-line string that reads back to the same terms (for the trace).

        >>> from tracer.game.evaluation_reading import parse_evaluation
        >>> from tracer.game.games import TicTacToe
        >>> parse_evaluation("open_lines, centre=0.5", TicTacToe()).text()
        'open_lines=1,centre=0.5'
        """
        items: list[str] = []
        for term in self.terms:
            if term.group is None:
                items.append(f"{term.feature}={_number_text(term.weight)}")
            elif term.group not in items:
                items.append(term.group)
        return ",".join(items)


@dataclass(frozen=True)
class Term:
    """``weight · value`` of one feature in one state."""

    feature: str
    weight: float
    value: float

    @property
    def contribution(self) -> float:
        return self.weight * self.value


@dataclass(frozen=True)
class Evaluation:
    """A state's evaluation and why: its terms, or the outcome of a finished game.

    ``outcome`` is ``"win"`` (for MAX, value +inf), ``"loss"`` (-inf) or ``"draw"`` (0)
    when the game is over, and then ``terms`` is empty; otherwise it is None and
    ``value`` is the sum of the terms' contributions.
    """

    value: float
    terms: tuple[Term, ...]
    outcome: str | None = None


# -- a game's features -------------------------------------------------------------------
def features_of(game: Any) -> dict[str, Feature]:
    """The game's features by name; a course's game may give plain functions ``state -> number``."""
    table: Mapping[str, Any] = getattr(game, "features", None) or {}
    out: dict[str, Feature] = {}
    for name, feature in table.items():
        if isinstance(feature, Feature):
            out[name] = feature
        else:
            doc = (getattr(feature, "__doc__", None) or "").strip().splitlines()
            out[name] = Feature(name, doc[0] if doc else "", feature)
    return out


def feature_groups_of(game: Any) -> dict[str, FeatureGroup]:
    """The game's feature groups by name (chess: ``material``)."""
    return dict(getattr(game, "feature_groups", None) or {})


def _title(game: Any) -> str:
    return str(getattr(game, "title", game.name))


# -- a game that evaluates with a spec ---------------------------------------------------------
class EvaluatedGame:
    """``game`` evaluating with ``spec``: ``evaluate`` and ``explain`` are the spec's, every
    other hook (and attribute) is the game's own."""

    def __init__(self, game: Any, spec: EvaluationSpec) -> None:
        if spec.game != game.name:
            raise InputError(say("game.eval.other_game", "this evaluation is for {other}, not {game}", other=spec.game, game=game.name),
                             source=spec.source, hint=say("game.eval.search", "search {game}", game=spec.game))
        features = features_of(game)
        self.game = game
        self.spec = spec
        self.name = game.name
        self.has_chance = game.has_chance
        self.has_evaluation = True
        self._terms = tuple((term.feature, term.weight, features[term.feature].measure) for term in spec.terms)

    def __getattr__(self, name: str) -> Any:
        # Only called for what this wrapper does not define: the game's own hooks.
        if name == "game":  # not set yet (copy, pickle): do not recurse
            raise AttributeError(name)
        return getattr(self.game, name)

    def evaluate(self, state: Any) -> float:
        if self.game.is_terminal(state):
            return _outcome_value(self.game.utility(state))
        return sum(weight * measure(state) for _, weight, measure in self._terms)

    def explain(self, state: Any) -> Evaluation:
        """The evaluation of ``state`` term by term (or the outcome, if the game is over)."""
        if self.game.is_terminal(state):
            value = _outcome_value(self.game.utility(state))
            return Evaluation(value, (), "win" if value > 0 else "loss" if value < 0 else "draw")
        terms = tuple(Term(name, weight, measure(state)) for name, weight, measure in self._terms)
        return Evaluation(sum(term.contribution for term in terms), terms)

    def __repr__(self) -> str:
        return f"EvaluatedGame({self.game!r}, {self.spec.text()!r})"


def evaluate_with(game: Any, spec: EvaluationSpec | str) -> EvaluatedGame:
    """``game`` evaluating with ``spec`` (a spec, a command-line string or a file's path)."""
    if isinstance(spec, str):
        from tracer.game.evaluation_reading import read_evaluation  # it builds specs of this module: imported here

        spec = read_evaluation(spec, game)
    return EvaluatedGame(game, spec)


def _number_text(value: float) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _outcome_value(utility: float) -> float:
    return math.inf if utility > 0 else -math.inf if utility < 0 else 0
