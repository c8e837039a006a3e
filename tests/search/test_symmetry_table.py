"""The transposition table up to symmetry (--tt symmetry): positions stored by their canonical form, a twin's
entry answering for a position, each such hit traced with the twin and the symmetry that relates them.

The counts are checked against an enumeration written here from the rules of tic-tac-toe alone (boards as
strings, the eight symmetries of the square as coordinate maps), sharing no code with tracer's game."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tracer
from tracer.errors import SearchError
from tracer.game.games import Hexapawn, Nim, TicTacToe
from tracer.search import SearchSettings
from tracer.trace.captions import caption
from tracer.trace.replay import Replayer

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
# where each symmetry takes the cell at (row, column), rows from the top, as tracer's symmetries are named
MAPS = {
    "identity": lambda r, c: (r, c),
    "rotate 90° clockwise": lambda r, c: (c, 2 - r),
    "rotate 180°": lambda r, c: (2 - r, 2 - c),
    "rotate 90° anticlockwise": lambda r, c: (2 - c, r),
    "mirror left-right": lambda r, c: (r, 2 - c),
    "mirror top-bottom": lambda r, c: (2 - r, c),
    "reflect in the top-left to bottom-right diagonal": lambda r, c: (c, r),
    "reflect in the top-right to bottom-left diagonal": lambda r, c: (2 - c, 2 - r),
}


def moved(board: str, name: str) -> str:
    out = ["."] * 9
    for cell, mark in enumerate(board):
        r, c = MAPS[name](*divmod(cell, 3))
        out[r * 3 + c] = mark
    return "".join(out)


def won(board: str, mark: str) -> bool:
    return any(all(board[i] == mark for i in line) for line in LINES)


def reachable_boards() -> set[str]:
    """Every position of a game from the empty board, X first, ending at a line or a full board."""
    seen = {"........."}
    frontier = ["........."]
    while frontier:
        board = frontier.pop()
        if won(board, "X") or won(board, "O") or "." not in board:
            continue
        mark = "X" if board.count("X") == board.count("O") else "O"
        for cell, here in enumerate(board):
            if here == ".":
                after = board[:cell] + mark + board[cell + 1 :]
                if after not in seen:
                    seen.add(after)
                    frontier.append(after)
    return seen


def test_the_enumeration_gives_the_known_counts():
    boards = reachable_boards()
    classes = {min(moved(board, name) for name in MAPS) for board in boards}
    assert (len(boards), len(classes)) == (5478, 765)


def test_full_tic_tac_toe_stores_every_position_or_one_per_symmetry_class():
    boards = reachable_boards()
    classes = {min(moved(board, name) for name in MAPS) for board in boards}
    exact = tracer.search(TicTacToe(), SearchSettings(algorithm="minimax", transposition_table=True), record=False)
    symmetric = tracer.search(TicTacToe(), SearchSettings(algorithm="minimax", transposition_table="symmetry"), record=False)
    assert exact.stats["tt_stores"] == len(boards) == 5478
    assert symmetric.stats["tt_stores"] == len(classes) == 765
    assert exact.root_value == symmetric.root_value == 0


def test_alpha_beta_with_a_symmetric_table_stores_fewer_positions_and_agrees():
    exact = tracer.search(TicTacToe(), SearchSettings(transposition_table=True), record=False)
    symmetric = tracer.search(TicTacToe(), SearchSettings(transposition_table="symmetry"), record=False)
    assert symmetric.stats["tt_stores"] < exact.stats["tt_stores"]
    assert symmetric.stats["visited"] < exact.stats["visited"]
    assert symmetric.root_value == exact.root_value == 0


def test_every_twin_hit_names_a_twin_that_the_symmetry_takes_to_the_position():
    game = TicTacToe("X........")
    trace = tracer.search(game, SearchSettings(transposition_table="symmetry"))
    tree = trace.tree
    twins = [event for event in trace if event.kind == "tt_twin"]
    assert twins
    for event in twins:
        name = game.symmetries[event.symmetry].name
        mine, theirs = game.position_text(tree.node(event.node).state), game.position_text(tree.node(event.twin).state)
        assert mine != theirs and moved(theirs, name) == mine


def test_a_twin_hit_is_told_with_its_twin():
    # Hexapawn's first moves a1-a2 and c1-c2 are mirror images: the second is answered by the first's entry.
    trace = tracer.search(Hexapawn(), SearchSettings(transposition_table="symmetry"))
    event = next(event for event in trace if event.kind == "tt_twin")
    step = next(i for i, e in enumerate(trace, 1) if e.kind == "tt_twin")
    twin = trace.tree.node(event.twin).label
    node = trace.tree.node(event.node).label
    assert caption(trace, step) == (
        f"{node}: the transposition table holds its mirror image (left-right), which {twin} stored: twins have the same value."
    )
    assert caption(trace, step + 1).startswith(f"{node}: by symmetry it is worth ")
    assert Replayer(trace).run().stories[event.node].table_twin == (event.twin, 1)


def test_hexapawn_values_agree_with_and_without_symmetry():
    plain = tracer.search(Hexapawn(), SearchSettings(), record=False)
    symmetric = tracer.search(Hexapawn(), SearchSettings(transposition_table="symmetry"), record=False)
    assert plain.root_value == symmetric.root_value == -1  # Black wins (Gardner)
    assert symmetric.stats["visited"] < plain.stats["visited"]


@pytest.mark.parametrize("source", [Nim("2,2"), "[[1, 2], [3, 4]]"])
def test_refused_without_symmetries(source):
    with pytest.raises(SearchError, match=r"has no symmetries to merge positions by; use transposition_table=True"):
        tracer.search(source, SearchSettings(transposition_table="symmetry"))


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=8), min_size=0, max_size=5, unique=True), st.booleans(), st.sampled_from([None, 1, 2]))
def test_symmetry_never_changes_a_value(cells, alphabeta, depth):
    board = ["."] * 9
    for turn, cell in enumerate(cells):
        board[cell] = "XO"[turn % 2]
    text = "".join(board)
    if won(text, "X") or won(text, "O"):
        return
    game = TicTacToe(text)
    algorithm = "alphabeta" if alphabeta else "minimax"
    plain = tracer.search(game, SearchSettings(algorithm=algorithm, depth=depth), record=False)
    symmetric = tracer.search(game, SearchSettings(algorithm=algorithm, depth=depth, transposition_table="symmetry"), record=False)
    assert plain.root_value == symmetric.root_value
