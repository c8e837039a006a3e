"""Search algorithms that record what they do: minimax, alpha-beta, expectiminimax (each name loads
when first used: :mod:`tracer._lazy`)."""

from typing import TYPE_CHECKING

from tracer._lazy import lazy_names

if TYPE_CHECKING:
    from tracer.search.common import SearchRun
    from tracer.search.conventions import ALGORITHMS, ORDERS, Conventions, SearchSettings
    from tracer.search.run import run_search

__getattr__, __dir__ = lazy_names(__name__, {
    "tracer.search.common": ("SearchRun",),
    "tracer.search.conventions": ("ALGORITHMS", "ORDERS", "Conventions", "SearchSettings"),
    "tracer.search.run": ("run_search",),
})

__all__ = ["ALGORITHMS", "ORDERS", "Conventions", "SearchRun", "SearchSettings", "run_search"]
