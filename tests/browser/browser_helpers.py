"""What the browser tests share: a built copy of the site, a local server, Chromium.

Kept out of conftest.py so it can be imported by name (pytest loads every folder's
conftest.py under the one module name "conftest"). Playwright is imported lazily: the
rest of the suite, and its doctest collection, must not need it.
"""

from __future__ import annotations

import functools
import http.server
import os
import re
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
# axe-core, installed by `make axe` (make test runs it) from the npm registry at the
# version the Makefile pins; never fetched while the tests run
AXE_SCRIPT = REPO / ".cache" / "axe" / "node_modules" / "axe-core" / "axe.min.js"

# The flags the team uses for Debian's Chromium on these machines (no sandbox in a
# container, nothing fetched behind our back).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]


def chromium_path() -> str | None:
    """Debian's Chromium, or $TRACER_CHROMIUM; never a browser Playwright would download."""
    wanted = os.environ.get("TRACER_CHROMIUM")
    if wanted:
        return wanted if Path(wanted).exists() else None
    for name in ("/usr/bin/chromium", "/usr/bin/chromium-browser"):
        if Path(name).exists():
            return name
    return shutil.which("chromium")


def why_no_browser() -> str | None:
    """None when the browser tests can run, else the reason they are skipped."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed (make test installs it)"
    if chromium_path() is None:
        return "no Chromium (Debian: apt-get install chromium; make test installs it where it may)"
    return None


def why_no_axe() -> str | None:
    """None when axe-core is installed for the accessibility tests, else why they are skipped."""
    if AXE_SCRIPT.is_file():
        return None
    if shutil.which("npm") is None:
        return "no npm to install axe-core with (Debian: apt-get install npm; then make axe)"
    return f"axe-core is not installed in {AXE_SCRIPT.parents[2].relative_to(REPO)} (make axe installs it; make test does)"


def axe_violations(page: Any, tags: list[str], impacts: tuple[str, ...] = ("serious", "critical")) -> list[str]:
    """axe-core's violations of the rules with ``tags`` on the page as it is now, one line per
    element: page, rule, impact, the element and why."""
    if not page.evaluate("() => !!window.axe"):
        page.add_script_tag(content=AXE_SCRIPT.read_text(encoding="utf-8"))
    result = page.evaluate(
        "tags => axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']})", tags
    )
    found = []
    for rule in result["violations"]:
        if rule["impact"] not in impacts:
            continue
        for node in rule["nodes"]:
            why = " ".join((node.get("failureSummary") or "").split())
            found.append(f"{page.url}: {rule['id']} ({rule['impact']}) at {node['target']}: {why[:300]}")
    return found


def build_site(out: Path) -> Path:
    """mkdocs build --strict of the repository's site into out; fails the test run on a warning."""
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(out)],
        cwd=REPO, capture_output=True, text=True, timeout=600, check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"mkdocs build --strict failed:\n{done.stdout}\n{done.stderr}")
    return out


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def serve(directory: Path) -> Iterator[str]:
    """Serve directory on a free localhost port; yields the base address ending in '/'."""
    handler = functools.partial(_QuietHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()


class PageWatch:
    """Collects what a page must never show: console errors, uncaught exceptions, failed loads."""

    def __init__(self, page: Any) -> None:
        self.problems: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.problems.append(f"uncaught: {error}"))
        page.on("requestfailed", self._failed)
        page.on("response", self._response)

    def _console(self, message: Any) -> None:
        if message.type in ("error", "warning"):
            self.problems.append(f"console {message.type}: {message.text}")

    def _failed(self, request: Any) -> None:
        # ERR_ABORTED: a load cut short because the page moved on (instant navigation), not a missing file
        if "ERR_ABORTED" not in (request.failure or ""):
            self.problems.append(f"failed: {request.url} ({request.failure})")

    def _response(self, response: Any) -> None:
        if response.status >= 400:
            self.problems.append(f"HTTP {response.status}: {response.url}")


def site_pages(site: Path) -> list[str]:
    """Every page of the built site, as addresses relative to its root ('', 'minimax/', ...)."""
    pages = []
    for index in sorted(site.rglob("index.html")):
        relative = index.parent.relative_to(site).as_posix()
        if relative.startswith(("assets", "search")):
            continue
        pages.append("" if relative == "." else relative + "/")
    return pages


def slug(address: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", address.lower()).strip("-") or "home"
