"""The Turkish twins of the tutorial pages (`page.tr.md` beside `page.md`) keep what must not be translated.

Every `gametree` fence of the English page is in its Turkish twin, byte for byte and in the same
order (the plugin traces the same trees, and renders them in Turkish itself); the headings are the
same in number and level, and translated; links point to the same pages (mkdocs-static-i18n maps
`x.md` to its Turkish twin); code blocks (commands, the tool's output, trees) are kept, but for a
comment in prose; the tables keep their rows and columns, and the page renders to as many headings,
list items, table cells, definitions, code blocks and links as the English one.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

SITE = Path(__file__).resolve().parents[2] / "site"

PAGES = [
    "index.md",
    "games.md",
    "minimax.md",
    "alpha-beta.md",
    "ordering.md",
    "evaluation.md",
    "deepening.md",
    "chance.md",
    "real-games.md",
    "practice.md",
    "quiescence.md",
    "chess.md",
    "imperfect.md",
    "history.md",
    "reference/tree-format.md",
    "reference/authoring.md",
    "reference/cli.md",
]

# A whole fence: its opening line (indented or not, nested in a longer fence or not), its body, and
# the first line that closes it with the same run of backticks.
FENCE = re.compile(r"^[ \t]*(`{3,})(gametree\b.*?)^[ \t]*\1[ \t]*$", re.MULTILINE | re.DOTALL)
# Any mention of a fence, written inline as well (```` ```gametree-practice seed=2026 count=6``` ````).
TITLE = re.compile(r'\btitle="([^"]*)"')


def untitled(fence: str) -> str:
    """A fence with its title left out of its first line (the title is translated)."""
    first, _, rest = fence.partition("\n")
    return TITLE.sub('title="…"', first) + "\n" + rest


def untitled_blocks(text: str) -> list[tuple[str, list[str]]]:
    """The code blocks, a fence's title left out (of its info string or of a fence shown inside)."""
    return [(TITLE.sub("", info), [TITLE.sub("", line) if "```gametree" in line else line for line in body]) for info, body in blocks(text)]


def titles(fence: str) -> list[str]:
    return TITLE.findall(fence.partition("\n")[0])
MENTION = re.compile(r"`{3}gametree[^\n`]*")
LINK = re.compile(r"\]\(([^)\s]+\.md(?:#[^)\s]*)?)\)")


def twin(page: str) -> Path:
    return SITE / page.replace(".md", ".tr.md")


def fences(text: str) -> list[str]:
    return [match.group(0) for match in FENCE.finditer(text)]


def walk(text: str) -> tuple[list[tuple[int, str]], list[tuple[str, list[str]]]]:
    """The headings, as (level, text), and the top-level fenced code blocks, as (info string, lines).

    A `#` line inside a block (a YAML comment) is no heading; a block nested in a longer fence is
    part of it. A comment after YAML is left out of the block's lines: prose, it is translated.
    """
    headings, blocks, fence = [], [], None
    for line in text.splitlines():
        marker = re.match(r"[ \t]*(`{3,}|~{3,})(.*)$", line)
        if fence is None:
            if marker:
                fence, info, body = marker.group(1), marker.group(2).strip(), []
            elif heading := re.match(r"(#{1,6})[ \t]+(.+?)[ \t#]*$", line):
                headings.append((len(heading.group(1)), heading.group(2)))
        elif marker and marker.group(1)[0] == fence[0] and len(marker.group(1)) >= len(fence) and not marker.group(2).strip():
            blocks.append((info, body))
            fence = None
        else:
            body.append(re.sub(r"\s+# .*$", "", line) if info == "yaml" else line)
    return headings, blocks


def headings(text: str) -> list[tuple[int, str]]:
    return walk(text)[0]


def blocks(text: str) -> list[tuple[str, list[str]]]:
    return walk(text)[1]


def table_shape(text: str) -> list[int]:
    """The number of cells of every table row, in order (an escaped `\\|` is not a cell border)."""
    return [line.replace("\\|", "").count("|") for line in text.splitlines() if line.startswith("|")]


@pytest.mark.parametrize("page", PAGES)
def test_the_turkish_twin_exists(page):
    assert twin(page).is_file(), f"{twin(page).relative_to(SITE)} is missing"


@pytest.mark.parametrize("page", PAGES)
def test_every_gametree_fence_is_kept_byte_for_byte_but_its_title(page):
    """A fence's title is a heading readers see, so it is translated; the rest is kept to the byte
    (an example fence inside a code block is kept whole, title included)."""
    english = (SITE / page).read_text(encoding="utf-8")
    turkish = twin(page).read_text(encoding="utf-8")
    assert [untitled(fence) for fence in fences(turkish)] == [untitled(fence) for fence in fences(english)]
    assert [TITLE.sub("", m) for m in MENTION.findall(turkish)] == [TITLE.sub("", m) for m in MENTION.findall(english)]
    for mine, theirs in zip(fences(turkish), fences(english)):
        assert not set(titles(mine)) & set(titles(theirs)), f"an English title on the Turkish page: {titles(theirs)}"


@pytest.mark.parametrize("page", PAGES)
def test_the_headings_match_in_number_and_level_and_are_translated(page):
    english = headings((SITE / page).read_text(encoding="utf-8"))
    turkish = headings(twin(page).read_text(encoding="utf-8"))
    assert [level for level, _ in turkish] == [level for level, _ in english]
    assert not {text for _, text in turkish} & {text for _, text in english}


@pytest.mark.parametrize("page", PAGES)
def test_links_point_to_the_same_pages(page):
    english = (SITE / page).read_text(encoding="utf-8")
    turkish = twin(page).read_text(encoding="utf-8")
    assert sorted(LINK.findall(turkish)) == sorted(LINK.findall(english))


@pytest.mark.parametrize("page", PAGES)
def test_code_blocks_and_tables_keep_their_shape(page):
    english = (SITE / page).read_text(encoding="utf-8")
    turkish = twin(page).read_text(encoding="utf-8")
    assert untitled_blocks(turkish) == untitled_blocks(english)
    assert table_shape(turkish) == table_shape(english)


STRUCTURE = ("h1", "h2", "h3", "h4", "ul", "ol", "li", "table", "tr", "th", "td", "dl", "dt", "dd", "pre", "blockquote", "a")


def structure(text: str) -> dict[str, int]:
    """How many of each block and link element the site's Markdown makes of a page.

    A translation can break what the source did not: a line of Turkish prose that begins with an
    ordinal ("16. bölüm") starts a list item.
    """
    markdown = pytest.importorskip("markdown")
    config = yaml.safe_load((SITE.parent / "mkdocs.yml").read_text(encoding="utf-8"))
    names, options = [], {}
    for entry in config["markdown_extensions"]:
        name, settings = next(iter(entry.items())) if isinstance(entry, dict) else (entry, None)
        names.append(name)
        if settings:
            options[name] = settings
    html = markdown.markdown(text, extensions=names, extension_configs=options)
    return {tag: len(re.findall(rf"<{tag}[ >]", html)) for tag in STRUCTURE}


@pytest.mark.parametrize("page", PAGES)
def test_the_page_renders_to_the_same_structure(page):
    english = structure((SITE / page).read_text(encoding="utf-8"))
    turkish = structure(twin(page).read_text(encoding="utf-8"))
    assert turkish == english


def test_the_fence_reader_finds_every_kind_of_fence():
    """The helpers above must see fences at all, or the comparisons would pass on nothing."""
    text = (SITE / "reference" / "authoring.md").read_text(encoding="utf-8")
    found = fences(text)
    assert len(found) == 3  # the three examples nested in ````markdown blocks
    assert found[0].startswith('```gametree algorithm=alphabeta prune-on-equal=false title="CS188\'s convention"\n[[3, 12, 8]')
    assert MENTION.findall(text)[-1] == "```gametree-practice seed=2026 count=6"
    assert len(fences((SITE / "imperfect.md").read_text(encoding="utf-8"))) == 5
    assert [info for info, _ in blocks(text)] == ["yaml", "markdown", "markdown", "text"]
    assert blocks("```yaml\na: 1   # a comment\n# whole line\n```\n") == [("yaml", ["a: 1", "# whole line"])]
    assert structure("- a\n  16. bölüm\n")["li"] == 2  # the mistake the structure test is there for
    assert headings("# A\n```yaml\n# not a heading\n```\n## B\n````markdown\n```\n# nor this\n```\n````\n") == [(1, "A"), (2, "B")]
