"""PowerPoint decks, read back with python-pptx and converted by LibreOffice Impress, and
animations (GIF, MP4) read back with Pillow and ffprobe.

Expectations come from AIMA's Figure 5.2 and its alpha-beta walk-through (Figure 5.5), written
here by hand: C's cutoff happens after H = 2 with α = 3 at C, and MIN-VALUE returns there on
its cutoff line (AIMA's pseudocode: ``if v ≤ α then return v, move``); the game's value is 3,
reached through B. Steps are found by kind and node, never by number.
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import first_step
from render_helpers import AIMA

import tracer
from tracer.cli import main
from tracer.render import select_steps, write_animation, write_pptx

pptx = pytest.importorskip("pptx", reason="python-pptx is not installed (pip install 'gametree-tracer[slides]'; make setup does)")
from pptx.util import Emu  # noqa: E402

pytestmark = pytest.mark.needs_dot

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
C = (1,)
FULL_HD_WIDTH = 1920


def run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(main, list(args), input=stdin, catch_exceptions=False)


def words(text: str) -> str:
    return " ".join(text.split())


def slide_parts(slide):
    """(title, [pictures], [text boxes]) of a slide, as python-pptx reads them."""
    title = slide.shapes.title.text_frame.text if slide.shapes.title is not None else None
    pictures = [shape for shape in slide.shapes if shape.shape_type == pptx.enum.shapes.MSO_SHAPE_TYPE.PICTURE]
    boxes = [shape for shape in slide.shapes if shape.shape_type == pptx.enum.shapes.MSO_SHAPE_TYPE.TEXT_BOX]
    return title, pictures, boxes


@pytest.fixture(scope="module")
def aima():
    return tracer.alphabeta(AIMA)


@pytest.fixture(scope="module")
def deck_file(aima, tmp_path_factory):
    path = tmp_path_factory.mktemp("deck") / "deck.pptx"
    result = write_pptx(aima, path, steps="key", slide="16:9")
    return path, result


# -- the deck, read back ----------------------------------------------------------------------------
def test_one_slide_per_key_step_between_a_title_and_the_final_figure_and_storyboard(aima, deck_file):
    path, result = deck_file
    deck = pptx.Presentation(str(path))
    key = select_steps(aima, "key")
    assert len(deck.slides) == result.slides == 1 + len(key) + 2
    titles = [slide_parts(slide)[0] for slide in deck.slides]
    assert titles[0] == "Alpha-beta on a game tree"
    assert titles[1:-2] == [f"Step {step} of {len(aima)}" for step in key]
    assert titles[-2] == "Result"
    assert titles[-1] == f"The search in {len(key)} panels"
    assert (Emu(deck.slide_width).inches, Emu(deck.slide_height).inches) == pytest.approx((40 / 3, 7.5), abs=1e-3)


def test_the_cutoff_at_c_has_its_caption_as_text_and_its_pseudocode_line_in_the_notes(aima, deck_file):
    path, _ = deck_file
    deck = pptx.Presentation(str(path))
    step = first_step(aima, "cutoff", C)
    (slide,) = [slide for slide in deck.slides if slide_parts(slide)[0] == f"Step {step} of {len(aima)}"]
    _, pictures, boxes = slide_parts(slide)
    assert len(pictures) == 1 and len(boxes) == 1
    caption = boxes[0].text_frame.text
    assert caption.startswith("C: v = 2 ≤ α = 3") and "(I, J) are pruned" in caption
    notes = slide.notes_slide.notes_text_frame.text.splitlines()
    assert notes[0] == f"Step {step} of {len(aima)}: {caption}"
    assert notes[1] == "Pseudocode: if v ≤ α then return v, move"
    # the caption sits under the picture, both inside the slide, and the picture's words are its alt text
    assert boxes[0].top >= pictures[0].top + pictures[0].height
    assert boxes[0].top + boxes[0].height <= deck.slide_height and pictures[0].left >= 0
    assert pictures[0]._element.nvPicPr.cNvPr.get("descr") == caption


def test_every_step_slide_says_its_own_caption_and_every_step_after_the_first_a_line_of_pseudocode(aima, deck_file):
    path, _ = deck_file
    deck = pptx.Presentation(str(path))
    figure = tracer.render.Figure(aima)
    for step, slide in zip(select_steps(aima, "key"), list(deck.slides)[1:-2]):
        _, _, boxes = slide_parts(slide)
        assert boxes[0].text_frame.text == figure.captions()[step]
        notes = slide.notes_slide.notes_text_frame.text
        assert figure.captions()[step] in notes and "Pseudocode: " in notes


def test_the_title_final_and_storyboard_slides(aima, deck_file):
    path, _ = deck_file
    deck = pptx.Presentation(str(path))
    slides = list(deck.slides)
    _, pictures, boxes = slide_parts(slides[0])
    assert len(pictures) == 1 and "fail-soft" in boxes[0].text_frame.text and "v ≥ β (MAX)" in boxes[0].text_frame.text
    notes = slides[0].notes_slide.notes_text_frame.text
    assert "function ALPHA-BETA-SEARCH(state) returns a move" in notes and "Fail-soft:" in notes
    _, pictures, boxes = slide_parts(slides[-2])
    assert len(pictures) == 1 and "the value of the game is 3; MAX moves to B" in boxes[0].text_frame.text
    _, pictures, boxes = slide_parts(slides[-1])
    assert len(pictures) == 1 and not boxes
    panels = slides[-1].notes_slide.notes_text_frame.text.splitlines()
    key = select_steps(aima, "key")
    assert [line.split(":")[0] for line in panels] == [f"({'abcdefgh'[i]}) step {step}" for i, step in enumerate(key)]


def test_pictures_are_sharp_at_full_screen_1080p(deck_file):
    """A slide shown full-screen at 1920 x 1080 is 1,920 pixels across its 13.33 inches (144 a
    slide inch): every picture has at least that many pixels per inch of the slide it covers,
    so a picture as wide as the slide would be at least 1,920 pixels wide, and none is stretched."""
    path, result = deck_file
    deck = pptx.Presentation(str(path))
    slide_width = Emu(deck.slide_width).inches
    sizes = []
    for slide in deck.slides:
        (picture,) = slide_parts(slide)[1]
        pixels_wide, pixels_high = picture.image.size
        inches_wide, inches_high = Emu(picture.width).inches, Emu(picture.height).inches
        per_inch = pixels_wide / inches_wide
        assert per_inch * slide_width >= FULL_HD_WIDTH, (pixels_wide, inches_wide)
        assert pixels_high / inches_high == pytest.approx(per_inch, rel=0.01)
        sizes.append((pixels_wide, pixels_high))
    assert sizes == result.pictures
    assert min(width for width, _ in sizes) >= 1770  # the picture area, 12.33 of the slide's 13.33 in


def test_the_same_input_gives_the_same_bytes(aima, deck_file, tmp_path):
    path, _ = deck_file
    again = tmp_path / "again.pptx"
    write_pptx(aima, again, steps="key", slide="16:9")
    assert again.read_bytes() == path.read_bytes()
    with zipfile.ZipFile(path) as archive:
        assert {info.date_time for info in archive.infolist()} == {(2000, 1, 1, 0, 0, 0)}
    properties = pptx.Presentation(str(path)).core_properties
    assert properties.created.year == properties.modified.year == 2000
    assert properties.title == "Alpha-beta on a game tree"


def test_a_4_3_deck_in_the_dark_theme(aima, tmp_path):
    result = write_pptx(aima, tmp_path / "d.pptx", steps="0,24", slide="4:3", theme="dark")
    deck = pptx.Presentation(str(tmp_path / "d.pptx"))
    assert (Emu(deck.slide_width).inches, Emu(deck.slide_height).inches) == pytest.approx((10, 7.5))
    assert result.slides == len(deck.slides) == 5
    (picture,) = slide_parts(deck.slides[1])[1]
    assert picture.image.size[0] / Emu(picture.width).inches * 10 >= 1440  # a 4:3 slide fills 1440 x 1080
    assert str(deck.slides[1].background.fill.fore_color.rgb) == "1C1C1E"
    # step 0, before the search, has no pseudocode line yet
    assert "Pseudocode" not in deck.slides[1].notes_slide.notes_text_frame.text


def test_no_caption_leaves_the_captions_in_the_notes(aima, tmp_path):
    write_pptx(aima, tmp_path / "d.pptx", steps="24", captions=False)
    slide = pptx.Presentation(str(tmp_path / "d.pptx")).slides[1]
    assert not slide_parts(slide)[2]
    assert "C: v = 2 ≤ α = 3" in slide.notes_slide.notes_text_frame.text


# -- a course's template ----------------------------------------------------------------------------
def course_template(path: Path) -> None:
    """A course's deck as Google Slides makes them (10 x 5.625 in), with its own background, a
    German layout name for "Title Only", its title placed its own way, and one slide of its own."""
    from pptx.dml.color import RGBColor
    from pptx.util import Inches

    deck = pptx.Presentation()
    deck.slide_width, deck.slide_height = Inches(10), Inches(5.625)
    fill = deck.slide_master.background.fill
    fill.solid()
    fill.fore_color.rgb = RGBColor(0xFF, 0xF4, 0xD6)
    for layout in deck.slide_layouts:
        if layout.name == "Title Only":
            layout.name = "Nur Titel"
            title = layout.placeholders[0]
            title.left, title.top, title.width, title.height = Inches(0.4), Inches(0.2), Inches(9.2), Inches(0.7)
    deck.slides.add_slide(deck.slide_layouts[0]).shapes.title.text = "The course's own first slide"
    deck.save(str(path))


def test_a_template_gives_its_size_masters_and_layout(aima, tmp_path):
    course_template(tmp_path / "course.pptx")
    result = write_pptx(aima, tmp_path / "d.pptx", template=tmp_path / "course.pptx")
    deck = pptx.Presentation(str(tmp_path / "d.pptx"))
    assert (Emu(deck.slide_width).inches, Emu(deck.slide_height).inches) == pytest.approx((10, 5.625))
    assert len(deck.slides) == result.slides == 1 + len(select_steps(aima, "key")) + 2
    assert all(slide_parts(slide)[0] != "The course's own first slide" for slide in deck.slides)
    assert {slide.slide_layout.name for slide in deck.slides} == {"Nur Titel"}
    assert str(deck.slide_master.background.fill.fore_color.rgb) == "FFF4D6"
    for slide in deck.slides:
        (picture,) = slide_parts(slide)[1]
        assert Emu(picture.top).inches >= 0.9  # under the template's title, which ends 0.9 in down
        # a 5.625 in tall slide fills 1080 pixels: 192 a slide inch
        assert picture.image.size[0] / Emu(picture.width).inches >= 1080 / 5.625 - 0.5
    assert not result.notes  # the figure fits (minimum sizes scale with the slide)


def test_a_template_that_is_not_a_deck_is_refused_in_one_line(tmp_path):
    (tmp_path / "tree.pptx").write_text(AIMA)
    zipped = tmp_path / "other.pptx"
    with zipfile.ZipFile(zipped, "w") as archive:
        archive.writestr("hello.txt", "not a deck")
    for template, message in ((tmp_path / "tree.pptx", "is not a PowerPoint deck (.pptx)"),
                              (zipped, "cannot be read as a PowerPoint deck"),
                              (tmp_path / "missing.pptx", "no such file"),
                              (tmp_path, "is a folder")):
        result = run("render", "-", "--pptx", str(tmp_path / "d.pptx"), "--pptx-template", str(template), stdin=AIMA)
        assert result.exit_code == 1 and message in result.output and result.output.count("\n") == 1, result.output
    assert not (tmp_path / "d.pptx").exists()


def test_a_template_that_unpacks_too_large_is_refused(aima, tmp_path, monkeypatch):
    import tracer.render.powerpoint as powerpoint

    course_template(tmp_path / "course.pptx")
    monkeypatch.setattr(powerpoint, "MAX_TEMPLATE_UNPACKED", 1000)
    with pytest.raises(tracer.InputError, match="unpacks to more than"):
        write_pptx(aima, tmp_path / "d.pptx", template=tmp_path / "course.pptx")


# -- the command line -------------------------------------------------------------------------------
def test_the_command_line_writes_a_deck_and_the_folder_lists_one(tmp_path):
    result = run("render", "-", "--steps", "key", "--slide", "16:9", "--pptx", str(tmp_path / "deck.pptx"), stdin=AIMA)
    assert result.exit_code == 0 and "wrote a PowerPoint deck of 11 slides" in result.output
    assert not (tmp_path / "manifest.json").exists()
    result = run("render", "-", "-o", str(tmp_path / "figs"), "--format", "pptx", stdin=AIMA)
    assert result.exit_code == 0, result.output
    import json

    manifest = json.loads((tmp_path / "figs" / "manifest.json").read_text())
    assert "slides.pptx" in manifest["files"] and manifest["deck"]["steps"] == [f["step"] for f in manifest["frames"]]
    assert (tmp_path / "figs" / "slides.pptx").read_bytes() == (tmp_path / "deck.pptx").read_bytes()
    # the next render without the deck removes it, as it removes every file it no longer writes
    run("render", "-", "-o", str(tmp_path / "figs"), stdin=AIMA)
    assert not (tmp_path / "figs" / "slides.pptx").exists()


def test_the_command_line_says_what_is_missing(tmp_path):
    for args, message in (
        ([], "name where to write"),
        (["--pptx-template", "x.pptx", "-o", str(tmp_path)], "--pptx-template is for a PowerPoint deck"),
        (["--pace", "2", "-o", str(tmp_path)], "--pace is the pace of an animation"),
        (["--format", "gif", "--pptx", str(tmp_path / "d.pptx")], "add -o DIR"),
    ):
        result = run("render", "-", *args, stdin=AIMA)
        assert result.exit_code == 2 and message in result.output, result.output


def test_a_deck_of_too_many_steps_names_the_steps_that_fit(aima, tmp_path):
    from tracer.render.deck import Deck

    with pytest.raises(tracer.InputError) as error:
        Deck(aima, steps="all", max_slides=10)
    assert "46 steps are more slides than the 10 one deck holds" in str(error.value)
    every = int(re.search(r"steps='every:(\d+)'", str(error.value)).group(1))
    assert len(select_steps(aima, f"every:{every}")) <= 10 and "steps='key'" in str(error.value)
    assert not (tmp_path / "d.pptx").exists()


def test_the_library_names_settings_as_data(aima, tmp_path):
    from tracer.render import render_to_directory

    with pytest.raises(tracer.InputError) as error:
        render_to_directory(aima, tmp_path / "f", pace=2.0)
    assert "format='gif'" in str(error.value)


# -- LibreOffice Impress --------------------------------------------------------------------------
def soffice() -> str | None:
    return shutil.which("soffice") or shutil.which("libreoffice")


def convert_to_pdf(deck: Path, out: Path) -> Path:
    """The deck converted by LibreOffice Impress, headless, with a profile of its own."""
    profile = out / "profile"
    done = subprocess.run(
        [soffice(), f"-env:UserInstallation={profile.as_uri()}", "--headless", "--convert-to", "pdf", "--outdir", str(out), str(deck)],
        capture_output=True, text=True, timeout=300, check=False,
    )
    pdf = out / (deck.stem + ".pdf")
    assert done.returncode == 0 and pdf.exists(), done.stdout + done.stderr
    return pdf


def page_texts(pdf: Path) -> list[str]:
    pages = int(re.search(r"Pages:\s+(\d+)", subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout).group(1))
    return [
        words(subprocess.run(["pdftotext", "-f", str(n), "-l", str(n), "-enc", "UTF-8", str(pdf), "-"], capture_output=True, text=True, check=True).stdout)
        for n in range(1, pages + 1)
    ]


@pytest.mark.skipif(soffice() is None, reason="no LibreOffice (Debian: apt-get install libreoffice-impress; make test installs it where it may)")
@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="no pdftotext (Debian: apt-get install poppler-utils; make test installs it)")
def test_libreoffice_impress_opens_the_deck_and_every_page_shows_its_caption(aima, deck_file, tmp_path):
    path, _ = deck_file
    pdf = convert_to_pdf(path, tmp_path)
    texts = page_texts(pdf)
    deck = pptx.Presentation(str(path))
    assert len(texts) == len(deck.slides)
    figure = tracer.render.Figure(aima)
    for text, step in zip(texts[1:-2], select_steps(aima, "key")):
        assert f"Step {step} of {len(aima)}" in text and words(figure.captions()[step]) in text
    assert "Alpha-beta on a game tree" in texts[0] and "the value of the game is 3" in texts[-2]
    cutoff = texts[1 + select_steps(aima, "key").index(first_step(aima, "cutoff", C))]
    assert "C: v = 2 ≤ α = 3" in cutoff
    if shutil.which("pdftoppm"):
        ARTIFACTS.mkdir(exist_ok=True)
        subprocess.run(["pdftoppm", "-png", "-r", "48", str(pdf), str(ARTIFACTS / "deck-page")], check=True)


# -- animations ---------------------------------------------------------------------------------
def test_a_gif_shows_each_chosen_step_at_the_pace_asked(aima, tmp_path):
    from PIL import Image

    shown = write_animation(aima, tmp_path / "steps.gif", steps="key", pace=0.8, slide="16:9")
    key = select_steps(aima, "key")
    assert shown == len(key)
    with Image.open(tmp_path / "steps.gif") as gif:
        assert gif.size == (1280, 720) and gif.n_frames == len(key) and gif.info["loop"] == 0
        durations = []
        for index in range(gif.n_frames):
            gif.seek(index)
            durations.append(gif.info["duration"])
    assert durations == [800] * (len(key) - 1) + [2400]
    write_animation(aima, tmp_path / "again.gif", steps="key", pace=0.8, slide="16:9")
    assert (tmp_path / "again.gif").read_bytes() == (tmp_path / "steps.gif").read_bytes()


def test_a_gif_from_the_command_line_with_the_manifest(tmp_path):
    import json

    from PIL import Image

    result = run("render", "-", "-o", str(tmp_path), "--steps", "0,24", "--format", "gif", "--pace", "2", stdin=AIMA)
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert manifest["animation"] == {"files": ["steps.gif"], "steps": [0, 24], "pace": 2.0, "hold_last": 3}
    with Image.open(tmp_path / "steps.gif") as gif:
        assert gif.n_frames == 2
        # the frames are the folder's frames: their size is the SVG's, at 4/3 pixel a point
        width = float(re.search(r'width="([\d.]+)pt"', (tmp_path / "step-0024.svg").read_text()).group(1))
        assert gif.size[0] == pytest.approx(width * 4 / 3, abs=1)


@pytest.mark.skipif(shutil.which("ffmpeg") is None or shutil.which("ffprobe") is None, reason="no ffmpeg (Debian: apt-get install ffmpeg)")
def test_an_mp4_where_ffmpeg_is_installed(aima, tmp_path):
    shown = write_animation(aima, tmp_path / "steps.mp4", steps="key", pace=0.5, slide="16:9")
    probe = subprocess.run(
        ["ffprobe", "-v", "error", "-show_entries", "stream=codec_name,width,height:format=duration", "-of", "default=nw=1",
         str(tmp_path / "steps.mp4")], capture_output=True, text=True, check=True,
    ).stdout
    info = dict(line.split("=", 1) for line in probe.split())
    assert info["codec_name"] == "h264" and (info["width"], info["height"]) == ("1280", "720")
    assert float(info["duration"]) == pytest.approx((shown + 2) * 0.5, abs=0.05)  # the last step held three paces
    write_animation(aima, tmp_path / "again.mp4", steps="key", pace=0.5, slide="16:9")
    assert (tmp_path / "again.mp4").read_bytes() == (tmp_path / "steps.mp4").read_bytes()


def test_an_mp4_without_ffmpeg_is_refused_in_one_line_before_anything_is_written(tmp_path, monkeypatch):
    import tracer.render.animation as animation

    real_which = shutil.which
    monkeypatch.setattr(animation.shutil, "which", lambda name, *a, **k: None if name == "ffmpeg" else real_which(name, *a, **k))
    result = run("render", "-", "-o", str(tmp_path / "figs"), "--format", "svg,mp4", stdin=AIMA)
    assert result.exit_code == 1 and result.output.count("\n") == 1
    assert "MP4 animations need ffmpeg" in result.output and "--format gif" in result.output
    assert not (tmp_path / "figs").exists()


def test_an_animation_is_a_gif_or_an_mp4(aima, tmp_path):
    with pytest.raises(tracer.InputError, match=r"a \.gif or an \.mp4"):
        write_animation(aima, tmp_path / "steps.avi")


# -- pictures in memory -------------------------------------------------------------------------
def test_pngs_written_one_after_another_are_cut_apart():
    from PIL import Image

    from tracer.render.raster import png_size, split_pngs

    def png(width: int, height: int) -> bytes:
        out = io.BytesIO()
        Image.new("RGB", (width, height), "white").save(out, format="PNG")
        return out.getvalue()

    parts = [png(3, 2), png(1920, 1080), png(7, 5)]
    assert split_pngs(b"".join(parts)) == parts
    assert [png_size(part) for part in parts] == [(3, 2), (1920, 1080), (7, 5)]
    with pytest.raises(tracer.render.GraphvizFailed):
        split_pngs(parts[0] + b"garbage")
    with pytest.raises(tracer.render.GraphvizFailed):
        split_pngs(parts[1][:-20])


# -- the README's picture of a slide ----------------------------------------------------------------
def test_the_readme_shows_a_slide_made_by_bench_slide_picture(tmp_path):
    """site/img/fig-5-2-slide.png is made by bench/slide_picture.py (LibreOffice's rendering of
    the deck's slide of C's cutoff); where LibreOffice is installed the script runs again here."""
    from PIL import Image

    committed = REPO / "site" / "img" / "fig-5-2-slide.png"
    assert "site/img/fig-5-2-slide.png" in (REPO / "README.md").read_text(encoding="utf-8")
    with Image.open(committed) as picture:
        assert picture.size == (1280, 720)
    if soffice() is None or shutil.which("pdftoppm") is None:
        pytest.skip("no LibreOffice or pdftoppm to make the picture again")
    import importlib.util

    spec = importlib.util.spec_from_file_location("slide_picture", REPO / "bench" / "slide_picture.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    made = module.slide_picture(tmp_path / "slide.png")
    with Image.open(made) as picture:
        assert picture.size == (1280, 720)
        # the slide has its title, a picture and a caption: far from blank
        assert len(picture.convert("L").getcolors(256 * 256) or []) > 16
