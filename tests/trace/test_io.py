"""Trace files: valid JSON, versioned, schema-checked on loading, streamed, atomic."""

from __future__ import annotations

import json

import pytest
from engine_helpers import AIMA_FIG_5_2, internal_trees
from hypothesis import given, settings
from hypothesis import strategies as st

import tracer
from tracer.errors import TraceFormatError
from tracer.game.games import CoinFlip, TicTacToe
from tracer.search import SearchSettings
from tracer.search.events import EVENT_FIELDS
from tracer.trace.io import dump_trace, load_trace, save_trace
from tracer.trace.schema import SCHEMA_FILE, schema, schema_text


def strict_json(text: str):
    """Parse as strict JSON: NaN and Infinity literals are refused."""

    def refuse(token: str):
        raise ValueError(f"non-standard JSON constant {token}")

    return json.loads(text, parse_constant=refuse)


def test_file_format_header_and_infinities(tmp_path):
    target = tmp_path / "t.json"
    save_trace(tracer.alphabeta(AIMA_FIG_5_2), target)
    data = strict_json(target.read_text())
    assert data["format"] == "tracer-trace" and data["version"] == 2
    assert data["events"][0] == ["enter", None, 0, "-inf", "inf"]  # the root: no index under a parent
    assert data["events"][1] == ["enter", 0, 1, "-inf", "inf"]  # B, the root's first child, becomes node 1
    assert data["settings"]["conventions"] == {"prune_on_equal": True, "fail": "soft", "ties": "first"}
    assert data["result"]["value"] == 3 and data["result"]["best"] == "0"
    # the nodes in preorder, each with its number of children: A B E F G C H I J D K L M
    assert [row["label"] for row in data["nodes"]] == list("ABEFGCHIJDKLM")
    assert {"label": "I", "type": "leaf", "children": 0, "value": 4} in data["nodes"]
    assert list(data) == ["format", "version", "tracer", "source", "settings", "nodes", "events", "result"]  # the result last
    assert list(tmp_path.iterdir()) == [target]  # no temporary file left behind


@settings(max_examples=60, deadline=None)
@given(internal_trees(), st.sampled_from(["minimax", "alphabeta"]), st.booleans())
def test_round_trip_keeps_every_event_and_the_key(tmp_path_factory, tree, algorithm, fail_hard):
    from tracer.search import Conventions

    trace = tracer.search(json.dumps(tree), SearchSettings(algorithm=algorithm, conventions=Conventions(fail="hard" if fail_hard else "soft")))
    target = tmp_path_factory.mktemp("t") / "trace.json"
    save_trace(trace, target)
    loaded = load_trace(target)
    assert loaded.raw_events == trace.raw_events
    assert tracer.answer_key(loaded) == tracer.answer_key(trace)


def test_round_trip_of_games_chance_and_iterative_deepening(tmp_path):
    cases = [
        tracer.search(TicTacToe("XO.X..O.."), SearchSettings(transposition_table=True, order="eval")),
        tracer.expectiminimax(CoinFlip("4")),
        tracer.search(TicTacToe("X...O...."), SearchSettings(depth=2, iterative=True)),
        # a twin's hit names a node searched long before, anywhere in the tree
        tracer.search(TicTacToe("X........"), SearchSettings(transposition_table="symmetry")),
        tracer.search(TicTacToe("........."), SearchSettings(algorithm="minimax", transposition_table="symmetry", depth=4)),
        tracer.search("{value: 0, children: [{value: 3, children: [3, {quiet: false, value: 5, children: [1, 9]}]}, {value: 2, children: [2, 4]}]}", SearchSettings(depth=2, quiescence=True)),
    ]
    for index, trace in enumerate(cases):
        target = tmp_path / f"{index}.json"
        save_trace(trace, target)
        strict_json(target.read_text())
        loaded = load_trace(target)
        assert loaded.raw_events == trace.raw_events
        assert loaded.root_value == trace.root_value and loaded.best_move == trace.best_move
        assert tracer.answer_key(loaded, include_nodes=True) == tracer.answer_key(trace, include_nodes=True)


def test_output_is_byte_identical_for_the_same_input(tmp_path):
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    save_trace(tracer.alphabeta(TicTacToe("X...O....")), first)
    save_trace(tracer.alphabeta(TicTacToe("X...O....")), second)
    assert first.read_bytes() == second.read_bytes()


def test_shipped_schema_is_current_and_covers_every_event():
    assert SCHEMA_FILE.read_text() == schema_text(), "regenerate with: tracer schema > tracer/trace/tracer-trace.schema.json"
    titles = [item["title"] for item in schema()["properties"]["events"]["items"]["oneOf"]]
    assert titles == list(EVENT_FIELDS)


def test_written_events_match_the_schema_table(tmp_path):
    """Every event written has the kind and field count the schema lists (an independent read)."""
    target = tmp_path / "t.json"
    save_trace(tracer.search(TicTacToe("XO.X..O.."), SearchSettings(transposition_table=True, order="eval", depth=3, iterative=True)), target)
    data = strict_json(target.read_text())
    branches = {s["title"]: s for s in schema()["properties"]["events"]["items"]["oneOf"]}
    for event in data["events"]:
        assert len(event) == branches[event[0]]["minItems"]


def _index_of(data, kind, nth=0):
    return [i for i, event in enumerate(data["events"]) if event[0] == kind][nth]


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.update(format="other"), "not a tracer trace"),
        (lambda d: d.update(version=3), "format version 3; this tracer reads versions 1 and 2"),
        (lambda d: d["events"].append(["jump", 0]), f"event {len(tracer.alphabeta(AIMA_FIG_5_2)) + 1}: unknown event 'jump'"),
        (lambda d: d["events"].__setitem__(0, ["enter", None, "zero", "-inf", "inf"]), "event 1: depth is 'zero'; it must be a whole number"),
        (lambda d: d["events"][_index_of(d, "evaluate")].__setitem__(2, "Infinity!"), "value is 'Infinity!'"),
        (lambda d: d["events"].__setitem__(1, ["enter", -1, 1, "-inf", "inf"]), "enter needs the child's index"),
        (lambda d: d["events"].__setitem__(2, ["enter", 0, 2]), "enter has 2 fields, not 4"),
        (lambda d: d.pop("nodes"), "a tree trace needs its nodes"),
        # edited events: the search, run again, does otherwise
        (lambda d: d["events"][1].__setitem__(1, 2), 'event 2 (enter): the file says enter at "2"'),
        (lambda d: d["result"].update(value=99), "the result in the file (value: 99) is not the search's (3)"),
        (lambda d: d["events"].pop(_index_of(d, "beta")), 'but searching with the trace\'s settings gives beta at "0"'),
        (lambda d: d["events"][_index_of(d, "backup")].__setitem__(3, 12), "(backup): the file says backup at \"0\" (child \"0.0\", child_value 12"),
        (lambda d: d["events"].pop(), "the file's events end after 44, but the search goes on with leave at \"\""),
        (lambda d: d["events"][_index_of(d, "cutoff")].__setitem__(5, [1]), "(cutoff): the file says cutoff at \"1\""),
    ],
)
def test_loading_a_bad_trace_says_what_and_where(tmp_path, mutate, message):
    target = tmp_path / "t.json"
    save_trace(tracer.alphabeta(AIMA_FIG_5_2), target)
    data = json.loads(target.read_text())
    mutate(data)
    target.write_text(json.dumps(data))
    with pytest.raises(TraceFormatError) as caught:
        load_trace(target)
    assert str(caught.value).startswith(str(target))
    assert message.replace("\\", "") in str(caught.value), str(caught.value)


def test_loading_garbage_and_missing_files(tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "tracer-trace",')
    with pytest.raises(TraceFormatError, match=r"broken\.json:1:\d+: not valid JSON"):
        load_trace(broken)
    with pytest.raises(TraceFormatError, match="no such file"):
        load_trace(tmp_path / "none.json")


def test_a_failed_write_leaves_the_old_file(tmp_path):
    target = tmp_path / "t.json"
    target.write_text("old")

    class Boom(Exception):
        pass

    trace = tracer.alphabeta(AIMA_FIG_5_2)
    trace.raw_events.append(("evaluate", (0,), float("nan"), "utility"))
    with pytest.raises(ValueError, match="NaN"):
        save_trace(trace, target)
    assert target.read_text() == "old"
    assert list(tmp_path.iterdir()) == [target]


def test_dump_streams_to_any_text_file():
    import io

    buffer = io.StringIO()
    dump_trace(tracer.alphabeta(AIMA_FIG_5_2), buffer)
    text = buffer.getvalue()
    assert strict_json(text)["result"]["stats"]["visited"] == 11
    assert text.count("\n") > 45  # one event per line


def test_a_game_trace_naming_a_move_the_game_lacks_is_refused(tmp_path):
    from click.testing import CliRunner

    from tracer.cli import main

    target = tmp_path / "ttt.json"
    save_trace(tracer.search(TicTacToe("XOXOXO...")), target)
    data = json.loads(target.read_text())
    assert data["events"][1] == ["enter", 0, 1, "-inf", "inf"]  # the root's first move
    data["events"][1][1] = 7  # the root has 3 moves; there is no 8th
    target.write_text(json.dumps(data))
    result = CliRunner().invoke(main, ["render", str(target), "-o", str(tmp_path / "figs")])
    assert result.exit_code == 1
    assert 'event 2 (enter): the file says enter at "7"' in result.output and 'gives enter at "0"' in result.output


def _cutoff_index(data):
    return _index_of(data, "cutoff")


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        # each edit keeps the story consistent: only searching again shows it is not what the search did
        (lambda d: d["events"].pop(_cutoff_index(d)), "(leave): the file says leave at \"1\""),
        # D is node 7 (the nodes are numbered as entered: A B E F G C H D)
        (lambda d: (d["result"].update(best="2"), d["events"][-1].__setitem__(4, 7)), "(leave): the file says leave at \"\" (value 3, bound \"exact\", best \"2\")"),
        (lambda d: d["settings"]["conventions"].update(fail="hard"), "event 25 (leave): the file says leave at \"1\" (value 2"),
        (lambda d: d["result"]["stats"].update(visited=12), "the result in the file (counts: {\"visited\": 12"),
    ],
)
def test_an_edited_trace_is_refused_even_when_its_story_holds(tmp_path, mutate, message):
    target = tmp_path / "t.json"
    save_trace(tracer.alphabeta(AIMA_FIG_5_2), target)
    data = json.loads(target.read_text())
    mutate(data)
    target.write_text(json.dumps(data))
    with pytest.raises(TraceFormatError) as caught:
        load_trace(target)
    assert message.replace("\\", "") in str(caught.value), str(caught.value)


def test_version_1_files_are_still_read(tmp_path):
    """A trace written by tracer 0.1 (format version 1: nodes by path, the result first; a golden file
    kept as that version wrote it) gives the same events and key as a trace made now."""
    from pathlib import Path

    old = load_trace(Path(__file__).parent / "data" / "fig-5-2-v1.json")
    now = tracer.alphabeta(AIMA_FIG_5_2)
    assert old.raw_events == now.raw_events
    assert tracer.answer_key(old) == tracer.answer_key(now)


def test_gzip_files_are_written_and_read_alike(tmp_path):
    trace = tracer.alphabeta(TicTacToe("X...O...."))
    plain, packed, again = tmp_path / "t.json", tmp_path / "t.json.gz", tmp_path / "u.json.gz"
    save_trace(trace, plain)
    save_trace(trace, packed)
    save_trace(trace, again)
    import gzip

    assert gzip.decompress(packed.read_bytes()) == plain.read_bytes()
    assert packed.read_bytes() == again.read_bytes()  # dated 0: the same trace, the same bytes
    assert packed.stat().st_size < plain.stat().st_size / 4
    assert load_trace(packed).raw_events == trace.raw_events


def test_a_deep_chain_makes_a_file_that_grows_linearly(tmp_path):
    """Nodes are numbers in version 2: a chain twice as deep makes a file about twice as large
    (with paths in every event, version 1 grew with the square of the depth)."""
    sizes = []
    for depth in (1000, 2000):
        target = tmp_path / f"chain-{depth}.json"
        save_trace(tracer.alphabeta("[" * depth + "1" + "]" * depth), target)
        sizes.append(target.stat().st_size)
        assert target.stat().st_size < 200 * depth  # bytes per level, whatever the depth
    assert 1.8 < sizes[1] / sizes[0] < 2.2


def _lines_of_tracer_s_layout(target):
    """The file's lines and the index of the first event line (tracer writes one per line)."""
    lines = target.read_text().split("\n")
    return lines, lines.index('"events": [') + 1


def test_an_edited_line_in_tracer_s_own_layout_is_named(tmp_path):
    """Files in tracer's own layout are compared line by line as text; an edit there is still
    read and named like one in a reformatted file."""
    target = tmp_path / "t.json"
    save_trace(tracer.alphabeta(AIMA_FIG_5_2), target)
    lines, first = _lines_of_tracer_s_layout(target)
    backup = next(i for i in range(first, len(lines)) if lines[i].startswith('["backup"'))
    row = json.loads(lines[backup].rstrip(","))
    row[3] = 12
    lines[backup] = json.dumps(row) + ","
    target.write_text("\n".join(lines))
    with pytest.raises(TraceFormatError) as caught:
        load_trace(target)
    assert f"event {backup - first + 1} (backup): the file says backup at \"0\" (child \"0.0\", child_value 12" in str(caught.value)


@pytest.mark.parametrize(
    "reformat",
    [
        lambda text: json.dumps(json.loads(text), indent=2),  # a tool's pretty-printing
        lambda text: text.replace("\n", "\r\n"),  # edited on Windows
        lambda text: text.replace('],\n[', '], [', 3),  # events on one line
        lambda text: text.replace(", ", ","),  # compacted
    ],
)
def test_a_reformatted_trace_with_the_same_events_is_read(tmp_path, reformat):
    trace = tracer.alphabeta(TicTacToe("XO.X....."))
    target = tmp_path / "t.json"
    save_trace(trace, target)
    reformatted = reformat(target.read_text())
    assert reformatted != target.read_text()
    target.write_text(reformatted)
    assert load_trace(target).raw_events == trace.raw_events


def test_a_line_after_the_last_event_that_is_not_an_event_is_named(tmp_path):
    target = tmp_path / "t.json"
    save_trace(tracer.alphabeta(AIMA_FIG_5_2), target)
    lines, first = _lines_of_tracer_s_layout(target)
    end = lines.index("],", first)
    lines[end - 1] += ","
    lines.insert(end, '["jump", 0]')
    target.write_text("\n".join(lines))
    with pytest.raises(TraceFormatError, match="event 46: unknown event 'jump'"):
        load_trace(target)
