"""A reveal.js deck (tracer render --revealjs) stepped through in Chromium, opened from disk:
one fragment per key step of AIMA's Figure 5.2, each showing its title, its figure and its
caption with the caption and the pseudocode line as speaker notes; the keyboard moves through
it; the speaker view shows the notes; printed with ?print-pdf it is a page per slide and step;
and nothing is loaded from outside the deck's folder.

Expectations come from the trace (the narrator's captions, the key steps) and, at C's cutoff,
from AIMA by hand: after H = 2, C's v = 2 ≤ α = 3 and MIN-VALUE returns on ``if v ≤ α``."""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Iterator
from typing import Any

import pytest
from browser_helpers import PageWatch
from helpers import AIMA_5_2, first_step

import tracer
from tracer.render import select_steps, write_revealjs
from tracer.trace.captions import captions

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def aima() -> Any:
    return tracer.alphabeta(AIMA_5_2)


@pytest.fixture(scope="module")
def deck(aima: Any, tmp_path_factory: pytest.TempPathFactory) -> Any:
    folder = tmp_path_factory.mktemp("deck") / "deck"
    write_revealjs(aima, folder, steps="key", slide="16:9")
    return folder


@pytest.fixture
def context(browser: Any, deck: Any) -> Iterator[Any]:
    """A browser context that records every request, and a watch on each page it opens."""
    opened = browser.new_context(viewport={"width": 1280, "height": 720})
    opened.requests = []
    opened.on("request", lambda request: opened.requests.append(request.url))
    yield opened
    opened.close()
    outside = [url for url in opened.requests if not (url.startswith(deck.as_uri() + "/") or url == "about:blank")]
    assert not outside, outside


def open_deck(context: Any, deck: Any, query: str = "") -> Any:
    page = context.new_page()
    page.watch = PageWatch(page)
    page.goto((deck / "index.html").as_uri() + query)
    page.wait_for_function("window.Reveal && Reveal.isReady()")
    return page


def showing(page: Any) -> dict:
    """What the current fragment of the steps slide holds, and where the deck is."""
    return page.evaluate("""() => {
        const build = Reveal.getCurrentSlide().querySelector('.tracer-build.current-fragment');
        const visible = [...document.querySelectorAll('.tracer-steps .tracer-build')]
            .filter(b => getComputedStyle(b).visibility !== 'hidden' && getComputedStyle(b).opacity !== '0');
        return {
            indices: Reveal.getIndices(),
            step: build ? Number(build.dataset.step) : null,
            title: build ? build.querySelector('h2').innerText : null,
            caption: build ? build.querySelector('.tracer-text').innerText : null,
            notes: build ? build.querySelector('aside.notes').textContent : null,
            picture: build ? build.querySelector('img').naturalWidth : 0,
            visible: visible.map(b => b.dataset.step || 'tree'),
        };
    }""")


def test_one_fragment_per_key_step_stepped_through_with_the_keyboard(aima: Any, deck: Any, context: Any, artifacts: Any) -> None:
    page = open_deck(context, deck)
    key = select_steps(aima, "key")
    said = captions(aima)
    assert page.evaluate("Reveal.getTotalSlides()") == 4
    assert page.evaluate("document.querySelectorAll('.tracer-steps .fragment').length") == len(key)
    page.keyboard.press("ArrowRight")
    assert showing(page)["indices"] == {"h": 1, "v": 0, "f": -1} and showing(page)["visible"] == ["tree"]
    for index, step in enumerate(key):
        page.keyboard.press("ArrowRight" if index % 2 else "Space")
        now = showing(page)
        assert now["indices"]["f"] == index and now["step"] == step
        assert now["title"] == f"Step {step} of {len(aima)}"
        assert " ".join(now["caption"].split()) == said[step]
        assert f"Step {step} of {len(aima)}: {said[step]}" in " ".join(now["notes"].split())
        assert now["picture"] > 0  # the figure loaded
        assert now["visible"] == [str(step)]  # the builds under it are hidden
        if step == first_step(aima, "cutoff", (1,)):
            assert said[step].startswith("C: v = 2 ≤ α = 3")
            assert "Pseudocode: if v ≤ α then return v, move" in now["notes"]
            page.screenshot(path=str(artifacts / "revealjs-cutoff.png"))
    page.keyboard.press("ArrowRight")
    assert page.evaluate("Reveal.getIndices().h") == 2
    assert page.evaluate("Reveal.getCurrentSlide().dataset.kind") == "final"
    page.keyboard.press("ArrowLeft")
    assert showing(page)["step"] == key[-1]
    assert not page.watch.problems, page.watch.problems


def test_the_speaker_view_shows_the_current_steps_notes(aima: Any, deck: Any, context: Any) -> None:
    page = open_deck(context, deck)
    with context.expect_page() as opened:
        page.keyboard.press("s")
    speaker = opened.value
    # connected: it shows the title slide's notes (the conventions and the pseudocode)
    notes_hold = "text => (document.querySelector('.speaker-controls-notes .value') || {textContent: ''}).textContent.includes(text)"
    speaker.wait_for_function(notes_hold, arg="function ALPHA-BETA-SEARCH(state)", timeout=10_000)
    key = select_steps(aima, "key")
    target = key.index(first_step(aima, "cutoff", (1,)))
    for _ in range(target + 2):  # onto the steps slide, then to C's cutoff
        page.keyboard.press("ArrowRight")
    assert showing(page)["step"] == key[target]
    speaker.wait_for_function(notes_hold, arg="C: v = 2 ≤ α = 3", timeout=10_000)
    notes = speaker.evaluate("document.querySelector('.speaker-controls-notes .value').textContent")
    assert f"Step {key[target]} of {len(aima)}" in notes and "Pseudocode: if v ≤ α then return v, move" in notes


def test_printed_with_print_pdf_it_is_a_page_per_slide_and_step(aima: Any, deck: Any, context: Any, tmp_path: Any) -> None:
    page = open_deck(context, deck, "?print-pdf")
    page.wait_for_function("() => document.documentElement.classList.contains('reveal-print')")
    page.wait_for_timeout(300)  # reveal.js lays the printed pages out after it is ready
    pdf = page.pdf(print_background=True, prefer_css_page_size=True)
    key = select_steps(aima, "key")
    pages = len(re.findall(rb"/Type\s*/Page\b", pdf))
    assert pages == 1 + (1 + len(key)) + 2  # title, the tree and each step, final figure, storyboard
    if shutil.which("pdftotext"):
        (tmp_path / "deck.pdf").write_bytes(pdf)
        said = captions(aima)
        for number, step in enumerate(key, start=3):
            text = subprocess.run(["pdftotext", "-f", str(number), "-l", str(number), "-enc", "UTF-8", str(tmp_path / "deck.pdf"), "-"],
                                  capture_output=True, text=True, check=True).stdout
            text = " ".join(text.split())
            assert said[step] in text and f"Step {step} of {len(aima)}" in text
            others = [other for other in key if other != step]
            assert not any(f"Step {other} of" in text for other in others), text[:200]  # covered builds print nothing
