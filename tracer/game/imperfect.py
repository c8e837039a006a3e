"""Imperfect information as deals: what a later module needs to average over deals and to
decide over information sets, and the road, gold, jewels and bus example as data.

A game with hidden information is given here as a set of **deals** (the ways the hidden
part can lie, each with a probability) and, for each deal, a perfect-information game
in which everything is visible (its **determinized** view). What a player cannot see
is said by an **information key**: two states, of the same deal or of different deals,
with equal keys look the same to the player to move there, so a strategy must choose
the same move in both. Objects offering this have

``deals()``               ``[(deal, probability), ...]``
``deal_label(deal)``      a short name for a deal (the edge below a chance root)
``determinized(deal)``    a perfect-information ``Game`` for that deal
``information_key(s)``    what the player to move in ``s`` knows (hashable)

:class:`~tracer.game.games.whist.HiddenWhist` is one (its ``Deal.text`` is the label);
:class:`RoadExample` is the other.

Two decisions can be computed from these. **Averaging over clairvoyance**
(determinization; GIB did this with 100 sampled bridge deals): value each first move by
its minimax value in each deal's game, where the mover sees everything, and average over
the deals. **Deciding over information sets**: value a strategy, one move per
information set, by its average over the deals, and take the best. In the games here only
one side makes choices that depend on hidden things (the opponent plays by a fixed rule,
or there is none), so the second is a plain maximum over strategies, which a search over
information sets finds move by move. Averaging is wrong where a later move must be chosen
without knowing the deal: it credits the player with knowledge it will not have.

The road example (from the USC CS 561 slides on imperfect information): road A leads to a
small heap of gold; road B leads to a fork where one branch has a mound of jewels and the
other a bus that runs the traveller over. Told which branch has the jewels, take road B.
Not told, the fork is a guess, and road A is right, though in every deal taken alone
road B is better. The slides give no numbers; these do: gold 1, jewels 10, the bus -100.
"""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from typing import Any

from tracer.errors import InputError, Option
from tracer.game.games.whist import HiddenWhist
from tracer.game.model import Node
from tracer.game.notation import tree_from_data
from tracer.game.protocol import TreeGame
from tracer.words import Said, say

__all__ = ["HIDDEN_GAMES", "ROAD_VALUES", "ROAD_WORLDS", "RoadExample", "make_hidden", "road_tree_data"]

ROAD_VALUES = {"gold": 1, "jewels": 10, "bus": -100}
"""What each end of the road is worth to the traveller (our numbers; the slides give none)."""

ROAD_WORLDS = ("jewels left", "jewels right")
"""The two ways the fork can lie, equally likely."""


def road_tree_data(world: str) -> dict[str, Any]:
    """The traveller's choices in one world, as a tree in tracer's object form (every node MAX's)."""
    left, right = ("jewels", "bus") if world == ROAD_WORLDS[0] else ("bus", "jewels")
    return {
        "label": "start",
        "type": "max",
        "children": [
            {"label": "gold", "move": "road A", "value": ROAD_VALUES["gold"]},
            {
                "label": "fork",
                "move": "road B",
                "type": "max",
                "children": [
                    {"label": f"left {left}", "move": "left", "value": ROAD_VALUES[left]},
                    {"label": f"right {right}", "move": "right", "value": ROAD_VALUES[right]},
                ],
            },
        ],
    }


class RoadExample:
    """The road example as deals: two worlds, each a tree game; ``told`` says whether the
    traveller learns which world it is before choosing (then every node is its own
    information set) or not (then the start and the fork are one information set each,
    across both worlds)."""

    name = "roads"
    title = Said("game.roads.title", "Roads, gold, jewels and a bus")

    def __init__(self, told: bool = False) -> None:
        self.told = told
        self._games = {world: TreeGame(tree_from_data(road_tree_data(world), source=world, players=("max",))) for world in ROAD_WORLDS}

    def deals(self) -> list[tuple[str, Fraction]]:
        return [(world, Fraction(1, len(ROAD_WORLDS))) for world in ROAD_WORLDS]

    @staticmethod
    def deal_label(world: str) -> str:
        return world

    def determinized(self, world: str) -> TreeGame:
        return self._games[world]

    def information_key(self, state: Node) -> Hashable:
        """The node's path, the same in both worlds; told, the node itself (each its own set)."""
        if not self.told:
            return state.path
        return (state.path, id(state))  # nodes are not hashable; each node of each world is its own set


HIDDEN_GAMES = ("whist", "roads")
"""The games of hidden deals by name: ``whist`` (:class:`~tracer.game.games.whist.HiddenWhist`) and ``roads``."""


def make_hidden(name: str, position: str | None = None) -> Any:
    """The game of hidden deals called ``name``: ``whist`` from ``position`` (MAX's cards / the
    unseen cards), or ``roads`` (position ``told`` for a traveller told where the jewels are)."""
    key = name.strip().lower()
    if key == "whist":
        return HiddenWhist(position)
    if key == "roads":
        if position not in (None, "told"):
            raise InputError(say("game.roads.position", "{position} is not a position of the road example", position=repr(position)),
                             hint=say("game.roads.position.hint", "leave {{0}} out, or write {{1}} for a traveller told where the jewels are"),
                             options=(Option("position"), Option("position", "told")))
        return RoadExample(told=position == "told")
    raise InputError(say("game.hidden.unknown", "unknown game of hidden deals {name}", name=repr(name)),
                     hint=say("game.choose", "choose one of {names}", names=", ".join(HIDDEN_GAMES)))
