"""Minimax and expectiminimax, recording every step.

AIMA's definition: the value of a terminal state is its utility; of a MAX node the
largest value of its children; of a MIN node the smallest; of a chance node the
probability-weighted average of its children (expectiminimax). The search is
depth-first, children in the game's documented order unless an ordering is asked for;
where a depth limit cuts the search, a node's static evaluation stands in for its value.
Ties go to the first child searched.

It is :mod:`tracer.search.depthfirst` without a window: nothing is pruned and every
value is exact.
"""

from __future__ import annotations

from functools import partial

from tracer.search.depthfirst import depth_first_search

__all__ = ["minimax_search"]

minimax_search = partial(depth_first_search, windowed=False)
"""Search a game from its initial state; see :mod:`tracer.search.run` for the options."""
