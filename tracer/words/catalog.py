"""Messages by id: the one door through which every sentence tracer writes for people passes.

A message is written once, in English, where it is used, with an id and named
placeholders::

    say("caption.enter", "Enter {node} with [α, β] = {window}.", node=..., window=...)
    say_n("key.counts.visited", "Visited {n} node", "Visited {n} nodes", count, n=...)

The id is gettext's message context and the English text its message id, so the
standard tools find every message (``make messages`` runs ``pybabel extract`` with the
keywords ``say:1c,2``, ``template:1c,2``, ``say_n:1c,2,3`` and ``Said:1c,2``) and a language is a catalogue of
translations (``tracer/locale/<language>/LC_MESSAGES/tracer.po``, compiled to ``.mo``),
never a change to the code. English is the source: without a catalogue the text is used
as written.

Placeholders are filled after translation, so a translation may put them in any order.
Every message is formatted, with or without fields: a literal brace is written ``{{`` or ``}}``.
The language is chosen per call chain with :func:`use_language` (the command line's
``--lang``, the ``TRACER_LANG`` environment variable, the site plugin's ``lang``), never
from the machine's locale, so the same input gives the same bytes on any machine.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any

from tracer.errors import InputError, Option

__all__ = [
    "LOCALE_DIR",
    "Said",
    "available_languages",
    "current_language",
    "language_from",
    "say",
    "say_n",
    "template",
    "translations",
    "use_language",
]

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
"""Where the catalogues are: ``tracer/locale/<language>/LC_MESSAGES/tracer.mo``."""

SOURCE_LANGUAGE = "en"
DOMAIN = "tracer"

_ENGLISH = gettext.NullTranslations()
_translations: ContextVar[gettext.NullTranslations] = ContextVar("tracer_translations", default=_ENGLISH)
_language: ContextVar[str] = ContextVar("tracer_language", default=SOURCE_LANGUAGE)


@cache  # asked once per fence and per option read; the installed catalogues do not change while tracer runs (as translations())
def available_languages() -> tuple[str, ...]:
    """English and every language with a compiled catalogue, sorted."""
    found = {SOURCE_LANGUAGE}
    if LOCALE_DIR.is_dir():
        found.update(folder.name for folder in LOCALE_DIR.iterdir() if (folder / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file())
    return tuple(sorted(found))


def language_from(option: str | None, *, environment: dict[str, str] | None = None) -> str:
    """The language asked for: ``option`` if given, else ``TRACER_LANG``, else English.

    ``tr``, ``TR``, ``tr_TR`` and ``tr-TR.UTF-8`` all mean Turkish. An unknown ``option``
    is refused with the languages tracer has; an unknown ``TRACER_LANG`` falls back to
    English, as gettext does with a language it has no catalogue for.
    """
    env = os.environ if environment is None else environment
    asked = option if option else env.get("TRACER_LANG", "")
    if not asked:
        return SOURCE_LANGUAGE
    code = asked.strip().split(".")[0].replace("-", "_").split("_")[0].lower()
    known = available_languages()
    if code in known:
        return code
    if not option:
        return SOURCE_LANGUAGE
    raise InputError(
        say("words.lang.unknown", "{{0}}: tracer has no catalogue for this language"), hint=say("words.lang.hint", "use one of {names}", names=", ".join(known)),
        options=(Option("lang", asked),),
    )


@cache
def translations(language: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``language`` (English: none, the source text is used)."""
    if language == SOURCE_LANGUAGE:
        return _ENGLISH
    try:
        return gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=[language])
    except OSError:
        raise InputError(
            say("words.lang.missing", "tracer has no catalogue for the language {language}", language=repr(language)),
            hint=say("words.lang.hint", "use one of {names}", names=", ".join(available_languages())),
        ) from None


def current_language() -> str:
    """The language messages are written in now (``"en"`` unless :func:`use_language` says otherwise)."""
    return _language.get()


@contextmanager
def use_language(language: str | None, catalogue: gettext.NullTranslations | None = None) -> Iterator[None]:
    """Write messages in ``language`` (None or ``"en"``: English) inside the ``with`` block.

    ``catalogue`` gives the translations directly (for tests, or a course's own catalogue);
    otherwise the language's compiled catalogue is used.
    """
    language = language or SOURCE_LANGUAGE
    token_t = _translations.set(catalogue if catalogue is not None else translations(language))
    token_l = _language.set(language)
    try:
        yield
    finally:
        _translations.reset(token_t)
        _language.reset(token_l)


def say(message_id: str, text: str, /, **fields: Any) -> str:
    """The message ``message_id`` (English: ``text``) in the current language, its placeholders filled."""
    return _translations.get().pgettext(message_id, text).format(**fields)


class Said:
    """A class attribute that is a message, said in the language in use each time it is read::

        class TicTacToe:
            title = Said("game.tictactoe.title", "Tic-tac-toe")

    ``TicTacToe.title`` is ``"Tic-tac-toe"`` in English and the catalogue's translation in
    another language; the English stays where the class is (``make messages`` finds it with
    the keyword ``Said:1c,2``). An instance may still set the attribute to a plain string.

    Held as a value rather than a class attribute (a feature's description), it is said
    when written out: ``str(said)``.
    """

    def __init__(self, message_id: str, text: str, /) -> None:
        self.message_id = message_id
        self.text = text

    def __get__(self, instance: object, owner: type | None = None) -> str:
        return say(self.message_id, self.text)

    def __str__(self) -> str:
        return say(self.message_id, self.text)


def template(message_id: str, text: str, /) -> str:
    """The message ``message_id`` in the current language with its placeholders left unfilled,
    for a front end that fills them itself (the player's ``Step {step} of {total}``)."""
    return _translations.get().pgettext(message_id, text)


def say_n(message_id: str, singular: str, plural: str, count: int, /, **fields: Any) -> str:
    """A message whose wording depends on ``count`` (the language's plural rules choose the form)."""
    translated = _translations.get().npgettext(message_id, singular, plural, count)
    return translated.format(**fields)
