"""Playing in a notebook: the widgets of a match, driven without a kernel (a widget's button can be clicked from Python)."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from tracer.play.notebook import STEPPER_STEPS, play


def test_the_search_moves_first_and_its_search_is_shown():
    board = play("hexapawn", human="second")
    assert len(board.match.searches) == 1
    made = board.match.searches[0]
    assert made.label in board.log.value and "nodes visited" in board.log.value
    assert board.board.value.count("W") == 3 and board.board.value.count("B") == 3  # one White pawn moved, none taken
    # the person's moves are offered in the drop-down list, in the game's order
    assert list(board.choice.options) == board.match.moves()


def test_a_move_from_the_list_is_played_and_answered_with_a_stepper_of_the_reply():
    board = play("tictactoe", human="first")
    assert board.match.searches == [] and "Xb2" in board.choice.options
    board.choice.value = "Xb2"
    board.button.click()
    assert [side for side, _ in board.match.history] == ["max", "min"]
    made = board.match.searches[-1]
    assert len(made.trace) > STEPPER_STEPS  # O's first reply searches the rest of the game: shown as its final figure
    view = board.steps.children[0]
    assert "too many to step through" in view.children[0].value and "<svg" in view.children[1].value
    # later searches are short enough to step through: a slider over their steps (step 0 is before the search)
    board.move("Xa2")
    made = board.match.searches[-1]
    assert len(made.trace) <= STEPPER_STEPS
    slider = board.steps.children[0].children[0].children[1]
    assert (slider.min, slider.max) == (0, len(made.trace))


def test_an_illegal_move_is_refused_in_the_status_line():
    board = play("tictactoe", human="first")
    board.move("d9")
    assert "is not a legal move here" in board.status.value and board.match.history == []


def test_a_finished_game_says_who_won_and_offers_no_move():
    board = play("tictactoe", human="first", position="XX.OO....")  # X to move wins with c1
    board.move("c1")
    assert board.match.over and "You won." in board.status.value
    assert board.choice.disabled and board.button.disabled and board.choice.options == ()
