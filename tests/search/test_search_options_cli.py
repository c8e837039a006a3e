"""Issue 11's search options as each front end writes them: the command line, a page's fence, Python."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from engine_helpers import AIMA_FIG_5_2

from tracer.cli import main
from tracer.cli.app import command_line_words
from tracer.docsite.fence import fence_words, read_fence_options
from tracer.errors import InputError, Option, python_words


@pytest.fixture
def fig(tmp_path):
    path = tmp_path / "fig.json"
    path.write_text(AIMA_FIG_5_2)
    return str(path)


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


def test_tt_alone_keeps_meaning_a_table_of_positions_even_before_the_input(fig):
    before = run("key", "--tt", fig, "--format", "json")
    after = run("key", fig, "--tt", "--format", "json")
    assert before.exit_code == after.exit_code == 0
    assert json.loads(before.output)["settings"]["transposition_table"] is True
    assert json.loads(before.output) == json.loads(after.output)


def test_tt_symmetry_and_a_wrong_kind_of_table():
    symmetric = run("key", "--game", "tictactoe", "--position", "X........", "--tt", "symmetry", "--format", "json")
    assert json.loads(symmetric.output)["settings"]["transposition_table"] == "symmetry"
    wrong = run("key", "--game", "tictactoe", "--tt", "mirror")
    assert wrong.exit_code == 2 and "'mirror' is not a kind of table: write --tt for positions, or --tt symmetry" in wrong.output


def test_a_trace_file_refuses_the_new_search_options_by_the_name_given(fig, tmp_path):
    out = tmp_path / "t.json"
    assert run("trace", fig, "-o", str(out)).exit_code == 0
    for option, shown in ((["--fail-own-bound"], "--fail-own-bound"), (["--quiescence"], "--quiescence"), (["--tt", "symmetry"], "--tt")):
        refused = run("key", str(out), *option)
        assert refused.exit_code == 1 and f"search options ({shown}) do not apply to a trace file" in refused.output


def test_games_lists_what_each_game_supports_and_its_features():
    listed = run("games")
    assert listed.exit_code == 0
    assert "--tt symmetry: 8 symmetries" in listed.output and "needs a depth limit" in listed.output
    features = run("games", "chess", "--features")
    assert "material:turing: P 1, N 3, B 3.25, R 5, Q 9" in features.output and "mobility:" in features.output
    assert "tictactoe" not in features.output
    unknown = run("games", "go")
    assert unknown.exit_code == 1 and "unknown game 'go'" in unknown.output


def test_an_evaluation_file_on_the_command_line(tmp_path):
    weights = tmp_path / "w.yaml"
    weights.write_text("features:\n  material: turing\n  mobility: 0.1\n")
    result = run("key", "--game", "chess", "--position", "7k/8/5K2/8/8/8/8/6R1 w - - 0 1", "--depth", "1", "--eval", str(weights),
                 "--format", "json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["settings"]["evaluation"] == "material:turing,mobility=0.1"


@pytest.mark.parametrize(
    ("option", "cli", "fence", "python"),
    [
        (Option("transposition_table", "symmetry"), "--tt symmetry", "tt=symmetry", "transposition_table='symmetry'"),
        (Option("transposition_table", True), "--tt", "tt=true", "transposition_table=True"),
        (Option("quiescence"), "--quiescence", "quiescence=true", "quiescence"),
        (Option("evaluation", "material:turing"), "--eval material:turing", "eval=material:turing", "evaluation='material:turing'"),
        (Option("order", "captures"), "--order captures", "order=captures", "order='captures'"),
    ],
)
def test_each_front_end_writes_the_new_options_its_way(option, cli, fence, python):
    assert (command_line_words(option), fence_words(option), python_words(option)) == (cli, fence, python)


def test_a_fence_reads_the_new_options_and_refuses_an_evaluation_file():
    fence = read_fence_options({"game": "hexapawn", "depth": "2", "fail": "own-bound", "tt": "symmetry", "quiescence": "true",
                                "eval": "pawns=1,mobility=0.5", "order": "captures"})
    settings = fence.settings
    assert (settings.conventions.fail, settings.transposition_table, settings.quiescence) == ("own-bound", "symmetry", True)
    assert (settings.evaluation, settings.order) == ("pawns=1,mobility=0.5", "captures")
    with pytest.raises(InputError, match=r"eval=weights.yaml names a file, which a page does not read"):
        read_fence_options({"game": "tictactoe", "eval": "weights.yaml"})
