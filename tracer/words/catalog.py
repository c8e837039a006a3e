"""Messages by id: the one door through which every sentence tracer writes for people passes.

A message is written once, in English, where it is used, with an id and named
placeholders::

    say("caption.enter", "Enter {node} with [α, β] = [{alpha}, {beta}].", node=..., alpha=..., beta=...)
    say_n("key.visited", "Visited {n} node", "Visited {n} nodes", count, n=...)

The id is gettext's message context and the English text its message id, so the
standard tools find every message (``pybabel extract`` with the keywords ``say:1c,2``
and ``say_n:1c,2,3``) and a language is a catalogue of translations, never a change
to the code. Until a catalogue is installed (:func:`use_language`) the English text
is used as written.

Placeholders are filled after translation, so a translation may put them in any order.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

__all__ = ["current_language", "say", "say_n", "use_language"]

_ENGLISH = gettext.NullTranslations()
_translations: ContextVar[gettext.NullTranslations] = ContextVar("tracer_translations", default=_ENGLISH)
_language: ContextVar[str] = ContextVar("tracer_language", default="en")


def current_language() -> str:
    """The language messages are written in now (``"en"`` unless :func:`use_language` says otherwise)."""
    return _language.get()


@contextmanager
def use_language(language: str, translations: gettext.NullTranslations | None = None) -> Iterator[None]:
    """Write messages in ``language`` (with its ``translations``) inside the ``with`` block."""
    token_t = _translations.set(translations or _ENGLISH)
    token_l = _language.set(language)
    try:
        yield
    finally:
        _translations.reset(token_t)
        _language.reset(token_l)


def say(message_id: str, text: str, /, **fields: Any) -> str:
    """The message ``message_id`` (English: ``text``) in the current language, its placeholders filled."""
    translated = _translations.get().pgettext(message_id, text)
    return translated.format(**fields) if fields else translated


def say_n(message_id: str, singular: str, plural: str, count: int, /, **fields: Any) -> str:
    """A message whose wording depends on ``count`` (the language's plural rules choose the form)."""
    translated = _translations.get().npgettext(message_id, singular, plural, count)
    return translated.format(**fields)
