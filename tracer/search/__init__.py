"""Search algorithms that record what they do: minimax, alpha-beta, expectiminimax."""

from tracer.search.common import SearchRun
from tracer.search.conventions import ALGORITHMS, ORDERS, Conventions, SearchSettings
from tracer.search.run import run_search

__all__ = ["ALGORITHMS", "ORDERS", "Conventions", "SearchRun", "SearchSettings", "run_search"]
