"""Exercises in the UNH CS 730 deck's own-bound convention (`tracer exercise new --fail-own-bound`):
the key agrees with a transcript of the deck's pseudocode (engine_helpers.DeckTranscript, which
shares no code with tracer), the sheet states the convention, and the checker explains an own bound."""

from __future__ import annotations

import json

from click.testing import CliRunner
from engine_helpers import deck
from helpers import check_data, prepared

from tracer import parse_tree
from tracer.cli import main
from tracer.exercises.generate import ExerciseSpec
from tracer.exercises.given import exercises_from_trees, tree_seed
from tracer.search import Conventions

RUML = [[5, 6], [[1, 2], 9], [[6], [9, 1]]]  # the deck's example


def _path(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split(".")) if text else ()


def test_the_cli_writes_a_key_with_the_decks_values(tmp_path):
    (tmp_path / "ruml.json").write_text(json.dumps(RUML))
    result = CliRunner().invoke(main, ["exercise", "new", "--tree", str(tmp_path / "ruml.json"), "--fail-own-bound", "-o", str(tmp_path / "q")])
    assert result.exit_code == 0, result.output
    [key_file] = (tmp_path / "q" / "keys").glob("*/key.json")
    key = json.loads(key_file.read_text())
    assert key["conventions"]["fail"] == "own-bound"
    transcript = deck(RUML)
    searched = {_path(row["path"]): row["search_value"] for row in key["nodes"] if row["visited"]}
    assert searched == transcript.values  # every node the deck's pseudocode returns from, with its value
    assert searched[(1, 0)] == 5  # the MAX node over 1 and 2 returns its own bound α = 5, not its v = 2
    [sheet] = (tmp_path / "q" / "handout").rglob("sheet.md")
    text = sheet.read_text()
    assert "Own bound: a MAX node returns its α raised by v" in text
    assert "where a node returns its own bound (α at MAX, β at MIN) rather than its v" in text


def test_the_checker_says_why_an_own_bound_is_a_bound():
    tree = parse_tree(json.dumps(RUML))
    [made] = exercises_from_trees([tree], ExerciseSpec(conventions=Conventions(True, "own-bound")), tree_seed([tree]))
    key = prepared(made)
    node = next(row.label for row in made.key.nodes if row.path == (1, 0))
    result = check_data(key, {"exercise": made.id, "values": {node: 2}})  # fail-soft's answer there
    [values] = [test for test in result.tests if test.question == "values"]
    assert f"First wrong step: {node}: you wrote 2." in values.output
    assert "v is the largest: 2; own-bound returns its own bound α = 5 instead of v = 2; so" in values.output
    assert f"{node}'s value is at most 5." in values.output
