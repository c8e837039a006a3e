"""Hostile labels through every writer: nothing a tree, a title or a fence says becomes markup.

One tree whose labels and move names are attacks on each output format (HTML and SVG tags,
attribute break-outs, ``javascript:`` links, ``</script>``, Markdown links, LaTeX commands,
DOT quotes, spreadsheet formulas) goes through every writer: the figures (SVG, DOT), the HTML
player, the reveal.js and PowerPoint decks, the Markdown key, the exercise sheets and keys
(Markdown, HTML, LaTeX), a built site. Each HTML output is parsed (the standard library's
html.parser, as a browser tokenises) and must hold no element or attribute made from the
tree's text that a browser would run: no ``<script>`` but tracer's own, no ``on*`` attribute
carrying the attack, no ``javascript:`` address, no injected ``<img>``/``<iframe>``; every
``<script type="application/json">`` still parses as JSON (nothing broke out of it).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import textwrap
import xml.etree.ElementTree as ET
import zipfile
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner

from tracer.cli import main

MARK = "alert("
"""Every attack calls alert(: found in an executable place, it came from the tree."""

HOSTILE_LABELS = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(2)>",
    'q" onmouseover="alert(3)" x="',
    "</script><script>alert(4)</script>",
    "]]></svg><svg onload=alert(5)>",
    "[link](javascript:alert(6))",
    r"\input{/etc/passwd}\write18{alert(7)}",
    '"];evil[label="alert(8)',
    "=HYPERLINK(\"http://x\",\"alert(9)\")",
    "{{ 7*7 }} \\VAR{alert(10)} <!-- ",
    "Дмитрий 李雷 😀 &amp; $x$ %#_^~",
]
HOSTILE_MOVES = [
    "javascript:alert(11)",
    "<iframe src=javascript:alert(12)>",
    "'><img src=x onerror=alert(13)>",
    "![i](javascript:alert(14))",
]


def hostile_tree() -> dict:
    """Three MIN nodes under a MAX root, every label and move an attack (labels unique, none a number)."""
    labels = iter(HOSTILE_LABELS)
    moves = iter(HOSTILE_MOVES * 3)
    children = []
    for values in ((3, 12), (2, 4), (14, 5, 2)):
        leaves = [{"label": next(labels), "move": next(moves), "value": value} for value in values]
        children.append({"label": next(labels), "move": next(moves), "children": leaves})
    return {"label": next(labels), "children": children}


class ExecutableFinder(HTMLParser):
    """What in an HTML (or SVG) document a browser would run that carries :data:`MARK`."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self.json_blocks: list[str] = []
        self._script: str | None = None
        self._data: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            value = value or ""
            if name.startswith("on") and (MARK in value or name in ("onerror", "onload", "onmouseover")):
                self.found.append(f"<{tag} {name}={value!r}>")
            if name in ("href", "src", "xlink:href", "action", "formaction", "data") and value.strip().lower().startswith("javascript:"):
                self.found.append(f"<{tag} {name}={value!r}>")
        if tag in ("img", "iframe", "object", "embed") and dict(attrs).get("src") == "x":  # the attacks' own <img src=x>
            self.found.append(f"<{tag}> with {attrs}")
        if tag == "script":
            self._script = dict(attrs).get("type") or "text/javascript"
            self._data = []

    handle_startendtag = handle_starttag

    def handle_data(self, data: str) -> None:
        if self._script is not None:
            self._data.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self._script is not None:
            text = "".join(self._data)
            if self._script == "application/json":
                self.json_blocks.append(text)
            elif MARK in text:
                self.found.append(f"<script>{text[:80]}")
            self._script = None


def executable_parts(html: str) -> list[str]:
    finder = ExecutableFinder()
    finder.feed(html)
    finder.close()
    for block in finder.json_blocks:
        try:
            json.loads(block)
        except ValueError:
            finder.found.append(f"a JSON block that does not parse: {block[:80]!r}")
    return finder.found


def markdown_html(text: str) -> str:
    markdown = pytest.importorskip("markdown")
    return markdown.markdown(text, extensions=["tables"])


def test_the_checker_finds_what_it_looks_for():
    """The finder itself: each kind of attack it must see, it sees (so a clean result means something)."""
    assert executable_parts("<p><script>alert(1)</script></p>")
    assert executable_parts('<img src=x onerror="alert(2)">')
    assert executable_parts('<a href=" javascript:alert(1)">x</a>')
    assert executable_parts('<script type="application/json">{"a": "</script><script>alert(1)</script>')
    assert executable_parts(markdown_html("- to <img src=x onerror=alert(2)>"))  # a label written into Markdown as it is
    assert not executable_parts('<p title="&lt;img src=x onerror=alert(2)&gt;">&lt;script&gt;alert(1)</p>')
    assert not executable_parts('<script type="application/json">{"a": "\\u003c/script\\u003ealert(1)"}</script>')


def run(*args: str) -> str:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


@pytest.fixture(scope="module")
def outputs(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("hostile")
    tree = root / "tree.json"
    tree.write_text(json.dumps(hostile_tree(), ensure_ascii=False), encoding="utf-8")
    (root / "key.md").write_text(run("key", str(tree), "--format", "markdown"), encoding="utf-8")
    (root / "key.txt").write_text(run("key", str(tree)), encoding="utf-8")
    run("render", str(tree), "-o", str(root / "figs"), "--format", "svg,dot", "--html", "--storyboard", "--steps", "key",
        "--revealjs", str(root / "deck"), "--pptx", str(root / "deck.pptx"))
    run("exercise", "new", "--tree", str(tree), "-o", str(root / "ex"), "--seed", "1", "--format", "latex",
        "--title", "T <script>alert(20)</script> RLO",
        "--questions", "minimax,values,not_examined,move,window,order")
    return root


def _files(root: Path, *suffixes: str) -> list[Path]:
    return sorted(path for path in root.rglob("*") if path.suffix in suffixes and "revealjs" not in path.parts[-2:] and path.name != "reveal.js")


def test_no_html_or_svg_output_holds_anything_executable_from_the_tree(outputs):
    pages = _files(outputs, ".html", ".svg")
    names = {path.name for path in pages}
    assert {"index.html", "final.svg", "storyboard.svg", "sheet.html", "key.html", "steps.html", "sheets.html"} <= names, names
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert executable_parts(text) == [], page
    assert any("Дмитрий" in page.read_text(encoding="utf-8") for page in pages)  # the labels are there, as text


def test_every_svg_is_well_formed_xml_with_the_labels_as_text(outputs):
    final = outputs / "figs" / "final.svg"
    texts = "".join(ET.parse(final).getroot().itertext())
    assert "<script>alert(1)</script>" in texts  # shown as written
    for svg in _files(outputs, ".svg"):
        ET.parse(svg)  # raises on a tag or an entity the labels broke


def test_the_markdown_key_and_sheets_render_to_safe_html(outputs):
    documents = [outputs / "key.md", *_files(outputs / "ex", ".md")]
    assert len(documents) >= 3
    for document in documents:
        html = markdown_html(document.read_text(encoding="utf-8"))
        assert executable_parts(html) == [], document
        assert "<script" not in html and "<iframe" not in html, document
        assert set(re.findall(r'<img [^>]*src="([^"]*)"', html)) <= {"figure.svg", "key-figure.svg"}, document  # the figure alone
        assert 'href="javascript' not in html, document
    key = markdown_html((outputs / "key.md").read_text(encoding="utf-8"))
    assert "&lt;img src=x onerror=alert(2)&gt;" in key  # the label, shown as text
    assert "\\&lt;" not in key  # and without a stray backslash


def test_dot_files_quote_every_label(outputs):
    dots = _files(outputs / "figs", ".dot")
    assert dots
    if shutil.which("dot") is None:
        pytest.skip("no Graphviz")
    for dot in dots:
        svg = subprocess.run(["dot", "-Tsvg", str(dot)], capture_output=True, text=True, timeout=60)
        assert svg.returncode == 0, svg.stderr
        assert executable_parts(svg.stdout) == []
        assert "evil" not in re.findall(r'<g id="node\d+" class="node">\s*<title>([^<]*)', svg.stdout)


def test_the_powerpoint_deck_holds_the_labels_as_text(outputs):
    with zipfile.ZipFile(outputs / "deck.pptx") as deck:
        for name in deck.namelist():
            if name.endswith(".xml"):
                ET.fromstring(deck.read(name))  # well-formed: nothing broke out of a text run
        slides = "".join(deck.read(name).decode() for name in deck.namelist() if name.startswith("ppt/slides/slide"))
    assert "<script>" not in slides and "&lt;" in slides


def test_the_latex_files_escape_every_label(outputs):
    for tex in _files(outputs / "ex", ".tex"):
        text = tex.read_text(encoding="utf-8")
        assert "\\input{" not in text and "\\write18" not in text, tex
        assert "\u202e" not in text, tex


FENCE_TREE = json.dumps(hostile_tree(), ensure_ascii=False)


def _site(root: Path, page: str) -> Path:
    pytest.importorskip("mkdocs")
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    (root / "docs").mkdir(parents=True)
    (root / "docs" / "index.md").write_text(page, encoding="utf-8")
    (root / "mkdocs.yml").write_text(
        textwrap.dedent("site_name: test\ndocs_dir: docs\nsite_dir: out\ntheme: {name: mkdocs}\nplugins: [tracer]\n"), encoding="utf-8"
    )
    build(load_config(str(root / "mkdocs.yml")))
    return root / "out" / "index.html"


def test_a_site_built_from_a_hostile_fence_runs_none_of_it(tmp_path):
    page = (
        "# Trees\n\n"
        f"```gametree title='x\" onmouseover=\"alert(30)' id=tree-a\n{FENCE_TREE}\n```\n\n"
        f"```gametree final=true title=\"<script>alert(31)</script>\"\n{FENCE_TREE}\n```\n"
    )
    html = _site(tmp_path, page).read_text(encoding="utf-8")
    assert html.count("data-tracer-stepper") == 1 and 'id="tree-a"' in html
    assert executable_parts(html) == []


@pytest.mark.parametrize("anchor", ['zz"><img src=x onerror=alert(1)>', "1abc", "a b", "a" * 65, "x'y", "ä"])
def test_a_fence_id_that_is_not_a_plain_name_fails_the_build_naming_page_and_fence(tmp_path, caplog, anchor):
    from mkdocs.exceptions import Abort

    quote = "'" if '"' in anchor else '"'
    page = f"# Trees\n\n```gametree id={quote}{anchor}{quote}\n[[1, 2], [3]]\n```\n"
    with pytest.raises(Abort):
        _site(tmp_path, page)
    errors = [record.getMessage() for record in caplog.records if record.levelname == "ERROR"]
    reported = [text for text in errors if "gametree fence" in text]
    assert reported and reported[0].startswith("index.md:3: gametree fence: id="), errors
    assert "is not a plain name" in reported[0]
    assert not (tmp_path / "out" / "index.html").exists()


@pytest.mark.parametrize("anchor", ["tree-a", "Fig_5-2", "a" * 64])
def test_plain_fence_ids_are_accepted(anchor):
    from tracer.docsite.fence import read_fence_options

    assert read_fence_options({"id": anchor}).anchor == anchor


@pytest.mark.parametrize("title", ["\u202eevil", "a\tb", "x\u2066y", "\u200f"])
def test_a_fence_option_holding_a_control_character_is_refused(title):
    from tracer.docsite.fence import read_fence_options
    from tracer.errors import InputError

    with pytest.raises(InputError, match=r"title= holds the control character U\+"):
        read_fence_options({"title": title})
