"""Nilsson's two-ply tic-tac-toe search with symmetric positions merged (as the UNH CS 730 deck draws it, after
Nilsson 1971): the final figure of ``--tt symmetry`` names, beside each node the table answered, the twin that answered it.

Expected by hand: of X's nine first moves, three are different up to symmetry (a corner, an edge, the centre); the other
six are rotations or reflections of the first corner (a1, node B) or the first edge (b1, node C). Nilsson's figure scores
the twelve different positions two plies down by open lines for X minus open lines for O and backs up corner −1,
edge −2, centre 1."""

from __future__ import annotations

from render_helpers import groups, parse, texts

import tracer
from tracer.game.games import TicTacToe
from tracer.render import Figure
from tracer.search import SearchSettings

CORNERS, EDGES = {"c1", "a3", "c3"}, {"a2", "c2", "b3"}  # the twins of a1 and of b1 among X's later first moves


def nilsson() -> tracer.Trace:
    return tracer.search(TicTacToe(), SearchSettings(algorithm="minimax", depth=2, transposition_table="symmetry"))


def test_the_first_moves_answered_by_a_twin_name_it_beside_them():
    trace = nilsson()
    svg = parse(Figure(trace).final())
    by_id = groups(svg)
    game, root = trace.game, trace.game.initial_state()
    labels = {}
    for index, move in enumerate(game.actions(root)):
        cell = game.move_label(root, move)[1:]
        node = next(g for key, g in by_id.items() if key.endswith(f"-n-{index}"))
        labels[cell] = texts(node)
    assert labels["a1"]["lab"] == "B" and labels["b1"]["lab"] == "C"
    for cell in CORNERS:
        assert labels[cell]["alt"] == "= B", cell
    for cell in EDGES:
        assert labels[cell]["alt"] == "= C", cell
    assert "alt" not in labels["a1"] and "alt" not in labels["b2"]  # searched, not answered
    assert [labels[cell]["val"] for cell in ("a1", "b1", "b2")] == ["−1", "−2", "1"]
    assert "symmetric twin" in "".join(svg.itertext())  # the legend says what "= B" means


def test_twelve_positions_two_plies_down_are_scored_as_in_nilssons_figure():
    trace = nilsson()
    assert trace.stats["evaluated"] == 12  # 5 after the corner, 5 after the edge, 2 after the centre
    assert trace.root_value == 1 and trace.game.move_label(trace.game.initial_state(), 4) == "Xb2" and trace.best_move == (4,)


def test_without_symmetry_no_node_names_a_twin():
    trace = tracer.search(TicTacToe(), SearchSettings(algorithm="minimax", depth=2, transposition_table=True))
    assert "= B" not in "".join(parse(Figure(trace).final()).itertext())
