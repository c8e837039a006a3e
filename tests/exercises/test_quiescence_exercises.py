"""Exercises that ask about quiescence search (issue 11): a given tree with static values and noisy moves,
a depth limit and --quiescence. Expectations worked by hand on site/trees/horizon.yaml."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

from click.testing import CliRunner
from helpers import check_data, prepared

from tracer.cli import main
from tracer.exercises.generate import ExerciseSpec
from tracer.exercises.given import exercises_from_trees, tree_seed
from tracer.exercises.sheet import render_exercise
from tracer.game.notation import load_tree, tree_from_data

HORIZON = Path(__file__).resolve().parents[2] / "site" / "trees" / "horizon.yaml"

# By hand, depth limit 1 (A; B C at the limit). With quiescence: B (MIN) stands pat on 5 and searches its noisy
# move D only; D (MAX) stands pat on −3 and searches its noisy move H (1): D = max(−3, 1) = 1, B = min(5, 1) = 1.
# C is quiet at the limit: 3. A = max(1, 3) = 3, MAX moves to C. I, E (quiet moves past the limit), F and G
# (below C, at the limit) are never examined.
RIGHT = {"minimax": {"A": 3, "B": 1, "C": 3, "D": 1}, "values": {"A": 3, "B": 1, "C": 3, "D": 1},
         "not_examined": ["E", "F", "G", "I"], "move": "C"}
# Without quiescence B is taken at its static 5 and A = max(5, 3) = 5: the horizon hides the capture.
FOOLED = {"minimax": {"A": 5, "B": 5, "C": 3}, "values": {"A": 5, "B": 5, "C": 3}, "not_examined": ["D", "E", "F", "G"], "move": "B"}


def exercise(**options):
    tree = load_tree(HORIZON)
    [made] = exercises_from_trees([tree], ExerciseSpec(depth_limit=1, **options), tree_seed([tree]))
    return made


def test_the_key_searches_with_the_depth_limit_and_quiescence():
    with_q, without = exercise(quiescence=True).key, exercise().key
    assert (with_q.root_value, with_q.best_move.label) == (3, "C")
    assert (without.root_value, without.best_move.label) == (5, "B")
    assert with_q.settings["depth"] == 1 and with_q.settings["quiescence"] is True


def test_right_answers_score_full_and_the_horizon_fooled_ones_get_feedback():
    key = prepared(exercise(quiescence=True))
    right = check_data(key, {"exercise": key.key.exercise, **RIGHT})
    assert right.error is None and right.score == right.max_score
    fooled = check_data(key, {"exercise": key.key.exercise, **FOOLED})
    scores = {test.question: test.score for test in fooled.tests}
    assert scores["move"] == 0 and scores["minimax"] < fooled.max_score
    move = next(test.output for test in fooled.tests if test.question == "move")
    assert "B is worth 1" in move
    minimax = next(test.output for test in fooled.tests if test.question == "minimax")
    assert "B: you wrote 5. B is at or past the depth limit" in minimax
    listed = next(test.output for test in fooled.tests if test.question == "not_examined")
    assert "D is examined: it is past the depth limit, but the move from B to it is noisy" in listed


def test_key_json_keeps_static_values_and_noisy_marks():
    data = exercise(quiescence=True).key.to_json()["tree"]
    back = tree_from_data(json.loads(json.dumps(data)))
    marks = {node.label: (node.value, node.noisy) for node in back.breadth_first() if not node.is_leaf}
    assert marks == {"A": (None, None), "B": (5, (0,)), "C": (3, None), "D": (-3, (0,))}


def test_the_sheet_states_the_limit_the_static_values_and_the_noisy_moves():
    sheet = render_exercise(exercise(quiescence=True))["sheet.md"]
    assert "Depth limit 1: the search stops 1 level below the root" in sheet
    assert "Static values of internal nodes: B 5, C 3, D −3." in sheet
    assert "Noisy moves: B → D, D → H." in sheet
    assert "Noisy moves" not in render_exercise(exercise())["sheet.md"]


def test_cli_makes_the_exercise_and_checks_it(tmp_path):
    runner = CliRunner()
    made = runner.invoke(main, ["exercise", "new", "--tree", str(HORIZON), "--depth-limit", "1", "--quiescence", "-o", str(tmp_path / "q")])
    assert made.exit_code == 0, made.output
    [folder] = (tmp_path / "q" / "keys").iterdir()
    key = json.loads((folder / "key.json").read_text())
    assert key["root_value"] == 3 and key["tree"][0]["noisy"] == [0]
    answers = tmp_path / "answers.yaml"
    answers.write_text(json.dumps({"exercise": key["exercise"], **RIGHT}))
    checked = runner.invoke(main, ["check", str(tmp_path / "q"), str(answers)])
    assert checked.exit_code == 0, checked.output
    assert "answers.yaml: 9 / 9" in checked.output  # 3 + 3 + 2 + 1 points, the default weights
    refused = runner.invoke(main, ["exercise", "new", "--quiescence", "-o", str(tmp_path / "r")])
    assert refused.exit_code == 1 and "--quiescence needs a tree with static values" in refused.output
    no_limit = runner.invoke(main, ["exercise", "new", "--tree", str(HORIZON), "--quiescence", "-o", str(tmp_path / "s")])
    assert no_limit.exit_code == 1 and "--depth-limit 1" in no_limit.output


def test_the_sheets_figure_draws_static_values_and_marks_noisy_moves():
    files = render_exercise(exercise(quiescence=True))
    texts = re.findall(r"<text[^>]*>([^<]*)</text>", files["figure.svg"])
    assert {"5", "3", "−3"} <= set(texts)  # B, C and D's static values beside them
    assert "capture *" in texts and "recapture *" in texts  # the noisy moves B → D and D → H
    assert "The number beside an internal node is its static value. A move marked * is noisy" in files["sheet.html"]
    plain = render_exercise(exercise())  # a depth limit without quiescence: static values, no marks
    plain_texts = re.findall(r"<text[^>]*>([^<]*)</text>", plain["figure.svg"])
    assert "5" in plain_texts and "capture" in plain_texts and "capture *" not in plain_texts
    tree = load_tree(HORIZON)
    [bare] = exercises_from_trees([tree], ExerciseSpec(), tree_seed([tree]))  # no depth limit: the figure as before
    bare_texts = re.findall(r"<text[^>]*>([^<]*)</text>", render_exercise(bare)["figure.svg"])
    assert "5" not in bare_texts and "The number beside" not in render_exercise(bare)["sheet.md"]


def _tikz_texts(tex: str) -> list[str]:
    """The texts of the TikZ figure's \\node commands, in order."""
    figure = tex[tex.index(r"\begin{tikzpicture}"):tex.index(r"\end{tikzpicture}")]
    return re.findall(r"\\node\[[^\]]*\] at \([^)]*\) \{([^}]*)\};", figure)


def test_the_latex_sheets_figure_draws_static_values_and_marks_noisy_moves_too(tmp_path):
    """The LaTeX hand-out draws what the HTML one does: B, C, D's static values, a mark on B → D and D → H."""
    files = render_exercise(exercise(quiescence=True), formats=("html", "latex"))
    if shutil.which("pdflatex"):
        (tmp_path / "sheet.tex").write_text(files["sheet.tex"], encoding="utf-8")
        run = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "sheet.tex"], cwd=tmp_path,
                             capture_output=True, text=True, timeout=120, check=False)
        assert run.returncode == 0, run.stdout[-2000:]
    texts = _tikz_texts(files["sheet.tex"])
    assert texts.count("*") == 2  # the two noisy moves of horizon.yaml, and no other
    assert {"5", "3", "-3"} <= set(texts)  # B, C and D's static values
    assert "A move marked * is noisy" in files["sheet.tex"]
    plain = _tikz_texts(render_exercise(exercise(), formats=("html", "latex"))["sheet.tex"])
    assert "*" not in plain and "5" in plain  # a depth limit alone: static values, no marks
    tree = load_tree(HORIZON)
    [bare] = exercises_from_trees([tree], ExerciseSpec(), tree_seed([tree]))
    bare_texts = _tikz_texts(render_exercise(bare, formats=("html", "latex"))["sheet.tex"])
    assert bare_texts.count("5") == 0 and "*" not in bare_texts  # no depth limit: only leaves' values (none is 5)
