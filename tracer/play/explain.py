"""``--explain DIR``: each move the search made, written as its key and its figure.

For the search's n-th move of the game, ``DIR/move-NN-NAME/`` holds ``key.txt`` (the
answer key of that search, as ``tracer key`` prints it) and the figures of
:func:`~tracer.render.output.render_to_directory` at ``--steps final`` (``final.svg``
and ``manifest.json``), drawn to :data:`FIGURE_DEPTH` levels below the position so that
a whole game's search stays readable. Every file is written atomically, and only inside
``DIR``: the folder's name is made from the move number and the move's name with
anything but letters, digits and ``-`` left out.
"""

from __future__ import annotations

import re
from pathlib import Path

from tracer.files import atomic_write, make_folder
from tracer.play.match import SearchMove
from tracer.render.output import render_to_directory
from tracer.trace.key import answer_key
from tracer.trace.key_text import key_text

__all__ = ["FIGURE_DEPTH", "explain_move", "move_folder_name"]

FIGURE_DEPTH = 2
"""Levels below the searched position drawn in an explained move's figure (deeper ones counted, not drawn)."""


def move_folder_name(made: SearchMove) -> str:
    """``move-03-Xb2``: the move's number in the game and its name, safe as one folder name."""
    name = re.sub(r"[^A-Za-z0-9-]+", "", made.label.replace("=", "-"))
    return f"move-{made.number:02d}" + (f"-{name}" if name else "")


def explain_move(made: SearchMove, folder: str | Path) -> Path:
    """Write ``made``'s key and figure into a folder of its own inside ``folder``; return that folder."""
    root = make_folder(folder)
    target = root / move_folder_name(made)
    key = answer_key(made.trace, include_nodes=False)
    text = key_text(key)
    atomic_write(target / "key.txt", lambda file: file.write(text))
    render_to_directory(made.trace, target, steps="final", max_depth=FIGURE_DEPTH)
    return target
