"""The events a search records, one per thing a student would see happen.

While searching, an event is recorded as a plain tuple whose first item is its kind
(``("enter", (1, 0), 2, 3, inf)``): building a tuple is the cheapest record Python
has, and a traced search of a whole tic-tac-toe game records about 1.9 million of
them. Everything outside the search reads events through the typed classes below
(``Enter(node=(1, 0), depth=2, alpha=3, beta=inf)``), made by :func:`typed`.

A node is named by its path, a tuple of 0-based child indices in the game's
documented order (move ordering changes when a child is searched, never its path).

=================  =========================================================================
kind               fields
=================  =========================================================================
enter              node, depth, alpha, beta (both None in minimax and expectiminimax)
evaluate           node, value, source: ``"utility"`` (a terminal's value) or ``"evaluation"``
                   (a static evaluation where a depth limit cut the search)
order              node, children (child paths in the order they will be searched), keys
                   (the value each was sorted by)
backup             node, child, child_value, v (the node's value so far, after this child)
chance_backup      node, child, probability, child_value, v (the weighted sum so far)
alpha              node, old, new: alpha raised at this node
beta               node, old, new: beta lowered at this node
cutoff             node, v, alpha, beta, pruned (the child paths it skips, maybe none)
tt_hit             node, value, bound, depth: the transposition table answered for this node
tt_store           node, value, bound, depth: stored (depth = levels searched below, None = all)
leave              node, value, bound (``exact``/``lower``/``upper``), best (child path or None)
iteration_start    depth: an iteration of iterative deepening begins, with this depth limit
iteration_end      depth, value, best
=================  =========================================================================
"""

from __future__ import annotations

from typing import Any, NamedTuple

__all__ = [
    "EVENT_CLASSES",
    "EVENT_FIELDS",
    "AlphaUpdate",
    "Backup",
    "BetaUpdate",
    "ChanceBackup",
    "Cutoff",
    "Enter",
    "Evaluate",
    "Event",
    "IterationEnd",
    "IterationStart",
    "Leave",
    "Order",
    "RawEvent",
    "TTHit",
    "TTStore",
    "typed",
]

Path = tuple[int, ...]
RawEvent = tuple[Any, ...]


def _kind(name: str) -> Any:
    """Name an event class's kind (a NamedTuple cannot declare a class constant in its body)."""

    def mark(cls: Any) -> Any:
        cls.kind = name
        return cls

    return mark


@_kind("enter")
class Enter(NamedTuple):
    node: Path
    depth: int
    alpha: float | None
    beta: float | None


@_kind("evaluate")
class Evaluate(NamedTuple):
    node: Path
    value: float
    source: str


@_kind("order")
class Order(NamedTuple):
    node: Path
    children: tuple[Path, ...]
    keys: tuple[float, ...]


@_kind("backup")
class Backup(NamedTuple):
    node: Path
    child: Path
    child_value: float
    v: float


@_kind("chance_backup")
class ChanceBackup(NamedTuple):
    node: Path
    child: Path
    probability: float
    child_value: float
    v: float


@_kind("alpha")
class AlphaUpdate(NamedTuple):
    node: Path
    old: float
    new: float


@_kind("beta")
class BetaUpdate(NamedTuple):
    node: Path
    old: float
    new: float


@_kind("cutoff")
class Cutoff(NamedTuple):
    node: Path
    v: float
    alpha: float
    beta: float
    pruned: tuple[Path, ...]


@_kind("tt_hit")
class TTHit(NamedTuple):
    node: Path
    value: float
    bound: str
    depth: int | None


@_kind("tt_store")
class TTStore(NamedTuple):
    node: Path
    value: float
    bound: str
    depth: int | None


@_kind("leave")
class Leave(NamedTuple):
    node: Path
    value: float
    bound: str
    best: Path | None


@_kind("iteration_start")
class IterationStart(NamedTuple):
    depth: int


@_kind("iteration_end")
class IterationEnd(NamedTuple):
    depth: int
    value: float
    best: Path | None


Event = (
    Enter | Evaluate | Order | Backup | ChanceBackup | AlphaUpdate | BetaUpdate | Cutoff | TTHit | TTStore | Leave | IterationStart | IterationEnd
)

EVENT_CLASSES: dict[str, Any] = {
    cls.kind: cls  # type: ignore[union-attr]  # set by @_kind
    for cls in (
        Enter, Evaluate, Order, Backup, ChanceBackup, AlphaUpdate, BetaUpdate, Cutoff, TTHit, TTStore, Leave,
        IterationStart, IterationEnd,
    )
}
"""Event kind -> its class, in the order the table above lists them."""

EVENT_FIELDS: dict[str, tuple[str, ...]] = {kind: cls._fields for kind, cls in EVENT_CLASSES.items()}

# Fields holding one node path, and fields holding a tuple of paths (for JSON).
PATH_FIELDS = frozenset({"node", "child", "best"})
PATHS_FIELDS = frozenset({"children", "pruned"})


def typed(raw: RawEvent) -> Event:
    """The typed event for a recorded tuple: ``typed(("enter", (), 0, None, None))``."""
    return EVENT_CLASSES[raw[0]](*raw[1:])  # type: ignore[no-any-return]
