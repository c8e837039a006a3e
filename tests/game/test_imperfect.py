"""Imperfect information: two-hand whist, its hidden-hand deals, and the road example.

The decisions are computed here, independently of tracer: averaging clairvoyant values
over the deals, and the best strategy over MAX's information sets, with information
sets found from the public sequence of cards (move labels) each deal produces.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import tracer
from tracer.errors import InputError
from tracer.game.games import make_game
from tracer.game.games.whist import HiddenWhist, Whist
from tracer.game.imperfect import ROAD_WORLDS, RoadExample


def clairvoyant(game, state):
    """Minimax value with everything visible."""
    if game.is_terminal(state):
        return game.utility(state)
    values = [clairvoyant(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if game.to_move(state) == "max" else min(values)


def averaged(hidden):
    """First move -> its clairvoyant value averaged over the deals (determinization)."""
    out: dict[str, Fraction] = {}
    for deal, p in hidden.deals():
        game = hidden.determinized(deal)
        state = game.initial_state()
        for action in game.actions(state):
            label = game.move_label(state, action)
            out[label] = out.get(label, Fraction(0)) + p * clairvoyant(game, game.result(state, action))
    return out


def _until_max(items):
    """Play MIN's forced moves (the dealer rule: one move each) until MAX is to move or the game ends."""
    out = []
    for p, game, state, history in items:
        while not game.is_terminal(state) and game.to_move(state) == "min":
            (card,) = game.actions(state)
            history += (game.move_label(state, card),)
            state = game.result(state, card)
        out.append((p, game, state, history))
    return out


def _groups(items):
    groups: dict[tuple[str, ...], list] = {}
    for item in items:
        groups.setdefault(item[3], []).append(item)
    return groups.values()


def move_values(items):
    """Each move's expected value when every later move is the best for its information set;
    ``items`` share a public history (the cards played so far) and MAX is to move, so they
    must all get the same move."""
    _, game, state, _ = items[0]
    out = {}
    for action in game.actions(state):
        label = game.move_label(state, action)
        chosen = [(q, g, g.result(s, next(a for a in g.actions(s) if g.move_label(s, a) == label)), h + (label,)) for q, g, s, h in items]
        out[label] = sum(
            sum(q * g.utility(s) for q, g, s, _ in group) if group[0][1].is_terminal(group[0][2]) else max(move_values(group).values())
            for group in _groups(_until_max(chosen))
        )
    return out


def by_information_sets(hidden):
    """First move -> its value when every later move is chosen per information set."""
    items = [(p, hidden.determinized(d), hidden.determinized(d).initial_state(), ()) for d, p in hidden.deals()]
    return move_values(_until_max(items))


def test_whist_rules_by_hand():
    game = Whist("AS KH / QS 2H")
    # MAX cashes A♠ (MIN must follow with Q♠) and then K♥ (MIN must follow with 2♥): both tricks.
    assert tracer.minimax(game).root_value == 2
    state = game.result(game.initial_state(), "KH")
    assert game.actions(state) == ("2H",)  # MIN must follow hearts
    assert game.describe(state) == "MAX A♠ / MIN Q♠ 2♥; tricks 0-0, K♥ led"
    state = game.result(state, "2H")
    assert (state[4], game.to_move(state)) == (1, "max")  # K♥ won, MAX leads again
    # Void in the suit led, MAX may play any card, and a card of another suit cannot win.
    game = Whist("KH 3D / QS 2H :min")
    state = game.result(game.initial_state(), "QS")
    assert game.actions(state) == ("KH", "3D")  # void in spades: any card, and none wins
    assert game.result(state, "KH")[5] == 1
    assert make_game("whist", "10S 2H / 9S 3H").position == "TS 2H / 9S 3H :max"


@pytest.mark.parametrize(
    ("position", "message"),
    [
        ("AS KH QS 2H", "is not a whist position"),
        ("AS KH / QS", "gives MAX 2 cards and MIN 1"),
        ("AS KH / AS 2H", "A♠ is in both hands"),
        ("AS AS / KS 2H", "A♠ is given twice"),
        ("AX KH / QS 2H", "'AX' is not a card"),
        ("AS / KS :north", "is not a whist position"),
    ],
)
def test_whist_bad_positions(position, message):
    with pytest.raises(InputError, match=message):
        Whist(position)


def test_the_dealer_rule():
    game = Whist("AS 2H 2D / KS QS JH :max dealer")
    start = game.initial_state()
    assert game.actions(game.result(start, "AS")) == ("QS",)  # cannot win: its lowest spade
    assert game.actions(game.result(start, "2H")) == ("JH",)  # the only heart, and it wins
    assert game.actions(game.result(start, "2D")) == ("JH",)  # void in diamonds: its lowest card
    game = Whist("AS 2H 2D / KS QS JH :min dealer")
    assert game.actions(game.initial_state()) == ("KS",)  # leading: its highest card
    game = Whist("2S 9H / 5S KS :max dealer")
    assert game.actions(game.result(game.initial_state(), "2S")) == ("5S",)  # the lowest card that wins


def test_hidden_deals_and_information_sets():
    hidden = HiddenWhist()
    deals = hidden.deals()
    assert [deal.text() for deal, _ in deals] == ["MIN holds K♠ Q♠ J♥", "MIN holds K♠ Q♠ J♦", "MIN holds K♠ J♥ J♦", "MIN holds Q♠ J♥ J♦"]
    assert all(p == Fraction(1, 4) for _, p in deals)
    assert all(hidden.determinized(deal).dealer for deal, _ in deals)
    sets = hidden.information_sets("max")
    # The root is one information set holding all four deals; after A♠ and the dealer's Q♠
    # three deals remain together (K♠ K♠ / K♠ Q♠ J♦ / Q♠ J♥ J♦ all answer the ace with Q♠).
    assert len(sets[hidden.information_key(hidden.determinized(deals[0][0]).initial_state())]) == 4
    after_ace = [members for key, members in sets.items() if key[2] == ("AS", "QS")]
    assert len(after_ace) == 1 and sorted(d.text() for d, _ in after_ace[0]) == [
        "MIN holds K♠ Q♠ J♥", "MIN holds K♠ Q♠ J♦", "MIN holds Q♠ J♥ J♦",
    ]
    # The keys group states exactly as the public sequence of cards does.
    for members in sets.values():
        assert len({state[6] for _, state in members}) == 1


def test_averaging_over_clairvoyance_picks_a_different_card_than_the_information_sets():
    hidden = HiddenWhist("AS 2H 2D / KS QS JH JD")
    average = averaged(hidden)
    assert average == {"A♠": 2, "2♥": Fraction(7, 4), "2♦": Fraction(7, 4)}
    informed = by_information_sets(hidden)
    assert informed == {"A♠": Fraction(3, 2), "2♥": Fraction(7, 4), "2♦": Fraction(7, 4)}
    assert max(average, key=average.get) == "A♠"
    assert max(informed.values()) > informed["A♠"]
    # With one deal there is nothing hidden and the two agree.
    single = HiddenWhist("AS 2H 2D / KS QS JH")
    assert averaged(single) == by_information_sets(single)


def test_one_big_dice_roll_is_the_average_of_clairvoyant_values():
    hidden = HiddenWhist()
    expected = sum(p * clairvoyant(hidden.determinized(d), hidden.determinized(d).initial_state()) for d, p in hidden.deals())
    trace = tracer.expectiminimax(hidden)
    assert trace.root_value == expected == 2
    assert [node.move for node in trace.tree.root.children] == [deal.text() for deal, _ in hidden.deals()]


def test_hidden_whist_errors():
    with pytest.raises(InputError, match="MIN must hold 3 cards but only 2 are unseen"):
        HiddenWhist("AS 2H 2D / KS QS")
    with pytest.raises(InputError, match="A♠ is both MAX's and maybe MIN's"):
        HiddenWhist("AS 2H / AS QS JH")


def road_value(node):
    return node.value if not node.children else max(road_value(child) for child in node.children)


def test_the_road_example():
    clear, guessing = RoadExample(told=True), RoadExample(told=False)
    assert [world for world, _ in guessing.deals()] == list(ROAD_WORLDS)
    roots = [guessing.determinized(world).tree.root for world, _ in guessing.deals()]
    # Averaging over clairvoyance: road A is worth 1 everywhere, road B 10 in each world.
    averaged_values = [sum(road_value(root.children[i]) for root in roots) / 2 for i in (0, 1)]
    assert averaged_values == [1, 10]
    # Over information sets (not told): at the fork one branch for both worlds.
    forks = [root.children[1] for root in roots]
    assert guessing.information_key(forks[0]) == guessing.information_key(forks[1])
    branch_values = [sum(fork.children[i].value for fork in forks) / 2 for i in (0, 1)]
    assert branch_values == [-45, -45]
    assert max(branch_values) < 1  # road A, the gold, is right
    # Told which world it is, the forks are different information sets and road B is right.
    assert clear.information_key(forks[0]) != clear.information_key(forks[1])
    assert [tracer.minimax(clear.determinized(w)).root_value for w in ROAD_WORLDS] == [10, 10]
