"""tracer: instrumented game-tree search for teaching adversarial search.

>>> import tracer
>>> trace = tracer.alphabeta("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]")
>>> trace.root_value
3
>>> tracer.answer_key(trace).unvisited
((1, 1), (1, 2))
"""

from typing import TYPE_CHECKING

from tracer._lazy import lazy_names
from tracer._version import __version__
from tracer.api import alphabeta, expectiminimax, minimax, search  # the one-call searches (light: their readers load when used)
from tracer.errors import InputError, SearchError, TraceFormatError, TracerError, TreeFormatError
from tracer.trace.model import Trace, register_display

if TYPE_CHECKING:
    from tracer.game.games import GAMES, make_game
    from tracer.game.imperfect import make_hidden
    from tracer.game.loader import load_game_class
    from tracer.game.model import Node, Tree, format_value
    from tracer.game.notation import load_tree, parse_tree
    from tracer.game.protocol import Game, TreeGame
    from tracer.search.conventions import Conventions, SearchSettings
    from tracer.search.imperfect import imperfect_decision
    from tracer.trace.io import load_trace, save_trace
    from tracer.trace.key import AnswerKey, answer_key
    from tracer.trace.key_text import key_markdown, key_text
    from tracer.trace.model import TraceVisitor
    from tracer.trace.replay import Replayer, replay
    from tracer.trace.state import SearchState

# The rest loads when first used (tracer._lazy): each command imports this package first, and
# needs few of these.
__getattr__, __dir__ = lazy_names(__name__, {
    "tracer.game.games": ("GAMES", "make_game"),
    "tracer.game.imperfect": ("make_hidden",),
    "tracer.game.loader": ("load_game_class",),
    "tracer.game.model": ("Node", "Tree", "format_value"),
    "tracer.game.notation": ("load_tree", "parse_tree"),
    "tracer.game.protocol": ("Game", "TreeGame"),
    "tracer.search.conventions": ("Conventions", "SearchSettings"),
    "tracer.search.imperfect": ("imperfect_decision",),
    "tracer.trace.io": ("load_trace", "save_trace"),
    "tracer.trace.key": ("AnswerKey", "answer_key"),
    "tracer.trace.key_text": ("key_markdown", "key_text"),
    "tracer.trace.model": ("TraceVisitor",),
    "tracer.trace.replay": ("Replayer", "replay"),
    "tracer.trace.state": ("SearchState",),
})


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
