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


def _code_points(spec: str) -> frozenset[str]:
    points: set[str] = set()
    for part in spec.split():
        low, _, high = part.partition("-")
        points.update(chr(c) for c in range(int(low, 16), int(high or low, 16) + 1))
    return frozenset(points)


PDFLATEX_PRINTS = _code_points(
    # LaTeX's UTF-8 input with the T1 fonts (t1enc.dfu) and the text companion symbols (ts1enc.dfu)
    "20-7E A0-FF 100-125 128-137 139-13E 141-148 14A-17E 192 1C4-1D4 1E2-1E3 1E6-1EB 1F0 1F4-1F5 218-21B 232-233 237 "
    "2C6-2C7 2D8-2D9 2DB-2DD 1E02-1E03 1E0D 1E1E-1E21 1E25 1E30-1E31 1E37 1E43 1E45 1E47 1E5B 1E63 1E6D 1E8E-1E91 1E9E "
    "1EF2-1EF3 2010-2016 2018-201A 201C-201E 2020-2022 2026 2030-2031 2039-203B 203D 2044 204E 2052 20A1 20A4 20A6 20A9 "
    "20AB 20AC 20B1 2103 2116-2117 211E 2120 2122 2126-2127 212E 2190-2193 2329-232A 2422-2423 25E6 25EF 266A 27E8-27E9 "
    "3008-3009 FB00-FB06"
)
"""The characters pdfLaTeX prints with the sheets' preamble (``fontenc`` T1, UTF-8 input):
LaTeX's own tables of what each font encoding holds, listed here so that the output does
not depend on the machine."""

_ROMAN = dict(zip(
    "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯІЇЄҐабвгдеёжзийклмнопрстуфхцчшщъыьэюяіїєґ"
    "ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩαβγδεζηθικλμνξοπρσςτυφχψω",
    "A B V G D E E Zh Z I I K L M N O P R S T U F Kh Ts Ch Sh Shch Ie Y _ E Iu Ia I I Ie G "
    "a b v g d e e zh z i i k l m n o p r s t u f kh ts ch sh shch ie y _ e iu ia i i ie g "
    "A V G D E Z I Th I K L M N X O P R S T Y F Ch Ps O a v g d e z i th i k l m n x o p r s s t y f ch ps o".split(),
))
"""Cyrillic (ICAO 9303, the romanisation of passports) and Greek (ELOT 743) letters in Latin:
pdfLaTeX's T1 fonts hold neither alphabet (``_``: a soft sign, left out)."""
_GREEK_NOTATION = frozenset("αβ")


def tex_escape(text: Any) -> str:
    r"""Text made safe for LaTeX: special characters escaped, a few symbols as math, and any
    Unicode text turned into something pdfLaTeX prints with the T1 fonts.

    Letters LaTeX's fonts hold pass through; Cyrillic and Greek names are romanised
    (``Дмитрий`` -> ``Dmitrii``); other characters become their unaccented form where they
    have one (``ǹ`` -> ``n``), else their code points in a box (``李雷`` -> ``[U+674E U+96F7]``);
    bidirectional controls and other invisible format characters are dropped.

    >>> print(tex_escape("Дмитрий, Αλέξανδρος, 李雷 😀 \u202eok"))
    Dmitrii, Alexandros, \textsf{[U+674E U+96F7]} \textsf{[U+1F600]} ok
    """
    text = unicodedata.normalize("NFC", str(text))
    greek_name = any(char in _ROMAN and char not in _GREEK_NOTATION and "\u0370" <= char <= "\u03ff" for char in text)
    out: list[str] = []
    unknown: list[str] = []

    def flush() -> None:
        if unknown:
            out.append(r"\textsf{[" + " ".join(f"U+{ord(char):04X}" for char in unknown) + "]}")
            unknown.clear()

    for char in text:
        if char in _TEX and not (greek_name and char in _GREEK_NOTATION):
            flush()
            out.append(_TEX[char])
        elif char in PDFLATEX_PRINTS:
            flush()
            out.append(char)
        elif char in _ROMAN or unicodedata.normalize("NFD", char)[0] in _ROMAN:  # ά: α with an accent
            flush()
            out.append(_ROMAN.get(char, _ROMAN[unicodedata.normalize("NFD", char)[0]]).replace("_", ""))
        elif unicodedata.category(char) in ("Cf", "Cc", "Mn", "Me", "Cs") or char in "\ufe0e\ufe0f":
            continue  # invisible: direction controls, joiners, variation selectors, loose accents
        else:
            plain = "".join(c for c in unicodedata.normalize("NFKD", char) if c in PDFLATEX_PRINTS and c not in _TEX)
            if plain.strip():
                flush()
                out.append(plain)
            elif char.isspace():
                flush()
                out.append(" ")
            else:
                unknown.append(char)
    flush()
    return "".join(out)


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
        elif unicodedata.category(char) in ("Cf", "Mn", "Me"):
            continue  # invisible: direction controls (a right-to-left override), joiners, loose accents
        else:
            plain = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode("ascii")
            out.append("".join(_SPECIAL.get(c, c) for c in plain) if plain else "?")
    return "".join(out)
