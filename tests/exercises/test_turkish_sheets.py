"""`tracer exercise new --lang tr`: sheets, keys and answer templates in Turkish, the same data.

What counts as English is the catalogue's own English (tests/catalogue_text.py): a Turkish
file holds no phrase of a translated message's English text. The detector is shown to find
the English in the English files, so an empty answer means something.
"""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml
from catalogue_text import BREAK, english_in, entries, in_area, untranslated
from click.testing import CliRunner

from tracer.cli import main
from tracer.words import conventions_summary, use_language

AREA = ("tracer/exercises", "tracer/grading")
QUESTIONS = "minimax,values,not_examined,move,window,order"
ROSTER = "id,name\n20240001,Ayşe Işık\n20240002,İlker Ünal\n"


def make(folder: Path, *options: str, lang: str | None = "tr", env: dict[str, str] | None = None) -> Path:
    folder.parent.mkdir(parents=True, exist_ok=True)
    (folder.parent / "roster.csv").write_text(ROSTER, encoding="utf-8")
    args = ["exercise", "new", "-o", str(folder), "--seed", "2024", "--students", str(folder.parent / "roster.csv"), *options]
    if lang:
        args += ["--lang", lang]
    result = CliRunner().invoke(main, args, env=env or {"TRACER_LANG": ""})
    assert result.exit_code == 0, result.output
    return folder


def visible(text: str) -> str:
    """An HTML file's text as a reader meets it: no scripts or styles, alt and title texts kept, each element's text a piece apart."""
    text = re.sub(r"<(script|style)\b.*?</\1>", " ", text, flags=re.S | re.I)
    kept = BREAK.join(html.unescape(value) for value in re.findall(r'\b(?:alt|title|aria-label)="([^"]*)"', text))
    return html.unescape(re.sub(r"<[^>]+>", BREAK, text)) + BREAK + kept


def readable_files(folder: Path) -> dict[str, str]:
    """Every file people read, as text: Markdown, YAML, LaTeX, and the visible text of HTML and SVG."""
    found = {}
    for path in sorted(folder.rglob("*")):
        if path.suffix in (".md", ".yaml", ".tex"):
            found[str(path.relative_to(folder))] = path.read_text(encoding="utf-8")
        elif path.suffix in (".html", ".svg"):
            found[str(path.relative_to(folder))] = visible(path.read_text(encoding="utf-8"))
    return found


@pytest.fixture(scope="module")
def homeworks(tmp_path_factory):
    """The same homework in English and Turkish, alpha-beta with every question, and a chance and a fail-hard one in Turkish."""
    root = tmp_path_factory.mktemp("turkish")
    shape = ("--count", "1", "--min-cutoffs", "2", "--depth", "3", "--questions", QUESTIONS, "--format", "latex")
    return {
        "en": make(root / "en" / "hw", *shape, lang=None),
        "tr": make(root / "tr" / "hw", *shape),
        "chance": make(root / "chance" / "hw", "--chance", "--format", "latex"),
        "hard": make(root / "hard" / "hw", "--fail-hard", "--no-prune-on-equal", "--min-cutoffs", "1", "--questions", QUESTIONS,
                     "--format", "latex"),
    }


def test_the_catalogue_translates_every_message_of_exercises_and_grading():
    mine = [entry for entry in entries() if in_area(entry, AREA)]
    assert len(mine) > 300
    assert untranslated(AREA) == []


def test_the_detector_finds_the_english_of_an_english_homework(homeworks):
    found = {}
    for text in readable_files(homeworks["en"]).values():
        found.update(english_in(text))
    messages = set(found.values())
    # the English sheet and key hold the English of the messages they are made of
    assert {"sheet.ask.not_examined", "sheet.legend", "template.intro", "key.full_marks"} <= messages
    assert len(messages) > 30


@pytest.mark.parametrize("which", ["tr", "chance", "hard"])
def test_a_turkish_homework_holds_no_english_sentence(homeworks, which):
    files = readable_files(homeworks[which])
    assert any(name.endswith("sheet.md") for name in files) and any(name.endswith("key.tex") for name in files)
    leaks = {name: english_in(text) for name, text in files.items()}
    leaks = {name: found for name, found in leaks.items() if found}
    assert not leaks, json.dumps(leaks, ensure_ascii=False, indent=1)


def test_a_turkish_sheet_is_written_in_turkish(homeworks):
    (sheet,) = (homeworks["tr"] / "handout").rglob("20240001-ex1-*/sheet.md")
    text = sheet.read_text(encoding="utf-8")
    assert text.startswith("# Çekişmeli arama: alıştırma `20240001-ex1-")
    for sentence in ("## Sorular", "Alfa-beta hangi düğümleri hiç incelemez?", '`"en fazla 2"`', '`"en az 5"`', "Ayşe Işık (20240001)"):
        assert sentence in text
    template = (sheet.parent / "answer-template.yaml").read_text(encoding="utf-8")
    assert '# - Sınırı tırnak içinde yazın: "<= 2", "≤2" ya da "en fazla 2"; ">= 5", "≥5" ya da "en az 5".' in template
    assert "order: [<yaprak>, <yaprak>, ...]" in template
    assert '<html lang="tr">' in (sheet.parent / "sheet.html").read_text(encoding="utf-8")


def test_the_data_is_the_same_in_every_language(homeworks):
    english, turkish = homeworks["en"], homeworks["tr"]
    keys = sorted(path.relative_to(english) for path in english.rglob("key.json"))
    assert keys and keys == sorted(path.relative_to(turkish) for path in turkish.rglob("key.json"))
    for name in keys:
        en, tr = (json.loads((root / name).read_text(encoding="utf-8")) for root in (english, turkish))
        # the one sentence of key.json, the conventions in words, is in the key's language
        descriptions = en["conventions"].pop("description"), tr["conventions"].pop("description")
        conventions = en["conventions"]["prune_on_equal"], en["conventions"]["fail"]
        with use_language("tr"):
            assert descriptions[1] == conventions_summary(*conventions)
        assert descriptions[0] == conventions_summary(*conventions)
        assert en == tr
    templates = sorted(path.relative_to(english) for path in english.rglob("answer-template.yaml"))
    for name in templates:
        en_text, tr_text = ((root / name).read_text(encoding="utf-8") for root in (english, turkish))
        # the same questions under the same keys, for the same nodes; only the comments differ
        assert yaml.safe_load(en_text) == yaml.safe_load(tr_text)
        strip = lambda text: [line.split("#")[0].rstrip() for line in text.splitlines() if not line.startswith("#")]  # noqa: E731
        assert strip(en_text) == strip(tr_text)
    manifest = [json.loads((root / "manifest.json").read_text(encoding="utf-8")) for root in (english, turkish)]
    assert (manifest[0].pop("title"), manifest[1].pop("title")) == ("Adversarial search", "Çekişmeli arama")
    assert manifest[0] == manifest[1]
    # the key in the hand-in format is data too: the same YAML in both keys
    for name in (path.relative_to(english) for path in english.rglob("key.md")):
        blocks = [re.findall(r"```yaml\n(.*?)```", (root / name).read_text(encoding="utf-8"), re.S) for root in (english, turkish)]
        assert blocks[0] and blocks[0] == blocks[1]


def test_tracer_lang_chooses_the_language_too(tmp_path):
    folder = make(tmp_path / "hw", "--count", "1", lang=None, env={"TRACER_LANG": "tr_TR.UTF-8"})
    (sheet,) = (folder / "handout").rglob("20240002-ex1-*/sheet.md")
    assert "## Sorular" in sheet.read_text(encoding="utf-8")
    # --lang wins over TRACER_LANG
    folder = make(tmp_path / "hw-en", "--count", "1", lang="en", env={"TRACER_LANG": "tr"})
    (sheet,) = (folder / "handout").rglob("20240002-ex1-*/sheet.md")
    assert "## Questions" in sheet.read_text(encoding="utf-8")


def _have_turkish_latex() -> str | None:
    """Why a Turkish LaTeX sheet cannot be compiled here (None: it can)."""
    if shutil.which("pdflatex") is None or shutil.which("kpsewhich") is None:
        return "needs pdflatex"
    for package in ("tikz.sty", "turkish.ldf"):
        found = subprocess.run(["kpsewhich", package], capture_output=True, text=True, check=False)
        if not found.stdout.strip():
            return f"needs {package} (Debian/Ubuntu: texlive-pictures, texlive-lang-european)"
    return None


@pytest.mark.skipif(_have_turkish_latex() is not None, reason=str(_have_turkish_latex()))
def test_turkish_latex_sheets_and_keys_compile(homeworks):
    for which in ("tr", "chance"):
        folder = homeworks[which]
        # the CLI compiled the class's sheets (it says so when it cannot)
        assert (folder / "handout" / "sheets.pdf").stat().st_size > 1000
        # a sheet and a key for Ayşe Işık and for İlker Ünal: ş ı İ Ü in the student's line
        sheets = sorted((folder / "handout").rglob("*-ex1-*/sheet.tex"))
        keys = sorted((folder / "keys").rglob("*-ex1-*/key.tex"))
        assert len(sheets) == len(keys) == 2
        for tex in (*sheets, *keys):
            text = tex.read_text(encoding="utf-8")
            assert "\\usepackage[shorthands=off,turkish]{babel}" in text
            run = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", tex.name], cwd=tex.parent, capture_output=True,
                                 text=True, timeout=120, check=False)
            assert run.returncode == 0, run.stdout[-2000:]
            log = tex.with_suffix(".log").read_text(encoding="utf-8", errors="replace")
            assert "Missing character" not in log and "Unicode character" not in log
            assert "turkish" in log.casefold()  # babel's Turkish was loaded (its hyphenation patterns named in the log)
