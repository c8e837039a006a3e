"""Weighted evaluations written as text or YAML: values, terms and one-line errors."""

from __future__ import annotations

import math
import re

import chess
import pytest

from tracer.errors import InputError
from tracer.game.evaluation import EvaluatedGame, evaluate_with
from tracer.game.evaluation_reading import load_evaluation, parse_evaluation, read_evaluation
from tracer.game.games import Hexapawn, TicTacToe, make_game
from tracer.search import SearchSettings, run_search

INF = math.inf


def reachable(game, limit=None):
    seen, frontier = {game.initial_state()}, [game.initial_state()]
    while frontier and (limit is None or len(seen) < limit):
        state = frontier.pop()
        if game.is_terminal(state):
            continue
        for action in game.actions(state):
            child = game.result(state, action)
            if child not in seen:
                seen.add(child)
                frontier.append(child)
    return seen


@pytest.mark.parametrize("game", [TicTacToe(), Hexapawn()])
def test_the_default_spec_is_the_built_in_evaluation(game):
    evaluated = evaluate_with(game, game.default_evaluation)
    for state in reachable(game):
        assert evaluated.evaluate(state) == game.evaluate(state)


def test_tictactoe_features_counted_by_hand():
    game = TicTacToe()
    spec = "open_lines_x,open_lines_o,two_in_a_row,centre,corners,edges,open_lines"
    evaluated = evaluate_with(game, spec)
    # X on a1 and b2, O on c1. Lines free of O: all but row 1, column c and the c1-a3
    # diagonal: 5. Lines free of X: row 3 and column c: 2. X has two on the a1-c3 diagonal
    # with c3 free, O has no two: 1. Corners: X a1, O c1: 0. No edge is taken.
    explained = evaluated.explain(TicTacToe("X.O.X....").initial_state())
    assert {t.feature: t.value for t in explained.terms} == {
        "open_lines_x": 5, "open_lines_o": 2, "two_in_a_row": 1, "centre": 1, "corners": 0, "edges": 0, "open_lines": 3,
    }


def test_explain_gives_terms_that_sum_to_the_value():
    game = TicTacToe()
    evaluated = evaluate_with(game, "open_lines=1,centre=0.5,open_lines_o=-1")
    explained = evaluated.explain(TicTacToe("....X....").initial_state())
    assert [(t.feature, t.weight, t.value) for t in explained.terms] == [("open_lines", 1, 4), ("centre", 0.5, 1), ("open_lines_o", -1, 4)]
    assert explained.value == 4 + 0.5 - 4 == evaluated.evaluate(TicTacToe("....X....").initial_state())
    assert explained.outcome is None


def test_finished_games_are_not_weighed():
    evaluated = evaluate_with(TicTacToe(), "centre=100")
    won, lost, drawn = ("XXXOO....", "XX.OOOX..", "XOXXOOOXX")
    assert evaluated.explain(TicTacToe(won).initial_state()).outcome == "win"
    assert evaluated.evaluate(TicTacToe(won).initial_state()) == INF
    assert evaluated.evaluate(TicTacToe(lost).initial_state()) == -INF
    drawn_state = TicTacToe(drawn).initial_state()
    assert TicTacToe().is_terminal(drawn_state)
    assert evaluated.explain(drawn_state).value == 0 and evaluated.explain(drawn_state).outcome == "draw"


def test_chess_material_by_named_sets_and_terms():
    # White has an extra queen, Black an extra knight (both kings, a pawn each).
    game = make_game("chess", "4k3/3p4/2n5/8/8/8/3P4/3QK3 w - - 0 1")
    state = game.initial_state()
    explained = evaluate_with(game, "material:classic").explain(state)
    nonzero = [(t.feature, t.weight, t.value) for t in explained.terms if t.value]
    assert nonzero == [("knights", 3, -1), ("queens", 9, 1)]  # EVAL = 3·(−1) + 9·1 = 6
    assert explained.value == 6
    assert evaluate_with(game, "material:turing1953").evaluate(state) == 10 - 3
    assert evaluate_with(game, "material:turing=2").evaluate(state) == 2 * (9 - 3)
    # The pieces weighted one by one, by letter, equal the named set.
    assert evaluate_with(game, "P=1,N=3,B=3.5,R=5,Q=10").evaluate(state) == 7


def test_chess_material_agrees_with_python_chess_piece_counts():
    game = make_game("chess")
    sets = {
        "classic": {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9},
        "turing": {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3.25, chess.ROOK: 5, chess.QUEEN: 9},
        "turing1953": {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3.5, chess.ROOK: 5, chess.QUEEN: 10},
    }
    evaluated = {name: evaluate_with(game, f"material:{name}") for name in sets}
    import random

    rng = random.Random(11)
    checked = 0
    for _ in range(12):  # random games: positions with material off balance
        board = chess.Board()
        for _ in range(80):
            if board.is_game_over():
                break
            moves = list(board.legal_moves)
            captures = [m for m in moves if board.is_capture(m)]
            board.push(rng.choice(captures or moves))
            if board.is_game_over():
                break
            state = game.parse_position(board.fen())
            for name, values in sets.items():
                expected = sum(v * (len(board.pieces(p, chess.WHITE)) - len(board.pieces(p, chess.BLACK))) for p, v in values.items())
                assert evaluated[name].evaluate(state) == pytest.approx(expected)
            checked += 1
    assert checked > 300


def test_chess_mobility_from_known_move_counts():
    game = make_game("chess")
    mobility = evaluate_with(game, "mobility")
    assert mobility.evaluate(game.initial_state()) == 20 - 20  # each side has 20 first moves
    board = chess.Board()
    board.push_san("e4")  # White now has 30 moves, Black still 20
    assert mobility.evaluate(game.parse_position(board.fen())) == 30 - 20
    # Black to move may take en passant (d4xe3); White, counted as if to move, may not.
    fen = "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3"
    black = chess.Board(fen).pseudo_legal_moves.count()
    white = chess.Board(fen.replace(" b KQkq e3", " w KQkq -")).pseudo_legal_moves.count()
    assert chess.Move.from_uci("d4e3") in chess.Board(fen).pseudo_legal_moves
    assert mobility.evaluate(game.parse_position(fen)) == white - black


def test_hexapawn_features():
    evaluated = evaluate_with(Hexapawn(), "pawns,advanced_pawns,mobility")
    # White a2, c1; Black a3, c3. a2 has left its home row, no black pawn has. White can
    # move only c1-c2 (a2 is blocked, b3 is empty), Black only c3-c2 (a3 is blocked, b2 empty).
    explained = evaluated.explain(Hexapawn("B.B/W../..W:W").initial_state())
    assert {t.feature: t.value for t in explained.terms} == {"pawns": 0, "advanced_pawns": 1, "mobility": 0}


def test_spec_text_reads_back_to_the_same_terms():
    game = make_game("chess")
    for text in ("material:turing,mobility=0.1", "P=1,N=3,B=3.5,R=5,Q=10", "material=2,mobility=-0.5"):
        spec = parse_evaluation(text, game)
        assert parse_evaluation(spec.text(), game).terms == spec.terms
    assert parse_evaluation("material:turing,mobility=0.1", game).text() == "material:turing,mobility=0.1"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("open_lines=1,centr=0.5", "unknown feature 'centr' for Tic-tac-toe; known features: open_lines, open_lines_x"),
        ("open_lines=x", "the weight in 'open_lines=x' is not a number"),
        ("open_lines=nan", "is not a number"),
        ("open_lines,,centre", "an empty item"),
        ("open_lines=1,open_lines=2", "open_lines is weighted twice"),
        ("centre:big", "centre takes no set of weights"),
        ("", "the evaluation is empty"),
    ],
)
def test_text_errors_are_one_line_with_the_fix(text, message):
    with pytest.raises(InputError, match=message) as caught:
        parse_evaluation(text, TicTacToe())
    assert "\n" not in str(caught.value) and caught.value.hint


def test_chess_text_errors():
    game = make_game("chess")
    with pytest.raises(InputError, match="unknown set of weights 'shannon' for material; known sets: classic, turing, turing1953"):
        parse_evaluation("material:shannon", game)
    with pytest.raises(InputError, match=r"queens is weighted twice \(also in 'material:turing'\)"):
        parse_evaluation("material:turing,Q=10", game)
    with pytest.raises(InputError, match=re.escape("known features: pawns, knights, bishops, rooks, queens, mobility, material:classic|turing|turing1953")):
        parse_evaluation("king_safety=1", game)


def write(tmp_path, text, name="weights.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_yaml_specs(tmp_path):
    game = TicTacToe()
    spec = load_evaluation(write(tmp_path, "game: tictactoe\nfeatures:\n  open_lines: 1\n  centre: 0.5\n"), game)
    assert [(t.feature, t.weight) for t in spec.terms] == [("open_lines", 1), ("centre", 0.5)]
    assert spec.source.endswith("weights.yaml")
    chess_game = make_game("chess")
    custom = read_evaluation(str(write(tmp_path, "features:\n  material: {P: 1, N: 3, B: 3.25, R: 5, Q: 9}\n", "c.yml")), chess_game)
    named = parse_evaluation("material:turing", chess_game)
    assert [(t.feature, t.weight) for t in custom.terms] == [(t.feature, t.weight) for t in named.terms]
    by_name = load_evaluation(write(tmp_path, "features: {material: turing1953, mobility: 0.25}\n", "n.yaml"), chess_game)
    assert by_name.text() == "material:turing1953,mobility=0.25"
    as_json = load_evaluation(write(tmp_path, '{"features": {"open_lines": 2}}', "w.json"), game)
    assert as_json.terms[0].weight == 2


@pytest.mark.parametrize(
    ("text", "where", "message"),
    [
        ("game: tictactoe\nfeatures:\n  open_lines: 1\n  centr: 0.5\n", ":4:3:", "unknown feature 'centr' for Tic-tac-toe; known features: open_lines"),
        ("game: hexapawn\nfeatures: {pawns: 1}\n", ":1:7:", "this evaluation is for hexapawn, not tictactoe; search that game, or write game: tictactoe"),
        ("features:\n  centre: '2'\n", ":2:11:", "the weight in 'centre: 2' is not a number"),
        ("weights:\n  centre: 2\n", ":1:1:", "unknown key 'weights'; an evaluation file has the keys game and features"),
        ("features:\n  centre: 1\n  centre: 2\n", ":3:3:", "'centre' is given twice"),
        ("features: [centre]\n", ":1:11:", "features is a mapping of feature names to weights"),
        ("features:\n  centre: [1\n", ":", "not valid YAML"),
        ("game: tictactoe\n", "", "the file gives no features"),
    ],
)
def test_yaml_errors_name_the_file_and_line(tmp_path, text, where, message):
    path = write(tmp_path, text)
    with pytest.raises(InputError) as caught:
        load_evaluation(path, TicTacToe())
    shown = str(caught.value)
    assert shown.startswith(f"{path}{where}") and message in shown and "\n" not in shown


def test_yaml_material_errors(tmp_path):
    game = make_game("chess")
    path = write(tmp_path, "features:\n  material: {P: 1, N: 3, B: 3}\n")
    with pytest.raises(InputError, match=r":2:13: material misses R, Q; write material: classic\|turing\|turing1953"):
        load_evaluation(path, game)
    path = write(tmp_path, "features:\n  material: {P: 1, K: 100}\n")
    with pytest.raises(InputError, match=r":2:20: 'K' is not one of material's features"):
        load_evaluation(path, game)
    with pytest.raises(InputError, match=r"missing\.yaml: no such file; give a \*\.yaml file"):
        load_evaluation(tmp_path / "missing.yaml", game)


def test_an_evaluated_game_searches_and_keeps_the_games_hooks():
    game = TicTacToe("XO.X..O..")
    evaluated = evaluate_with(game, "two_in_a_row=10,open_lines=1")
    assert isinstance(evaluated, EvaluatedGame) and evaluated.name == "tictactoe"
    state = evaluated.initial_state()
    assert evaluated.noisy_moves(state) == game.noisy_moves(state)  # the game's own hooks come through
    run = run_search(evaluated, SearchSettings(algorithm="alphabeta", depth=2), record=False)
    plain = run_search(game, SearchSettings(algorithm="alphabeta", depth=2), record=False)
    assert run.stats["visited"] > 0 and plain.stats["visited"] > 0
    with pytest.raises(InputError, match="this evaluation is for tictactoe, not hexapawn"):
        EvaluatedGame(Hexapawn(), parse_evaluation("centre", TicTacToe()))
