"""`tracer exercise new`: options as the help says, one-line errors, rosters."""

from __future__ import annotations

import json
import re

from click.testing import CliRunner

from tracer.cli import main


def invoke(*args):
    return CliRunner().invoke(main, ["exercise", "new", *map(str, args)])


def test_help_lists_every_option():
    text = invoke("--help").output
    for option in (
        "--output", "--seed", "--count", "--branching", "--depth", "--values", "--distinct", "--min-cutoffs", "--deep-cutoff",
        "--chance", "--algorithm", "--prune-on-equal", "--fail-soft", "--fail-hard", "--questions", "--max-leaves", "--students",
        "--format", "--title", "--force", "--tree", "--id-column", "--name-column",
    ):
        assert option in text
    assert "sheet.md" in text and "answer-template.yaml" in text and "manifest.json" in text and "DIR/handout/" in text
    check = CliRunner().invoke(main, ["check", "--help"]).output
    for option in ("--format", "--points", "--students", "--id-column", "--name-column", "--student", "--identity", "--latest", "--metadata",
                   "--assignment", "--details", "--output"):
        assert option in check
    for fmt in ("files", "csv", "canvas", "moodle", "gradescope"):
        assert fmt in check


def test_makes_exercises_as_asked(tmp_path):
    result = invoke("-o", tmp_path / "hw", "--seed", 9, "--count", 3, "--branching", "2", "--depth", "2-3", "--values", "-5..5",
                    "--distinct", "--format", "latex", "--no-prune-on-equal", "--fail-hard")
    assert result.exit_code == 0, result.output
    hw = tmp_path / "hw"
    assert result.output.strip() == f"wrote 3 exercises to {hw} (seed 9): hand out {hw / 'handout'}, keep {hw / 'keys'}"
    manifest = json.loads((tmp_path / "hw" / "manifest.json").read_text())
    assert manifest["spec"]["branching"] == [2, 2] and manifest["spec"]["values"] == [-5, 5]
    assert manifest["spec"]["conventions"] == {"prune_on_equal": False, "fail": "hard", "ties": "first"}
    for entry in manifest["exercises"]:
        key = json.loads((tmp_path / "hw" / entry["key"] / "key.json").read_text())
        assert key["exercise"] == entry["id"] and key["conventions"]["fail"] == "hard"
        assert (tmp_path / "hw" / entry["handout"] / "sheet.tex").is_file()
        assert "prune only when v > β" in key["conventions"]["description"]


def test_a_random_seed_is_reported(tmp_path):
    result = invoke("-o", tmp_path / "hw")
    assert result.exit_code == 0
    seed = re.search(r"seed (\d+) \(pass --seed \1", result.output).group(1)
    assert json.loads((tmp_path / "hw" / "manifest.json").read_text())["seed"] == seed


def test_refuses_a_non_empty_folder(tmp_path):
    (tmp_path / "x").write_text("keep me")
    result = invoke("-o", tmp_path, "--seed", 1)
    assert result.exit_code == 1
    assert result.output.strip() == f"Error: {tmp_path}: the folder is not empty; name a new or empty folder, or pass --force to write into it (files of the same names are replaced)"
    assert invoke("-o", tmp_path, "--seed", 1, "--force").exit_code == 0


def test_one_line_errors(tmp_path):
    cases = [
        (["--depth", "3", "--deep-cutoff"], "a deep cutoff needs trees at least 4 levels deep"),
        (["--chance", "--min-cutoffs", "2"], "cutoffs need alpha-beta"),
        (["--branching", "x"], "--branching x is not a range"),
        (["--questions", "values,colour"], "unknown question 'colour'"),
        (["--students", tmp_path / "missing.csv"], "missing.csv: no such file"),
    ]
    for args, words in cases:
        result = invoke("-o", tmp_path / "out", "--seed", 1, *args)
        assert result.exit_code == 1, args
        assert words in result.output and len(result.output.strip().splitlines()) == 1


def test_roster(tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text("First Name,Last Name,SID,Email\nAda,Lovelace,1001,ada@x.org\nAlan,Turing,1002,alan@x.org\n")
    result = invoke("-o", tmp_path / "hw", "--seed", 3, "--students", roster, "--count", 2)
    assert result.exit_code == 0 and "wrote 4 exercises for 2 students" in result.output
    manifest = json.loads((tmp_path / "hw" / "manifest.json").read_text())
    assert [e["student"] for e in manifest["exercises"]][::2] == [
        {"id": "1001", "name": "Ada Lovelace", "first": "Ada", "last": "Lovelace", "email": "ada@x.org"},
        {"id": "1002", "name": "Alan Turing", "first": "Alan", "last": "Turing", "email": "alan@x.org"},
    ]
    assert all(e["id"].startswith(("1001-ex", "1002-ex")) for e in manifest["exercises"])
    assert manifest["exercises"][0]["handout"] == f"handout/1001/{manifest['exercises'][0]['id']}"
    sheet = (tmp_path / "hw" / manifest["exercises"][0]["handout"] / "sheet.md").read_text()
    assert "**Student:** Ada Lovelace (1001)" in sheet
    roster.write_text("id,name\n7,A\n7,B\n")
    result = invoke("-o", tmp_path / "hw2", "--seed", 3, "--students", roster)
    assert result.exit_code == 1 and "roster.csv:3: the id '7' is also on line 2" in result.output
    roster.write_text("name\nA\n")
    assert "no column of student ids" in invoke("-o", tmp_path / "hw3", "--students", roster).output


def test_trees_too_big_to_print_readably_get_a_note(tmp_path):
    from click.testing import CliRunner

    from tracer.cli import main

    big = CliRunner().invoke(main, ["exercise", "new", "-o", str(tmp_path / "big"), "--seed", "3", "--branching", "4", "--depth", "3", "--max-leaves", "64"])
    assert big.exit_code == 0, big.output
    assert "note: a tree has 64 leaves" in big.output and "--max-leaves 32" in big.output
    small = CliRunner().invoke(main, ["exercise", "new", "-o", str(tmp_path / "small"), "--seed", "3"])
    assert small.exit_code == 0 and "note:" not in small.output
