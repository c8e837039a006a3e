"""The language a site's fence is written in: its captions, buttons and feedback.

First found: the fence's ``lang=``; the page's language, that is the language being built
by mkdocs-static-i18n (``plugins: - i18n``, so ``page.tr.md`` and the English pages it
falls back to are Turkish in the Turkish build), else a ``page.tr.md`` suffix in the
page's name; the plugin's ``lang``; English. A page language tracer has no catalogue for
gives English (said once in the log); a ``lang`` written in a fence or the plugin's options
must be one tracer has (:func:`tracer.words.language_from` refuses the others). Of
mkdocs-static-i18n only its documented ``current_language`` is read.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.plugins import get_plugin_logger

from tracer.errors import InputError
from tracer.words import catalog, language_from
from tracer.words.catalog import SOURCE_LANGUAGE

__all__ = ["PageLanguages", "fence_language"]

log = get_plugin_logger("tracer.docsite.plugin")

_LOCALE_SUFFIX = re.compile(r"[a-z]{2}(?:[_-][A-Za-z]{2,4})?")
"""A language suffix in a page's name (``page.tr.md``, ``page.pt_BR.md``), as mkdocs-static-i18n reads them."""


def fence_language(options: dict[str, str]) -> str | None:
    """A fence's own ``lang=``, if it has one (InputError if tracer has no catalogue for it)."""
    return language_from(options["lang"]) if options.get("lang") else None


class PageLanguages:
    """The language of each page of one site: ``i18n`` is mkdocs-static-i18n's plugin (or
    None), ``site`` the plugin's ``lang`` (None: English)."""

    def __init__(self, i18n: Any, site: str | None) -> None:
        self.i18n = i18n
        try:
            self.site = language_from(site) if site else SOURCE_LANGUAGE
        except InputError as error:
            raise PluginError(f"tracer plugin: {error.phrased(lambda option: f'lang: {option.value}')}") from None
        self.told: set[str] = set()

    def of(self, src_path: str) -> str:
        """The language a page's fences are written in, unless a fence says ``lang=``."""
        asked = getattr(self.i18n, "current_language", None) if self.i18n is not None else None
        if not asked:
            suffixes = PurePosixPath(src_path).suffixes
            if len(suffixes) >= 2 and _LOCALE_SUFFIX.fullmatch(suffixes[-2][1:]):
                asked = suffixes[-2][1:]
        if not asked:
            return self.site
        code = asked.replace("-", "_").split("_")[0].lower()
        if code not in catalog.available_languages():
            if code not in self.told:
                self.told.add(code)
                log.info(f"tracer has no catalogue for {asked!r}: steppers on its pages are in English")
            return SOURCE_LANGUAGE
        return code
