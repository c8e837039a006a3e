"""MAX and MIN written once: what each side does with the window [alpha, beta].

alpha is the best value MAX can already guarantee on the path from the root to a node,
beta the best (lowest) value MIN can already guarantee. The one loop over a node's
children (:mod:`tracer.search.depthfirst`) asks the node's :class:`Side` every question
whose answer differs between MAX and MIN:

* ``worst``: v before any child is searched, the value every child improves on;
* ``better(a, b)``: whether a child's value ``a`` replaces v = ``b``; strict, so ties go
  to the first child searched;
* ``cuts(v, alpha, beta)``: whether the remaining children can be pruned. MAX stops once
  v reaches beta (MIN above will never let play come here), MIN once v reaches alpha;
  "reaches" is ``>=``/``<=`` when pruning on equality (AIMA) and ``>``/``<`` otherwise
  (CS188), so there is one pair of sides per cutoff convention;
* ``raises``: the bound the side narrows when v is better than it, ``"alpha"`` at MAX
  and ``"beta"`` at MIN (also the kind of the event that records it);
* ``extreme``: ``max`` or ``min``, how the children's intervals of possible true values
  combine into the node's (see :func:`bound_of`).

What a searched node returns, given v and the window it was called with, is the fail
convention's (:data:`RETURNS`, one function per side): fail-soft returns v, fail-hard
clamps v into the window, own-bound returns the node's own bound after v has moved it:
max(alpha, v) at MAX, min(beta, v) at MIN (the UNH CS 730 deck's ``α ← max(α, MIN-VALUE(...));
if α ≥ β return α; ... return α``), so a node that found nothing better than its bound
returns that bound and a node cut off returns v.

>>> max_side, min_side = sides(prune_on_equal=True)
>>> max_side.better(5, 3), max_side.cuts(4, 1, 4), sides(prune_on_equal=False)[0].cuts(4, 1, 4)
(True, True, False)
>>> min_side.worst, min_side.raises, min_side.cuts(1, 1, 4)
(inf, 'beta', True)
>>> fail_hard(7, 2, 5), fail_hard(1, 2, 5), fail_soft(7, 2, 5)
(5, 2, 7)
>>> own_bound_max(7, 2, 5), own_bound_max(1, 2, 5), own_bound_min(7, 2, 5), own_bound_min(1, 2, 5)
(7, 2, 5, 1)
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any, NamedTuple

__all__ = [
    "FAIL_CONVENTIONS", "INF", "RETURNS", "Side", "bound_of", "fail_hard", "fail_soft", "interval", "own_bound_max", "own_bound_min",
    "sides",
]

INF = float("inf")


class Side(NamedTuple):
    """One side's part in the search under one cutoff convention (a tuple, so the hot
    loop unpacks it in one step)."""

    player: str
    worst: float
    better: Callable[[Any, Any], bool]
    cuts: Callable[[Any, Any, Any], bool]
    raises: str
    extreme: Callable[..., Any]


def _reaches_beta(v: Any, alpha: Any, beta: Any) -> bool:
    return v >= beta  # type: ignore[no-any-return]


def _passes_beta(v: Any, alpha: Any, beta: Any) -> bool:
    return v > beta  # type: ignore[no-any-return]


def _reaches_alpha(v: Any, alpha: Any, beta: Any) -> bool:
    return v <= alpha  # type: ignore[no-any-return]


def _passes_alpha(v: Any, alpha: Any, beta: Any) -> bool:
    return v < alpha  # type: ignore[no-any-return]


_SIDES = {
    True: (
        Side("max", -INF, operator.gt, _reaches_beta, "alpha", max),
        Side("min", INF, operator.lt, _reaches_alpha, "beta", min),
    ),
    False: (
        Side("max", -INF, operator.gt, _passes_beta, "alpha", max),
        Side("min", INF, operator.lt, _passes_alpha, "beta", min),
    ),
}


def sides(prune_on_equal: bool) -> tuple[Side, Side]:
    """MAX's and MIN's sides under a cutoff convention (prune on equality, or only on strict inequality)."""
    return _SIDES[bool(prune_on_equal)]


def fail_soft(v: Any, alpha: Any, beta: Any) -> Any:
    """Fail-soft (AIMA): a node returns v, which at a cut node is a bound on its true value."""
    return v


def fail_hard(v: Any, alpha: Any, beta: Any) -> Any:
    """Fail-hard: v clamped into the window [alpha, beta] the node was called with."""
    return alpha if v < alpha else min(v, beta)


def own_bound_max(v: Any, alpha: Any, beta: Any) -> Any:
    """Own-bound at MAX: alpha raised by v, max(alpha, v), whether or not the node was cut off."""
    return alpha if v < alpha else v


def own_bound_min(v: Any, alpha: Any, beta: Any) -> Any:
    """Own-bound at MIN: beta lowered by v, min(beta, v), whether or not the node was cut off."""
    return beta if v > beta else v


Returns = Callable[[Any, Any, Any], Any]
RETURNS: dict[str, tuple[Returns, Returns]] = {
    "soft": (fail_soft, fail_soft),
    "hard": (fail_hard, fail_hard),
    "own-bound": (own_bound_max, own_bound_min),
}
"""The fail convention's name (``Conventions.fail``) -> what a searched node returns, at MAX and at MIN."""

FAIL_CONVENTIONS: tuple[str, ...] = tuple(RETURNS)
"""The fail conventions' names: ``soft``, ``hard``, ``own-bound``."""


def bound_of(value: float, low: float, high: float, alpha: float, beta: float) -> str:
    """Whether ``value`` is exact or a bound, given the interval [low, high] proved to hold
    the true value, and the window the node was searched with (the fallback).

    A child's value and label give an interval holding its true value; a MAX node's true
    value lies between the largest lower ends and the largest upper ends of its children
    (any pruned child lifts the upper end to +inf); a MIN node's likewise with the
    smallest. So a value is called exact only when the search has proved it.

    >>> bound_of(3, 3, 3, -INF, INF), bound_of(3, 3, INF, -INF, INF), bound_of(2, -INF, 2, 3, INF)
    ('exact', 'lower', 'upper')
    """
    if low == high:
        if value == low:
            return "exact"
        return "lower" if value < low else "upper"
    if value <= low:
        return "lower"
    if value >= high:
        return "upper"
    # Not reached by alpha-beta; the window rule of fail-soft alpha-beta is still sound.
    if value <= alpha:
        return "upper"
    if value >= beta:
        return "lower"
    return "exact"


def interval(value: float, bound: str) -> tuple[float, float]:
    """The interval a value and its label prove to hold the true value."""
    if bound == "exact":
        return value, value
    if bound == "lower":
        return value, INF
    return -INF, value
