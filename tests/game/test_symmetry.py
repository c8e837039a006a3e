"""Symmetries of tic-tac-toe and Hexapawn, against positions enumerated here from the rules."""

from __future__ import annotations

import random

import pytest

from tracer.game.games import Hexapawn, TicTacToe
from tracer.game.symmetry import MIRROR, SQUARE_SYMMETRIES, compose, inverse

LINES = ("012", "345", "678", "036", "147", "258", "048", "246")


def won(board: str, mark: str) -> bool:
    return any(all(board[int(i)] == mark for i in line) for line in LINES)


def tictactoe_positions() -> set[str]:
    """Every position reachable from the empty board, terminal ones included, by the rules alone."""
    seen = {"........."}
    frontier = ["........."]
    while frontier:
        board = frontier.pop()
        if won(board, "X") or won(board, "O") or "." not in board:
            continue
        mark = "X" if board.count("X") == board.count("O") else "O"
        for i, cell in enumerate(board):
            if cell == ".":
                child = board[:i] + mark + board[i + 1 :]
                if child not in seen:
                    seen.add(child)
                    frontier.append(child)
    return seen


def rotate(board: str) -> str:
    """A quarter turn clockwise, written out by hand: the left column becomes the top row."""
    return "".join(board[i] for i in (6, 3, 0, 7, 4, 1, 8, 5, 2))


def mirror(board: str) -> str:
    return "".join(board[i] for i in (2, 1, 0, 5, 4, 3, 8, 7, 6))


def twins(board: str) -> set[str]:
    out = set()
    for start in (board, mirror(board)):
        for _ in range(4):
            out.add(start)
            start = rotate(start)
    return out


def test_tictactoe_has_5478_positions_and_765_up_to_symmetry():
    positions = tictactoe_positions()
    assert len(positions) == 5478
    assert len({min(twins(board)) for board in positions}) == 765
    # The game's canonical form splits the same positions into the same 765 classes.
    game = TicTacToe()
    canonical = {}
    for board in positions:
        state = TicTacToe(board).initial_state()
        form, symmetry = game.canonical(state)
        assert game.transform(state, symmetry) == form
        canonical.setdefault(min(twins(board)), set()).add(form)
    assert len(canonical) == 765 and all(len(forms) == 1 for forms in canonical.values())


def test_symmetry_names_say_what_they_do():
    names = {symmetry.name: symmetry for symmetry in SQUARE_SYMMETRIES}
    board = "XO......."  # X on a1 (top left), O on b1
    assert names["rotate 90° clockwise"].text(board) == rotate(board) == "..X..O..."
    assert names["mirror left-right"].text(board) == mirror(board)
    assert names["mirror top-bottom"].text(board) == "......XO."
    assert names["rotate 180°"].text(board) == ".......OX"
    assert names["reflect in the top-left to bottom-right diagonal"].text(board) == "X..O....."
    assert len({symmetry.cells for symmetry in SQUARE_SYMMETRIES}) == 8
    assert SQUARE_SYMMETRIES[0].is_identity and MIRROR[1].name == "mirror left-right"
    for symmetry in SQUARE_SYMMETRIES:
        assert compose(symmetry, inverse(symmetry, SQUARE_SYMMETRIES), SQUARE_SYMMETRIES).is_identity


def test_canonical_of_a_twin_and_the_symmetry_between_them():
    game = TicTacToe()
    state = TicTacToe("X...O....").initial_state()
    twin = TicTacToe(rotate("X...O....")).initial_state()  # X on c1
    form, g = game.canonical(state)
    twin_form, h = game.canonical(twin)
    assert form == twin_form
    # h then g's inverse takes the twin back to the state: the name a TT hit would show.
    back = compose(h, inverse(g, SQUARE_SYMMETRIES), SQUARE_SYMMETRIES)
    assert game.transform(twin, back) == state
    assert back.name == "rotate 90° anticlockwise"
    assert game.canonical(form) == (form, SQUARE_SYMMETRIES[0])  # a canonical state maps to itself


@pytest.mark.parametrize("game_class", [TicTacToe, Hexapawn])
def test_moves_correspond_between_twins(game_class):
    game = game_class()
    rng = random.Random(7)
    for _ in range(60):
        state = game.initial_state()
        for _ in range(rng.randrange(4)):
            if game.is_terminal(state):
                break
            state = game.result(state, rng.choice(list(game.actions(state))))
        for symmetry in game.symmetries:
            twin = game.transform(state, symmetry)
            moved = sorted(game.transform_action(action, symmetry) for action in game.actions(state))
            assert moved == sorted(game.actions(twin))
            for action in game.actions(state):
                assert game.result(twin, game.transform_action(action, symmetry)) == game.transform(game.result(state, action), symmetry)


def hexapawn_positions() -> set[tuple[str, str]]:
    """Reachable Hexapawn positions (board in reading order with row 3 first, side to move), by the rules alone."""
    start = ("BBB...WWW", "W")
    seen, frontier = {start}, [start]
    while frontier:
        board, side = frontier.pop()
        if "W" in board[:3] or "B" in board[6:]:
            continue
        enemy, step = ("B", -3) if side == "W" else ("W", 3)
        children = []
        for square, cell in enumerate(board):
            if cell != side or not 0 <= square + step < 9:
                continue
            ahead = square + step
            targets = [ahead] if board[ahead] == "." else []
            targets += [t for t in (ahead - 1, ahead + 1) if t // 3 == ahead // 3 and board[t] == enemy]
            for target in targets:
                cells = list(board)
                cells[target], cells[square] = side, "."
                children.append(("".join(cells), enemy))
        for child in children:
            if child not in seen:
                seen.add(child)
                frontier.append(child)
    return seen


def test_hexapawn_positions_up_to_the_mirror():
    positions = hexapawn_positions()
    classes = {(min(board, mirror(board)), side) for board, side in positions}
    game = Hexapawn()
    forms = {game.canonical(Hexapawn(f"{board}:{side}").initial_state())[0] for board, side in positions}
    assert len(forms) == len(classes) < len(positions)
    # The counts as this enumeration finds them (golden numbers; the game's own canonical
    # form agrees with the enumeration above, which is the check that can fail).
    assert (len(positions), len(classes)) == (135, 71)
    assert game.symmetries == MIRROR
