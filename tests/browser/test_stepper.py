"""The tutorial's steppers in a real browser (Chromium through Playwright).

The home page's stepper runs alpha-beta on AIMA's Figure 5.2. The facts checked at its
cutoff are worked by hand from the textbook: after H returns 2, C (MIN) has v = 2 <= alpha = 3,
so I and J are pruned, the executed line is "if v <= alpha then return v", and the stack holds
A [3, +inf] with v = 3 and C with v = 2."""

from __future__ import annotations

import re

import pytest
from browser_helpers import REPO, slug
from helpers import first_step

import tracer
from tracer.game.notation import load_tree

pytestmark = pytest.mark.browser

HOME_STEPS = 45  # AIMA Figure 5.2 with alpha-beta: 13 nodes entered, 9 leaves, 2 cutoffs (worked in tests/search)
HOME_TRACE = tracer.search(load_tree(REPO / "site" / "trees" / "fig-5-2.yaml"))  # what the home page's fence searches
CUTOFF_AT_C = first_step(HOME_TRACE, "cutoff", (1,))  # C's cutoff, found in the trace


def stepper(page, index=0):
    return page.locator("[data-tracer-stepper]").nth(index)


def counter(box):
    return box.locator(".tracer-counter").inner_text()


def node_class(page, stepper_id, path):
    suffix = "" if path == "" else "-" + path.replace(".", "-")
    return page.get_attribute(f"#{stepper_id}-fig-n{suffix}", "class")


def to_first_step(box):
    first = box.get_by_role("button", name="First step")
    if first.is_enabled():  # disabled when the stepper already shows step 0
        first.click()
    assert counter(box).startswith("Step 0 of ")


def current_nodes(page, stepper_id):
    return page.eval_on_selector_all(
        f"#{stepper_id}-fig g[id^='{stepper_id}-fig-n']",
        "els => els.filter(e => e.classList.contains('current')).map(e => e.id)",
    )


def current_line(box):
    return box.locator(".tracer-line.is-current").inner_text().strip()


def stack_rows(box):
    return [
        [cell.strip() for cell in row.split("\t")]
        for row in box.locator(".tracer-stack tbody tr:not(.tracer-stack-filler)").all_inner_texts()
    ]


def test_a_step_link_opens_that_step(page, base_url):
    page.goto(f"{base_url}#tree-1-step-{CUTOFF_AT_C}")
    box = stepper(page)
    assert counter(box) == f"Step {CUTOFF_AT_C} of {HOME_STEPS}"
    assert "C: v = 2 ≤ α = 3, so MAX will never choose C" in box.locator(".tracer-caption").inner_text()
    assert current_nodes(page, "tree-1") == ["tree-1-fig-n-1"]  # C
    for pruned in ("1.1", "1.2"):  # I and J
        assert "pruned" in node_class(page, "tree-1", pruned).split()
    assert "pruned" not in node_class(page, "tree-1", "2.0").split()  # K, not reached yet
    assert re.match(r"if v ≤ α then return v", current_line(box))
    assert stack_rows(box) == [["A", "3", "3", "+∞"], ["C", "2", "3", "+∞"]]
    assert box.locator(".tracer-permalink").get_attribute("href") == f"#tree-1-step-{CUTOFF_AT_C}"
    # the stepper is in view, not hidden under Material's sticky header
    top = box.evaluate("el => el.getBoundingClientRect().top")
    header = page.evaluate("document.querySelector('.md-header').getBoundingClientRect().bottom")
    assert top >= header - 1


def test_buttons_step_forward_and_back(page, base_url):
    page.goto(f"{base_url}#tree-1-step-{CUTOFF_AT_C}")
    box = stepper(page)
    box.get_by_role("button", name="Previous step").click()
    assert counter(box) == f"Step {CUTOFF_AT_C - 1} of {HOME_STEPS}"
    assert box.locator(".tracer-caption").inner_text() == "C (MIN): H returns 2, so v = 2."
    assert "pruned" not in node_class(page, "tree-1", "1.1").split()  # going back un-prunes I
    assert re.match(r"if v2 < v then v, move ← v2, a", current_line(box))
    box.get_by_role("button", name="Next step").click()
    assert counter(box) == f"Step {CUTOFF_AT_C} of {HOME_STEPS}"
    assert "pruned" in node_class(page, "tree-1", "1.1").split()
    box.get_by_role("button", name="First step").click()
    assert counter(box) == f"Step 0 of {HOME_STEPS}"
    assert box.get_by_role("button", name="Previous step").is_disabled()
    assert stack_rows(box) == []
    box.get_by_role("button", name="Last step").click()
    assert counter(box) == f"Step {HOME_STEPS} of {HOME_STEPS}"
    assert box.get_by_role("button", name="Next step").is_disabled()
    assert "A returns 3; this is the value of the game, and MAX moves to B" in box.locator(".tracer-caption").inner_text()
    assert page.url.endswith(f"#tree-1-step-{HOME_STEPS}")  # the address follows the step


def test_every_step_shows_what_the_trace_says(page, base_url):
    """Walk the home stepper end to end: counter, caption, current node and pseudocode line
    agree with the engine's trace at every step."""
    from tracer.trace.captions import captions
    from tracer.trace.pseudocode import pseudocode_for, step_lines
    from tracer.trace.replay import Replayer

    trace = HOME_TRACE
    assert len(trace) == HOME_STEPS
    code = pseudocode_for(trace)
    lines = step_lines(trace, code)
    texts = captions(trace)
    walker = Replayer(trace)
    page.goto(base_url)
    box = stepper(page)
    to_first_step(box)
    for step in range(1, HOME_STEPS + 1):
        walker.advance()
        box.get_by_role("button", name="Next step").click()
        assert counter(box) == f"Step {step} of {HOME_STEPS}"
        assert box.locator(".tracer-caption").inner_text() == texts[step]
        current = walker.snapshot().current
        if current is not None:
            suffix = "".join(f"-{i}" for i in current)
            assert current_nodes(page, "tree-1") == [f"tree-1-fig-n{suffix}"], step
        assert current_line(box) == code.lines[lines[step - 1]].text, step


def test_keyboard_alone(page, base_url):
    page.goto(base_url)
    box = stepper(page)
    # Tab from the top of the page reaches the stepper's controls
    for _ in range(80):
        page.keyboard.press("Tab")
        inside = page.evaluate("document.activeElement && !!document.activeElement.closest('[data-tracer-stepper]')")
        if inside:
            break
    assert inside, "Tab never reached the stepper"
    box.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert counter(box) == f"Step 2 of {HOME_STEPS}"
    page.keyboard.press("ArrowLeft")
    assert counter(box) == f"Step 1 of {HOME_STEPS}"
    page.keyboard.press("End")
    assert counter(box) == f"Step {HOME_STEPS} of {HOME_STEPS}"
    page.keyboard.press("Home")
    assert counter(box) == f"Step 0 of {HOME_STEPS}"
    page.keyboard.press(" ")  # play
    assert box.get_by_role("button", name="Pause").get_attribute("aria-pressed") == "true"
    page.wait_for_function("document.querySelector('#tree-1 .tracer-counter').textContent.startsWith('Step 1 ')", timeout=5000)
    page.keyboard.press(" ")  # pause
    assert box.get_by_role("button", name="Play").get_attribute("aria-pressed") == "false"
    paused_at = counter(box)
    page.wait_for_timeout(1300)
    assert counter(box) == paused_at
    # every control has a name a screen reader can say
    names = box.locator("button, select, input").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label') || (e.labels && e.labels[0] && e.labels[0].textContent) || '')"
    )
    assert all(name.strip() for name in names), names


def test_slider_and_speed(page, base_url):
    page.goto(base_url)
    box = stepper(page)
    box.locator(".tracer-slider").fill("30")
    assert counter(box) == f"Step 30 of {HOME_STEPS}"
    box.locator(".tracer-speed select").select_option("250")
    box.get_by_role("button", name="Play").click()
    page.wait_for_function(
        f"document.querySelector('#tree-1 .tracer-counter').textContent === 'Step {HOME_STEPS} of {HOME_STEPS}'", timeout=10000
    )
    assert box.get_by_role("button", name="Play").get_attribute("aria-pressed") == "false"  # stops at the end


def test_controls_do_not_move_while_stepping(page, base_url):
    """A student clicking Next again and again must find the button where it was."""
    page.goto(base_url)
    box = stepper(page)
    button = box.get_by_role("button", name="Next step")
    to_first_step(box)
    where = set()
    for _ in range(HOME_STEPS):
        where.add(tuple(round(v) for v in button.evaluate("b => { const r = b.getBoundingClientRect(); return [r.x, r.y + window.scrollY]; }")))
        button.click()
    assert len(where) == 1, where


def test_instant_navigation_back_and_forward(page, base_url):
    """Material swaps pages without reloading; steppers on the new page must come alive."""
    page.goto(base_url)
    page.get_by_role("link", name="Alpha-beta pruning").first.click()
    page.wait_for_url(re.compile(r"/alpha-beta/$"))
    box = stepper(page)
    box.wait_for()
    box.get_by_role("button", name="Next step").click()
    assert counter(box).startswith("Step 1 of ")
    page.go_back()
    page.wait_for_url(base_url)
    box = stepper(page)
    box.get_by_role("button", name="Next step").click()
    assert counter(box).startswith("Step 1 of ") or counter(box).startswith("Step 2 of ")
    # a stepper left playing stops when its page goes away, and nothing breaks
    box.get_by_role("button", name="Play").click()
    page.get_by_role("link", name="Move ordering").first.click()
    page.wait_for_url(re.compile(r"/ordering/$"))
    page.wait_for_timeout(1200)
    ordering = stepper(page)
    to_first_step(ordering)
    ordering.get_by_role("button", name="Next step").click()
    assert counter(ordering).startswith("Step 1 of ")


def test_phone_width(browser, base_url):
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(base_url)
    box = stepper(page)
    box.scroll_into_view_if_needed()
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page scrolls sideways by {overflow}px at phone width"
    width = box.evaluate("el => el.getBoundingClientRect().width")
    assert width <= 390
    box.get_by_role("button", name="Next step").tap()
    assert counter(box) == f"Step 1 of {HOME_STEPS}"
    for name in ("Next step", "Previous step", "Play", "Zoom in"):
        size = box.get_by_role("button", name=name).bounding_box()
        assert size["height"] >= 32 and size["width"] >= 32, (name, size)  # big enough for a thumb
    context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize(("device", "width", "height"), [("desktop", 1280, 900), ("phone", 390, 844)])
def test_screenshots(browser, base_url, artifacts, scheme, device, width, height):
    """Screenshots to look at (test-artifacts/stepper-{desktop,phone}-{light,dark}.png): the
    home stepper at C's cutoff. The checks are that the palette really switched, in the
    page and in the figure."""
    context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme, device_scale_factor=2 if device == "phone" else 1)
    page = context.new_page()
    page.goto(f"{base_url}#tree-1-step-{CUTOFF_AT_C}")
    wanted = "slate" if scheme == "dark" else "default"
    assert page.get_attribute("body", "data-md-color-scheme") == wanted
    box = stepper(page)
    fill = page.evaluate("getComputedStyle(document.querySelector('#tree-1-fig-n-0 .shape')).fill")
    background = page.evaluate("getComputedStyle(document.querySelector('.tracer-stepper')).backgroundColor")
    assert (_luminance(background) < 0.3) == (scheme == "dark"), background
    assert (_luminance(fill) < 0.3) == (scheme == "dark"), fill  # the node's shape follows the palette
    box.screenshot(path=str(artifacts / f"stepper-{device}-{scheme}.png"))
    context.close()


def _luminance(css_colour: str) -> float:
    red, green, blue = (int(part) for part in re.findall(r"\d+", css_colour)[:3])
    return (0.2126 * red + 0.7152 * green + 0.0722 * blue) / 255


def test_slug_names_artifacts():
    assert slug("alpha-beta/") == "alpha-beta" and slug("") == "home"
