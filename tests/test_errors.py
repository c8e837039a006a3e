"""Errors carry the settings they name as data; each front end phrases them its own way."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

import tracer
from tracer.cli import command_line_words, main
from tracer.docsite.fence import fence_words
from tracer.errors import InputError, Option, SearchError

CHANCE = '{"chance": [[0.5, 1], [0.5, 2]]}'


@pytest.mark.parametrize(
    ("option", "command_line", "fence", "python"),
    [
        (Option("algorithm", "expectiminimax"), "--algorithm expectiminimax", "algorithm=expectiminimax", "algorithm='expectiminimax'"),
        (Option("depth"), "--depth", "depth=", "depth"),
        (Option("iterative"), "--iterative", "iterative=true", "iterative"),
        (Option("transposition_table", True), "--tt", "tt=true", "transposition_table=True"),
        (Option("prune_on_equal", False), "--no-prune-on-equal", "prune-on-equal=false", "prune_on_equal=False"),
        (Option("fail", "hard"), "--fail-hard", "fail=hard", "fail='hard'"),
    ],
)
def test_each_front_end_writes_an_option_its_way(option, command_line, fence, python):
    error = InputError("bad", hint="use {0}", options=(option,))
    assert error.phrased(command_line_words) == f"bad; use {command_line}"
    assert error.phrased(fence_words) == f"bad; use {fence}"
    assert str(error) == f"bad; use {python}"


def test_one_refusal_three_ways(tmp_path):
    """Alpha-beta asked for on chance nodes: the same error, as each front end's user would write the fix."""
    with pytest.raises(SearchError) as caught:
        tracer.alphabeta(CHANCE)
    assert "use algorithm='expectiminimax'" in str(caught.value)  # Python: a keyword argument
    tree = tmp_path / "chance.json"
    tree.write_text(CHANCE)
    result = CliRunner().invoke(main, ["key", str(tree), "--algorithm", "alphabeta"])
    assert result.exit_code == 1
    assert "use --algorithm expectiminimax" in result.output  # the command line: a flag
    assert "use algorithm=expectiminimax" in caught.value.phrased(fence_words)  # a page's fence: its option
