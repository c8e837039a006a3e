"""English left in a translated output, found with the catalogue itself.

Every message has its English text (the msgid) and its translation (the msgstr). An output
written in another language should hold none of the English *phrases* of the messages that
are translated: runs of three words of a msgid, between its placeholders, that its own
translation does not hold (so names both languages write, such as ``tracer check`` or
``exercise:``, are not counted). Words are runs of letters in lower case, so punctuation,
markup and escaping (Markdown's ``\\<``, HTML's ``&lt;``) do not hide a phrase.

Messages not yet translated are left out, and so are the phrases they share with translated
ones (``a MAX node`` may come from either): while a catalogue is incomplete the check is
weaker, and :func:`untranslated` says which messages are missing; on a complete catalogue
every translated message's English counts.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from itertools import pairwise, product

from babel.messages.pofile import read_po

from tracer.words.catalog import LOCALE_DIR

PLACEHOLDER = re.compile(r"\{\{?[^{}]*\}?\}")
WORD = re.compile(r"[^\W_]+")
BREAK = "\x00"
"""Where a text's pieces end (an HTML tag): a phrase does not run on from one piece into the next."""
SEPARATORS = re.compile(r"[,;_\"`|\[\]{}()]")
ANY = "*"
"""A placeholder in a message not yet translated: it may stand for any word of an output."""


@dataclass(frozen=True)
class Entry:
    context: str
    english: tuple[str, ...]
    translation: str
    locations: tuple[str, ...]


@cache
def entries(language: str = "tr") -> tuple[Entry, ...]:
    with (LOCALE_DIR / language / "LC_MESSAGES" / "tracer.po").open("rb") as file:
        catalogue = read_po(file)
    found = []
    for message in catalogue:
        if not message.id:
            continue
        english = tuple(message.id) if isinstance(message.id, (tuple, list)) else (message.id,)
        strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
        found.append(Entry(str(message.context), english, strings[0] or "", tuple(path for path, _ in message.locations)))
    return tuple(found)


def in_area(entry: Entry, folders: Iterable[str]) -> bool:
    return any(path.startswith(tuple(folders)) for path in entry.locations)


def untranslated(folders: Iterable[str], language: str = "tr") -> list[str]:
    folders = tuple(folders)
    return [entry.context for entry in entries(language) if in_area(entry, folders) and not entry.translation]


def words(text: str) -> list[str]:
    return [word.casefold() for word in WORD.findall(html.unescape(text))]


def trigrams(text: str) -> set[tuple[str, str, str]]:
    found = set()
    for part in PLACEHOLDER.split(text):
        run = words(part)
        found.update(zip(run, run[1:], run[2:]))
    return found


def _patterns(text: str) -> set[tuple[str, ...]]:
    """A message's runs of three words, a placeholder standing for any word (at most one in a run: more would match anything)."""
    run = _tokens(text)
    return {phrase for phrase in zip(run, run[1:], run[2:]) if phrase.count(ANY) <= 1}


def _tokens(text: str) -> list[str]:
    tokens: list[str] = []
    for index, part in enumerate(PLACEHOLDER.split(text)):
        if index:
            tokens.append(ANY)
        tokens.extend(words(part))
    return tokens


def _matches(phrase: tuple[str, ...], patterns: set[tuple[str, ...]]) -> bool:
    """Whether a phrase may come from a message a pattern is of (a placeholder matches any word)."""
    return any(tuple(ANY if keep else word for word, keep in zip(phrase, mask)) in patterns
               for mask in product((False, True), repeat=len(phrase)))


@cache
def _pending(language: str = "tr") -> frozenset[tuple[str, ...]]:
    """The runs of three words (placeholders any word) of the messages not yet translated."""
    return frozenset(phrase for entry in entries(language) if not entry.translation for text in entry.english for phrase in _patterns(text))


@cache
def _pending_pairs(language: str = "tr") -> frozenset[tuple[str, ...]]:
    """The pairs of words (placeholders any word) of the messages not yet translated."""
    return frozenset(pair for entry in entries(language) if not entry.translation for text in entry.english
                     for pair in pairwise(_tokens(text)) if ANY not in pair)


@cache
def english_phrases(language: str = "tr") -> dict[tuple[str, str, str], str]:
    """Every English phrase of a translated message that its translation does not hold -> the message's id."""
    phrases: dict[tuple[str, str, str], str] = {}
    pending = _pending(language)
    for entry in entries(language):
        if not entry.translation:
            continue
        own = trigrams(entry.translation)
        for text in entry.english:
            for phrase in trigrams(text) - own:
                if _matches(phrase, pending):
                    continue
                if sum(len(word) >= 2 for word in phrase) >= 2 and any(len(word) >= 3 for word in phrase):
                    phrases.setdefault(phrase, entry.context)
    return phrases


def _sentence(text: str) -> str | None:
    """A message as a pattern over an output's words: its words in order, each placeholder any words
    (or none); None when the message has fewer than two words of its own to find it by."""
    tokens = _tokens(text)
    own = [token for token in tokens if token != ANY and not token.isdigit()]
    if len(own) < 2 or not any(len(token) >= 3 for token in own):
        return None
    return "".join(r"(?:\S+ )*?" if token == ANY else re.escape(token) + " " for token in tokens)


@cache
def english_sentences(language: str = "tr") -> tuple[tuple[re.Pattern[str], frozenset[str], str], ...]:
    """The short translated messages (``{right} of {n} right.``), whose words never make a run of three
    between placeholders, as patterns (:func:`_sentence`) with the words they need and the message's id.
    A message whose translation has the same words in the same order is left out."""
    found = []
    for entry in entries(language):
        if not entry.translation:
            continue
        own = " ".join(words(PLACEHOLDER.sub(" ", entry.translation))) + " "
        for text in entry.english:
            pattern = _sentence(text)
            if pattern is not None and not trigrams(text) and not re.search(pattern, own):
                needed = frozenset(token for token in _tokens(text) if token != ANY)
                found.append((re.compile(pattern), needed, entry.context))
    return tuple(found)


def english_in(text: str, language: str = "tr") -> dict[str, str]:
    """The English phrases in ``text`` (``"the search stops" -> feedback.missed``), none if it is all translated.

    A phrase runs within a piece of ``text`` (pieces are separated by :data:`BREAK`)."""
    phrases = english_phrases(language)
    found = {}
    for piece in text.split(BREAK):
        run = words(piece)
        found.update({" ".join(phrase): phrases[phrase] for phrase in zip(run, run[1:], run[2:]) if phrase in phrases})
        # a short message is looked for within a line, between marks that separate items of data
        # (the answer keys listed in "minimax, values, not_examined" are names, not "minimax values")
        for segment in (part for line in piece.splitlines() for part in SEPARATORS.split(line)):
            run = words(segment)
            present, joined = set(run), " ".join(run) + " "
            for pattern, needed, context in english_sentences(language):
                if needed <= present:
                    for match in pattern.finditer(joined):
                        said = match.group(0).split()
                        # words a message not yet translated may have written are not counted
                        if not any(_matches(pair, _pending_pairs(language)) for pair in pairwise(said)):
                            found[match.group(0).strip()] = context
    return found
