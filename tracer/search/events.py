"""The events a search records, one per thing a student would see happen: the one table.

Each event kind is a class below; its fields, in order, with their types, are the table
from which everything else comes: the typed events, the JSON Schema and the checks of
:mod:`tracer.trace.schema`, the trace writer and loader of :mod:`tracer.trace.io`, and the
visitor hooks of :func:`dispatch`. A new kind, or a new field, is one edit here.

While searching, an event is recorded as a plain tuple whose first item is its kind
(``("enter", (1, 0), 2, 3, inf)``): building a tuple is the cheapest record Python
has, and a traced search of a whole tic-tac-toe game records about 1.9 million of
them. This module is the only one that reads those tuples by position; everything
else reads events by name, either typed (``Enter(node=(1, 0), depth=2, alpha=3,
beta=inf)``, from :func:`typed`) or as the named arguments of a visitor's hooks
(``on_enter(self, node, depth, alpha, beta)``, called by :func:`dispatch`).

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
quiesce            node, value, noisy: quiescence search at a node that is not quiet at or past
                   the depth limit: it stands pat on its static value and searches only its
                   noisy children (captures), listed in the game's order
tt_twin            node, twin, symmetry: the table entry about to answer for this node was
                   stored by node ``twin``, whose state the game's symmetry number ``symmetry``
                   (an index into its ``symmetries``) takes to this node's; comes just before
                   that ``tt_hit``
=================  =========================================================================

Kinds are added at the end of the table, and a trace written before a kind existed
still reads the same.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from operator import itemgetter
from typing import Annotated, Any, NamedTuple, get_type_hints

from tracer.game.model import NodePath

__all__ = [
    "EVENT_CLASSES",
    "EVENT_FIELDS",
    "EVENT_TABLE",
    "FIELD_TYPES",
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
    "Quiesce",
    "RawEvent",
    "TTHit",
    "TTStore",
    "TTTwin",
    "dispatch",
    "fields_of",
    "kind_of",
    "node_of",
    "typed",
]

RawEvent = tuple[Any, ...]

# The types a field can have; tracer.trace.schema says how each is written in JSON.
FIELD_TYPES = (
    "path", "path?", "paths", "count", "count?", "value", "value?", "values?", "probability", "source", "bound", "earlier",
)

Node_ = Annotated[NodePath, "path"]
Child = Annotated[NodePath, "path"]
Earlier = Annotated[NodePath, "earlier"]  # any node searched before, anywhere in the tree (a trace file writes its path)
OptionalPath = Annotated[NodePath | None, "path?"]
Paths = Annotated[tuple[NodePath, ...], "paths"]
Count = Annotated[int, "count"]
OptionalCount = Annotated[int | None, "count?"]
Value = Annotated[float, "value"]
OptionalValue = Annotated[float | None, "value?"]
Keys = Annotated[tuple[Any, ...], "values?"]
Probability = Annotated[float, "probability"]
Source = Annotated[str, "source"]
Bound = Annotated[str, "bound"]


def _kind(name: str) -> Callable[[Any], Any]:
    """Name an event class's kind (a NamedTuple cannot declare a class constant in its body)."""

    def mark(cls: Any) -> Any:
        cls.kind = name
        return cls

    return mark


@_kind("enter")
class Enter(NamedTuple):
    node: Node_
    depth: Count
    alpha: OptionalValue
    beta: OptionalValue


@_kind("evaluate")
class Evaluate(NamedTuple):
    node: Node_
    value: Value
    source: Source


@_kind("order")
class Order(NamedTuple):
    node: Node_
    children: Paths
    keys: Keys


@_kind("backup")
class Backup(NamedTuple):
    node: Node_
    child: Child
    child_value: Value
    v: Value


@_kind("chance_backup")
class ChanceBackup(NamedTuple):
    node: Node_
    child: Child
    probability: Probability
    child_value: Value
    v: Value


@_kind("alpha")
class AlphaUpdate(NamedTuple):
    node: Node_
    old: Value
    new: Value


@_kind("beta")
class BetaUpdate(NamedTuple):
    node: Node_
    old: Value
    new: Value


@_kind("cutoff")
class Cutoff(NamedTuple):
    node: Node_
    v: Value
    alpha: Value
    beta: Value
    pruned: Paths


@_kind("tt_hit")
class TTHit(NamedTuple):
    node: Node_
    value: Value
    bound: Bound
    depth: OptionalCount


@_kind("tt_store")
class TTStore(NamedTuple):
    node: Node_
    value: Value
    bound: Bound
    depth: OptionalCount


@_kind("leave")
class Leave(NamedTuple):
    node: Node_
    value: Value
    bound: Bound
    best: OptionalPath


@_kind("iteration_start")
class IterationStart(NamedTuple):
    depth: Count


@_kind("iteration_end")
class IterationEnd(NamedTuple):
    depth: Count
    value: Value
    best: OptionalPath


@_kind("quiesce")
class Quiesce(NamedTuple):
    node: Node_
    value: Value
    noisy: Paths


@_kind("tt_twin")
class TTTwin(NamedTuple):
    node: Node_
    twin: Earlier
    symmetry: Count


Event = (
    Enter | Evaluate | Order | Backup | ChanceBackup | AlphaUpdate | BetaUpdate | Cutoff | TTHit | TTStore | Leave | IterationStart | IterationEnd
    | Quiesce | TTTwin
)

EVENT_CLASSES: dict[str, Any] = {
    cls.kind: cls  # type: ignore[union-attr]  # set by @_kind
    for cls in (
        Enter, Evaluate, Order, Backup, ChanceBackup, AlphaUpdate, BetaUpdate, Cutoff, TTHit, TTStore, Leave,
        IterationStart, IterationEnd, Quiesce, TTTwin,
    )
}
"""Event kind -> its class, in the order the table above lists them."""


def _field_types(cls: Any) -> tuple[tuple[str, str], ...]:
    hints = get_type_hints(cls, include_extras=True)
    return tuple((name, hints[name].__metadata__[0]) for name in cls._fields)


EVENT_TABLE: dict[str, tuple[tuple[str, str], ...]] = {kind: _field_types(cls) for kind, cls in EVENT_CLASSES.items()}
"""Event kind -> its fields as ``(name, type)`` in recorded order; the types are :data:`FIELD_TYPES`."""

EVENT_FIELDS: dict[str, tuple[str, ...]] = {kind: cls._fields for kind, cls in EVENT_CLASSES.items()}
"""Event kind -> its field names in recorded order."""


def typed(raw: RawEvent) -> Event:
    """The typed event for a recorded tuple: ``typed(("enter", (), 0, None, None))``."""
    return EVENT_CLASSES[raw[0]]._make(raw[1:])  # type: ignore[no-any-return]


# Both are read once or twice per event of every walk (millions in a whole game's trace): getters made
# in C, which cost less than a call of a Python function.
kind_of: Callable[[RawEvent], str] = itemgetter(0)
"""The kind of a recorded event (``"enter"``, ``"cutoff"``, ...)."""
fields_of: Callable[[RawEvent], tuple[Any, ...]] = itemgetter(slice(1, None))
"""A recorded event's fields, in the table's order (for handlers that name them)."""


def node_of(raw: RawEvent) -> NodePath | None:
    """The node a recorded event happens at (None for the iteration markers)."""
    return raw[1] if raw[0] not in ("iteration_start", "iteration_end") else None


def dispatch(events: Iterable[RawEvent], handlers: dict[str, Callable[..., Any]]) -> None:
    """Call ``handlers[kind](*fields)`` for each recorded event, in order, with its fields as
    positional arguments in the table's order (handlers name them: ``def enter(node, depth,
    alpha, beta)``). Kinds without a handler are skipped. The fast path for walking
    millions of events without building a typed event for each."""
    get = handlers.get
    for raw in events:
        handler = get(raw[0])
        if handler is not None:
            handler(*raw[1:])
