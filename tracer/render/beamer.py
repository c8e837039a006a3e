r"""Beamer overlays: ``frames.tex`` shows one PDF per step on successive slides.

Inside a Beamer frame, ``\input{DIR/frames.tex}`` gives one slide per step: each
figure is ``\includegraphics<n>{...}`` (shown on slide n only, all in the same place),
and each step's caption goes into the speaker notes (``\note<n>{...}``), since the
figure already prints it. The folder is ``\tracerframesdir``, defined to the folder
as it was given to tracer; define it yourself before ``\input`` when the document is
compiled from elsewhere.

>>> latex_escape(r'50% of {x_1} & "y" \ <z>')
'50\\% of \\{x\\_1\\} \\& "y" \\textbackslash{} \\textless{}z\\textgreater{}'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

__all__ = ["frames_tex", "latex_escape"]

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


def latex_escape(text: str) -> str:
    """``text`` as LaTeX that prints it, with pdfLaTeX's default fonts.

    TeX's special characters are escaped; accented Latin letters pass through (LaTeX
    reads UTF-8); a few maths symbols become maths; other characters the default fonts
    cannot print become their unaccented form, or ``?``.
    """
    out = []
    for char in text:
        if char in _SPECIAL:
            out.append(_SPECIAL[char])
        elif char in _SYMBOLS:
            out.append(_SYMBOLS[char])
        elif ord(char) < 128:
            out.append(char if char.isprintable() or char == " " else " ")
        elif ord(char) < 256 and char.isprintable():
            out.append(char)
        else:
            plain = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode("ascii")
            out.append("".join(_SPECIAL.get(c, c) for c in plain) if plain else "?")
    return "".join(out)


def _folder(path: str) -> str:
    folder = path.replace("\\", "/").rstrip("/") + "/"
    return folder


def frames_tex(frames: Sequence[tuple[int, str, str]], folder: str) -> str:
    """The overlay snippet for ``frames`` (step, PDF file name, caption) in ``folder``."""
    safe = all(c.isalnum() or c in "._/-" for c in _folder(folder))
    lines = [
        "% tracer: one slide per step of the search. Use inside a Beamer frame:",
        "%   \\begin{frame}{Alpha-beta, step by step}",
        "%     \\input{" + _folder(folder) + "frames.tex}",
        "%   \\end{frame}",
        "% The figures are looked for in \\tracerframesdir; define it before \\input if you",
        "% compile from another folder. Captions are in the speaker notes.",
    ]
    if not safe:
        lines.append("% (This folder's name has characters TeX treats specially: \\detokenize keeps them as they are.)")
    lines.append("\\providecommand{\\tracerframesdir}{" + (_folder(folder) if safe else "\\detokenize{" + _folder(folder) + "}") + "}%")
    lines.append("\\begin{center}%")
    for slide, (_step, name, _caption) in enumerate(frames, start=1):
        lines.append(
            f"\\includegraphics<{slide}>[width=\\linewidth,height=0.8\\textheight,keepaspectratio]{{\\tracerframesdir {name}}}%"
        )
    lines.append("\\end{center}%")
    for slide, (step, _name, caption) in enumerate(frames, start=1):
        lines.append(f"\\note<{slide}>{{Step {step}: {latex_escape(caption)}}}%")
    return "\n".join(lines) + "\n"
