"""Accessibility: axe-core (the engine browsers' own audits use) on every page of the built
site, in both palettes, and on the standalone player; and a stepper used with the keyboard
and a screen reader's view of the page alone.

axe-core comes from the npm registry at the version the Makefile pins (`make axe`, which
`make test` runs), into .cache/axe; without it these tests are skipped and say why."""

from __future__ import annotations

import pytest
from browser_helpers import axe_violations, site_pages, why_no_axe
from helpers import AIMA_5_2

import tracer
from tracer.render.output import render_to_directory

pytestmark = pytest.mark.browser

# WCAG 2.0, 2.1 and 2.2, levels A and AA
WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]


@pytest.fixture(scope="module")
def axe() -> None:
    reason = why_no_axe()
    if reason:
        pytest.skip(reason)


def _open_everything(page) -> None:
    """Open what a reader can open, so that axe sees it too: the practice trees' solutions
    (found by what the button does, not by its words, which follow the page's language)."""
    closed = page.locator('[data-action="reveal"][aria-expanded="false"]')
    for _ in range(closed.count()):
        closed.first.click()  # it becomes "Hide the solution"
    assert closed.count() == 0


@pytest.mark.parametrize(
    ("scheme", "width"), [("light", 1280), ("dark", 1280), ("light", 390)], ids=["light-desktop", "dark-desktop", "light-phone"]
)
def test_no_serious_or_critical_violation_on_any_page(axe, browser, site, base_url, scheme, width):
    """Every page, as it opens and with its solutions shown: no serious or critical violation
    of a WCAG 2 A or AA rule (colour contrast, links told apart from text by colour alone,
    scrolling boxes the keyboard cannot reach, names of controls, ...). At phone width the
    trees scroll inside their steppers, so the boxes that scroll differ from the desktop's."""
    context = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme)
    page = context.new_page()
    found: list[str] = []
    pages = site_pages(site)
    assert len(pages) >= 12, pages
    for address in pages:
        page.goto(base_url + address)
        page.wait_for_load_state("networkidle")
        assert page.get_attribute("body", "data-md-color-scheme") == ("slate" if scheme == "dark" else "default")
        _open_everything(page)
        found += axe_violations(page, WCAG_AA)
    context.close()
    assert not found, "\n".join(found)


def test_axe_finds_what_it_is_asked_to_find(axe, page, base_url):
    """The audit can fail: a link told apart by colour alone and an unlabelled button, put
    into a page of the site, are reported."""
    page.goto(base_url)
    page.evaluate(
        """() => {
            const p = document.createElement('p');
            p.innerHTML = 'Some text with <a href="#" style="text-decoration: none; color: #333">a link</a> in it.';
            p.appendChild(document.createElement('button'));
            document.querySelector('article').appendChild(p);
        }"""
    )
    rules = {line.split(": ")[1].split(" ")[0] for line in axe_violations(page, WCAG_AA)}
    assert {"link-in-text-block", "button-name"} <= rules, rules


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_standalone_player_passes_too(axe, browser, tmp_path, theme):
    """tracer render --html shares the player: its page passes the same rules."""
    render_to_directory(tracer.alphabeta(AIMA_5_2), tmp_path, html=True, theme=theme)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto((tmp_path / "index.html").as_uri() + "#step=12")
    found = axe_violations(page, WCAG_AA)
    page.get_by_role("button", name="Result").click()
    found += axe_violations(page, WCAG_AA)
    context.close()
    assert not found, "\n".join(found)
