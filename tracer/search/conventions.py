"""The conventions that change a search's answers, and the settings of one search.

Courses teach alpha-beta in variants that prune different nodes and report different
values, so a trace always records which one it ran and every output shows it:

* **cutoff test**: prune on equality (``v >= beta`` at MAX, ``v <= alpha`` at MIN; AIMA's
  pseudocode, MIT 6.034) or only on strict inequality (``v > beta``, ``v < alpha``;
  the autograder of UC Berkeley CS188's Pacman project, whose lecture slides prune on
  equality);
* **what is returned**: fail-soft returns v, which at a cut node is a bound on the true
  value (AIMA); fail-hard clamps v into the window [alpha, beta] the node was called with
  (so a cut MAX node returns beta, a cut MIN node alpha, and a node that found nothing
  better than its own bound returns that bound); own-bound returns the node's own bound
  after v has moved it, max(alpha, v) at MAX and min(beta, v) at MIN, whether or not it
  was cut off (the UNH CS 730 deck: ``α ← max(α, MIN-VALUE(s', α, β)); if α ≥ β return α;
  ... return α``);
* **ties** between moves: the first move searched is kept (a later child replaces the
  best only when strictly better).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from tracer.errors import Option, SearchError
from tracer.search.window import FAIL_CONVENTIONS
from tracer.words import say

__all__ = ["ALGORITHMS", "ORDERS", "TABLES", "Conventions", "SearchSettings", "default_algorithm"]

ALGORITHMS = ("minimax", "alphabeta", "expectiminimax")
ORDERS = ("given", "eval", "perfect", "worst", "random", "captures")
TABLES = (False, True, "symmetry")
"""What ``SearchSettings.transposition_table`` may be: none, exact positions, or positions up to symmetry."""


@dataclass(frozen=True)
class Conventions:
    """Alpha-beta's conventions. The defaults are AIMA's."""

    prune_on_equal: bool = True
    fail: str = "soft"

    def __post_init__(self) -> None:
        if self.fail not in FAIL_CONVENTIONS:
            raise SearchError(
                say("search.fail.unknown", "unknown fail convention {fail}", fail=repr(self.fail)), hint=say("search.use.three", "use {{0}}, {{1}} or {{2}}"),
                options=tuple(Option("fail", name) for name in FAIL_CONVENTIONS),
            )

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
    (shuffled with ``seed``), ``captures`` (captures first, most valuable victim first and,
    among those, least valuable attacker first: MVV-LVA; games with a ``capture_values``
    hook). ``iterative`` runs iterative deepening up to ``depth`` (or until the whole tree
    is searched), each iteration ordered by the previous one; ``transposition_table``
    stores values of states already searched: ``True`` (or ``"exact"``) by the state itself,
    ``"symmetry"`` by the game's canonical form, so a symmetric twin (a mirror image, a
    rotation) answers too. ``quiescence`` searches on past the depth limit where a state
    is not quiet (quiescence search: the game's ``noisy_moves``, standing pat on the
    evaluation). ``evaluation`` is a weighted evaluation a course writes
    (:mod:`tracer.game.evaluation`: ``"material:turing"``, ``"open_lines=1,centre=0.5"``, or a
    YAML file's path), used instead of the game's own; a trace records it as text.
    """

    algorithm: str = "alphabeta"
    conventions: Conventions = field(default_factory=Conventions)
    depth: int | None = None
    order: str = "given"
    seed: int = 0
    iterative: bool = False
    transposition_table: bool | str = False
    quiescence: bool = False
    evaluation: str | None = None

    def __post_init__(self) -> None:
        if self.algorithm not in ALGORITHMS:
            raise SearchError(say("search.algorithm.unknown", "unknown algorithm {name}", name=repr(self.algorithm)),
                              hint=say("search.use", "use {names}", names=", ".join(ALGORITHMS)))
        if self.order not in ORDERS:
            raise SearchError(say("search.order.unknown", "unknown move order {name}", name=repr(self.order)), hint=say("search.use", "use {names}", names=", ".join(ORDERS)))
        if self.depth is not None and self.depth < 0:
            raise SearchError(say("search.depth.negative", "the depth limit {depth} is negative", depth=self.depth), hint=say("search.depth.hint", "give {{0}} or more"),
                              options=(Option("depth", 0),))
        table = {"exact": True, None: False}.get(self.transposition_table, self.transposition_table) if isinstance(
            self.transposition_table, (str, type(None))) else self.transposition_table
        if not (table is True or table is False or table == "symmetry"):
            raise SearchError(
                say("search.tt.unknown", "unknown transposition table {table}", table=repr(self.transposition_table)), hint=say("search.use.two", "use {{0}} or {{1}}"),
                options=(Option("transposition_table", True), Option("transposition_table", "symmetry")),
            )
        object.__setattr__(self, "transposition_table", table)

    def to_dict(self) -> dict[str, Any]:
        """The settings as a trace records them; the options added later are written only when in use,
        so a trace searched without them reads as it did before they existed."""
        data = asdict(self)
        data["conventions"] = self.conventions.to_dict()
        for name, unused in (("quiescence", False), ("evaluation", None)):
            if data[name] == unused:
                del data[name]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SearchSettings:
        return cls(
            algorithm=data.get("algorithm", "alphabeta"),
            conventions=Conventions.from_dict(data.get("conventions", {})),
            depth=data.get("depth"),
            order=data.get("order", "given"),
            seed=_seed(data.get("seed", 0)),
            iterative=bool(data.get("iterative", False)),
            transposition_table=_table(data.get("transposition_table", False)),
            quiescence=bool(data.get("quiescence", False)),
            evaluation=None if data.get("evaluation") is None else str(data["evaluation"]),
        )

    @property
    def symmetric_table(self) -> bool:
        """Whether the transposition table stores positions by their canonical form."""
        return self.transposition_table == "symmetry"


def _seed(value: Any) -> int:
    """A recorded seed as a whole number; ValueError names one that is not (``1e9999`` reads as infinity)."""
    if isinstance(value, float) and not value.is_integer():
        raise ValueError(f"the seed must be a whole number, not {value!r}")
    return int(value)


def _table(value: Any) -> bool | str:
    return value if isinstance(value, str) else bool(value)


def default_algorithm(source: Any) -> str:
    """The search to run when none is named: alpha-beta, or expectiminimax where the tree or game
    has chance nodes (which alpha-beta cannot search)."""
    return "expectiminimax" if getattr(source, "has_chance", False) else "alphabeta"
