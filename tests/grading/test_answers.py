"""Reading answer files: value forms, node names, and clear errors that say where and what to write."""

from __future__ import annotations

import math

import pytest
from helpers import check_text
from hypothesis import given, settings
from hypothesis import strategies as st

from tracer.grading.answers import AnswerError, Claim, parse_claim, parse_number, parse_submission, read_submission


@pytest.mark.parametrize(
    "text, claim",
    [
        ("<= 2", Claim(2, "upper")), ("≤2", Claim(2, "upper")), ("at most 2", Claim(2, "upper")), ("=< 2", Claim(2, "upper")),
        ("At Most -2", Claim(-2, "upper")), (">= 5", Claim(5, "lower")), ("≥5", Claim(5, "lower")),
        ("at least 5", Claim(5, "lower")), ("3", Claim(3)), ("= 3", Claim(3)), ("-2.5", Claim(-2.5)), ("−4", Claim(-4)),
        ("10/3", Claim(10 / 3)), ("+inf", Claim(math.inf)), ("-∞", Claim(-math.inf)), (".inf", Claim(math.inf)),
    ],
)
def test_value_forms(text, claim):
    assert parse_claim(text) == claim


@pytest.mark.parametrize("text", ["three", "< 2", "<=", "at most", "2 or 3", "nan", ""])
def test_unreadable_values(text):
    assert parse_claim(text) is None


def test_parse_number():
    assert parse_number("1e2") == 100 and parse_number("1/0") is None and parse_number("x") is None


def error_of(key, text, fmt="yaml") -> AnswerError:
    with pytest.raises(AnswerError) as caught:
        check_text(key, text, fmt)
    return caught.value


def test_malformed_yaml_says_where(aima_key):
    error = error_of(aima_key, "exercise: aima-5-2\nvalues: {A: 3, C: 2\nmove: B\n")
    assert error.line is not None and str(error).startswith("answers.yaml:")
    assert "not valid YAML" in str(error)


def test_unquoted_lower_bound_gets_a_hint(aima_key):
    error = error_of(aima_key, "exercise: aima-5-2\nvalues:\n  C: >= 2\n")
    assert error.line == 3 and error.column in (6, 7)  # at the > (or the = after it, where PyYAML stops)
    assert """the line is 'C: >= 2': put the bound in quotes, C: ">= 2", or write C: at least 2""" in str(error)


def test_tabs_get_a_hint(aima_key):
    assert "tabs" in str(error_of(aima_key, "exercise: aima-5-2\nvalues:\n\tC: 2\n"))


@pytest.mark.parametrize(
    "text, where, words",
    [
        ("exercise: aima-5-2\nvalues: {A: three}\n", (2, 13), "cannot read 'three'"),
        ("exercise: aima-5-2\nvalues: {A: < 3}\n", (2, 13), "bounds include equality"),
        ("exercise: aima-5-2\nvalues: {A: 3, a: 3}\n", (2, 16), "given twice"),
        ("exercise: aima-5-2\nvalues: {A: 3, 0: 3, B: 2}\n", (2, 22), "B is given twice"),
        ("exercise: aima-5-2\nvaleus: {A: 3}\n", (2, 1), "unknown answer 'valeus'"),
        ("exercise: aima-5-2\nmove: B\nMove: C\n", (3, 1), "given twice"),
        ("exercise: aima-5-2\nvalues: [3, 3]\n", (2, 9), "mapping from nodes"),
        ("exercise: aima-5-2\nwindow: {alpha: 3, gamma: 1}\n", (2, 20), "unknown entry 'gamma'"),
        ("- 1\n- 2\n", (1, 1), "holds a list"),
    ],
)
def test_errors_name_the_place(aima_key, text, where, words):
    error = error_of(aima_key, text)
    assert words in str(error)
    assert (error.line, error.column) == where
    assert str(error).startswith(f"answers.yaml:{where[0]}:{where[1]}: ")


def test_an_unknown_node_costs_that_answer_only(aima_key):
    """A mistyped name is one answer not counted, with the names that exist; the rest of the file is checked."""
    result = check_text(aima_key, "exercise: aima-5-2\nminimax: {A: 3, B: 3, C: 2, D: 2}\nvalues: {A: 3, Z9: 3, C: '<= 2', D: 2}\n"
                                  "not_examined: [I, J, Q]\nmove: B\n")
    scores = {test.question: test.score for test in result.tests}
    assert scores == {"minimax": 3, "values": 2.25, "not_examined": 2, "move": 1, "window": 0, "order": 0}  # B missing: 1 share of 4 lost
    values = next(test for test in result.tests if test.question == "values")
    assert "Z9 is not a node of this tree (its nodes: A, B, C, D, E, F, G, H, ...), so that answer is not counted." in values.output
    examined = next(test for test in result.tests if test.question == "not_examined")
    assert "Q is not a node of this tree" in examined.output and examined.output.startswith("Right: all 2 nodes.")
    move = next(t for t in check_text(aima_key, "exercise: aima-5-2\nmove: 7.1\n").tests if t.question == "move")
    assert move.score == 0 and move.output.startswith("7.1 is not a node of this tree")
    with pytest.raises(AnswerError, match="cannot read 'lots'"):  # an unreadable value beside an unknown name still stops the file
        check_text(aima_key, "exercise: aima-5-2\nvalues: {Z9: lots}\n")


def test_exercise_id_problems(aima_key):
    assert "no exercise id" in str(error_of(aima_key, "move: B\n"))
    wrong = error_of(aima_key, "exercise: ex1-0000\nmove: B\n")
    assert "for exercise 'ex1-0000', but the key is for 'aima-5-2'" in str(wrong)
    assert check_text(aima_key, "exercise: AIMA-5-2 \nmove: B\n").score == 1  # case and spaces do not matter


def test_empty_and_comment_only_files(aima_key):
    assert "empty" in str(error_of(aima_key, "  \n"))
    assert "no answers" in str(error_of(aima_key, "# nothing\n"))


def test_json_answers(aima_key):
    result = check_text(aima_key, '{"exercise": "aima-5-2", "values": {"C": "<= 2"}, "move": "B"}', fmt="json")
    assert result.error is None and result.tests[3].score == 1
    error = error_of(aima_key, '{"exercise": "aima-5-2",\n "move": "B",}', fmt="json")
    assert "not valid JSON" in str(error) and error.line == 2


def test_unreadable_files(tmp_path):
    binary = tmp_path / "answers.yaml"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    with pytest.raises(AnswerError, match="not text"):
        read_submission(binary)
    latin = tmp_path / "latin.yaml"
    latin.write_bytes("move: é\n".encode("latin-1"))
    with pytest.raises(AnswerError, match="not UTF-8"):
        read_submission(latin)
    with pytest.raises(AnswerError, match="no such file"):
        read_submission(tmp_path / "missing.yaml")
    huge = tmp_path / "huge.yaml"
    huge.write_text("# " + "x" * 1_100_000)
    with pytest.raises(AnswerError, match="larger than tracer reads"):
        read_submission(huge)
    with pytest.raises(AnswerError, match="folder"):
        read_submission(tmp_path)


def test_student_field_is_kept():
    submission = parse_submission("exercise: x\nstudent: Ada Lovelace\nmove: B\n")
    assert submission.student == "Ada Lovelace"


@settings(max_examples=300, deadline=None)
@given(text=st.one_of(st.text(max_size=10), st.sampled_from(["3", "<= 2", "at most 2", "EN AZ 5", "≥-1", "nan", "10/3", " 3 "])))
def test_a_claim_read_again_is_the_claim_read_first(text):
    """Claims are kept once read (a class writes the same few values thousands of times): a second
    reading, from the kept ones, is the first."""
    from tracer.grading import values

    first = parse_claim(text)
    assert first == values._read_claim(text) and parse_claim(text) == first


def test_the_claims_kept_are_bounded(monkeypatch):
    from tracer.grading import values

    monkeypatch.setattr(values, "_CLAIMS", {})
    for n in range(values._CLAIMS_KEPT + 50):
        assert parse_claim(f"<= {n}") == Claim(n, "upper")
    assert len(values._CLAIMS) == values._CLAIMS_KEPT
