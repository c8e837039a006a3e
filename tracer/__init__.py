"""tracer: instrumented game-tree search for teaching adversarial search.

>>> import tracer
>>> trace = tracer.alphabeta("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]")
>>> trace.root_value
3
>>> tracer.answer_key(trace).unvisited
((1, 1), (1, 2))
"""

from tracer._version import __version__
from tracer.api import alphabeta, expectiminimax, minimax, search
from tracer.errors import InputError, SearchError, TraceFormatError, TracerError, TreeFormatError
from tracer.game import GAMES, Game, Node, Tree, TreeGame, format_value, load_tree, make_game, parse_tree
from tracer.game.imperfect import make_hidden
from tracer.game.loader import load_game_class
from tracer.search import Conventions, SearchSettings
from tracer.search.imperfect import imperfect_decision
from tracer.trace import (
    AnswerKey,
    Replayer,
    SearchState,
    Trace,
    TraceVisitor,
    answer_key,
    key_markdown,
    key_text,
    load_trace,
    replay,
    save_trace,
)
from tracer.trace.model import register_display


def _show_final_figure(trace: Trace) -> dict[str, str]:
    """How a notebook shows a trace: its final figure (the renderer loads only when one is shown)."""
    from tracer.render.errors import FigureTooLarge
    from tracer.render.figure import final_svg

    try:
        return {"image/svg+xml": final_svg(trace)}
    except FigureTooLarge:  # the text form says what the trace is
        return {}


register_display(_show_final_figure)

__all__ = [
    "GAMES",
    "AnswerKey",
    "Conventions",
    "Game",
    "InputError",
    "Node",
    "Replayer",
    "SearchError",
    "SearchSettings",
    "SearchState",
    "Trace",
    "TraceFormatError",
    "TraceVisitor",
    "TracerError",
    "Tree",
    "TreeFormatError",
    "TreeGame",
    "__version__",
    "alphabeta",
    "answer_key",
    "expectiminimax",
    "format_value",
    "imperfect_decision",
    "key_markdown",
    "key_text",
    "load_game_class",
    "load_trace",
    "load_tree",
    "make_game",
    "make_hidden",
    "minimax",
    "parse_tree",
    "replay",
    "save_trace",
    "search",
]
