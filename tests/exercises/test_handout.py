"""The hand-out apart from the keys, the printable file of all sheets, exercises on given trees, and
tracer installed from its own wheel."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest
from click.testing import CliRunner

from tracer import parse_tree
from tracer.cli import main
from tracer.exercises.generate import ExerciseSpec
from tracer.exercises.given import exercises_from_trees, tree_seed
from tracer.exercises.handout import HANDOUT_FILES, KEY_FILES, compile_sheets_pdf, write_exercises
from tracer.exercises.roster import Student
from tracer.exercises.sheet import render_exercise
from tracer.exercises.wording import prompt
from tracer.trace.questions import QUESTION_IDS, Question

ROOT = Path(__file__).resolve().parents[2]


def run(*args):
    return CliRunner().invoke(main, [*map(str, args)])


@pytest.mark.parametrize("roster", [False, True])
def test_the_handout_holds_no_key(tmp_path, roster):
    """Nothing of any key is in handout/: no key file, no answer, no key figure, no seed."""
    args = ["exercise", "new", "-o", tmp_path / "hw", "--seed", "s3cr3t-seed", "--count", 2, "--format", "latex",
            "--questions", "minimax,values,not_examined,move,window,order"]
    if roster:
        (tmp_path / "roster.csv").write_text("id,name\nada,Ada Lovelace\nben,Ben Bitdiddle\n")
        args += ["--students", tmp_path / "roster.csv"]
    assert run(*args).exit_code == 0
    hw = tmp_path / "hw"
    handout = [p for p in (hw / "handout").rglob("*") if p.is_file()]
    assert {p.name for p in handout} <= HANDOUT_FILES | {"sheets.html", "sheets.tex", "sheets.pdf"}
    assert not {p.name for p in handout} & KEY_FILES
    texts = {p: p.read_text(encoding="utf-8") for p in handout if p.suffix != ".pdf"}
    examples = {prompt(Question(qid, (0,), "B", 0, 0), "alphabeta")[1] for qid in QUESTION_IDS}  # the sheets' made-up examples
    secrets: set[str] = {"s3cr3t-seed", "tracer-key", "minimax_value", "Answer key"}
    for key_folder in (hw / "keys").iterdir():
        key_md = (key_folder / "key.md").read_text(encoding="utf-8")
        block = re.search(r"```yaml\n(.*?)```", key_md, re.DOTALL)
        assert block is not None
        secrets.update(line for line in block.group(1).splitlines()
                       if len(line) > 12 and not line.startswith("exercise:") and line not in examples)  # the answers
        secrets.add((key_folder / "key-figure.svg").read_text(encoding="utf-8")[-400:])
    for path, text in texts.items():
        for secret in secrets:
            assert secret not in text, f"{path} holds key content: {secret[:60]!r}"
    assert len(texts) >= 2 * (len(HANDOUT_FILES) - 1)


def test_sheets_html_holds_every_sheet_from_a_new_page(tmp_path):
    assert run("exercise", "new", "-o", tmp_path / "hw", "--seed", 4, "--count", 3).exit_code == 0
    sheets = (tmp_path / "hw" / "handout" / "sheets.html").read_text(encoding="utf-8")
    manifest = json.loads((tmp_path / "hw" / "manifest.json").read_text())
    assert re.findall(r'<section class="sheet" id="([^"]+)">', sheets) == [e["id"] for e in manifest["exercises"]]
    assert "break-before: page" in sheets and sheets.count("<svg") == 3
    for entry in manifest["exercises"]:  # each sheet's own content, as its sheet.html has it
        own = (tmp_path / "hw" / entry["handout"] / "sheet.html").read_text(encoding="utf-8")
        body = own[own.index("<body>") + 7: own.index("</body>")]
        assert body.strip() in sheets


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="needs pdflatex")
def test_sheets_pdf_is_made_where_latex_is_and_is_reproducible(tmp_path):
    for name in ("a", "b"):
        result = run("exercise", "new", "-o", tmp_path / name, "--seed", 4, "--count", 2, "--format", "latex")
        assert result.exit_code == 0 and "note:" not in result.output, result.output
    pdf = (tmp_path / "a" / "handout" / "sheets.pdf").read_bytes()
    assert pdf.startswith(b"%PDF") and pdf == (tmp_path / "b" / "handout" / "sheets.pdf").read_bytes()
    if shutil.which("pdfinfo"):
        info = subprocess.run(["pdfinfo", str(tmp_path / "a" / "handout" / "sheets.pdf")], capture_output=True, text=True, check=True).stdout
        assert int(re.search(r"Pages:\s+(\d+)", info).group(1)) >= 2  # each sheet from a new page
    assert compile_sheets_pdf(tmp_path / "a", engine=str(tmp_path / "no-such-latex")) is not None  # a failure is said, not raised


def test_exercises_on_given_trees(tmp_path):
    trees = tmp_path / "trees"
    trees.mkdir()
    (trees / "a-fig52.json").write_text("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]")
    (trees / "b-labelled.yaml").write_text("label: Root\nchildren:\n  - {label: L, move: left, children: [3, 5]}\n  - {label: R, move: right, children: [2, 9]}\n")
    (trees / "c-chance.yaml").write_text("chance: [[0.5, 4], [0.5, [1, 7]]]\n")
    result = run("exercise", "new", "--tree", trees, "-o", tmp_path / "hw")
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / "hw" / "manifest.json").read_text())
    assert [e["index"] for e in manifest["exercises"]] == [1, 2, 3] and manifest["trees"][0].endswith("a-fig52.json")
    keys = [json.loads((tmp_path / "hw" / e["key"] / "key.json").read_text()) for e in manifest["exercises"]]
    assert keys[0]["root_value"] == 3 and [n["label"] for n in keys[0]["nodes"] if n["path"] in ("1.1", "1.2")] == ["I", "J"]
    assert keys[0]["unvisited"] == ["1.1", "1.2"]  # AIMA's Figure 5.2: I and J are pruned
    assert keys[1]["best_move"] == {"path": "0", "label": "L", "move": "left"} and keys[1]["tree"]["label"] == "Root"
    assert keys[2]["algorithm"] == "expectiminimax" and keys[2]["root_value"] == 2.5  # 0.5 * 4 + 0.5 * min(1, 7): MIN below the chance root
    again = run("exercise", "new", "--tree", trees, "-o", tmp_path / "again")
    assert again.exit_code == 0 and json.loads((tmp_path / "again" / "manifest.json").read_text())["exercises"][0]["id"] == \
        manifest["exercises"][0]["id"]  # the trees make the seed: the same id anywhere
    refused = run("exercise", "new", "--tree", trees, "--depth", "4", "-o", tmp_path / "no")
    assert refused.exit_code == 1 and "--depth shapes random trees, but --tree gives the trees" in refused.output


def test_given_trees_for_a_roster(tmp_path):
    tree = parse_tree("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]")
    students = [Student("ada", "Ada"), Student("ben", "Ben")]
    exercises = exercises_from_trees([tree], ExerciseSpec(), tree_seed([tree]), students)
    assert [e.id.split("-")[0] for e in exercises] == ["ada", "ben"] and exercises[0].key.root_value == exercises[1].key.root_value == 3
    folders = write_exercises(exercises, tmp_path, seed="x", spec=ExerciseSpec())
    assert [f.relative_to(tmp_path).parts[:2] for f in folders] == [("handout", "ada"), ("handout", "ben")]
    assert "student: ada" in render_exercise(exercises[0])["answer-template.yaml"]


def test_writes_never_follow_a_link_out_of_the_folder(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    out = tmp_path / "hw"
    assert run("exercise", "new", "-o", out, "--seed", 1).exit_code == 0
    shutil.rmtree(out / "keys")
    (out / "keys").symlink_to(outside)
    again = run("exercise", "new", "-o", out, "--seed", 1, "--force")
    assert again.exit_code == 1 and "is a symbolic link; tracer writes only inside the output folder" in again.output
    assert not any(outside.iterdir())
    assert "the output path has no name" in run("exercise", "new", "-o", "", "--seed", 1).output


@pytest.mark.slow
def test_installed_from_the_wheel(tmp_path):
    """pip install of the built wheel into a new environment: the distribution is gametree-tracer, the command tracer,
    and it makes and checks exercises from the templates inside it."""
    dist = tmp_path / "dist"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--quiet", "-w", str(dist), str(ROOT)],
                   check=True, capture_output=True, timeout=300)
    (wheel,) = dist.glob("gametree_tracer-*-py3-none-any.whl")
    venv.create(tmp_path / "env", with_pip=True)
    python = tmp_path / "env" / "bin" / "python"
    install = subprocess.run([str(python), "-m", "pip", "install", "--quiet", str(wheel)], capture_output=True, text=True, timeout=600, check=False)
    if install.returncode != 0 and "No matching distribution" in install.stderr:
        pytest.skip("the dependencies cannot be fetched here")
    assert install.returncode == 0, install.stderr[-2000:]
    tracer = tmp_path / "env" / "bin" / "tracer"
    work = tmp_path / "work"
    work.mkdir()
    (work / "fig-5-2.json").write_text("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]")

    def sh(*args: str) -> str:
        done = subprocess.run(list(args), cwd=work, capture_output=True, text=True, timeout=300, check=False)
        assert done.returncode == 0, done.stdout + done.stderr
        return done.stdout

    assert sh(str(python), "-c", "import importlib.metadata as m, tracer; print(m.version('gametree-tracer'), tracer.__file__)").startswith("0.")
    assert "tracer, version" in sh(str(tracer), "--version")
    assert "wrote 1 exercise to quiz" in sh(str(tracer), "exercise", "new", "--tree", "fig-5-2.json", "-o", "quiz")
    key = json.loads((work / "quiz" / "keys").joinpath(next(p.name for p in (work / "quiz" / "keys").iterdir()), "key.json").read_text())
    (work / "a.yaml").write_text(f"exercise: {key['exercise']}\nmove: B\n")
    assert "Right: MAX moves to B." in sh(str(tracer), "check", "quiz", "a.yaml")
    assert "_tracer_completion" in subprocess.run([str(tracer)], env={"_TRACER_COMPLETE": "bash_source"}, capture_output=True, text=True,
                                                  timeout=60, check=False).stdout
    assert list((tmp_path / "env").joinpath("lib").glob("python3*/site-packages/tracer/templates/sheets.html.j2"))
