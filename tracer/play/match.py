"""A game between a person and the search: whose turn it is, reading a person's move, the search's reply.

:class:`Match` holds the position and the moves so far; it knows nothing of terminals or
notebooks, which drive it (:mod:`tracer.cli.play`, :mod:`tracer.play.notebook`):

* :meth:`Match.play` takes the person's move as text: a move's name as the game writes
  it (``Xb2``, ``a1-a2``, ``Nf3``), the end of one when only one move ends so (``b2``),
  a chess move in UCI (``g1f3``), or its number in :meth:`Match.moves`; anything else is
  a :class:`MoveError` that says what can be typed;
* :meth:`Match.reply` searches the position as the settings say (a search from the
  current position, as ``tracer key --position`` would run it) and makes the move the
  search chose, returning a :class:`SearchMove` with its trace and one line saying why.
  A win under a depth limit is worth +-inf however many moves away it is, so a search
  that finds one also searches shallower, and plays the move of the shallowest search
  that still wins: otherwise it may put the win off move after move (a rook shuffling
  beside a mate it could give).

The search never sees the moves played before: each reply is a fresh search of the
position on the board.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, replace
from typing import Any

from tracer.errors import InputError, Option
from tracer.game.games import make_game
from tracer.game.games.base import PositionGame
from tracer.game.loader import load_game_class
from tracer.game.protocol import Game, bounded, game_title
from tracer.search.conventions import SearchSettings
from tracer.trace.model import Trace
from tracer.words import algorithm_name, count, say
from tracer.words import bounded as with_bound

INF = float("inf")

__all__ = ["HUMAN_SIDES", "UNBOUNDED_DEPTH", "Match", "MoveError", "SearchMove", "from_position", "game_named"]

HUMAN_SIDES = ("first", "second")
UNBOUNDED_DEPTH = 2
"""The depth a search plays at in a game that cannot be searched to its end (chess), unless told otherwise."""


class MoveError(InputError):
    """A person's move that is not a legal move here (the message lists what can be typed)."""


@dataclass(frozen=True)
class SearchMove:
    """A move the search made: where, which, its value and what the search did to find it."""

    number: int  # the move's number in the game, 1 for the first move played
    side: str  # "max" or "min"
    state: Any  # the position searched
    move: Any
    label: str
    trace: Trace  # the search of ``state`` (its events kept only when the match records them)
    depth: int | None = None  # the depth limit of that search (None: to the end of the game)

    @property
    def value(self) -> float:
        return self.trace.root_value

    @property
    def visited(self) -> int:
        return int(self.trace.stats["visited"])

    @property
    def cutoffs(self) -> int:
        return int(self.trace.stats["cutoffs"])


def game_named(name: str, position: str | None = None) -> Game:
    """The game ``name`` (``tictactoe``, ``chess``, ...) or a course's class (``module:Class``, ``file.py:Class``) at ``position``."""
    if ":" in name:
        return load_game_class(name, position)  # type: ignore[return-value]  # a GameAdapter answers the protocol
    return make_game(name, position)  # type: ignore[no-any-return]


def from_position(game: Game, state: Any) -> Game:
    """``game`` starting from ``state`` instead of its own start (a shallow copy: the rules are shared)."""
    clone: Any = copy.copy(game)
    if isinstance(game, PositionGame):
        clone._initial = state
        clone.position = game.position_text(state)
    else:  # a course's class (or any game object): its initial_state answers with the position on the board
        clone.initial_state = lambda: state
        if hasattr(game, "position"):
            clone.position = game.describe(state)
    return clone  # type: ignore[no-any-return]


class Match:
    """A game of ``game`` between a person (``human``: ``first`` or ``second`` to move) and the search.

    ``record`` keeps every event of each search, for figures and keys of the search's moves;
    without it only the statistics are kept.
    """

    def __init__(self, game: Game, settings: SearchSettings | None = None, *, human: str = "second", record: bool = False) -> None:
        if human not in HUMAN_SIDES:
            raise InputError(say("play.human.bad", "{{0}} is not first or second"), hint=say("play.human.hint", "write {{1}} or {{2}}"),
                             options=(Option("human", human), Option("human", "first"), Option("human", "second")))
        if game.has_chance:
            raise InputError(
                say("play.chance", "{game} has chance moves, which a match between a person and the search does not roll", game=game_title(game)),
                hint=say("play.chance.hint", "play a game without chance, such as tictactoe, hexapawn or chess"),
            )
        settings = settings or SearchSettings()
        if settings.depth is None and not bounded(game):
            settings = replace(settings, depth=UNBOUNDED_DEPTH)
        self.game = game
        self.settings = settings
        self.record = record
        self.state = game.initial_state()
        starter = game.to_move(self.state)
        other = "min" if starter == "max" else "max"
        self.human_side = starter if human == "first" else other
        self.search_side = other if human == "first" else starter
        self.history: list[tuple[str, str]] = []  # (side, move label) in the order played
        self.searches: list[SearchMove] = []

    # -- the position ----------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return bool(self.game.is_terminal(self.state))

    @property
    def to_move(self) -> str:
        return str(self.game.to_move(self.state))

    @property
    def humans_turn(self) -> bool:
        return not self.over and self.to_move == self.human_side

    @property
    def outcome(self) -> str | None:
        """``"max"`` or ``"min"`` (who won), ``"draw"``, or None while the game goes on."""
        if not self.over:
            return None
        utility = self.game.utility(self.state)
        return "max" if utility > 0 else "min" if utility < 0 else "draw"

    def side_name(self, side: str) -> str:
        """How the game names a side (X and O, White and Black), else MAX and MIN."""
        names = getattr(self.game, "side_names", None)
        if not names:
            return side.upper()
        name = str(names[0] if side == "max" else names[1])
        words = {"White": say("play.side.white", "White"), "Black": say("play.side.black", "Black")}
        return words.get(name, name)

    def moves(self) -> list[str]:
        """The names of the legal moves, in the game's order (the person may type their numbers, from 1)."""
        return [self.game.move_label(self.state, move) for move in self.game.actions(self.state)]

    def board(self) -> list[str]:
        """The position as lines of text: the game's board (``.`` for an empty cell), else its description."""
        grid = self.game.board(self.state)
        if not grid:
            return [self.game.describe(self.state)]
        return [" ".join(cell if cell.strip() else "." for cell in row) for row in grid]

    # -- the person's move -----------------------------------------------------------------
    def choose(self, text: str) -> Any:
        """The legal move ``text`` names; MoveError when it names none, or more than one."""
        actions = list(self.game.actions(self.state))
        labels = [self.game.move_label(self.state, move) for move in actions]
        typed = text.strip()
        wanted = typed.lower()
        if wanted.isdigit() and 1 <= int(wanted) <= len(actions):
            return actions[int(wanted) - 1]
        for names in (
            lambda i: {labels[i].lower()},
            lambda i: {labels[i].lower().rstrip("+#")} | ({str(actions[i]).lower()} if not str(actions[i]).isdigit() else set()),
        ):
            found = [i for i in range(len(actions)) if wanted in names(i)]
            if len(found) == 1:
                return actions[found[0]]
        ending = [i for i in range(len(actions)) if wanted and labels[i].lower().endswith(wanted)]
        if len(ending) == 1:
            return actions[ending[0]]
        listed = ", ".join(labels)
        if len(ending) > 1:
            raise MoveError(
                say("play.move.ambiguous", "{typed} could be {moves}", typed=repr(typed), moves=", ".join(labels[i] for i in ending)),
                hint=say("play.move.hint.ambiguous", "type the whole move"),
            )
        raise MoveError(
            say("play.move.unknown", "{typed} is not a legal move here", typed=repr(typed)),
            hint=say("play.move.hint", "legal moves: {moves} (or their numbers, 1 to {n})", moves=listed, n=len(labels)),
        )

    def play(self, text: str) -> str:
        """Make the person's move ``text``; returns its name. MoveError when it is not legal or not their turn."""
        if self.over:
            raise MoveError(say("play.over", "the game is over"))
        if not self.humans_turn:
            raise MoveError(say("play.not_yours", "it is the search's turn, not yours"))
        move = self.choose(text)
        return self._make(move)

    def _make(self, move: Any) -> str:
        label = self.game.move_label(self.state, move)
        self.history.append((self.to_move, label))
        self.state = self.game.result(self.state, move)
        return label

    # -- the search's move -----------------------------------------------------------------
    def reply(self) -> SearchMove:
        """Search the position, make the move the search chose and return it."""
        if self.over:
            raise MoveError(say("play.over", "the game is over"))
        if self.humans_turn:
            raise MoveError(say("play.yours", "it is your turn, not the search's"))
        state = self.state
        game = from_position(self.game, state)
        trace = Trace.searched(game, self.settings, record=self.record)
        depth = self.settings.depth
        side = self.to_move
        won = INF if side == "max" else -INF
        if depth is not None and trace.root_value == won:
            # A win is +-inf however far away: search shallower first, so the shortest win is played, not put off
            for shallower in range(1, depth):
                shallow = Trace.searched(game, replace(self.settings, depth=shallower), record=self.record)
                if shallow.root_value == won:
                    trace, depth = shallow, shallower
                    break
        best = trace.best_move
        actions = list(self.game.actions(state))
        move = actions[best[0]] if best else actions[0]  # no best: the root was answered without a move (never at the root)
        number_played = len(self.history) + 1
        label = self._make(move)
        made = SearchMove(number_played, side, state, move, label, trace, depth)
        self.searches.append(made)
        return made

    def explanation(self, made: SearchMove) -> str:
        """One line: the move, its value, the nodes the search visited and its cutoffs, and how it searched."""
        settings = self.settings
        how = algorithm_name(settings.algorithm)
        if made.depth is not None and made.depth != settings.depth:
            how = say("play.how.shortest", "{algorithm}, depth {depth}: the shortest win", algorithm=how, depth=made.depth)
        elif made.depth is not None:
            how = say("play.how.depth", "{algorithm}, depth {depth}", algorithm=how, depth=made.depth)
        if settings.quiescence:
            how = say("play.how.quiescence", "{how}, quiescence", how=how)
        return say(
            "play.search.move",
            "{side} plays {move}: value {value}, nodes visited {visited}, cutoffs {cutoffs} ({how})",
            side=self.side_name(made.side), move=made.label, value=with_bound(made.value, made.trace.run.bound),
            visited=count(made.visited), cutoffs=count(made.cutoffs), how=how,
        )

    def result_line(self) -> str:
        """Who won, or a draw, once the game is over."""
        outcome = self.outcome
        if outcome == "draw":
            return say("play.result.draw", "Game over: a draw.")
        if outcome is None:
            return say("play.result.none", "The game is not over.")
        winner = self.side_name(outcome)
        if outcome == self.human_side:
            return say("play.result.human", "Game over: {side} wins. You won.", side=winner)
        return say("play.result.search", "Game over: {side} wins. The search won.", side=winner)

    def __repr__(self) -> str:
        where = "over" if self.over else f"{self.to_move} to move"
        return f"<Match of {game_title(self.game)}: {len(self.history)} moves played, {where}>"
