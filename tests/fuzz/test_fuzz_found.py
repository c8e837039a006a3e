"""What the fuzz suite found, each kept as a test of its own (they failed before the fix)."""

from __future__ import annotations

import gzip
import json

import pytest
from click.testing import CliRunner

import tracer
from tracer.cli import main
from tracer.errors import InputError
from tracer.reading import load_json, open_text
from tracer.trace.key import AnswerKey, answer_key


def test_a_damaged_gzip_file_is_refused_in_one_line(tmp_path):
    """zlib.error escaped the reader: 'Error -3 while decompressing data: invalid stored block lengths'."""
    whole = gzip.compress(b'{"format": "tracer-trace", "version": 2}' + b" " * 5000)
    damaged = tmp_path / "trace.json"
    damaged.write_bytes(whole[:10] + b"\x00\xff" * 20 + whole[50:])
    with pytest.raises(InputError, match="damaged gzip file"), open_text(damaged, kind="trace") as file:
        file.read()
    cut = tmp_path / "cut.json"
    cut.write_bytes(whole[: len(whole) // 2])
    with pytest.raises(InputError, match="damaged gzip file"), open_text(cut, kind="trace") as file:
        file.read()
    result = CliRunner().invoke(main, ["key", str(damaged)])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), (result.output, result.exception)
    assert result.output.startswith("Error: ") and "Traceback" not in result.output


def test_a_lone_surrogate_in_json_text_is_refused():
    """json.loads reads "\\ud800" into a str no file can hold: the key then failed with UnicodeEncodeError."""
    with pytest.raises(InputError, match=r"\\ud800, half of a UTF-16 pair"):
        load_json('[{"label": "\\ud800", "children": [1, 2]}, 3]', "t.json")
    with pytest.raises(InputError, match=r"\\udc00"):
        load_json('{"exercise": "x", "\\udc00": 1}', "a.json")
    assert load_json('["\\ud83d\\ude00"]', "ok.json") == ["😀"]  # a whole pair is a character
    with pytest.raises(InputError):
        tracer.parse_tree('[{"label": "\\ud800", "children": [1, 2]}, 3]', fmt="json")


def test_a_chance_node_of_plus_and_minus_infinity_writes_no_trace(tmp_path):
    """`tracer trace` wrote the chance_backup event holding NaN before refusing, and failed with ValueError."""
    tree = tmp_path / "t.json"
    tree.write_text('{"chance": [[0.5, "inf"], [0.5, "-inf"]]}')
    result = CliRunner().invoke(main, ["trace", str(tree), "-o", str(tmp_path / "trace.json")])
    assert result.exit_code == 1, result.output
    assert "average has no value" in result.output
    assert not (tmp_path / "trace.json").exists()


def test_a_key_whose_moves_are_not_a_list_is_refused_naming_the_field():
    data = answer_key(tracer.alphabeta("[[3, 12], [2, 4]]")).to_json()
    for bad in (5, ["a", 3], {"a": 1}):
        with pytest.raises(InputError, match="principal_variation_moves must be a list of move names"):
            AnswerKey.from_json(json.loads(json.dumps({**data, "principal_variation_moves": bad})), "key.json")


def test_a_message_quoting_braces_a_user_wrote_is_still_written(tmp_path):
    """A roster whose header is "{" failed with ValueError while its error was written (str.format on the user's text)."""
    from tracer.errors import Option
    from tracer.exercises.roster import parse_roster

    with pytest.raises(InputError) as caught:
        parse_roster("{\n", "roster.csv")
    assert "{" in str(caught.value) and "--id-column" not in str(caught.value)  # Python's phrasing of the option
    error = InputError("column '{x}' or '{' is not {0}", hint="use {1} or {2}", options=(Option("depth", 3), Option("order")))
    assert str(error) == "column '{x}' or '{' is not depth=3; use order or {2}"


@pytest.mark.parametrize("where", ["header", "node row", "event", "result"])
def test_a_trace_line_nested_thousands_deep_is_refused(tmp_path, where):
    """A line of tracer's own trace layout went to json.loads unchecked: RecursionError from load_trace."""
    from tracer.errors import TraceFormatError
    from tracer.trace.reader import load_trace
    from tracer.trace.writer import save_trace

    save_trace(tracer.alphabeta("[[3, 12], [2, 4]]"), tmp_path / "t.json")
    text = (tmp_path / "t.json").read_text(encoding="utf-8")
    deep = "[" * 5_000 + "]" * 5_000
    if where == "header":
        text = text.replace('"format": "tracer-trace"', '"format": ' + deep, 1)
    elif where == "node row":
        at = text.index('"nodes": [\n') + len('"nodes": [\n')
        text = text[:at] + deep + ",\n" + text[at:]
    elif where == "event":
        at = text.index('"events": [\n') + len('"events": [\n')
        text = text[:at] + deep + ",\n" + text[at:]
    else:
        text = text[: text.rindex('"result": ')] + '"result": ' + deep + "\n}\n"
    (tmp_path / "t.json").write_text(text, encoding="utf-8")
    with pytest.raises(TraceFormatError):
        load_trace(tmp_path / "t.json")


def test_an_evaluation_weight_past_the_largest_float_is_refused():
    """A weight of 310 digits gave OverflowError (int too large to convert to float)."""
    from tracer.game.evaluation_reading import read_evaluation
    from tracer.game.games import make_game

    with pytest.raises(InputError, match="is not a number"):
        read_evaluation("open_lines=" + "1" * 310, make_game("tictactoe"))
    assert read_evaluation("open_lines=" + "1" * 300, make_game("tictactoe")) is not None


@pytest.mark.parametrize("seed", ["1e9990", "-1e9990", "2.5", "NaN"])
def test_a_trace_whose_seed_is_not_a_whole_number_is_refused(tmp_path, seed):
    """int(float('inf')) raised OverflowError out of the trace reader's settings (a seed of 1e9990)."""
    source = tmp_path / "t.json"
    tracer.save_trace(tracer.alphabeta("[[3, 12], [2, 4]]"), source)
    source.write_text(source.read_text().replace('"seed": 0', f'"seed": {seed}', 1))
    result = CliRunner().invoke(main, ["key", str(source)])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), (result.output, result.exception)
    assert "the seed must be a whole number" in result.output and "Traceback" not in result.output


def test_a_trace_whose_leaf_lost_its_value_is_refused_naming_the_node(tmp_path):
    """A tree trace whose leaf row had no value (its key mangled) reached the search, which failed
    with TypeError comparing None; a leaf given children was searched as a MIN node."""
    from tracer.trace.io import save_trace
    from tracer.trace.tree_rows import node_row

    trace = tracer.alphabeta("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]")
    good = tmp_path / "good.json"
    save_trace(trace, good)
    text = good.read_text()
    leaf = json.dumps(node_row(trace.tree.node((0, 0))))
    assert leaf in text and '"value": 3' in leaf
    cases = {
        "no_value.json": (text.replace(leaf, leaf.replace('"value": 3', '"valu": 3')), "the node '0.0' has no children and no value"),
        "leaf_children.json": (text.replace('"label": "B", "type": "min"', '"label": "B", "type": "leaf"'), "the node '0' is a leaf with children"),
        # two nodes wrong: the first in the file's order is named (the check walked the tree last child first)
        "both.json": (text.replace(leaf, leaf.replace('"value": 3', '"valu": 3')).replace('"label": "D", "type": "min"', '"label": "D", "type": "leaf"'),
                      "the node '0.0' has no children and no value"),
    }
    for name, (changed, message) in cases.items():
        assert changed != text
        bad = tmp_path / name
        bad.write_text(changed)
        result = CliRunner().invoke(main, ["key", str(bad)])
        assert result.exit_code == 1 and isinstance(result.exception, SystemExit), (result.output, result.exception)
        assert message in result.output and "Traceback" not in result.output


@pytest.mark.parametrize(("field", "bad", "message"), [
    ("p", '"x"', "p must be a probability from 0 to 1"),
    ("p", "[1]", "p must be a probability from 0 to 1"),
    ("p", "true", "p must be a probability from 0 to 1"),
    ("p", "1.5", "p must be a probability from 0 to 1"),
    ("move", '["a"]', "move must be a move's name"),
    ("move", "5", "move must be a move's name"),
])
def test_a_trace_node_s_probability_and_move_are_checked_where_they_are_read(tmp_path, field, bad, message):
    """A probability that was a string or a list reached the search (TypeError adding it), and a
    move that was a list or a number reached the figures (unhashable, not iterable)."""
    tree = tmp_path / "t.yaml"
    tree.write_text("type: max\nchildren:\n  - type: chance\n    children:\n      - {p: 0.5, value: 3, move: a}\n      - {p: 0.5, value: 1}\n"
                    "  - {value: 2}\n")
    good = tmp_path / "good.json"
    made = CliRunner().invoke(main, ["trace", str(tree), "--algorithm", "expectiminimax", "-o", str(good)])
    assert made.exit_code == 0, made.output
    text = good.read_text()
    row = '"value": 3, "p": 0.5, "move": "a"}'
    assert row in text
    bad_file = tmp_path / "bad.json"
    bad_file.write_text(text.replace(row, row.replace('"p": 0.5' if field == "p" else '"move": "a"', f'"{field}": {bad}')))
    for command in (["key", str(bad_file)], ["render", str(bad_file), "-o", str(tmp_path / "out")]):
        result = CliRunner().invoke(main, command)
        assert result.exit_code == 1 and isinstance(result.exception, SystemExit), (result.output, result.exception)
        assert message in result.output and "node 3" in result.output and "Traceback" not in result.output


def test_a_tree_trace_s_first_wrong_node_is_named_in_the_file_s_order_whatever_that_order():
    """A version 1 trace may list its nodes breadth first: of two wrong nodes, the one its rows give
    first is named (a walk of the tree in preorder named the other)."""
    from tracer.trace.tree_rows import read_tree

    class Refused(Exception):
        pass

    def fail(message, hint=None):
        return Refused(message)

    rows = [{"path": "", "type": "max"}, {"path": "0", "type": "min"}, {"path": "1", "type": "leaf", "value": 1},
            {"path": "0.0", "type": "leaf"}, {"path": "1.0", "type": "leaf", "value": 2}]
    with pytest.raises(Refused, match=r"the node '1' is a leaf with children"):
        read_tree(rows, ["max", "min"], fail, 1)
    with pytest.raises(Refused, match=r"the node '0.0' has no children and no value"):
        read_tree([rows[0], rows[1], rows[3], rows[2], rows[4]], ["max", "min"], fail, 1)
