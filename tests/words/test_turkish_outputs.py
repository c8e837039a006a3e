"""`--lang tr`: the key (text, Markdown, JSON's prose), the figures (captions, headers,
legends), Beamer notes, the HTML player's words, the decks' notes and the Jupyter stepper
are Turkish, and hold no English message (held against the English catalogue's words).

The Turkish sentences expected below are written by hand from AIMA's Figure 5.2 (see
words_helpers.AIMA): at C, v = 2 ≤ α = 3 prunes I and J; the root's value is 3, by B.
Pseudocode keeps AIMA's English keywords in every language: its lines are left out of
the English check, its comments (▷ ...) are not.
"""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import subprocess

import pytest
from click.testing import CliRunner
from words_helpers import AIMA, english_only, english_words, svg_text, tex_notes, visible_text

import tracer
from tracer.cli import main
from tracer.trace.pseudocode import pseudocode_for
from tracer.words import use_language

CUT_AT_C = "C: v = 2 ≤ α = 3, bu yüzden MAX C düğümünü asla seçmez; diğer çocukları (I, J) budanır."


def run(*args: str, env: dict[str, str] | None = None) -> str:
    result = CliRunner().invoke(main, list(args), env=env, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    path = tmp_path_factory.mktemp("tree") / "fig-5-2.json"
    path.write_text(AIMA)
    return str(path)


@pytest.fixture(scope="module")
def pseudocode():
    with use_language("tr"):
        return pseudocode_for(tracer.alphabeta(AIMA)).text()


def test_the_english_check_knows_english_when_it_sees_it(tree):
    """The check below would fail on an English output: it finds the English key's words."""
    assert {"Answer", "Root", "value", "Visited", "examined"} <= set(english_words(run("key", tree)))
    assert len(english_only()) > 300


def test_the_key_as_text_in_turkish(tree):
    text = run("key", tree, "--lang", "tr")
    for line in (
        "Cevap anahtarı", "Algoritma: alfa-beta", "Kökün değeri: 3", "MAX oyuncusunun hamlesi: B düğümüne (yol 0)",
        "11 düğüm ziyaret edildi (kök dahil), 7 statik değer kullanıldı, 1 kesme; 2 çocuk budandı",
        "Kullanılan statik değerler, sırayla: E F G H K L M", "İncelenmeyenler: I J",
        "C düğümünde (yol 1): v = 2 ≤ α = 3; budananlar: I, J",
    ):
        assert line in text
    assert english_words(text) == []


def test_tracer_lang_in_the_environment_is_the_same_as_the_option(tree):
    assert run("key", tree, env={"TRACER_LANG": "tr"}) == run("key", tree, "--lang", "tr")
    assert run("key", tree, "--lang", "en", env={"TRACER_LANG": "tr"}) == run("key", tree)


def test_the_key_in_markdown_in_turkish(tree):
    text = run("key", tree, "--lang", "tr", "--format", "markdown")
    assert "# Cevap anahtarı" in text
    assert "| Düğüm | Yol | Tür | Minimax değeri | Aramanın değeri | Ziyaret |" in text
    assert "| I | 1.1 | yaprak | 4 | - | **hayır** |" in text
    assert english_words(text) == []


def test_the_json_key_changes_only_its_prose(tree):
    """Keys and values a program reads stay the same in every language; the sentences follow it."""
    english = json.loads(run("key", tree, "--format", "json"))
    turkish = json.loads(run("key", tree, "--format", "json", "--lang", "tr"))

    def differences(a, b, path=""):
        if isinstance(a, dict):
            assert a.keys() == b.keys(), path
            return [d for key in a for d in differences(a[key], b[key], f"{path}.{key}")]
        if isinstance(a, list):
            assert len(a) == len(b), path
            return [d for i, (x, y) in enumerate(zip(a, b)) for d in differences(x, y, f"{path}[{i}]")]
        return [] if a == b else [path]

    assert differences(english, turkish) == [".conventions.description"]
    assert turkish["conventions"]["description"].startswith("v ≥ β (MAX) ya da v ≤ α (MIN) olunca budanır")
    assert english_words(turkish["conventions"]["description"]) == []


@pytest.fixture(scope="module")
def figures(tree, tmp_path_factory):
    """Every file `tracer render --lang tr` writes into a folder, with the player and the Beamer overlays."""
    out = tmp_path_factory.mktemp("figures")
    run("render", tree, "-o", str(out), "--lang", "tr", "--steps", "key", "--storyboard", "--legend",
        "--html", "--beamer", "--format", "svg,dot")
    return out


def cut_frame(folder) -> str:
    manifest = json.loads((folder / "manifest.json").read_text())
    [frame] = [frame for frame in manifest["frames"] if frame["caption"] == CUT_AT_C]
    return frame["file"]


def test_the_frames_captions_headers_and_legends_are_turkish(figures):
    cut = svg_text((figures / cut_frame(figures)).read_text())
    assert CUT_AT_C in cut
    assert re.search(r"Adım 24 / 45", cut)
    assert "bu adımın düğümü" in cut and "çağrı yığınında" in cut  # the legend
    final = svg_text((figures / "final.svg").read_text())
    assert "Sonuç: oyunun değeri 3; MAX, B düğümüne oynar." in final
    assert "budandı" in final and "ana varyant" in final
    for svg in sorted(figures.glob("*.svg")):
        assert english_words(svg_text(svg.read_text())) == [], svg.name


def test_the_manifest_and_the_dot_comments_are_turkish(figures):
    manifest = json.loads((figures / "manifest.json").read_text())
    captions = "\n".join(frame["caption"] for frame in manifest["frames"])
    assert CUT_AT_C in captions and english_words(captions) == []
    for dot in sorted(figures.glob("*.dot")):
        # the comment lines but the command that draws the file again (it names the file)
        comments = "\n".join(line for line in dot.read_text().splitlines() if line.startswith("//") and "neato" not in line)
        assert comments and english_words(comments) == [], dot.name


def test_the_beamer_notes_are_turkish_and_keep_their_letters(figures):
    tex = (figures / "frames.tex").read_text()
    notes = tex_notes(tex)
    assert "Adım 24: " + CUT_AT_C in notes
    assert "?" not in notes  # no Turkish letter lost
    assert english_words(notes) == []
    comments = "\n".join(line for line in tex.splitlines() if line.startswith("%"))
    assert "Bir Beamer çerçevesinin içinde kullanın" in comments


@pytest.mark.skipif(shutil.which("pdflatex") is None or shutil.which("pdftotext") is None, reason="needs pdflatex and pdftotext")
def test_the_beamer_notes_compile_and_print_turkish_letters(figures, tmp_path):
    """pdfLaTeX's default fonts print ğ ş ı through the accent commands the notes use."""
    (tmp_path / "talk.tex").write_text(
        "\\documentclass{beamer}\n\\setbeameroption{show only notes}\n\\begin{document}\n"
        f"\\begin{{frame}}\\input{{{figures / 'frames.tex'}}}\\end{{frame}}\n\\end{{document}}\n"
    )
    compiled = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "talk.tex"], cwd=tmp_path,
                              capture_output=True, text=True, timeout=180)
    assert compiled.returncode == 0, compiled.stdout[-2000:]
    text = subprocess.run(["pdftotext", "-enc", "UTF-8", "talk.pdf", "-"], cwd=tmp_path, capture_output=True, text=True).stdout
    flat = " ".join(text.split())
    assert "düğümünü asla seçmez" in flat and "budanır" in flat


def test_the_html_player_speaks_turkish(figures):
    page = (figures / "index.html").read_text()
    assert '<html lang="tr"' in page
    shown = visible_text(page)
    for words in ("Önceki adım", "Sonraki adım", "Oynat ya da duraklat (boşluk)", "Bütün ağacı göster", "Hız, yakınlaştırma ve bağlantılar"):
        assert words in shown
    assert english_words(shown) == []
    data = json.loads(re.search(r'<script type="application/json" class="tracer-data">(.*?)</script>', page, re.S).group(1))
    assert data["words"]["counter"] == "Adım {step} / {total}"
    said = [*data["words"].values(), data["finalCaption"], *(paint["caption"] for paint in data["paints"])]
    assert CUT_AT_C in said
    assert english_words("\n".join(map(str, said))) == []


def test_the_revealjs_deck_and_its_notes_are_turkish(tree, tmp_path, pseudocode):
    run("render", tree, "--lang", "tr", "--revealjs", str(tmp_path / "deck"))
    shown = visible_text((tmp_path / "deck" / "index.html").read_text())
    assert "Adım 24 / 45: " + CUT_AT_C in shown
    assert "Sözde kod: if v ≤ α then return v, move" in shown  # the line in English keywords
    assert "▷ VALUE(s, ...), s durumunda sırası gelen oyuncunun fonksiyonunu çağırır" in shown  # its comment in Turkish
    assert english_words(shown, ignore=pseudocode) == []


def test_the_powerpoint_notes_are_turkish(tree, tmp_path, pseudocode):
    pptx = pytest.importorskip("pptx", reason="python-pptx is not installed (pip install 'gametree-tracer[slides]')")
    run("render", tree, "--lang", "tr", "--steps", "key", "--pptx", str(tmp_path / "deck.pptx"))
    deck = pptx.Presentation(str(tmp_path / "deck.pptx"))
    notes = "\n".join(slide.notes_slide.notes_text_frame.text for slide in deck.slides if slide.has_notes_slide)
    shown = "\n".join(shape.text_frame.text for slide in deck.slides for shape in slide.shapes if shape.has_text_frame)
    assert "Adım 24 / 45: " + CUT_AT_C in notes
    assert "Adım 24 / 45" in shown
    assert english_words(notes + "\n" + shown, ignore=pseudocode) == []


@pytest.mark.skipif(importlib.util.find_spec("ipywidgets") is None, reason="ipywidgets (the notebook extra) is not installed")
def test_the_jupyter_stepper_stays_turkish_when_the_slider_moves_later():
    from tracer.render.jupyter import show, stepper

    widget = stepper(tracer.alphabeta(AIMA), lang="tr")
    (play, slider), _view, words = widget.children[0].children, widget.children[1], widget.children[2]
    assert (slider.description, play.description) == ("Adım", "Oynat")
    slider.value = 24  # outside any use_language block, as a notebook's slider moves
    assert "Adım 24 / 45" in words.value and "asla seçmez" in words.value
    assert english_words(visible_text(words.value)) == []
    assert "Sonuç: oyunun değeri 3" in svg_text(show(tracer.alphabeta(AIMA), lang="tr").svg())


def test_counts_in_a_figure_use_the_turkish_thousands_point():
    """A uniform tree of 10 × 10 × 10 leaves has 1 + 10 + 100 + 1,000 = 1,111 nodes; minimax visits
    all of them, and drawn to depth 1 each MIN node stands for its 110 nodes below it."""
    from tracer.render import Figure

    tree = [[[i + j + k for k in range(10)] for j in range(10)] for i in range(10)]
    trace = tracer.minimax(json.dumps(tree))
    with use_language("tr"):
        text = svg_text(Figure(trace, max_depth=1).final())
    with use_language("en"):
        english = svg_text(Figure(trace, max_depth=1).final())
    assert "Minimax 1.111 düğüm ziyaret etti (ağaçta 1.111 düğüm var)." in text
    assert text.count("… +110 daha") == 10
    assert "Minimax visited 1,111 of 1,111 nodes" in english


def test_the_hidden_information_key_is_turkish():
    """The key of `tracer imperfect` (the game's title included: a class attribute said through Said)."""
    text = run("imperfect", "--lang", "tr")
    assert text.startswith("Gizli bilgi: Eli gizli bir dağıtıcıya karşı iki kişilik whist\n")
    assert "Bilgi kümeleri üzerinden" in text
    assert english_words(text) == []
    assert run("imperfect").startswith("Hidden information: Two-hand whist against a dealer whose hand is hidden\n")
