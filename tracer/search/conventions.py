"""The conventions that change a search's answers, and the settings of one search.

Courses teach alpha-beta in variants that prune different nodes and report different
values, so a trace always records which one it ran and every output shows it:

* **cutoff test**: prune on equality (``v >= beta`` at MAX, ``v <= alpha`` at MIN; AIMA's
  pseudocode, MIT 6.034) or only on strict inequality (``v > beta``, ``v < alpha``;
  UC Berkeley CS188);
* **what is returned**: fail-soft returns v, which at a cut node is a bound on the true
  value (AIMA); fail-hard returns alpha at a MAX node and beta at a MIN node, clamping
  every value into the window [alpha, beta] the node was called with;
* **ties** between moves: the first move searched is kept (a later child replaces the
  best only when strictly better).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from tracer.errors import Option, SearchError
from tracer.search.window import RETURNS

__all__ = ["ALGORITHMS", "ORDERS", "Conventions", "SearchSettings", "default_algorithm"]

ALGORITHMS = ("minimax", "alphabeta", "expectiminimax")
ORDERS = ("given", "eval", "perfect", "worst", "random")


@dataclass(frozen=True)
class Conventions:
    """Alpha-beta's conventions. The defaults are AIMA's."""

    prune_on_equal: bool = True
    fail: str = "soft"

    def __post_init__(self) -> None:
        if self.fail not in RETURNS:
            raise SearchError(f"unknown fail convention {self.fail!r}", hint="use " + " or ".join(RETURNS))

    @property
    def cutoff_test(self) -> str:
        return "v >= beta at MAX, v <= alpha at MIN" if self.prune_on_equal else "v > beta at MAX, v < alpha at MIN"

    def describe(self) -> str:
        """One line for captions, keys and sheets."""
        if self.prune_on_equal:
            prune = "prune when v >= beta (MAX) or v <= alpha (MIN), as AIMA and MIT 6.034"
        else:
            prune = "prune only when v > beta (MAX) or v < alpha (MIN), as UC Berkeley CS188"
        if self.fail == "soft":
            ret = "fail-soft: a node returns v, a bound where it was cut off (AIMA)"
        else:
            ret = "fail-hard: a node returns alpha (MAX) or beta (MIN), clamped into [alpha, beta]"
        return f"{prune}; {ret}; ties go to the first move searched"

    def to_dict(self) -> dict[str, Any]:
        return {"prune_on_equal": self.prune_on_equal, "fail": self.fail, "ties": "first"}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Conventions:
        return cls(prune_on_equal=bool(data.get("prune_on_equal", True)), fail=str(data.get("fail", "soft")))


@dataclass(frozen=True)
class SearchSettings:
    """What to run: the algorithm, its conventions and its options.

    ``depth`` is the depth limit (levels below the root, chance levels included; None
    for none); ``order`` how children are ordered before searching them: ``given`` (the
    game's documented order), ``eval`` (best first by static evaluation), ``perfect`` or
    ``worst`` (by true value: an oracle, for teaching what ordering is worth), ``random``
    (shuffled with ``seed``). ``iterative`` runs iterative deepening up to ``depth`` (or
    until the whole tree is searched), each iteration ordered by the previous one;
    ``transposition_table`` stores values of states already searched.
    """

    algorithm: str = "alphabeta"
    conventions: Conventions = field(default_factory=Conventions)
    depth: int | None = None
    order: str = "given"
    seed: int = 0
    iterative: bool = False
    transposition_table: bool = False

    def __post_init__(self) -> None:
        if self.algorithm not in ALGORITHMS:
            raise SearchError(f"unknown algorithm {self.algorithm!r}", hint="use " + ", ".join(ALGORITHMS))
        if self.order not in ORDERS:
            raise SearchError(f"unknown move order {self.order!r}", hint="use " + ", ".join(ORDERS))
        if self.depth is not None and self.depth < 0:
            raise SearchError(f"the depth limit {self.depth} is negative", hint="give {0} or more", options=(Option("depth", 0),))

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["conventions"] = self.conventions.to_dict()
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SearchSettings:
        return cls(
            algorithm=data.get("algorithm", "alphabeta"),
            conventions=Conventions.from_dict(data.get("conventions", {})),
            depth=data.get("depth"),
            order=data.get("order", "given"),
            seed=int(data.get("seed", 0)),
            iterative=bool(data.get("iterative", False)),
            transposition_table=bool(data.get("transposition_table", False)),
        )


def default_algorithm(source: Any) -> str:
    """The search to run when none is named: alpha-beta, or expectiminimax where the tree or game
    has chance nodes (which alpha-beta cannot search)."""
    return "expectiminimax" if getattr(source, "has_chance", False) else "alphabeta"
