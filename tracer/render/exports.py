"""PNG and PDF of frames, drawn by Graphviz at the SVG's positions.

Graphviz here cannot read SVG (no rsvg plugin in common builds, and ``cairosvg`` is
not a dependency), so each picture is handed to Graphviz as what it is made of: the
same shapes, lines and texts as the SVG, each pinned at its SVG position
(:func:`tracer.render.dot.pinned_graph`), and ``neato -n2`` draws them without laying
anything out. One ``neato`` process draws a whole batch of pictures in every format
asked for (``-Tpng -Tpdf -O`` over many files), so the cost is one process start per
batch, not per frame; positions, canvas and colours are those of the SVG, only the
text rasteriser differs.

Cairo stamps a creation date into each PDF; it is replaced by a fixed one of the same
length, so the same input gives byte-identical files.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path as FilePath

from tracer.files import temporary_folder
from tracer.render.dot import pinned_graph
from tracer.render.graphviz import run_graphviz
from tracer.render.slide import Viewport
from tracer.render.style import look
from tracer.render.style import theme as get_theme
from tracer.render.svg import Group, Line, Shape, hidden, shifted

__all__ = ["EXPORT_FORMATS", "picture_dot", "render_pictures"]

EXPORT_FORMATS = ("png", "pdf")
BATCH = 100
"""Pictures per Graphviz process."""
PNG_DPI = 192
"""PNG resolution: 192 dpi (2.67 pixels per point) stays sharp on a projected slide."""

_PDF_DATE = re.compile(rb"/CreationDate \(D:\d{14}[^)]*\)")


def picture_dot(
    width: float,
    height: float,
    groups: Sequence[Group],
    theme_name: str,
    *,
    viewport: Viewport | None = None,
    comment: str = "",
) -> str:
    """A picture (its groups, in drawing order) as a pinned graph for ``neato -n2``.

    Each primitive's Graphviz node is named by its group and role (``n-1-0.shape``,
    ``n-1-0.val``; a second of the same role ``n-1-0.cut.2``), and the line of the edge
    into a node joins its parent's shape to its own (``"n-1.shape" -> "n-1-0.shape"``).
    ``viewport`` (a slide's) pads the canvas and scales the drawing to the slide's size.
    """
    dx = dy = 0.0
    size = None
    if viewport is not None:
        dx, dy = -viewport.x, -viewport.y
        width, height = viewport.width, viewport.height
        if (viewport.display_width, viewport.display_height) != (viewport.width, viewport.height):
            size = (viewport.display_width / 72, viewport.display_height / 72)
    shapes = {group.gid for group in groups if any(isinstance(item, Shape) and item.role == "shape" for item in group.items)}
    items: list[tuple[str, object, dict[str, str], tuple[str, str] | None]] = []
    seen: dict[str, int] = {}
    for group in groups:
        classes = frozenset(group.classes)
        for item in group.items:
            attrs = look(theme_name, classes, item.role)
            if hidden(attrs):
                continue
            name = f"{group.gid}.{item.role}"
            seen[name] = seen.get(name, 0) + 1
            if seen[name] > 1:
                name += f".{seen[name]}"
            ends = None
            if isinstance(item, Line) and item.role == "line" and group.gid.startswith("e"):
                child, parent = "n" + group.gid[1:], "n" + "-".join(group.gid[1:].split("-")[:-1])
                if child in shapes and parent in shapes:
                    ends = (f"{parent}.shape", f"{child}.shape")
            items.append((name, shifted(item, dx, dy) if dx or dy else item, dict(attrs), ends))
    return pinned_graph(width, height, get_theme(theme_name).background, items, size=size, comment=comment)


def stable_pdf(data: bytes) -> bytes:
    """A PDF with its creation date fixed (same length, so offsets stay right)."""

    def fixed(match: re.Match[bytes]) -> bytes:
        text = match.group(0)
        stamp = b"/CreationDate (D:20000101000000Z)"
        return stamp + b" " * (len(text) - len(stamp)) if len(stamp) <= len(text) else text

    return _PDF_DATE.sub(fixed, data)


def render_pictures(
    pictures: Iterable[tuple[str, str]],
    formats: Sequence[str],
    write: Callable[[str, str, bytes], None],
    *,
    workdir: str | FilePath,
    dpi: int = PNG_DPI,
    progress: Callable[[int], None] | None = None,
) -> int:
    """Draw ``pictures`` (name, pinned DOT) in each of ``formats``; ``write(name, fmt, data)``.

    Batches run in a temporary folder inside ``workdir`` (the output folder), removed
    afterwards. Returns the number of pictures drawn.
    """
    formats = [fmt for fmt in EXPORT_FORMATS if fmt in formats]
    if not formats:
        return 0
    count = 0
    batch: list[tuple[str, str]] = []

    def flush() -> None:
        nonlocal count
        if not batch:
            return
        with temporary_folder(workdir) as folder:
            files = []
            for index, (_, source) in enumerate(batch):
                file = FilePath(folder) / f"p{index:05d}.gv"
                file.write_text(source, encoding="utf-8")
                files.append(file.name)
            run_graphviz(["-n2", f"-Gdpi={dpi}", *(f"-T{fmt}" for fmt in formats), "-O", *files], program="neato", cwd=str(folder))
            for index, (name, _) in enumerate(batch):
                for fmt in formats:
                    data = (FilePath(folder) / f"{files[index]}.{fmt}").read_bytes()
                    if fmt == "pdf":
                        data = stable_pdf(data)
                    write(name, fmt, data)
        count += len(batch)
        if progress is not None:
            progress(len(batch))
        batch.clear()

    for name, source in pictures:
        batch.append((name, source))
        if len(batch) >= BATCH:
            flush()
    flush()
    return count
