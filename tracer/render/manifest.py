"""What a render leaves in its folder: which files it wrote, and which of an earlier render's it removes.

``tracer render`` keeps in ``manifest.json`` the SHA-256 of every file it wrote
(:func:`digest`). The next render into the folder reads them (:func:`previous_files`, through
the safe reader: a damaged or deeply nested manifest is said in a note, not a crash) and
removes the files of the earlier render it does not write again only while they hold the
bytes that render wrote (:func:`remove_stale`): a file changed since, replaced by a link, or
never in a manifest of tracer's is left, and only names tracer writes (:func:`ours`) are
ever removed.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from pathlib import Path as FilePath

from tracer.errors import InputError
from tracer.reading import load_json, read_input
from tracer.words import say, say_n

__all__ = ["digest", "ours", "previous_files", "remove_stale"]


def ours(name: str) -> bool:
    """Names a render writes (nothing else is ever removed)."""
    return bool(re.fullmatch(r"(step-\d+|final|storyboard)\.(svg|png|pdf|dot)|index\.html|frames\.tex|slides\.pptx|steps\.(gif|mp4)", name))


def digest(path: FilePath) -> str:
    """The SHA-256 of a file's bytes, in hex (read in blocks: an animation may be large)."""
    with open(path, "rb") as file:
        return hashlib.file_digest(file, "sha256").hexdigest()


def previous_files(folder: FilePath, notes: list[str], *, manifest_name: str = "manifest.json", kind: str = "tracer-frames",
                   accept: Callable[[str], bool] = ours) -> dict[str, str]:
    """The files an earlier render wrote here and their SHA-256 when written, from its manifest
    (``manifest_name`` in ``folder``, of format ``kind``; names ``accept`` allows).

    A manifest that cannot be read (damaged, deeply nested, not ours) or one from before the
    digests were kept gives none: nothing is removed that tracer cannot prove it wrote."""
    manifest = folder / manifest_name
    if not manifest.exists() and not manifest.is_symlink():
        return {}
    try:
        data = load_json(read_input(manifest, kind="manifest", what=say("render.manifest.what", "the manifest")), str(manifest))
    except InputError as error:
        notes.append(say("render.manifest.unread", "the folder's earlier manifest.json was not read ({problem}); "
                                                   "the files of the earlier render are left as they are", problem=error.message))
        return {}
    if not isinstance(data, dict) or data.get("format") != kind:
        return {}
    digests = data.get("sha256")
    if not isinstance(digests, dict):
        return {}
    return {name: value for name, value in digests.items() if isinstance(name, str) and isinstance(value, str) and accept(name)}


def remove_stale(folder: FilePath, previous: dict[str, str], written: set[str], notes: list[str]) -> None:
    """Remove the files an earlier render wrote and this one did not, each only if it still holds
    the bytes that render wrote (a file changed since, or replaced by a link, is left)."""
    kept = []
    for name in sorted(set(previous) - written):
        stale = folder / name
        if stale.is_symlink() or not stale.is_file():
            continue
        if digest(stale) == previous[name]:
            stale.unlink()
        else:
            kept.append(name)
    if kept:
        notes.append(say_n("render.stale.changed", "{names} changed since the earlier render wrote it, so it was left",
                           "{names} changed since the earlier render wrote them, so they were left", len(kept),
                           names=", ".join(kept[:5]) + (", ..." if len(kept) > 5 else "")))
