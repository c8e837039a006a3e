"""The own-bound return convention, checked against the UNH CS 730 deck's pseudocode (Ruml, lecture 7,
slide 15), transcribed here as the slide writes it:

    Max-value(state, α, β):                      Min-value(state, α, β):
      when depth-cutoff(state), return SEF(state)   when depth-cutoff(state), return SEF(state)
      for each child of state                       for each child of state
        α ← max(α, Min-value(child, α, β))            β ← min(β, Max-value(child, α, β))
        when α ≥ β, return α                          when β ≤ α, return β
      return α                                      return β

The transcript (``engine_helpers.DeckTranscript``) shares no code with tracer: it walks nested
lists, and records each node's returned value and the children skipped by each early return.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner
from engine_helpers import AIMA_FIG_5_2, deck, internal_trees
from hypothesis import given, settings
from hypothesis import strategies as st

import tracer
from tracer import answer_key
from tracer.cli import main
from tracer.cli.app import command_line_words
from tracer.docsite.fence import fence_words
from tracer.errors import Option, python_words
from tracer.trace.pseudocode import pseudocode_for, step_lines
from tracer.trace.replay import Replayer
from tracer.words import conventions_lines, conventions_summary

INF = float("inf")
RUML = "[[5,6],[[1,2],9],[[6],[9,1]]]"


def searched(tree: str, fail: str) -> dict[tuple[int, ...], float]:
    """The value tracer's search returned at each node it entered, under a fail convention."""
    trace = tracer.alphabeta(tree, fail=fail)
    return {path: story.returned for path, story in Replayer(trace).run().stories.items()}


def key_values(text: str) -> dict[str, Any]:
    result = CliRunner().invoke(main, ["key", "-", "--fail-own-bound", "--format", "json"], input=text, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    key = json.loads(result.output)
    return {node["label"]: node["search_value"] for node in key["nodes"]} | {"root": key["root_value"], "fail": key["conventions"]["fail"]}


def test_tracer_key_gives_the_decks_values_on_the_issue_tree():
    # By hand, with the deck's code (labels breadth-first: A; B C D; E F under B, G H under C, I J under D; K L under G; M under I;
    # N O under J). A calls B with [−∞, +∞]: β = min(+∞, 5) = 5, then min(5, 6) = 5: B returns 5 and A's α = 5.
    # C is called with [5, +∞]; G with [5, +∞]: α = max(5, 1) = 5, max(5, 2) = 5: G returns 5 (not its v = 2).
    # C: β = min(+∞, 5) = 5 ≤ α = 5: C returns 5 and H is pruned. D with [5, +∞]: I with [5, +∞] returns max(5, 6) = 6;
    # D: β = 6. J with [5, 6]: α = max(5, 9) = 9 ≥ 6: J returns 9 and O is pruned. D: β = min(6, 9) = 6; A: α = 6.
    values = key_values(RUML)
    assert (values["C"], values["G"], values["J"]) == (5, 5, 9)
    assert (values["root"], values["B"], values["D"], values["I"]) == (6, 5, 6, 6)
    assert values["H"] is None and values["O"] is None and values["fail"] == "own-bound"


def test_tracer_key_gives_the_decks_values_on_figure_5_2():
    # By hand: B (called with [−∞, +∞]) returns min(3, 12, 8) = 3 and A's α = 3; C with [3, +∞]: β = min(+∞, 2) = 2 ≤ 3,
    # C returns 2 and prunes its other two leaves; D with [3, +∞]: β = 14, 5, then 2 ≤ 3: D returns 2. A returns max(3, 2, 2) = 3.
    values = key_values(AIMA_FIG_5_2)
    assert (values["root"], values["B"], values["C"], values["D"]) == (3, 3, 2, 2)
    assert values["I"] is None and values["J"] is None


def test_own_bound_differs_from_soft_and_hard_where_the_issue_says():
    own, soft, hard = searched(RUML, "own-bound"), searched(RUML, "soft"), searched(RUML, "hard")
    c, g, j = (1,), (1, 0), (2, 1)
    assert (own[c], own[g], own[j]) == (5, 5, 9)
    assert (soft[c], soft[g], soft[j]) == (2, 2, 9)  # the issue: C ≤ 2, G 2, J ≥ 9
    assert (hard[c], hard[g], hard[j]) == (5, 5, 6)  # the issue: C ≤ 5, G ≤ 5, J ≥ 6


@settings(max_examples=300, deadline=None)
@given(internal_trees())
def test_own_bound_is_the_decks_pseudocode_on_random_trees(tree):
    text = json.dumps(tree)
    transcript = deck(tree)
    trace = tracer.alphabeta(text, fail="own-bound")
    replayer = Replayer(trace).run()
    assert {path: story.returned for path, story in replayer.stories.items()} == transcript.values
    assert replayer.pruned_roots == transcript.pruned
    assert trace.root_value == transcript.values[()]


@settings(max_examples=100, deadline=None)
@given(internal_trees(), st.booleans())
def test_every_own_bound_label_holds(tree, prune_on_equal):
    """A value labelled exact is the minimax value; a lower (upper) bound is at most (at least) it."""
    key = answer_key(tracer.alphabeta(json.dumps(tree), fail="own-bound", prune_on_equal=prune_on_equal))
    for node in key.nodes:
        if node.search_value is None:
            continue
        if node.bound == "exact":
            assert node.search_value == node.minimax_value
        elif node.bound == "lower":
            assert node.minimax_value >= node.search_value
        else:
            assert node.minimax_value <= node.search_value


def test_the_pseudocode_is_written_as_the_deck_writes_it():
    trace = tracer.alphabeta(RUML, fail="own-bound")
    code = pseudocode_for(trace)
    text = code.text()
    assert "α ← MAX(α, VALUE(RESULT(state, a), α, β))" in text and "if α ≥ β then return α" in text
    assert "β ← MIN(β, VALUE(RESULT(state, a), α, β))" in text and "if β ≤ α then return β" in text
    assert code.title == "Alpha-beta search (prune on ≥, own-bound)"
    lines = step_lines(trace, code)
    assert None not in lines
    cut = next(i for i, event in enumerate(trace) if event.kind == "cutoff")
    assert code.lines[lines[cut]].text == "if β ≤ α then return β"  # C's cutoff, at a MIN node


def test_the_conventions_are_stated_by_what_they_do():
    summary = conventions_summary(True, "own-bound")
    assert "a MAX node returns max(α, v), a MIN node min(β, v), cut off or not" in summary
    assert any("max(α, v)" in line and "min(β, v)" in line for line in conventions_lines("alphabeta", True, "own-bound"))
    hard = conventions_summary(True, "hard")
    assert "clamped into the window [α, β]" in hard and "returns α (MAX)" not in hard


@pytest.mark.parametrize(
    ("words", "expected"), [(command_line_words, "--fail-own-bound"), (fence_words, "fail=own-bound"), (python_words, "fail='own-bound'")],
)
def test_the_option_is_named_as_each_front_end_writes_it(words, expected):
    assert words(Option("fail", "own-bound")) == expected


def test_an_unknown_convention_names_the_three():
    with pytest.raises(tracer.errors.SearchError, match=r"unknown fail convention 'firm'; use fail='soft', fail='hard' or fail='own-bound'"):
        tracer.alphabeta(RUML, fail="firm")
