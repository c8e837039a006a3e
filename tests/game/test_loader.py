"""A course's own game class: loaded from a module or a file, with defaults and one-line refusals."""

from __future__ import annotations

import textwrap

import pytest

from tracer.errors import InputError, SearchError
from tracer.game.evaluation import evaluate_with
from tracer.game.loader import GameAdapter, load_game_class
from tracer.game.protocol import Game
from tracer.search import SearchSettings, run_search

# Take-away: take 1 or 2 tokens; whoever takes the last token wins. The player to move
# loses exactly when the pile is a multiple of 3.
TAKE_AWAY = '''
class TakeAway:
    def __init__(self, position="5"):
        self.tokens = int(position)

    def initial_state(self):
        return (self.tokens, "max")

    def to_move(self, state):
        return state[1]

    def actions(self, state):
        return [n for n in (1, 2) if n <= state[0]]

    def result(self, state, take):
        return (state[0] - take, "min" if state[1] == "max" else "max")

    def is_terminal(self, state):
        return state[0] == 0

    def utility(self, state):
        return -1 if state[1] == "max" else 1  # the player to move faces an empty pile: it lost

    def noisy_moves(self, state):
        return [n for n in self.actions(state) if n == state[0]]

    features = {"tokens": lambda state: state[0]}
'''


def write(folder, name, text):
    path = folder / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


@pytest.mark.parametrize("tokens", range(1, 10))
def test_a_file_game_searches_to_the_known_value(tmp_path, tokens):
    path = write(tmp_path, "takeaway.py", TAKE_AWAY)
    game = load_game_class(f"{path}:TakeAway", str(tokens))
    run = run_search(game, SearchSettings(algorithm="minimax"), record=False)
    assert run.value == (-1 if tokens % 3 == 0 else 1)


def test_defaults_and_the_class_s_own_extras(tmp_path):
    game = load_game_class(f"{write(tmp_path, 'takeaway.py', TAKE_AWAY)}:TakeAway")
    assert isinstance(game, GameAdapter) and isinstance(game, Game)
    state = game.initial_state()
    assert (game.name, game.title, game.has_chance, game.has_evaluation) == ("takeaway", "TakeAway", False, False)
    assert (game.move_label(state, 2), game.describe(state), game.board(state), game.chance_outcomes(state)) == ("2", "(5, 'max')", None, [])
    assert game.noisy_moves((2, "max")) == [2]  # reached through the adapter
    assert evaluate_with(game, "tokens=-1").evaluate(state) == -5  # the class's features weigh too
    with pytest.raises(SearchError, match="TakeAway has no evaluation function"):
        run_search(game, SearchSettings(algorithm="minimax", depth=2), record=False)


def test_a_module_game_from_the_current_folder(tmp_path, monkeypatch):
    write(tmp_path, "course_takeaway.py", TAKE_AWAY)
    monkeypatch.chdir(tmp_path)
    game = load_game_class("course_takeaway:TakeAway", "3")
    assert game.initial_state() == (3, "max") and game.source == "course_takeaway:TakeAway"


def test_missing_methods_are_listed(tmp_path):
    path = write(tmp_path, "half.py", """
        class Half:
            def initial_state(self): return 0
            def to_move(self, s): return "max"
            def actions(self, s): return []
            def is_terminal(self, s): return True
    """)
    with pytest.raises(InputError) as caught:
        load_game_class(f"{path}:Half")
    assert str(caught.value) == (
        f"{path}: the class Half lacks result and utility, which the search needs; "
        "define result(...), utility(...) (see the Game protocol in tracer.game.protocol)"
    )


@pytest.mark.parametrize(
    ("source", "spec", "message"),
    [
        (TAKE_AWAY, "{path}:Missing", "there is no class 'Missing' in {path}; classes there: TakeAway"),
        (TAKE_AWAY, "{path}", "does not name a game class; write module:Class or path/to/file.py:Class"),
        ("x = 1\ndef f(:\n", "{path}:G", "{path}:2:7: SyntaxError: invalid syntax"),
        ("import math\nboom = undefined_name\n", "{path}:G", "{path}:2: importing the file raised NameError: name 'undefined_name' is not defined"),
        ("import no_such_package_here\n", "{path}:G", "{path}:1: the file needs the module 'no_such_package_here', which is not installed"),
        (TAKE_AWAY.replace('return state[1]', 'return "X" if state[1] == "max" else "O"'), "{path}:TakeAway",
         "TakeAway.to_move returned 'X' for the initial state; return 'max', 'min' or 'chance'"),
        (TAKE_AWAY, "{path}:TakeAway|seven", "{path}:4: TakeAway('seven') raised ValueError: invalid literal for int()"),
        (TAKE_AWAY.replace('def __init__(self, position="5")', 'def __init__(self)').replace("int(position)", "5"),
         "{path}:TakeAway|4", "TakeAway() takes no position; leave out the position"),
        (TAKE_AWAY.replace('position="5"', "position"), "{path}:TakeAway", "TakeAway needs position to be made; give a position"),
    ],
)
def test_refusals_are_one_line(tmp_path, source, spec, message):
    path = write(tmp_path, "course.py", source)
    spec, _, position = spec.format(path=path).partition("|")
    with pytest.raises(InputError) as caught:
        load_game_class(spec, position or None)
    shown = str(caught.value)
    assert message.format(path=path) in shown and "\n" not in shown and "Traceback" not in shown


def test_missing_file_and_module():
    with pytest.raises(InputError, match=r"nowhere/game\.py: no such file; check the path"):
        load_game_class("nowhere/game.py:Game")
    with pytest.raises(InputError, match="no module named 'no_such_course_module'; run tracer in the module's folder"):
        load_game_class("no_such_course_module:Game")
