"""Inputs an audit found gaps in: sizes that pass the file limit but not memory, standard input read
under the trace's limit, numbers whose hint was wrong, an answer file's id written as a list, and a
course's game file that exits while it is imported. Each gets one line naming the place and the fix."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from tracer.cli import main
from tracer.errors import TreeFormatError
from tracer.game.notation import parse_tree


def run(*args, stdin=None):
    return CliRunner().invoke(main, [*map(str, args)], input=stdin)


def test_a_tree_of_too_many_nodes_is_refused_before_it_is_built(monkeypatch):
    import tracer.game.tree_builder as builder

    monkeypatch.setattr(builder, "MAX_NODES", 100)
    parse_tree(json.dumps([[1] * 9] * 9 + [[1] * 8]))  # 1 + 10 + 89 = 100 nodes: read
    with pytest.raises(TreeFormatError, match="more than 100 nodes, more than tracer reads"):
        parse_tree(json.dumps([[1] * 9] * 10))  # 1 + 10 + 90 = 101
    assert builder.MAX_NODES == 100


def test_a_hundred_megabytes_of_leaves_are_more_nodes_than_tracer_reads():
    from tracer.game.tree_builder import MAX_NODES

    assert 50_000_000 > MAX_NODES >= 1_111_111  # the 100 MB file of "1," is refused; the benchmark's million-node key is not


def test_standard_input_holding_a_tree_is_held_to_a_trees_limit(monkeypatch):
    from tracer import reading

    monkeypatch.setitem(reading.LIMITS, "tree", 1000)
    small = run("key", "-", stdin="[[3, 12, 8], [2, 4, 6], [14, 5, 2]]")
    assert small.exit_code == 0, small.output
    big = run("key", "-", stdin=json.dumps([[7] * 100] * 10))
    assert big.exit_code == 1
    assert big.output.strip().startswith("Error: <stdin>: standard input is larger than tracer reads")


def test_a_huge_integer_is_too_large_not_quoted(tmp_path):
    tree = tmp_path / "huge.yaml"
    tree.write_text("children:\n  - " + "9" * 5000 + "\n  - 1\n")
    result = run("key", tree)
    assert result.exit_code == 1
    assert "is too large; write numbers between -1e300 and 1e300" in result.output and "without quotes" not in result.output


def test_a_number_too_large_for_a_float_says_how_to_write_an_infinity(tmp_path):
    tree = tmp_path / "big.json"
    tree.write_text("[[1e309, 2], [3, 4]]")
    result = run("key", tree)
    assert result.exit_code == 1
    assert "which is not a usable value; write a finite number; write infinities as inf, -inf or ∞" in result.output


def test_an_exercise_id_written_as_a_list_is_named_as_such(tmp_path):
    (tmp_path / "fig.json").write_text("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]")
    assert run("exercise", "new", "--tree", tmp_path / "fig.json", "-o", tmp_path / "hw").exit_code == 0
    answers = tmp_path / "a.yaml"
    answers.write_text("exercise: [1, 2]\nmove: B\n")
    result = run("check", tmp_path / "hw", answers)
    assert "the exercise id must be one word, not a list or a mapping" in result.output
    assert "Item(" not in result.output


def test_a_game_file_that_exits_on_import_is_an_error_not_a_silent_exit(tmp_path):
    game = tmp_path / "quits.py"
    game.write_text("raise SystemExit(0)\n")
    result = run("key", "--game", f"{game}:Game")
    assert result.exit_code == 1
    assert f"{game}:1: importing the file raised SystemExit" in result.output
