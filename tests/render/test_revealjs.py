"""reveal.js decks as files: the folder, the vendored reveal.js (checked against its recorded
checksums and, where `make revealjs` installed it, against the npm package), nothing fetched
from elsewhere, old figures removed. tests/browser/test_revealjs_deck.py steps through one."""

from __future__ import annotations

import hashlib
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import first_step
from render_helpers import AIMA

import tracer
from tracer.cli import main
from tracer.render import select_steps, write_revealjs
from tracer.render.revealjs import REVEAL_FILES

REPO = Path(__file__).resolve().parents[2]
VENDORED = REPO / "tracer" / "render" / "assets" / "revealjs"
NPM_COPY = REPO / ".cache" / "revealjs" / "node_modules" / "reveal.js"


class Page(HTMLParser):
    """What a page loads (src and href) and its fragments, read with the standard library's parser."""

    def __init__(self) -> None:
        super().__init__()
        self.loads: list[str] = []
        self.fragments: list[dict[str, str | None]] = []
        self.notes = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        for name in ("src", "href"):
            if found.get(name):
                self.loads.append(found[name] or "")
        if "fragment" in (found.get("class") or "").split():
            self.fragments.append(found)
        if tag == "aside" and found.get("class") == "notes":
            self.notes += 1


def recorded_checksums() -> dict[str, tuple[str, str]]:
    """SOURCE.md's table: file here -> (file in the package, sha256)."""
    rows = re.findall(r"^\| (\S+) \| (\S+) \| ([0-9a-f]{64}) \|$", (VENDORED / "SOURCE.md").read_text(), re.M)
    return {here: (there, digest) for here, there, digest in rows}


def test_the_vendored_files_are_the_recorded_version():
    recorded = recorded_checksums()
    assert set(recorded) == set(REVEAL_FILES)
    for name, (_, digest) in recorded.items():
        assert hashlib.sha256((VENDORED / name).read_bytes()).hexdigest() == digest, name
    assert "reveal.js 5.2.1" in (VENDORED / "SOURCE.md").read_text()
    assert "MIT" in (VENDORED / "LICENSE").read_text() or "Permission is hereby granted" in (VENDORED / "LICENSE").read_text()


@pytest.mark.skipif(not NPM_COPY.is_dir(), reason="reveal.js is not installed in .cache/revealjs (make revealjs installs it from npm; make test does)")
def test_the_vendored_files_are_the_npm_packages():
    import json

    assert json.loads((NPM_COPY / "package.json").read_text())["version"] == "5.2.1"
    for name, (there, _) in recorded_checksums().items():
        assert (VENDORED / name).read_bytes() == (NPM_COPY / there).read_bytes(), name


def test_the_folder_holds_everything_the_deck_loads(tmp_path):
    trace = tracer.alphabeta(AIMA)
    result = write_revealjs(trace, tmp_path / "deck")
    key = select_steps(trace, "key")
    assert result.steps == len(key) and result.slides == 4
    page = Page()
    page.feed((tmp_path / "deck" / "index.html").read_text(encoding="utf-8"))
    assert page.loads, "the page loads nothing?"
    for load in page.loads:
        assert not re.match(r"[a-z]+:|//", load), load  # no address outside the folder
        assert (tmp_path / "deck" / load).is_file(), load
    for name in REVEAL_FILES:
        assert (tmp_path / "deck" / "reveal" / name).read_bytes() == (VENDORED / name).read_bytes()
    for css in (tmp_path / "deck").rglob("*.css"):
        assert not re.search(r"url\((?!data:)|@import", css.read_text(encoding="utf-8")), css.name
    assert [int(f["data-step"] or -1) for f in page.fragments] == key
    assert page.notes == len(key) + 3  # each step's, the title's, the final figure's and the storyboard's


def test_each_step_is_a_fragment_with_its_caption_and_notes(tmp_path):
    trace = tracer.alphabeta(AIMA)
    write_revealjs(trace, tmp_path / "deck")
    html = (tmp_path / "deck" / "index.html").read_text(encoding="utf-8")
    step = first_step(trace, "cutoff", (1,))
    build = re.search(rf'<div class="tracer-build fragment" data-step="{step}">(.*?)</aside>\s*</div>', html, re.S).group(1)
    assert f"Step {step} of {len(trace)}</h2>" in build
    assert '<p>C: v = 2 ≤ α = 3, so MAX will never choose C' in build
    assert "<p>Pseudocode: if v ≤ α then return v, move</p>" in build
    assert f'src="figures/step-{step:04d}.svg"' in build


def test_a_second_deck_in_the_same_folder_removes_the_old_figures_and_nothing_else(tmp_path):
    trace = tracer.alphabeta(AIMA)
    folder = tmp_path / "deck"
    write_revealjs(trace, folder, steps="all")
    (folder / "figures" / "notes.txt").write_text("mine")
    write_revealjs(trace, folder, steps="0,24")
    assert sorted(path.name for path in (folder / "figures").iterdir()) == [
        "final.svg", "manifest.json", "notes.txt", "step-0000.svg", "step-0024.svg", "storyboard.svg", "title.svg",
    ]


def test_a_figure_the_deck_did_not_write_or_that_changed_since_is_never_removed(tmp_path):
    trace = tracer.alphabeta(AIMA)
    folder = tmp_path / "deck"
    (folder / "figures").mkdir(parents=True)
    (folder / "figures" / "step-0999.svg").write_text("a lecturer's own figure, named like ours")
    write_revealjs(trace, folder, steps="0,1,2")
    (folder / "figures" / "step-0001.svg").write_text("edited by hand after the first deck")
    result = write_revealjs(trace, folder, steps="0")
    names = sorted(path.name for path in (folder / "figures").iterdir())
    assert "step-0999.svg" in names and "step-0001.svg" in names  # not ours / changed since: kept
    assert "step-0002.svg" not in names  # ours and unchanged: removed
    assert any("step-0001.svg" in note for note in result.notes)


def test_the_command_line_writes_a_deck_and_refuses_a_file_for_a_folder(tmp_path):
    result = CliRunner().invoke(main, ["render", "-", "--revealjs", str(tmp_path / "deck"), "--slide", "4:3"], input=AIMA)
    assert result.exit_code == 0 and "wrote a reveal.js deck of 8 steps" in result.output
    assert "width: 960, height: 720" in (tmp_path / "deck" / "index.html").read_text(encoding="utf-8")
    (tmp_path / "file").write_text("x")
    result = CliRunner().invoke(main, ["render", "-", "--revealjs", str(tmp_path / "file")], input=AIMA)
    assert result.exit_code == 1 and "is a file, not a folder" in result.output
