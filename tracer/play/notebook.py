"""Playing against the search in a notebook (needs ``ipywidgets``)::

    from tracer.play.notebook import play
    play("tictactoe", human="first")          # the board, a list of your moves, and a Move button

:func:`play` runs the loop of ``tracer play`` with widgets: the board, the legal moves
in a drop-down list, and after each move of the search its one-line explanation and the
stepper of that search (:func:`tracer.render.jupyter.stepper`), so the search that
chose the move can be stepped through. A search too long to step through
(more than :data:`STEPPER_STEPS` steps, such as the first move of tic-tac-toe searched
to the end) is shown as its final figure instead, drawn :data:`FIGURE_DEPTH` levels deep.
"""

from __future__ import annotations

import html
from typing import Any

from tracer.errors import InputError
from tracer.game.protocol import Game
from tracer.play.match import Match, MoveError, SearchMove, game_named
from tracer.render.figure import Figure
from tracer.render.jupyter import stepper
from tracer.search.conventions import SearchSettings
from tracer.words import say

__all__ = ["FIGURE_DEPTH", "STEPPER_STEPS", "MatchBoard", "play"]

STEPPER_STEPS = 3000
"""The longest search (in steps) shown as a stepper; a longer one is shown as its final figure."""
FIGURE_DEPTH = 2
"""Levels below the position drawn in a search's figure (deeper nodes are counted, not drawn)."""


def play(game: str | Game, *, human: str = "second", position: str | None = None, **settings: Any) -> MatchBoard:
    """A game of ``game`` (a name such as ``"tictactoe"``, ``"module:Class"``, or a game object) against
    the search, as widgets; ``settings`` are :class:`~tracer.search.SearchSettings` fields (``depth``,
    ``algorithm``, ``quiescence``, ...). If the search moves first, it has moved when the board appears."""
    if isinstance(game, str):
        game = game_named(game, position)
    elif position is not None:
        raise InputError(say("play.position.object", "a position applies to a game given by its name"),
                         hint=say("play.position.hint", "make the game at its position instead"))
    return MatchBoard(Match(game, SearchSettings(**settings), human=human, record=True))  # type: ignore[arg-type]


class MatchBoard:
    """The widgets of a match: the board, the person's move (a drop-down list and a button), the search's explanations and steppers."""

    def __init__(self, match: Match) -> None:
        try:
            import ipywidgets
        except ImportError:
            from tracer.render.errors import RenderError

            raise RenderError(say("play.widget.missing", "playing in a notebook needs ipywidgets: {command}",
                                  command="pip install 'gametree-tracer[notebook]' (or pip install ipywidgets)")) from None
        self.match = match
        self.board = ipywidgets.HTML()
        self.choice = ipywidgets.Dropdown(description=say("play.widget.move", "Your move"))
        self.button = ipywidgets.Button(description=say("play.widget.button", "Move"))
        self.status = ipywidgets.HTML()
        self.log = ipywidgets.HTML()
        self.steps = ipywidgets.VBox()
        self.button.on_click(lambda _: self.move(self.choice.value))
        self.widget = ipywidgets.VBox([self.board, ipywidgets.HBox([self.choice, self.button]), self.status, self.log, self.steps])
        self._lines: list[str] = []
        self._advance()

    def move(self, text: str | None) -> None:
        """Play the person's move ``text`` (a move's name or number), then the search's reply."""
        try:
            self.match.play(text or "")
        except MoveError as error:
            self.status.value = f"<p>{html.escape(str(error))}</p>"
            return
        self.status.value = ""
        self._advance()

    def _advance(self) -> None:
        """Let the search move while it is its turn, then show the position and what can be played."""
        while not self.match.over and not self.match.humans_turn:
            made = self.match.reply()
            self._lines.append(self.match.explanation(made))
            self.steps.children = (self._search_view(made),)
        self.log.value = "".join(f"<p>{html.escape(line)}</p>" for line in self._lines)
        rows = "\n".join(self.match.board())
        self.board.value = f"<pre style='font-size:1.4em;line-height:1.2'>{html.escape(rows)}</pre>"
        if self.match.over:
            self.status.value = f"<p><strong>{html.escape(self.match.result_line())}</strong></p>"
            self.choice.options = ()
            self.choice.disabled = self.button.disabled = True
        else:
            self.choice.options = self.match.moves()

    def _search_view(self, made: SearchMove) -> Any:
        """The stepper of the search behind ``made``, or its final figure when it has too many steps."""
        import ipywidgets

        if len(made.trace) <= STEPPER_STEPS:
            return stepper(made.trace, max_depth=FIGURE_DEPTH)
        note = say("play.widget.long", "The search took {steps} steps, too many to step through here: its final figure, {depth} levels deep.",
                   steps=len(made.trace), depth=FIGURE_DEPTH)
        figure = Figure(made.trace, max_depth=FIGURE_DEPTH).final()
        return ipywidgets.VBox([ipywidgets.HTML(f"<p>{html.escape(note)}</p>"), ipywidgets.HTML(figure)])

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        return f"<MatchBoard: {self.match!r}>"
