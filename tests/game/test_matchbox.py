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


def white_can_win(learner, state):
    """Written here: can some White play beat the beads left? (The test's own search.)"""
    if GAME.is_terminal(state):
        return GAME.utility(state) > 0
    if GAME.to_move(state) == "max":
        return any(white_can_win(learner, GAME.result(state, m)) for m in GAME.actions(state))
    box, symmetry = GAME.canonical(state)
    beads = learner.boxes[box]
    if not beads:
        return True
    moves = [GAME.transform_action(b, symmetry) for b in beads]
    return any(white_can_win(learner, GAME.result(state, m)) for m in moves)


@pytest.mark.parametrize("seed", range(10))
def test_against_a_probing_white_it_stops_losing_within_a_few_dozen_games(seed):
    # Gardner's column reported a run of a few dozen games against his own play; a White that
    # looks for the machine's weaknesses teaches about as fast (20 to 43 games for these seeds).
    learner = MatchboxLearner(seed=seed, opponent="probing")
    games = learner.train_until_unbeatable(limit=60)
    assert games is not None and games <= 45
    assert not white_can_win(learner, GAME.initial_state())
    assert all(r.winner == "Black" for r in learner.train(30))


def test_tracer_learn_is_seeded_and_says_when_white_stops_winning():
    from click.testing import CliRunner

    from tracer.cli import main

    runner = CliRunner()
    args = ["learn", "hexapawn", "--games", "45", "--seed", "2"]
    first, second = runner.invoke(main, args).output, runner.invoke(main, args).output
    assert first == second and first != runner.invoke(main, [*args[:-1], "3"]).output
    learner = MatchboxLearner(seed=2, opponent="probing")
    games = learner.train_until_unbeatable()
    assert f"After game {games}, White cannot win" in first
    lines = [line for line in first.splitlines() if line[:1].isdigit()]
    assert len(lines) == 45 and [line.split()[0] for line in lines] == [str(n) for n in range(1, 46)]
    # the bead count goes down by one exactly in the games White won
    for line, record in zip(lines, learner.records):
        assert (" White " in line) == (record.winner == "White")
    data = __import__("json").loads(runner.invoke(main, [*args, "--format", "json"]).output)
    beads = [g["beads"] for g in data["games"]]
    assert all(b - a == (g["winner"] == "White") for a, b, g in zip(beads[1:], beads, data["games"][1:]))
    assert data["unbeatable_after"] == games
