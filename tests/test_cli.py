"""The command line: what a user types, what they get back, and one-line errors."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from engine_helpers import AIMA_FIG_5_2

from tracer.cli import main


@pytest.fixture
def run():
    runner = CliRunner()

    def invoke(*args: str, input: str | None = None):
        return runner.invoke(main, list(args), input=input, catch_exceptions=False)

    return invoke


@pytest.fixture
def fig52(tmp_path):
    path = tmp_path / "fig52.json"
    path.write_text(AIMA_FIG_5_2)
    return path


def test_key_text_default(run, fig52):
    result = run("key", str(fig52))
    assert result.exit_code == 0
    assert "Root value: 3" in result.output and "Not examined: I J" in result.output


def test_key_json_is_strict_json_with_string_infinities(run, fig52):
    result = run("key", str(fig52), "--format", "json")
    key = json.loads(result.output, parse_constant=lambda token: pytest.fail(f"found {token}"))
    assert key["cutoffs"][0]["beta"] == "inf"
    assert key["best_move"] == {"path": "0", "label": "B", "move": None}
    assert key["conventions"]["prune_on_equal"] is True


def test_conventions_flags_change_the_answer(run, tmp_path):
    tree = tmp_path / "t.json"
    tree.write_text("[[3, 5], [3, 8]]")
    equal = json.loads(run("key", str(tree), "--format", "json").output)
    strict = json.loads(run("key", str(tree), "--format", "json", "--no-prune-on-equal", "--fail-hard").output)
    assert equal["unvisited"] == ["1.1"] and strict["unvisited"] == []
    assert strict["conventions"]["fail"] == "hard"


def test_trace_to_a_file_and_key_from_the_trace(run, fig52, tmp_path):
    out = tmp_path / "out" / "trace.json"
    result = run("trace", str(fig52), "-o", str(out))
    assert result.exit_code == 0 and out.exists()
    from_trace = run("key", str(out), "--format", "json")
    from_tree = run("key", str(fig52), "--format", "json")
    assert json.loads(from_trace.output) == json.loads(from_tree.output)
    refused = run("key", str(out), "--depth", "2")
    assert refused.exit_code == 1 and "do not apply to a trace file" in refused.output


def test_standard_input_and_yaml(run, tmp_path):
    assert "Root value: 3" in run("key", "-", input=AIMA_FIG_5_2).output
    assert "Root value: 3" in run("key", "-", input="- [3, 12, 8]\n- [2, 4, 6]\n- [14, 5, 2]\n").output
    yaml_file = tmp_path / "t.yml"
    yaml_file.write_text("children: [[3, 12, 8], [2, 4, 6], [14, 5, 2]]\n")
    assert "Root value: 3" in run("key", str(yaml_file)).output


def test_players_and_root_options(run, tmp_path):
    tree = tmp_path / "t.json"
    tree.write_text("[[1, 9], [5, 6]]")
    assert "Root value: 6" in run("key", str(tree), "--root", "min").output  # MIN of MAX: min(9, 6)
    assert "Root value: 5" in run("key", str(tree), "--players", "max,min").output


def test_games_from_the_command_line(run):
    result = run("key", "--game", "tictactoe", "--position", "XO.X..O..", "--format", "json")
    key = json.loads(result.output)
    assert key["root_value"] == 1 and key["best_move"]["move"] == "Xb2" and "nodes" not in key
    with_nodes = json.loads(run("key", "--game", "nim", "--position", "1,2", "--nodes", "--format", "json").output)
    assert with_nodes["nodes"][0]["type"] == "max"
    assert "coinflip" in run("games").output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["key", "MISSING.json"], "MISSING.json: no such file"),
        (["key", "--game", "go"], "unknown game 'go'"),
        (["key", "--game", "tictactoe", "--position", "XXXX....."], "has 4 X and 0 O"),
        (["key", "--game", "coinflip", "--algorithm", "alphabeta"], "alphabeta cannot search chance nodes"),
        (["key", "--position", "X........"], "--position needs --game"),
        (["key"], "no input"),
    ],
)
def test_errors_are_one_line_without_traceback(run, args, message):
    result = run(*args)
    assert result.exit_code == 1
    assert message in result.output
    assert "Traceback" not in result.output
    assert result.output.count("\n") == 1


def test_bad_tree_file_error_names_file_line_and_column(run, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("[[3, 12, 8],\n [2, 4, 6]\n [14, 5, 2]]")
    result = run("key", str(bad))
    assert result.exit_code == 1
    assert f"{bad}:3:2: not valid JSON" in result.output


def test_usage_errors_exit_with_2(run, fig52):
    assert run("key", str(fig52), "--algorithm", "negamax").exit_code == 2
    assert run("key", str(fig52), "--depth", "-1").exit_code == 2


@pytest.mark.slow
def test_deep_tree_on_the_command_line(run, tmp_path):
    depth = 10_000
    deep = tmp_path / "deep.json"
    deep.write_text("[" * depth + "1" + "]" * depth)
    result = run("key", str(deep), "--format", "json", "-o", str(tmp_path / "key.json"))
    assert result.exit_code == 0, result.output
    assert json.loads((tmp_path / "key.json").read_text())["root_value"] == 1


def test_help_lists_the_options_the_issue_names(run):
    text = run("key", "--help").output
    for option in ("--algorithm", "--root", "--players", "--depth", "--prune-on-equal", "--no-prune-on-equal", "--fail-soft", "--fail-hard", "--order", "--format"):
        assert option in text
    assert "-o, --output" in run("trace", "--help").output


def test_schema_command_prints_the_shipped_schema(run):
    from tracer.trace.schema import SCHEMA_FILE

    assert run("schema").output == SCHEMA_FILE.read_text()


# -- an output path that cannot be written: one line naming it, no traceback, nothing written ----
@pytest.mark.parametrize(
    ("command", "output", "says"),
    [
        (["key", "{tree}", "-o", "{folder}"], "{folder}", "is a folder, not a file"),
        (["trace", "{tree}", "-o", "{file}/trace.json"], "{file}", "part of this path is a file, not a folder"),
        (["render", "{tree}", "-o", "{file}/frames"], "{file}", "part of this path is a file, not a folder"),
        (["exercise", "new", "-o", "{file}/sheets", "--seed", "1"], "{file}", "part of this path is a file, not a folder"),
    ],
)
def test_an_output_path_that_cannot_be_written(tmp_path, fig52, command, output, says):
    folder = tmp_path / "out"
    folder.mkdir()
    blocker = tmp_path / "a-file"
    blocker.write_text("keep me\n")
    names = {"tree": str(fig52), "folder": str(folder), "file": str(blocker)}
    result = CliRunner().invoke(main, [part.format(**names) for part in command])
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)  # no traceback
    message = result.output.strip().splitlines()[-1]
    assert message.startswith(f"Error: {output.format(**names)}") and says in message, message
    assert "choose another" in message or "name a file" in message
    assert blocker.read_text() == "keep me\n" and list(folder.iterdir()) == []


def test_a_trace_on_standard_input_is_read_as_a_trace(run, fig52, tmp_path):
    written = run("trace", str(fig52))
    assert written.exit_code == 0
    key = run("key", "-", "--format", "json", input=written.output)
    assert key.exit_code == 0, key.output
    assert json.loads(key.output)["root_value"] == 3


@pytest.mark.parametrize("option", [["--root", "min"], ["--players", "max,min,min"]])
def test_node_types_cannot_be_given_to_a_game(option):
    result = CliRunner().invoke(main, ["key", "--game", "nim", "--position", "1,2", *option])
    assert result.exit_code == 1
    assert "do not apply to --game nim" in result.output and "leave them out" in result.output


def test_a_folder_given_as_a_tree(tmp_path):
    result = CliRunner().invoke(main, ["key", str(tmp_path)])
    assert result.exit_code == 1
    assert f"Error: {tmp_path}: is a folder, not a tree file" in result.output


def test_search_options_given_with_a_trace_are_named_as_written(run, fig52, tmp_path):
    trace_file = tmp_path / "t.json"
    assert run("trace", str(fig52), "-o", str(trace_file)).exit_code == 0
    result = CliRunner().invoke(main, ["key", str(trace_file), "--no-prune-on-equal", "--depth", "2"])
    assert result.exit_code == 1
    assert "search options (--no-prune-on-equal, --depth) do not apply to a trace file" in result.output


def test_a_search_error_names_the_file(fig52):
    result = CliRunner().invoke(main, ["key", str(fig52), "--depth", "1"])
    assert result.exit_code == 1
    assert result.output.startswith(f'Error: {fig52}: node "0" (B): the search needs this node\'s static evaluation')


def test_chance_nodes_pick_expectiminimax_unless_a_search_is_named(run):
    tree = '{"chance": [[0.5, 1], [0.5, 4]]}'
    assert "Root value: 2.5" in run("key", "-", input=tree).output
    refused = CliRunner().invoke(main, ["key", "-", "--algorithm", "alphabeta"], input=tree)
    assert refused.exit_code == 1
    assert refused.output.startswith("Error: <stdin>: alphabeta cannot search chance nodes") and "expectiminimax" in refused.output


def test_each_command_is_found_in_the_module_that_defines_it():
    """The group imports a command's module when the command is run (tracer.cli.app._Commands): its
    table must name every command, each in the module that registers it."""
    import importlib

    from tracer.cli.app import _Commands

    for module in set(_Commands.MODULES.values()):
        importlib.import_module(module)
    assert {name: command.callback.__module__ for name, command in main.commands.items()} == _Commands.MODULES


@pytest.mark.parametrize("command, loaded, not_loaded", [
    (["check", "--help"], ["tracer.cli.checking"], ["tracer.render", "tracer.game.games", "tracer.play", "tracer.cli.figures", "jinja2"]),
    (["key", "--help"], ["tracer.cli.search"], ["tracer.render", "tracer.grading", "tracer.play", "jinja2"]),
])
def test_a_command_loads_what_it_uses(command, loaded, not_loaded):
    """``import tracer`` and the command line load a module when it is used (issue 14: a tenth of a
    second at every start): a command does not load the renderer, the games or the grader it does not use."""
    import subprocess
    import sys

    probe = (f"import sys; from tracer.cli import main\ntry:\n    main({command!r})\nexcept SystemExit:\n    pass\n"
             "print(' '.join(sorted(sys.modules)))")
    modules = set(subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout.splitlines()[-1].split())
    assert all(name in modules for name in loaded)
    assert not [name for name in modules if any(name == unwanted or name.startswith(unwanted + ".") for unwanted in not_loaded)]
