"""The Turkish site (/tr/) in a real browser: its stepper and practice page work in the
page's language, the language switcher leads to a page's twin and back, and every Turkish
page says it is Turkish.

The words expected on the page are read from tracer's Turkish catalogue, as the build
read them; where tracer has no Turkish catalogue yet, the Turkish pages' steppers fall
back to English (tracer.docsite.plugin), and so do these expectations. Every page of the
site, Turkish ones included, also goes through axe (test_accessibility.py) and the link
and console checks (test_site.py)."""

from __future__ import annotations

import re

import pytest
from browser_helpers import REPO, site_pages
from test_site import _first_practice_tree, _worked_by_hand

import tracer
from tracer.game.notation import load_tree
from tracer.trace.captions import captions
from tracer.words import available_languages, say, template, use_language

pytestmark = pytest.mark.browser

TURKISH = "tr" if "tr" in available_languages() else "en"
"""The language the Turkish pages' steppers are written in: Turkish, once tracer has its catalogue."""

HOME_TRACE = tracer.search(load_tree(REPO / "site" / "trees" / "fig-5-2.yaml"))


def words(language: str) -> dict[str, str]:
    with use_language(language):
        return {
            "next": say("player.next", "Next step"),
            "prev": say("player.prev", "Previous step"),
            "first": say("player.first", "First step"),
            "counter": template("player.counter", "Step {step} of {total}"),
            "check": say("practice.check", "Check"),
            "reveal": say("practice.reveal", "Show the solution"),
            "hide": say("practice.hide", "Hide the solution"),
            "score": say("report.score", "{score} / {max_score}", score="6", max_score="6"),
            "wrote": say("feedback.wrote", "you wrote {claim}.", claim="99"),
            "values_line": say(
                "report.test", "{name}: {score} / {max_score}",
                name=say("check.question_name", "{number}. {title}", number=1, title=say("question.title.values", "Alpha-beta values")),
                score="3", max_score="3",
            ),
        }


TR = words(TURKISH)


def test_every_turkish_page_says_it_is_turkish(page, site, base_url):
    pages = site_pages(site)
    turkish = [address for address in pages if address.startswith("tr/")]
    english = [address for address in pages if not address.startswith("tr/")]
    assert len(turkish) == len(english) >= 12, (turkish, english)  # every page has a Turkish build
    for address in turkish:
        page.goto(base_url + address)
        assert page.get_attribute("html", "lang") == "tr", address
    for address in english[:3]:
        page.goto(base_url + address)
        assert page.get_attribute("html", "lang") == "en", address


def test_the_turkish_stepper_steps_forward_and_back_in_turkish(page, base_url):
    page.goto(base_url + "tr/")
    box = page.locator("[data-tracer-stepper]").first
    total = len(HOME_TRACE)
    with use_language(TURKISH):
        expected = captions(HOME_TRACE)
    counter = box.locator(".tracer-counter")
    caption = box.locator(".tracer-caption")
    assert counter.inner_text() == TR["counter"].format(step=0, total=total)
    assert caption.inner_text() == expected[0]
    box.get_by_role("button", name=TR["next"], exact=True).click()
    box.get_by_role("button", name=TR["next"], exact=True).click()
    assert counter.inner_text() == TR["counter"].format(step=2, total=total)
    assert caption.inner_text() == expected[2]
    box.get_by_role("button", name=TR["prev"], exact=True).click()
    assert counter.inner_text() == TR["counter"].format(step=1, total=total)
    assert caption.inner_text() == expected[1]
    box.get_by_role("button", name=TR["first"], exact=True).click()
    assert counter.inner_text() == TR["counter"].format(step=0, total=total)
    if TURKISH == "tr":
        assert box.get_by_role("button", name="Next step", exact=True).count() == 0  # no English button left


def test_the_turkish_practice_page_grades_in_turkish(page, base_url):
    leaves = _first_practice_tree()
    values, pruned, move = _worked_by_hand(leaves)
    page.goto(base_url + "tr/practice/")
    item = page.locator("[data-tracer-practice]").first
    rows = item.locator(".tracer-answers tbody tr")
    paths = [rows.nth(i).get_attribute("data-path") for i in range(rows.count())]
    for index, path in enumerate(paths):
        rows.nth(index).locator("input").fill(values[path])
    for path in pruned:
        item.locator(f'.tracer-not-examined input[value="{path}"]').check()
    item.locator(".tracer-move").select_option(move)
    item.get_by_role("button", name=TR["check"], exact=True).click()
    summary = item.locator(".tracer-summary").inner_text().splitlines()
    assert summary[0] == TR["score"]
    assert summary[1] == TR["values_line"], summary
    # a wrong number: marked wrong, in the page's words
    rows.nth(0).locator("input").fill("99")
    item.get_by_role("button", name=TR["check"], exact=True).click()
    feedback = rows.nth(0).locator(".tracer-feedback")
    assert "is-wrong" in feedback.get_attribute("class")
    assert feedback.inner_text().startswith("✗ " + TR["wrote"])
    # the solution opens and closes with the button's words in the page's language
    reveal = item.locator('[data-action="reveal"]')
    assert reveal.inner_text() == TR["reveal"]
    reveal.click()
    assert reveal.inner_text() == TR["hide"] and reveal.get_attribute("aria-expanded") == "true"
    solution = item.locator(".tracer-solution [data-tracer-stepper]")
    solution.get_by_role("button", name=TR["next"], exact=True).click()
    assert solution.locator(".tracer-counter").inner_text().startswith(TR["counter"].split("{")[0])
    reveal.click()
    assert reveal.inner_text() == TR["reveal"] and not solution.is_visible()


def heading(page) -> str:
    return page.locator("h1").first.inner_text().removesuffix("¶").strip()  # without the permalink


def _switch_to(page, language: str) -> None:
    page.locator(".md-header .md-select").hover()
    page.locator(f'.md-select__link[hreflang="{language}"]').click()


def test_the_language_switcher_leads_to_the_twin_and_back(page, base_url):
    page.goto(base_url + "minimax/")
    _switch_to(page, "tr")
    page.wait_for_url(base_url + "tr/minimax/")
    assert page.get_attribute("html", "lang") == "tr"
    assert heading(page) == "Minimax algoritması"
    _switch_to(page, "en")
    page.wait_for_url(base_url + "minimax/")
    assert page.get_attribute("html", "lang") == "en"
    # after moving on through the navigation, the switcher follows the page shown
    page.get_by_role("link", name="Alpha-beta pruning").first.click()
    page.wait_for_url(re.compile(r"/alpha-beta/$"))
    _switch_to(page, "tr")
    page.wait_for_url(base_url + "tr/alpha-beta/")
    assert heading(page) == "Alfa-beta budama"
    page.get_by_role("link", name="Hamle sıralama").first.click()
    page.wait_for_url(re.compile(r"/tr/ordering/$"))
    _switch_to(page, "en")
    page.wait_for_url(base_url + "ordering/")
    assert heading(page) == "Move ordering"
