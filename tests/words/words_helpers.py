"""Reading the message catalogues and tracer's outputs back for the language tests.

The catalogues are read with Babel's own PO reader; outputs with the standard library
(html.parser, xml.etree) and python-pptx, independently of the code that wrote them.
"""

from __future__ import annotations

import re
import string
import xml.etree.ElementTree as ET
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

import tracer

LOCALE_DIR = Path(tracer.__file__).resolve().parent / "locale"
TEMPLATE = LOCALE_DIR / "tracer.pot"
TURKISH = LOCALE_DIR / "tr" / "LC_MESSAGES" / "tracer.po"

ROOMS = ("api", "cli", "words", "errors", "reading", "files", "trace", "search", "game", "docsite", "render", "play", "exercises", "grading")
"""tracer's packages and top-level modules, as the catalogue's locations name them
(tracer/<room>/... or tracer/<room>.py)."""

AIMA = "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"
"""AIMA's Figure 5.2: alpha-beta visits B's leaves E F G (3 12 8), cuts C after H = 2
(α = 3 at the root), so I and J are never examined, and searches all of D (14 5 2)."""

# Words an English message holds that a Turkish text may hold as well: proper names and
# the terms the Turkish catalogue keeps (they are also in its translations, see english_only).
ALLOWED = {"aima", "home", "end"}  # "Home", "End": key names on the player's buttons

FIELD_NAMES = {"value", "root", "children", "label", "type", "move", "quiet", "noisy", "chance", "players", "true", "false",
               "answer", "template", "examined"}
"""Names a Turkish error message quotes as the tree file or the Python call writes them
("value alanı bir sayı olmalı"), and the names of the answer file and its keys that Turkish
sheets quote (``answer-template.yaml``, ``not_examined:``): not Turkish words, so "value" in a
key still reads as English."""


@cache
def catalogue(path: Path = TURKISH) -> Catalog:
    with open(path, "rb") as file:
        return read_po(file)


def messages(path: Path = TURKISH) -> list[Message]:
    return [message for message in catalogue(path) if message.id]


def texts(field: str | tuple[str, ...] | None) -> tuple[str, ...]:
    if field is None:
        return ()
    return field if isinstance(field, tuple) else (field,)


def rooms_of(message: Message) -> set[str]:
    return {location.split("/")[1].removesuffix(".py") for location, _ in message.locations if location.startswith("tracer/")}


def fields(text: str) -> list[str]:
    """The placeholders of a message, in order, ``{{`` and ``}}`` being literal braces.

    >>> fields("Enter {node} with [α, β] = {window}; {{0}}")
    ['node', 'window']
    """
    return [name for _, name, _, _ in string.Formatter().parse(text) if name is not None]


def literal_slots(text: str) -> list[str]:
    """The ``{{0}}`` slots a message leaves for an error's options (filled after it is said)."""
    return sorted(re.findall(r"\{\{\d+\}\}", text))


_WORD = re.compile(r"[A-Za-zÇĞİÖŞÜçğıöşü]{4,}")


def _prose(text: str) -> list[str]:
    """The words of a text, leaving out {placeholders} and names in capitals (VALUE, EVAL,
    MAX: pseudocode's and the book's names, the same in every language)."""
    return [word for word in _WORD.findall(re.sub(r"\{[^{}]*\}", " ", text)) if not word.isupper()]


@cache
def english_only() -> frozenset[str]:
    """Words (4 letters or more, lower case) of the English messages that no Turkish
    translation uses: finding one in a Turkish output means an English sentence got through."""
    english: set[str] = set()
    turkish: set[str] = set()
    for message in messages():
        for text in texts(message.id):
            english.update(word.lower() for word in _prose(text))
        for text in texts(message.string):
            turkish.update(word.lower() for word in _prose(text))
    return frozenset(english - (turkish - FIELD_NAMES) - ALLOWED)


def english_words(text: str, *, ignore: str = "") -> list[str]:
    """The English-only words in ``text`` (after removing the lines of ``ignore``: a
    pseudocode listing, whose keywords stay English in every language)."""
    for line in sorted({line.strip() for line in ignore.splitlines() if line.strip()}, key=len, reverse=True):
        text = text.replace(line, " ")  # the longest first: "return v, move" is inside "if ... then return v, move"
    return sorted({word for word in _prose(text) if word.lower() in english_only()})


class _Visible(HTMLParser):
    """The text a reader sees or hears: text outside script and style, and the attributes
    screen readers and tooltips read."""

    ATTRIBUTES = ("aria-label", "title", "alt", "placeholder", "aria-roledescription", "aria-valuetext")

    def __init__(self) -> None:
        super().__init__()
        self.hidden = 0
        self.out: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self.hidden += 1
        self.out += [value for name, value in attrs if name in self.ATTRIBUTES and value]

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self.hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self.hidden and data.strip():
            self.out.append(data.strip())


def visible_text(page: str) -> str:
    """The visible text of an HTML page or an SVG document, one piece a line."""
    parser = _Visible()
    parser.feed(page)
    return "\n".join(parser.out)


def svg_text(svg: str) -> str:
    """Every text of an SVG (its <text>, <title> and <desc>), read with xml.etree."""
    root = ET.fromstring(svg)
    return "\n".join(" ".join(element.itertext()) for element in root.iter()
                     if element.tag.rsplit("}", 1)[-1] in ("text", "title", "desc"))


def tex_notes(tex: str) -> str:
    r"""The speaker notes of a Beamer overlay file, TeX's accent commands for Turkish letters
    read back (``\u{g}`` is ğ, ``\c{s}`` ş, ``{\i}`` ı, ``\.{I}`` İ)."""
    notes = "\n".join(re.findall(r"\\note<\d+>\{(.*)\}%", tex))
    for command, letter in ((r"\u{g}", "ğ"), (r"\u{G}", "Ğ"), (r"\c{s}", "ş"), (r"\c{S}", "Ş"), (r"{\i}", "ı"), (r"\.{I}", "İ"),
                            (r"$\leq$", "≤"), (r"$\geq$", "≥"), (r"$\alpha$", "α"), (r"$\beta$", "β"), (r"$\infty$", "∞")):
        notes = notes.replace(command, letter)
    return notes
