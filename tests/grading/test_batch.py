"""A whole class at once: 200 students, some bad files; the report shapes; the command's exit status."""

from __future__ import annotations

import csv
import dataclasses
import functools
import io
import json
import time
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from tracer.cli import main
from tracer.trace.hand_in import key_answers
from tracer.trace.key import AnswerKey

N = 200
BAD = {
    7: ("yaml", "exercise: {id}\nvalues: {{A: 3, B: >= 2}}\n", "not valid YAML"),
    23: ("yaml", "exercise: {id}\nmove: !!python/name:os.system\n", "the YAML tag !!python/name:os.system is not allowed"),
    42: ("yaml", "exercise: someone-else\nmove: B\n", "no exercise 'someone-else'"),
    77: ("json", '{{"exercise": "{id}", "move": }}', "not valid JSON"),
    101: ("yaml", "", "the file is empty"),
    150: ("bin", "", "not text (it holds NUL bytes)"),
    199: ("yaml", "move: B\n", "no exercise id"),
}


@pytest.fixture(scope="module")
def classroom(tmp_path_factory):
    """200 students' versions, written by the command line, and one answer file each."""
    root = tmp_path_factory.mktemp("class")
    roster = root / "roster.csv"
    roster.write_text("id,name\n" + "".join(f"s{i:03d},Student {i}\n" for i in range(N)))
    result = CliRunner().invoke(
        main, ["exercise", "new", "-o", str(root / "hw"), "--seed", "2024", "--students", str(roster), "--min-cutoffs", "1",
               "--questions", "minimax,values,not_examined,move,window,order"],
    )
    assert result.exit_code == 0, result.output
    manifest = json.loads((root / "hw" / "manifest.json").read_text())
    submissions = root / "submissions"
    submissions.mkdir()
    for i, entry in enumerate(manifest["exercises"]):
        key = AnswerKey.from_json(json.loads((root / "hw" / entry["key"] / "key.json").read_text()))
        name = submissions / f"s{i:03d}"
        if i in BAD:
            kind, text, _ = BAD[i]
            if kind == "bin":
                name.with_suffix(".yaml").write_bytes(b"\xff\xfe\x00PDF")
            else:
                name.with_suffix("." + kind).write_text(text.format(id=entry["id"]))
            continue
        answers = key_answers(key)
        if i % 3 == 1:  # partly right: one value off
            node = next(iter(answers["minimax"]))
            answers["minimax"][node] += 1
        if i % 5 == 2:
            answers["not_examined"] = []
        name.with_suffix(".yaml").write_text(yaml.safe_dump(answers, allow_unicode=True))
    return root


def run(*args):
    return CliRunner().invoke(main, ["check", *map(str, args)])


def test_batch_goes_on_past_bad_files(classroom):
    started = time.perf_counter()
    result = run(classroom / "hw", classroom / "submissions", "--format", "json")
    elapsed = time.perf_counter() - started
    assert result.exit_code == 3
    data = json.loads(result.stdout)
    assert len(data) == N
    errors = {Path(entry["file"]).stem: entry["error"] for entry in data if entry["error"]}
    assert set(errors) == {f"s{i:03d}" for i in BAD}
    for i, (_kind, _text, words) in BAD.items():
        assert words in errors[f"s{i:03d}"]
        assert errors[f"s{i:03d}"].startswith(str(classroom / "submissions" / f"s{i:03d}"))
    checked = [entry for entry in data if not entry["error"]]
    assert all(set(e) == {"file", "document", "exercise", "student", "submitter", "score", "max_score", "tests", "error", "flags", "counted"}
               for e in data)
    assert all(e["submitter"] == Path(e["file"]).stem for e in checked)  # each file is named by its student's id
    assert not any(e["flags"] for e in checked)
    assert all(set(t) == {"name", "score", "max_score", "output"} for e in checked for t in e["tests"])
    full = [e for e in checked if e["score"] == e["max_score"] == 11]
    assert len(full) == len([i for i in range(N) if i not in BAD and i % 3 != 1 and i % 5 != 2])
    assert all(e["score"] is None for e in data if e["error"])
    assert elapsed / N < 0.1  # the benchmark holds the real line (20 ms); this only catches disasters


def test_files_csv(classroom):
    result = run(classroom / "hw", classroom / "submissions", "--format", "files")
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert len(rows) == N
    assert list(rows[0]) == ["file", "document", "exercise", "student", "submitter", "score", "max_score", "minimax", "values", "not_examined",
                             "move", "window", "order", "counted", "flags", "error"]
    bad = [row for row in rows if row["error"]]
    assert len(bad) == len(BAD) and all(row["score"] == "" for row in bad)
    assert rows[0]["exercise"].startswith("s000-ex1-") and rows[0]["score"] == "11"
    for row in rows:  # the questions' points add up to the score as written
        if row["score"]:
            parts = [float(row[q]) for q in ("minimax", "values", "not_examined", "move", "window", "order")]
            assert abs(sum(parts) - float(row["score"])) < 1e-9


def test_gradebook_csv(classroom):
    result = run(classroom / "hw", classroom / "submissions", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [row["id"] for row in rows] == [f"s{i:03d}" for i in range(N)]  # the roster's order, one row each
    assert list(rows[0]) == ["id", "name", "ex1", "total", "max_total", "flags"]
    assert rows[0] == {"id": "s000", "name": "Student 0", "ex1": "11", "total": "11", "max_total": "11", "flags": ""}
    for i in BAD:
        row = rows[i]
        assert row["ex1"] == "missing" and row["total"] == "0" and "could not be checked" in row["flags"]


def test_text_report_one_row_per_student(classroom):
    result = run(classroom / "hw", classroom / "submissions")
    lines = result.stdout.splitlines()
    assert len(lines) == N + 2
    assert lines[-1].startswith(f"Checked {N - len(BAD)} of {N} files; {len(BAD)} could not be checked; mean score")


def test_gradescope_results_json(classroom, tmp_path):
    out = tmp_path / "results" / "results.json"
    result = run(classroom / "hw", classroom / "submissions" / "s001.yaml", "--format", "gradescope", "-o", out)
    assert result.exit_code == 0
    data = json.loads(out.read_text())
    assert set(data) == {"score", "output", "visibility", "tests"}
    assert data["score"] < 11 and len(data["tests"]) == 6
    assert all(set(t) == {"name", "score", "max_score", "output", "visibility"} for t in data["tests"])
    bad = run(classroom / "hw", classroom / "submissions" / "s023.yaml", "--format", "gradescope")
    assert bad.exit_code == 3
    data = json.loads(bad.stdout)
    assert data["score"] == 0 and any("python/name" in test["output"] and test["visibility"] == "visible" for test in data["tests"])


def test_exit_status(classroom, tmp_path):
    good = classroom / "submissions" / "s000.yaml"
    assert run(classroom / "hw", good).exit_code == 0
    assert run(classroom / "hw", good, classroom / "submissions" / "s007.yaml").exit_code == 3
    assert run(tmp_path / "nowhere", good).exit_code == 1  # no key: nothing checked
    points = tmp_path / "points.yaml"
    points.write_text("minimax: many\n")
    result = run(classroom / "hw", good, "--points", points)
    assert result.exit_code == 1 and "points.yaml:1:10: 'minimax' needs a number" in result.output
    assert run(classroom / "hw").exit_code == 2  # no answers: wrong usage
    assert run(classroom / "hw", tmp_path / "missing.yaml").exit_code == 3


def test_single_key_file(classroom):
    folder = next(p for p in sorted((classroom / "hw" / "keys").iterdir()) if p.is_dir())
    result = run(folder / "key.json", classroom / "submissions" / "s000.yaml")
    assert result.exit_code == 0 and "11 / 11" in result.stdout and "Right: MAX moves to" in result.stdout
    other = run(folder / "key.json", classroom / "submissions" / "s001.yaml")
    assert other.exit_code == 3 and "but the key is for" in other.stdout


@pytest.mark.parametrize("fmt", ["text", "json", "csv"])
def test_workers_report_what_one_process_reports(classroom, monkeypatch, fmt):
    """200 files are checked by forked workers where the machine has two cores (tracer.grading.batch);
    the report is the one a single process writes, byte for byte."""
    root = classroom
    reports = {}
    for jobs in ("1", "2"):
        monkeypatch.setenv("TRACER_JOBS", jobs)
        result = run(root / "hw", root / "submissions", "--format", fmt)
        reports[jobs] = result.output
    assert reports["1"] == reports["2"] and "s005" in reports["1"]


def test_an_unforeseen_failure_names_the_file_asks_for_a_report_and_the_batch_goes_on(classroom, monkeypatch):
    """A bug in tracer while checking one file (here a KeyError, planted) costs that file, not the batch,
    and its message says it is tracer's fault rather than the student's."""
    import tracer.grading.check as check

    original = check.check_submission

    def broken_on_s000(key, submission, *args, **kwargs):
        if Path(submission.source).stem == "s000":
            raise KeyError("planted")
        return original(key, submission, *args, **kwargs)

    monkeypatch.setattr(check, "check_submission", broken_on_s000)
    monkeypatch.setenv("TRACER_JOBS", "1")
    result = run(classroom / "hw", classroom / "submissions", "--format", "json")
    data = {Path(entry["file"]).stem: entry for entry in json.loads(result.stdout)}
    assert len(data) == N
    error = data["s000"]["error"]
    assert error.startswith(str(classroom / "submissions" / "s000"))
    assert "tracer met an error it did not foresee (KeyError)" in error and "please report it" in error
    assert "planted" not in error  # no internals
    assert data["s003"]["error"] is None and data["s003"]["score"] == 11  # the others are checked


@pytest.mark.parametrize("fmt, explained", [("text", False), ("csv", False), ("files", False), ("canvas", False), ("moodle", False),
                                            ("json", True)])
def test_feedback_is_worked_out_for_the_reports_that_show_it(classroom, monkeypatch, fmt, explained):
    """A gradebook or a row per file shows scores alone: no key's search is replayed to explain a wrong
    value (issue 14), and the report is the one written when feedback is worked out."""
    from tracer.grading.keys import PreparedKey

    monkeypatch.setenv("TRACER_JOBS", "1")
    full = run(classroom / "hw", classroom / "submissions", "--format", fmt).output
    replays = []
    original = PreparedKey.stories.func

    def counted(key):
        replays.append(key.exercise)
        return original(key)

    monkeypatch.setattr(PreparedKey, "stories", functools.cached_property(counted))
    PreparedKey.stories.__set_name__(PreparedKey, "stories")
    assert run(classroom / "hw", classroom / "submissions", "--format", fmt).output == full
    assert bool(replays) is explained


def test_scores_without_feedback_are_the_scores_with_it(classroom):
    """check_paths(feedback=False): the same results, but each test's output is empty."""
    from tracer.grading import KeySource, Points, check_paths

    keys = KeySource(classroom / "hw")
    explained = check_paths(keys, [classroom / "submissions"], Points())
    scored = check_paths(KeySource(classroom / "hw"), [classroom / "submissions"], Points(), feedback=False)
    assert any(test.output for result in explained for test in result.tests)
    assert all(test.output == "" for result in scored for test in result.tests)
    blank = [dataclasses.replace(result, tests=[dataclasses.replace(test, output="") for test in result.tests]) for result in explained]
    assert scored == blank


def test_a_key_source_keeps_the_keys_read_last_and_lets_the_others_go(classroom, monkeypatch):
    """A shared exercise's key is read once however many files answer it, while a class's own versions
    do not pile up in memory (issue 14: a class's thousand keys took 18 MB)."""
    from tracer.grading import homework

    source = homework.KeySource(classroom / "hw")
    reads = []
    original = homework.load_key

    def counted(path):
        reads.append(Path(path).parent.name)
        return original(path)

    monkeypatch.setattr(homework, "load_key", counted)
    ids = sorted(source.folders)
    assert len(ids) > homework.KEYS_KEPT + 1
    first = source.load(ids[0])
    assert source.load(ids[0].upper()) is first and len(reads) == 1  # read once, in any case
    for ident in ids[1 : homework.KEYS_KEPT]:
        source.load(ident)
    assert source.load(ids[0]) is first  # the last KEYS_KEPT keys are all kept
    assert len(reads) == homework.KEYS_KEPT
    source.load(ids[homework.KEYS_KEPT])  # one more: the key read longest ago goes, not ids[0] (read just now)
    assert source.load(ids[0]) is first
    source.load(ids[1])
    assert reads.count(ids[1]) == 2 and len(source._loaded) == homework.KEYS_KEPT


def test_a_result_comes_back_from_a_worker_whole():
    """Results are pickled as their fields in order (issue 14): every field, set to something other than its
    default, comes back equal, and so does a test's."""
    import pickle

    from tracer.grading.check import Result, TestResult

    test = TestResult("values", "2. Alpha-beta values", 1.5, 3.0, "First wrong step: ...")
    values = {"file": "a.yaml", "exercise": "ex1-0a0b", "student": "s1", "score": 1.5, "max_score": 3.0, "tests": [test],
              "error": "boom", "submitter": "s2", "owner": "s1", "index": 1, "document": 2, "flags": ["late"], "counted": False,
              "claimed": "Ada", "notes": ["Not counted."]}
    assert set(values) == {field.name for field in dataclasses.fields(Result)}  # a new field needs a value here
    result = Result(**values)
    back = pickle.loads(pickle.dumps(result))
    assert back == result and back.tests[0] == test and back is not result
    assert {name: getattr(back, name) for name in values} == values


@pytest.mark.parametrize("listed_first", [True, False])
def test_a_homework_without_a_manifest_reads_each_key_once(classroom, tmp_path, monkeypatch, listed_first):
    """Without manifest.json the homework is listed from its keys (whose student each is); those keys are
    kept for checking, and listed once, however often the students and numbers are asked for, before
    the check or after it."""
    import shutil

    from tracer.grading import Points, check_paths, homework

    hw = tmp_path / "hw"
    shutil.copytree(classroom / "hw" / "keys", hw / "keys")
    reads = []
    original = homework.load_key

    def counted(path):
        reads.append(Path(path).parent.name.casefold())
        return original(path)

    monkeypatch.setattr(homework, "load_key", counted)
    monkeypatch.setenv("TRACER_JOBS", "1")
    source = homework.KeySource(hw)
    assert source.manifest is None
    if listed_first:
        assert len(source.students()) == N
    results = check_paths(source, [classroom / "submissions"], Points(), feedback=False)
    assert len(source.students()) == N
    assert [entry.id for entry in source.exercises()] == [entry.id for entry in source.exercises()]
    assert sorted(reads) == sorted(source.folders) and len(reads) == N  # each key once, for all of that
    assert sum(result.checked for result in results) == N - len(BAD)


@pytest.mark.parametrize("where, given", [("hw/keys", "."), ("hw/keys", "./"), ("hw", "keys"), ("hw", "."), ("", "hw")])
def test_a_homework_names_its_key_files_as_pathlib_does(classroom, monkeypatch, where, given):
    """The key files of a homework's folder are kept as texts (issue 14), spelled as pathlib spells
    them: a message about a key names it the same way, whatever way the folder was given."""
    from tracer.grading.homework import KeySource

    monkeypatch.chdir(classroom / where)
    source = KeySource(given)
    assert source.folders
    for ident, key_file in source.folders.items():
        folder = Path(key_file).parent.parent
        assert key_file == str(folder / Path(key_file).parent.name / "key.json") and Path(key_file).parent.name.casefold() == ident
        assert not key_file.startswith("./") and (folder == Path(given) or folder == Path(given) / "keys")
