"""Names in any script on every sheet, and no text-direction trick in any output.

Students named 李雷, Дмитрий or with an emoji get LaTeX sheets that pdfLaTeX compiles (the
LaTeX this project installs: `make latex`), their names romanised or written as code points;
bidirectional controls (a right-to-left override) are refused in a title or a roster's name,
naming the place, and removed by every writer (HTML, Markdown, LaTeX, SVG, YAML, CSV) from what
reaches it otherwise (an answer file's `student:` line).
"""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from tracer.cli import main
from tracer.grading.gradebook import safe_cell, write_csv
from tracer.reading.text import DIRECTION_CONTROLS, without_direction_controls
from tracer.render.tex import tex_escape

NAMES = {"s1": "李雷", "s2": "Дмитрий Шостакович", "s3": "Ana 😀 Lúcia", "s4": "Αλέξανδρος", "s5": "Çağrı Işık"}
BIDI = "".join(sorted(DIRECTION_CONTROLS))
TITLE = "Quiz \u00e7 end"
HOSTILE_TITLE = "Quiz \u202eevil\u202c \u2066iso\u2069 \u200fmark\u200e\u202a\u202b\u202d\u2067\u2068\u061c end"


def _latex_with_tikz() -> bool:
    if shutil.which("pdflatex") is None or shutil.which("kpsewhich") is None:
        return False
    return bool(subprocess.run(["kpsewhich", "tikz.sty"], capture_output=True, text=True, check=False).stdout.strip())


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    root = tmp_path_factory.mktemp("unicode")
    roster = root / "roster.csv"
    roster.write_text("id,name\n" + "".join(f"{sid},{name}\n" for sid, name in NAMES.items()), encoding="utf-8")
    result = CliRunner().invoke(
        main, ["exercise", "new", "-o", str(root / "ex"), "--seed", "7", "--students", str(roster), "--format", "latex", "--title", TITLE],
        catch_exceptions=False,
    )
    assert result.exit_code == 0, result.output
    return root / "ex"


def test_a_title_with_direction_controls_is_refused_naming_the_option(tmp_path):
    result = CliRunner().invoke(main, ["exercise", "new", "-o", str(tmp_path / "ex"), "--seed", "7", "--title", HOSTILE_TITLE])
    assert result.exit_code == 1 and "--title" in result.output and "U+202E" in result.output, result.output
    assert not (tmp_path / "ex").exists()


def test_a_roster_name_with_direction_controls_is_refused_naming_the_line(tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text("id,name\ns1,Ada\ns2,Eve \u202eevil\u202c\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["exercise", "new", "-o", str(tmp_path / "ex"), "--seed", "7", "--students", str(roster)])
    assert result.exit_code == 1 and "roster.csv:3" in result.output and "U+202E" in result.output, result.output


def test_tex_escape_writes_every_script_as_pdflatex_prints_it():
    assert tex_escape("Дмитрий Шостакович") == "Dmitrii Shostakovich"  # ICAO 9303, as on a passport
    assert tex_escape("Αλέξανδρος") == "Alexandros"
    assert tex_escape("李雷") == r"\textsf{[U+674E U+96F7]}"
    assert tex_escape("Ana 😀 Lúcia") == r"Ana \textsf{[U+1F600]} Lúcia"  # T1 holds ú
    assert tex_escape("Çağrı Işık") == "Çağrı Işık"
    assert tex_escape("👍🏽 ok") == r"\textsf{[U+1F44D U+1F3FD]} ok"
    assert tex_escape("≤ 2, α = 3") == r"$\le$ 2, $\alpha$ = 3"  # the notation's Greek stays maths
    assert tex_escape(BIDI + "a" + BIDI) == "a"


@pytest.mark.skipif(not _latex_with_tikz(), reason="needs pdflatex and TikZ (make latex)")
def test_sheets_for_students_in_any_script_compile_with_pdflatex(made):
    sheets = sorted((made / "handout").glob("*/*/sheet.tex"))
    assert len(sheets) == len(NAMES)
    for sheet in sheets:
        run = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", sheet.name], cwd=sheet.parent,
                             capture_output=True, text=True, timeout=120, check=False)
        assert run.returncode == 0, run.stdout[-2000:]
        assert "Missing character" not in (sheet.with_suffix(".log")).read_text(errors="replace")
    assert (made / "handout" / "sheets.pdf").stat().st_size > 1000  # tracer compiled the class's file itself
    if shutil.which("pdftotext"):
        text = subprocess.run(["pdftotext", str(made / "handout" / "sheets.pdf"), "-"], capture_output=True, text=True, check=True).stdout
        for shown in ("Dmitrii Shostakovich", "U+674E U+96F7", "Alexandros", "U+1F600", "(s5)"):  # T1 accents extract garbled
            assert shown in text, shown


def test_no_output_holds_a_direction_control(made):
    checked = []
    for path in sorted(made.rglob("*")):
        if path.suffix in (".html", ".md", ".tex", ".svg", ".yaml") and path.is_file():
            text = path.read_text(encoding="utf-8")
            assert not set(text) & DIRECTION_CONTROLS, path
            checked.append(path.suffix)
    assert {".html", ".md", ".tex", ".svg", ".yaml"} <= set(checked)
    sheet = next((made / "handout").glob("s1/*/sheet.html")).read_text(encoding="utf-8")
    assert "Quiz ç end" in sheet and "李雷" in sheet


def test_csv_cells_drop_direction_controls_before_defusing_formulas():
    assert safe_cell("\u202e=1+2") == "'=1+2"  # the override no longer hides the formula from the check
    assert safe_cell("\u2067Ada\u2069") == "Ada"
    assert write_csv([["\u200fid", "=cmd"]]) == "id,'=cmd\n"


def test_an_answer_files_student_line_reaches_no_report_with_its_controls(made, tmp_path):
    key = next((made / "keys").iterdir())
    answer = tmp_path / "a.yaml"
    answer.write_text(f'exercise: {key.name}\nstudent: "\\u202e=1+2 \\u2066x\\u2069\\ty"\nmove: B\n', encoding="utf-8")
    for fmt in ("text", "csv", "json"):
        result = CliRunner().invoke(main, ["check", str(made), str(answer), "--format", fmt], catch_exceptions=False)
        assert result.exit_code in (0, 3), result.output
        assert not set(result.output) & DIRECTION_CONTROLS, fmt
        assert "=1+2 x y" in result.output, result.output
    csv_rows = CliRunner().invoke(main, ["check", str(made), str(answer), "--format", "csv"]).output
    assert re.search(r"^'=1\+2 x y,", csv_rows, re.M), csv_rows


def test_without_direction_controls_keeps_everything_else():
    text = "مرحبا Ada 李雷 \u0301é"
    assert without_direction_controls(text) == text
    assert without_direction_controls(f"a{BIDI}b") == "ab"


def test_beamer_notes_drop_direction_controls():
    from tracer.render.tex import latex_escape

    assert latex_escape("a\u202eb\u2066c\u2069 \u200fd") == "abc d"  # was "a?b?c? ?d"


@given(st.text(max_size=40) | st.text(alphabet=st.characters(max_codepoint=127), max_size=40)
       | st.text(alphabet="abzAQZ0179", max_size=12))
def test_a_slug_of_ascii_text_skips_decomposition_and_is_the_same(text):
    """slugify takes ASCII text as it is, and ASCII letters and digits alone lower-cased (a class's
    check slugs every name): the slug is the one the full rule gives, decomposition (accents dropped) and all."""
    import unicodedata

    from tracer.exercises.roster import slugify

    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    assert slugify(text) == re.sub(r"[^a-z0-9]+", "-", plain.casefold()).strip("-")


@given(st.text(max_size=50) | st.text(alphabet=st.characters(max_codepoint=127), max_size=50))
def test_a_student_slug_of_an_ascii_id_skips_the_lost_letters_test_and_is_the_same(ident):
    """student_slug skips looking for letters lost to ASCII in an ASCII id (a class's check slugs every
    id): the slug is the one the full rule gives, digest and all."""
    import hashlib
    import unicodedata

    from tracer.exercises.roster import MAX_SLUG, slugify, student_slug

    slug = slugify(ident)
    lost = any(ch.isalnum() and not unicodedata.normalize("NFKD", ch).encode("ascii", "ignore") for ch in ident)
    expected = (f"{slug[:MAX_SLUG - 9].rstrip('-') or 'student'}-{hashlib.sha256(ident.encode('utf-8')).hexdigest()[:8]}"
                if not slug or lost or len(slug) > MAX_SLUG else slug)
    assert student_slug(ident) == expected
