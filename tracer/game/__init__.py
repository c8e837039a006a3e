"""Games and explicit game trees: what a search runs on."""

from tracer.game.games import GAMES, make_game
from tracer.game.model import Node, Tree, format_value, parse_path
from tracer.game.notation import load_tree, parse_players, parse_tree, tree_from_data
from tracer.game.protocol import Game, TreeGame

__all__ = [
    "GAMES", "Game", "Node", "Tree", "TreeGame", "format_value", "load_tree", "make_game", "parse_path",
    "parse_players", "parse_tree", "tree_from_data",
]
