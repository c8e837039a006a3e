"""noisy_moves / is_quiet on tic-tac-toe and Hexapawn, against definitions written here from the rules.

(Chess's are checked against python-chess in test_chess.py.)
"""

from __future__ import annotations

from tracer.game.games import Hexapawn, TicTacToe

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def reachable(game):
    seen, frontier = {game.initial_state()}, [game.initial_state()]
    while frontier:
        state = frontier.pop()
        if game.is_terminal(state):
            continue
        for action in game.actions(state):
            child = game.result(state, action)
            if child not in seen:
                seen.add(child)
                frontier.append(child)
    return seen


def test_tictactoe_noisy_moves_win_at_once_or_stop_a_win():
    game = TicTacToe()
    for state in reachable(game):
        expected = []
        if not game.is_terminal(state):
            text = game.position_text(state)
            other = "O" if game.to_move(state) == "max" else "X"
            for cell in game.actions(state):
                wins = game.is_terminal(game.result(state, cell)) and game.utility(game.result(state, cell)) != 0
                # The cell is one the opponent would win on, if it were the opponent's turn.
                theirs = text[:cell] + other + text[cell + 1 :]
                threat = any(cell in line and all(theirs[i] == other for i in line) for line in LINES)
                if wins or threat:
                    expected.append(cell)
        assert list(game.noisy_moves(state)) == expected
        assert game.is_quiet(state) == (not expected)


def test_tictactoe_noisy_moves_by_hand():
    game = TicTacToe("XX.OO....")  # X to move: c1 wins, c2 blocks O's middle row
    assert [game.move_label(game.initial_state(), cell) for cell in game.noisy_moves(game.initial_state())] == ["Xc1", "Xc2"]
    assert TicTacToe().is_quiet(TicTacToe("X...O....").initial_state())


def test_hexapawn_noisy_moves_are_captures_and_far_row_advances():
    game = Hexapawn()
    seen_capture = seen_advance = False
    for state in reachable(game):
        labels = [game.move_label(state, move) for move in game.noisy_moves(state)]
        far = "3" if game.to_move(state) == "max" else "1"
        expected = [
            game.move_label(state, move)
            for move in game.actions(state)
            if "x" in game.move_label(state, move) or game.move_label(state, move).endswith(far)
        ]
        assert labels == expected
        assert game.is_quiet(state) == (not expected)
        seen_capture |= any("x" in label for label in labels)
        seen_advance |= any("-" in label for label in labels)
    assert seen_capture and seen_advance
    assert game.is_quiet(game.initial_state())
