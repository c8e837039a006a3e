"""The one player: one script file in every output that steps through a search, its
payload safe inside HTML, its words through the wording layer, its files in the wheel."""

from __future__ import annotations

import gettext
import hashlib
import json
import re
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

import pytest
from helpers import AIMA_5_2, aima_exercise

import tracer
from tracer.render import Figure
from tracer.render.html_player import player_html
from tracer.render.output import render_to_directory
from tracer.render.player import script_json
from tracer.words import use_language

REPO = Path(__file__).resolve().parents[2]
PLAYER_JS = REPO / "tracer" / "render" / "assets" / "player.js"


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def inlined_script(page: str) -> bytes:
    """The player script a standalone page carries inline."""
    scripts = re.findall(r"<script data-tracer-player>(.*?)</script>", page, re.S)
    assert len(scripts) == 1
    return scripts[0].encode("utf-8")


def test_one_script_file_serves_all_four_players(tmp_path):
    """render --html, steps.html, a site stepper and the practice page's solutions carry
    the same player.js, byte for byte (by SHA-256)."""
    pytest.importorskip("mkdocs")
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    from tracer.exercises.sheet import render_exercise

    want = sha256(PLAYER_JS.read_bytes())
    carried = {}
    render_to_directory(tracer.alphabeta(AIMA_5_2), tmp_path / "render", html=True)
    carried["render --html"] = sha256(inlined_script((tmp_path / "render" / "index.html").read_text(encoding="utf-8")))
    carried["steps.html"] = sha256(inlined_script(render_exercise(aima_exercise())["steps.html"]))

    docs = tmp_path / "site" / "docs"
    docs.mkdir(parents=True)
    (docs / "index.md").write_text(f"# Trees\n\n```gametree\n{AIMA_5_2}\n```\n\n```gametree algorithm=minimax\n[[1, 2], [3]]\n```\n")
    (docs / "practice.md").write_text("# Practice\n\n```gametree-practice seed=3 count=2\n```\n")
    config = tmp_path / "site" / "mkdocs.yml"
    config.write_text(textwrap.dedent("""
        site_name: test
        docs_dir: docs
        site_dir: out
        theme: {name: mkdocs}
        plugins: [tracer]
    """))
    build(load_config(str(config)))
    out = tmp_path / "site" / "out"
    for name, page in (("site stepper", out / "index.html"), ("practice", out / "practice" / "index.html")):
        html = page.read_text(encoding="utf-8")
        assert html.count("data-tracer-stepper") == 2, name  # two steppers (practice: two solutions)...
        scripts = re.findall(r'<script src="([^"]*)"', html)
        players = [src for src in scripts if src.endswith("/player.js") or src == "player.js"]
        assert len(players) == 1, (name, scripts)  # ...and the player linked once
        linked = (page.parent / players[0]).resolve()
        carried[name] = sha256(linked.read_bytes())
        # no second player beside it: the page's other tracer scripts read no stepper data
        for src in scripts:
            if "tracer/" in src and src != players[0]:
                assert "tracer-data" not in (page.parent / src).read_text(encoding="utf-8"), src
    assert carried == dict.fromkeys(carried, want), carried
    assert set(carried) == {"render --html", "steps.html", "site stepper", "practice"}


def test_the_payload_cannot_end_its_script_element():
    data = {"caption": "</script><!-- <b>&amp; \u2028 \u2029", "n": [1, 2.5, None]}
    text = str(script_json(data))
    assert json.loads(text) == data
    assert not set(text) & {"<", ">", "&", "\u2028", "\u2029"}


def test_a_standalone_page_is_one_file_with_one_payload():
    page = player_html(Figure(tracer.alphabeta(AIMA_5_2)))
    assert page.count("<script") == 2 and page.count("</script>") == 2  # the payload, the player
    assert not re.search(r"<(link|img|iframe)\b|\bsrc=|@import|url\(", page)  # nothing fetched
    data = json.loads(re.search(r'<script type="application/json" class="tracer-data">(.*?)</script>', page, re.S).group(1))
    assert data["address"] == "step" and data["keys"] == "page" and data["finalCaption"]
    assert len(data["paints"]) == data["steps"] + 1


class Marked(gettext.NullTranslations):
    """A 'language' that marks every message it translates."""

    def pgettext(self, context: str, message: str) -> str:
        return f"«{message}»"


def test_the_players_words_go_through_the_wording_layer():
    """Labels, the counter and the stack's caption are messages: a catalogue translates them."""
    from tracer.docsite.fence import read_fence_options
    from tracer.docsite.stepper import trace_stepper_html

    trace = tracer.alphabeta(AIMA_5_2)
    with use_language("xx", Marked()):
        page = player_html(Figure(trace))
        site = trace_stepper_html(trace, read_fence_options({}), id_token="t")
    for label in (
        "First step", "Previous step", "Play", "Next step", "Last step", "Step", "Playback speed", "Result",
        "Zoom out", "Zoom in", "Show the whole tree", "The search tree",
    ):
        assert f'aria-label="«{label}»"' in page or f">«{label}»<" in page, label
    assert f"«Step 0 of {len(trace)}»" in page  # the counter as the page opens
    data = json.loads(re.search(r'class="tracer-data">(.*?)</script>', page, re.S).group(1))
    assert data["words"] == {"counter": "«Step {step} of {total}»", "play": "«Play»", "pause": "«Pause»"}
    assert "<caption>«Call stack (root first)»</caption>" in site
    assert 'lang="xx"' in page


def test_the_wheel_ships_the_players_files(tmp_path):
    """A built wheel holds the script, the style sheet and the templates the player needs (and
    every other asset: the decks' templates, the vendored reveal.js)."""
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(REPO), "--no-deps", "--quiet", "--wheel-dir", str(tmp_path)],
        capture_output=True, text=True, timeout=600, check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    (wheel,) = tmp_path.glob("gametree_tracer-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for folder in ("tracer/render/assets", "tracer/docsite/assets"):
        for path in (REPO / folder).rglob("*"):  # the vendored reveal.js in its own folder too
            if path.is_file():
                assert f"{folder}/{path.relative_to(REPO / folder).as_posix()}" in names, path.name
    assert zipfile.ZipFile(wheel).read("tracer/render/assets/player.js") == PLAYER_JS.read_bytes()
    assert "tracer/py.typed" in names  # type checkers read tracer's hints (PEP 561)


def test_the_caption_box_holds_the_longest_captions_hidden():
    """The caption's box is sized by the longest captions (so the controls under it stay
    put), held hidden from screen readers; the caption itself is a polite live region."""
    import html

    from tracer.trace.captions import captions

    trace = tracer.alphabeta(AIMA_5_2)
    figure = Figure(trace)
    page = player_html(figure)
    live = re.findall(r'<p class="tracer-caption" aria-live="polite" aria-atomic="true">', page)
    assert len(live) == 1
    sizers = [html.unescape(text) for text in re.findall(r'<p class="tracer-caption-sizer" aria-hidden="true">([^<]*)</p>', page)]
    every = [*captions(trace), figure.final_caption()]
    longest = sorted(set(every), key=len, reverse=True)
    assert len(sizers) == 3 and {len(text) for text in sizers} == {len(text) for text in longest[:3]}, sizers
    assert all(text in every for text in sizers)
