"""The one player in a real browser: the standalone page (tracer render --html), a site
stepper and an exercise's steps.html step through AIMA's Figure 5.2 alike.

The step checked is found in the trace, not copied from a run: the first cutoff at C
(node (1,)). What the players must show there comes from the trace too: the narrator's
caption for that step, C as the current node, and its other children I and J pruned
(AIMA, Figure 5.2: C (MIN) has v = 2 <= alpha = 3 after H)."""

from __future__ import annotations

import re

import pytest
from browser_helpers import REPO
from helpers import AIMA_5_2, aima_exercise, first_step

import tracer
from tracer.game.notation import load_tree
from tracer.render import Figure
from tracer.render.output import render_to_directory
from tracer.trace.captions import captions

pytestmark = pytest.mark.browser

PLAYER = "[data-tracer-stepper]"


def current_nodes(page, player) -> list[str]:
    """The paths of the nodes the player marks current (in its stepping figure)."""
    prefix = page.evaluate(f"document.querySelector('{player}').tracerStepper.prefix")
    ids = page.eval_on_selector_all(
        f"{player} figure.tracer-figure:not(.tracer-final) g.current", "els => els.map(e => e.id)"
    )
    return [re.sub(r"^-n-?", "", gid.removeprefix(prefix)).replace("-", ".") for gid in ids]


def node_classes(page, player, path: str) -> list[str]:
    prefix = page.evaluate(f"document.querySelector('{player}').tracerStepper.prefix")
    suffix = "".join(f"-{index}" for index in path.split(".") if path)
    return page.get_attribute(f"#{prefix}-n{suffix}", "class").split()


def what_it_shows(page, player) -> dict:
    box = page.locator(player)
    return {
        "counter": box.locator(".tracer-counter").inner_text(),
        "caption": box.locator(".tracer-caption").inner_text(),
        "current": current_nodes(page, player),
        "I": "pruned" in node_classes(page, player, "1.1"),
        "J": "pruned" in node_classes(page, player, "1.2"),
        "K": "pruned" in node_classes(page, player, "2.0"),
    }


def expected_at_cutoff(trace) -> tuple[int, dict]:
    step = first_step(trace, "cutoff", (1,))
    return step, {
        "counter": f"Step {step} of {len(trace)}",
        "caption": captions(trace)[step],
        "current": ["1"],  # C
        "I": True,
        "J": True,
        "K": False,  # not reached yet
    }


@pytest.fixture
def standalone(tmp_path):
    trace = tracer.alphabeta(AIMA_5_2)
    render_to_directory(trace, tmp_path / "render", html=True)
    return trace, (tmp_path / "render" / "index.html").as_uri()


@pytest.fixture
def steps_page(tmp_path):
    from tracer.exercises.sheet import render_exercise

    exercise = aima_exercise()
    page = tmp_path / "steps.html"
    page.write_text(render_exercise(exercise)["steps.html"], encoding="utf-8")
    return exercise.trace, page.as_uri()


def test_three_players_show_the_cutoff_at_c_alike(page, base_url, standalone, steps_page):
    seen = {}
    # the standalone page: the arrow keys act anywhere on the page
    trace, url = standalone
    step, expected = expected_at_cutoff(trace)
    page.goto(url)
    for _ in range(step):
        page.keyboard.press("ArrowRight")
    seen["render --html"] = what_it_shows(page, PLAYER)
    assert seen["render --html"] == expected
    # the site's home stepper: focused, then the arrow keys
    site_trace = tracer.search(load_tree(REPO / "site" / "trees" / "fig-5-2.yaml"))
    step, expected = expected_at_cutoff(site_trace)
    page.goto(base_url)
    home = f"{PLAYER}#tree-1"
    page.locator(home).focus()
    page.keyboard.press("Home")
    for _ in range(step):
        page.keyboard.press("ArrowRight")
    seen["site"] = what_it_shows(page, home)
    assert seen["site"] == expected
    assert re.match(r"if v ≤ α then return v", page.locator(f"{home} .tracer-line.is-current").inner_text().strip())
    # an exercise's steps.html: the buttons
    trace, url = steps_page
    step, expected = expected_at_cutoff(trace)
    page.goto(url)
    for _ in range(step):
        page.get_by_role("button", name="Next step").click()
    seen["steps.html"] = what_it_shows(page, PLAYER)
    assert seen["steps.html"] == expected
    # one search, one narrator: the three say the same
    assert len({(s["caption"], tuple(s["current"])) for s in seen.values()}) == 1, seen


@pytest.mark.parametrize("steps", ["all", "every:10"])
def test_the_standalone_page_at_an_address_shows_the_frame_files_state(page, tmp_path, steps):
    """#step=N opens step N, or the last step the page holds before it; node by node the
    page then shows what the frame file of that step shows (drawn without paints)."""
    from tracer.render.steps import select_steps

    trace = tracer.alphabeta(AIMA_5_2)
    cutoff = first_step(trace, "cutoff", (1,))
    held = select_steps(trace, steps) or list(range(len(trace) + 1))
    shown = max(step for step in held if step <= cutoff)
    render_to_directory(trace, tmp_path, html=True, steps=steps)
    page.goto((tmp_path / "index.html").as_uri() + f"#step={cutoff}")
    box = page.locator(PLAYER)
    assert box.locator(".tracer-counter").inner_text() == f"Step {shown} of {len(trace)}"
    assert box.locator(".tracer-caption").inner_text() == captions(trace)[shown]
    frame = Figure(trace).frame(shown)
    prefix = re.search(r'<svg[^>]* id="([^"]+)"', frame).group(1)
    wanted = dict(re.findall(rf'<g id="({prefix}-[ne][-0-9]*)" class="([^"]*)"', frame))
    live = dict(page.eval_on_selector_all(
        f"{PLAYER} figure.tracer-figure:not(.tracer-final) g[id^='{prefix}-n'], {PLAYER} figure.tracer-figure:not(.tracer-final) g[id^='{prefix}-e']",
        "els => els.map(e => [e.id, e.getAttribute('class')])",
    ))
    assert wanted and live == wanted
    for gid in wanted:
        if "-n" in gid:
            texts = re.search(rf'<g id="{gid}" class="[^"]*">(.*?)</g>', frame).group(1)
            for slot in ("val", "win"):
                want = re.search(rf'<text class="{slot}"[^>]*>([^<]*)</text>', texts)
                got = page.locator(f"#{gid}-{slot}")
                if got.count():
                    assert got.text_content() == (want.group(1).replace("&lt;", "<").replace("&gt;", ">") if want else ""), (gid, slot)
    # stepping back and forth from there: the address follows
    box.get_by_role("button", name="Previous step").click()
    assert page.url.endswith(f"#step={held[held.index(shown) - 1]}")


def test_the_result_button_shows_the_final_figure_and_back(page, standalone):
    trace, url = standalone
    page.goto(url + "#step=3")
    box = page.locator(PLAYER)
    result = box.get_by_role("button", name="Result")
    result.click()
    assert result.get_attribute("aria-pressed") == "true"
    assert box.locator("figure.tracer-final").is_visible()
    assert not box.locator("figure.tracer-figure:not(.tracer-final)").is_visible()
    assert box.locator(".tracer-caption").inner_text() == Figure(trace).final_caption()
    result.click()  # again: back to the step it left
    assert result.get_attribute("aria-pressed") == "false"
    assert box.locator("figure.tracer-figure:not(.tracer-final)").is_visible()
    assert box.locator(".tracer-counter").inner_text() == f"Step 3 of {len(trace)}"
    assert box.locator(".tracer-caption").inner_text() == captions(trace)[3]
    result.click()
    box.get_by_role("button", name="Next step").click()  # any step leaves the final figure
    assert not box.locator("figure.tracer-final").is_visible()
    assert box.locator(".tracer-counter").inner_text() == f"Step 4 of {len(trace)}"


@pytest.mark.parametrize("address", ["index.html", "real-games/index.html"])
def test_a_site_page_opened_from_a_file_has_live_steppers(browser, site, address):
    """Material's document$ cannot be relied on from file://: the player starts on
    DOMContentLoaded too, lays the tree out, and steps with the buttons and the keys."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    url = (site / address).as_uri()
    assert url.startswith("file://")
    page.goto(url + "#tree-1-step-5")
    started = page.eval_on_selector_all(PLAYER, "els => els.map(e => !!e.tracerStepper)")
    assert started and all(started)
    box = page.locator(PLAYER).first
    assert box.locator(".tracer-counter").inner_text().startswith("Step 5 of ")
    assert "is-sized" in box.locator("figure.tracer-figure").first.get_attribute("class").split()  # laid out by the script
    assert box.locator(".tracer-line.is-current").count() == 1
    box.get_by_role("button", name="Next step").click()
    assert box.locator(".tracer-counter").inner_text().startswith("Step 6 of ")
    box.focus()
    page.keyboard.press("ArrowRight")
    assert box.locator(".tracer-counter").inner_text().startswith("Step 7 of ")
    context.close()
    assert not errors, errors
