"""The one door from exercises to figures.

Sheets and keys ask for two pictures, by the names the figures room
(:mod:`tracer.render`) provides:

* ``tree_svg(tree, theme, labels)``: the bare tree with leaf values and letter labels;
* ``final_svg(trace, theme, labels)``: the tree after the search, for keys.

When :mod:`tracer.render` cannot be imported (or lacks these functions), the plain
figures of :mod:`tracer.exercises._fallback_svg` stand in. Switching over means
nothing more than :mod:`tracer.render` existing; the fallback can then be deleted.
"""

from __future__ import annotations

import importlib
from functools import lru_cache
from types import ModuleType
from typing import Any

from tracer.game.model import Tree
from tracer.trace.model import Trace

__all__ = ["final_svg", "renderer", "tree_svg"]


@lru_cache(maxsize=1)
def _render_module() -> ModuleType | None:
    try:
        module = importlib.import_module("tracer.render")
    except ImportError:
        return None
    if not all(callable(getattr(module, name, None)) for name in ("tree_svg", "final_svg")):
        return None
    return module


def _provider() -> Any:
    module = _render_module()
    if module is not None:
        return module
    from tracer.exercises import _fallback_svg

    return _fallback_svg


def renderer() -> str:
    """Which module draws the figures: ``tracer.render`` or the fallback."""
    return _provider().__name__


def tree_svg(tree: Tree, theme: str = "light", labels: str = "letters") -> str:
    """The tree as a sheet shows it: no search state, leaf values and labels."""
    return str(_provider().tree_svg(tree, theme=theme, labels=labels))


def final_svg(trace: Trace, theme: str = "light", labels: str = "letters") -> str:
    """The tree as the key shows it: the values the search returned, what it never examined."""
    return str(_provider().final_svg(trace, theme=theme, labels=labels))
