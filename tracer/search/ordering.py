"""Move ordering: the order in which a node's children are searched.

Ordering never changes a child's path (its index in the game's documented order), only
when it is searched. Sorting is stable, so equal keys keep the documented order.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from tracer.errors import Option, SearchError
from tracer.game.protocol import Game
from tracer.search.conventions import SearchSettings
from tracer.search.oracle import TrueValues
from tracer.words import say

__all__ = ["Orderer", "make_orderer"]

Path = tuple[int, ...]
# (state, path, depth, actions, is_max) -> (order, keys, child states or None)
Orderer = Callable[[Any, Path, int, Sequence[Any], bool], tuple[list[int], list[Any], list[Any] | None]]


def make_orderer(
    game: Game,
    settings: SearchSettings,
    limit: int | None,
    previous: dict[Path, dict[int, float]] | None = None,
) -> Orderer | None:
    """The ordering function for a search, or None to search in the documented order.

    ``previous`` (iterative deepening) holds each node's child values from the
    previous iteration; children known there are searched first, best first.
    """
    base = _base_orderer(game, settings, limit)
    if previous is None:
        return base

    def by_previous_iteration(state: Any, path: Path, depth: int, actions: Sequence[Any], is_max: bool):  # type: ignore[no-untyped-def]
        if base is not None:
            order, _, children = base(state, path, depth, actions, is_max)
        else:
            order, children = list(range(len(actions))), None
        known = previous.get(path)
        if not known:
            return order, [None] * len(order), children
        seen = [i for i in order if i in known]
        unseen = [i for i in order if i not in known]
        seen.sort(key=lambda i: -known[i] if is_max else known[i])
        new_order = seen + unseen
        return new_order, [known.get(i) for i in new_order], children

    return by_previous_iteration


def _base_orderer(game: Game, settings: SearchSettings, limit: int | None) -> Orderer | None:
    order = settings.order
    if order == "given":
        return None
    if order == "eval":
        if not game.has_evaluation:
            raise SearchError(say("search.order.no_evaluation", "{game} has no evaluation function to order moves by", game=game.name),
                              hint=say("search.order.no_evaluation.hint", "use {{0}}"), options=(Option("order", "given"),))

        def by_evaluation(state: Any, path: Path, depth: int, actions: Sequence[Any], is_max: bool):  # type: ignore[no-untyped-def]
            children = [game.result(state, action) for action in actions]
            keys = [game.evaluate(child) for child in children]
            order = _sorted(keys, descending=is_max)
            return order, [keys[i] for i in order], children

        return by_evaluation
    if order == "captures":
        return _by_captures(game)
    if order in ("perfect", "worst"):
        oracle = TrueValues(game, limit, settings.quiescence)
        best_first = order == "perfect"

        def by_true_value(state: Any, path: Path, depth: int, actions: Sequence[Any], is_max: bool):  # type: ignore[no-untyped-def]
            children = [game.result(state, action) for action in actions]
            keys = [oracle.value(child, depth + 1) for child in children]
            order = _sorted(keys, descending=is_max == best_first)
            return order, [keys[i] for i in order], children

        return by_true_value
    seed = settings.seed

    def shuffled(state: Any, path: Path, depth: int, actions: Sequence[Any], is_max: bool):  # type: ignore[no-untyped-def]
        # Seeded per node, so a node's order does not depend on what was searched before it.
        indices = list(range(len(actions)))
        random.Random(f"{seed}/{'.'.join(map(str, path))}").shuffle(indices)
        return indices, [None] * len(indices), None

    return shuffled


def _by_captures(game: Game) -> Orderer:
    """MVV-LVA: captures first, the most valuable victim first and, for the same victim, the least
    valuable attacker first; then the moves that capture nothing, in the documented order.
    The key recorded for a capture is its victim's value (None for a quiet move)."""
    values = game.capture_values  # type: ignore[attr-defined]  # checked by check_can_search

    def by_captures(state: Any, path: Path, depth: int, actions: Sequence[Any], is_max: bool):  # type: ignore[no-untyped-def]
        pairs = [values(state, action) for action in actions]
        captures = sorted((i for i in range(len(actions)) if pairs[i] is not None), key=lambda i: (-pairs[i][0], pairs[i][1]))
        order = captures + [i for i in range(len(actions)) if pairs[i] is None]
        return order, [None if pairs[i] is None else pairs[i][0] for i in order], None

    return by_captures


def _sorted(keys: list[Any], descending: bool) -> list[int]:
    return sorted(range(len(keys)), key=(lambda i: -keys[i]) if descending else (lambda i: keys[i]))

