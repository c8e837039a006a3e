"""Chess from the command line and in searches: a mate in two found at depth 3, captures ordered by MVV-LVA,
quiescence seeing a defended pawn's recapture, boards drawn in nodes, no search without a depth limit.
Expectations are worked by hand from the positions and checked with python-chess alone."""

from __future__ import annotations

import json

import chess
import pytest
from click.testing import CliRunner

import tracer
from tracer.cli import main
from tracer.game.games import make_game
from tracer.render import Figure
from tracer.search import SearchSettings

MATE_IN_TWO = "7k/8/5K2/8/8/8/8/6R1 w - - 0 1"  # White Kf6, Rg1 against Kh8: 1.Kf7 and 2.Rh1# (or similar)


def test_tracer_key_finds_the_mate_in_two_at_depth_three():
    result = CliRunner().invoke(main, ["key", "--game", "chess", "--position", MATE_IN_TWO, "--depth", "3", "--format", "json"])
    assert result.exit_code == 0, result.output
    key = json.loads(result.output)
    assert key["root_value"] == "inf"
    first = key["best_move"]["move"]
    # Checked with python-chess alone: after the first move, every Black reply allows a mate in one.
    board = chess.Board(MATE_IN_TWO)
    board.push_san(first)
    assert not board.is_game_over()
    for reply in list(board.legal_moves):
        board.push(reply)
        assert any(_mates(board, move) for move in list(board.legal_moves)), reply
        board.pop()


def _mates(board: chess.Board, move: chess.Move) -> bool:
    board.push(move)
    mate = board.is_checkmate()
    board.pop()
    return mate


def test_a_chess_search_without_a_depth_limit_is_refused_on_the_command_line():
    result = CliRunner().invoke(main, ["key", "--game", "chess"])
    assert result.exit_code == 1
    assert "Chess cannot be searched to the end of the game; give a depth limit, e.g. --depth 3" in result.output


def test_captures_are_ordered_most_valuable_victim_then_least_valuable_attacker():
    # White: Qd1, Kh1, pawn e4, knight f4; Black: queen d5, rook e6, pawn g6, Kh8. Captures, by hand:
    # the queen on d5 is taken by the pawn (1), the knight (3) and the queen (9); the rook on e6 by the knight;
    # the pawn on g6 by the knight. MVV-LVA: exd5, Nxd5, Qxd5, Nxe6, Nxg6, then the quiet moves in the given order.
    fen = "7k/8/4r1p1/3q4/4PN2/8/8/3Q3K w - - 0 1"
    game = make_game("chess", fen)
    trace = tracer.search(game, SearchSettings(depth=1, order="captures"))
    order = next(event for event in trace if event.kind == "order" and event.node == ())
    state = game.initial_state()
    moves = game.actions(state)
    names = [game.move_label(state, moves[child[-1]]) for child in order.children]
    assert names[:5] == ["exd5", "Nxd5", "Qxd5", "Nxe6", "Nxg6+"]  # the knight on g6 gives check
    quiet = [game.move_label(state, move) for move in moves if not chess.Board(fen).is_capture(move)]
    assert names[5:] == quiet
    assert list(order.keys[:5]) == [9, 9, 9, 5, 1] and set(order.keys[5:]) == {None}


def test_quiescence_sees_that_the_defended_pawn_costs_the_queen():
    # White Qd1 against pawns d5 and e6 (the e-pawn defends d5). At depth 1, Qxd5 wins a pawn (material 9 − 1 = 8,
    # against 7 after any quiet move). Past the horizon, Black recaptures: exd5 leaves 0 − 1 = −1 after Qxd5.
    fen = "7k/8/4p3/3p4/8/8/8/3Q3K w - - 0 1"
    game = make_game("chess", fen)
    state = game.initial_state()
    plain = tracer.search(game, SearchSettings(depth=1), record=False)
    deep = tracer.search(game, SearchSettings(depth=1, quiescence=True), record=False)
    moves = game.actions(state)
    assert (plain.root_value, game.move_label(state, moves[plain.best_move[0]])) == (8, "Qxd5")
    assert deep.root_value == 7 and game.move_label(state, moves[deep.best_move[0]]) != "Qxd5"
    assert deep.stats["quiescence"] >= 1


def test_chess_boards_are_drawn_with_the_chess_symbols():
    trace = tracer.search(make_game("chess", "k7/8/1K6/8/8/8/8/1R6 w - - 0 1"), SearchSettings(depth=1))
    svg = Figure(trace, max_depth=1).final()
    assert "♔" in svg and "♖" in svg and "♚" in svg
    assert ">Ra1+<" in svg or "Ra1+" in svg  # moves in SAN on the edges


@pytest.mark.parametrize("option", [["--quiescence"], ["--order", "captures"], ["--eval", "material:turing"]])
def test_chess_runs_end_to_end_with_the_new_options(option):
    result = CliRunner().invoke(main, ["key", "--game", "chess", "--position", MATE_IN_TWO, "--depth", "1", *option])
    assert result.exit_code == 0, result.output
