"""Packages whose re-exported names load when first used (PEP 562).

``import tracer.grading.check`` runs ``tracer/__init__.py``, then ``tracer/grading/__init__.py``;
were those to import every name they re-export, each command would load every game, search and
renderer before doing anything (a tenth of a second at each start). A package lists its names
here instead, and the module that defines a name is imported when the name is first read.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from typing import Any

__all__ = ["lazy_names"]


def lazy_names(package: str, modules: dict[str, tuple[str, ...]]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """A package's ``__getattr__`` and ``__dir__`` for the names ``modules`` lists (module -> names it defines)."""
    where = {name: module for module, names in modules.items() for name in names}

    def __getattr__(name: str) -> Any:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        setattr(sys.modules[package], name, value)  # read once: the package holds it from now on
        return value

    def __dir__() -> list[str]:
        return sorted(set(vars(sys.modules[package])) | set(where))

    return __getattr__, __dir__
