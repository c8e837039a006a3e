"""Gardner's Hexapawn matchbox learner: boxes, beads, learning, and that it ends up unbeatable."""

from __future__ import annotations

from functools import cache

import pytest

from tracer.game.games import Hexapawn
from tracer.game.matchbox import MatchboxLearner

GAME = Hexapawn()


@cache
def value(state):
    """Plain minimax over the Hexapawn game, written here: +1 White wins, -1 Black wins."""
    if GAME.is_terminal(state):
        return GAME.utility(state)
    values = [value(GAME.result(state, move)) for move in GAME.actions(state)]
    return max(values) if GAME.to_move(state) == "max" else min(values)


def mirror(board: str) -> str:
    return "".join(board[i] for i in (2, 1, 0, 5, 4, 3, 8, 7, 6))


def test_one_box_per_black_position_up_to_the_mirror_and_a_bead_per_move():
    learner = MatchboxLearner()
    # Black-to-move positions met in play (game not over), counted here with the mirror merged.
    seen, frontier, black = {GAME.initial_state()}, [GAME.initial_state()], set()
    while frontier:
        state = frontier.pop()
        if GAME.is_terminal(state):
            continue
        if GAME.to_move(state) == "min":
            black.add(min(state[0], mirror(state[0])))
        for move in GAME.actions(state):
            child = GAME.result(state, move)
            if child not in seen:
                seen.add(child)
                frontier.append(child)
    assert sorted(box[0] for box in learner.boxes) == sorted(black)
    assert len(learner.boxes) == 19
    assert all(beads == list(GAME.actions(box)) for box, beads in learner.boxes.items())


def test_a_seed_gives_the_same_run():
    first, second = MatchboxLearner(seed=5).train(30), MatchboxLearner(seed=5).train(30)
    assert first == second
    assert first != MatchboxLearner(seed=6).train(30)


def test_only_lost_games_take_a_bead_and_only_one():
    learner = MatchboxLearner(seed=1)
    beads = sum(map(len, learner.boxes.values()))
    for _ in range(60):
        record = learner.play()
        left = sum(map(len, learner.boxes.values()))
        if record.winner == "Black":
            assert record.changes == () and left == beads
        else:
            assert len(record.changes) == 1 and left == beads - 1
            assert record.changes[0].left == len(next(b for box, b in learner.boxes.items() if learner.box_text(box) == record.changes[0].box))
        beads = left


@pytest.mark.parametrize("seed", range(4))
def test_the_learner_stops_losing_and_keeps_only_winning_moves(seed):
    learner = MatchboxLearner(seed=seed)
    games = learner.train_until_unbeatable()
    assert games is not None and learner.unbeatable()
    lost = [r for r in learner.records if r.winner == "White"]
    assert lost and lost[-1].number <= games
    # Every bead left where play can still lead is a winning move for Black (by minimax).
    reachable, frontier = set(), [GAME.initial_state()]
    while frontier:
        state = frontier.pop()
        if state in reachable or GAME.is_terminal(state):
            continue
        reachable.add(state)
        if GAME.to_move(state) == "max":
            frontier.extend(GAME.result(state, m) for m in GAME.actions(state))
        else:
            box, symmetry = GAME.canonical(state)
            for bead in learner.boxes[box]:
                child = GAME.result(state, GAME.transform_action(bead, symmetry))
                assert value(child) == -1
                frontier.append(child)
    # and it does not lose again
    assert all(r.winner == "Black" for r in learner.train(100))
