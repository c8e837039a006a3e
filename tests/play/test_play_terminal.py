"""``tracer play`` and :class:`tracer.play.Match`: a person (scripted on standard input) against the search.

Outcomes are checked from the final board printed, with the lines of tic-tac-toe written here, not by the game."""

from __future__ import annotations

import random
import re

import pytest
from click.testing import CliRunner

from tracer.cli import main
from tracer.game.games import TicTacToe
from tracer.play import Match, MoveError
from tracer.search import SearchSettings

CELLS = [f"{column}{row}" for row in "123" for column in "abc"]
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))

PILE = '''
class Pile:
    """Take 1 or 2 from a pile; who takes the last one wins."""
    def __init__(self, position=None):
        self.start = int(position or 5)
    def initial_state(self):
        return (self.start, "max")
    def to_move(self, state):
        return state[1]
    def actions(self, state):
        return [n for n in (1, 2) if n <= state[0]]
    def result(self, state, n):
        return (state[0] - n, "min" if state[1] == "max" else "max")
    def is_terminal(self, state):
        return state[0] == 0
    def utility(self, state):
        return -1 if state[1] == "max" else 1   # the side to move at 0 did not take the last one
    def move_label(self, state, n):
        return f"take{n}"
'''


def play(args: list[str], lines: list[str]) -> str:
    result = CliRunner().invoke(main, ["play", *args], input="".join(line + "\n" for line in lines))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert "Traceback" not in result.output
    return result.output


def final_board(output: str) -> str:
    """The last 3x3 board printed, as nine characters."""
    boards = re.findall(r"((?:  [XO.] [XO.] [XO.]\n){3})", output)
    return "".join(boards[-1].split())


def winner(board: str) -> str | None:
    for line in LINES:
        marks = {board[i] for i in line}
        if len(marks) == 1 and marks != {"."}:
            return marks.pop()
    return None


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("human", ["first", "second"])
def test_the_search_never_loses_tic_tac_toe_to_random_typing(seed, human):
    # The person types the nine cells in a random order: a cell already taken is refused and the next line read.
    order = random.Random(seed).sample(CELLS, 9)
    output = play(["tictactoe", "--human", human], order)
    board = final_board(output)
    search = "O" if human == "first" else "X"
    person = "X" if human == "first" else "O"
    assert winner(board) in (None, search)
    assert winner(board) is not None or "." not in board  # the game ran to its end: a line, or a full board
    assert ("The search won." in output) == (winner(board) == search)
    assert ("a draw" in output) == (winner(board) is None)
    assert person not in (winner(board) or "")


def test_many_random_games_through_the_api_end_in_a_draw_or_a_win_for_the_search():
    rng = random.Random(11)
    for game_number in range(40):
        human = "first" if game_number % 2 else "second"
        match = Match(TicTacToe(), human=human)
        while not match.over:
            if match.humans_turn:
                match.play(rng.choice(match.moves()))
            else:
                match.reply()
        board = "".join("".join(row.split()) for row in match.board())
        assert winner(board) in (None, "O" if human == "first" else "X"), board
        assert match.outcome in ("draw", match.search_side)


def test_an_illegal_or_unknown_move_is_asked_for_again_and_the_end_of_input_stops_cleanly():
    output = play(["tictactoe", "--human", "first"], ["b2", "b2", "zz", "?"])
    assert output.count("is not a legal move here") == 2
    # the search answered b2 with a1 (its first best move): b2 is taken, the refusal lists what is left
    assert "'b2' is not a legal move here; legal moves: Xb1, Xc1, Xa2, Xc2, Xa3, Xb3, Xc3 (or their numbers, 1 to 7)" in output
    assert "Legal moves: 1. Xb1, 2. Xc1, 3. Xa2" in output  # ? lists them with their numbers
    assert output.rstrip().endswith("Game stopped.")


def test_moves_by_name_by_the_end_of_a_name_and_by_number():
    match = Match(TicTacToe(), human="first")
    assert match.play("Xb2") == "Xb2"  # the whole name
    match.reply()
    assert match.play("c3") == "Xc3"  # the end of one name
    match.reply()
    first = match.moves()[0]
    assert match.play("1") == first  # a number in the list, from 1
    with pytest.raises(MoveError, match="not a legal move"):
        Match(TicTacToe(), human="first").play("d4")
    with pytest.raises(MoveError, match="search's turn"):
        Match(TicTacToe(), human="second").play("b2")


def test_quit_and_ctrl_c_end_the_game_without_a_traceback(monkeypatch):
    assert play(["tictactoe", "--human", "first"], ["quit"]).rstrip().endswith("Game stopped.")

    def interrupted(match):
        raise KeyboardInterrupt

    monkeypatch.setattr("tracer.cli.play._ask", interrupted)
    result = CliRunner().invoke(main, ["play", "tictactoe", "--human", "first"])
    assert result.exit_code == 130 and "Game stopped." in result.output and "Traceback" not in result.output


def test_each_search_move_says_its_value_nodes_and_cutoffs_as_the_search_counted_them():
    output = play(["tictactoe", "--human", "second", "--algorithm", "minimax"], [])
    # minimax from the empty board visits every node of the game tree: 549,946 (a known count)
    assert "X plays Xa1: value 0, nodes visited 549,946, cutoffs 0 (minimax)" in output


def test_chess_takes_san_and_uci_and_the_search_mates():
    # White mates in two from here (tracer key finds 1. Kf7 at depth 3); Black's only reply is Kh7. A mate is +inf
    # however far away, so the search may take a longer mate (ties go to the first move): it must still mate.
    fen = "7k/8/5K2/8/8/8/8/6R1 w - - 0 1"
    output = play(["chess", "--position", fen, "--depth", "3"], ["h8h7", "Kh8", "1", "1"])
    assert "White plays Kf7: value +∞" in output
    assert output.count("is not a legal move") == 0  # UCI h8h7, SAN Kh8 and numbers were all read
    assert "Game over: White wins. The search won." in output
    assert all(value == "+∞" for value in re.findall(r"White plays \S+: value (\S+),", output))


def test_explain_writes_each_search_move_into_its_own_folder_inside_dir(tmp_path):
    target = tmp_path / "explained"
    fen = "7k/8/5K2/8/8/8/8/6R1 w - - 0 1"
    output = play(["chess", "--position", fen, "--depth", "3", "--explain", str(target)], ["Kh7"])
    second = re.search(r"White plays (\S+):", output.split("Your move")[1]).group(1)  # the search's second move
    folder = "move-03-" + re.sub(r"[^A-Za-z0-9-]", "", second)
    written = sorted(str(path.relative_to(tmp_path)) for path in tmp_path.rglob("*") if path.is_file())
    assert written == [
        "explained/move-01-Kf7/final.svg", "explained/move-01-Kf7/key.txt", "explained/move-01-Kf7/manifest.json",
        f"explained/{folder}/final.svg", f"explained/{folder}/key.txt", f"explained/{folder}/manifest.json",
    ]
    key = (target / "move-01-Kf7" / "key.txt").read_text()
    assert "Root value: +∞" in key and "Kf7" in key


def test_a_course_game_is_played_from_its_file(tmp_path):
    path = tmp_path / "pile.py"
    path.write_text(PILE)
    # From 5 the first player wins by leaving a multiple of 3: the search (first) takes 2, then answers to 3.
    output = play([f"{path}:Pile", "--human", "second"], ["take1", "1"])
    assert "MAX plays take2" in output
    assert "Game over: MAX wins. The search won." in output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nosuchgame"], "unknown game 'nosuchgame'"),
        (["coinflip"], "chance moves"),
        (["tictactoe", "--position", "XXX......"], ""),
    ],
)
def test_games_that_cannot_be_played_are_refused_in_one_line(args, message):
    result = CliRunner().invoke(main, ["play", *args], input="")
    assert "Traceback" not in result.output and message in result.output


def test_a_settings_depth_is_given_to_chess_when_none_is_asked():
    from tracer.game.games import make_game

    match = Match(make_game("chess"), SearchSettings())
    assert match.settings.depth == 2


def test_the_reference_describes_every_option_of_the_help_and_no_other():
    from pathlib import Path

    reference = (Path(__file__).resolve().parents[2] / "site" / "reference" / "cli.md").read_text(encoding="utf-8")
    entry = next(line for line in reference.splitlines() if line.startswith("`tracer play "))
    documented = set(re.findall(r"\[(--[a-z-]+)", entry))
    help_text = CliRunner().invoke(main, ["play", "--help"]).output
    offered = set(re.findall(r"^  (--[a-z-]+)", help_text, flags=re.MULTILINE)) - {"--help"}  # option lines, not wrapped help
    assert documented == offered


def test_the_api_refuses_a_side_that_is_neither_first_nor_second():
    from tracer.errors import InputError

    with pytest.raises(InputError, match="human='third' is not first or second"):
        Match(TicTacToe(), human="third")
