"""The pseudocode follows the conventions, every step lights a line, and a stepper's payload stays small."""

from __future__ import annotations

import json

import pytest
from engine_helpers import traced

import tracer
from tracer.docsite.fence import read_fence_options
from tracer.game.games import CoinFlip, TicTacToe
from tracer.render.figure import Figure
from tracer.search import SearchSettings
from tracer.trace.pseudocode import pseudocode_for, step_lines

FIG_5_2 = "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"


def line_at_first(trace, kind: str) -> str:
    code = pseudocode_for(trace)
    lines = step_lines(trace, code)
    step = next(i for i, event in enumerate(trace) if event.kind == kind)
    return code.lines[lines[step]].text


@pytest.mark.parametrize(
    ("conventions", "expected"),
    [
        ({"prune_on_equal": True, "fail": "soft"}, "if v ≤ α then return v, move"),
        ({"prune_on_equal": False, "fail": "soft"}, "if v < α then return v, move"),
        ({"prune_on_equal": True, "fail": "hard"}, "if v ≤ α then return α, move"),
    ],
)
def test_the_cutoff_step_lights_the_prune_line_of_its_convention(conventions, expected):
    trace = tracer.alphabeta(FIG_5_2, **conventions)
    assert line_at_first(trace, "cutoff") == expected


def test_lines_follow_the_events():
    trace = tracer.alphabeta(FIG_5_2)
    code = pseudocode_for(trace)
    lines = step_lines(trace, code)
    texts = [code.lines[index].text for index in lines]
    assert texts[0] == "function MAX-VALUE(state, α, β)"  # enter the root
    assert texts[1] == "function MIN-VALUE(state, α, β)"  # enter B
    assert texts[3] == "if IS-TERMINAL(state) then return UTILITY(state)"  # E's utility
    assert texts[5] == "if v2 < v then v, move ← v2, a"  # B backs up E's value
    assert texts[6] == "β ← MIN(β, v)"
    assert texts[-1] == "return v, move"  # the root returns
    fail_hard = tracer.alphabeta(FIG_5_2, fail="hard")
    hard_code = pseudocode_for(fail_hard)
    assert hard_code.lines[step_lines(fail_hard, hard_code)[-1]].text == "return α, move"


@pytest.mark.parametrize(
    "trace",
    [
        tracer.minimax(FIG_5_2),
        tracer.expectiminimax(CoinFlip("3")),
        tracer.search(TicTacToe("XO.X..O.."), SearchSettings(depth=2, iterative=True, transposition_table=True, order="eval")),
    ],
    ids=["minimax", "expectiminimax", "deepening-tt-ordering"],
)
def test_every_step_lights_a_line(trace):
    code = pseudocode_for(trace)
    lines = step_lines(trace, code)
    assert len(lines) == len(trace)
    assert all(index is not None for index in lines)
    words = code.text()
    if trace.settings.depth is not None:
        assert "IS-CUTOFF(state, depth)" in words
    if trace.settings.transposition_table:
        assert "TABLE" in words
    if trace.game.has_chance:
        assert "CHANCE-VALUE" in words


def test_a_stepper_payload_grows_with_nodes_plus_steps():
    from tracer.docsite.stepper import stepper_payload

    fence = read_fence_options({})
    sizes = []
    for tree in ("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]", json.dumps([[[i * 7 % 10 + j for j in range(3)] for i in range(3)] for _ in range(3)])):
        trace = tracer.alphabeta(tree)
        payload = stepper_payload(trace, fence, prefix="t")["data"]
        nodes, steps = len(trace.tree), len(trace)
        entries = sum(len(paint["nodes"]) + len(paint["edges"]) for paint in payload["paints"])
        # Step 0 describes every node and edge; each later step only what it changed (a few).
        assert entries <= 2 * nodes + 4 * steps
        sizes.append(len(json.dumps(payload["paints"])) / (nodes + steps))
    assert max(sizes) < 400  # bytes per node-or-step, whatever the tree's size


def test_a_fence_on_chance_nodes_runs_expectiminimax_unless_told_otherwise(tmp_path):
    from tracer.docsite.fence import read_fence_options
    from tracer.docsite.stepper import build_trace
    from tracer.errors import InputError

    tree = '{"chance": [[0.5, 1], [0.5, 4]]}'
    trace = build_trace(tree, read_fence_options({}), tmp_path, tmp_path)
    assert trace.algorithm == "expectiminimax" and trace.root_value == 2.5
    with pytest.raises(InputError, match="alphabeta cannot search chance nodes"):
        build_trace(tree, read_fence_options({"algorithm": "alphabeta"}), tmp_path, tmp_path)


def test_imperfect_fences_trace_the_deals_or_the_information_sets(tmp_path):
    from tracer.docsite.fence import read_fence_options
    from tracer.docsite.stepper import build_trace
    from tracer.errors import InputError

    def traced(**options):
        return build_trace("", read_fence_options(options), tmp_path, tmp_path)

    deals = traced(game="roads", imperfect="deals")
    # a chance root over the two worlds, each the whole road tree under it
    assert deals.algorithm == "expectiminimax" and deals.root_value == 10
    assert [c.move for c in deals.tree.root.children] == ["jewels left", "jewels right"]
    sets = traced(game="roads", imperfect="information-sets")
    assert sets.root_value == 1 and [c.move for c in sets.tree.root.children] == ["road A", "road B"]
    whist = traced(game="whist", position="AS 2H 2D / KS QS JH JD", imperfect="information-sets")
    assert whist.root_value == pytest.approx(1.75)
    drawn = traced(game="whist", imperfect="deals", deals="2", seed="1")
    assert len(drawn.tree.root.children) == 2
    with pytest.raises(InputError, match="imperfect='both' is not one of deals, information-sets"):
        read_fence_options({"game": "roads", "imperfect": "both"})
    with pytest.raises(InputError, match="imperfect= needs game="):
        build_trace("[[1, 2]]", read_fence_options({"imperfect": "deals"}), tmp_path, tmp_path)


@pytest.mark.parametrize("source", [FIG_5_2, "tictactoe:XO.X.....", "tictactoe:X...O....:iterative"])
def test_a_stepper_walks_its_trace_once_for_the_figure_the_lines_and_the_stacks(replayed, source):
    """The scene's walk tells the pseudocode lines and the call stacks of every step, and keeps every
    step's looks: the lines and stacks are those of walks of their own, and the trace is replayed
    once (it was four times: the looks, the lines and the stacks walked it too)."""
    from tracer.docsite.stepper import stepper_payload
    from tracer.trace.replay import Replayer

    trace = traced(source)
    fence = read_fence_options({"labels": "paths"})
    expected_lines = [None, *step_lines(trace)]
    expected_stacks = [[]]
    for walker in Replayer(trace).steps():
        expected_stacks.append([".".join(map(str, path)) or "root" for path in walker.stack])

    applied = replayed()
    data = stepper_payload(trace, fence, prefix="t")["data"]
    assert applied() == len(trace)
    walked = Figure(trace, theme="light", labels="paths", prefix="t", caption_band=False)  # no record: its looks walk the trace
    assert json.dumps(data["paints"]) == json.dumps(walked.paints())
    assert data["lines"] == expected_lines
    assert [[frame[0] for frame in stack] for stack in data["stacks"]] == expected_stacks
