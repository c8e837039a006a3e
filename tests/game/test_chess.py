"""Chess through python-chess: positions, move order, outcomes, states for a table, quiescence."""

from __future__ import annotations

import math
import subprocess
import sys

import chess
import pytest

from tracer.errors import InputError, SearchError
from tracer.game.games import make_game
from tracer.search import SearchSettings, run_search

INF = math.inf


def minimax(game, state, depth):
    """A plain depth-limited minimax written here, returning (value, best move's SAN)."""
    if game.is_terminal(state) or depth == 0:
        return game.evaluate(state), None
    best = None
    is_max = game.to_move(state) == "max"
    for move in game.actions(state):
        value, _ = minimax(game, game.result(state, move), depth - 1)
        if best is None or (value > best[0] if is_max else value < best[0]):
            best = (value, game.move_label(state, move))
    return best


@pytest.mark.parametrize(
    ("fen", "move"),
    [
        ("r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", "Qxf7#"),  # scholar's mate
        ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "Ra8#"),  # back-rank mate
        ("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "Qh4#"),  # fool's mate, Black to move
    ],
)
def test_mate_in_one_is_found_by_plain_minimax(fen, move):
    game = make_game("chess", fen)
    value, best = minimax(game, game.initial_state(), 1)
    assert best == move
    assert value == (INF if game.to_move(game.initial_state()) == "max" else -INF)
    # and by tracer's own search
    run = run_search(game, SearchSettings(algorithm="alphabeta", depth=1), record=False)
    assert run.value == value
    state = game.initial_state()
    assert game.move_label(state, game.actions(state)[run.best[0]]) == move


def test_mate_in_two_needs_three_plies():
    # White Kf6 and Rg1 against Kh8: no mate in one, mate in two (1.Kf7 Kh7 2.Rh1#).
    game = make_game("chess", "7k/8/5K2/8/8/8/8/6R1 w - - 0 1")
    state = game.initial_state()
    assert minimax(game, state, 1)[0] != INF
    value, first = minimax(game, state, 3)
    assert value == INF
    # Checked with python-chess alone: after the first move every Black reply allows a mate.
    board = chess.Board(game.describe(state))
    board.push_san(first)
    assert not board.is_game_over()
    for reply in list(board.legal_moves):
        board.push(reply)
        assert any(_mates(board, move) for move in list(board.legal_moves))
        board.pop()


def _mates(board: chess.Board, move: chess.Move) -> bool:
    board.push(move)
    mate = board.is_checkmate()
    board.pop()
    return mate


def test_start_position_moves_in_uci_order_with_san_labels():
    game = make_game("chess")
    state = game.initial_state()
    moves = game.actions(state)
    assert len(moves) == 20
    assert [m.uci() for m in moves] == sorted(m.uci() for m in chess.Board().legal_moves)
    assert [game.move_label(state, m) for m in moves[:4]] == ["a3", "a4", "Na3", "Nc3"]
    assert game.to_move(state) == "max" and game.to_move(game.result(state, moves[0])) == "min"
    board = game.board(state)
    assert len(board) == 8 and all(len(row) == 8 for row in board)
    assert "".join(board[0]) == "rnbqkbnr" and "".join(board[7]) == "RNBQKBNR" and board[4] == [" "] * 8
    assert game.describe(state) == chess.STARTING_FEN


@pytest.mark.parametrize(
    ("fen", "utility"),
    [
        ("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", -INF),  # White is mated
        ("R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1", INF),  # Black is mated
        ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 0),  # stalemate
        ("8/8/4k3/8/8/3K4/8/8 w - - 0 1", 0),  # two bare kings
        ("8/8/4k3/8/8/3KB3/8/8 b - - 0 1", 0),  # king and bishop cannot mate
    ],
)
def test_terminal_positions_agree_with_python_chess(fen, utility):
    game = make_game("chess", fen)
    state = game.initial_state()
    assert game.is_terminal(state) and game.utility(state) == utility and game.evaluate(state) == utility
    assert game.actions(state) == []
    outcome = chess.Board(fen).outcome()
    assert outcome is not None and outcome.winner == {INF: chess.WHITE, -INF: chess.BLACK, 0: None}[utility]


def test_fifty_move_counter_does_not_end_the_game():
    fen = "8/8/4k3/8/8/3K4/R7/8 w - - 150 200"
    assert chess.Board(fen).is_seventyfive_moves()  # python-chess would end it; tracer documents that it does not
    game = make_game("chess", fen)
    assert not game.is_terminal(game.initial_state())


def test_transposed_positions_are_one_state():
    game = make_game("chess")

    def play(*sans):
        state = game.initial_state()
        for san in sans:
            state = game.result(state, chess.Board(game.describe(state)).parse_san(san))
        return state

    a, b = play("Nf3", "Nf6", "Nc3"), play("Nc3", "Nf6", "Nf3")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert play("Nf3", "Nf6", "Ng1", "Ng8") == game.initial_state()  # counters differ, position does not
    # An en passant square counts only when the capture is possible (python-chess's epd()).
    assert play("e4").key.endswith(" -")
    assert play("e4", "a6", "e5", "d5").key.endswith(" d6")


def test_noisy_moves_are_captures_and_promotions():
    # White can capture d5 (exd5), take en passant (exd6 after ...d5), promote on b8 or capture a8.
    game = make_game("chess", "r3k3/1P6/8/3pP3/8/8/8/4K3 w - d6 0 2")
    state = game.initial_state()
    board = chess.Board(game.describe(state))
    expected = sorted(m.uci() for m in board.legal_moves if board.is_capture(m) or m.promotion)
    assert [m.uci() for m in game.noisy_moves(state)] == expected
    assert "e5d6" in expected and "b7b8q" in expected and "b7a8n" in expected
    assert not game.is_quiet(state)
    assert make_game("chess").is_quiet(make_game("chess").initial_state())
    # In check from an unguarded rook: of the three legal moves only the capture is noisy.
    in_check = make_game("chess", "4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1")
    state = in_check.initial_state()
    assert sorted(in_check.move_label(state, m) for m in in_check.actions(state)) == ["Kd1", "Kf1", "Kxe2"]
    assert [in_check.move_label(state, m) for m in in_check.noisy_moves(state)] == ["Kxe2"]


@pytest.mark.parametrize(
    ("fen", "message"),
    [
        ("not a fen", "is not a chess position"),
        ("8/8/8/8/8/8/8/8 w - - 0 1", "White has no king"),
        ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", "cannot occur in a game: the castling rights do not match the kings and rooks"),
        ("4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1", "the side not to move is in check"),
    ],
)
def test_bad_positions_are_refused_in_one_line(fen, message):
    with pytest.raises(InputError, match=message) as caught:
        make_game("chess", fen)
    assert "\n" not in str(caught.value) and caught.value.hint


@pytest.mark.parametrize("settings", [SearchSettings(algorithm="minimax"), SearchSettings(iterative=True)])
def test_a_search_without_a_depth_limit_is_refused_in_one_line(settings):
    with pytest.raises(SearchError, match=r"^Chess cannot be searched to the end of the game; give a depth limit, e.g. depth=3$"):
        run_search(make_game("chess"), settings, record=False)


def test_import_tracer_does_not_import_chess():
    code = "import sys, tracer; tracer.make_game('tictactoe'); print('chess' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_without_python_chess_the_game_says_what_to_install(monkeypatch):
    from tracer.game.games import _Registry

    monkeypatch.setitem(sys.modules, "chess", None)  # import chess now fails as if it were not installed
    monkeypatch.delitem(sys.modules, "tracer.game.games.chess", raising=False)
    registry = _Registry({"chess": "tracer.game.games.chess:Chess"})
    with pytest.raises(InputError, match="the game chess needs the Python package 'chess', which is not installed; install it with: pip install chess"):
        registry["chess"]
