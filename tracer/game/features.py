"""Named features of a game's states: the terms of a weighted evaluation ``Σ w_i · f_i(s)``.

A game lists its features in a class attribute ``features`` (name -> :class:`Feature`)
and may list ``feature_groups`` (name -> :class:`FeatureGroup`): several features weighted
together by a named set of weights, such as chess material, whose ``turing`` set gives
pawns 1, knights 3, bishops 3.25, rooks 5 and queens 9. :mod:`tracer.game.evaluation`
reads evaluations written with these names (``open_lines=1,centre=0.5``,
``material:turing``) and explains each value term by term.

A feature is a plain number measured on a state. Features that compare the two sides
count MAX's minus MIN's (so a positive value favours MAX); a feature that counts one
side only, such as the lines still open for O, says so, and a course gives it a negative
weight to count against MAX.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from tracer.words import Said

__all__ = ["Feature", "FeatureGroup", "feature_table"]


@dataclass(frozen=True)
class Feature:
    """A named measurement of a state; ``description`` is one line for help and errors
    (a :class:`~tracer.words.Said` for tracer's own games, said in the language in use)."""

    name: str
    description: str | Said
    measure: Callable[[Any], float]


@dataclass(frozen=True)
class FeatureGroup:
    """Features weighted together by a named set of weights (``material:turing``).

    ``members`` are feature names, ``letters`` their short names in the same order
    (``P`` for pawns), usable wherever a member's name is; ``presets`` maps a set's name
    to one weight per member; ``default`` is the set used when the group is named alone.
    """

    name: str
    description: str | Said
    members: tuple[str, ...]
    letters: tuple[str, ...]
    presets: Mapping[str, tuple[float, ...]]
    default: str


def feature_table(*features: Feature) -> dict[str, Feature]:
    """Features by name, in the order given (the order help lists them in)."""
    return {feature.name: feature for feature in features}
