"""Writing a trace's figures into a folder: what ``tracer render`` does.

:func:`render_to_directory` writes ``step-0000.svg`` ... (one per chosen step, numbered
with enough digits to sort), ``final.svg``, ``manifest.json`` and, on request, PNG,
PDF and DOT of each, ``storyboard.svg`` (the chosen steps as lettered panels),
``index.html`` (a player) and ``frames.tex`` (Beamer overlays, the final figure last). Every file
is written atomically and only inside the folder (never through a symbolic link in it); the
manifest keeps each file's SHA-256, and files a previous run wrote and this run does not
write again are removed when they still hold those bytes (a file changed since is left, and
said), so the folder never mixes two renders. Two renders into one folder at once: the
second is refused (:func:`tracer.files.folder_lock`). Nothing written depends on the clock:
the same input gives the same bytes.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path as FilePath
from typing import Any

from tracer.errors import InputError, Option
from tracer.files import atomic_write, folder_lock, inside, make_folder, named
from tracer.render.errors import FigureTooLarge
from tracer.render.figure import Figure
from tracer.render.manifest import digest, previous_files, remove_stale
from tracer.render.steps import every_that_fits, select_steps
from tracer.render.storyboard import panel_letter
from tracer.trace.model import Trace
from tracer.words import count, say, say_n

__all__ = ["MAX_FRAMES", "RenderResult", "render_to_directory", "slide_notes"]

MAX_FRAMES = 5000
"""Most frames one render writes; more ask for --steps every:N or a range."""
FORMATS = ("svg", "png", "pdf", "dot")
"""The formats of each figure (step frames, final figure, storyboard)."""
WHOLE_FORMATS = ("pptx", "gif", "mp4")
"""The formats of one file for the whole render: a PowerPoint deck, an animation."""
WHOLE_FILES = {"pptx": "slides.pptx", "gif": "steps.gif", "mp4": "steps.mp4"}
"""What each of WHOLE_FORMATS is called in the folder."""


def parse_formats(text: str) -> list[str]:
    """``svg,png,pdf,dot,pptx,gif,mp4`` -> the formats, SVG always included (the player and manifest read it)."""
    names = [part.strip().lower() for part in text.split(",") if part.strip()]
    for name in names:
        if name not in FORMATS + WHOLE_FORMATS:
            raise InputError(
                say("render.format.unknown", "unknown format {name}", name=repr(name)),
                hint=say("render.format.hint.decks", "use svg, png, pdf, dot, pptx, gif or mp4, separated by commas"),
            )
    return ["svg"] + [name for name in FORMATS[1:] + WHOLE_FORMATS if name in names]


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
    storyboard: bool = False,
    theme: str = "light",
    labels: str = "letters",
    max_depth: int | None = None,
    collapse: bool | str = "auto",
    order_numbers: bool = False,
    slide: str | None = None,
    header: bool = True,
    captions: bool = True,
    legend: bool = False,
    font_scale: float = 1.0,
    pruned_values: str = "show",
    focus: str | None = None,
    compact: bool | None = None,
    wrap: bool | None = None,
    pace: float | None = None,
    pptx_template: str | FilePath | None = None,
    max_frames: int = MAX_FRAMES,
    progress: Callable[[str, int], Any] | None = None,
) -> RenderResult:
    """Write the figures of ``trace`` into ``folder`` (created if missing).

    ``steps`` is a ``--steps`` specification (:func:`tracer.render.steps.select_steps`);
    ``storyboard`` also writes ``storyboard.svg``, the chosen steps as lettered panels
    (the last step alone with ``final``); ``slide``, ``header``, ``captions``, ``legend``,
    ``font_scale``, ``pruned_values``, ``focus``, ``compact`` and ``wrap`` are :class:`Figure`'s.
    ``formats`` may add ``png``, ``pdf`` and ``dot`` (Graphviz sources that ``neato -n2``
    draws as the SVG is drawn) of every figure, and files of the whole render:
    ``pptx`` (``slides.pptx``, a PowerPoint deck of the chosen steps:
    :func:`tracer.render.powerpoint.write_pptx`, in the course's ``pptx_template`` when
    given), ``gif`` and ``mp4`` (``steps.gif``, ``steps.mp4``: the chosen steps at ``pace``
    seconds a step, :mod:`tracer.render.animation`). ``progress(label, total)`` returns a
    context manager with ``update(n)``, such as ``click.progressbar``; None shows nothing.
    """
    out = named(folder)
    if out.exists() and not out.is_dir():
        raise InputError(say("render.folder.file", "{path} is a file, not a folder", path=out),
                         hint=say("render.folder.hint", "name a folder for the figures with -o"))
    total = len(trace)
    chosen = select_steps(trace, steps)
    if chosen is not None and len(chosen) > max_frames:
        every = every_that_fits(trace, max_frames)
        raise FigureTooLarge(
            say("render.frames.many", "the trace has {steps} steps, more frames than the {most} one render writes",
                steps=count(total + 1), most=count(max_frames)),
            hint=say("render.frames.fewer", "choose fewer with --steps every:{every}, --steps key, a range such as --steps 0-200, or --steps final",
                     every=every) if every is not None else
            say("render.frames.fewer.key", "choose fewer with --steps key, a range such as --steps 0-200, or --steps final"),
        )
    if html and chosen is None and total + 1 > max_frames:  # --steps final: the player still shows every step
        raise FigureTooLarge(
            say("render.player.many", "the trace has {steps} steps, more than the {most} an HTML player holds",
                steps=count(total + 1), most=count(max_frames)),
            hint=say("render.player.fewer", "choose the player's steps with --steps every:{every} or a range such as --steps 0-200",
                     every=-(-(total + 1) // max_frames)),
        )
    formats = list(formats)
    if beamer and "pdf" not in formats:
        formats.append("pdf")
    _check_whole(formats, pace, pptx_template)
    figure = Figure(
        trace, theme=theme, labels=labels, max_depth=max_depth, collapse=collapse, order_numbers=order_numbers,
        slide=slide, header=header, captions=captions, legend=legend, font_scale=font_scale,
        pruned_values=pruned_values, focus=focus, compact=compact, wrap=wrap,
        # only the chosen steps are drawn or played (all of them for --steps final with --html)
        caption_steps=None if chosen is None else set(chosen) | {total},
    )
    result = RenderResult(folder=out, notes=list(figure.plan.notes) + slide_notes(figure, trace))
    make_folder(out)
    with folder_lock(out):  # a second run into the folder meanwhile is refused, never mixed in
        previous = previous_files(out, result.notes)
        written: list[str] = []

        def write_text(name: str, text: str) -> None:
            atomic_write(out / name, lambda file: file.write(text), root=out)
            written.append(name)

        def write_bytes(name: str, data: bytes) -> None:
            atomic_write(out / name, lambda file: file.write(data), mode="wb", root=out)
            written.append(name)

        captions_text = figure.captions()
        frames_meta: list[dict[str, Any]] = []
        steps_list = chosen or []
        with _bar(progress, say("render.progress.frames", "frames"), len(steps_list)) as advance:
            for step, svg in figure.frames(steps_list) if steps_list else ():
                name = frame_name(step, total, "svg")
                write_text(name, svg)
                entry: dict[str, Any] = {"step": step, "file": name, "caption": captions_text[step]}
                frames_meta.append(entry)
                if advance is not None:
                    advance(1)
        final = figure.final()
        write_text("final.svg", final)
        result.frames = len(frames_meta)
        panels = (chosen or [total]) if storyboard else []
        if panels:
            write_text("storyboard.svg", figure.storyboard(panels))

        def pictures() -> Any:
            from tracer.render.exports import picture_dot
            from tracer.render.html_player import figure_title

            viewport = figure.scene.viewport()
            source = figure_title(figure)
            for step, height, groups in figure.pictures(steps_list) if steps_list else ():
                note = say("render.dot.step", "step {step} of {total}: {caption}", step=step, total=total, caption=captions_text[step])
                yield frame_name(step, total, ""), picture_dot(
                    figure.width, height, groups, theme, viewport=viewport, comment=_dot_comment(source, note, frame_name(step, total, "dot"))
                )
            height, groups = figure.final_picture()
            note = say("render.dot.final", "the final figure: {caption}", caption=figure.final_caption())
            yield "final.", picture_dot(
                figure.width, height, groups, theme, viewport=figure.scene.viewport(height), comment=_dot_comment(source, note, "final.dot")
            )
            if panels:
                from tracer.render.storyboard import storyboard_viewport

                width, height, groups = figure.storyboard_picture(panels)
                note = say_n("render.dot.storyboard", "the storyboard: {n} panel", "the storyboard: {n} panels", len(panels), n=len(panels))
                yield "storyboard.", picture_dot(
                    width, height, groups, theme, viewport=storyboard_viewport(figure, width, height),
                    comment=_dot_comment(source, note, "storyboard.dot"),
                )

        if "dot" in formats:
            for stem, source in pictures():
                write_text(stem + "dot", source)
            for entry in frames_meta:
                entry.setdefault("files", {})["dot"] = frame_name(entry["step"], total, "dot")
        extra = [fmt for fmt in formats if fmt in ("png", "pdf")]
        if extra:
            from tracer.render.exports import render_pictures

            def write_export(stem: str, fmt: str, data: bytes) -> None:
                write_bytes(stem + fmt, data)

            with _bar(progress, " + ".join(fmt.upper() for fmt in extra), len(steps_list) + 1 + bool(panels)) as advance:
                render_pictures(pictures(), extra, write_export, workdir=out, progress=advance)
            for entry in frames_meta:
                entry.setdefault("files", {}).update({fmt: frame_name(entry["step"], total, fmt) for fmt in extra})

        for fmt in (fmt for fmt in WHOLE_FORMATS if fmt in formats):
            name = WHOLE_FILES[fmt]
            if fmt == "pptx":
                from tracer.render.powerpoint import write_pptx

                deck = write_pptx(
                    trace, inside(out, out / name), steps=steps, slide=slide, template=pptx_template, captions=captions, theme=theme, labels=labels,
                    max_depth=max_depth, collapse=collapse, order_numbers=order_numbers, legend=legend, font_scale=font_scale,
                    pruned_values=pruned_values, focus=focus, compact=compact, wrap=wrap,
                )
                result.notes.extend(note for note in deck.notes if note not in result.notes)
            else:
                from tracer.render.animation import DEFAULT_PACE, animation_bytes

                write_bytes(name, animation_bytes(figure, steps_list or [total], fmt, pace=pace or DEFAULT_PACE, workdir=out))
                continue
            written.append(name)

        if html:
            from tracer.render.html_player import player_html

            # the player walks every step of the trace: a bar where that takes seconds
            with _bar(progress if total > 100_000 else None, say("render.progress.player", "HTML player"), total) as advance:
                write_text("index.html", player_html(figure, steps=chosen, progress=advance))
        if beamer:
            from tracer.render.beamer import frames_tex

            # one overlay per chosen step, then the final figure
            pdfs = [(entry["step"], frame_name(entry["step"], total, "pdf"), entry["caption"]) for entry in frames_meta]
            pdfs.append((None, "final.pdf", figure.final_caption()))
            write_text("frames.tex", frames_tex(pdfs, str(folder)))

        manifest = _manifest(trace, figure, frames_meta, formats, html, beamer, total, panels)
        _whole_manifest(manifest, formats, steps_list or [total], pace)
        manifest["sha256"] = {name: digest(out / name) for name in written}
        written.append("manifest.json")
        remove_stale(out, previous, set(written), result.notes)
        atomic_write(out / "manifest.json", lambda file: file.write(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n"), root=out)
        result.files = written
    return result


def _check_whole(formats: Sequence[str], pace: float | None, template: str | FilePath | None) -> None:
    """Refuse, before anything is written, whole-render files that cannot be made here, and
    settings for files not asked for."""
    if template is not None and "pptx" not in formats:
        raise InputError(
            say("render.template.alone", "a slide template is for a PowerPoint deck"),
            hint=say("render.template.hint", "add {{0}}, or leave the template out"), options=(Option("format", "pptx"),),
        )
    if pace is not None and not any(fmt in formats for fmt in ("gif", "mp4")):
        raise InputError(
            say("render.pace.alone", "a pace is for an animation"),
            hint=say("render.pace.hint", "add {{0}}, or leave the pace out"), options=(Option("format", "gif"),),
        )
    if "pptx" in formats:
        from tracer.render.powerpoint import check_pptx

        check_pptx()
    for fmt in ("gif", "mp4"):
        if fmt in formats:
            from tracer.render.animation import check_animation

            check_animation(fmt)


def _whole_manifest(manifest: dict[str, Any], formats: Sequence[str], steps: Sequence[int], pace: float | None) -> None:
    """The whole-render files in the manifest (nothing is added when none was asked for)."""
    if "pptx" in formats:
        manifest["files"].append(WHOLE_FILES["pptx"])
        manifest["deck"] = {"file": WHOLE_FILES["pptx"], "steps": list(steps)}
    animations = [fmt for fmt in ("gif", "mp4") if fmt in formats]
    if animations:
        from tracer.render.animation import DEFAULT_PACE, HOLD_LAST

        manifest["files"].extend(WHOLE_FILES[fmt] for fmt in animations)
        manifest["animation"] = {
            "files": [WHOLE_FILES[fmt] for fmt in animations], "steps": list(steps), "pace": pace or DEFAULT_PACE, "hold_last": HOLD_LAST,
        }


def _dot_comment(source: str, what: str, name: str) -> str:
    """The lines that open a DOT file: what it shows and how to draw it again."""
    return "\n".join((
        say("render.dot.what", "tracer: {source}, {what}", source=source, what=what),
        say("render.dot.how", "Positions are pinned (pos=...!) and styles are attributes; draw it again with:"),
        f"  neato -n2 -Tsvg {name} -o {name[:-4]}.svg",
    ))


def slide_notes(figure: Figure, trace: Trace) -> list[str]:
    """What a slide preset could not do and the options that make the figure fit; without a
    preset, a word where the figure would be unreadable on a slide (empty when all is well)."""
    from tracer.render.fit import fit_message, slide_hint

    if figure.slide is None:
        hint = slide_hint(figure)
        return [hint] if hint else []
    return [fit_message(figure, trace)] if not figure.slide_fits else []


@contextmanager
def _bar(progress: Callable[[str, int], Any] | None, label: str, total: int) -> Iterator[Callable[[int], Any] | None]:
    """A progress bar's update function (None when there is no bar or nothing to count)."""
    if progress is None or total <= 0:
        yield None
        return
    with progress(label, total) as bar:
        yield bar.update


def _manifest(
    trace: Trace, figure: Figure, frames: list[dict[str, Any]], formats: Sequence[str], html: bool, beamer: bool, total: int,
    panels: Sequence[int],
) -> dict[str, Any]:
    from tracer.trace.writer import trace_header

    header = trace_header(trace.game, trace.settings)
    exports = [fmt for fmt in FORMATS[1:] if fmt in formats]
    files = [entry["file"] for entry in frames]
    for entry in frames:
        files.extend(entry.get("files", {}).values())
    files.append("final.svg")
    files.extend(f"final.{fmt}" for fmt in exports)
    if panels:
        files.append("storyboard.svg")
        files.extend(f"storyboard.{fmt}" for fmt in exports)
    if html:
        files.append("index.html")
    if beamer:
        files.append("frames.tex")
    manifest: dict[str, Any] = {
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
    if panels:
        manifest["storyboard"] = {
            "file": "storyboard.svg",
            "panels": [{"letter": panel_letter(index), "step": step, "caption": figure.captions()[step]} for index, step in enumerate(panels)],
        }
    if figure.slide is not None:
        value, other = figure.smallest_on_slide(figure.slide)
        manifest["slide"] = {
            "preset": figure.slide.name, "width": figure.slide.width_pt, "height": figure.slide.height_pt, "unit": "pt",
            "font_scale": figure.font_scale, "compact": figure.compact, "wrap": figure.wrap, "fits": figure.slide_fits,
            "smallest_value": round(value, 1), "smallest_text": round(other, 1),
        }
    return manifest
