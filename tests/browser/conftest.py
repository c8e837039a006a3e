"""Fixtures for the browser tests: the site built once, served on localhost, one Chromium."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browser_helpers import ARTIFACTS, CHROMIUM_ARGS, PageWatch, build_site, chromium_path, serve, why_no_browser

REASON = why_no_browser()


def pytest_collection_modifyitems(items: list[Any]) -> None:
    if REASON is None:
        return
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(pytest.mark.skip(reason=REASON))


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Any:
    return build_site(tmp_path_factory.mktemp("built") / "site")


@pytest.fixture(scope="session")
def base_url(site: Any) -> Iterator[str]:
    with serve(site) as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh desktop-sized page whose console errors and failed loads fail the test."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    opened = context.new_page()
    opened.watch = PageWatch(opened)
    yield opened
    context.close()
    assert not opened.watch.problems, opened.watch.problems


@pytest.fixture(scope="session")
def artifacts() -> Any:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
