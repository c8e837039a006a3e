"""Events a batch at a time: the trace writer and checker take the search's events in batches.

The batch loops are checked against the one-event-at-a-time paths they replace
(``EventEncoder.line``, which writes an event from the table), and the checker's
block-by-block comparison against edits made at known places: with batches and blocks
made small, an edit falls at a batch's start, in its middle, at its end, at a block's
edge and at the last event, and each must be named by its number.
"""

from __future__ import annotations

import gzip
import json
import re

import pytest
from engine_helpers import AIMA_FIG_5_2, internal_trees
from hypothesis import given, settings
from hypothesis import strategies as st

import tracer
from tracer.errors import TraceFormatError
from tracer.game.games import TicTacToe
from tracer.search import Conventions, SearchSettings
from tracer.search.common import BatchSink
from tracer.search.run import run_search
from tracer.trace import section
from tracer.trace.codec import EventEncoder
from tracer.trace.io import load_trace, save_search, save_trace


def one_at_a_time(events) -> list[str]:
    encoder = EventEncoder()
    return [encoder.line(raw) for raw in events]


SETTINGS = [
    SearchSettings(algorithm="minimax"),
    SearchSettings(algorithm="alphabeta"),
    SearchSettings(algorithm="alphabeta", conventions=Conventions(fail="hard", prune_on_equal=False)),
    SearchSettings(algorithm="alphabeta", order="perfect", transposition_table=True),
    SearchSettings(algorithm="alphabeta", depth=3, iterative=True, transposition_table=True),
    SearchSettings(algorithm="minimax", transposition_table="symmetry"),
]


@settings(max_examples=80, deadline=None)
@given(internal_trees(), st.sampled_from(SETTINGS[:3]))
def test_a_batch_is_written_as_each_of_its_events_would_be(tree, search_settings):
    events = tracer.search(json.dumps(tree), search_settings).raw_events
    encoder = EventEncoder()
    split = len(events) // 2  # two batches: the numbers carry over from one to the next
    assert encoder.lines(events[:split]) + encoder.lines(events[split:]) == one_at_a_time(events)


@pytest.mark.parametrize("search_settings", SETTINGS[1:], ids=lambda s: s.algorithm + str(sorted(s.to_dict().items()))[:60])
def test_games_with_tables_orders_and_iterations_are_written_alike(search_settings):
    events = tracer.search(TicTacToe("X...O...."), search_settings).raw_events
    kinds = {raw[0] for raw in events}
    assert len(kinds) >= 4
    assert EventEncoder().lines(events) == one_at_a_time(events)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.one_of(st.integers(-3, 3), st.integers(-3, 3).map(float), st.integers(-10**30, 10**30)), min_size=1, max_size=30))
def test_an_int_and_the_float_equal_to_it_keep_their_own_texts(values):
    """The batch loop writes ints from texts it keeps (2 == 2.0 would find 2's): each value comes
    back from its line as the number it was, of its type, whatever came before it."""
    events = [("enter", (), 0, None, None)]
    events += [("evaluate", (), value, "terminal") for value in values]
    events += [("leave", (), values[-1], "exact", None)]
    lines = EventEncoder().lines(events)
    assert lines == one_at_a_time(events)
    written = [json.loads(line)[2] for line in lines[1:-1]]
    assert [(type(v), v) for v in written] == [(type(v), v) for v in values]


def test_an_event_naming_a_node_never_entered_is_refused_as_before():
    events = [("enter", (), 0, None, None), ("backup", (), (4,), 1, 1)]
    with pytest.raises(ValueError, match="names node '4' before the search entered it"):
        EventEncoder().lines(events)
    with pytest.raises(ValueError, match="names node '4' before the search entered it"):
        one_at_a_time(events)


class Spy(BatchSink):
    batch = 50

    def __init__(self) -> None:
        super().__init__()
        self.events: list = []
        self.largest = 0

    def take(self, events) -> None:
        self.largest = max(self.largest, len(events))
        self.events.extend(events)


def test_the_search_hands_over_every_event_in_order_in_bounded_batches():
    game = TicTacToe("X...O....")
    spy = Spy()
    run_search(game, SearchSettings(algorithm="minimax"), sink=spy)
    listed = run_search(game, SearchSettings(algorithm="minimax")).events
    assert spy.events == listed
    assert len(listed) > 10 * Spy.batch
    # drained before entering a node once the batch is full: only the returns since the last enter
    # (a leave and a backup a level, on the way up) can come on top
    assert Spy.batch <= spy.largest <= Spy.batch + 2 * 9


@pytest.fixture(params=[(1, 7), (3, 5), (7, 64), (1000, 1 << 20)], ids=["batch1-block7", "batch3-block5", "batch7-block64", "batch1000-block1M"])
def small_batches(request, monkeypatch):
    batch, block = request.param
    monkeypatch.setattr(BatchSink, "batch", batch)
    monkeypatch.setattr(section, "_BLOCK", block)
    return batch


def test_traces_written_and_checked_in_small_batches_are_the_same(tmp_path, small_batches):
    for number, search_settings in enumerate(SETTINGS):
        trace = tracer.search(TicTacToe("XO.X....."), search_settings)
        target = tmp_path / f"t{number}.json"
        save_trace(trace, target)
        streamed = tmp_path / f"s{number}.json.gz"
        save_search(TicTacToe("XO.X....."), search_settings, streamed)
        text = target.read_text()
        start = text.index('"events": [\n') + len('"events": [\n')
        assert text[start:].startswith(",\n".join(one_at_a_time(trace.raw_events)) + "\n],\n")
        assert gzip.decompress(streamed.read_bytes()).decode() == text
        assert load_trace(target).raw_events == trace.raw_events
        assert load_trace(streamed).raw_events == trace.raw_events


def _edited(target, edit) -> tuple[int, str]:
    """Apply ``edit(lines, first)`` to the file's lines; it returns the number of the event it changed."""
    lines = target.read_text().split("\n")
    first = lines.index('"events": [') + 1
    number = edit(lines, first)
    target.write_text("\n".join(lines))
    return number


def _change_value(index):
    def edit(lines, first):
        last = lines.index("],", first) - 1
        at = first + (index if index >= 0 else last - first + 1 + index)
        row = json.loads(lines[at].rstrip(","))
        row[-1] = "upper" if row[0] == "leave" and row[-1] is None else None if isinstance(row[-1], int) else 99
        lines[at] = json.dumps(row) + ("," if at < last else "")
        return at - first + 1

    return edit


@pytest.mark.parametrize("index", [0, 1, 6, 7, 8, 20, -2, -1])
def test_an_edit_anywhere_is_named_by_its_number(tmp_path, small_batches, index):
    target = tmp_path / "t.json"
    save_trace(tracer.alphabeta(AIMA_FIG_5_2), target)
    number = _edited(target, _change_value(index))
    with pytest.raises(TraceFormatError) as caught:
        load_trace(target)
    assert re.search(rf"event {number}\b", str(caught.value)), str(caught.value)


def test_a_dropped_or_an_added_line_is_named(tmp_path, small_batches):
    target = tmp_path / "t.json"
    save_trace(tracer.alphabeta(AIMA_FIG_5_2), target)

    def drop(lines, first):
        del lines[first + 9]
        return 10

    number = _edited(target, drop)
    with pytest.raises(TraceFormatError, match=rf"event {number}\b"):
        load_trace(target)
    save_trace(tracer.alphabeta(AIMA_FIG_5_2), target)

    def add(lines, first):
        lines.insert(first + 12, lines[first])  # the root's enter again, as event 13
        return 13

    number = _edited(target, add)
    with pytest.raises(TraceFormatError, match=rf"event {number}\b"):
        load_trace(target)


def test_a_file_reformatted_midway_is_still_read(tmp_path, small_batches):
    trace = tracer.alphabeta(TicTacToe("XO.X....."))
    target = tmp_path / "t.json"
    save_trace(trace, target)
    text = target.read_text()
    middle = text.index("\n", len(text) // 2)
    target.write_text(text[:middle] + text[middle:].replace("\n", "\r\n").replace(", ", ","))
    assert load_trace(target).raw_events == trace.raw_events


def test_the_key_of_a_trace_file_is_the_key_of_the_search(tmp_path, small_batches):
    from click.testing import CliRunner

    from tracer.cli import main

    target = tmp_path / "t.json"
    save_search(TicTacToe("X...O...."), SearchSettings(algorithm="minimax"), target)
    of_file = CliRunner().invoke(main, ["key", str(target), "--format", "json"])
    of_game = CliRunner().invoke(main, ["key", "--game", "tictactoe", "--position", "X...O....", "--algorithm", "minimax", "--format", "json"])
    assert of_file.exit_code == 0, of_file.output
    assert json.loads(of_file.output) == json.loads(of_game.output)


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda data: data[:-900] + b"\0" + data[-899:], "NUL bytes"),
        (lambda data: data[:-900] + b"\xff" + data[-899:], "not UTF-8"),
        (lambda data: data[: data.index(b"\n", len(data) // 2) + 1], "events end without the end of the file"),
        (lambda data: data[: len(data) // 2], "is not valid JSON"),  # in the middle of a line
    ],
    ids=["nul", "not-utf8", "cut-after-a-line", "cut-in-a-line"],
)
def test_damage_met_while_matching_blocks_is_named(tmp_path, small_batches, damage, message):
    target = tmp_path / "t.json"
    save_trace(tracer.alphabeta(TicTacToe("XO.X.....")), target)
    target.write_bytes(damage(target.read_bytes()))
    with pytest.raises(TraceFormatError, match=message):
        load_trace(target)


def test_a_gzip_file_cut_short_is_named(tmp_path, small_batches):
    target = tmp_path / "t.json.gz"
    save_trace(tracer.alphabeta(TicTacToe("XO.X.....")), target)
    target.write_bytes(target.read_bytes()[:-40])
    with pytest.raises(TraceFormatError) as caught:
        load_trace(target)
    assert str(target) in str(caught.value) and "Traceback" not in str(caught.value)
