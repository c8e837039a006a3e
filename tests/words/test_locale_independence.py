"""The machine's locale changes nothing: the same input and --lang give the same bytes under
LC_ALL=tr_TR.UTF-8 and C, the language comes only from --lang or TRACER_LANG, and labels
are compared with Unicode's default case folding (str.casefold), the same in every
language: "I" and "ı" are two labels (Turkish's own folding would make them one), "I" and
"i" are one.

Babel reads LC_ALL, LC_NUMERIC and LANG itself when a call names no locale, whether or not
the machine has that locale installed, so these runs test tracer's calls even where
tr_TR.UTF-8 is not installed (`locale -a`); Python's str methods never read the locale.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from words_helpers import AIMA

from tracer.game.notation import tree_from_data

TURKISH_MACHINE = {"LC_ALL": "tr_TR.UTF-8", "LANG": "tr_TR.UTF-8", "LANGUAGE": "tr", "LC_NUMERIC": "tr_TR.UTF-8"}
PLAIN_MACHINE = {"LC_ALL": "C", "LANG": "C", "LANGUAGE": "", "LC_NUMERIC": "C"}

CHANCE = {"children": [{"chance": [[0.5, 2], [0.5, 3]]}, {"chance": [[0.25, 1], [0.75, 4]]}]}
"""A chance tree whose values have decimals: MAX's left gamble is worth 0.5·2 + 0.5·3 = 2.5,
its right one 0.25·1 + 0.75·4 = 3.25, the root's value."""


def tracer_run(args: list[str], machine: dict[str, str], cwd: Path) -> bytes:
    env = {key: value for key, value in os.environ.items() if key not in ("TRACER_LANG", *machine)}
    env.update({key: value for key, value in machine.items() if value})
    result = subprocess.run([sys.executable, "-m", "tracer", *args], cwd=cwd, env=env, capture_output=True, timeout=300)
    assert result.returncode == 0, result.stderr.decode()
    return result.stdout


def folder_bytes(folder: Path) -> dict[str, bytes]:
    return {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


@pytest.fixture(scope="module")
def trees(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("trees")
    (folder / "aima.json").write_text(AIMA)
    (folder / "chance.json").write_text(json.dumps(CHANCE))
    return folder


@pytest.mark.parametrize("tree", ["aima.json", "chance.json"])
def test_the_key_is_the_same_bytes_on_a_turkish_and_a_plain_machine(trees, tree):
    for fmt in ("text", "markdown", "json"):
        args = ["key", tree, "--lang", "tr", "--format", fmt]
        assert tracer_run(args, TURKISH_MACHINE, trees) == tracer_run(args, PLAIN_MACHINE, trees)


def test_the_figures_are_the_same_bytes_on_a_turkish_and_a_plain_machine(trees):
    made = {}
    for name, machine in (("tr", TURKISH_MACHINE), ("c", PLAIN_MACHINE)):
        tracer_run(["render", "chance.json", "-o", f"out-{name}", "--lang", "tr", "--steps", "key", "--html", "--format", "svg,dot"],
                   machine, trees)
        made[name] = folder_bytes(trees / f"out-{name}")
    assert made["tr"].keys() == made["c"].keys() and "final.svg" in made["tr"]
    assert [name for name in made["tr"] if made["tr"][name] != made["c"][name]] == []


def test_the_machines_locale_never_chooses_the_language(trees):
    """Without --lang or TRACER_LANG the words are English, even on a Turkish machine."""
    text = tracer_run(["key", "chance.json"], TURKISH_MACHINE, trees).decode()
    assert "Root value: 3.25" in text and "Kök" not in text


def test_turkish_numbers_in_the_key_and_the_figures(trees):
    """Decimal comma in Turkish prose and figures alike; the JSON keeps numbers as numbers."""
    text = tracer_run(["key", "chance.json", "--lang", "tr"], PLAIN_MACHINE, trees).decode()
    assert "Kökün değeri: 3,25" in text
    assert re.search(r"^B +0 +şans +2,5 ", text, re.M)
    assert json.loads(tracer_run(["key", "chance.json", "--lang", "tr", "--format", "json"], PLAIN_MACHINE, trees))["root_value"] == 3.25


DOTTED = {"label": "A", "children": [
    {"label": "I", "children": [3, 12]},
    {"label": "ı", "children": [2, 4]},
    {"label": "İ", "children": [14, 5]},
]}
"""Turkish's four i's among the labels: I and ı (dotless), İ (dotted capital)."""


def test_dotted_and_dotless_i_are_different_labels():
    tree = tree_from_data(DOTTED)
    named = {label: tree.find(label).path for label in ("I", "ı", "İ")}
    assert named == {"I": (0,), "ı": (1,), "İ": (2,)}
    assert tree.find("i").path == (0,)  # Unicode's default folding: i is I, in every language


def test_the_key_keeps_i_and_dotless_i_apart(tmp_path):
    (tmp_path / "dotted.json").write_text(json.dumps(DOTTED, ensure_ascii=False), encoding="utf-8")
    text = tracer_run(["key", "dotted.json", "--lang", "tr", "--format", "markdown"], PLAIN_MACHINE, tmp_path).decode()
    rows = {row.split("|")[1].strip(): row.split("|")[3].strip() for row in text.splitlines() if row.startswith("| ") and "|---" not in row}
    assert {label: rows[label] for label in ("I", "ı", "İ")} == {"I": "MIN", "ı": "MIN", "İ": "MIN"}
    # I is worth min(3, 12) = 3, ı min(2, 4) = 2, İ min(14, 5) = 5: MAX moves to İ, not to I
    assert "MAX oyuncusunun hamlesi: İ düğümüne (yol 2)" in text


def test_labels_are_folded_only_by_casefold():
    """str.lower() and str.upper() of a label would be a second folding rule beside Tree.find's
    casefold (and upper() turns "ı" into "I"); the code has none."""
    package = Path(__file__).resolve().parents[2] / "tracer"
    pattern = re.compile(r"label\w*(?:\.strip\(\))?\.(?:lower|upper)\(\)")
    found = [f"{path.relative_to(package)}:{number}" for path in sorted(package.rglob("*.py"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if pattern.search(line)]
    assert found == []
    assert "ı".upper() == "I" and "ı".casefold() != "I".casefold()  # why: upper() would merge I and ı


def test_i_and_capital_i_are_one_label_and_the_error_says_so_in_turkish(tmp_path):
    """Unique ignoring case means casefold: a tree with I and i is refused, in the language asked for."""
    (tmp_path / "clash.json").write_text(json.dumps({"children": [{"label": "I", "children": [1]}, {"label": "i", "children": [2]}]}))
    env = {key: value for key, value in os.environ.items() if key != "TRACER_LANG"}
    done = subprocess.run([sys.executable, "-m", "tracer", "key", "clash.json", "--lang", "tr"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert "'i' etiketi '0' yolundaki düğümde de kullanılıyor" in done.stderr
    assert "büyük/küçük harf ayrımı gözetilmeden tek olmalı" in done.stderr
