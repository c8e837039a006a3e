"""Nim, normal play: a move takes one or more objects from one heap; whoever takes
the last object wins. MAX moves first; the utility is +1 when MAX wins, -1 when MIN
wins. A position is lost for the player to move exactly when the XOR of the heap sizes
(the nim-sum) is 0.

A position is the heap sizes, comma-separated (``3,4,5``), optionally followed by
``:max`` or ``:min`` for the player to move (MAX when left out). Moves are searched
heap by heap from the left, and for each heap taking 1, 2, ... objects; ``h2-3`` takes
three objects from the second heap.
"""

from __future__ import annotations

from tracer.errors import InputError
from tracer.game.games.base import PositionGame, split_side
from tracer.words import Said, say

__all__ = ["Nim", "NimState"]

NimState = tuple[tuple[int, ...], str]
"""(heaps, to_move)."""

_MAX_OBJECTS = 64


class Nim(PositionGame):
    """Nim from a position (heaps 1,2,3 by default)."""

    name = "nim"
    title = Said("game.nim.title", "Nim")
    has_chance = False
    has_evaluation = False
    start = "1,2,3"
    action_order = Said("game.nim.order", "heaps from the left; for each heap take 1, 2, ... objects")

    @staticmethod
    def parse_position(text: str) -> NimState:
        heaps_text, side = split_side(text)
        try:
            heaps = tuple(int(part) for part in heaps_text.replace(" ", "").split(","))
        except ValueError:
            heaps = ()
        if not heaps or any(h < 0 for h in heaps) or side is None:
            raise InputError(
                say("game.nim.position", "{text} is not a Nim position", text=repr(text)),
                hint=say("game.nim.position.hint", "write the heap sizes separated by commas, e.g. 3,4,5, optionally :min for MIN to move"),
            )
        if sum(heaps) > _MAX_OBJECTS:
            raise InputError(
                say("game.nim.large", "{text} has {objects} objects; the game tree would be astronomically large", text=repr(text), objects=sum(heaps)),
                hint=say("game.nim.large.hint", "use at most {most} objects in all", most=_MAX_OBJECTS),
            )
        return (heaps, side)

    @staticmethod
    def position_text(state: NimState) -> str:
        return ",".join(map(str, state[0])) + f":{state[1]}"

    def to_move(self, state: NimState) -> str:
        return state[1]

    def actions(self, state: NimState) -> list[tuple[int, int]]:
        return [(heap, take) for heap, size in enumerate(state[0]) for take in range(1, size + 1)]

    def result(self, state: NimState, move: tuple[int, int]) -> NimState:
        heaps, to_move = state
        heap, take = move
        new_heaps = heaps[:heap] + (heaps[heap] - take,) + heaps[heap + 1 :]
        return (new_heaps, "min" if to_move == "max" else "max")

    def is_terminal(self, state: NimState) -> bool:
        return not any(state[0])

    def utility(self, state: NimState) -> float:
        # The player to move faces empty heaps: the other player took the last object.
        return -1 if state[1] == "max" else 1

    def evaluate(self, state: NimState) -> float:
        raise NotImplementedError("Nim has no evaluation function")

    def move_label(self, state: NimState, move: tuple[int, int]) -> str:
        return f"h{move[0] + 1}-{move[1]}"

    def describe(self, state: NimState) -> str:
        return f"heaps {' '.join(map(str, state[0]))}, {state[1].upper()} to move"

    def board(self, state: NimState) -> list[list[str]]:
        return [[str(size) for size in state[0]]]
