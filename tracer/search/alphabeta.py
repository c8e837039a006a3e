"""Alpha-beta search, recording every step, in the convention the course uses.

alpha is the best value MAX can already guarantee on the path from the root to this
node; beta the best (lowest) value MIN can already guarantee. Both are passed down and
values are passed up. A MAX node stops searching its children once v reaches beta (MIN
above will never let play come here), a MIN node once v reaches alpha; "reaches" means
``>=``/``<=`` when pruning on equality (AIMA) and ``>``/``<`` otherwise (CS188). The
remaining children are pruned. Fail-soft returns v; fail-hard returns v clamped into
the window [alpha, beta] the node was called with (alpha at a MAX node that found
nothing better, beta where it was cut off); own-bound returns the node's own bound moved
by v, max(alpha, v) at MAX and min(beta, v) at MIN, cut off or not (the UNH CS 730 deck).

With quiescence, a MAX or MIN node at the depth limit (or below it) that is not quiet
stands pat: its v starts at its static value, which meets the window as a child's value
would (it may cut off at once), and only its noisy moves are searched.

Each value a node returns is labelled ``exact``, ``lower`` (the true value is at least
this) or ``upper`` (at most this), from the intervals its children proved
(:func:`tracer.search.window.bound_of`), so a value is called exact only when the search
has proved it.

It is :mod:`tracer.search.depthfirst` with a window; what differs between MAX and MIN,
and between the conventions, is in :mod:`tracer.search.window`.
"""

from __future__ import annotations

from functools import partial

from tracer.search.depthfirst import depth_first_search

__all__ = ["alphabeta_search"]

alphabeta_search = partial(depth_first_search, windowed=True)
"""Search a game from its initial state; see :mod:`tracer.search.run` for the options."""
