"""The ``tracer`` MkDocs plugin: every ``gametree`` fence becomes a traced, stepped search.

In ``mkdocs.yml``::

    plugins:
      - search
      - tracer              # options: cache_dir, theme, lang
    markdown_extensions:
      - pymdownx.superfences

The plugin registers the ``gametree`` and ``gametree-practice`` fences with
``pymdownx.superfences`` (adding the extension if it is missing), traces and renders each
fence at build time, and ships its JavaScript and CSS with the site (no CDN). A bad
tree fails the build with the page, the fence's line and the message. Renders are
cached by content (the fence's input, options and tracer's version) in ``cache_dir``,
so a changed page re-renders only its own trees. Each fence is rendered in its page's
language (:mod:`tracer.docsite.languages`).

Only MkDocs' public plugin API is used (``BasePlugin``, config options, ``File.generated``).
"""

from __future__ import annotations

import hashlib
import json
import re
from importlib import resources
from pathlib import Path as FilePath
from typing import Any

from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority, get_plugin_logger
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from tracer._version import __version__
from tracer.docsite.fence import fence_problem, read_fence_options, resolve_file
from tracer.docsite.languages import PageLanguages, fence_language
from tracer.docsite.workers import Pending, Workers
from tracer.errors import TracerError
from tracer.words import use_language

__all__ = ["TracerConfig", "TracerPlugin"]

log = get_plugin_logger(__name__)

# (package, file): the one player's script and style sheet (tracer.render.player), and
# what the site adds (the practice page's checker and its rules, the practice and side-by-side styles)
ASSETS = (
    ("tracer.render", "player.js"), ("tracer.docsite", "grading.js"), ("tracer.docsite", "practice.js"),
    ("tracer.render", "player.css"), ("tracer.docsite", "site.css"),
)
ASSET_DIR = "assets/tracer"
_ID_TOKEN = "@@TRACER-ID@@"

_FENCE_START = re.compile(r"^(?P<indent>[ \t>]*)(?P<fence>`{3,}|~{3,})\s*\{?\s*\.?(?P<name>gametree(?:-practice)?)\b(?P<options>[^\n]*)$")


class TracerConfig(Config):
    cache_dir = c.Type(str, default=".cache/tracer")
    """Where rendered trees are kept between builds, relative to mkdocs.yml."""
    theme = c.Choice(("auto", "light", "dark"), default="auto")
    """Figure colours: follow the site's palette (auto), or always light or dark."""
    lang = c.Optional(c.Type(str))
    """The language of fences on pages whose language is not known otherwise (default English)."""


class TracerPlugin(BasePlugin[TracerConfig]):
    def __init__(self) -> None:
        self.page: Page | None = None
        self.fence_lines: list[tuple[str, int, str]] = []
        self.errors: list[str] = []
        self.counter = 0
        self.rendered = 0
        self.cached = 0
        self.slots: dict[str, str | Pending] = {}
        self.prerendered: set[str] = set()  # fences the workers drew in this build
        self.workers = Workers()
        self.language = "en"  # the page's language, set for each page (tracer.docsite.languages)

    # -- set-up -----------------------------------------------------------------------------
    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        if "pymdownx.superfences" not in config.markdown_extensions:
            config.markdown_extensions.append("pymdownx.superfences")
        superfences = config.mdx_configs.setdefault("pymdownx.superfences", {})
        fences = [f for f in superfences.get("custom_fences", []) if f.get("name") not in ("gametree", "gametree-practice")]
        for name in ("gametree", "gametree-practice"):
            fences.append({"name": name, "class": name, "format": self._format, "validator": _accept_options})
        superfences["custom_fences"] = fences
        for _, asset in ASSETS:
            target = config.extra_javascript if asset.endswith(".js") else config.extra_css
            uri = f"{ASSET_DIR}/{asset}"
            if uri not in [str(item) for item in target]:
                target.append(uri)
        base = FilePath(config.config_file_path).parent if config.config_file_path else FilePath.cwd()
        self.cache = (base / self.config.cache_dir).resolve()
        self.fingerprint = _code_fingerprint()
        self.docs_dir = FilePath(config.docs_dir).resolve()
        self.languages = PageLanguages(config.plugins.get("i18n"), self.config.lang)
        return config

    @event_priority(-110)  # after mkdocs-static-i18n (-100) chose this language's pages; it cannot take generated files
    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files:
        for package, asset in ASSETS:
            content = (resources.files(package) / "assets" / asset).read_bytes()
            files.append(File.generated(config, f"{ASSET_DIR}/{asset}", content=content))
        self._prerender(files)
        return files

    def on_pre_build(self, *, config: MkDocsConfig) -> None:
        self.rendered = self.cached = 0
        self.prerendered = set()

    # -- per page ---------------------------------------------------------------------------
    def on_page_markdown(self, markdown: str, *, page: Page, config: MkDocsConfig, files: Files) -> str:
        self.page = page
        self.errors = []
        self.counter = 0
        self.language = self.languages.of(page.file.src_path)
        # MkDocs hands over the page without its front matter: count the lines it took.
        full = page.file.content_string
        offset = full[: len(full) - len(markdown)].count("\n") if full.endswith(markdown) else 0
        self.fence_lines = [(name, line + offset, text) for name, line, text in _find_fences(markdown)]
        return _normalise_fences(markdown, page.file.src_path, offset, self.errors)

    def on_page_content(self, html: str, *, page: Page, config: MkDocsConfig, files: Files) -> str:
        if self.errors:
            raise PluginError("\n".join(self.errors))
        self.page = None
        return html

    def on_post_page(self, output: str, *, page: Page, config: MkDocsConfig) -> str:
        """Put each fence's HTML in its slot, now that Markdown, search and the theme are done.

        Late, because the search plugin parses every page's HTML and steppers are large:
        injecting them here made a 100-page build about 1.5 s faster."""
        for marker in re.findall(r"<!--tracer-slot:[0-9a-f]+-->", output):
            html = self.slots.pop(marker, "")
            output = output.replace(marker, self._collect(html, page) if isinstance(html, Pending) else html, 1)
        return output

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        self.workers.close()
        if self.rendered or self.cached:
            log.info(f"traced {self.rendered} tree(s), {self.cached} from the cache ({self.cache})")

    def on_build_error(self, *, error: Exception) -> None:
        self.workers.close()

    # -- the fences -------------------------------------------------------------------------
    def _format(self, source: str, language: str, class_name: str, options: dict[str, str], md: Any, **kwargs: Any) -> str:
        """Superfences calls this for each fence, in the page's order."""
        self.counter += 1
        number = self.counter
        line = self._line_of(number, language)
        page_path = self.page.file.src_path if self.page else "<page>"
        try:
            return self._render(source, language, options, number)
        except Exception as error:
            self.errors.append(fence_problem(error, page_path, line, language))
        return '<div class="tracer-error">This tree could not be traced.</div>'

    def _line_of(self, number: int, language: str) -> int:
        same = [line for name, line, _ in self.fence_lines if name == language]
        fences = [line for _, line, _ in self.fence_lines]
        if len(fences) >= number:
            return fences[number - 1]
        return same[-1] if same else 0

    def _cache_key(self, language: str, source: str, options: dict[str, str], page_dir: FilePath) -> str:
        """The render cache's key: the fence, its body (or its file's text), options (its language among them), tracer's code."""

        body = source
        if language == "gametree":
            fence = read_fence_options(options)
            if fence.file:
                path = resolve_file(fence.file, page_dir, self.docs_dir)
                body = f"file:{path.relative_to(self.docs_dir)}\n" + path.read_text(encoding="utf-8")
        return hashlib.sha256(
            json.dumps(
                {"fence": language, "body": body, "options": dict(sorted(options.items())), "tracer": self.fingerprint, "theme": self.config.theme},
                sort_keys=True,
            ).encode()
        ).hexdigest()

    def _cached(self, key: str) -> FilePath:
        return self.cache / key[:2] / f"{key}.html"

    def _render(self, source: str, language: str, options: dict[str, str], number: int) -> str:

        options = {**options, "lang": fence_language(options) or self.language}
        fence = read_fence_options(options) if language == "gametree" else None
        page_dir = (self.docs_dir / self.page.file.src_path).parent if self.page else self.docs_dir
        key = self._cache_key(language, source, options, page_dir)
        cached = self._cached(key)
        anchor = (fence.anchor if fence is not None and fence.anchor else None) or f"{'practice' if language != 'gametree' else 'tree'}-{number}"
        if key in self.workers and not cached.is_file():
            # a worker is drawing it: its slot is filled when the page is written (on_post_page),
            # so that the page's Markdown and theme are done meanwhile
            marker = self._marker(key, anchor)
            self.slots[marker] = Pending(key, anchor, (language, source, options, str(page_dir), str(self.docs_dir), self.config.theme),
                                          self._line_of(number, language))
            return marker
        if cached.is_file():
            if key not in self.workers:  # else a worker drew it in this build, and it was counted then
                self.cached += 1
            html = cached.read_text(encoding="utf-8")
        else:
            html = render_fence((language, source, options, str(page_dir), str(self.docs_dir), self.config.theme))
            _write_cache(self.cache, cached, html)
            self.rendered += 1
        marker = self._marker(key, anchor)
        self.slots[marker] = html.replace(_ID_TOKEN, anchor)
        return marker

    def _marker(self, key: str, anchor: str) -> str:
        return f"<!--tracer-slot:{hashlib.sha256(f'{key}/{anchor}/{len(self.slots)}'.encode()).hexdigest()[:20]}-->"

    def _collect(self, pending: Pending, page: Page) -> str:
        """A worker's HTML for a slot (drawn here when the worker could not: its error fails the build)."""
        cached = self._cached(pending.key)
        if cached.is_file():
            html = cached.read_text(encoding="utf-8")
        else:
            drawn = self.workers.result(pending.key)
            if drawn is not None:
                self.prerendered.add(pending.key)
                html = drawn
            else:
                try:
                    html = render_fence(pending.job)
                except Exception as error:
                    raise PluginError(fence_problem(error, page.file.src_path, pending.line, pending.job[0])) from None
            _write_cache(self.cache, cached, html)
            self.rendered += 1
        return html.replace(_ID_TOKEN, pending.anchor)

    def _prerender(self, files: Files) -> None:
        """Hand every fence missing from the cache to the workers (:mod:`tracer.docsite.workers`),
        which draw them while the pages are built; a fence that fails there is left to the page's
        own build, which reports it."""
        jobs: list[tuple[str, tuple[Any, ...]]] = []
        for file in files.documentation_pages():
            page_dir = (self.docs_dir / file.src_path).parent
            page_language = self.languages.of(file.src_path)
            try:
                text = file.content_string
            except (OSError, UnicodeDecodeError):
                continue
            for language, options, body in _scan_fences(text):
                try:
                    options = {**options, "lang": fence_language(options) or page_language}
                    key = self._cache_key(language, body, options, page_dir)
                except (TracerError, OSError):
                    continue
                if not self._cached(key).is_file():
                    jobs.append((key, (language, body, options, str(page_dir), str(self.docs_dir), self.config.theme)))
        self.workers.start(list(dict(jobs).items()), render_fence)


def render_fence(job: tuple[Any, ...]) -> str:
    """The HTML of one fence: (language, body, options, page folder, docs folder, theme), in the options' ``lang``."""
    language, source, options, page_dir, docs_dir, theme = job
    with use_language(options.get("lang")):
        if language == "gametree":
            from tracer.docsite.stepper import stepper_html

            return stepper_html(
                source, read_fence_options(options), id_token=_ID_TOKEN, page_dir=FilePath(page_dir), docs_dir=FilePath(docs_dir), theme=theme
            )
        from tracer.docsite.practice import practice_html

        return practice_html(options, id_token=_ID_TOKEN, theme=theme)


_ANY_FENCE = re.compile(r"^(?P<indent>[ \t>]*)(?P<fence>`{3,}|~{3,})(?P<info>[^\n]*)$")


def _tracer_fences(lines: list[str]) -> list[tuple[int, re.Match[str], int]]:
    """(opening line index, its match, closing line index) of each tracer fence.

    Fences inside other fenced blocks (say, an example in a ````markdown block) are
    text, not trees, and are skipped, as superfences skips them.
    """
    found = []
    index = 0
    while index < len(lines):
        line = lines[index]
        start = _ANY_FENCE.match(line)
        if start is None:
            index += 1
            continue
        fence = start.group("fence")
        close = index + 1
        while close < len(lines):
            end = _ANY_FENCE.match(lines[close])
            if end is not None and end.group("fence")[0] == fence[0] and len(end.group("fence")) >= len(fence) and not end.group("info").strip():
                break
            close += 1
        tracer = _FENCE_START.match(line)
        if tracer is not None:
            found.append((index, tracer, close))
        index = close + 1
    return found


def _scan_fences(markdown: str) -> list[tuple[str, dict[str, str], str]]:
    """(name, options, body) of each tracer fence, read as the page's build will read it."""
    lines = markdown.split("\n")
    found = []
    for opening, match, closing in _tracer_fences(lines):
        pairs = _read_options(match.group("options").strip().rstrip("}").strip()) or []
        options = {key: value for key, value in pairs}
        indent = len(match.group("indent"))
        body = [line[indent:] if line[:indent].strip() == "" else line for line in lines[opening + 1 : closing]]
        found.append((match.group("name"), options, "\n".join(body)))
    return found


def _accept_options(language: str, inputs: dict[str, str], options: dict[str, str], attrs: dict[str, str], md: Any) -> bool:
    """Superfences validator: keep every key=value given after the fence's name (see _normalise_fences)."""
    options.update({key.replace("_", "-"): value for key, value in inputs.items()})
    return True


_OPTION = re.compile(r"""\s*(?P<key>[A-Za-z][\w-]*)(?:=(?:"(?P<dq>[^"]*)"|'(?P<sq>[^']*)'|(?P<bare>[^\s"']+)))?(?=\s|$)""")


def _read_options(text: str) -> list[tuple[str, str]] | None:
    """``key=value`` pairs as authors write them (quotes optional; a bare key means true); None if unreadable."""
    pairs = []
    position = 0
    while position < len(text):
        option = _OPTION.match(text, position)
        if option is None:
            return None
        value = next((v for v in (option.group("dq"), option.group("sq"), option.group("bare")) if v is not None), "true")
        pairs.append((option.group("key"), value))
        position = option.end()
    return pairs


def _normalise_fences(markdown: str, page: str, offset: int, errors: list[str]) -> str:
    """Rewrite each tracer fence's options in the form superfences reads.

    Authors write options as on the command line (``prune-on-equal=false
    file=trees/t.yaml``); superfences only reads ``key="value"`` with keys of letters,
    digits and underscores, so hyphens become underscores (turned back by the
    validator) and every value is quoted. A flag without a value means true.
    """
    lines = markdown.split("\n")
    for number, match, _ in _tracer_fences(lines):
        text = match.group("options").strip().rstrip("}").strip()
        pairs = _read_options(text)
        if pairs is None:
            errors.append(
                f"{page}:{number + 1 + offset}: {match.group('name')} fence: cannot read the options {text!r}; "
                'write key=value pairs such as algorithm=minimax or title="My tree"'
            )
            pairs = []
        parts = []
        for key, value in pairs:
            quote = "'" if '"' in value else '"'
            parts.append(f"{key.replace('-', '_')}={quote}{value}{quote}")
        lines[number] = f"{match.group('indent')}{match.group('fence')}{match.group('name')}" + "".join(" " + part for part in parts)
    return "\n".join(lines)


def _find_fences(markdown: str) -> list[tuple[str, int, str]]:
    """(fence name, 1-based line, options text) of every tracer fence, in order."""
    return [(match.group("name"), number + 1, match.group("options")) for number, match, _ in _tracer_fences(markdown.split("\n"))]


def _code_fingerprint() -> str:
    """tracer's version and a digest of its code, assets and compiled catalogues, so any
    change to how trees are drawn or worded invalidates the cache, even between releases."""
    digest = hashlib.sha256(__version__.encode())
    package = FilePath(__file__).resolve().parent.parent
    for path in sorted(package.rglob("*")):
        if path.suffix in (".py", ".js", ".css", ".json", ".j2", ".html", ".mo") and path.is_file():
            digest.update(str(path.relative_to(package)).encode())
            digest.update(path.read_bytes())
    return f"{__version__}+{digest.hexdigest()[:16]}"


def _write_cache(cache: FilePath, target: FilePath, html: str) -> None:
    """``html`` into the cache file ``target``, only inside ``cache`` (a link in it is not written through)."""
    from tracer.errors import OutputError
    from tracer.files import atomic_write

    try:
        atomic_write(target, lambda file: file.write(html), root=cache)
    except (OSError, OutputError) as error:  # a read-only cache only costs time
        log.warning(f"cannot write the render cache ({error}); trees will be traced again next build")
