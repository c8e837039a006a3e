"""Playing a game against the search: a :class:`Match` between a person and the search,
the search's moves explained (:mod:`tracer.play.explain`) and a notebook's board
(:mod:`tracer.play.notebook`, with ``ipywidgets``)."""

from tracer.play.match import HUMAN_SIDES, Match, MoveError, SearchMove

__all__ = ["HUMAN_SIDES", "Match", "MoveError", "SearchMove"]
