r"""The little markup of sheet and key sentences, so that one sentence serves Markdown, HTML and LaTeX.

Sentences on sheets and keys are written once, through :func:`tracer.words.say`, and
rendered in three formats. The few that need more than text mark it as Markdown would:
```` `code` ```` (what a student types, a file name), ``**bold**`` (an answer) and
``[text](address)`` (a link). A backslash makes the next character plain, and
:func:`literal` puts it before the markup characters of text that comes from outside
(an exercise's title), so that a title such as ``Q*1`` stays text.

>>> spans("Fill in `answer-template.yaml` and see [steps.html](steps.html).")
[('text', 'Fill in '), ('code', 'answer-template.yaml'), ('text', ' and see '), ('link', 'steps.html', 'steps.html'), ('text', '.')]
>>> render(literal("Q*1 [x]") + " **3** `a`", escape=str.upper, code="<{}>".format, bold="!{}!".format)
'Q*1 [X] !3! <a>'
"""

from __future__ import annotations

import re
from collections.abc import Callable

__all__ = ["literal", "plain", "render", "spans"]

_MARKUP = re.compile(r"\\(.)|`([^`]*)`|\*\*((?:\\.|[^*\\])+)\*\*|\[((?:\\.|[^\]\\])+)\]\(([^)\s]+)\)")
_SPECIAL = re.compile(r"([\\`*\[\]])")
_ESCAPED = re.compile(r"\\(.)")


def literal(text: object) -> str:
    """``text`` with a backslash before each markup character, so that it renders as written."""
    return _SPECIAL.sub(r"\\\1", str(text))


def spans(text: str) -> list[tuple[str, ...]]:
    """The sentence cut into ``("text", t)``, ``("code", t)``, ``("bold", t)`` and ``("link", text, address)``."""
    out: list[tuple[str, ...]] = []
    plain_text: list[str] = []
    position = 0

    def flush() -> None:
        if plain_text:
            out.append(("text", "".join(plain_text)))
            plain_text.clear()

    for match in _MARKUP.finditer(text):
        plain_text.append(text[position : match.start()])
        position = match.end()
        escaped, code, bold, link_text, address = match.groups()
        if escaped is not None:
            plain_text.append(escaped)
            continue
        flush()
        if code is not None:
            out.append(("code", code))
        elif bold is not None:
            out.append(("bold", _ESCAPED.sub(r"\1", bold)))
        else:
            out.append(("link", _ESCAPED.sub(r"\1", link_text), address))
    plain_text.append(text[position:])
    flush()
    return out


def render(
    text: str,
    *,
    escape: Callable[[str], str],
    code: Callable[[str], str],
    bold: Callable[[str], str],
    link: Callable[[str, str], str] | None = None,
) -> str:
    """The sentence in one format: ``escape`` for text; ``code``, ``bold`` and ``link`` get their text as written
    (each escapes it as its format needs: Markdown leaves code as it is)."""
    parts = []
    for kind, *rest in spans(text):
        if kind == "text":
            parts.append(escape(rest[0]))
        elif kind == "code":
            parts.append(code(rest[0]))
        elif kind == "bold":
            parts.append(bold(rest[0]))
        else:
            label, address = rest
            parts.append(link(label, address) if link is not None else escape(label))
    return "".join(parts)


def plain(text: str) -> str:
    """The sentence without its markup: ``exercise `ex1-3f9c``` -> ``exercise ex1-3f9c``."""
    return render(text, escape=lambda t: t, code=lambda t: t, bold=lambda t: t)
