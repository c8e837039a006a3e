"""The shipped games against known facts about them."""

from __future__ import annotations

from functools import reduce
from operator import xor

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tracer
from tracer.errors import InputError
from tracer.game.games import GAMES, CoinFlip, Hexapawn, Nim, TicTacToe, make_game
from tracer.search import SearchSettings, run_search


def count_tree(game, state) -> tuple[int, int]:
    """(nodes, terminal nodes) of the full game tree below ``state``, counted directly."""
    nodes, leaves = 1, 0
    if game.is_terminal(state):
        return 1, 1
    for action in game.actions(state):
        n, terminal = count_tree(game, game.result(state, action))
        nodes += n
        leaves += terminal
    return nodes, leaves


def test_tictactoe_full_tree_size_and_value():
    game = TicTacToe()
    assert count_tree(game, game.initial_state()) == (549_946, 255_168)
    run = run_search(game, SearchSettings(algorithm="minimax"), record=False)
    assert run.value == 0  # tic-tac-toe is a draw
    assert run.stats["visited"] == 549_946
    assert run.stats["evaluated"] == 255_168


def test_tictactoe_alphabeta_from_empty_board():
    run = run_search(TicTacToe(), SearchSettings(), record=False)
    assert run.value == 0
    # Row-major move order, as aima-python's column order, visits 18,297 nodes (shared/perf-notes.md).
    assert run.stats["visited"] == 18_297


def test_tictactoe_positions_moves_and_evaluation():
    game = TicTacToe("XO.X..O..")
    state = game.initial_state()
    assert game.to_move(state) == "max"
    assert list(game.actions(state)) == [2, 4, 5, 7, 8]
    assert game.move_label(state, 4) == "Xb2"
    assert game.describe(state) == "XO./X../O.."
    assert game.board(state)[2] == ["O", " ", " "]
    # AIMA's example: X in the centre leaves 8 lines open for X and 4 for O.
    assert TicTacToe().evaluate(TicTacToe("....X....").initial_state()) == 4
    assert TicTacToe().evaluate(TicTacToe("X........").initial_state()) == 3
    assert TicTacToe().evaluate(TicTacToe(".X.......").initial_state()) == 2
    won = TicTacToe("XXXOO....").initial_state()
    assert game.is_terminal(won) and game.utility(won) == 1 and game.evaluate(won) == float("inf")


@pytest.mark.parametrize(
    ("position", "message"),
    [("XX.......", "has 2 X and 0 O"), ("XXXOOO...", "both players"), ("X.O", "not a tic-tac-toe position"), ("X.O.Z....", "not a tic")],
)
def test_tictactoe_bad_positions(position, message):
    with pytest.raises(InputError, match=message):
        TicTacToe(position)


def test_tictactoe_to_move_from_counts():
    assert TicTacToe("X........").initial_state()[2] == "min"
    assert tracer.minimax(TicTacToe("XX.OO....")).root_value == 1  # X completes the top row


def test_hexapawn_second_player_wins():
    run = run_search(Hexapawn(), SearchSettings(algorithm="minimax"), record=False)
    assert run.value == -1


def test_hexapawn_rules():
    game = Hexapawn()
    start = game.initial_state()
    assert [game.move_label(start, m) for m in game.actions(start)] == ["a1-a2", "b1-b2", "c1-c2"]
    # White on b2 may capture a3 and c3 diagonally, but not move straight into b3.
    state = Hexapawn("BBB/.W./W.W:W").initial_state()
    labels = [game.move_label(state, m) for m in game.actions(state)]
    assert "b2xa3" in labels and "b2xc3" in labels and "b2-b3" not in labels
    # Reaching the far row wins; a side that cannot move loses.
    assert Hexapawn("W../.../...:B").initial_state()[2] == 1
    assert Hexapawn("B../W../...:W").initial_state()[2] == -1  # White's only pawn is blocked
    with pytest.raises(InputError, match="not a Hexapawn position"):
        Hexapawn("BBB/...")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=4), min_size=1, max_size=3))
def test_nim_value_follows_the_nim_sum(heaps):
    game = Nim(",".join(map(str, heaps)))
    run = run_search(game, SearchSettings(transposition_table=True), record=False)
    nim_sum = reduce(xor, heaps, 0)
    assert run.value == (1 if nim_sum else -1)


def test_nim_min_to_move_and_labels():
    game = Nim("1,2:min")
    state = game.initial_state()
    assert [game.move_label(state, a) for a in game.actions(state)] == ["h1-1", "h2-1", "h2-2"]
    # MIN moves from nim-sum 1 ^ 2 = 3 != 0, a won position for the player to move: MIN wins.
    assert tracer.minimax(game).root_value == -1


# Coin-flip Nim worked by hand (V(n) = value for MAX with n tokens and MAX to move):
# V(1) = V(2) = 1 (take all); V(3): take 1 -> MIN then faces 1 or 2 tokens whatever the coin: -1;
# take 2 -> heads wins at once (+1), tails leaves MIN 1 token (-1): 0; so V(3) = 0.
# V(4): take 1 -> heads leaves MIN 2 tokens (-1), tails 3 tokens (MIN's V(3) = 0): -0.5;
# take 2 -> MIN faces 1 or 2 tokens: -1; so V(4) = -0.5, by taking 1.
@pytest.mark.parametrize(("tokens", "value", "move"), [(1, 1, "take 1"), (2, 1, "take 2"), (3, 0, "take 2"), (4, -0.5, "take 1")])
def test_coinflip_expectiminimax_values_worked_by_hand(tokens, value, move):
    trace = tracer.expectiminimax(CoinFlip(str(tokens)))
    assert trace.root_value == value
    assert trace.tree.node(trace.best_move).move == move


def test_coinflip_tree_alternates_max_chance_min_chance():
    trace = tracer.expectiminimax(CoinFlip("4"))
    types = {len(node.path): node.type for node in trace.tree.preorder() if node.type != "leaf"}
    assert [types[d] for d in range(4)] == ["max", "chance", "min", "chance"]


def test_every_game_has_text_and_board_views_and_a_registry_entry():
    for name, cls in GAMES.items():
        game = make_game(name)
        state = game.initial_state()
        assert isinstance(game.describe(state), str) and game.describe(state)
        board = game.board(state)
        assert board and all(isinstance(cell, str) for row in board for cell in row)
        assert cls.action_order
    with pytest.raises(InputError, match="unknown game 'go'; choose one of tictactoe, hexapawn, nim, coinflip, whist, chess"):
        make_game("go")
