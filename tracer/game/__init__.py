"""Games and explicit game trees: what a search runs on (each name loads when first used: :mod:`tracer._lazy`)."""

from typing import TYPE_CHECKING

from tracer._lazy import lazy_names

if TYPE_CHECKING:
    from tracer.game.games import GAMES, make_game
    from tracer.game.model import Node, Tree, format_value, parse_path
    from tracer.game.notation import load_tree, parse_players, parse_tree, tree_from_data
    from tracer.game.protocol import Game, TreeGame

__getattr__, __dir__ = lazy_names(__name__, {
    "tracer.game.games": ("GAMES", "make_game"),
    "tracer.game.model": ("Node", "Tree", "format_value", "parse_path"),
    "tracer.game.notation": ("load_tree", "parse_players", "parse_tree", "tree_from_data"),
    "tracer.game.protocol": ("Game", "TreeGame"),
})

__all__ = [
    "GAMES", "Game", "Node", "Tree", "TreeGame", "format_value", "load_tree", "make_game", "parse_path",
    "parse_players", "parse_tree", "tree_from_data",
]
