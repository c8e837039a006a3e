"""Values and text checked in every spelling (issue 15): probabilities as fractions, decimals
and sums, numbers past a float's range under a chance node, control and text-direction
characters in labels, move names and titles: each refused in one line naming the place."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import tracer
from tracer.cli import main
from tracer.errors import SearchError, TreeFormatError
from tracer.game.notation import parse_tree

# C0 (newline, tab, escape), DEL, C1 (NEL), line separator, and every direction control
CONTROLS = ["\n", "\t", "\x1b", "\x7f", "\x85", "\u2028", "\u200e", "\u200f",
            *(chr(code) for code in range(0x202A, 0x202F)), *(chr(code) for code in range(0x2066, 0x206A))]


def run(*args: object, stdin: str | None = None):
    return CliRunner().invoke(main, [str(arg) for arg in args], input=stdin, catch_exceptions=False)


# -- probabilities and values in a tree file ---------------------------------------------------------
@pytest.mark.parametrize(
    "children, message",
    [
        ('[["3/2", 10], ["-1/2", 0]]', 'node "0": the probability p = 3/2 is outside [0, 1]'),
        ('[["1/2", 10], ["-1/2", 0]]', 'node "1": the probability p = -1/2 is outside [0, 1]'),
        ("[[1.5, 10], [-0.5, 0]]", 'node "0": the probability p = 1.5 is outside [0, 1]'),
        ("[[0.6, 10], [0.6, 0]]", "the root: the probabilities of this chance node's children sum to 1.2, not 1"),
        ('[["1/3", 10], ["1/3", 0]]', "sum to 0.666667, not 1"),
        ('[["1/0", 10], [1, 0]]', 'node "0": the probability "1/0" is not a fraction'),
    ],
)
def test_probabilities_are_checked_in_every_spelling(children, message):
    with pytest.raises(TreeFormatError, match=re.escape(message)):
        parse_tree(f'{{"chance": {children}}}')


@pytest.mark.parametrize(
    "text, fmt",
    [
        ('{"chance": [["1/2", 1e308], ["1/2", 1.7e308]]}', "json"),
        ('[{"chance": [[0.5, 1' + "0" * 309 + '], [0.5, 0]]}, 3]', "json"),
        ("chance:\n  - [0.5, 1.0e+308]\n  - [0.5, 1.0e+308]\n", "yaml"),
    ],
)
def test_values_past_a_float_under_a_chance_node_are_refused(text, fmt):
    """0.5 * 1e308 + 0.5 * 1.7e308 would be inf, and an integer of 310 digits an OverflowError."""
    with pytest.raises(TreeFormatError, match="a leaf is too large; write numbers between -1e300 and 1e300"):
        parse_tree(text, fmt=fmt)


# -- control characters in labels, moves, titles -------------------------------------------------------
@pytest.mark.parametrize("char", CONTROLS, ids=[f"U+{ord(c):04X}" for c in CONTROLS])
@pytest.mark.parametrize("field", ["label", "move"])
def test_labels_and_moves_refuse_control_and_direction_characters(field, char):
    tree = {"children": [{field: f"a{char}b", "children": [1, 2]}, 3]}
    with pytest.raises(TreeFormatError, match=f'node "0": a {field} holds the control character U\\+{ord(char):04X}'):
        parse_tree(json.dumps(tree))


@pytest.mark.parametrize("char", ["\n", "\x85", "\u202e", "\u2067"])
def test_a_title_with_control_characters_is_refused_naming_the_option(tmp_path, char):
    result = run("exercise", "new", "-o", tmp_path / "hw", "--seed", 1, "--title", f"Homework{char}3")
    assert result.exit_code == 1 and result.output.count("\n") == 1
    assert f"the title holds the control character U+{ord(char):04X}; write --title on one line" in result.output
    assert not (tmp_path / "hw").exists()


def test_plain_titles_and_labels_in_any_script_pass(tmp_path):
    tree = parse_tree(json.dumps({"children": [{"label": "Дмитрий 李雷 🙂", "move": "שָׁלוֹם", "children": [1, 2]}, 3]}))
    assert (tree.root.children[0].label, tree.root.children[0].move) == ("Дмитрий 李雷 🙂", "שָׁלוֹם")
    assert run("exercise", "new", "-o", tmp_path / "hw", "--seed", 1, "--title", "Ödev 3: 李雷 — α/β").exit_code == 0


# -- a course's own game: what its hooks answer ---------------------------------------------------------
GAME = '''
from fractions import Fraction

from tracer.game.games.coinflip import CoinFlip


class Answering(CoinFlip):
    """Coin-flip Nim whose hooks answer what the test sets."""

    answers = {}

    def utility(self, state):
        return self.answers.get("utility", super().utility(state))

    def chance_outcomes(self, state):
        return self.answers.get("chance_outcomes", super().chance_outcomes(state))

    def move_label(self, state, action):
        return self.answers.get("move_label", str(action))
'''


@pytest.fixture
def course_game(tmp_path, monkeypatch):
    (tmp_path / "course_game.py").write_text(GAME)
    monkeypatch.syspath_prepend(str(tmp_path))
    game = tracer.load_game_class("course_game:Answering", "2")
    yield game
    game.inner.answers.clear()


@pytest.mark.parametrize(
    "hook, answer, message",
    [
        ("utility", 10**400, "utility() of Coin-flip Nim in the state 0 tokens, MAX has won: it returned an integer of 401 digits, "
                             "a number too large for tracer"),
        ("utility", 1.7e308, "it returned 1.7e+308, a number too large for tracer"),
        ("utility", float("nan"), "it returned NaN, which is not a usable value"),
        ("utility", "1", "it returned '1', not a number"),
        ("chance_outcomes", [("heads", 1.5), ("tails", -0.5)], "chance_outcomes() of Coin-flip Nim in the state 1 tokens, coin toss: "
                                                               "the probability of 'heads' is 1.5, outside [0, 1]"),
        ("chance_outcomes", [("heads", "3/2"), ("tails", "-1/2")], "the probability of 'heads' is '3/2', not a number"),
        ("chance_outcomes", [("heads", 0.6), ("tails", 0.6)], "the probabilities sum to 1.2, not 1"),
        ("move_label", "take\n1", "move_label() of Coin-flip Nim in the state 2 tokens, MAX to move: "
                                  "the name of a move holds the control character U+000A"),
        ("move_label", "\u202eekat", "the name of a move holds the control character U+202E"),
    ],
    ids=["huge-int", "huge-float", "nan", "text", "outside", "fraction-text", "sum", "newline", "bidi"],
)
def test_a_course_games_answers_are_checked(course_game, hook, answer, message):
    course_game.inner.answers[hook] = answer
    with pytest.raises(SearchError) as caught:
        tracer.answer_key(tracer.expectiminimax(course_game))  # the key names every move
    assert message in str(caught.value) and str(caught.value).startswith("course_game:Answering: ")


def test_a_course_games_fractions_and_infinities_are_fine(course_game):
    from fractions import Fraction

    course_game.inner.answers["chance_outcomes"] = [("heads", Fraction(1, 3)), ("tails", Fraction(2, 3))]
    # 2 tokens, MAX to move: take 2 wins at once (+1); take 1, then heads (1/3) MAX wins, tails (2/3) MIN takes the last one
    assert tracer.expectiminimax(course_game).root_value == 1
    course_game.inner.answers["utility"] = float("inf")
    assert tracer.expectiminimax(course_game).root_value == float("inf")


def test_the_command_line_says_it_in_one_line(tmp_path):
    Path(tmp_path / "big.py").write_text(
        "from tracer.game.games.coinflip import CoinFlip\n\n\nclass Big(CoinFlip):\n    def utility(self, state):\n        return 10**400\n"
    )
    result = run("key", "--game", tmp_path / "big.py:Big", "--position", "2")
    assert result.exit_code == 1 and result.output.count("\n") == 1
    assert "an integer of 401 digits, a number too large for tracer; return numbers between -1e300 and 1e300, or inf or -inf" in result.output


@pytest.mark.parametrize("option", [["--font-scale", "nan"], ["--pace", "NaN", "--format", "svg,gif"]])
def test_nan_is_not_a_number_of_seconds_or_a_scale(tmp_path, option):
    """click's FloatRange lets NaN through (it compares false), which ended in a ValueError's traceback."""
    result = CliRunner().invoke(main, ["render", "-", "-o", str(tmp_path / "figs"), *option], input="[[1, 2], [3]]")
    assert result.exit_code == 2, result.output  # a usage error, not a ValueError's exit 1
    assert f"Invalid value for '{option[0]}': '{option[1]}' is not a number" in result.output
    assert not (tmp_path / "figs").exists()


def test_a_course_games_own_exception_is_one_line_at_its_line(tmp_path):
    """An exception in the course's code mid-search: its file and line, not Python's traceback."""
    (tmp_path / "failing.py").write_text(
        "from tracer.game.games.coinflip import CoinFlip\n\n\nclass Failing(CoinFlip):\n"
        "    def actions(self, state):\n"
        "        if state[0] == 1:\n"
        "            raise ValueError('no moves from one token')\n"
        "        return super().actions(state)\n"
    )
    for command in (["key"], ["render", "-o", str(tmp_path / "figs")]):
        result = run(*command, "--game", tmp_path / "failing.py:Failing", "--position", "2")
        assert result.exit_code == 1 and result.output.count("\n") == 1, result.output
        assert "failing.py:7: the game's code raised ValueError: no moves from one token; fix the game's code there" in result.output
