"""The stepper's layout in a real browser: the pseudocode's current line inside its box at
every step of every stepper on the site (desktop and phone), the tree across the
stepper's width with the caption right under it, zoom and pan for wide trees, distinct
icons, and a stepper used with the keyboard and a screen reader's view alone.

Visibility is checked geometrically: the current line's bounding box lies within the
code box's visible rectangle (its client area, scrolled), not by reading the line's text."""

from __future__ import annotations

import re

import pytest
from browser_helpers import REPO, site_pages
from helpers import first_step

import tracer
from tracer.game.notation import load_tree
from tracer.trace.captions import captions

pytestmark = pytest.mark.browser

DESKTOP, PHONE = 1280, 390

# Walks every step of one stepper (the player's own show(), as the buttons call it) and
# measures, at each: the current pseudocode line inside the code box's visible rectangle,
# the current node inside the tree's box, and the page not scrolled by the stepper.
WALK = """root => {
  const p = root.tracerStepper, code = p.code, failures = [];
  const x0 = window.scrollX, y0 = window.scrollY;
  const inside = (box, el) => {
    const b = box.getBoundingClientRect(), r = el.getBoundingClientRect();
    const top = b.top + box.clientTop, left = b.left + box.clientLeft;
    return r.height > 0 && r.top >= top - 0.5 && r.bottom <= top + box.clientHeight + 0.5
      && r.left >= left - 0.5 && r.right <= left + box.clientWidth + 0.5;
  };
  let lines = 0;
  for (let i = 0; i <= p.last; i++) {
    p.show(i, false);
    const step = p.paints[i].step, line = p.data.lines[i];
    if (line !== null && line !== undefined) {
      const current = code.querySelectorAll('.tracer-line.is-current');
      if (current.length !== 1 || current[0].dataset.line !== String(line)) failures.push(`step ${step}: line ${line} is not the one marked`);
      else if (!inside(code, current[0])) failures.push(`step ${step}: line ${line} is outside the code box`);
      lines++;
    }
    const node = p.figure.querySelector('g.current');
    if (node && !inside(p.figure, node)) failures.push(`step ${step}: the current node ${node.id} is outside the tree's box`);
    if (window.scrollX !== x0 || window.scrollY !== y0) failures.push(`step ${step}: the page scrolled`);
  }
  return {failures: failures, steps: p.last + 1, lines: lines};
}"""

FRAME = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"


def _site_steppers() -> int:
    """How many steppers the site's pages hold, counted from their Markdown: every
    gametree fence but final=true ones, and one solution per practice tree (fences shown
    as examples inside another fence are text, not trees)."""
    count = 0
    for page in (REPO / "site").rglob("*.md"):
        opened = None
        for line in page.read_text(encoding="utf-8").splitlines():
            fence = re.match(r"^[ \t>]*(`{3,}|~{3,})(.*)$", line)
            if fence is None:
                continue
            marks, info = fence.groups()
            if opened is None:
                opened = marks
                tree = re.match(r"\s*\{?\s*\.?gametree(-practice)?\b", info)
                if tree and tree.group(1):
                    count += int(re.search(r"count=(\d+)", info).group(1))
                elif tree and "final=true" not in info:
                    count += 1
            elif marks[0] == opened[0] and len(marks) >= len(opened) and not info.strip():
                opened = None
    return count


def _reveal(page, root) -> None:
    """Bring a stepper on show: open its tab, or its practice tree's solution."""
    if root.evaluate("el => el.getClientRects().length > 0"):
        return
    tab = root.evaluate(
        """el => { const block = el.closest('.tabbed-block'); if (!block) return null;
                   const set = block.closest('.tabbed-set');
                   const index = Array.from(block.parentNode.children).indexOf(block);
                   return set.querySelectorAll(':scope > input')[index].id; }"""
    )
    if tab:
        page.locator(f"label[for='{tab}']").click()
    else:
        # the button by what it does: its words follow the page's language
        root.locator("xpath=ancestor::section[@data-tracer-practice]").locator('[data-action="reveal"]').click()
    page.evaluate(FRAME)
    assert root.evaluate("el => el.getClientRects().length > 0")


@pytest.mark.parametrize("width", [DESKTOP, PHONE])
def test_the_current_line_is_in_view_at_every_step_of_every_stepper(browser, site, base_url, width):
    context = browser.new_context(viewport={"width": width, "height": 800})
    page = context.new_page()
    failures: list[str] = []
    steppers = steps = 0
    for address in site_pages(site):
        page.goto(base_url + address)
        roots = page.locator("[data-tracer-stepper]")
        for index in range(roots.count()):
            root = roots.nth(index)
            _reveal(page, root)
            walked = root.evaluate(WALK)
            name = f"{address or 'home'} #{root.get_attribute('id')}"
            failures += [f"{name} at {width}px: {failure}" for failure in walked["failures"]]
            assert walked["lines"] >= walked["steps"] - 1, name  # every step but the start has its line
            steppers += 1
            steps += walked["steps"]
    context.close()
    assert steppers == _site_steppers() and steps > 1000, (steppers, steps)
    assert not failures, "\n".join(failures[:40])


def test_the_walk_can_fail(page, base_url):
    """The check sees a line outside the box: scrolled back to the top, with the current
    line low in the listing, the same measure reports it."""
    page.goto(base_url)
    root = page.locator("#tree-1")
    outside = root.evaluate(
        """root => { const p = root.tracerStepper, lines = p.data.lines, low = Math.max(...lines.filter(l => l !== null));
                     p.show(lines.indexOf(low), false);
                     const line = p.code.querySelector('.tracer-line.is-current'); p.code.scrollTop = 0;
                     const b = p.code.getBoundingClientRect(), r = line.getBoundingClientRect();
                     return r.bottom > b.top + p.code.clientTop + p.code.clientHeight; }"""
    )
    assert outside


def _box(locator) -> dict:
    return locator.evaluate("el => { const r = el.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, width: r.width}; }")


@pytest.mark.parametrize("width", [DESKTOP, PHONE])
def test_the_tree_takes_the_width_and_the_caption_sits_right_under_it(browser, base_url, width):
    """AIMA's Figure 5.2 on the home page: drawn across the stepper (it was about 400 px of
    720 beside the pseudocode at 1280 px), the caption under it, the controls under that."""
    context = browser.new_context(viewport={"width": width, "height": 800})
    page = context.new_page()
    page.goto(base_url + "#tree-1-step-20")
    root = page.locator("#tree-1")
    figure, svg = root.locator("figure.tracer-figure").first, root.locator("figure.tracer-figure svg").first
    room = root.locator(".tracer-view").evaluate("el => el.clientWidth")
    assert _box(svg)["width"] >= 0.95 * room, (_box(svg), room)
    assert figure.evaluate("f => f.scrollWidth <= f.clientWidth + 1")  # the whole tree, no sideways scroll
    caption, controls = _box(root.locator(".tracer-caption")), _box(root.locator(".tracer-controls"))
    assert 0 <= caption["top"] - _box(figure)["bottom"] <= 20, (caption, _box(figure))
    assert controls["top"] >= caption["bottom"]
    code = _box(root.locator(".tracer-pseudocode"))
    assert code["top"] > controls["bottom"]  # the pseudocode and the stack come after
    context.close()


def test_play_and_next_look_different(page, base_url):
    """Five controls, five icons: Play is the one solid triangle, a step is a chevron."""
    page.goto(base_url)
    root = page.locator("#tree-1")
    icons = {
        name: root.get_by_role("button", name=name, exact=True).locator("svg path").first.get_attribute("d")
        for name in ("First step", "Previous step", "Play", "Next step", "Last step")
    }
    assert len(set(icons.values())) == 5, icons
    zoom = {name: root.get_by_role("button", name=name).locator("svg path").get_attribute("d") for name in ("Zoom out", "Zoom in", "Show the whole tree")}
    assert len(set(zoom.values()) | set(icons.values())) == 8, zoom


def _scroll_state(figure) -> dict:
    return figure.evaluate(
        """f => { const c = f.querySelector('g.current'), a = f.getBoundingClientRect(), b = c && c.getBoundingClientRect();
                  return {scrolls: f.scrollWidth > f.clientWidth + 1, width: f.querySelector('svg').getBoundingClientRect().width,
                          left: f.scrollLeft, tabindex: f.getAttribute('tabindex'),
                          inView: !c || (b.left >= a.left - 1 && b.right <= a.right + 1 && b.top >= a.top - 1 && b.bottom <= a.bottom + 1)}; }"""
    )


def test_a_wide_tree_zooms_and_pans_and_keeps_the_current_node_in_view(page, base_url):
    """Nim 1,2,3 is far wider than the page: drawn at 45% of its size it scrolls, and
    follows the search; the whole-tree button shows it all, the zoom buttons zoom about
    the current node, a drag pans it, and while it scrolls the keyboard can reach it."""
    page.goto(base_url + "real-games/")
    root = page.locator("[data-tracer-stepper]").filter(has_text="Nim 1,2,3")
    figure = root.locator("figure.tracer-figure").first
    natural = figure.evaluate("f => f.querySelector('svg').width.baseVal.value")
    state = _scroll_state(figure)
    assert state["scrolls"] and state["tabindex"] == "0"
    assert state["width"] == pytest.approx(0.45 * natural, rel=0.01)
    total = int(root.locator(".tracer-slider").get_attribute("max"))
    for step in (total // 3, total // 2, total - 1, 5):
        root.locator(".tracer-slider").fill(str(step))
        assert _scroll_state(figure)["inView"], f"step {step}: the current node is scrolled out of view"
    whole = root.get_by_role("button", name="Show the whole tree")
    whole.click()
    state = _scroll_state(figure)
    assert not state["scrolls"] and state["tabindex"] is None and whole.get_attribute("aria-pressed") == "true"
    root.get_by_role("button", name="Zoom in").click()
    zoomed = _scroll_state(figure)
    assert zoomed["width"] == pytest.approx(state["width"] * 1.25, rel=0.01) and whole.get_attribute("aria-pressed") == "false"
    for _ in range(4):
        root.get_by_role("button", name="Zoom in").click()
    state = _scroll_state(figure)
    assert state["scrolls"] and state["inView"] and state["tabindex"] == "0"
    # a drag with the mouse pans the tree
    box = figure.bounding_box()
    before = state["left"]
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + 40)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] / 2 + 150, box["y"] + 40, steps=5)
    page.mouse.up()
    assert _scroll_state(figure)["left"] == pytest.approx(max(0, before - 150), abs=2)
    # the keyboard: the focused tree scrolls with the arrow keys and does not step
    counter = root.locator(".tracer-counter").inner_text()
    figure.focus()
    left = _scroll_state(figure)["left"]
    page.keyboard.press("ArrowRight")
    # the browser scrolls smoothly: wait until the scroll has moved (or fail after 3 s)
    figure.evaluate("(f, left) => new Promise((done, fail) => { const t0 = Date.now(); (function poll() {"
                    " if (f.scrollLeft > left) return done(); if (Date.now() - t0 > 3000) return fail(new Error('did not scroll'));"
                    " requestAnimationFrame(poll); })(); })", left)
    assert _scroll_state(figure)["left"] > left and root.locator(".tracer-counter").inner_text() == counter
    page.keyboard.press("-")  # zoom keys work there too
    assert _scroll_state(figure)["width"] < state["width"]


def test_keyboard_alone_reaches_everything_in_order(page, base_url):
    """Tab from the stepper goes through the tree (it scrolls), the controls in reading
    order, and the pseudocode's box (it scrolls), then leaves; in the pseudocode's box the
    arrow keys scroll it and do not step."""
    page.goto(base_url + "real-games/#tree-3-step-40")
    root = page.locator("#tree-3")
    root.focus()
    order = []
    for _ in range(30):
        page.keyboard.press("Tab")
        where = page.evaluate(
            """() => { const e = document.activeElement; if (!e.closest('#tree-3')) return null;
                       return e.getAttribute('aria-label') || e.getAttribute('aria-labelledby') || e.textContent.trim(); }"""
        )
        if where is None:
            break
        order.append(where)
    assert order == [
        "The search tree", "First step", "Previous step", "Play", "Next step", "Last step", "Step", "Playback speed",
        "Zoom out", "Zoom in", "Show the whole tree", "link to this step", "tree-3-code",
    ], order
    code = root.locator(".tracer-pseudocode")
    code.focus()
    counter = root.locator(".tracer-counter").inner_text()
    # (the browser scrolls smoothly: wait for it to arrive)
    page.keyboard.press("Home")
    page.wait_for_function("() => document.querySelector('#tree-3 .tracer-pseudocode').scrollTop === 0", timeout=3000)
    page.keyboard.press("End")
    page.wait_for_function(
        "() => { const c = document.querySelector('#tree-3 .tracer-pseudocode'); return c.scrollTop > 0 && c.scrollTop + c.clientHeight >= c.scrollHeight - 1; }",
        timeout=3000,
    )
    assert root.locator(".tracer-counter").inner_text() == counter


def test_a_screen_reader_hears_each_caption_once(page, base_url):
    """The caption is a polite, atomic live region: each step's caption is announced, and
    the hidden copies that size its box are not in the accessibility tree."""
    trace = tracer.search(load_tree(REPO / "site" / "trees" / "fig-5-2.yaml"))  # what the home page's fence searches
    texts = captions(trace)
    cutoff = first_step(trace, "cutoff", (1,))  # C's cutoff, found in the trace
    page.goto(base_url + f"#tree-1-step-{cutoff - 1}")
    root = page.locator("#tree-1")
    live = root.locator("[aria-live=polite]")
    assert live.count() == 1 and live.get_attribute("aria-atomic") == "true"
    root.focus()
    page.keyboard.press("ArrowRight")
    assert live.inner_text() == texts[cutoff]
    tree = root.aria_snapshot()
    assert tree.count(texts[cutoff]) == 1, tree  # the caption, read once
    for sizer in root.locator(".tracer-caption-sizer").all():
        assert sizer.get_attribute("aria-hidden") == "true" and not sizer.is_visible()
        text = sizer.text_content()
        assert text and (text not in tree or text == texts[cutoff]), text
    assert root.locator(".tracer-line[aria-current=true]").count() == 1
    assert 'region "Alpha-beta on the tree of AIMA' in tree and 'group "Step through the search"' in tree
