"""Exercise folders: the files, their contents, determinism, safety of the output folder, LaTeX."""

from __future__ import annotations

import hashlib
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml
from helpers import aima_exercise, check_text, prepared

from tracer import InputError
from tracer.exercises.generate import ExerciseSpec, make_exercises
from tracer.exercises.handout import write_exercises
from tracer.exercises.roster import Student
from tracer.exercises.sheet import render_exercise, template_dir

HANDOUT_HTML = {"answer-template.yaml", "figure.svg", "sheet.html", "sheet.md"}
KEY_HTML = {"key-figure.svg", "key.html", "key.json", "key.md", "steps.html"}
HTML_FILES = HANDOUT_HTML | KEY_HTML
SPEC = ExerciseSpec(min_cutoffs=1, questions=("minimax", "values", "not_examined", "move", "window", "order"))


def digest_tree(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.rglob("*")) if p.is_file()
    }


def test_folder_layout(tmp_path):
    exercises = make_exercises(SPEC, 5, count=2)
    write_exercises(exercises, tmp_path / "out", seed=5, spec=SPEC)
    out = tmp_path / "out"
    assert sorted(p.name for p in out.iterdir()) == ["handout", "keys", "manifest.json"]
    assert sorted(p.name for p in (out / "handout").iterdir()) == sorted([e.id for e in exercises] + ["sheets.html"])
    assert sorted(p.name for p in (out / "keys").iterdir()) == sorted(e.id for e in exercises)
    for exercise in exercises:
        assert {p.name for p in (out / "handout" / exercise.id).iterdir()} == HANDOUT_HTML
        assert {p.name for p in (out / "keys" / exercise.id).iterdir()} == KEY_HTML
    manifest = yaml.safe_load((out / "manifest.json").read_text())
    assert [e["id"] for e in manifest["exercises"]] == [e.id for e in exercises]
    assert [e["handout"] for e in manifest["exercises"]] == [f"handout/{e.id}" for e in exercises]
    assert manifest["seed"] == "5" and manifest["spec"]["min_cutoffs"] == 1


def test_latex_adds_tex_files(tmp_path):
    (exercise,) = make_exercises(SPEC, 5)
    write_exercises([exercise], tmp_path, seed=5, spec=SPEC, formats=("html", "latex"))
    assert {p.name for p in (tmp_path / "handout" / exercise.id).iterdir()} == HANDOUT_HTML | {"sheet.tex"}
    assert {p.name for p in (tmp_path / "keys" / exercise.id).iterdir()} == KEY_HTML | {"key.tex"}
    assert {p.name for p in (tmp_path / "handout").iterdir()} == {exercise.id, "sheets.html", "sheets.tex"}


def test_same_seed_byte_identical_folders(tmp_path):
    students = [Student("ada"), Student("bob", "Bob B")]
    for name in ("a", "b"):
        write_exercises(make_exercises(SPEC, "s", 2, students), tmp_path / name, seed="s", spec=SPEC, formats=("html", "latex"))
    assert digest_tree(tmp_path / "a") == digest_tree(tmp_path / "b")
    write_exercises(make_exercises(SPEC, "t", 2, students), tmp_path / "c", seed="t", spec=SPEC)
    assert digest_tree(tmp_path / "a") != digest_tree(tmp_path / "c")


def test_refuses_a_non_empty_folder_without_force(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(InputError, match="pass force=True"):
        write_exercises(make_exercises(SPEC, 1), tmp_path, seed=1, spec=SPEC)
    write_exercises(make_exercises(SPEC, 1), tmp_path, seed=1, spec=SPEC, force=True)
    assert (tmp_path / "notes.txt").read_text() == "mine"  # --force replaces our files only
    file = tmp_path / "file"
    file.write_text("x")
    with pytest.raises(InputError, match="not a folder"):
        write_exercises(make_exercises(SPEC, 1), file, seed=1, spec=SPEC)


def test_writes_only_inside_the_folder(tmp_path):
    before = set(tmp_path.iterdir())
    write_exercises(make_exercises(SPEC, 1), tmp_path / "out", seed=1, spec=SPEC)
    assert set(tmp_path.iterdir()) - before == {tmp_path / "out"}
    leftovers = [p for p in (tmp_path / "out").rglob("*") if p.name.startswith(".") or p.suffix == ".tmp"]
    assert leftovers == []


def test_sheet_html_is_self_contained_and_printable(aima):
    html = render_exercise(aima)["sheet.html"]
    assert "<svg" in html and "@page" in html
    assert not re.search(r"<(link|script|img)\b", html)
    urls = set(re.findall(r"https?://[^\s\"'<>)]+", html))
    assert urls <= {"http://www.w3.org/2000/svg"}  # the SVG namespace is a name, not a download
    assert "aima-5-2" in html
    # No part of the key is on the sheet: the only numbers in the figure are the leaves' values
    # (none beside internal nodes), and nothing says where MAX moves.
    figure = html[html.index("<svg") : html.index("</svg>") + len("</svg>")]
    numbers = sorted(int(t) for t in re.findall(r">\s*(-?\d+)\s*</text>", figure))
    assert numbers == sorted([3, 12, 8, 2, 4, 6, 14, 5, 2])
    assert "MAX moves to" not in html


def test_sheet_text(aima):
    md = render_exercise(aima)["sheet.md"]
    assert "exercise `aima-5-2`" in md
    assert "prune on equality" in md and "Fail-soft" in md
    for title in ("Minimax values", "Alpha-beta values", "Nodes not examined", "MAX's move", "α and β", "Order of evaluation"):
        assert title in md
    assert "![The game tree of exercise aima-5-2](figure.svg)" in md
    strict = render_exercise(aima_exercise(prune_on_equal=False, fail="hard"))["sheet.md"]
    assert "only when v &gt; β" in strict and "Fail-hard" in strict
    # under fail-hard a node can return a bound without stopping early: the question says so
    assert "or where fail-hard clamps v into [α, β], the value is a bound" in strict.replace("\\[", "[").replace("\\]", "]")
    assert "fail-hard clamps" not in md


def test_user_text_is_escaped(aima):
    files = render_exercise(aima, title="<script>alert(1)</script> & #1_%")
    assert "<script>alert" not in files["sheet.html"] and "&lt;script&gt;" in files["sheet.html"]
    assert "&lt;script&gt;" in files["sheet.md"]
    files = render_exercise(aima, title="Q&A #1_% {x}", formats=("html", "latex"))
    assert r"Q\&A \#1\_\% \{x\}" in files["sheet.tex"]


def test_answer_template_reads_and_scores_nothing(aima):
    template = render_exercise(aima)["answer-template.yaml"]
    result = check_text(prepared(aima), template)
    assert result.error is None and result.score == 0 and result.max_score == 11
    assert "exercise: aima-5-2" in template


def test_key_files(aima):
    files = render_exercise(aima)
    key_md = files["key.md"]
    assert "| C | 1 | MIN | ≤ 2 |" in key_md
    assert "**I, J**" in key_md
    assert "C: v = 2 ≤ α = 3, so MAX will never choose C" in key_md
    # The key in the hand-in format, as printed in the key, scores full marks.
    block = key_md.split("```yaml\n", 1)[1].split("```", 1)[0]
    result = check_text(prepared(aima), block)
    assert result.score == result.max_score
    assert "<table class=\"steps\">" in files["key.html"]


def test_keys_come_with_a_step_by_step_player(aima):
    files = render_exercise(aima)
    player = files["steps.html"]
    assert player.startswith("<!DOCTYPE html>") and "<svg" in player
    assert not re.search(r"<(link|img)\b|src=", player)  # self-contained
    assert 'href="steps.html"' in files["key.html"] and "(steps.html)" in files["key.md"]


def test_templates_are_found():
    assert (template_dir() / "sheet.html.j2").is_file()


def _have_tikz() -> bool:
    if shutil.which("pdflatex") is None or shutil.which("kpsewhich") is None:
        return False
    found = subprocess.run(["kpsewhich", "tikz.sty"], capture_output=True, text=True, check=False)
    return bool(found.stdout.strip())


@pytest.mark.skipif(not _have_tikz(), reason="needs pdflatex and TikZ")
@pytest.mark.parametrize("chance", [False, True])
def test_latex_compiles(tmp_path, chance):
    spec = ExerciseSpec(chance=chance) if chance else ExerciseSpec(min_cutoffs=2, depth=(3, 3), questions=SPEC.questions)
    exercises = make_exercises(spec, 3, 1, [Student("o'neil_#1", "Zoë Ünal & Co")])
    write_exercises(exercises, tmp_path, seed=3, spec=spec, formats=("html", "latex"), title="CS 101: Homework #3 (50%)")
    for folder, name in ((tmp_path / "handout" / exercises[0].student.slug / exercises[0].id, "sheet.tex"),
                         (tmp_path / "keys" / exercises[0].id, "key.tex")):
        run = subprocess.run(
            ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", name], cwd=folder, capture_output=True, text=True, timeout=120,
            check=False,
        )
        assert run.returncode == 0, run.stdout[-2000:]
        assert (folder / name.replace(".tex", ".pdf")).stat().st_size > 1000


def test_wheel_ships_the_templates(tmp_path):
    """A wheel built from the source tree holds every template and asset, and makes sheets from its own copies."""
    import sys
    import zipfile

    root = Path(__file__).resolve().parents[2]
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--quiet", "-w", str(tmp_path / "dist"), str(root)],
        check=True, capture_output=True, timeout=300,
    )
    (wheel,) = (tmp_path / "dist").glob("gametree_tracer-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        archive.extractall(tmp_path / "unpacked")
    templates = {f"tracer/templates/{p.name}" for p in (root / "templates").iterdir() if p.is_file()}
    assets = {f"tracer/docsite/assets/{p.name}" for p in (root / "tracer" / "docsite" / "assets").iterdir() if p.is_file()}
    assert {"tracer/templates/sheet.html.j2", "tracer/docsite/assets/grading.js"} <= templates | assets
    assert templates | assets <= names
    # the unpacked wheel, first on the path, finds its templates inside the package and renders a sheet
    code = (
        "import tracer, tracer.exercises.sheet as sheet; from tracer import parse_tree;"
        "from tracer.exercises.generate import ExerciseSpec, exercise_from_tree;"
        "files = sheet.render_exercise(exercise_from_tree(parse_tree('[[3, 12], [2, 4]]'), ExerciseSpec(), 'w'));"
        "print(tracer.__file__); print(sheet.template_dir()); print(len(files['sheet.md']))"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env={"PYTHONPATH": str(tmp_path / "unpacked")},
                          capture_output=True, text=True, check=True, timeout=120)
    package, templates_found, size = done.stdout.split("\n")[:3]
    assert package.startswith(str(tmp_path / "unpacked"))
    assert templates_found == str(tmp_path / "unpacked" / "tracer" / "templates")
    assert int(size) > 500


def test_hand_in_notes_fit_the_questions(aima):
    from tracer.exercises.generate import make_exercise

    full = render_exercise(aima)["sheet.md"]
    assert "Write a bound in quotes" in full and "except the order of evaluation" in full
    assert "decimal or a fraction" not in full
    chance = render_exercise(make_exercise(ExerciseSpec(chance=True, depth=(2, 2), branching=(2, 2)), 11))["sheet.md"]
    assert "decimal or a fraction" in chance
    assert "Write a bound" not in chance and "any order" not in chance
