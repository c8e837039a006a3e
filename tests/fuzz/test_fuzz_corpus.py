"""The hostile corpus through the command line, in a child process: no traceback, no crash, no hang,
nothing changed outside the output folder and nothing of the sentinel's shown.

Every file in ``corpus/<reader>/`` is given to the commands that read that kind of file (a tree
to ``tracer key`` and ``tracer trace``; an answer file to ``tracer check`` with a good key; a key
to ``tracer check`` with a good answer file; a points file to ``check --points``; a roster to
``check --students`` and ``exercise new --students``; a fence's options to the site's reader),
beside what is too large or too special to keep in git (:func:`generated_cases`: a megabyte of
nesting, 100,000 brackets, ``/dev/zero``, a FIFO, links out of a submission, edited traces and
keys). The cases run in ``corpus_runner.py``, a child process, so that a segmentation fault or a
stack overflow in a C parser is seen (and counted) instead of ending the test run.
"""

from __future__ import annotations

import json
import os
import resource
import selectors
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from fuzz_readers import write_report
from sentinel import SECRET, Sentinel

from tracer.cli import main

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "corpus"
CLEAN_EXITS = {0, 1, 2, 3}
"""0 done, 1 a one-line error, 2 a usage error (click), 3 check: some file could not be checked."""
CASE_SECONDS = 60
MEMORY = 3 * 1024**3
"""The child's address space: a memory bomb ends in a refusal or a MemoryError, not a swapping machine."""

COUNTS: dict[str, Counter[str]] = {}


def corpus_cases(work: Path, key: Path, answer: Path) -> list[dict[str, Any]]:
    """The command lines run on each file of the corpus (paths as found in ``corpus/``)."""
    cases: list[dict[str, Any]] = []

    def add(kind: str, name: str, argv: list[str], stdin: str | None = None) -> None:
        cases.append({"id": f"{kind}/{name}#{len(cases)}", "kind": kind, "argv": argv, "stdin": stdin})

    for path in sorted((CORPUS / "tree").iterdir()):
        add("tree", path.name, ["key", str(path)])
        add("tree", path.name, ["trace", str(path), "-o", str(work / "out" / f"{path.stem}.trace.json")])
    for path in sorted((CORPUS / "trace").iterdir()):
        add("trace", path.name, ["key", str(path), "--format", "markdown"])
    for path in sorted((CORPUS / "key").iterdir()):
        add("key", path.name, ["check", str(path), str(answer)])
    for path in sorted((CORPUS / "answers").iterdir()):
        add("answers", path.name, ["check", str(key), str(path), "--format", "csv"])
    for path in sorted((CORPUS / "points").iterdir()):
        add("points", path.name, ["check", str(key), str(answer), "--points", str(path)])
    for path in sorted((CORPUS / "roster").iterdir()):
        add("roster", path.name, ["check", str(key), str(answer), "--students", str(path), "--format", "csv"])
        add("roster", path.name, ["exercise", "new", "-o", str(work / "out" / f"ex-{path.stem}"), "--seed", "1", "--students", str(path)])
    for number, line in enumerate((CORPUS / "fence" / "options.txt").read_text(encoding="utf-8").splitlines()):
        cases.append({"id": f"fence/options.txt:{number + 1}", "kind": "fence", "fence": line})
    return cases


def generated_cases(work: Path, key: Path, answer: Path, sentinel: Path) -> list[dict[str, Any]]:
    """Cases too large or too special for git, made in ``work/made`` (inside the output folder)."""
    made = work / "made"
    made.mkdir()
    cases: list[dict[str, Any]] = []

    def file(name: str, text: str | bytes) -> str:
        path = made / name
        path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
        return str(path)

    def add(kind: str, name: str, argv: list[str], stdin: str | None = None) -> None:
        cases.append({"id": f"{kind}/made:{name}#{len(cases)}", "kind": kind, "argv": argv, "stdin": stdin})

    trees = {
        "nested-1mb.json": "[" * 500_000 + "]" * 500_000,
        "object-50000.json": '{"children": [' * 50_000 + "1" + "]}" * 50_000,
        "bracket-80000.json": "[" * 80_000 + "1" + "]" * 80_000,
        "bracket-yaml-100000.yaml": "[" * 100_000,
        "mapping-yaml-100000.yaml": "{a: " * 100_000,
        "block-yaml-deep.yaml": "".join(" " * i + "- \n" for i in range(0, 4000, 1)),
        "huge-branching.json": "[" + ", ".join(["1"] * 20_000) + "]",
    }
    for name, text in trees.items():
        add("tree", name, ["key", file(name, text)])
    add("trace", "fake-100kb.json", ["key", file("fake-100kb.json", '{"format": "tracer-trace", "version": 2, "nodes": ' + "[" * 50_000 + "]" * 50_000 + "}")])
    add("trace", "fake-render.json", ["render", str(made / "fake-100kb.json"), "-o", str(work / "out" / "render-fake")])
    # edited copies of a real trace (the reader must refuse or accept them, never crash)
    real = work / "real.trace.json"
    assert CliRunner().invoke(main, ["trace", str(HERE / "corpus" / "tree" / "xss-labels.json"), "-o", str(real)]).exit_code == 0
    lines = real.read_text(encoding="utf-8").splitlines()
    for index in range(0, len(lines), max(1, len(lines) // 12)):
        for edit, replacement in (("drop", None), ("garble", lines[index][::-1]), ("numbers", lines[index].replace("1", "9" * 500))):
            changed = lines[:index] + ([] if replacement is None else [replacement]) + lines[index + 1 :]
            add("trace", f"edited-{edit}-{index}.json", ["key", file(f"edited-{edit}-{index}.json", "\n".join(changed))])
    # tracer's own line layout with one line nested 50,000 deep: the header, a node row, an event, the result
    deep = "[" * 50_000 + "]" * 50_000
    text = real.read_text(encoding="utf-8")
    node_at = text.index('"nodes": [\n') + len('"nodes": [\n')
    event_at = text.index('"events": [\n') + len('"events": [\n')
    for name, changed in (
        ("header", text.replace('"format": "tracer-trace"', '"format": ' + deep, 1)),
        ("settings", text.replace('"settings": {', '"settings": {"x": ' + deep + ", ", 1)),
        ("node-row", text[:node_at] + deep + ",\n" + text[node_at:]),
        ("event", text[:event_at] + deep + ",\n" + text[event_at:]),
        ("result", text[: text.rindex('"result": ')] + '"result": ' + deep + "\n}\n"),
    ):
        path = file(f"deep-line-{name}.json", changed)
        add("trace", f"deep-line-{name}.json", ["key", path])
        add("trace", f"deep-line-{name}.json", ["render", path, "-o", str(work / "out" / f"render-{name}"), "--steps", "final"])
    key_data = json.loads(key.read_text(encoding="utf-8"))
    for field in list(key_data):
        for name, value in (("missing", ...), ("null", None), ("int", 5), ("list", [1, "x"]), ("text", "x" * 300)):
            edited = {k: v for k, v in key_data.items() if k != field} if value is ... else {**key_data, field: value}
            add("key", f"{field}-{name}.json", ["check", file(f"key-{field}-{name}.json", json.dumps(edited)), str(answer)])
    nodes = key_data.get("nodes") or []
    if nodes:
        for name, node in (("no-path", {k: v for k, v in nodes[0].items() if k != "path"}), ("integer", 5), ("path-deep", {**nodes[0], "path": "0." * 5000})):
            add("key", f"node-{name}.json", ["check", file(f"key-node-{name}.json", json.dumps({**key_data, "nodes": [node, *nodes[1:]]})), str(answer)])
    add("key", "laughs.json", ["check", file("key-laughs.json", json.dumps({**key_data, "exercise": "x" * 100_000})), str(answer)])
    add("answers", "nested-1mb.json", ["check", str(key), str(made / "nested-1mb.json")])
    add("answers", "deep.yaml", ["check", str(key), file("answers-deep.yaml", "[" * 100_000)])
    add("answers", "big.yaml", ["check", str(key), file("answers-big.yaml", "# " + "x" * 1_100_000 + "\n")])
    add("roster", "field-200kb.csv", ["check", str(key), str(answer), "--students", file("roster-200kb.csv", "id,name\ns1," + "n" * 200_000 + "\n")])
    add("roster", "many-columns.csv", ["check", str(key), str(answer), "--students",
                                       file("roster-columns.csv", ",".join(f"c{i}" for i in range(5000)) + ",id\n" + "x," * 5000 + "s1\n")])
    # special files: never read whole, never waited on
    fifo = made / "fifo.json"
    os.mkfifo(fifo)
    for name, path in (("dev-zero", "/dev/zero"), ("dev-urandom", "/dev/urandom"), ("fifo", str(fifo)), ("folder", str(made))):
        if not Path(path).exists():
            continue
        add("tree", name, ["key", path])
        add("answers", name, ["check", str(key), path])
        add("points", name, ["check", str(key), str(answer), "--points", path])
        add("roster", name, ["check", str(key), str(answer), "--students", path])
        add("key", name, ["check", path, str(answer)])
    add("tree", "stdin-dev-zero", ["key", "-"], stdin="/dev/zero")
    add("tree", "stdin-dev-urandom", ["key", "-"], stdin="/dev/urandom")
    # a submission folder whose links point at the sentinel: never followed, never shown
    submission = made / "submission"
    submission.mkdir()
    (submission / "answers.yaml").symlink_to(sentinel / "keep.txt")
    (submission / "inner").symlink_to(sentinel / "inner", target_is_directory=True)
    (submission / "key.json").symlink_to(sentinel / "key.json")
    add("answers", "links-out", ["check", str(key), str(submission)])
    add("answers", "link-out-file", ["check", str(key), str(submission / "answers.yaml")])
    return cases


def run_cases(cases: list[dict[str, Any]], work: Path) -> dict[str, dict[str, Any]]:
    """Every case through corpus_runner.py; a child that dies or hangs is counted and replaced."""
    cases_file = work / "cases.json"
    cases_file.write_text(json.dumps(cases), encoding="utf-8")
    results: dict[str, dict[str, Any]] = {}
    first = 0
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(HERE), os.environ.get("PYTHONPATH", "")]), "TRACER_JOBS": "1"}

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))

    while first < len(cases):
        child = subprocess.Popen(
            [sys.executable, str(HERE / "corpus_runner.py"), str(cases_file), str(first)], cwd=work / "out",
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, preexec_fn=limit,
        )
        assert child.stdout is not None
        selector = selectors.DefaultSelector()
        selector.register(child.stdout, selectors.EVENT_READ)
        started: str | None = None
        while True:
            if not selector.select(timeout=CASE_SECONDS):
                child.kill()
                child.wait()
                results[started or cases[first]["id"]] = {"hang": True}
                break
            line = child.stdout.readline()
            if not line:
                code = child.wait()
                if started is not None:  # it died inside a case
                    results[started] = {"crash": code, "stderr": child.stderr.read()[-2000:] if child.stderr else ""}
                break
            report = json.loads(line)
            if "start" in report:
                started = report["start"]
            else:
                results[report["end"]] = report
                started = None
        selector.close()
        done = [case["id"] for case in cases]
        first = max((done.index(key) for key in results), default=first - 1) + 1
    return results


@pytest.fixture(scope="module")
def corpus_run(tmp_path_factory):
    root = tmp_path_factory.mktemp("corpus")
    work = root / "work"
    (work / "out").mkdir(parents=True)
    sentinel = Sentinel(root / "sentinel")
    made = CliRunner().invoke(main, ["exercise", "new", "--tree", str(CORPUS / "tree" / "xss-labels.json"), "-o", str(work / "hw"), "--seed", "1"])
    assert made.exit_code == 0, made.output
    key = next((work / "hw" / "keys").glob("*/key.json"))
    answer = work / "answer.yaml"
    answer.write_text(f"exercise: {key.parent.name}\nstudent: ada\nmove: B\n", encoding="utf-8")
    cases = corpus_cases(work, key, answer) + generated_cases(work, key, answer, sentinel.folder)
    results = run_cases(cases, work)
    return cases, results, sentinel, work


def test_the_corpus_covers_every_reader(corpus_run):
    cases, _, _, _ = corpus_run
    kinds = Counter(case["kind"] for case in cases)
    assert set(kinds) == {"tree", "trace", "key", "answers", "points", "roster", "fence"}, kinds
    assert sum(kinds.values()) >= 300


def test_no_case_crashes_hangs_or_gives_a_traceback(corpus_run):
    cases, results, _, _ = corpus_run
    bad = []
    for case in cases:
        result = results.get(case["id"], {"lost": True})
        counts = COUNTS.setdefault(case["kind"], Counter())
        counts["inputs"] += 1
        if "crash" in result or "hang" in result or "lost" in result:
            counts["crash"] += 1
            bad.append((case["id"], case.get("argv"), result))
        elif result["traceback"] or result["code"] not in CLEAN_EXITS:
            counts["traceback"] += 1
            bad.append((case["id"], case.get("argv"), result))
        elif result["code"] != 0:
            counts["refused"] += 1
        else:
            counts["ok"] += 1
    write_report({f"corpus:{kind}": counts for kind, counts in COUNTS.items()})
    assert not bad, "\n\n".join(f"{ident} {argv}:\n{result}" for ident, argv, result in bad[:10])


def test_refusals_are_one_line_messages(corpus_run):
    cases, results, _, _ = corpus_run
    for case in cases:
        result = results.get(case["id"], {})
        if result.get("code") == 1 and "argv" in case:
            lines = [line for line in result["output"].splitlines() if line.startswith("Error:")]
            assert len(lines) == 1, (case["id"], result["output"])


def test_nothing_outside_the_output_folder_changed_and_no_secret_was_shown(corpus_run):
    _, results, sentinel, work = corpus_run
    sentinel.check()
    assert not any(SECRET in (result.get("output") or "") for result in results.values())
    for path in (work / "out").rglob("*"):
        if path.is_file() and not path.is_symlink() and path.stat().st_size < 5_000_000:
            assert SECRET.encode() not in path.read_bytes(), path


MUST_REFUSE = (
    "tree/tag-", "tree/alias-self", "tree/alias-laughs", "tree/alias-undefined", "tree/digits-", "tree/nul-byte", "tree/latin1",
    "tree/utf16", "tree/binary", "tree/surrogate", "tree/empty", "tree/label-newline", "tree/label-rlo", "tree/label-long",
    "tree/prob-fraction-out", "tree/unicode-escape-bad", "tree/made:nested-1mb", "tree/made:object-50000",
    "tree/made:bracket-80000", "tree/made:bracket-yaml-100000", "tree/made:mapping-yaml-100000", "tree/made:dev-", "tree/made:fifo",
    "tree/made:folder", "tree/made:stdin-dev-", "key/made:dev-", "key/made:fifo", "points/tag", "points/laughs", "points/digits",
    "points/made:dev-", "points/made:fifo", "roster/made:dev-", "roster/made:fifo", "roster/made:field-200kb", "roster/nul",
    "roster/bidi", "roster/newline-in-quotes", "trace/made:fake-100kb", "trace/version-99", "trace/not-json",
)
"""Cases that must end in a one-line refusal (exit 1), not be read: tags, alias bombs, numbers past the
limit, text that is not UTF-8, nesting past 20,000 levels, special files, control characters."""


def test_what_must_be_refused_is_refused(corpus_run):
    cases, results, _, _ = corpus_run
    checked = 0
    for case in cases:
        if case["id"].startswith(MUST_REFUSE) and case.get("argv", [""])[0] in ("key", "trace"):
            assert results[case["id"]]["code"] == 1, (case["id"], results[case["id"]]["output"])
            checked += 1
        elif case["id"].startswith(MUST_REFUSE) and case["kind"] in ("points", "roster", "key"):
            assert results[case["id"]]["code"] == 1, (case["id"], results[case["id"]]["output"])
            checked += 1
    assert checked >= 60
