"""Searching from Python in one call: ``tracer.alphabeta(tree)`` returns a :class:`Trace`."""

from __future__ import annotations

from pathlib import Path as FilePath
from typing import Any

from tracer.errors import InputError, Option, TraceFormatError, TreeFormatError
from tracer.game.model import Tree
from tracer.game.protocol import Game, TreeGame
from tracer.reading import check_size, load_json, open_text, read_input
from tracer.search.conventions import Conventions, SearchSettings, default_algorithm
from tracer.trace.model import Trace
from tracer.words import say

# The readers of trees, traces and games are imported where they are used: ``import tracer``
# (which imports this module) then costs no game or file format a program does not use.

__all__ = ["alphabeta", "as_game", "default_algorithm", "expectiminimax", "minimax", "search"]


def as_game(source: Tree | Game | str, players: str | None = None, root: str | None = None) -> Game:
    """A tree (or a tree written as text, typed by ``players``/``root``) as a game; a game as itself."""
    if isinstance(source, str):
        from tracer.game.notation import parse_tree

        source = parse_tree(source, players=players, root=root)
    elif players is not None or root is not None:

        raise InputError(say("input.players.text", "players and root apply to a tree written as text"),
                         hint=say("input.players.text.hint", "give them to parse_tree or load_tree instead"))
    if isinstance(source, Tree):
        return TreeGame(source)
    return source


def search(
    source: Tree | Game | str,
    settings: SearchSettings | None = None,
    *,
    record: bool = True,
    players: str | None = None,
    root: str | None = None,
) -> Trace:
    """Run the search ``settings`` describe on a tree, a tree in bracket form, or a game.

    >>> trace = search("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]")
    >>> trace.root_value, trace.best_move
    (3, (0,))
    """
    return Trace.searched(as_game(source, players, root), settings or SearchSettings(), record=record)


def minimax(source: Tree | Game | str, *, players: str | None = None, root: str | None = None, **options: Any) -> Trace:
    """Minimax; options are :class:`SearchSettings` fields (``depth``, ``order``, ...).

    ``players`` and ``root`` set node types by depth when ``source`` is a tree written as text.
    """
    return search(source, SearchSettings(algorithm="minimax", **options), players=players, root=root)


def expectiminimax(source: Tree | Game | str, *, players: str | None = None, root: str | None = None, **options: Any) -> Trace:
    """Expectiminimax: minimax that averages at chance nodes.

    >>> expectiminimax("[[1, 2], [3, 4]]", players="chance,max").root_value
    3.0
    """
    return search(source, SearchSettings(algorithm="expectiminimax", **options), players=players, root=root)


def alphabeta(
    source: Tree | Game | str,
    *,
    prune_on_equal: bool = True,
    fail: str = "soft",
    players: str | None = None,
    root: str | None = None,
    **options: Any,
) -> Trace:
    """Alpha-beta in the given conventions (AIMA's by default: prune on equality, fail-soft).

    >>> alphabeta("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]").stats["cutoffs"]
    1
    """
    conventions = Conventions(prune_on_equal=prune_on_equal, fail=fail)
    return search(source, SearchSettings(algorithm="alphabeta", conventions=conventions, **options), players=players, root=root)


def load_input(
    source: str | None,
    *,
    game: str | None = None,
    position: str | None = None,
    players: str | None = None,
    root: str | None = None,
) -> Tree | Game | Trace:
    """What a command works on: a tree file (or ``-``), a trace file, or ``game`` at ``position``
    (a game's name, or a course's class ``module:Class`` / ``path/to/file.py:Class``, whose code runs).

    A ``.json`` or ``.json.gz`` file (or standard input) that says ``"format":
    "tracer-trace"`` near its start is read as a trace; anything else as a tree. Exactly one
    of ``source`` and ``game`` must be given.
    """
    from tracer.game.games import make_game
    from tracer.game.loader import load_game_class
    from tracer.game.notation import load_tree, parse_tree
    from tracer.trace.io import load_trace

    if game is not None:
        if source is not None:
            raise InputError(say("input.file.game", "both a file ({file}) and {{0}} were given", file=source), hint=say("input.one", "give one of them"),
                             options=(Option("game", game),))
        if players is not None or root is not None:
            raise InputError(
                say("input.game.players", "{{0}} and {{1}} do not apply to {{2}}: the game says whose turn it is"), hint=say("input.leave", "leave them out"),
                options=(Option("players"), Option("root"), Option("game", game)),
            )
        if ":" in game:  # a course's own class, asked for by the user (never because a file names one)
            return load_game_class(game, position)
        return make_game(game, position)
    if position is not None:
        raise InputError(
            say("input.position.game", "{{0}} needs {{1}}"), hint=say("input.position.game.hint", "name the game, e.g. {{2}} {{3}}"),
            options=(Option("position"), Option("game"), Option("game", "tictactoe"), Option("position", "X.O.X....")),
        )
    if source is None:
        raise InputError(say("input.none", "no input"), hint=say("input.none.hint", "give a tree file (or - for standard input), a trace file, or a game ({{0}})"),
                         options=(Option("game"),))
    if source == "-":
        what = say("reading.stdin", "standard input")
        text = read_input("-", kind="trace", error=TreeFormatError, what=what)  # a trace may come this way: its limit first
        trace = _trace_in(text, "<stdin>", players, root)
        if trace is not None:
            return trace
        check_size(text, kind="tree", error=TreeFormatError, source="<stdin>", what=what)  # not a trace: a tree's limit
        return parse_tree(text, source="<stdin>", players=players, root=root)
    if is_trace_file(source):
        if players is not None or root is not None:
            raise InputError(say("input.trace.players", "{{0}} and {{1}} do not apply to a trace"), source=source, hint=say("input.leave", "leave them out"),
                             options=(Option("players"), Option("root")))
        return load_trace(source)
    return load_tree(source, players=players, root=root)


def is_trace_file(source: str) -> bool:
    """Whether the file ``source`` (``.json`` or ``.json.gz``) says it is a trace in its first lines."""
    path = FilePath(source)
    if not (path.name.lower().endswith((".json", ".json.gz")) and path.is_file()):
        return False
    try:
        with open_text(path, kind="trace", error=TraceFormatError) as text:
            start = text.read(400)
    except (TraceFormatError, OSError, UnicodeDecodeError, EOFError):
        return False  # the tree reader, or the trace reader, says what is wrong with it
    return start.lstrip().startswith("{") and '"tracer-trace"' in start


def _trace_in(text: str, source: str, players: str | None, root: str | None) -> Trace | None:
    """The trace ``text`` holds, or None when it is not a trace (then it may be a tree)."""

    if not text.lstrip().startswith("{") or '"tracer-trace"' not in text:  # a trace is an object; bracket-form trees are lists
        return None
    try:
        data = load_json(text, source, error=TraceFormatError)
    except TraceFormatError:
        return None  # the tree reader reports where the problem is
    if not (isinstance(data, dict) and data.get("format") == "tracer-trace"):
        return None
    from tracer.trace.io import read_trace

    if players is not None or root is not None:
        raise InputError(say("input.trace.players", "{{0}} and {{1}} do not apply to a trace"), source=source, hint=say("input.leave", "leave them out"),
                         options=(Option("players"), Option("root")))
    return read_trace(data, source=source)
