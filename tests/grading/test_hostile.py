"""Hostile and broken input to the checker (issue 15, the grading side): one file can never stop a batch,
leak a file it links to, or put a formula into a gradebook; rosters and keys are refused naming what is wrong.

Each hostile file is written here (the corpus is the table HOSTILE), beside one good file; the batch
must give every file an entry, exit 3, and still write the gradebook.
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
from tracer.grading.check import check_file
from tracer.grading.homework import KeySource
from tracer.trace.hand_in import key_answers
from tracer.trace.key import AnswerKey

SECRET = "TOPSECRET-12345"

HOSTILE = {
    "nested.json": "[" * 400_000 + "]" * 400_000,  # about 1 MB of nesting
    "deep.yaml": "[" * 100_000,  # the YAML library's C parser overflowed its stack on this
    "laughs.yaml": "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\n"
                   "d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]\n"
                   "f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]\ng: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]\n",
    "self.yaml": "&a [1, *a]\n",
    "digits.yaml": "exercise: {id}\nmove: " + "9" * 5000 + "\n",
    "digits.json": '{{"exercise": "{id}", "move": ' + "9" * 5000 + "}}",
    "float.json": '{{"exercise": "{id}", "values": {{"A": 1e999}}}}',
    "tag.yaml": "exercise: {id}\nmove: !!python/name:os.system\n",
    "object.yaml": "exercise: {id}\nmove: !!python/object/apply:os.system [echo hi]\n",
    "int-tag.yaml": "exercise: {id}\nvalues: {{A: !!int \"0x\"}}\n",
    "mytag.yaml": "exercise: {id}\nmove: !mytag B\n",
    "unicode.yaml": "exercise: {id}\nmove: \"\\U001F6001\"\n",
    "nul.yaml": "exercise: {id}\x00\nmove: B\n",
    "big.yaml": "# " + "x" * 1_100_000 + "\n",
}


@pytest.fixture(scope="module")
def homework(tmp_path_factory):
    root = tmp_path_factory.mktemp("hostile")
    made = CliRunner().invoke(main, ["exercise", "new", "-o", str(root / "hw"), "--seed", "15", "--count", "2"])
    assert made.exit_code == 0, made.output
    manifest = json.loads((root / "hw" / "manifest.json").read_text())
    return root, [entry["id"] for entry in manifest["exercises"]]


def good_answers(root: Path, ident: str) -> dict:
    return key_answers(AnswerKey.from_json(json.loads((root / "hw" / "keys" / ident / "key.json").read_text())))


def run(*args):
    return CliRunner().invoke(main, [*map(str, args)])


def test_no_file_stops_the_batch(homework, tmp_path):
    root, ids = homework
    subs = tmp_path / "subs"
    subs.mkdir()
    (subs / "ok.yaml").write_text(yaml.safe_dump(good_answers(root, ids[0])))
    for name, text in HOSTILE.items():
        (subs / name).write_text(text.format(id=ids[0]) if "{id}" in text else text, encoding="utf-8", errors="surrogatepass")
    grades = tmp_path / "grades.csv"
    result = run("check", root / "hw", subs, "--format", "files", "-o", grades)
    assert result.exit_code == 3, result.output
    entries = {Path(row["file"]).name: row for row in csv.DictReader(io.StringIO(grades.read_text()))}
    assert set(entries) == {"ok.yaml", *HOSTILE}
    assert entries["ok.yaml"]["score"] == "9" and not entries["ok.yaml"]["error"]
    for name in HOSTILE:
        assert entries[name]["error"] and entries[name]["score"] == "", name
        assert "Traceback" not in entries[name]["error"]
    assert "nested more than 32 levels deep" in entries["nested.json"]["error"]
    assert "tag !!python/name:os.system is not allowed" in entries["tag.yaml"]["error"]
    assert "longer than any answer needs" in entries["digits.yaml"]["error"]
    assert "aliases" in entries["laughs.yaml"]["error"] and "refers to the value it is part of" in entries["self.yaml"]["error"]
    # the gradebook is written all the same, and the text report lists every file
    book = run("check", root / "hw", subs, "--format", "csv", "-o", tmp_path / "book.csv")
    assert book.exit_code == 3 and (tmp_path / "book.csv").read_text().startswith("id,name,ex1,ex2,total,max_total,flags\n")
    assert len(run("check", root / "hw", subs).stdout.splitlines()) >= len(HOSTILE) + 2


@pytest.mark.parametrize("failure", [MemoryError(), RecursionError("maximum recursion depth exceeded"), ValueError("int too long"), KeyError("x")])
def test_any_failure_becomes_that_files_entry(homework, tmp_path, monkeypatch, failure):
    """Whatever a file makes go wrong (not only tracer's own errors) is that file's entry, in words a TA can read."""
    root, ids = homework
    path = tmp_path / "a.yaml"
    path.write_text(yaml.safe_dump(good_answers(root, ids[0])))

    def explode(_path):
        raise failure

    monkeypatch.setattr("tracer.grading.check.read_documents", explode)
    from tracer.grading.check import Points

    (result,) = check_file(KeySource(root / "hw"), path, Points())
    assert result.error is not None and result.error.startswith(f"{path}: ")
    assert "Traceback" not in result.error and "maximum recursion" not in result.error and "int too long" not in result.error


def test_special_files_are_refused_without_reading_them(homework, tmp_path):
    root, _ = homework
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    result = run("check", root / "hw", fifo, "/dev/zero", "--format", "json")
    assert result.exit_code == 3
    errors = [entry["error"] for entry in json.loads(result.stdout)]
    assert "is not a regular file" in errors[0] and "is not a regular file" in errors[1]


def test_symlinks_in_a_submission_are_never_followed(homework, tmp_path):
    """A student's upload holding links to the key and to a file elsewhere: neither is read, nothing of them is shown."""
    root, ids = homework
    secret = tmp_path / "elsewhere.yaml"
    secret.write_text(f"exercise: {ids[0]}\nmove: {SECRET}\n")
    submission = tmp_path / "autograder" / "submission"
    submission.mkdir(parents=True)
    (submission / "mine.yaml").write_text(yaml.safe_dump(good_answers(root, ids[0])))
    os.symlink(root / "hw" / "keys" / ids[0] / "key.json", submission / "key.json")
    os.symlink(secret, submission / "secret.yaml")
    os.symlink(tmp_path, submission / "folder")
    outputs = [run("check", root / "hw", submission, "--format", fmt) for fmt in ("text", "json", "files", "csv", "gradescope")]
    key_text = (root / "hw" / "keys" / ids[0] / "key.json").read_text()
    for result in outputs:
        assert result.exit_code == 3
        assert SECRET not in result.output and "tracer-key" not in result.output and key_text[:200] not in result.output
    gradescope = json.loads(outputs[-1].stdout)
    linked = [t for t in gradescope["tests"] if "could not be checked" in t["name"]]
    assert len(linked) == 3 and all("symbolic link" in t["output"] for t in linked)
    assert gradescope["score"] == 9  # the student's own file still counts


def test_csv_cells_cannot_be_formulas(tmp_path):
    """Names, ids, exercise ids and file names from students never reach a spreadsheet as formulas."""
    roster = tmp_path / "roster.csv"
    roster.write_text('id,name\n=1+1,@SUM(A1)\n+cmd,-2+3\n"-bad",\t=tab\n')
    made = run("exercise", "new", "-o", tmp_path / "hw", "--seed", "1", "--students", roster)
    assert made.exit_code == 1 and "control character (U+0009)" in made.output  # a tab inside a field is refused
    roster.write_text('id,name\n=1+1,@SUM(A1)\n+cmd,-2+3\n"-bad",=HYPERLINK("x")\n')
    made = run("exercise", "new", "-o", tmp_path / "hw", "--seed", "1", "--students", roster)
    assert made.exit_code == 0, made.output
    manifest = json.loads((tmp_path / "hw" / "manifest.json").read_text())
    subs = tmp_path / "subs"
    subs.mkdir()
    for n, entry in enumerate(manifest["exercises"]):
        answers = key_answers(AnswerKey.from_json(json.loads((tmp_path / "hw" / entry["key"] / "key.json").read_text())))
        answers["student"] = entry["student"]["id"]
        (subs / f"=cmd{n}.yaml").write_text(yaml.safe_dump(answers))
    (subs / "@evil.yaml").write_text("exercise: '=2+2'\nmove: B\n")
    for fmt in ("files", "csv", "canvas", "moodle"):
        text = run("check", tmp_path / "hw", subs, "--format", fmt).stdout
        for row in csv.reader(io.StringIO(text)):
            for cell in row:
                assert not cell.startswith(("=", "+", "-", "@", "\t", "\r")), (fmt, cell)
        assert "'=1+1" in text or (fmt == "moodle" and "'@SUM(A1)" in text)


def test_rosters_are_bounded_and_ids_never_clash(tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text("id,name\n1," + "x" * 200_000 + "\n")
    refused = run("exercise", "new", "-o", tmp_path / "a", "--seed", "1", "--students", roster)
    assert refused.exit_code == 1 and "roster.csv:2: a field is longer than a roster field may be (1,000 characters at most)" in refused.output
    long_id = "student-" + "x" * 300
    roster.write_text(f"id;name\n李雷;Li Lei\n李明;Li Ming\nДмитрий;Dmitri\n{long_id};Long\n")
    made = run("exercise", "new", "-o", tmp_path / "b", "--seed", "1", "--students", roster)
    assert made.exit_code == 0, made.output
    manifest = json.loads((tmp_path / "b" / "manifest.json").read_text())
    folders = [entry["handout"] for entry in manifest["exercises"]]
    assert len(set(folders)) == 4 and all(len(Path(folder).parts[1]) <= 40 for folder in folders)
    # each of them is checked and credited to its own id
    subs = tmp_path / "subs"
    subs.mkdir()
    for n, entry in enumerate(manifest["exercises"]):
        answers = key_answers(AnswerKey.from_json(json.loads((tmp_path / "b" / entry["key"] / "key.json").read_text())))
        (subs / f"{n}.yaml").write_text(yaml.safe_dump({"student": entry["student"]["id"], **answers}, allow_unicode=True))
    book = list(csv.DictReader(io.StringIO(run("check", tmp_path / "b", subs, "--format", "csv").stdout)))
    assert [row["id"] for row in book] == ["李雷", "李明", "Дмитрий", long_id] and all(row["ex1"] == "9" for row in book)


@pytest.mark.parametrize(
    "change, field",
    [
        (lambda key: key["nodes"][1].pop("path"), "nodes[1].path"),
        (lambda key: key["nodes"].__setitem__(2, 7), "nodes[2]"),
        (lambda key: key["questions"].append({"id": "colour"}), "questions[4]"),
        (lambda key: key.__setitem__("unvisited", 5), "unvisited"),
        (lambda key: key.__setitem__("exercise", ["a"]), "exercise"),
    ],
)
def test_keys_with_bad_fields_are_refused_naming_the_field(homework, tmp_path, change, field):
    root, ids = homework
    hw = tmp_path / "hw"
    shutil.copytree(root / "hw", hw)
    key_file = hw / "keys" / ids[0] / "key.json"
    data = json.loads(key_file.read_text())
    change(data)
    key_file.write_text(json.dumps(data))
    answers = tmp_path / "a.yaml"
    answers.write_text(yaml.safe_dump(good_answers(root, ids[0])))
    alone = run("check", key_file, answers)
    assert alone.exit_code == 1 and field in alone.output and "Traceback" not in alone.output
    in_homework = run("check", hw, answers, "--format", "json")
    assert in_homework.exit_code == 3 and field in json.loads(in_homework.stdout)[0]["error"]


def _walked(path):
    """The answer files in a folder as os.walk finds them: the reference the single listing (issue 14) must agree with."""
    from tracer.grading.check import ANSWER_SUFFIXES

    found = []
    for folder, folders, names in os.walk(path, followlinks=False):
        here = Path(folder)
        folders[:] = sorted(name for name in folders if not name.startswith("."))
        found += [(here / name, "folder link") for name in folders if (here / name).is_symlink()]
        found += [(here / name, "link" if (here / name).is_symlink() else None) for name in names
                  if not name.startswith(".") and (here / name).suffix.lower() in ANSWER_SUFFIXES]
    return sorted(found)


def test_a_folder_is_listed_once_and_finds_what_a_walk_finds(tmp_path):
    """Files in nested folders, hidden ones, upper-case suffixes, links to files, folders and nowhere,
    a FIFO: collect_files reads each folder's listing once and finds what os.walk finds."""
    from tracer.grading.check import collect_files

    root = tmp_path / "submissions"
    (root / "ada" / "late").mkdir(parents=True)
    (root / ".git").mkdir()
    for name in ("a.yaml", "B.YML", "c.json", "notes.txt", ".hidden.yaml", "ada/hw.yaml", "ada/late/hw2.yml", ".git/x.yaml", "x.", "y..yaml"):
        (root / name).write_text("move: B\n")
    (root / "folder.yaml").mkdir()
    (root / "folder.yaml" / "inner.json").write_text("{}")
    os.symlink(root / "a.yaml", root / "link.yaml")
    os.symlink(root / "a.yaml", root / "link.txt")
    os.symlink(tmp_path / "nowhere.yaml", root / "broken.yaml")
    os.symlink(tmp_path, root / "ada" / "up")
    os.symlink(tmp_path, root / ".hidden-link")
    os.symlink(root / "loop.yaml", root / "loop.yaml")  # a link to itself, and one through a file: where they lead cannot be asked
    os.symlink(root / "a.yaml" / "x", root / "through.yaml")
    os.symlink(root / "loop.yaml", root / "to-loop")
    os.mkfifo(root / "pipe.yaml")
    found = collect_files([root])
    assert [(item.path, None if item.problem is None else ("folder link" if "folder" in item.problem else "link")) for item in found] \
        == _walked(root)
    assert {item.root for item in found} == {root} and len(found) == 13
