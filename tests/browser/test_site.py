"""The whole built site in a real browser: every page loads cleanly, every link lands,
nothing is fetched from outside, and the practice page checks answers."""

from __future__ import annotations

import re
from urllib.parse import urldefrag, urljoin

import pytest
from browser_helpers import PageWatch, site_pages

pytestmark = pytest.mark.browser


def test_every_page_loads_cleanly_and_every_link_lands(browser, site, base_url):
    """No console error, no failed or outside request, and no broken link or anchor."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    watch = PageWatch(page)
    outside: list[str] = []
    page.on("request", lambda request: None if request.url.startswith((base_url, "data:", "blob:")) else outside.append(request.url))
    pages = site_pages(site)
    assert len(pages) >= 12, pages
    ids_by_page: dict[str, set[str]] = {}
    links: list[tuple[str, str]] = []
    steppers: dict[str, dict[str, int]] = {}
    for address in pages:
        url = base_url + address
        page.goto(url)
        page.wait_for_load_state("networkidle")
        ids_by_page[url] = set(page.eval_on_selector_all("[id]", "els => els.map(e => e.id)"))
        steppers[url] = dict(page.eval_on_selector_all(
            "[data-tracer-stepper]", "els => els.map(e => [e.id, e.tracerStepper ? e.tracerStepper.total : -1])"))
        assert all(total >= 0 for total in steppers[url].values()), f"{address}: a stepper did not start: {steppers[url]}"
        for href in page.eval_on_selector_all("a[href]", "els => els.map(e => e.getAttribute('href'))"):
            links.append((url, href))
    broken = []
    for source, href in links:
        if href.startswith(("mailto:", "javascript:")):
            continue
        target = urljoin(source, href)
        if not target.startswith(base_url):
            continue  # outside links are allowed in text; they are never fetched by the page
        address, fragment = urldefrag(target)
        if address not in ids_by_page:
            response = page.request.get(address)
            if response.status != 200:
                broken.append(f"{source}: {href} -> HTTP {response.status}")
            continue
        if not fragment:
            continue
        step = re.fullmatch(r"(.+)-step-(\d+)", fragment)
        if step and step.group(1) in steppers[address]:
            if int(step.group(2)) > steppers[address][step.group(1)]:
                broken.append(f"{source}: {href} -> past the last step")
        elif fragment not in ids_by_page[address]:
            broken.append(f"{source}: {href} -> no element with that id")
    context.close()
    assert not broken, broken
    assert not watch.problems, watch.problems
    assert not outside, f"fetched from outside the site: {outside[:5]}"


# -- practice ------------------------------------------------------------------------------------
def _first_practice_tree() -> list[list[float]]:
    """The leaf values of the practice page's first tree (seed 2026: a 2x2 MAX-MIN tree)."""
    from tracer.docsite.practice import PRACTICE_SPECS
    from tracer.exercises.generate import make_exercise

    tree = make_exercise(PRACTICE_SPECS[0], seed="practice/2026", index=1).tree
    return [[leaf.value for leaf in branch.children] for branch in tree.node(()).children]


def _worked_by_hand(leaves: list[list[float]]) -> tuple[dict[str, str], set[str], str]:
    """Alpha-beta on a two-ply MAX-MIN tree, written out independently of the engine
    (AIMA: prune when v <= alpha, fail-soft). Returns values by path, pruned paths, MAX's move."""
    values: dict[str, str] = {}
    pruned: set[str] = set()
    alpha = float("-inf")
    best, move = float("-inf"), ""
    for i, children in enumerate(leaves):
        v = float("inf")
        cut = False
        for j, leaf in enumerate(children):
            v = min(v, leaf)
            if v <= alpha:
                pruned.update(f"{i}.{k}" for k in range(j + 1, len(children)))
                cut = j + 1 < len(children)
                break
        values[str(i)] = f"<= {v:g}" if cut else f"{v:g}"
        if v > best:
            best, move = v, str(i)
        alpha = max(alpha, v)
    values[""] = f"{best:g}"
    return values, pruned, move


def test_practice_check_marks_right_and_wrong(page, base_url):
    leaves = _first_practice_tree()
    values, pruned, move = _worked_by_hand(leaves)
    assert pruned, "the first practice tree is made to have a cutoff"
    page.goto(base_url + "practice/")
    item = page.locator("[data-tracer-practice]").first
    rows = item.locator(".tracer-answers tbody tr")
    paths = [rows.nth(i).get_attribute("data-path") for i in range(rows.count())]
    assert set(paths) == set(values), (paths, values)
    for index, path in enumerate(paths):  # all right
        rows.nth(index).locator("input").fill(values[path])
    for path in pruned:
        item.locator(f'.tracer-not-examined input[value="{path}"]').check()
    item.locator(".tracer-move").select_option(move)
    item.get_by_role("button", name="Check").click()
    # the points tracer check gives (values 3, nodes not examined 2, move 1), question by question
    summary = item.locator(".tracer-summary")
    assert summary.inner_text().splitlines() == ["6 / 6", "1. Alpha-beta values: 3 / 3", "2. Nodes not examined: 2 / 2", "3. MAX's move: 1 / 1"]
    cut_node = next(path for path in paths if values[path].startswith("<= "))
    row = rows.nth(paths.index(cut_node))
    row.locator("input").fill("≤" + values[cut_node][3:])  # the same bound, another spelling: still right
    item.get_by_role("button", name="Check").click()
    assert summary.inner_text().splitlines()[0] == "6 / 6"
    # the bound's number without the bound: the right number in the wrong form earns half its share (1 of 3 nodes)
    row.locator("input").fill(values[cut_node][3:])
    item.get_by_role("button", name="Check").click()
    feedback = row.locator(".tracer-feedback")
    assert "is-partial" in feedback.get_attribute("class")
    assert feedback.inner_text().startswith(f"½ you wrote {values[cut_node][3:]}, but alpha-beta does not prove")
    assert f'write "{values[cut_node]}"' in feedback.inner_text()  # what to type, in ASCII
    assert summary.inner_text().splitlines()[:2] == ["5.5 / 6", "1. Alpha-beta values: 2.5 / 3"]
    # a wrong number
    row.locator("input").fill("99")
    item.get_by_role("button", name="Check").click()
    assert "is-wrong" in feedback.get_attribute("class")
    assert feedback.inner_text().startswith("✗ you wrote 99.")
    assert summary.inner_text().splitlines()[0] == "5 / 6"
    # an answer that cannot be read: nothing is counted until it is fixed, as tracer check refuses the file
    row.locator("input").fill("< 2")
    item.get_by_role("button", name="Check").click()
    assert "alpha-beta's bounds include equality" in feedback.inner_text()
    assert "fix the ones marked" in summary.inner_text()
    # the solution opens as a stepper
    item.get_by_role("button", name="Show the solution").click()
    solution = item.locator(".tracer-solution [data-tracer-stepper]")
    assert solution.is_visible()
    solution.get_by_role("button", name="Next step").click()
    assert solution.locator(".tracer-counter").inner_text().startswith("Step ")
