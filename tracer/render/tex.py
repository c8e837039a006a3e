r"""Text as LaTeX that prints it: the one place tracer escapes text for TeX.

Two escapers, for two kinds of document:

* :func:`tex_escape`: the exercise sheets and keys and their TikZ figures (UTF-8
  documents: every character passes but TeX's special ones, and a few symbols become
  maths);
* :func:`latex_escape`: Beamer's speaker notes in ``frames.tex``, which go into any
  document with pdfLaTeX's default fonts (characters they cannot print are reduced
  to their unaccented form, or ``?``).

>>> print(tex_escape("50% & x_1 <= 2 {#} ≤ ∞ ~ \\"))
50\% \& x\_1 \textless{}= 2 \{\#\} $\le$ $\infty$ \textasciitilde{} \textbackslash{}
>>> latex_escape(r'50% of {x_1} & "y" \ <z>')
'50\\% of \\{x\\_1\\} \\& "y" \\textbackslash{} \\textless{}z\\textgreater{}'
>>> print(latex_escape("Adım: düğüm, İş"))
Ad{\i}m: dü\u{g}üm, \.{I}\c{s}
"""

from __future__ import annotations

import unicodedata
from typing import Any

__all__ = ["latex_escape", "tex_escape"]

_TEX = {
    "\\": r"\textbackslash{}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "{": r"\{",
    "}": r"\}",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
    "<": r"\textless{}",
    ">": r"\textgreater{}",
    "|": r"\textbar{}",
    "≤": r"$\le$",
    "≥": r"$\ge$",
    "∞": r"$\infty$",
    "×": r"$\times$",
    "α": r"$\alpha$",
    "β": r"$\beta$",
    "−": "-",
    "–": "--",
    "—": "---",
    "\u00a0": "~",
}


def tex_escape(text: Any) -> str:
    """Text made safe for LaTeX: special characters escaped, a few symbols as math."""
    return "".join(_TEX.get(char, char) for char in str(text))


_SPECIAL = {
    "\\": r"\textbackslash{}",
    "{": r"\{",
    "}": r"\}",
    "$": r"\$",
    "&": r"\&",
    "%": r"\%",
    "#": r"\#",
    "_": r"\_",
    "^": r"\textasciicircum{}",
    "~": r"\textasciitilde{}",
    "<": r"\textless{}",
    ">": r"\textgreater{}",
    "|": r"\textbar{}",
}
_SYMBOLS = {"≤": r"$\leq$", "≥": r"$\geq$", "∞": r"$\infty$", "−": "-", "α": r"$\alpha$", "β": r"$\beta$", "·": r"\textperiodcentered{}"}
# Letters past Latin-1 that a language tracer writes in needs (Turkish), as LaTeX's accent
# commands, which print in the default (OT1) fonts as in T1 and need no package.
_LETTERS = {"ğ": r"\u{g}", "Ğ": r"\u{G}", "ş": r"\c{s}", "Ş": r"\c{S}", "ı": r"{\i}", "İ": r"\.{I}"}


def latex_escape(text: str) -> str:
    """``text`` as LaTeX that prints it, with pdfLaTeX's default fonts.

    TeX's special characters are escaped; accented Latin letters pass through (LaTeX
    reads UTF-8); Turkish ğ ş ı İ become accent commands (``\\u{g}``, ``\\c{s}``, ``{\\i}``, ``\\.{I}``);
    a few maths symbols become maths; other characters the default fonts
    cannot print become their unaccented form, or ``?``.
    """
    out = []
    for char in text:
        if char in _SPECIAL:
            out.append(_SPECIAL[char])
        elif char in _SYMBOLS:
            out.append(_SYMBOLS[char])
        elif char in _LETTERS:
            out.append(_LETTERS[char])
        elif ord(char) < 128:
            out.append(char if char.isprintable() or char == " " else " ")
        elif ord(char) < 256 and char.isprintable():
            out.append(char)
        else:
            plain = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode("ascii")
            out.append("".join(_SPECIAL.get(c, c) for c in plain) if plain else "?")
    return "".join(out)
