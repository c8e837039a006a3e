"""Pictures as PNG bytes in memory, for decks and animations: many pinned Graphviz sources
drawn by ``neato -n2`` without a file on disk.

Graphviz reads every graph of its standard input and writes one PNG after another to its
standard output; a PNG ends with its ``IEND`` chunk, so :func:`split_pngs` cuts the stream
back into pictures. The sources are shared between :data:`WORKERS` processes (the machine
draws them side by side), so a deck of a dozen full-screen pictures costs two process
starts. Nothing is written anywhere: the deck or animation that uses the pictures is the
only file written, where the user asked.

A picture's pixel size is its display size (the ``size`` a pinned source carries: a slide's,
or a deck's picture area) times ``dpi``, give or take a pixel (Graphviz fits the drawing inside
that size and truncates): a 12.33 in picture area at 145 dpi is 1,788 pixels wide.

>>> png_size(bytes.fromhex("89504e470d0a1a0a0000000d49484452000007800000043808060000005c"))
(1920, 1080)
"""

from __future__ import annotations

import os
import struct
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor

from tracer.render.errors import GraphvizFailed
from tracer.render.graphviz import run_graphviz

__all__ = ["WORKERS", "png_pictures", "png_size", "split_pngs"]

WORKERS = 2
"""Graphviz processes drawing at once (at most; never more than the machine's cores)."""

_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(data: bytes) -> tuple[int, int]:
    """A PNG's (width, height) in pixels, read from its header."""
    if data[:8] != _SIGNATURE or data[12:16] != b"IHDR":
        raise ValueError("not a PNG")
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def split_pngs(stream: bytes) -> list[bytes]:
    """The PNGs written one after another in ``stream``, each cut after its IEND chunk."""
    pictures: list[bytes] = []
    start = 0
    while start < len(stream):
        if stream[start:start + 8] != _SIGNATURE:
            raise GraphvizFailed("Graphviz wrote something that is not a PNG")
        at = start + 8
        while True:
            if at + 8 > len(stream):
                raise GraphvizFailed("Graphviz's PNG output ends in the middle of a picture")
            (length,) = struct.unpack(">I", stream[at:at + 4])
            kind = stream[at + 4:at + 8]
            at += 12 + length  # length, type, data, CRC
            if kind == b"IEND":
                break
        pictures.append(stream[start:at])
        start = at
    return pictures


def _draw(sources: Sequence[str], dpi: int) -> list[bytes]:
    stream = run_graphviz(["-n2", f"-Gdpi={dpi}", "-Tpng"], "\n".join(sources), program="neato")
    pictures = split_pngs(stream)
    if len(pictures) != len(sources):
        raise GraphvizFailed(f"Graphviz drew {len(pictures)} pictures of {len(sources)}")
    return pictures


def png_pictures(sources: Sequence[str], dpi: int) -> list[bytes]:
    """Each pinned source (:func:`tracer.render.exports.picture_dot`) drawn as a PNG at ``dpi``, in order."""
    if not sources:
        return []
    workers = max(1, min(WORKERS, os.cpu_count() or 1, len(sources)))
    if workers == 1:
        return _draw(sources, dpi)
    share = -(-len(sources) // workers)
    parts = [sources[i:i + share] for i in range(0, len(sources), share)]
    with ThreadPoolExecutor(max_workers=len(parts)) as pool:
        drawn = list(pool.map(lambda part: _draw(part, dpi), parts))
    return [picture for part in drawn for picture in part]
