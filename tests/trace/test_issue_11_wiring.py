"""What the trace records of issue 11's options, and what it refuses: old traces still read, ±∞ values written
+∞/−∞, weighted evaluations told term by term, a course's game class named but never imported on reading."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import first_step

import tracer
from tracer.cli import main
from tracer.errors import TraceFormatError, TreeFormatError
from tracer.game.games import TicTacToe
from tracer.render import Figure
from tracer.search import SearchSettings
from tracer.trace.captions import caption
from tracer.trace.io import dump_trace, load_trace
from tracer.trace.key import answer_key
from tracer.trace.key_text import key_text

DATA = Path(__file__).parent / "data"
INF = float("inf")


# -- traces written before issue 11 -------------------------------------------------------------
@pytest.mark.parametrize("name", ["before-issue-11-fig-5-2.json", "before-issue-11-hexapawn.json"])
def test_a_trace_written_before_the_new_options_reads_and_writes_back_the_same(name, tmp_path):
    # golden files: written by `tracer trace` at the commit before this work (a179a00, format version 1), unchanged since
    path = DATA / name
    trace = load_trace(path)
    assert not trace.settings.quiescence and trace.settings.evaluation is None and trace.settings.transposition_table is False
    out = tmp_path / "again.json"
    with out.open("w", encoding="utf-8") as file:
        dump_trace(trace, file)
    old, new = json.loads(path.read_text(encoding="utf-8")), json.loads(out.read_text(encoding="utf-8"))
    assert new["version"] == 2 and old["version"] == 1
    assert new["settings"] == old["settings"] and new["source"] == old["source"]  # no new option written where none is used
    again = load_trace(out)
    assert again.raw_events == trace.raw_events and answer_key(again) == answer_key(trace)


# -- ±∞ in tree files -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "fmt"),
    [
        ('[[3, "inf"], ["-inf", 2]]', "json"),
        ('[[3, "+inf"], ["-∞", 2]]', "json"),
        ('[[3, "∞"], ["−∞", 2]]', "json"),
        ("[[3, Infinity], [-Infinity, 2]]", "json"),
        ("[[3, inf], [-inf, 2]]", None),
        ("[[3, +∞], [-∞, 2]]", None),
        ("- [3, .inf]\n- [-.inf, 2]\n", "yaml"),
        ("- [3, +.inf]\n- [-.inf, 2]\n", "yaml"),
    ],
)
def test_every_spelling_of_infinity_reads(text, fmt):
    tree = tracer.parse_tree(text, fmt=fmt)
    assert (tree.node("0.1").value, tree.node("1.0").value) == (INF, -INF)


def test_an_evaluation_may_be_infinite_and_keys_figures_and_captions_write_it_as_the_book_does():
    tree = '{"children": [{"value": "-inf", "children": [1, 2]}, {"value": "inf", "children": [3]}]}'
    trace = tracer.alphabeta(tree, depth=1)
    assert trace.root_value == INF
    text = key_text(answer_key(trace))
    assert "Root value: +∞" in text and "−∞" in text
    assert caption(trace, first_step(trace, "evaluate", (0,))).endswith("scores it −∞.")
    assert "+∞" in Figure(trace).final()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"chance": [["inf", 1], [0, 2]]}', "the probability p"),
        ("[[3, NaN]]", "a leaf is NaN"),
        ("[[3, 1e999]]", "a leaf is inf, which is not a usable value"),
    ],
)
def test_infinity_is_refused_where_it_is_not_a_value(text, message):
    with pytest.raises(TreeFormatError, match=message):
        tracer.parse_tree(text)


def test_a_chance_node_averaging_both_infinities_is_refused():
    with pytest.raises(tracer.errors.SearchError, match=r"the root: this chance node's average has no value"):
        tracer.expectiminimax('{"chance": [[0.5, "inf"], [0.5, "-inf"]]}')


# -- weighted evaluations -------------------------------------------------------------------------
def test_a_weighted_evaluation_is_recorded_as_text_and_told_term_by_term(tmp_path):
    weights = tmp_path / "weights.yaml"
    weights.write_text("game: tictactoe\nfeatures:\n  open_lines: 1\n  centre: 2\n")
    trace = tracer.search(TicTacToe("X...O...."), SearchSettings(depth=1, evaluation=str(weights)))
    assert trace.settings.evaluation == "open_lines=1,centre=2"  # the file's terms, not its path
    # By hand: the first child is Xb1 (X on a1 b1, O on b2). Lines without an O (open for X): row 1, row 3, column a,
    # column c = 4; lines without an X (open for O): row 2, row 3, column c, the diagonal c1-a3 = 4; open_lines = 0,
    # left out of the sum. O holds the centre: centre = −1. EVAL = 2·(−1) = −2.
    text = caption(trace, first_step(trace, "evaluate", (0,)))
    assert text == "The depth limit stops the search at B: the evaluation function scores it EVAL = 2·(−1) = −2 (centre −1)."


def test_a_trace_with_a_weighted_evaluation_reads_back_with_it(tmp_path):
    trace = tracer.search(TicTacToe("X...O...."), SearchSettings(depth=2, evaluation="open_lines=1,centre=2"))
    path = tmp_path / "t.json"
    tracer.save_trace(trace, path)
    again = load_trace(path)
    assert again.settings.evaluation == "open_lines=1,centre=2" and again.root_value == trace.root_value
    assert "EVAL = " in caption(again, first_step(again, "evaluate", (0, 0)))


# -- a course's own game --------------------------------------------------------------------------
COURSE_GAME = '''
class Pile:
    """Take 1 or 2 from a pile; who takes the last wins. MAX moves first."""
    features = {"left": lambda s: s[0]}

    def __init__(self, position="4"):
        self.start = int(position)

    def initial_state(self):
        return (self.start, "max")

    def to_move(self, s):
        return s[1]

    def actions(self, s):
        return [n for n in (1, 2) if n <= s[0]]

    def result(self, s, n):
        return (s[0] - n, "min" if s[1] == "max" else "max")

    def is_terminal(self, s):
        return s[0] == 0

    def utility(self, s):
        return -1 if s[1] == "max" else 1  # the player to move at 0 has lost

    def evaluate(self, s):
        return 0
'''


@pytest.fixture
def course_game(tmp_path):
    path = tmp_path / "pile.py"
    path.write_text(COURSE_GAME)
    return f"{path}:Pile"


def test_a_course_game_is_searched_from_the_command_line_with_its_features(course_game, tmp_path):
    runner = CliRunner()
    key = runner.invoke(main, ["key", "--game", course_game, "--position", "4", "--format", "json"], catch_exceptions=False)
    assert key.exit_code == 0, key.output
    assert json.loads(key.output)["root_value"] == 1  # 4 is not a multiple of 3: the first player wins
    weighted = runner.invoke(main, ["key", "--game", course_game, "--depth", "1", "--eval", "left=2", "--format", "json"])
    assert weighted.exit_code == 0, weighted.output
    assert json.loads(weighted.output)["settings"]["evaluation"] == "left=2"


def test_a_trace_of_a_course_game_is_refused_on_reading_and_names_the_option_to_search_it_again(course_game, tmp_path, monkeypatch):
    out = tmp_path / "pile-trace.json"
    result = CliRunner().invoke(main, ["trace", "--game", course_game, "-o", str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text())["source"]["class"] == course_game
    # reading must not import the course's code: make any import of it fail loudly
    monkeypatch.setattr("tracer.game.loader.load_game_class", lambda *a, **k: pytest.fail("a trace imported a course's game"))
    with pytest.raises(TraceFormatError) as caught:
        load_trace(out)
    assert f"search it again with game={course_game!r}" in str(caught.value)
    refused = CliRunner().invoke(main, ["key", str(out)])
    assert refused.exit_code == 1 and f"search it again with --game {course_game}" in refused.output


def test_a_trace_naming_a_class_as_its_game_does_not_import_it(tmp_path):
    trace = json.loads((DATA / "before-issue-11-hexapawn.json").read_text())
    trace["source"]["game"] = f"{tmp_path / 'evil.py'}:Evil"
    (tmp_path / "evil.py").write_text("raise SystemExit('imported')\n")
    with pytest.raises(TraceFormatError, match="the trace's game cannot be set up: unknown game"):
        tracer.trace.io.read_trace(trace)


def test_every_kind_in_the_event_table_is_replayed_told_and_lit():
    from tracer.search.events import EVENT_TABLE
    from tracer.trace.captions import Narrator
    from tracer.trace.model import TraceVisitor
    from tracer.trace.pseudocode import _ANCHORS
    from tracer.trace.replay import Replayer

    trace = tracer.alphabeta("[1, 2]")
    kinds = set(EVENT_TABLE)
    assert set(Replayer(trace)._handlers) == kinds
    assert set(Narrator(trace)._tellers) == kinds
    assert kinds - {"iteration_start", "iteration_end"} == set(_ANCHORS)
    assert all(callable(getattr(TraceVisitor, "on_" + kind, None)) for kind in kinds)
