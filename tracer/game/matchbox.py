"""Gardner's Hexapawn matchbox learner (HER, the "Hexapawn Educable Robot", 1962), simulated.

Martin Gardner's March 1962 Scientific American column built a Hexapawn player from
matchboxes, after Donald Michie's MENACE for noughts and crosses. The machine plays
Black. There is a box for each position Black can face, holding one bead for each legal
move there; a position and its mirror image share a box (the move is mirrored too). To
move, draw a bead at random from the position's box and play its move. After a game the
machine loses, the bead of its last move is confiscated; if it meets an empty box it
resigns, and the bead of its last move is confiscated all the same. Won games change
nothing. With enough games only winning moves are left wherever play can lead, and the
machine no longer loses.

:class:`MatchboxLearner` plays that machine against White over the existing
:class:`~tracer.game.games.hexapawn.Hexapawn` game, deterministically for a seed: White
plays a uniformly random legal move (the default opponent), probes for the machine's
weaknesses (``opponent="probing"``: a move after which the beads left can still lose,
as a player out to beat it would look for), or plays whatever a given function chooses. Each :class:`GameRecord` says how the game went and which box lost a bead.
:meth:`MatchboxLearner.unbeatable` checks whether White can still win against the beads
left, whatever it plays, so a course can say after which game the machine stopped
losing. (Gardner reported his own run, against his own play; its figures are not checked here. A
simulation against a random White needs many games, often over a hundred; against the
probing White, 20 to 43 games for seeds 0 to 9, losing 10 to 15 of them.)

Boxes are keyed by Hexapawn's canonical form (of a position and its mirror, the one
that reads first); beads are moves in that canonical orientation.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from tracer.errors import InputError
from tracer.game.games.hexapawn import Hexapawn, HexapawnState
from tracer.words import say

__all__ = ["OPPONENTS", "BoxChange", "GameRecord", "MatchboxLearner"]

Move = tuple[int, int]
Opponent = Callable[[Hexapawn, HexapawnState, random.Random], Move]


def random_white(game: Hexapawn, state: HexapawnState, rng: random.Random) -> Move:
    """White's move chosen uniformly at random among its legal moves."""
    return rng.choice(game.actions(state))


OPPONENTS = ("random", "probing")
"""White's ways of playing, by name: uniformly at random, or probing for the machine's weaknesses
(at random among the moves after which the beads left can still lose, else among all)."""


@dataclass(frozen=True)
class BoxChange:
    """A bead confiscated: from which box (its position), which move, and how many beads are left."""

    box: str
    bead: str
    left: int


@dataclass(frozen=True)
class GameRecord:
    """One game: its number (from 1), the moves played, who won, and the box that changed."""

    number: int
    moves: tuple[str, ...]
    winner: str  # "White" or "Black"
    resigned: bool
    changes: tuple[BoxChange, ...]


class MatchboxLearner:
    """Gardner's matchbox machine playing Black at Hexapawn, seeded for repeatable runs."""

    def __init__(self, seed: int = 0, opponent: Opponent | str = "random") -> None:
        self.game = Hexapawn()
        self.rng = random.Random(seed)
        if opponent == "probing":
            opponent = self._probing_white
        elif opponent == "random":
            opponent = random_white
        elif isinstance(opponent, str):
            raise InputError(say("game.matchbox.opponent", "unknown opponent {name}", name=repr(opponent)), hint=say("game.choose", "choose one of {names}", names=", ".join(OPPONENTS)))
        self.opponent = opponent
        self.boxes: dict[HexapawnState, list[Move]] = {}
        self.records: list[GameRecord] = []
        self._fill_boxes()

    def _fill_boxes(self) -> None:
        """One box for every position Black can face (mirror images together), a bead per move."""
        game = self.game
        seen = {game.initial_state()}
        frontier = [game.initial_state()]
        while frontier:
            state = frontier.pop()
            if game.is_terminal(state):
                continue
            if game.to_move(state) == "min":
                box, _ = game.canonical(state)
                self.boxes.setdefault(box, list(game.actions(box)))
            for move in game.actions(state):
                child = game.result(state, move)
                if child not in seen:
                    seen.add(child)
                    frontier.append(child)
        self.boxes = dict(sorted(self.boxes.items(), key=lambda item: item[0][0]))  # a fixed order for reports

    def _probing_white(self, game: Hexapawn, state: HexapawnState, rng: random.Random) -> Move:
        """A White that looks for weaknesses: a move after which the beads left can lose, else any."""
        moves = list(game.actions(state))
        winning = [move for move in moves if self.can_lose(game.result(state, move))]
        return rng.choice(winning or moves)

    def box_text(self, box: HexapawnState) -> str:
        return self.game.position_text(box)

    def play(self) -> GameRecord:
        """Play one game against White and learn from it."""
        game = self.game
        state = game.initial_state()
        moves: list[str] = []
        last: tuple[HexapawnState, Move] | None = None  # Black's last box and bead
        resigned = False
        while not game.is_terminal(state):
            if game.to_move(state) == "max":
                move = self.opponent(game, state, self.rng)
            else:
                box, symmetry = game.canonical(state)
                beads = self.boxes[box]
                if not beads:
                    resigned = True
                    break
                bead = self.rng.choice(beads)
                last = (box, bead)
                move = game.transform_action(bead, symmetry)  # the mirror is its own inverse
            moves.append(game.move_label(state, move))
            state = game.result(state, move)
        black_won = not resigned and game.utility(state) < 0
        changes: tuple[BoxChange, ...] = ()
        if not black_won and last is not None:
            box, bead = last
            self.boxes[box].remove(bead)
            changes = (BoxChange(self.box_text(box), game.move_label(box, bead), len(self.boxes[box])),)
        record = GameRecord(len(self.records) + 1, tuple(moves), "Black" if black_won else "White", resigned, changes)
        self.records.append(record)
        return record

    def train(self, games: int) -> list[GameRecord]:
        """Play ``games`` games; their records."""
        return [self.play() for _ in range(games)]

    def can_lose(self, state: HexapawnState) -> bool:
        """Whether some White play from ``state`` beats the beads left (a check, not a game)."""
        game = self.game
        if game.is_terminal(state):
            return game.utility(state) > 0
        if game.to_move(state) == "max":
            return any(self.can_lose(game.result(state, move)) for move in game.actions(state))
        box, symmetry = game.canonical(state)
        beads = self.boxes[box]
        return not beads or any(self.can_lose(game.result(state, game.transform_action(b, symmetry))) for b in beads)

    def unbeatable(self) -> bool:
        """Whether every White play now loses against the beads left (a check, not a game)."""
        return not self.can_lose(self.game.initial_state())

    def train_until_unbeatable(self, limit: int = 1000) -> int | None:
        """Play until the machine cannot lose any more; the number of games that took (None past ``limit``)."""
        while not self.unbeatable():
            if len(self.records) >= limit:
                return None
            self.play()
        return len(self.records)
