"""Quiescence search: past the depth limit the search goes on at nodes that are not quiet, standing pat on
their static value and searching only their noisy moves. Worked by hand on small trees, on the games'
hooks, and end to end (captions, pseudocode, figures, trace files, refusals)."""

from __future__ import annotations

import pytest
from helpers import first_step

import tracer
from tracer.errors import SearchError, TreeFormatError
from tracer.game.games import Hexapawn, Nim, TicTacToe
from tracer.render import Figure
from tracer.search import SearchSettings
from tracer.search.oracle import TrueValues
from tracer.trace.captions import caption, captions
from tracer.trace.io import load_trace, save_trace
from tracer.trace.key import answer_key
from tracer.trace.pseudocode import pseudocode_for, step_lines

# The horizon effect in four leaves. At depth 1, B looks worth 5 to MAX, but MIN, to move at B, has a
# capture (its noisy move D) that makes it −3; C is worth 2 and quiet. Labels: A; B C; D E under B; F G under C.
HORIZON = """
children:
  - {label: B, value: 5, noisy: [0], children: [{label: D, value: -3}, {label: E, value: 6}]}
  - {label: C, value: 2, children: [{label: F, value: 2}, {label: G, value: 4}]}
"""


def search(text: str, **options) -> tracer.Trace:
    return tracer.alphabeta(text, depth=1, **options)


def test_without_quiescence_the_horizon_hides_the_capture():
    trace = search(HORIZON)
    assert (trace.root_value, trace.best_move) == (5, (0,))  # B, by its static value 5


def test_with_quiescence_the_capture_is_searched_and_the_decision_flips():
    # By hand: B stands pat on 5 and searches its noisy move D only: min(5, −3) = −3. C is quiet at the
    # limit: its evaluation 2. A = max(−3, 2) = 2, and MAX moves to C.
    trace = search(HORIZON, quiescence=True)
    assert (trace.root_value, trace.best_move) == (2, (1,))
    kinds = [(event.kind, event.node) for event in trace]
    assert ("quiesce", (0,)) in kinds and ("enter", (0, 0)) in kinds
    assert ("enter", (0, 1)) not in kinds  # E is a quiet move: quiescence does not search it
    stand = trace[first_step(trace, "quiesce", (0,)) - 1]
    assert (stand.value, stand.noisy) == (5, ((0, 0),))
    assert trace.stats["quiescence"] == 1 and trace.stats["depth_cut"] == 2  # B stood pat, C was cut by the limit


def test_iterative_deepening_with_quiescence_counts_each_iteration():
    # Depth 1 is the limit, so the one iteration is the search above: B stands pat once (the totals
    # over iterations once failed on a count only quiescence keeps).
    trace = tracer.alphabeta(HORIZON, depth=1, quiescence=True, iterative=True)
    assert (trace.root_value, trace.best_move) == (2, (1,))
    assert trace.stats["quiescence"] == 1


def test_minimax_with_quiescence_agrees():
    trace = tracer.minimax(HORIZON, depth=1, quiescence=True)
    assert (trace.root_value, trace.best_move) == (2, (1,))


def test_a_stand_pat_value_can_cut_off():
    # B (MIN) is entered with α = 4 (A has C's 4 already); standing pat on 3 ≤ α, B needs no capture searched.
    text = """
children:
  - {label: C, value: 4, children: [1, 2]}
  - {label: B, value: 3, quiet: false, children: [{label: X, value: 9}, {label: Y, value: 0}]}
"""
    trace = search(text, quiescence=True)
    cut = trace[first_step(trace, "cutoff", (1,)) - 1]
    assert (cut.v, cut.alpha, cut.pruned) == (3, 4, ((1, 0), (1, 1)))
    assert caption(trace, first_step(trace, "cutoff", (1,))) == (
        "B: v = 3 ≤ α = 4, so MAX will never choose B; standing pat is enough, and its noisy moves (X, Y) are pruned."
    )
    assert trace.root_value == 4


def test_the_captions_say_why_the_search_goes_on():
    trace = search(HORIZON, quiescence=True)
    assert caption(trace, first_step(trace, "quiesce", (0,))) == (
        "B is not quiet: the search goes on past the depth limit through its noisy moves only (D); standing pat, B is worth 5."
    )
    assert caption(trace, first_step(trace, "evaluate", (1,))) == (
        "The depth limit stops the search at C, which is quiet: the evaluation function scores it 2."
    )
    assert "quiescence search follows the noisy moves" in captions(trace)[0]


def test_every_step_lights_a_pseudocode_line_and_the_stand_pat_lines_are_used():
    for fail in ("soft", "hard", "own-bound"):
        trace = search(HORIZON, quiescence=True, fail=fail)
        code = pseudocode_for(trace)
        lines = step_lines(trace, code)
        assert None not in lines
        assert "IS-QUIET(state)" in code.text() and "NOISY-MOVES(state)" in code.text()
        stand = lines[first_step(trace, "quiesce", (0,)) - 1]
        assert "standing pat" in code.lines[stand].text


def test_quiescence_nodes_are_drawn_with_their_own_class_and_named_in_the_legend():
    trace = search(HORIZON, quiescence=True)
    svg = Figure(trace, prefix="q").final()
    assert 'id="q-n-0" class="tn min done quiescence' in svg
    assert 'id="q-n-0-0" class="tn leaf done quiescence' in svg  # searched below the depth limit
    assert 'id="q-n-1" class="tn min done pv"' in svg  # C: quiet at the limit, on the principal variation
    assert "quiescence search" in svg  # the legend names the dotted outline
    plain = Figure(search(HORIZON), prefix="p").final()
    assert "quiescence" not in plain


def test_the_key_values_are_quiescence_values():
    key = answer_key(search(HORIZON, quiescence=True))
    values = {node.label: node.minimax_value for node in key.nodes}
    assert values["B"] == -3 and values["D"] == -3 and values["A"] == 2


def test_a_trace_with_noisy_nodes_is_written_and_read_back(tmp_path):
    trace = search(HORIZON, quiescence=True)
    path = tmp_path / "q.json"
    save_trace(trace, path)
    assert '"noisy": [0]' in path.read_text() and '"quiescence": true' in path.read_text()
    again = load_trace(path)
    assert list(again.raw_events) == list(trace.raw_events) and again.settings.quiescence


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{value: 1, quiet: false, children: [{chance: [[0.5, 1], [0.5, 2]]}]}", None),
        ("{chance: [[0.5, 1], [0.5, 2]], quiet: false}", "a chance node cannot be noisy"),
        ("{value: 1, noisy: [2], children: [1, 2]}", "noisy must list child indices"),
        ("{value: 1, quiet: maybe, children: [1]}", "quiet must be true or false"),
        ("{value: 1, quiet: false, noisy: [0], children: [1]}", "both quiet and noisy are given"),
        ("{value: 1, quiet: false}", "a leaf cannot be noisy"),
    ],
)
def test_noisy_marks_are_checked_where_they_are_written(text, message):
    if message is None:
        tracer.parse_tree(text)
        return
    with pytest.raises(TreeFormatError, match=message):
        tracer.parse_tree(text)


class Counting(Nim):
    """Nim with an evaluation (objects left) but no quiescence hooks."""

    has_evaluation = True

    def evaluate(self, state):
        return sum(state[0])


def test_refused_for_a_game_without_quiescence_hooks_and_without_a_depth_limit():
    with pytest.raises(SearchError, match=r"^Nim does not say which of its positions are quiet.*search without quiescence"):
        tracer.search(Counting("2,2"), SearchSettings(depth=1, quiescence=True))
    with pytest.raises(SearchError, match=r"^quiescence searches on past the depth limit, but there is none; give a depth limit, e.g. depth=2"):
        tracer.search(TicTacToe(), SearchSettings(quiescence=True))


@pytest.mark.parametrize(("game", "depth"), [(TicTacToe("X...O...."), 1), (TicTacToe("XO.X....."), 2), (Hexapawn(), 2), (Hexapawn(), 3)])
def test_games_value_is_the_quiescence_minimax_value(game, depth):
    settings = SearchSettings(depth=depth, quiescence=True)
    alphabeta = tracer.search(game, settings, record=False)
    minimax = tracer.search(game, SearchSettings(algorithm="minimax", depth=depth, quiescence=True), record=False)
    assert alphabeta.root_value == minimax.root_value == TrueValues(game, depth, quiescence=True).value(game.initial_state())
    assert alphabeta.stats["quiescence"] > 0


def test_tic_tac_toe_sees_the_threat_past_the_horizon():
    # X (a1, b2) to move against O (a3, c3), which threatens b3. At depth 1 the open-lines count prefers Xc1 (three
    # lines still open for X, O's threat unseen); O then wins on b3. Quiescence follows the forced replies (a win or
    # a block) past the limit, sees the loss, and blocks: Xb3, after which the game is a draw.
    game = TicTacToe("X...X.O.O")
    state = game.initial_state()
    plain = tracer.search(game, SearchSettings(depth=1), record=False)
    deep = tracer.search(game, SearchSettings(depth=1, quiescence=True), record=False)
    moves = game.actions(state)
    assert game.move_label(state, moves[plain.best_move[0]]) == "Xc1"
    assert game.move_label(state, moves[deep.best_move[0]]) == "Xb3"
    after_plain = game.result(state, moves[plain.best_move[0]])
    assert game.utility(game.result(after_plain, 7)) == -1  # O on b3 (cell 7) completes a3 b3 c3
    assert tracer.search(game.__class__(game.position_text(game.result(state, moves[deep.best_move[0]]))), SearchSettings(),
                         record=False).root_value == 0


class Stray(Counting):
    """A game whose noisy moves are not among its actions."""

    def noisy_moves(self, state):
        return [(9, 9)]

    def is_quiet(self, state):
        return False


def test_a_noisy_move_that_is_not_a_move_is_refused_in_one_line():
    with pytest.raises(SearchError, match=r"the root: the game's noisy_moves gave a move that is not among its actions"):
        tracer.search(Stray("2,2"), SearchSettings(depth=0, quiescence=True))
