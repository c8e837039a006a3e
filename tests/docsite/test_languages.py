"""The plugin writes a page's steppers and practice in the page's language.

The Turkish catalogue is being translated while these tests are written, so they use a
small test catalogue of their own (a handful of the player's and the practice page's
messages, marked so that no real catalogue could produce them): what is tested is that
the plugin asks for the right language, not the translations themselves.
"""

from __future__ import annotations

import gettext
import textwrap
from pathlib import Path

import pytest

pytest.importorskip("mkdocs")
pytest.importorskip("mkdocs_static_i18n")

from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.exceptions import Abort

from tracer.words import catalog

TREE = "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"
FENCE = f"```gametree\n{TREE}\n```\n"

TEST_WORDS = {
    "player.next": "Sonraki adım [test]",
    "player.prev": "Önceki adım [test]",
    "practice.check": "Denetle [test]",
    "practice.reveal": "Çözümü göster [test]",
    "practice.hide": "Çözümü gizle [test]",
}


class CourseCatalogue(gettext.NullTranslations):
    """Turkish for the messages above; every other message stays English."""

    def pgettext(self, context: str, message: str) -> str:
        return TEST_WORDS.get(context, message)


@pytest.fixture
def turkish(monkeypatch):
    """tracer has a Turkish catalogue: the test one."""
    real = catalog.translations
    monkeypatch.setattr(catalog, "available_languages", lambda: ("en", "tr"))
    monkeypatch.setattr(catalog, "translations", lambda language: CourseCatalogue() if language == "tr" else real(language))


def make_site(root: Path, pages: dict[str, str], *, i18n: bool = True, tracer_options: str = "") -> Path:
    docs = root / "docs"
    docs.mkdir(parents=True, exist_ok=True)
    for name, text in pages.items():
        (docs / name).write_text(text, encoding="utf-8")
    plugins = "  - tracer" + (f":\n      {tracer_options}" if tracer_options else "")
    if i18n:
        plugins = textwrap.indent(
            textwrap.dedent(
                """\
                - i18n:
                    docs_structure: suffix
                    languages:
                      - {locale: en, name: English, default: true}
                      - {locale: tr, name: Türkçe}
                """
            ),
            "  ",
        ) + plugins
    (root / "mkdocs.yml").write_text(
        f"site_name: test\ndocs_dir: docs\nsite_dir: out\ntheme: {{name: mkdocs}}\nplugins:\n{plugins}\n", encoding="utf-8"
    )
    return root / "mkdocs.yml"


def built(root: Path, page: str) -> str:
    return (root / "out" / page).read_text(encoding="utf-8")


def test_a_tr_page_gets_turkish_steppers_and_its_english_twin_english_ones(tmp_path, turkish):
    config = make_site(tmp_path, {"index.md": "# Tree\n\n" + FENCE, "index.tr.md": "# Ağaç\n\n" + FENCE})
    build(load_config(str(config)))
    english, turkish_page = built(tmp_path, "index.html"), built(tmp_path, "tr/index.html")
    assert "Sonraki adım [test]" in turkish_page and "Önceki adım [test]" in turkish_page
    assert "[test]" not in english and "Next step" in english
    assert 'aria-label="Next step"' not in turkish_page


def test_a_page_without_a_twin_is_built_in_the_turkish_build_with_turkish_steppers(tmp_path, turkish):
    """static-i18n falls back to the English page; its steppers follow the build's language,
    as Material's own words around them do."""
    config = make_site(tmp_path, {"index.md": "# Home\n", "index.tr.md": "# Giriş\n", "tree.md": "# Tree\n\n" + FENCE})
    build(load_config(str(config)))
    assert "Sonraki adım [test]" in built(tmp_path, "tr/tree/index.html")
    assert "Sonraki adım [test]" not in built(tmp_path, "tree/index.html")


def test_the_fence_option_lang_wins_over_the_page(tmp_path, turkish):
    page = "# Ağaç\n\n```gametree lang=en\n" + TREE + "\n```\n\n" + FENCE
    config = make_site(tmp_path, {"index.md": "# Tree\n\n```gametree lang=tr\n" + TREE + "\n```\n", "index.tr.md": page})
    build(load_config(str(config)))
    turkish_page = built(tmp_path, "tr/index.html")
    assert turkish_page.count("Sonraki adım [test]") == 1 and "Next step" in turkish_page
    assert "Sonraki adım [test]" in built(tmp_path, "index.html")


def test_without_i18n_the_suffix_or_the_plugins_lang_says_the_language(tmp_path, turkish):
    config = make_site(tmp_path / "suffix", {"index.md": FENCE, "ders.tr.md": FENCE}, i18n=False)
    build(load_config(str(config)))
    assert "Sonraki adım [test]" in built(tmp_path / "suffix", "ders.tr/index.html")
    assert "Sonraki adım [test]" not in built(tmp_path / "suffix", "index.html")
    config = make_site(tmp_path / "site", {"index.md": FENCE}, i18n=False, tracer_options="lang: tr")
    build(load_config(str(config)))
    assert "Sonraki adım [test]" in built(tmp_path / "site", "index.html")


def test_the_practice_page_speaks_the_pages_language(tmp_path, turkish):
    fence = "```gametree-practice seed=3 count=1\n```\n"
    config = make_site(tmp_path, {"index.md": fence, "index.tr.md": fence})
    build(load_config(str(config)))
    html = built(tmp_path, "tr/index.html")
    assert 'data-action="check">Denetle [test]</button>' in html
    assert 'data-show="Çözümü göster [test]"' in html and 'data-hide="Çözümü gizle [test]"' in html
    assert 'data-hide="Hide the solution"' in built(tmp_path, "index.html")


def test_a_language_without_a_catalogue(tmp_path, caplog):
    """A fence asking for one fails the build; a page in one gets English steppers."""
    config = make_site(tmp_path / "fence", {"index.md": "```gametree lang=xx\n" + TREE + "\n```\n"}, i18n=False)
    with pytest.raises(Abort):
        build(load_config(str(config)))
    errors = [record.getMessage() for record in caplog.records if record.levelname == "ERROR"]
    assert any(text.startswith("index.md:1: gametree fence: lang=xx: tracer has no catalogue") for text in errors), errors
    config = make_site(tmp_path / "page", {"index.md": FENCE, "seite.xx.md": FENCE}, i18n=False)
    build(load_config(str(config)))
    assert "Next step" in built(tmp_path / "page", "seite.xx/index.html")


def test_the_render_cache_keeps_the_languages_apart(tmp_path, turkish):
    config = make_site(tmp_path, {"index.md": FENCE, "index.tr.md": FENCE})
    first = load_config(str(config))
    build(first)
    again = load_config(str(config))
    build(again)
    assert "Sonraki adım [test]" in built(tmp_path, "tr/index.html")
    assert "Sonraki adım [test]" not in built(tmp_path, "index.html")
    assert again.plugins["tracer"].cached >= 1


SITE = Path(__file__).resolve().parents[2] / "site"


def test_every_english_page_has_a_turkish_twin():
    """Lists the pages of site/ still to translate (page.tr.md beside page.md)."""
    missing = sorted(
        str(page.relative_to(SITE)) for page in SITE.rglob("*.md")
        if len(page.suffixes) == 1 and not page.with_suffix(".tr.md").is_file()
    )
    assert not missing, f"no Turkish twin yet: {', '.join(missing)}"


def test_a_plugin_lang_without_a_catalogue_stops_the_build_saying_so(tmp_path, caplog):
    config = make_site(tmp_path, {"index.md": FENCE}, i18n=False, tracer_options="lang: xx")
    with pytest.raises(Abort):
        build(load_config(str(config)))
    errors = [record.getMessage() for record in caplog.records if record.levelname == "ERROR"]
    assert any(text.startswith("tracer plugin: lang: xx: tracer has no catalogue for this language; use one of en") for text in errors), errors
