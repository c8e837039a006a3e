"""Both decisions with hidden deals, against facts worked out independently.

The road example is worked by hand (gold 1, jewels 10, bus -100). For whist, an
independent brute force written here enumerates MAX's *pure strategies* (a card for
every information set, information sets found from the public sequence of cards) and
takes the best; averaging is computed per deal by plain minimax.
"""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import product

import pytest
from click.testing import CliRunner

import tracer
from tracer.cli import main
from tracer.errors import InputError
from tracer.game.games.whist import HiddenWhist
from tracer.game.imperfect import RoadExample, make_hidden
from tracer.search.imperfect import chosen_deals, imperfect_decision


def test_the_road_example_by_hand():
    choice = imperfect_decision(RoadExample()).choices[0]
    assert choice.moves == ("road A", "road B")
    # every world alone: road A 1, road B 10 (the traveller takes the jewels' branch)
    assert choice.clairvoyant == ((1, 10), (1, 10))
    assert choice.averaged == (1, 10) and choice.averaged_move == "road B"
    # not told: at the fork left is 1/2 * 10 + 1/2 * -100 = -45, and so is right
    assert choice.informed == (1, -45) and choice.informed_move == "road A"
    assert choice.differ


def test_the_traced_trees_give_the_same_values():
    decision = imperfect_decision(RoadExample())
    assert tracer.expectiminimax(decision.deals_game).root_value == 10  # a clairvoyant traveller's average
    informed = tracer.expectiminimax(decision.information_game)
    assert informed.root_value == 1 and informed.best_move == (0,)
    # the information-set tree: road B leads to one fork for both worlds, then chance shows the world
    fork = informed.tree.root.children[1]
    assert fork.type == "max" and [c.type for c in fork.children] == ["chance", "chance"]
    assert [g.move for g in fork.children[0].children] == ["jewels left", "jewels right"]
    whist = imperfect_decision(HiddenWhist())
    assert tracer.expectiminimax(whist.deals_game).root_value == 2
    assert tracer.expectiminimax(whist.information_game).root_value == pytest.approx(1.75)


def _minimax(game, state):
    if game.is_terminal(state):
        return game.utility(state)
    values = [_minimax(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if game.to_move(state) == "max" else min(values)


def _max_histories(game, state, history=()):
    """Every public history (card labels so far) at which MAX is to move in this deal."""
    if game.is_terminal(state):
        return
    if game.to_move(state) == "max":
        yield history
    for a in game.actions(state):
        yield from _max_histories(game, game.result(state, a), history + (game.move_label(state, a),))


def _play(game, state, strategy, history=()):
    while not game.is_terminal(state):
        moves = {game.move_label(state, a): a for a in game.actions(state)}
        label = strategy[history] if game.to_move(state) == "max" else next(iter(moves))
        state, history = game.result(state, moves[label]), history + (label,)
    return game.utility(state)


def brute_force(hidden, deals):
    """Best pure strategy over the public histories; first card -> best value with that first card."""
    games = [(hidden.determinized(d), p) for d, p in deals]
    options = {}
    for game, _ in games:
        for h in _max_histories(game, game.initial_state()):
            state = game.initial_state()
            for label in h:
                state = game.result(state, next(a for a in game.actions(state) if game.move_label(state, a) == label))
            options.setdefault(h, set()).update(game.move_label(state, a) for a in game.actions(state))
    keys = sorted(options)
    best: dict[str, Fraction] = {}
    for pick in product(*(sorted(options[k]) for k in keys)):
        strategy = dict(zip(keys, pick))
        try:
            value = sum(p * Fraction(_play(g, g.initial_state(), strategy)) for g, p in games) / sum(p for _, p in games)
        except KeyError:  # a card this deal cannot play at that history
            continue
        first = strategy.get((), "")  # "" when MIN leads: MAX's first choice comes after a card it sees
        best[first] = max(best.get(first, value), value)
    return best


@pytest.mark.parametrize("position", ["AS 2H 2D / KS QS JH JD", "AS 2H 2D / KS QS JH", "KS 3H 2D / AS QS JH 4D :min", "AH 2S 3D / KS JH TD 4S"])
def test_whist_against_a_brute_force_over_strategies(position):
    hidden = HiddenWhist(position)
    decision = imperfect_decision(hidden)
    expected = brute_force(hidden, hidden.deals())
    assert decision.informed_value == max(expected.values())
    if "" in expected:  # MIN led: one first choice per card it led
        assert len(decision.choices) > 1
        return
    (choice,) = decision.choices
    assert dict(zip(choice.moves, choice.informed)) == expected
    for deal_row, (deal, _) in zip(choice.clairvoyant, hidden.deals()):
        game = hidden.determinized(deal)
        state = game.initial_state()
        assert deal_row == tuple(_minimax(game, game.result(state, a)) for a in game.actions(state))


def test_averaging_picks_the_ace_and_the_information_sets_a_deuce():
    (choice,) = imperfect_decision(HiddenWhist()).choices
    assert dict(zip(choice.moves, choice.averaged)) == {"A♠": 2, "2♥": Fraction(7, 4), "2♦": Fraction(7, 4)}
    assert dict(zip(choice.moves, choice.informed)) == {"A♠": Fraction(3, 2), "2♥": Fraction(7, 4), "2♦": Fraction(7, 4)}
    assert (choice.averaged_move, choice.informed_move, choice.differ) == ("A♠", "2♥", True)


def test_drawn_deals_are_seeded_and_used_by_both_decisions():
    hidden = HiddenWhist()
    first, again = chosen_deals(hidden, 3, seed=1), chosen_deals(hidden, 3, seed=1)
    assert first == again and len(first) == 3 and all(p == Fraction(1, 3) for _, p in first)
    assert {tuple(chosen_deals(hidden, 2, seed=s)) for s in range(10)} != {tuple(chosen_deals(hidden, 2, seed=0))}
    decision = imperfect_decision(hidden, deals=3, seed=1)
    assert decision.deals == tuple(d.text() for d, _ in first) and decision.of == 4 and decision.seed == 1
    (choice,) = decision.choices
    assert dict(zip(choice.moves, choice.informed)) == brute_force(hidden, first)
    with pytest.raises(InputError, match="5 deals asked for, but there are 4"):
        imperfect_decision(hidden, deals=5)


def test_the_command_line_and_the_api_agree():
    runner = CliRunner()
    out = runner.invoke(main, ["imperfect", "--game", "whist", "--format", "json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    (choice,) = data["choices"]
    assert (choice["averaged_move"], choice["informed_move"], data["differ"]) == ("A♠", "2♥", True)
    assert choice["informed"] == {"A♠": 1.5, "2♥": 1.75, "2♦": 1.75}
    text = runner.invoke(main, ["imperfect", "--game", "roads"]).output
    assert "Averaging plays road B (10)." in text and "The right move is road A (1)." in text and "They differ" in text
    markdown = runner.invoke(main, ["imperfect", "--game", "roads", "--format", "markdown"]).output
    assert "| average | 1 | 10 |" in markdown and "| value | 1 | −45 |" in markdown
    seeded = [runner.invoke(main, ["imperfect", "--deals", "2", "--seed", "3"]).output for _ in range(2)]
    assert seeded[0] == seeded[1] and "Deals: 2 of 4, drawn with seed 3" in seeded[0]
    bad = runner.invoke(main, ["imperfect", "--deals", "9"])
    assert bad.exit_code == 1 and "9 deals asked for, but there are 4" in bad.output
    assert runner.invoke(main, ["imperfect", "--game", "roads", "--position", "x"]).exit_code == 1
    assert tracer.imperfect_decision(tracer.make_hidden("roads")).choices[0].informed_move == "road A"


def test_an_opponent_with_a_choice_is_refused():
    class Choosy(RoadExample):
        def determinized(self, world):
            game = super().determinized(world)
            game.tree.root.children[1].type = "min"
            return game

    with pytest.raises(InputError, match="only MAX may choose"):
        imperfect_decision(Choosy())
    assert make_hidden("roads").title.startswith("Roads")


def test_told_which_world_it_is_the_two_decisions_agree_on_road_b():
    decision = imperfect_decision(RoadExample(told=True))
    # the root splits into one information set per world; in each, road B is worth 10
    assert [c.deals for c in decision.choices] == [("jewels left",), ("jewels right",)]
    assert all(c.averaged_move == c.informed_move == "road B" and not c.differ for c in decision.choices)
    assert decision.informed_value == decision.clairvoyant_value == 10
    told = CliRunner().invoke(main, ["imperfect", "--game", "roads", "--position", "told"]).output
    assert "They agree: averaging's move road B is also right over information sets." in told
