"""Two-hand whist: a trick-taking card game small enough to trace every deal.

MAX and MIN hold the same number of cards (two to four is traceable). The leader plays
any card; the other player must follow the led suit if able, and otherwise discards any
card, which cannot win. The higher card of the led suit wins the trick, and its winner
leads the next. There are no trumps. The utility is the number of tricks MAX wins.

Cards are written rank then suit, ranks ``A K Q J T 9 ... 2`` and suits ``S H D C``
(``AS`` is the ace of spades; ``A♠`` and ``10S`` are read too). Moves are searched in
the order ♠ ♥ ♦ ♣ and, within a suit, from the ace down; a move is labelled by its card
(``A♠``).

**Perfect information** (:class:`Whist`, ``--game whist``): both hands are known. A
position is MAX's hand, a slash, MIN's hand, then optionally a colon and ``max`` or
``min`` for the leader (MAX when left out): ``AS QS 2H / KS 3H 4H``. The word ``dealer``
after the colon (``AS 2H / KS 3H :max dealer``) makes MIN play by the **dealer rule**, so
that MIN's nodes have a single move:

* leading, the dealer plays its highest card;
* following, it plays the lowest card of the led suit that wins the trick, else its
  lowest card of that suit, else (void in the suit) its lowest card;
* between cards of equal rank, the first in the order ♠ ♥ ♦ ♣.

**MIN's hand hidden** (:class:`HiddenWhist`): MAX sees its own cards and the cards
played, not MIN's hand, which is dealt from the cards MAX does not see, every way
equally likely. A position is MAX's hand, a slash, the cards MIN's hand is dealt from,
and optionally the leader: ``AS 2H 2D / KS QS JH JD`` (MIN holds three of those four:
four deals). MIN plays by the dealer rule, so the only choices are MAX's and the only
uncertainty is the deal, as in the road, gold, jewels and bus example
(:mod:`tracer.game.imperfect`). It offers

* ``deals()``: each deal (:class:`Deal`) with its probability;
* ``determinized(deal)``: that deal as a perfect-information :class:`Whist` game (MIN
  by the dealer rule); its minimax value is what a MAX who could see the cards gets;
* ``information_key(state)``: what the player to move knows in ``state``: who it is,
  its own hand and the cards played so far, in order. States of different deals with
  equal keys are one **information set**: the player cannot tell them apart, so a
  strategy plays the same card in all of them;
* ``information_sets(player)``: the states of every deal where ``player`` is to move,
  grouped by key;
* as a game, a chance node over the deals ("one big dice roll" at the start) followed
  by the deal's play with both hands known: expectiminimax on it averages the
  clairvoyant values over the deals.

**Averaging over clairvoyance goes wrong** on the default deal set. Averaging each first
card's clairvoyant values over the four deals picks A♠ (2 tricks on average, against
1¾ for 2♥ or 2♦): after cashing the ace, a MAX who could see the cards would lead the
deuce of the suit the dealer lacks and win every trick where it lacks one. But MAX
sees only the dealer's spade: when it is Q♠, three deals remain (one void in ♥, one
void in ♦, one void in neither), and any deuce wins in only one of them, so A♠ is worth
1½. Leading a deuce first is worth 1¾ however the deals are told apart: over MAX's
information sets it is the right first card.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from fractions import Fraction
from itertools import combinations
from typing import NamedTuple

from tracer.errors import InputError
from tracer.game.games.base import PositionGame
from tracer.words import Said, say

__all__ = ["Deal", "HiddenWhist", "Whist", "WhistState", "card_text", "parse_cards"]

_RANKS = "AKQJT98765432"  # high to low
_SUITS = "SHDC"
_SUIT_SIGNS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
_SHOWN = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_MAX_CARDS = 8

WhistState = tuple[tuple[str, ...], tuple[str, ...], str, str, int, int, tuple[str, ...]]
"""(MAX's hand, MIN's hand, to_move, leader of the trick, MAX's tricks, MIN's tricks, cards played in order)."""


def _order(card: str) -> tuple[int, int]:
    return (_SUITS.index(card[1]), _RANKS.index(card[0]))


def card_text(card: str) -> str:
    """``AS`` -> ``A♠``; a ten is shown as ``10``."""
    return ("10" if card[0] == "T" else card[0]) + _SHOWN[card[1]]


def parse_cards(text: str) -> tuple[str, ...]:
    """Cards written ``AS KH 10D`` (commas allowed; ``A♠`` too) -> sorted ``("AS", "KH", "TD")``."""
    cards = []
    for word in text.replace(",", " ").split():
        word = word.upper().replace("10", "T")
        word = word[:-1] + _SUIT_SIGNS.get(word[-1], word[-1])
        if len(word) != 2 or word[0] not in _RANKS or word[1] not in _SUITS:
            raise InputError(say("game.whist.card", "{word} is not a card", word=repr(word)),
                             hint=say("game.whist.card.hint", "write rank then suit, e.g. AS, KH, 10D or 2C (ranks A K Q J 10 9 ... 2, suits S H D C)"))
        cards.append(word)
    if len(set(cards)) != len(cards):
        twice = sorted({card_text(c) for c in cards if cards.count(c) > 1})
        raise InputError(say("game.whist.twice", "{cards} is given twice", cards=", ".join(twice)), hint=say("game.whist.twice.hint", "a card is in one place only"))
    return tuple(sorted(cards, key=_order))


def _split(text: str, what: str) -> tuple[str, str, str, bool]:
    """MAX's cards, the text after the slash, the leader and whether MIN is the dealer."""
    hands, _, options = text.partition(":")
    words = options.lower().split()
    dealer = "dealer" in words
    rest = [word for word in words if word != "dealer"]
    leader = rest[0] if len(rest) == 1 else "max" if not rest else ""
    first, slash, second = hands.partition("/")
    if not slash or leader not in ("max", "min"):
        raise InputError(
            say("game.whist.position", "{text} is not a whist position", text=repr(text)),
            hint=say("game.whist.position.hint", "write MAX's cards / {what}, optionally :min for MIN to lead or :dealer, e.g. AS QS / KS 2H", what=what),
        )
    return first, second, leader, dealer


def _legal(state: WhistState) -> tuple[str, ...]:
    max_hand, min_hand, to_move, leader, _, _, played = state
    hand = max_hand if to_move == "max" else min_hand
    if to_move != leader:  # following: the led suit if the hand has it
        led = played[-1][1]
        same = tuple(card for card in hand if card[1] == led)
        return same or hand
    return hand


def _dealer_card(state: WhistState) -> str:
    """The card the dealer rule plays (cards are kept in the order ♠ ♥ ♦ ♣, ace down)."""
    legal = _legal(state)
    by_rank = sorted(legal, key=lambda card: (_RANKS.index(card[0]), _SUITS.index(card[1])))  # high first, ♠ first
    if state[2] == state[3]:
        return by_rank[0]  # leading: the highest card
    led = state[6][-1]
    if legal[0][1] == led[1]:
        winners = [card for card in legal if _RANKS.index(card[0]) < _RANKS.index(led[0])]
        if winners:
            return max(winners, key=lambda card: _RANKS.index(card[0]))  # the lowest that wins
    lowest = _RANKS.index(by_rank[-1][0])
    return next(card for card in by_rank if _RANKS.index(card[0]) == lowest)  # the lowest, ♠ first


def _actions(state: WhistState, dealer: bool) -> tuple[str, ...]:
    if dealer and state[2] == "min":
        return (_dealer_card(state),)
    return _legal(state)


def _result(state: WhistState, card: str) -> WhistState:
    max_hand, min_hand, to_move, leader, max_tricks, min_tricks, played = state
    if to_move == "max":
        max_hand = tuple(c for c in max_hand if c != card)
    else:
        min_hand = tuple(c for c in min_hand if c != card)
    played += (card,)
    if to_move == leader:  # the other player answers
        return (max_hand, min_hand, "min" if to_move == "max" else "max", leader, max_tricks, min_tricks, played)
    led = played[-2]
    follower_wins = card[1] == led[1] and _RANKS.index(card[0]) < _RANKS.index(led[0])
    winner = to_move if follower_wins else leader
    if winner == "max":
        max_tricks += 1
    else:
        min_tricks += 1
    return (max_hand, min_hand, winner, winner, max_tricks, min_tricks, played)


def _describe(state: WhistState) -> str:
    max_hand, min_hand, to_move, leader, max_tricks, min_tricks, played = state
    hands = f"MAX {' '.join(map(card_text, max_hand)) or '-'} / MIN {' '.join(map(card_text, min_hand)) or '-'}"
    table = f", {card_text(played[-1])} led" if to_move != leader else ""
    return f"{hands}; tricks {max_tricks}-{min_tricks}{table}"


def _board(state: WhistState) -> list[list[str]]:
    rows = [[card_text(c) for c in state[0]] or ["-"], [card_text(c) for c in state[1]] or ["-"]]
    if state[2] != state[3]:
        rows.append([card_text(state[6][-1])])
    return rows


class Whist(PositionGame):
    """Two-hand whist with both hands known, from a position (``AS KH / QS 2H`` by default)."""

    name = "whist"
    title = Said("game.whist.title", "Two-hand whist")
    has_chance = False
    has_evaluation = False
    start = "AS KH / QS 2H"
    action_order = Said("game.whist.order", "cards in the order ♠ ♥ ♦ ♣, each suit from the ace down")

    def __init__(self, position: str | None = None) -> None:
        self.dealer = _split(position or self.start, say("game.whist.min_cards", "MIN's cards"))[3]
        super().__init__(position)

    @staticmethod
    def parse_position(text: str) -> WhistState:
        first, second, leader, _ = _split(text, say("game.whist.min_cards", "MIN's cards"))
        max_hand, min_hand = parse_cards(first), parse_cards(second)
        if len(max_hand) != len(min_hand) or not max_hand:
            raise InputError(say("game.whist.uneven", "{text} gives MAX {max} cards and MIN {min}", text=repr(text), max=len(max_hand), min=len(min_hand)),
                             hint=say("game.whist.uneven.hint", "give both players the same number of cards, at least one"))
        if len(max_hand) > _MAX_CARDS:
            raise InputError(say("game.whist.large", "{text} deals {cards} cards each; the game tree would be too large to trace", text=repr(text), cards=len(max_hand)),
                             hint=say("game.whist.large.hint", "deal at most {most} cards each", most=_MAX_CARDS))
        both = set(max_hand) & set(min_hand)
        if both:
            raise InputError(say("game.whist.both", "{cards} is in both hands", cards=", ".join(card_text(c) for c in sorted(both, key=_order))),
                             hint=say("game.whist.both.hint", "a card is in one hand only"))
        return (max_hand, min_hand, leader, leader, 0, 0, ())

    def position_text(self, state: WhistState) -> str:
        max_hand, min_hand, _, leader = state[:4]
        return f"{' '.join(max_hand)} / {' '.join(min_hand)} :{leader}" + (" dealer" if self.dealer else "")

    def to_move(self, state: WhistState) -> str:
        return state[2]

    def actions(self, state: WhistState) -> tuple[str, ...]:
        return _actions(state, self.dealer)

    def result(self, state: WhistState, card: str) -> WhistState:
        return _result(state, card)

    def is_terminal(self, state: WhistState) -> bool:
        return not state[0] and not state[1]

    def utility(self, state: WhistState) -> float:
        return state[4]

    def evaluate(self, state: WhistState) -> float:
        raise NotImplementedError("whist has no evaluation function")

    def move_label(self, state: WhistState, card: str) -> str:
        return card_text(card)

    def describe(self, state: WhistState) -> str:
        return _describe(state)

    def board(self, state: WhistState) -> list[list[str]]:
        """Two rows: MAX's cards and MIN's cards, and a third with the card led, if any."""
        return _board(state)


class Deal(NamedTuple):
    """One way the cards lie: both hands."""

    max_hand: tuple[str, ...]
    min_hand: tuple[str, ...]

    def text(self) -> str:
        """``MIN holds K♠ 2♥``: what tells this deal from the others."""
        return say("whist.deal", "MIN holds {cards}", cards=" ".join(map(card_text, self.min_hand)))


class HiddenWhist:
    """Two-hand whist against a dealer whose hand MAX does not see (``AS 2H 2D / KS QS JH JD``).

    As a game: a chance node over the deals, then the deal played with both hands known.
    """

    name = "hiddenwhist"
    title = Said("game.hiddenwhist.title", "Two-hand whist against a dealer whose hand is hidden")
    has_chance = True
    has_evaluation = False
    start = "AS 2H 2D / KS QS JH JD"
    action_order = Said("game.hiddenwhist.order", "deals in the order of MIN's hands (cards ♠ ♥ ♦ ♣, ace down); then as whist")

    def __init__(self, position: str | None = None) -> None:
        first, second, leader, _ = _split(position or self.start, say("game.whist.unseen_cards", "the cards MIN's hand is dealt from"))
        self.max_hand = parse_cards(first)
        self.unseen = parse_cards(second)
        self.leader = leader
        both = set(self.max_hand) & set(self.unseen)
        if both:
            raise InputError(say("game.whist.both_hidden", "{cards} is both MAX's and maybe MIN's", cards=", ".join(card_text(c) for c in sorted(both, key=_order))),
                             hint=say("game.whist.both_hidden.hint", "list only cards MAX does not hold after the slash"))
        if len(self.unseen) < len(self.max_hand):
            raise InputError(say("game.whist.unseen", "MIN must hold {cards} cards but only {unseen} are unseen", cards=len(self.max_hand), unseen=len(self.unseen)),
                             hint=say("game.whist.unseen.hint", "list at least as many cards after the slash as MAX holds"))
        count = math.comb(len(self.unseen), len(self.max_hand))
        if count > 70:
            raise InputError(say("game.whist.deals", "{count} deals are too many to trace every one", count=count),
                             hint=say("game.whist.deals.hint", "list fewer unseen cards or give MAX fewer cards"))
        self._deals = [Deal(self.max_hand, hand) for hand in combinations(self.unseen, len(self.max_hand))]
        self.position = f"{' '.join(self.max_hand)} / {' '.join(self.unseen)} :{leader}"
        self._games = {deal: Whist(self._deal_text(deal)) for deal in self._deals}

    def _deal_text(self, deal: Deal) -> str:
        return f"{' '.join(deal.max_hand)} / {' '.join(deal.min_hand)} :{self.leader} dealer"

    # -- the deals and what each player knows -----------------------------------------------
    def deals(self) -> list[tuple[Deal, Fraction]]:
        """Every deal of MIN's hand from the unseen cards, each equally likely."""
        p = Fraction(1, len(self._deals))
        return [(deal, p) for deal in self._deals]

    @staticmethod
    def deal_label(deal: Deal) -> str:
        """The edge below a chance root over the deals: ``MIN holds K♠ Q♠ J♥``."""
        return deal.text()

    @staticmethod
    def information_board(state: WhistState) -> list[list[str]]:
        """The board as MAX sees it: its cards, MIN's as ``?``, and the card led, if any."""
        rows = _board(state)
        rows[1] = ["?"] * len(state[1]) or ["-"]
        return rows

    def determinized(self, deal: Deal) -> Whist:
        """The deal as a perfect-information game: both hands known, MIN by the dealer rule."""
        return self._games[deal]

    @staticmethod
    def information_key(state: WhistState) -> Hashable:
        """What the player to move knows: who it is, its own hand and the cards played, in order."""
        max_hand, min_hand, to_move, _, _, _, played = state
        return (to_move, max_hand if to_move == "max" else min_hand, played)

    def information_sets(self, player: str = "max") -> dict[Hashable, list[tuple[Deal, WhistState]]]:
        """Every state where ``player`` is to move, in every deal, grouped by information set."""
        sets: dict[Hashable, list[tuple[Deal, WhistState]]] = {}
        for deal in self._deals:
            game = self._games[deal]
            stack = [game.initial_state()]
            while stack:
                state = stack.pop()
                if game.is_terminal(state):
                    continue
                if state[2] == player:
                    sets.setdefault(self.information_key(state), []).append((deal, state))
                stack.extend(game.result(state, card) for card in game.actions(state))
        return sets

    # -- as a game: one big dice roll, then a deal with both hands known ---------------------
    def initial_state(self) -> str:
        return "deal"

    def to_move(self, state: str | WhistState) -> str:
        return "chance" if state == "deal" else state[2]

    def chance_outcomes(self, state: str) -> list[tuple[Deal, float]]:
        return [(deal, float(p)) for deal, p in self.deals()]

    def actions(self, state: WhistState) -> tuple[str, ...]:
        return _actions(state, True)

    def result(self, state: str | WhistState, action: Deal | str) -> WhistState:
        if state == "deal":
            return self._games[action].initial_state()  # type: ignore[index]
        return _result(state, action)  # type: ignore[arg-type]

    def is_terminal(self, state: str | WhistState) -> bool:
        return state != "deal" and not state[0] and not state[1]

    def utility(self, state: WhistState) -> float:
        return state[4]

    def evaluate(self, state: str | WhistState) -> float:
        raise NotImplementedError("whist has no evaluation function")

    def move_label(self, state: str | WhistState, action: Deal | str) -> str:
        return action.text() if isinstance(action, Deal) else card_text(action)

    def describe(self, state: str | WhistState) -> str:
        if state == "deal":
            return f"MAX holds {' '.join(map(card_text, self.max_hand))}; MIN's {len(self.max_hand)} cards are dealt from {' '.join(map(card_text, self.unseen))}"
        return _describe(state)  # type: ignore[arg-type]

    def board(self, state: str | WhistState) -> list[list[str]]:
        if state == "deal":
            return [[card_text(c) for c in self.max_hand], ["?"] * len(self.max_hand)]
        return _board(state)  # type: ignore[arg-type]

    def __repr__(self) -> str:
        return f"HiddenWhist({self.position!r})"
