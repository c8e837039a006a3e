"""Scoring and feedback: right, partly right and wrong answers; equivalent forms; the key's own answers."""

from __future__ import annotations

import copy
import re

import pytest
import yaml
from grading_helpers import RIGHT
from helpers import aima_exercise, check_data, check_text, prepared
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tracer import InputError
from tracer.exercises.generate import ExerciseSpec, make_exercise
from tracer.grading.answers import parse_submission
from tracer.grading.check import Points, check_submission, load_points
from tracer.search.conventions import Conventions
from tracer.trace.hand_in import key_answers


def with_changes(**changes):
    data = copy.deepcopy(RIGHT)
    data.update(changes)
    return data


def scores(result):
    return {test.question: test.score for test in result.tests}


def outputs(result):
    return {test.question: test.output for test in result.tests}


def test_right_answers_score_full_marks(aima_key):
    result = check_data(aima_key, RIGHT)
    assert result.error is None
    assert result.score == result.max_score == 11
    assert [t.name for t in result.tests] == [
        "1. Minimax values", "2. Alpha-beta values", "3. Nodes not examined", "4. MAX's move", "5. α and β at D",
        "6. Order of evaluation",
    ]


def test_wrong_value_feedback_points_to_the_cutoff(aima_key):
    result = check_data(aima_key, with_changes(values={"A": 3, "B": 3, "C": 4, "D": 2}))
    assert scores(result)["values"] == 2.25
    feedback = outputs(result)["values"]
    assert feedback.startswith("3 of 4 right.")
    assert (
        "C: you wrote 4. C is a MIN node, entered with α = 3 and β = +∞; after its first child (H = 2) "
        "v = 2 ≤ α = 3, so the search stops there, and C's value is at most 2."
    ) in feedback
    # right nodes are not discussed: no word of the feedback names B (nor A or D)
    assert not re.search(r"\b[ABD]\b", feedback), feedback


def test_exact_where_the_key_has_a_bound_earns_partial_credit(aima_key):
    result = check_data(aima_key, with_changes(values={"A": 3, "B": 3, "C": 2, "D": 2}))
    assert scores(result)["values"] == pytest.approx(3 - 0.75 / 2)
    assert 'write "<= 2"' in outputs(result)["values"]  # what to type, in ASCII
    assert "v = 2 ≤ α = 3" in outputs(result)["values"]
    result = check_data(aima_key, with_changes(values={"A": 3, "B": "<= 3", "C": "<= 2", "D": 2}))
    assert scores(result)["values"] == pytest.approx(3 - 0.75 / 2)
    assert "examines all of B's children" in outputs(result)["values"]


def test_a_true_but_weaker_bound_is_wrong(aima_key):
    result = check_data(aima_key, with_changes(values={"A": 3, "B": 3, "C": "<= 4", "D": 2}))
    assert scores(result)["values"] == 2.25


def test_first_wrong_step_is_the_first_the_search_finishes(aima_key):
    # B is wrong, and so is A (which depends on it): B is explained, A only listed.
    result = check_data(aima_key, with_changes(minimax={"A": 8, "B": 8, "C": 2, "D": 2}))
    feedback = outputs(result)["minimax"]
    assert "First wrong step: B: you wrote 8. B is a MIN node" in feedback
    assert "min(3, 12, 8) = 3" in feedback
    assert "Also check: A." in feedback


def test_unanswered_parts(aima_key):
    result = check_data(aima_key, {"exercise": "aima-5-2", "minimax": {"A": 3, "B": 3}})
    assert scores(result)["minimax"] == 1.5
    assert "Not answered: C, D." in outputs(result)["minimax"]
    assert outputs(result)["values"] == "Not answered."
    assert result.score == 1.5


def test_not_examined_crediting(aima_key):
    def score(listed):
        return scores(check_data(aima_key, with_changes(not_examined=listed)))["not_examined"]

    assert score(["J", "I"]) == score(["1.1", "1.2"]) == score("I, J") == score("i j") == 2
    assert score(["I"]) == 1
    assert score(["I", "J", "K"]) == 1  # K is examined: one share taken away
    assert score(["D"]) == 0  # D's subtree (4 nodes) is examined
    assert score([]) == 0
    feedback = outputs(check_data(aima_key, with_changes(not_examined=["I", "J", "L"])))["not_examined"]
    assert "L is examined: at D, after K = 14, v = 14 > α = 3, so there is no cutoff and the search goes on to L." in feedback
    feedback = outputs(check_data(aima_key, with_changes(not_examined=["I"])))["not_examined"]
    assert "Look again at C: after its first child, v = 2 ≤ α = 3" in feedback


def test_naming_a_pruned_subtree_counts_for_all_of_it():
    from tracer import parse_tree
    from tracer.exercises.generate import exercise_from_tree

    exercise = exercise_from_tree(parse_tree("[[3, [12, 1], 8], [2, [4, 9], 6], [14, 5, 2]]"), ExerciseSpec(), "sub")
    key = prepared(exercise)
    # Under B, its MAX child F stops after 12 >= beta = 3 (O is skipped); C stops after H = 2, skipping
    # the MAX node I with its leaves P and Q, and the leaf J.
    assert [exercise.key.label(p) for p in exercise.key.unvisited] == ["O", "I", "P", "Q", "J"]
    everything = check_data(key, {"exercise": "sub", "not_examined": ["O", "I", "P", "Q", "J"]})
    roots_only = check_data(key, {"exercise": "sub", "not_examined": ["J", "I", "O"]})
    assert scores(everything)["not_examined"] == scores(roots_only)["not_examined"] == 2
    leaves_only = check_data(key, {"exercise": "sub", "not_examined": ["O", "P", "Q", "J"]})
    assert scores(leaves_only)["not_examined"] == pytest.approx(2 * 4 / 5)


def test_move(aima_key):
    assert scores(check_data(aima_key, with_changes(move="b")))["move"] == 1
    assert scores(check_data(aima_key, with_changes(move=0)))["move"] == 1
    result = check_data(aima_key, with_changes(move="D"))
    assert scores(result)["move"] == 0
    assert "D is worth 2, and another child is worth more" in outputs(result)["move"]
    assert "not a child of the root" in outputs(check_data(aima_key, with_changes(move="E")))["move"]


def test_move_ties_go_to_the_first():
    from tracer import parse_tree
    from tracer.exercises.generate import exercise_from_tree

    key = prepared(exercise_from_tree(parse_tree("[[3, 5], [4, 3], [9, 3]]"), ExerciseSpec(), "tie"))
    result = check_data(key, {"exercise": "tie", "move": "C"})
    assert result.tests[3].score == 0 and "ties go to the first move searched" in result.tests[3].output


def test_window_and_order(aima_key):
    result = check_data(aima_key, with_changes(window={"alpha": 3, "beta": 5}, order=["E", "F", "G", "H", "I"]))
    assert scores(result)["window"] == 0.5
    assert outputs(result)["window"].startswith("β: you wrote 5.")
    assert "no MIN node above D had a child's value yet" in outputs(result)["window"]
    alpha_wrong = check_data(aima_key, with_changes(window={"alpha": "-inf", "beta": "inf"}))
    assert "α at D is the best value MAX can already guarantee" in outputs(alpha_wrong)["window"]
    assert "it was last set at A" in outputs(alpha_wrong)["window"]
    assert scores(result)["order"] == pytest.approx(4 / 7, abs=1e-3)
    assert "At position 5 you wrote I" in outputs(result)["order"] and "I is never examined" in outputs(result)["order"]
    result = check_data(aima_key, with_changes(window={"α": "3", "β": "∞"}, order=["E", "F", "G", "H", "K", "L", "M", "I"]))
    assert scores(result)["window"] == 1
    assert scores(result)["order"] == pytest.approx(7 / 8, abs=1e-3)


def test_strict_and_fail_hard_feedback_use_their_own_words():
    key = prepared(aima_exercise(prune_on_equal=False, fail="hard"))
    assert key.key.unvisited == ((1, 1), (1, 2))  # 2 < 3 still cuts
    result = check_data(key, with_changes(values={"A": 3, "B": 3, "C": "<= 2", "D": "<= 3"}))
    feedback = outputs(result)["values"]
    assert "v = 2 < α = 3" in feedback
    assert "fail-hard returns α = 3 instead of v = 2" in feedback
    assert "C's value is at most 3" in feedback
    right = key_answers(key.key)
    assert right["values"] == {"A": 3, "B": 3, "C": "<= 3", "D": "<= 3"}
    assert check_data(key, right).score == 11


def variants(data, draw):
    """The same answers written another way: paths for labels, other cases, other orders, other bound forms."""
    labels_to_paths = {"A": "root", "B": "0", "C": "1", "D": "2", "I": "1.1", "J": "1.2"}
    out = copy.deepcopy(data)

    def name(label):
        choice = draw(st.sampled_from(["label", "lower", "path"]))
        if choice == "path" and label in labels_to_paths:
            return labels_to_paths[label]
        return label.lower() if choice == "lower" else label

    def bound(value):
        if isinstance(value, str) and value.startswith("<= "):
            return draw(st.sampled_from([value, "≤" + value[3:], "at most " + value[3:], "At Most " + value[3:], "=<" + value[3:]]))
        return draw(st.sampled_from([value, str(value), f"{value}.0", f"= {value}"])) if isinstance(value, int) else value

    for question in ("minimax", "values"):
        items = [(name(k), bound(v)) for k, v in out[question].items()]
        out[question] = dict(draw(st.permutations(items)))
    out["not_examined"] = [name(x) for x in draw(st.permutations(out["not_examined"]))]
    out["move"] = name(out["move"])
    out["order"] = [name(x) for x in out["order"]]
    out["exercise"] = draw(st.sampled_from(["aima-5-2", "AIMA-5-2", " aima-5-2 "]))
    return out


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data(), partly=st.booleans())
def test_equivalent_forms_score_the_same(aima_key, data, partly):
    base = with_changes(values={"A": 3, "B": 4, "C": "<= 2", "D": 2}, not_examined=["I"]) if partly else RIGHT
    expected = check_data(aima_key, base)
    variant = check_data(aima_key, variants(base, data.draw))
    assert scores(variant) == scores(expected)
    assert variant.score == expected.score


def test_json_and_yaml_score_the_same(aima_key):
    import json

    data = with_changes(values={"A": 3, "B": 3, "C": 2, "D": 2})
    assert scores(check_text(aima_key, json.dumps(data), "json")) == scores(check_data(aima_key, data))


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    kind=st.sampled_from(["alphabeta", "strict-hard", "minimax", "chance"]),
)
def test_the_keys_own_answers_score_full_marks(seed, kind):
    if kind == "chance":
        spec = ExerciseSpec(chance=True, depth=(2, 3), questions=("expectiminimax", "move", "order"))
    elif kind == "minimax":
        spec = ExerciseSpec(algorithm="minimax", questions=("minimax", "move", "order"))
    else:
        spec = ExerciseSpec(
            questions=("minimax", "values", "not_examined", "move", "window", "order"),
            conventions=Conventions(prune_on_equal=kind != "strict-hard", fail="hard" if kind == "strict-hard" else "soft"),
        )
    exercise = make_exercise(spec, seed)
    key = prepared(exercise)
    answers = key_answers(exercise.key)
    result = check_submission(key, parse_submission(yaml.safe_dump(answers, allow_unicode=True), "key-answers.yaml"))
    assert result.error is None
    assert result.score == result.max_score > 0
    # ... and a test that can fail: changing one value costs points.
    question = spec.asked[0]
    node, value = next(iter(answers[question].items()))
    answers[question][node] = (value + 1) if isinstance(value, (int, float)) else "<= 99"
    worse = check_submission(key, parse_submission(yaml.safe_dump(answers, allow_unicode=True), "worse.yaml"))
    assert worse.score < result.score


def test_chance_feedback():
    exercise = make_exercise(ExerciseSpec(chance=True, depth=(2, 2), branching=(2, 2)), 11)
    key = prepared(exercise)
    answers = key_answers(exercise.key)
    first_chance = next(n.label for n in exercise.key.nodes if n.type == "chance")
    answers["expectiminimax"][first_chance] = 99
    result = check_data(key, answers)
    assert f"{first_chance} is a chance node" in result.tests[0].output and " × " in result.tests[0].output
    answers["minimax"] = answers.pop("expectiminimax")  # "minimax:" is read as the expectiminimax answer too
    assert check_data(key, answers).tests[0].score == result.tests[0].score


def test_points_file(tmp_path, aima_key):
    points_file = tmp_path / "points.yaml"
    points_file.write_text("minimax: 4\nvalues: 8\nnot-examined: 0\npartial: 0.25\n")
    points = load_points(points_file)
    submission = parse_submission(yaml.safe_dump(with_changes(values={"A": 3, "B": 3, "C": 2, "D": 2})), "a.yaml")
    result = check_submission(aima_key, submission, points)
    assert result.max_score == 4 + 8 + 0 + 1 + 1 + 1
    assert scores(result)["values"] == pytest.approx(8 - 2 * 0.75)
    for bad, words in [("minimax: lots\n", "needs a number"), ("partial: 2\n", "between 0 and 1"), ("bogus: 1\n", "unknown question"), ("[1]\n", "mapping")]:
        points_file.write_text(bad)
        with pytest.raises(InputError, match=words):
            load_points(points_file)
    empty = tmp_path / "empty.yaml"
    empty.write_text("")
    assert load_points(empty) == Points()


def test_default_points():
    assert Points().of("minimax") == 3 and Points().partial == 0.5


def test_a_plain_engine_key_can_be_checked_against():
    """`tracer key --format json` output has no id, questions or tree: defaults apply, feedback uses the cutoffs."""
    import json

    from tracer import alphabeta, answer_key
    from tracer.grading.keys import PreparedKey

    key = PreparedKey.from_json(json.loads(json.dumps(answer_key(alphabeta("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]")).to_json())), "k.json")
    result = check_data(key, {"values": {"A": 3, "B": 3, "C": 4, "D": 2}, "move": "B"})
    assert [t.question for t in result.tests] == ["minimax", "values", "not_examined", "move"]
    assert "At C, v = 2 ≤ α = 3, so the search stops there and C returns ≤ 2." in result.tests[1].output


def test_a_value_for_a_node_never_examined_is_pointed_out(aima_key):
    result = check_data(aima_key, with_changes(values={"A": 3, "B": 3, "C": "<= 2", "D": 2, "J": 6}))
    assert scores(result)["values"] == 3  # costs nothing, as documented
    assert outputs(result)["values"] == "All 4 right. J is never examined, so alpha-beta computes no value there: leave it blank."


def test_a_fail_hard_clamp_is_named_as_the_reason_for_a_bound():
    # fail-hard on AIMA's Figure 5.2: D's last leaf (2) triggers the test with nothing left to
    # prune, and D returns alpha = 3 for its v = 2, a bound (at most 3), worked by hand
    key = prepared(aima_exercise(fail="hard"))
    result = check_data(key, with_changes(values={"A": 3, "B": 3, "C": "<= 3", "D": 3}))
    feedback = outputs(result)["values"]
    assert "D: you wrote 3, but alpha-beta does not prove that D is worth exactly that" in feedback
    assert "(fail-hard clamps its v = 2 into [α, β] and returns α = 3)" in feedback
    assert "only a bound" not in feedback


def test_chance_move_feedback_speaks_of_expectiminimax():
    exercise = make_exercise(ExerciseSpec(chance=True, depth=(2, 2), branching=(2, 2)), 11)
    key = prepared(exercise)
    answers = key_answers(exercise.key)
    root_children = [n for n in exercise.key.nodes if len(n.path) == 1]
    answers["move"] = next(n.label for n in root_children if n.path != exercise.key.best_move.path)
    result = check_data(key, answers)
    move_feedback = next(t.output for t in result.tests if t.question == "move")
    assert "expectiminimax" in move_feedback and "minimax value" not in move_feedback.replace("expectiminimax", "")


@pytest.mark.parametrize(
    "change, field",
    [
        (lambda key: key["nodes"][2].update(search_value="lots"), "nodes[2].search_value"),
        (lambda key: key["nodes"][1].update(bound="maybe"), "nodes[1].bound"),
        (lambda key: key["questions"][4].update(alpha=None), "questions[4].alpha"),
        (lambda key: key["questions"].append({"id": "colour"}), "questions[6].id"),
        (lambda key: key["cutoffs"][0].update(pruned="I"), "cutoffs[0].pruned"),
    ],
)
def test_a_malformed_key_file_is_refused_naming_the_field(tmp_path, aima, change, field):
    import json

    from tracer.grading.homework import KeySource

    data = aima.key.to_json()
    change(data)
    (tmp_path / "key.json").write_text(json.dumps(data))
    with pytest.raises(InputError) as caught:
        KeySource(tmp_path / "key.json")
    assert f"{field} must be" in str(caught.value) and str(caught.value).startswith(str(tmp_path / "key.json"))


def test_the_key_reads_back_typed(aima):
    """key.json is the typed key's JSON edge: read back, it is the same key, with tuples and float infinities."""
    from tracer.trace.key import AnswerKey

    again = AnswerKey.from_json(aima.key.to_json(), "key.json")
    assert again.to_json() == aima.key.to_json()
    window = next(q for q in again.questions if q.id == "window")
    assert (window.node, window.label, window.alpha, window.beta) == ((2,), "D", 3, float("inf"))  # worked by hand: D is entered with [3, +∞]


@pytest.mark.parametrize("changes", [
    {"minimax": {"A": 3, "B": 4, "C": 2, "D": 2}},
    {"values": {"A": 3, "B": 3, "C": 2, "D": "<= 2"}},
    {"not_examined": ["I", "J", "K"]},
    {"not_examined": ["I"]},
    {"move": "C"},
    {"window": {"alpha": 2, "beta": 3}},
    {"window": {"alpha": 3}},
    {"order": ["E", "F", "G", "I"]},
    {"order": []},
], ids=lambda changes: "-".join(f"{k}={v}" for k, v in changes.items()))
def test_scores_alone_are_the_scores_with_feedback_and_word_nothing(aima_key, monkeypatch, changes):
    """Scoring for a report that shows no feedback (issue 14) skips wording it, and only that: every
    kind of wrong answer scores as it does with feedback, and no explanation is worked out."""
    from tracer.grading import feedback

    submission = parse_submission(yaml.safe_dump(with_changes(**changes), allow_unicode=True), "answers.yaml")
    explained = check_submission(aima_key, submission)
    assert any(test.score < test.max_score for test in explained.tests)  # a wrong answer, explained
    for name in [name for name in dir(feedback) if name.startswith("explain_")] + ["about"]:
        monkeypatch.setattr(feedback, name, lambda *args, **kwargs: pytest.fail("feedback worded for scores alone"))
    scored = check_submission(aima_key, submission, feedback=False)
    assert scores(scored) == scores(explained) and scored.score == explained.score
    assert all(test.output == "" for test in scored.tests)


def test_scores_alone_where_every_node_is_examined_word_nothing(monkeypatch):
    """The same where alpha-beta examines every node and a node is listed as not examined: the
    score is 0 with or without feedback, and no explanation is worked out for scores alone."""
    from helpers import prepared

    from tracer import parse_tree
    from tracer.exercises.generate import ExerciseSpec, exercise_from_tree
    from tracer.grading import feedback

    key = prepared(exercise_from_tree(parse_tree("[[1, 2], [3, 4]]"), ExerciseSpec(questions=("not_examined",)), "all-seen"))
    assert not key.unvisited  # nothing pruned: 3 > 1, no cut at the second MIN node
    submission = parse_submission("exercise: all-seen\nnot_examined: [D]\n", "answers.yaml")
    explained = check_submission(key, submission)
    assert explained.score == 0 and explained.tests[0].output.startswith("Alpha-beta examines every node here.")
    monkeypatch.setattr(feedback, "explain_not_examined_extra", lambda *args: pytest.fail("feedback worded for scores alone"))
    scored = check_submission(key, submission, feedback=False)
    assert scored.score == 0 and scored.tests[0].output == ""
