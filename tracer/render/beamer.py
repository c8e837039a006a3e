r"""Beamer overlays: ``frames.tex`` shows one PDF per step on successive slides.

Inside a Beamer frame, ``\input{DIR/frames.tex}`` gives one slide per chosen step
(``--steps``, ``key`` included) and then one of the final figure: each figure is
``\includegraphics<n>{...}`` (shown on slide n only, all in the same place),
and each step's caption goes into the speaker notes (``\note<n>{...}``; the figure
prints it too, unless drawn with ``--no-caption``). The folder is ``\tracerframesdir``, defined to the folder
as it was given to tracer; define it yourself before ``\input`` when the document is
compiled from elsewhere.

Captions are escaped with :func:`~tracer.render.tex.latex_escape`.
"""

from __future__ import annotations

from collections.abc import Sequence

from tracer.render.tex import latex_escape
from tracer.words import say

__all__ = ["frames_tex"]


def _folder(path: str) -> str:
    folder = path.replace("\\", "/").rstrip("/") + "/"
    return folder


def frames_tex(frames: Sequence[tuple[int | None, str, str]], folder: str) -> str:
    """The overlay snippet for ``frames`` (step, PDF file name, caption) in ``folder``; a
    step of None is the final figure (its note is its caption alone)."""
    safe = all(c.isalnum() or c in "._/-" for c in _folder(folder))
    lines = [
        "% " + say("beamer.use", "tracer: one slide per step of the search. Use inside a Beamer frame:"),
        "%   \\begin{frame}{" + say("beamer.frame_title", "Alpha-beta, step by step") + "}",
        "%     \\input{" + _folder(folder) + "frames.tex}",
        "%   \\end{frame}",
    ]
    where = say("beamer.where", "The figures are looked for in \\tracerframesdir; define it before \\input if you\n"
                                "compile from another folder. Captions are in the speaker notes.")
    lines += ["% " + line for line in where.splitlines()]
    if not safe:
        lines.append("% " + say("beamer.detokenize", "(This folder's name has characters TeX treats specially: \\detokenize keeps them as they are.)"))
    lines.append("\\providecommand{\\tracerframesdir}{" + (_folder(folder) if safe else "\\detokenize{" + _folder(folder) + "}") + "}%")
    lines.append("\\begin{center}%")
    for slide, (_step, name, _caption) in enumerate(frames, start=1):
        lines.append(
            f"\\includegraphics<{slide}>[width=\\linewidth,height=0.8\\textheight,keepaspectratio]{{\\tracerframesdir {name}}}%"
        )
    lines.append("\\end{center}%")
    for slide, (step, _name, caption) in enumerate(frames, start=1):
        note = caption if step is None else say("beamer.note", "Step {step}: {caption}", step=step, caption=caption)
        lines.append(f"\\note<{slide}>{{{latex_escape(note)}}}%")
    return "\n".join(lines) + "\n"
