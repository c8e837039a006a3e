"""Writing a trace's figures into a folder: what ``tracer render`` does.

:func:`render_to_directory` writes ``step-0000.svg`` ... (one per chosen step, numbered
with enough digits to sort), ``final.svg``, ``manifest.json`` and, on request, PNG and
PDF of each, ``index.html`` (a player) and ``frames.tex`` (Beamer overlays). Every file
is written atomically and only inside the folder; files a previous run listed in its
manifest and this run does not write again are removed, so the folder never mixes two
renders. Nothing written depends on the clock: the same input gives the same bytes.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path as FilePath
from typing import Any

from tracer.errors import InputError
from tracer.files import atomic_write, make_folder
from tracer.render.errors import FigureTooLarge
from tracer.render.figure import Figure
from tracer.trace.model import Trace
from tracer.words import say

__all__ = ["MAX_FRAMES", "RenderResult", "parse_steps", "render_to_directory"]

MAX_FRAMES = 5000
"""Most frames one render writes; more ask for --steps every:N or a range."""
FORMATS = ("svg", "png", "pdf")


def parse_steps(text: str, total: int) -> list[int] | None:
    """The steps ``--steps`` names, in order (None for ``final``: no step frames).

    ``all`` (0..total), ``final``, ``FROM-TO`` (inclusive, clipped to the trace), ``every:N``
    (0, N, 2N, ... and always the last step), or a single step number.

    >>> parse_steps("every:20", 45)
    [0, 20, 40, 45]
    >>> parse_steps("3-5", 45)
    [3, 4, 5]
    """
    spec = text.strip().lower()
    hint = "use all, final, FROM-TO (e.g. 10-20), every:N (e.g. every:5) or one step number"
    if spec == "all":
        return list(range(total + 1))
    if spec == "final":
        return None
    match = re.fullmatch(r"every:(\d+)", spec)
    if match:
        every = int(match.group(1))
        if every < 1:
            raise InputError("--steps every:N needs N of 1 or more", hint=hint)
        steps = list(range(0, total + 1, every))
        if steps[-1] != total:
            steps.append(total)
        return steps
    match = re.fullmatch(r"(\d+)\s*-\s*(\d+)", spec)
    if match:
        first, last = int(match.group(1)), int(match.group(2))
        if first > last:
            raise InputError(f"--steps {text}: the first step is after the last", hint=hint)
        if first > total:
            raise InputError(f"--steps {text}: the trace has only steps 0 to {total}", hint=hint)
        return list(range(first, min(last, total) + 1))
    if re.fullmatch(r"\d+", spec):
        step = int(spec)
        if step > total:
            raise InputError(f"--steps {text}: the trace has only steps 0 to {total}", hint=hint)
        return [step]
    raise InputError(f"--steps {text!r} is not understood", hint=hint)


def parse_formats(text: str) -> list[str]:
    """``svg,png,pdf`` -> the formats, SVG always included (the player and manifest read it)."""
    names = [part.strip().lower() for part in text.split(",") if part.strip()]
    for name in names:
        if name not in FORMATS:
            raise InputError(f"unknown format {name!r}", hint="use svg, png or pdf, separated by commas")
    return ["svg"] + [name for name in FORMATS[1:] if name in names]


@dataclass
class RenderResult:
    folder: FilePath
    files: list[str] = field(default_factory=list)
    frames: int = 0
    notes: list[str] = field(default_factory=list)


def frame_name(step: int, total: int, ext: str) -> str:
    digits = max(4, len(str(total)))
    return f"step-{step:0{digits}d}.{ext}"


def render_to_directory(
    trace: Trace,
    folder: str | FilePath,
    *,
    steps: str = "all",
    formats: Sequence[str] = ("svg",),
    html: bool = False,
    beamer: bool = False,
    theme: str = "light",
    labels: str = "letters",
    max_depth: int | None = None,
    collapse: bool | str = "auto",
    order_numbers: bool = False,
    max_frames: int = MAX_FRAMES,
    progress: Callable[[str, int], Any] | None = None,
) -> RenderResult:
    """Write the figures of ``trace`` into ``folder`` (created if missing).

    ``progress(label, total)`` returns a context manager with ``update(n)``, such as
    ``click.progressbar``; None shows nothing.
    """
    out = FilePath(folder)
    if out.exists() and not out.is_dir():
        raise InputError(f"{out} is a file, not a folder", hint="name a folder for the figures with -o")
    total = len(trace.raw_events)
    chosen = parse_steps(steps, total)
    if chosen is not None and len(chosen) > max_frames:
        raise FigureTooLarge(
            f"the trace has {total + 1:,} steps, more frames than the {max_frames:,} one render writes",
            hint=f"choose fewer with --steps every:{-(-len(chosen) // max_frames)}, a range such as --steps 0-200, or --steps final",
        )
    if html and chosen is None and total + 1 > max_frames:  # --steps final: the player still shows every step
        raise FigureTooLarge(
            f"the trace has {total + 1:,} steps, more than the {max_frames:,} an HTML player holds",
            hint=f"choose the player's steps with --steps every:{-(-(total + 1) // max_frames)} or a range such as --steps 0-200",
        )
    formats = list(formats)
    if beamer and "pdf" not in formats:
        formats.append("pdf")
    figure = Figure(trace, theme=theme, labels=labels, max_depth=max_depth, collapse=collapse, order_numbers=order_numbers)
    result = RenderResult(folder=out, notes=list(figure.plan.notes))
    make_folder(out)
    previous = _previous_files(out)
    written: list[str] = []

    def write_text(name: str, text: str) -> None:
        atomic_write(out / name, lambda file: file.write(text))
        written.append(name)

    def write_bytes(name: str, data: bytes) -> None:
        atomic_write(out / name, lambda file: file.write(data), mode="wb")
        written.append(name)

    captions = figure.captions()
    frames_meta: list[dict[str, Any]] = []
    steps_list = chosen or []
    with _bar(progress, say("render.progress.frames", "frames"), len(steps_list)) as advance:
        for step, svg in figure.frames(steps_list) if steps_list else ():
            name = frame_name(step, total, "svg")
            write_text(name, svg)
            entry: dict[str, Any] = {"step": step, "file": name, "caption": captions[step]}
            frames_meta.append(entry)
            if advance is not None:
                advance(1)
    final = figure.final()
    write_text("final.svg", final)
    result.frames = len(frames_meta)

    extra = [fmt for fmt in formats if fmt != "svg"]
    if extra:
        from tracer.render.exports import picture_dot, render_pictures

        def pictures() -> Any:
            for step, height, groups in figure.pictures(steps_list) if steps_list else ():
                yield frame_name(step, total, ""), picture_dot(figure.width, height, groups, theme)
            height, groups = figure.final_picture()
            yield "final.", picture_dot(figure.width, height, groups, theme)

        def write_export(stem: str, fmt: str, data: bytes) -> None:
            write_bytes(stem + fmt, data)

        with _bar(progress, " + ".join(fmt.upper() for fmt in extra), len(steps_list) + 1) as advance:
            render_pictures(pictures(), extra, write_export, workdir=out, progress=advance)
        for entry in frames_meta:
            entry["files"] = {fmt: frame_name(entry["step"], total, fmt) for fmt in extra}

    if html:
        from tracer.render.html_player import player_html

        # the player walks every step of the trace: a bar where that takes seconds
        with _bar(progress if total > 100_000 else None, say("render.progress.player", "HTML player"), total) as advance:
            write_text("index.html", player_html(figure, steps=chosen, progress=advance))
    if beamer:
        from tracer.render.beamer import frames_tex

        pdfs = [(entry["step"], frame_name(entry["step"], total, "pdf"), entry["caption"]) for entry in frames_meta]
        if not pdfs:
            pdfs = [(total, "final.pdf", figure.final_caption())]
        write_text("frames.tex", frames_tex(pdfs, str(folder)))

    manifest = _manifest(trace, figure, frames_meta, formats, html, beamer, total)
    written.append("manifest.json")
    for name in previous - set(written):
        stale = out / name
        if stale.is_file() and _ours(name):
            stale.unlink()
    atomic_write(out / "manifest.json", lambda file: file.write(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n"))
    result.files = written
    return result


@contextmanager
def _bar(progress: Callable[[str, int], Any] | None, label: str, total: int) -> Iterator[Callable[[int], Any] | None]:
    """A progress bar's update function (None when there is no bar or nothing to count)."""
    if progress is None or total <= 0:
        yield None
        return
    with progress(label, total) as bar:
        yield bar.update


def _ours(name: str) -> bool:
    """Names this module writes (nothing else is ever removed)."""
    return bool(re.fullmatch(r"(step-\d+|final)\.(svg|png|pdf)|index\.html|frames\.tex", name))


def _previous_files(folder: FilePath) -> set[str]:
    manifest = folder / "manifest.json"
    try:
        data = json.loads(manifest.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return set()
    if not isinstance(data, dict) or data.get("format") != "tracer-frames":
        return set()
    return {name for name in data.get("files", []) if isinstance(name, str) and "/" not in name and "\\" not in name}


def _manifest(
    trace: Trace, figure: Figure, frames: list[dict[str, Any]], formats: Sequence[str], html: bool, beamer: bool, total: int
) -> dict[str, Any]:
    from tracer.trace.io import trace_header

    header = trace_header(trace)
    files = [entry["file"] for entry in frames]
    for entry in frames:
        files.extend(entry.get("files", {}).values())
    files.append("final.svg")
    files.extend(f"final.{fmt}" for fmt in formats if fmt != "svg")
    if html:
        files.append("index.html")
    if beamer:
        files.append("frames.tex")
    return {
        "format": "tracer-frames",
        "version": 1,
        "source": header["source"],
        "settings": header["settings"],
        "steps": total,
        "canvas": {"width": round(figure.width, 2), "height": round(figure.height, 2), "unit": "pt"},
        "theme": figure.theme,
        "labels": figure.labels,
        "left_out": figure.plan.notes,
        "frames": frames,
        "final": {"file": "final.svg", "caption": figure.final_caption()},
        "files": files,
    }
