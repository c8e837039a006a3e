"""Figures of games too large to draw: refused from the events, before the game's tree is built
(minimax, alpha-beta, iterative deepening, a transposition table),
with the message the plan of the built tree gives."""

from __future__ import annotations

import pytest

import tracer
from tracer.render.errors import FigureTooLarge
from tracer.render.figure import Figure
from tracer.render.plan import check_game_size
from tracer.render.steps import cutoff_steps


def _game_traces() -> list[tracer.Trace]:
    return [
        tracer.minimax(tracer.make_game("tictactoe", "XO.X.....")),
        tracer.alphabeta(tracer.make_game("tictactoe", "XO......."), depth=3, iterative=True),
        tracer.alphabeta(tracer.make_game("tictactoe", "X........")),
        tracer.alphabeta(tracer.make_game("tictactoe", "X...O...."), transposition_table=True),
    ]


@pytest.mark.parametrize("index", range(4))
@pytest.mark.parametrize("max_depth", [None, 2, 3])
def test_refused_from_events_as_the_built_tree_refuses(index: int, max_depth: int | None) -> None:
    fresh, built = _game_traces()[index], _game_traces()[index]
    tree = built.tree  # the tree built: the plan counts it
    small = 60
    try:
        Figure(built, max_depth=max_depth, max_nodes=small)
    except FigureTooLarge as error:
        expected: str | None = str(error)
    else:
        expected = None
    assert built.tree_built and not fresh.tree_built
    if expected is None:
        check_game_size(fresh, max_depth=max_depth, max_nodes=small)  # nothing refused
        assert len([node for node in tree.preorder() if max_depth is None or node.depth <= max_depth]) <= small
    else:
        with pytest.raises(FigureTooLarge) as refused:
            check_game_size(fresh, max_depth=max_depth, max_nodes=small)
        assert str(refused.value) == expected
        assert not fresh.tree_built  # refused without building the tree


def test_some_figures_fit_and_some_are_refused() -> None:
    outcomes = set()
    for trace in _game_traces():
        try:
            check_game_size(trace, max_nodes=200)
            outcomes.add("fits")
        except FigureTooLarge:
            outcomes.add("refused")
    assert outcomes == {"fits", "refused"}


def test_cutoff_steps_are_the_steps_of_cutoff_events() -> None:
    trace = tracer.alphabeta("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]")
    expected = [step for step in range(1, len(trace) + 1) if type(trace[step - 1]).__name__ == "Cutoff"]
    assert cutoff_steps(trace) == expected and len(expected) == 2
