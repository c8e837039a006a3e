"""Deciding with hidden information: averaging over clairvoyance, and over information sets.

A source of deals (:mod:`tracer.game.imperfect`: the road example, hidden-hand whist)
gives two games that tracer's expectiminimax traces like any other:

* :class:`DealsGame`, **one big dice roll**: a chance root over the deals, and under it
  each deal's game with everything visible (determinization). Its value is what a
  clairvoyant MAX would get on average; reading, in each deal, the value of each of MAX's
  first moves and averaging them over the deals gives the **averaged decision** (GIB's
  way, over sampled deals);
* :class:`InformationSetGame`: MAX chooses once for all the deals it cannot tell apart
  (an information set), and chance then reveals what MAX sees next (the cards the
  opponent plays, or, at the end, the deal). Its root's best move is the **correct
  decision**.

The two trees differ in where chance sits: in the first, chance comes before every
choice of MAX, who then chooses knowing the deal; in the second, chance comes after the
choices MAX must make without knowing it. Averaging goes wrong exactly where a later
choice of MAX depends on the deal.

Only MAX chooses: at the opponent's turns the determinized games must have a single move
(a fixed rule, as the whist dealer's), else :class:`~tracer.errors.InputError`.
:func:`imperfect_decision` computes both decisions exactly (fractions) for each of MAX's
first information sets; :func:`tracer.expectiminimax` traces either game.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from tracer.errors import InputError, Option
from tracer.words import joined, say

__all__ = ["DealsGame", "FirstChoice", "ImperfectDecision", "InformationSetGame", "chosen_deals", "exact_value", "imperfect_decision"]

_ROOT = "deals"


def chosen_deals(source: Any, deals: int | None = None, seed: int = 0) -> list[tuple[Any, Fraction]]:
    """The source's deals, or ``deals`` of them drawn with ``seed`` (kept in the source's order, each as likely)."""
    every = list(source.deals())
    if deals is None:
        return every
    if not 1 <= deals <= len(every):
        raise InputError(
            say("imperfect.deals.range", "{asked} deals asked for, but there are {count}", asked=deals, count=len(every)),
            hint=say("imperfect.deals.hint", "draw from 1 to {count} deals", count=len(every)),
            options=(Option("deals", deals),),
        )
    picked = sorted(random.Random(seed).sample(range(len(every)), deals))
    return [(every[i][0], Fraction(1, deals)) for i in picked]


class _OverDeals:
    """A game built over a hidden-information game's deals, each deal made visible."""

    has_chance = True
    has_evaluation = False
    kind = ""

    def __init__(self, source: Any, deals: Sequence[tuple[Any, Fraction]]) -> None:
        self.source = source
        self.deals = list(deals)
        self.games = [source.determinized(deal) for deal, _ in self.deals]
        self.name = f"{source.name}-{self.kind}"
        self.title = source.title
        self.position = getattr(source, "position", "")


class DealsGame(_OverDeals):
    """A chance root over the deals, each deal's game (everything visible) under it."""

    kind = "deals"

    def initial_state(self) -> Any:
        return _ROOT

    def _inner(self, state: Any) -> tuple[Any, Any]:
        index, inner = state
        return self.games[index], inner

    def to_move(self, state: Any) -> str:
        if state == _ROOT:
            return "chance"
        game, inner = self._inner(state)
        return str(game.to_move(inner))

    def actions(self, state: Any) -> Sequence[Any]:
        game, inner = self._inner(state)
        return game.actions(inner)

    def chance_outcomes(self, state: Any) -> list[tuple[int, float]]:
        return [(index, float(p)) for index, (_, p) in enumerate(self.deals)]

    def exact_outcomes(self, state: Any) -> list[tuple[int, Fraction]]:
        return [(index, p) for index, (_, p) in enumerate(self.deals)]

    def result(self, state: Any, action: Any) -> Any:
        if state == _ROOT:
            return (action, self.games[action].initial_state())
        game, inner = self._inner(state)
        return (state[0], game.result(inner, action))

    def is_terminal(self, state: Any) -> bool:
        if state == _ROOT:
            return False
        game, inner = self._inner(state)
        return bool(game.is_terminal(inner))

    def utility(self, state: Any) -> float:
        game, inner = self._inner(state)
        return float(game.utility(inner))

    def evaluate(self, state: Any) -> float:
        raise NotImplementedError("a game of deals has no evaluation function")

    def move_label(self, state: Any, action: Any) -> str:
        if state == _ROOT:
            return str(self.source.deal_label(self.deals[action][0]))
        game, inner = self._inner(state)
        return str(game.move_label(inner, action))

    def describe(self, state: Any) -> str:
        if state == _ROOT:
            return say("imperfect.deals.root", "one of {n} deals: {deals}", n=len(self.deals),
                       deals=joined([str(self.source.deal_label(deal)) for deal, _ in self.deals]))
        game, inner = self._inner(state)
        return str(game.describe(inner))

    def board(self, state: Any) -> list[list[str]] | None:
        if state == _ROOT:
            return None
        game, inner = self._inner(state)
        return game.board(inner)  # type: ignore[no-any-return]


# -- the information-set game ---------------------------------------------------------------
@dataclass(frozen=True)
class _Item:
    deal: int  # index into the deals
    state: Any
    p: Fraction
    seen: tuple[str, ...] = ()  # the moves of the opponent's rule since MAX's last choice


@dataclass(frozen=True, eq=False)
class _Choice:
    """MAX to move in every deal of ``items``, which MAX cannot tell apart."""

    items: tuple[_Item, ...]


@dataclass(frozen=True, eq=False)
class _Reveal:
    """Chance shows MAX which of ``outcomes`` it is in: ``(label, state, probability)``."""

    outcomes: tuple[tuple[str, Any, Fraction], ...]


@dataclass(frozen=True, eq=False)
class _End:
    item: _Item


class InformationSetGame(_OverDeals):
    """MAX's choices made once per information set; chance reveals what MAX sees next."""

    kind = "information-sets"

    def __init__(self, source: Any, deals: Sequence[tuple[Any, Fraction]]) -> None:
        super().__init__(source, deals)
        total = sum(p for _, p in self.deals)
        self._root = self._settle([_Item(i, game.initial_state(), p / total) for i, (game, (_, p)) in enumerate(zip(self.games, self.deals))])

    # -- building states --------------------------------------------------------------------
    def _advance(self, item: _Item) -> _Item:
        """Play the opponent's single moves until MAX is to move or the game is over."""
        game, state, seen = self.games[item.deal], item.state, list(item.seen)
        while not game.is_terminal(state) and game.to_move(state) != "max":
            moves = list(game.actions(state)) if game.to_move(state) != "chance" else []
            if len(moves) != 1:
                raise InputError(
                    say("imperfect.rule", "only MAX may choose in a game of hidden deals; here {player} has {n} moves",
                        player=str(game.to_move(state)).upper(), n=len(moves)),
                    hint=say("imperfect.rule.hint", "let the opponent play by a fixed rule (one move in each state)"),
                )
            seen.append(str(game.move_label(state, moves[0])))
            state = game.result(state, moves[0])
        return _Item(item.deal, state, item.p, tuple(seen))

    def _settle(self, items: list[_Item]) -> Any:
        """The state after a choice: one information set, one end, or chance revealing which."""
        groups: dict[tuple[str, Hashable], list[_Item]] = {}
        for item in map(self._advance, items):
            game = self.games[item.deal]
            key = ("end", item.deal) if game.is_terminal(item.state) else ("set", self.source.information_key(item.state))
            groups.setdefault(key, []).append(item)
        states = [_End(group[0]) if key[0] == "end" else _Choice(tuple(_Item(i.deal, i.state, i.p) for i in group)) for key, group in groups.items()]
        if len(states) == 1:
            return states[0]
        mass = sum((item.p for item in items), Fraction(0))
        seen = [group[0].seen if len({i.seen for i in group}) == 1 else () for group in groups.values()]
        use_seen = all(seen) and len(set(seen)) == len(seen)
        labels = [
            " ".join(moves) if use_seen else " / ".join(str(self.source.deal_label(self.deals[i.deal][0])) for i in group)
            for moves, group in zip(seen, groups.values())
        ]
        return _Reveal(tuple((label, state, sum((i.p for i in group), Fraction(0)) / mass) for label, state, group in zip(labels, states, groups.values())))

    # -- the game protocol --------------------------------------------------------------------
    def initial_state(self) -> Any:
        return self._root

    def to_move(self, state: Any) -> str:
        return "chance" if isinstance(state, _Reveal) else "max"

    def actions(self, state: _Choice) -> Sequence[Any]:
        first = state.items[0]
        moves = list(self.games[first.deal].actions(first.state))
        labels = [self.games[first.deal].move_label(first.state, move) for move in moves]
        for item in state.items[1:]:
            game = self.games[item.deal]
            if [game.move_label(item.state, move) for move in game.actions(item.state)] != labels:
                raise InputError(say("imperfect.moves", "MAX has different moves in states it cannot tell apart"),
                                 hint=say("imperfect.moves.hint", "an information set's states must offer the same moves"))
        return moves

    def chance_outcomes(self, state: _Reveal) -> list[tuple[int, float]]:
        return [(index, float(p)) for index, (_, _, p) in enumerate(state.outcomes)]

    def exact_outcomes(self, state: _Reveal) -> list[tuple[int, Fraction]]:
        return [(index, p) for index, (_, _, p) in enumerate(state.outcomes)]

    def result(self, state: Any, action: Any) -> Any:
        if isinstance(state, _Reveal):
            return state.outcomes[action][1]
        return self._settle([_Item(i.deal, self.games[i.deal].result(i.state, action), i.p) for i in state.items])

    def is_terminal(self, state: Any) -> bool:
        return isinstance(state, _End)

    def utility(self, state: _End) -> float:
        return float(self.games[state.item.deal].utility(state.item.state))

    def evaluate(self, state: Any) -> float:
        raise NotImplementedError("a game of information sets has no evaluation function")

    def move_label(self, state: Any, action: Any) -> str:
        if isinstance(state, _Reveal):
            return state.outcomes[action][0]
        first = state.items[0]
        return str(self.games[first.deal].move_label(first.state, action))

    def deal_labels(self, state: _Choice) -> list[str]:
        return [str(self.source.deal_label(self.deals[item.deal][0])) for item in state.items]

    def describe(self, state: Any) -> str:
        if isinstance(state, _Choice):
            return say("imperfect.information_set", "MAX cannot tell apart: {deals}", deals=joined(self.deal_labels(state)))
        if isinstance(state, _End):
            return str(self.games[state.item.deal].describe(state.item.state))
        return say("imperfect.reveal", "chance shows MAX one of {n} outcomes", n=len(state.outcomes))

    def board(self, state: Any) -> list[list[str]] | None:
        hidden = getattr(self.source, "information_board", None)
        if hidden is None or isinstance(state, _Reveal):
            return None
        item = state.items[0] if isinstance(state, _Choice) else state.item
        return hidden(item.state)  # type: ignore[no-any-return]


def exact_value(game: Any, state: Any) -> Fraction:
    """The expectiminimax value of ``state``, in fractions (only MAX and chance choose here)."""
    if game.is_terminal(state):
        return Fraction(game.utility(state))
    if game.to_move(state) == "chance":
        return sum((p * exact_value(game, game.result(state, outcome)) for outcome, p in game.exact_outcomes(state)), Fraction(0))
    values = [exact_value(game, game.result(state, move)) for move in game.actions(state)]
    return max(values) if game.to_move(state) == "max" else min(values)


# -- the two decisions ------------------------------------------------------------------------
@dataclass(frozen=True)
class FirstChoice:
    """MAX's first choice in one information set: the deals in it, each move's clairvoyant
    value in each deal, their average, and each move's value over information sets."""

    deals: tuple[str, ...]
    moves: tuple[str, ...]
    clairvoyant: tuple[tuple[Fraction, ...], ...]  # [deal][move]
    averaged: tuple[Fraction, ...]
    informed: tuple[Fraction, ...]

    @property
    def averaged_move(self) -> str:
        """The move averaging plays (the first of equals, in the game's order)."""
        return self.moves[self.averaged.index(max(self.averaged))]

    @property
    def informed_move(self) -> str:
        """The right move: the best over information sets (the first of equals)."""
        return self.moves[self.informed.index(max(self.informed))]

    @property
    def differ(self) -> bool:
        """Whether averaging's move is worse, over information sets, than the right one."""
        return self.informed[self.moves.index(self.averaged_move)] < max(self.informed)


@dataclass(frozen=True)
class ImperfectDecision:
    """Both decisions for a source of deals (see :func:`imperfect_decision`)."""

    title: str
    position: str
    deals: tuple[str, ...]
    of: int  # how many deals the source has (more than ``len(deals)`` when they were drawn)
    seed: int | None
    choices: tuple[FirstChoice, ...]
    clairvoyant_value: Fraction
    informed_value: Fraction
    deals_game: DealsGame
    information_game: InformationSetGame

    @property
    def differ(self) -> bool:
        return any(choice.differ for choice in self.choices)


def imperfect_decision(source: Any, deals: int | None = None, seed: int = 0) -> ImperfectDecision:
    """Both decisions for MAX's first move: averaged over clairvoyance, and over information sets.

    ``deals`` draws that many of the source's deals with ``seed`` (GIB's sampling); both
    decisions are then made over the deals drawn.

    >>> from tracer.game.imperfect import RoadExample
    >>> decision = imperfect_decision(RoadExample())
    >>> choice = decision.choices[0]
    >>> choice.averaged_move, choice.informed_move, choice.differ
    ('road B', 'road A', True)
    """
    picked = chosen_deals(source, deals, seed)
    by_deals = DealsGame(source, picked)
    by_sets = InformationSetGame(source, picked)
    root = by_sets.initial_state()
    firsts = [root] if isinstance(root, _Choice) else [s for _, s, _ in root.outcomes if isinstance(s, _Choice)] if isinstance(root, _Reveal) else []
    choices = []
    for first in firsts:
        moves = list(by_sets.actions(first))
        clairvoyant = tuple(
            tuple(exact_value(by_deals, (item.deal, by_deals.games[item.deal].result(item.state, move))) for move in moves) for item in first.items
        )
        mass = sum(item.p for item in first.items)
        averaged = tuple(sum((item.p * row[m] for item, row in zip(first.items, clairvoyant)), Fraction(0)) / mass for m in range(len(moves)))
        informed = tuple(exact_value(by_sets, by_sets.result(first, move)) for move in moves)
        choices.append(
            FirstChoice(tuple(by_sets.deal_labels(first)), tuple(by_sets.move_label(first, m) for m in moves), clairvoyant, averaged, informed)
        )
    return ImperfectDecision(
        title=str(source.title),
        position=str(getattr(source, "position", "")),
        deals=tuple(str(source.deal_label(deal)) for deal, _ in picked),
        of=len(list(source.deals())),
        seed=seed if deals is not None else None,
        choices=tuple(choices),
        clairvoyant_value=exact_value(by_deals, by_deals.initial_state()),
        informed_value=exact_value(by_sets, root),
        deals_game=by_deals,
        information_game=by_sets,
    )
