"""A class graded as a TA grades it: a roster, two exercises each, and files copied, swapped, duplicated,
handed in whole or one by one, through the command line (issue 13's scenarios).

Expectations are built independently: the right answers come from each key.json through
tracer.trace.hand_in.key_answers (full marks, 11 points per exercise with these questions),
a wrong answer's cost from the crediting rules (one minimax node of n wrong: 3/n lost).
"""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from tracer.cli import main
from tracer.trace.hand_in import key_answers
from tracer.trace.key import AnswerKey

ROSTER = """student_id,name,email
20240001,Ada Lovelace,ada@uni.edu
20240002,Ben Bitdiddle,ben@uni.edu
20240003,Cy D. Fect,cy@uni.edu
20240006,Gus Grissom,gus@uni.edu
20240007,Farah Khan,farah@uni.edu
20240008,Hal Abelson,hal@uni.edu
"""
QUESTIONS = "minimax,values,not_examined,move,window,order"
FULL = 11


def run(*args):
    return CliRunner().invoke(main, [*map(str, args)])


@pytest.fixture(scope="module")
def homework(tmp_path_factory):
    root = tmp_path_factory.mktemp("course")
    (root / "roster.csv").write_text(ROSTER)
    made = run("exercise", "new", "-o", root / "hw", "--seed", 2024, "--students", root / "roster.csv", "--count", 2, "--questions", QUESTIONS)
    assert made.exit_code == 0, made.output
    return root


def exercises(root: Path) -> dict[tuple[str, int], str]:
    """(student id, exercise number) -> exercise id, from the manifest."""
    manifest = json.loads((root / "hw" / "manifest.json").read_text())
    return {(entry["student"]["id"], entry["index"]): entry["id"] for entry in manifest["exercises"]}


def right(root: Path, ident: str) -> dict:
    key = AnswerKey.from_json(json.loads((root / "hw" / "keys" / ident / "key.json").read_text()))
    return key_answers(key)


def write(path: Path, *documents: dict) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("---\n".join(yaml.safe_dump(d, allow_unicode=True, sort_keys=False) for d in documents))
    return path


def rows(text: str) -> dict[str, dict[str, str]]:
    return {row["id"]: row for row in csv.DictReader(io.StringIO(text))}


def test_a_copied_file_is_flagged_or_scores_zero(homework, tmp_path):
    ids = exercises(homework)
    subs = tmp_path / "subs"
    ada = write(subs / "ada.yaml", right(homework, ids["20240001", 1]))
    shutil.copy(ada, subs / "ben.yaml")  # Ben hands in Ada's file
    warn = run("check", homework / "hw", subs / "ben.yaml", "--format", "json")
    (entry,) = json.loads(warn.stdout)
    assert warn.exit_code == 0 and entry["score"] == FULL and entry["submitter"] == "20240002"
    (flag,) = entry["flags"]
    assert flag == (f"exercise {ids['20240001', 1]} is the version of Ada Lovelace (20240001), but Ben Bitdiddle (20240002) handed it in "
                    "(by the file's name)")
    # the flag is in every output
    assert "! " + flag in run("check", homework / "hw", subs / "ben.yaml").stdout
    assert flag in run("check", homework / "hw", subs / "ben.yaml", "--format", "files").stdout
    gradebook = rows(run("check", homework / "hw", subs, "--format", "csv").stdout)
    assert flag in gradebook["20240002"]["flags"] and gradebook["20240002"]["ex1"] == "11"  # credited to Ben, who handed it in
    assert gradebook["20240001"]["ex1"] == "11" and "is the version" not in gradebook["20240001"]["flags"]
    strict = run("check", homework / "hw", subs / "ben.yaml", "--format", "json", "--identity", "strict")
    (entry,) = json.loads(strict.stdout)
    assert entry["score"] == 0 and entry["flags"][0].startswith("scored 0: exercise")
    off = json.loads(run("check", homework / "hw", subs / "ben.yaml", "--format", "json", "--identity", "off").stdout)
    assert off[0]["score"] == FULL and off[0]["flags"] == []


def test_gradescope_reads_who_submitted_from_its_metadata(homework, tmp_path):
    ids = exercises(homework)
    autograder = tmp_path / "autograder"
    write(autograder / "submission" / "answers.yaml", right(homework, ids["20240001", 1]), right(homework, ids["20240001", 2]))
    (autograder / "submission_metadata.json").write_text(json.dumps({"users": [{"name": "Ben Bitdiddle", "email": "ben@uni.edu", "id": 7}]}))
    out = autograder / "results" / "results.json"
    result = run("check", homework / "hw", autograder / "submission", "--format", "gradescope", "-o", out)
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    hidden = [t for t in data["tests"] if t["visibility"] == "hidden"]
    assert len(hidden) == 1 and hidden[0]["output"].count("is the version of Ada Lovelace (20240001), but Ben Bitdiddle (20240002)") == 2
    assert data["score"] == 2 * FULL  # warn: scored, and flagged for the staff
    strict = json.loads(run("check", homework / "hw", autograder / "submission", "--format", "gradescope", "--identity", "strict").stdout)
    assert strict["score"] == 0
    # a student's own upload cannot claim to be someone else: metadata inside the submission is an answer file like any other
    (autograder / "submission" / "submission_metadata.json").write_text(json.dumps({"users": [{"name": "Ada Lovelace"}]}))
    planted = json.loads(run("check", homework / "hw", autograder / "submission", "--format", "gradescope").stdout)
    assert any("Ben Bitdiddle (20240002) handed it in" in t["output"] for t in planted["tests"] if t["visibility"] == "hidden")


def test_a_file_carrying_another_students_id_is_credited_to_whoever_handed_it_in(homework, tmp_path):
    ids = exercises(homework)
    subs = tmp_path / "subs"
    write(subs / "farah.yaml", right(homework, ids["20240006", 1]))  # Farah hands in Gus's version
    (subs / "gus.yaml").write_text("exercise: {oops\n")  # Gus's own file is malformed
    result = run("check", homework / "hw", subs, "--format", "csv")
    assert result.exit_code == 3
    book = rows(result.stdout)
    assert book["20240007"]["ex1"] == "11" and "is the version of Gus Grissom (20240006), but Farah Khan (20240007)" in book["20240007"]["flags"]
    assert book["20240006"]["ex1"] == "missing" and "gus.yaml: could not be checked" in book["20240006"]["flags"]


def test_the_latest_of_two_files_counts(homework, tmp_path):
    ids = exercises(homework)
    subs = tmp_path / "subs"
    good = right(homework, ids["20240003", 1])
    worse = json.loads(json.dumps(good))
    node = next(iter(worse["minimax"]))
    worse["minimax"][node] += 1
    first, second = write(subs / "cy-2.yaml", good), write(subs / "cy-10.yaml", worse)
    os.utime(first, (2_000_000_000, 2_000_000_000))  # cy-2 was modified last
    os.utime(second, (1_000_000_000, 1_000_000_000))
    by_time = json.loads(run("check", homework / "hw", subs, "--format", "json").stdout)
    counted = {Path(e["file"]).name: e["counted"] for e in by_time}
    assert counted == {"cy-2.yaml": True, "cy-10.yaml": False}
    assert any("not counted: " in flag and "cy-2.yaml" in flag for e in by_time for flag in e["flags"] if e["file"].endswith("cy-10.yaml"))
    assert rows(run("check", homework / "hw", subs, "--format", "csv").stdout)["20240003"]["ex1"] == "11"
    by_name = json.loads(run("check", homework / "hw", subs, "--format", "json", "--latest", "name").stdout)
    assert {Path(e["file"]).name: e["counted"] for e in by_name} == {"cy-2.yaml": False, "cy-10.yaml": True}  # 10 after 2
    n = len([p for p in good["minimax"]])
    expected = round(FULL - 3 / n, 2)
    assert rows(run("check", homework / "hw", subs, "--format", "csv", "--latest", "name").stdout)["20240003"]["total"] == f"{expected:g}"


@pytest.mark.parametrize("layout", ["one file", "a file per exercise", "ex2 only"])
def test_a_two_exercise_homework_in_gradescope(homework, tmp_path, layout):
    ids = exercises(homework)
    submission = tmp_path / "submission"
    one, two = right(homework, ids["20240008", 1]), right(homework, ids["20240008", 2])
    if layout == "one file":
        write(submission / "hal.yaml", one, two)
    elif layout == "a file per exercise":
        write(submission / "ex1.yaml", one)
        write(submission / "ex2.yaml", two)
    else:
        write(submission / "ex2.yaml", two)
    result = run("check", homework / "hw", submission, "--format", "gradescope", "--student", "20240008")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    tests = data["tests"]
    assert len(tests) == 12  # six questions for each of the two exercises
    names = [t["name"] for t in tests]
    assert names[0] == f"ex1 ({ids['20240008', 1]}): 1. Minimax values" and names[6].startswith(f"ex2 ({ids['20240008', 2]}): 1.")
    assert sum(t["max_score"] for t in tests) == 2 * FULL
    if layout == "ex2 only":
        assert data["score"] == FULL
        assert all(t["score"] == 0 and t["output"].startswith("Not handed in") for t in tests[:6])
    else:
        assert data["score"] == 2 * FULL


def test_the_gradebook_has_a_row_per_student_with_totals(homework, tmp_path):
    ids = exercises(homework)
    subs = tmp_path / "subs"
    write(subs / "ada" / "ex1.yaml", right(homework, ids["20240001", 1]))
    write(subs / "ada" / "ex2.yaml", right(homework, ids["20240001", 2]))
    write(subs / "lovelaceada_12345_67890_extra.yaml", right(homework, ids["20240001", 2]))  # Canvas's name for a resubmission
    write(subs / "ben.yaml", right(homework, ids["20240002", 2]))
    result = run("check", homework / "hw", subs, "--format", "csv")
    assert result.exit_code == 0
    book = rows(result.stdout)
    assert list(book) == ["20240001", "20240002", "20240003", "20240006", "20240007", "20240008"]  # every roster student, in order
    assert book["20240001"]["total"] == "22" and book["20240001"]["max_total"] == "22"
    assert book["20240002"]["ex1"] == "missing" and book["20240002"]["total"] == "11" and "missing: ex1" in book["20240002"]["flags"]
    assert book["20240003"]["ex1"] == book["20240003"]["ex2"] == "missing" and book["20240003"]["total"] == "0"
    canvas = list(csv.reader(io.StringIO(run("check", homework / "hw", subs, "--format", "canvas", "--assignment", "HW 3 (4711)").stdout)))
    assert canvas[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "HW 3 (4711)"]
    assert canvas[1] == ["    Points Possible", "", "", "", "", "22"]
    assert canvas[2] == ["Lovelace, Ada", "", "20240001", "ada@uni.edu", "", "22"]
    assert canvas[4] == ["Fect, Cy D.", "", "20240003", "cy@uni.edu", "", ""]  # nothing handed in: no grade
    moodle = list(csv.reader(io.StringIO(run("check", homework / "hw", subs, "--format", "moodle").stdout)))
    assert moodle[0] == ["First name", "Last name", "ID number", "Email address", "Adversarial search"]
    assert moodle[1] == ["Ada", "Lovelace", "20240001", "ada@uni.edu", "22"] and moodle[3][-1] == ""


def test_rounded_parts_add_up(homework, tmp_path):
    """Scores with thirds: every question's points as written add up to the file's score as written."""
    ids = exercises(homework)
    subs = tmp_path / "subs"
    for number, (student, index) in enumerate(sorted(ids)):
        answers = right(homework, ids[student, index])
        for name in list(answers["minimax"])[: number % 3 + 1]:
            answers["minimax"][name] += 1
        values = list(answers["values"])
        answers["values"][values[-1]] = 99
        write(subs / f"{student}-ex{index}.yaml", answers)
    for entry in csv.DictReader(io.StringIO(run("check", homework / "hw", subs, "--format", "files").stdout)):
        parts = [float(entry[q]) for q in QUESTIONS.split(",")]
        assert f"{sum(parts):.2f}" == f"{float(entry['score']):.2f}", entry
    for row in rows(run("check", homework / "hw", subs, "--format", "csv").stdout).values():
        assert f"{float(row['ex1']) + float(row['ex2']):.2f}" == f"{float(row['total']):.2f}"


def test_roster_choices_and_delimiters(homework, tmp_path):
    """A roster in a European spreadsheet's export, whose Student column holds names."""
    ids = exercises(homework)
    roster = tmp_path / "class.csv"
    roster.write_text("Student;Matrikel\nAda Lovelace;20240001\nBen Bitdiddle;20240002\n")
    subs = tmp_path / "subs"
    write(subs / "ada.yaml", right(homework, ids["20240001", 1]))
    refused = run("check", homework / "hw", subs, "--format", "csv", "--students", roster)
    assert refused.exit_code == 1
    assert "the column 'Student' holds names (such as 'Ada Lovelace'), not ids" in refused.output
    assert "--id-column and which the names with --name-column Student" in refused.output
    chosen = run("check", homework / "hw", subs, "--format", "csv", "--students", roster, "--id-column", "Matrikel", "--name-column", "Student")
    book = rows(chosen.stdout)
    assert list(book) == ["20240001", "20240002"] and book["20240001"]["name"] == "Ada Lovelace" and book["20240001"]["ex1"] == "11"
    roster.write_text("name\tmail\nAda\tada@x\n")
    tabbed = run("check", homework / "hw", subs, "--students", roster)
    assert "no column of student ids in the header (read as tab-separated: 'name', 'mail')" in tabbed.output


def test_swapped_arguments_are_recognised(homework, tmp_path):
    answers = write(tmp_path / "ada.yaml", {"exercise": "x", "move": "B"})
    result = run("check", answers, homework / "hw")
    assert result.exit_code == 1
    assert result.output.strip() == f"Error: {answers} is an answer file and {homework / 'hw'} holds keys: the key comes first; " \
                                    f"run tracer check {homework / 'hw'} {answers}"


def test_every_format_says_when_something_is_flagged(homework, tmp_path):
    """Canvas and Moodle take no column of flags, so the command says which rows are flagged; a file nobody can be
    named for still gets a row of its own."""
    ids = exercises(homework)
    subs = tmp_path / "subs"
    ada = write(subs / "ada.yaml", right(homework, ids["20240001", 1]))
    shutil.copy(ada, subs / "ben.yaml")
    write(tmp_path / "loose" / "x1.yaml", right(homework, ids["20240001", 1]))
    for fmt in ("canvas", "moodle"):
        result = CliRunner().invoke(main, ["check", str(homework / "hw"), str(subs), "--format", fmt])
        assert result.exit_code == 0
        assert "note: 1 student's row is flagged (20240002); --format csv lists why" in result.stderr
    unknown = run("check", homework / "hw", tmp_path / "loose", "--format", "csv", "--identity", "off")
    assert rows(unknown.stdout)["20240001"]["ex1"] == "11"  # off: credited to the exercise's student
    warn = rows(run("check", homework / "hw", tmp_path / "loose", "--format", "csv").stdout)
    assert warn["20240001"]["ex1"] == "11" and "who handed it in is not known" in warn["20240001"]["flags"]


def test_a_roster_student_without_a_version_is_flagged_with_the_homeworks_maximum(homework, tmp_path):
    """A roster given to `check` may hold a student the homework made no version for: the row says so, and its
    maximum is the homework's (every version asks the same questions), not 0."""
    (tmp_path / "roster.csv").write_text(ROSTER + "20249999,Zed Late,zed@uni.edu\n")
    subs = tmp_path / "subs"
    write(subs / "ada.yaml", right(homework, exercises(homework)["20240001", 1]))
    book = rows(run("check", homework / "hw", subs, "--format", "csv", "--students", tmp_path / "roster.csv").stdout)
    zed = book["20249999"]
    assert zed["max_total"] == book["20240001"]["max_total"] == str(2 * FULL)
    assert zed["ex1"] == zed["ex2"] == "missing" and "missing: ex1, ex2" in zed["flags"]
    assert "the homework holds no version made for this student" in zed["flags"]
    assert "no version" not in book["20240001"]["flags"]


def test_a_file_of_no_known_student_stays_out_of_the_canvas_and_moodle_imports(homework, tmp_path):
    subs = tmp_path / "subs"
    write(subs / "ada.yaml", right(homework, exercises(homework)["20240001", 1]))
    (subs / "bozuk.yaml").write_text("exercise: {oops\n")  # broken, and its name names no student
    ours = rows(run("check", homework / "hw", subs, "--format", "csv").stdout)
    assert any(key.endswith("bozuk.yaml") for key in ours)  # the TA's gradebook shows it
    for fmt in ("canvas", "moodle"):
        text = run("check", homework / "hw", subs, "--format", fmt).stdout
        assert "bozuk" not in text and "20240001" in text, fmt


def test_gradescope_tells_the_student_why_a_file_scored_0_or_did_not_count(homework, tmp_path):
    """What the staff see in the hidden flags, the student sees in their own words, naming no other student."""
    ids = exercises(homework)
    submission = tmp_path / "submission"
    write(submission / "answers.yaml", right(homework, ids["20240001", 1]))  # Ada's version, handed in by Ben
    strict = json.loads(run("check", homework / "hw", submission, "--format", "gradescope", "--student", "20240002",
                            "--identity", "strict").stdout)
    shown = [t for t in strict["tests"] if t["visibility"] == "visible" and t["name"].startswith("ex1")]
    assert shown and all(t["score"] == 0 for t in shown)
    assert all(t["output"].startswith(f"Scored 0: exercise {ids['20240001', 1]} is another student's version, not yours") for t in shown)
    assert not any("Ada" in t["output"] for t in strict["tests"] if t["visibility"] == "visible")
    replaced = tmp_path / "replaced"
    write(replaced / "part-1.yaml", right(homework, ids["20240002", 1]))
    write(replaced / "part-2.yaml", {"exercise": ids["20240002", 1], "move": "A"})  # later by name, and worse
    later = json.loads(run("check", homework / "hw", replaced, "--format", "gradescope", "--student", "20240002", "--latest", "name").stdout)
    [note] = [t for t in later["tests"] if t["name"].endswith("part-1.yaml: not counted")]
    assert note["visibility"] == "visible" and "part-2.yaml answers the same exercise and counts instead" in note["output"]
