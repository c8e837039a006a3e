"""What every shipped game shares: a starting position read from text."""

from __future__ import annotations

from typing import Any

__all__ = ["PositionGame", "split_side"]


class PositionGame:
    """A game that starts from a position written as text (its usual start by default).

    Subclasses set ``name``, ``title``, ``start`` (the usual starting position),
    ``has_chance``, ``has_evaluation`` and ``action_order``, and define
    ``parse_position`` (text -> state, raising InputError with a hint) and
    ``position_text`` (state -> text).
    """

    name: str
    title: str
    start: str
    has_chance = False
    has_evaluation = False
    action_order: str

    def __init__(self, position: str | None = None) -> None:
        self._initial = self.parse_position(position or self.start)
        self.position = self.position_text(self._initial)

    def parse_position(self, text: str) -> Any:
        raise NotImplementedError

    def position_text(self, state: Any) -> str:
        raise NotImplementedError

    def initial_state(self) -> Any:
        return self._initial

    def chance_outcomes(self, state: Any) -> list[tuple[Any, float]]:
        return []

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.position!r})"


def split_side(text: str) -> tuple[str, str | None]:
    """A position's text and the side to move written after a colon (``"3,4:min"`` -> ``("3,4", "min")``);
    MAX when none is written, None when the side is not ``max`` or ``min``."""
    body, _, side = text.partition(":")
    side = side.strip().lower() or "max"
    return body, side if side in ("max", "min") else None
