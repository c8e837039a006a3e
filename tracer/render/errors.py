"""What can go wrong while drawing, as one-line messages (the CLI prints ``str(error)``)."""

from __future__ import annotations

from tracer.errors import InputError, TracerError

__all__ = ["FigureTooLarge", "GraphvizFailed", "GraphvizNotFound", "RenderError"]

INSTALL_GRAPHVIZ = (
    "install Graphviz (Debian/Ubuntu: sudo apt-get install graphviz; macOS: brew install graphviz; "
    "Windows and others: https://graphviz.org/download/) and make sure `dot` is on your PATH"
)


class RenderError(TracerError):
    """A figure could not be made (Graphviz missing, failing or too slow)."""


class GraphvizNotFound(RenderError, RuntimeError):
    """Graphviz's ``dot`` is not installed or not on the PATH."""

    def __init__(self, program: str = "dot") -> None:
        super().__init__(f"tracer draws figures with Graphviz, but `{program}` was not found: {INSTALL_GRAPHVIZ}")


class GraphvizFailed(RenderError):
    """Graphviz ran but failed, or took longer than allowed."""


class FigureTooLarge(InputError):
    """A tree or a trace too large to draw usefully, with the option that makes it fit."""
