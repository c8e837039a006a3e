"""Animations of a search: the chosen steps one after another, for slides that cannot hold
many builds and for videos. ``--format gif`` (Pillow) and ``--format mp4`` (ffmpeg, where it
is installed; refused with one line where it is not), at ``--pace`` seconds a step.

The frames are the figure's step frames as the folder's SVG draws them (header and caption
included, unless the figure leaves them out), drawn by Graphviz into PNG in memory
(:mod:`tracer.render.raster`) at :data:`ANIMATION_DPI`: a figure made for a 16:9 slide is
1280 x 720 pixels. Each step is shown for ``pace`` seconds, the last for :data:`HOLD_LAST`
times as long before the animation starts over (a GIF loops; a video ends there).

Same input, same bytes: Pillow's GIF carries no date, and ffmpeg is asked for bit-exact
output without metadata.
"""

from __future__ import annotations

import io
import shutil
import subprocess
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path as FilePath
from typing import Any

from tracer.errors import InputError, Option
from tracer.files import atomic_write, temporary_folder
from tracer.render.errors import RenderError
from tracer.render.exports import picture_dot
from tracer.render.figure import Figure
from tracer.render.raster import png_pictures
from tracer.render.steps import select_steps
from tracer.trace.model import Trace
from tracer.words import say

__all__ = ["ANIMATION_DPI", "ANIMATION_FORMATS", "DEFAULT_PACE", "HOLD_LAST", "animation_bytes", "check_animation", "write_animation"]

ANIMATION_FORMATS = ("gif", "mp4")
ANIMATION_DPI = 96
"""Pixels per inch of figure: 4/3 pixel a point, so a 16:9 slide's 960 x 540 pt are 1280 x 720 pixels."""
DEFAULT_PACE = 1.5
"""Seconds each step is shown."""
HOLD_LAST = 3
"""The last step is shown this many paces."""
FFMPEG_TIMEOUT = 300.0
"""Seconds ffmpeg may take before it is stopped."""


def check_animation(fmt: str) -> None:
    """Refuse, before anything is drawn, an animation this machine cannot make: an unknown
    format, a GIF without Pillow, an MP4 without ffmpeg."""
    if fmt not in ANIMATION_FORMATS:
        raise ValueError(f"unknown animation format {fmt!r}: use gif or mp4")
    if fmt == "gif":
        try:
            import PIL  # noqa: F401  (Pillow: an extra, gametree-tracer[slides])
        except ImportError:
            raise RenderError(say("animation.pillow.missing", "GIF animations need Pillow: pip install 'gametree-tracer[slides]' (or pip install Pillow)")) from None
    elif shutil.which("ffmpeg") is None:
        raise InputError(
            say("animation.ffmpeg.missing", "MP4 animations need ffmpeg, which is not installed here"),
            hint=say("animation.ffmpeg.hint", "install it (Debian/Ubuntu: sudo apt-get install ffmpeg; macOS: brew install ffmpeg), or make a GIF with {{0}}"),
            options=(Option("format", "gif"),),
        )


def animation_bytes(figure: Figure, steps: Sequence[int], fmt: str, *, pace: float = DEFAULT_PACE, workdir: str | FilePath = ".") -> bytes:
    """The animation of ``steps`` of ``figure`` in ``fmt`` (``gif`` or ``mp4``); ffmpeg works in a
    temporary folder inside ``workdir`` (the output's folder), removed afterwards."""
    check_animation(fmt)
    if not steps:
        raise ValueError("an animation needs at least one step")
    if pace <= 0:
        raise ValueError("the pace is a number of seconds above 0")
    viewport = figure.scene.viewport
    sources = [picture_dot(figure.width, height, groups, figure.theme, viewport=viewport(height)) for _, height, groups in figure.pictures(steps)]
    frames = png_pictures(sources, ANIMATION_DPI)
    return _gif(frames, pace) if fmt == "gif" else _mp4(frames, pace, workdir)


def _gif(frames: Sequence[bytes], pace: float) -> bytes:
    from PIL import Image

    pictures = [
        Image.open(io.BytesIO(data)).convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
        for data in frames
    ]
    durations = [round(pace * 1000)] * len(pictures)
    durations[-1] *= HOLD_LAST
    out = io.BytesIO()
    pictures[0].save(out, format="GIF", save_all=True, append_images=pictures[1:], duration=durations, loop=0, optimize=False)
    return out.getvalue()


def _mp4(frames: Sequence[bytes], pace: float, workdir: str | FilePath) -> bytes:
    rate = Fraction(1 / pace).limit_denominator(1000)
    held = [*frames, *[frames[-1]] * (HOLD_LAST - 1)]
    with temporary_folder(workdir) as folder:
        target = FilePath(folder) / "steps.mp4"
        command = [
            shutil.which("ffmpeg") or "ffmpeg", "-hide_banner", "-loglevel", "error", "-nostdin", "-y",
            "-f", "image2pipe", "-c:v", "png", "-framerate", f"{rate.numerator}/{rate.denominator}", "-i", "pipe:0",
            "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2,format=yuv420p", "-r", "25",
            "-c:v", "libx264", "-preset", "veryfast", "-tune", "stillimage", "-crf", "18", "-threads", "1",
            "-map_metadata", "-1", "-fflags", "+bitexact", "-flags:v", "+bitexact", "-movflags", "+faststart",
            str(target),
        ]
        try:
            done = subprocess.run(command, input=b"".join(held), capture_output=True, timeout=FFMPEG_TIMEOUT, check=False)
        except subprocess.TimeoutExpired:
            raise RenderError(say("animation.ffmpeg.slow", "ffmpeg took more than {seconds} seconds and was stopped", seconds=int(FFMPEG_TIMEOUT))) from None
        except OSError as error:
            raise RenderError(say("animation.ffmpeg.run", "ffmpeg could not run: {problem}", problem=error.strerror or str(error))) from None
        if done.returncode != 0:
            lines = done.stderr.decode("utf-8", "replace").strip().splitlines()
            raise RenderError(say("animation.ffmpeg.failed", "ffmpeg failed: {problem}", problem=lines[-1] if lines else f"exit status {done.returncode}"))
        return target.read_bytes()


def write_animation(
    trace: Trace,
    path: str | FilePath,
    *,
    steps: str = "key",
    pace: float = DEFAULT_PACE,
    fmt: str | None = None,
    **options: Any,
) -> int:
    """Write an animation of the steps ``steps`` chooses (``key`` unless told; the last step
    with ``final``) to ``path``, atomically: a GIF or an MP4 (``fmt``, else the path's suffix),
    ``pace`` seconds a step. Options are :class:`~tracer.render.figure.Figure`'s. Returns the
    number of steps shown."""
    target = FilePath(path)
    kind = fmt or target.suffix.lower().lstrip(".")
    if kind not in ANIMATION_FORMATS:
        raise InputError(
            say("animation.format.unknown", "an animation is a .gif or an .mp4 file, not {name}", name=repr(target.name)),
            hint=say("animation.format.hint", "name the file steps.gif or steps.mp4"),
        )
    check_animation(kind)
    chosen = select_steps(trace, steps) or [len(trace)]
    data = animation_bytes(Figure(trace, **options), chosen, kind, pace=pace, workdir=target.parent if str(target.parent) else ".")
    atomic_write(target, lambda file: file.write(data), mode="wb")
    return len(chosen)
