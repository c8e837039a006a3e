"""The table of grading cases (tests/grading/cases.yaml), run through `tracer check` and the browser's checker.

The same answers go to both checkers: to Python as an answer file, to grading.js (under node
or in Chromium) as the practice page's form would hand them over, with the data the page
embeds (tracer.grading.browser). Both are held to the table's hand-worked expectations, and
where the table does not pin a sentence, the browser's is held to the checker's.
"""

from __future__ import annotations

import copy
import json
import math
import shutil
import subprocess
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from tracer import parse_tree
from tracer.exercises.generate import ExerciseSpec, exercise_from_tree
from tracer.grading import feedback
from tracer.grading.answers import AnswerError, Item, blank, parse_claim, parse_submission, same_number, unreadable_hint
from tracer.grading.browser import PRACTICE_QUESTIONS, key_data, rules
from tracer.grading.check import check_submission
from tracer.grading.keys import PreparedKey
from tracer.grading.report import points_text
from tracer.search.conventions import Conventions
from tracer.words import bounded, say

TABLE = Path(__file__).resolve().parent / "grading" / "cases.yaml"
GRADING_JS = Path(__file__).resolve().parents[1] / "tracer" / "docsite" / "assets" / "grading.js"

# Runs every case through grading.js; `g` is the script's API (module.exports, or window.tracerGrading).
RUNNER = """(g, input) => {
  const enc = v => v === Infinity ? "inf" : v === -Infinity ? "-inf" : v;
  const dec = v => v === "inf" ? Infinity : v === "-inf" ? -Infinity : v;
  return {
    cases: input.cases.map(c => g.grade(input.rules, c.data, c.answers)),
    claims: input.claims.map(t => {
      const c = g.parseClaim(input.rules, t);
      if (c === null) return null;
      if (c.error) return {error: c.error};
      return {value: enc(c.value), bound: c.bound, shown: g.shown(input.rules, c.value, c.bound)};
    }),
    same: input.same.map(pair => g.sameNumber(input.rules, dec(pair[0]), dec(pair[1]))),
    points: input.points.map(p => g.pointsText(p)),
  };
}"""


def _number(value: Any) -> float:
    return float(value) if value in ("inf", "-inf") else value


@cache
def table() -> dict[str, Any]:
    return yaml.safe_load(TABLE.read_text(encoding="utf-8"))


@cache
def key(name: str) -> PreparedKey:
    spec = table()["keys"][name]
    conventions = Conventions(prune_on_equal=spec.get("prune_on_equal", True), fail=spec.get("fail", "soft"))
    exercise = exercise_from_tree(parse_tree(spec["tree"]), ExerciseSpec(questions=PRACTICE_QUESTIONS, conventions=conventions), name)
    return PreparedKey.from_json(json.loads(json.dumps(exercise.key.to_json())), "key.json")


def cases() -> list[dict[str, Any]]:
    """Every case: the table's cases, and one per spelling; each with its full answers and expectations."""
    out = []
    for case in table()["cases"]:
        answers = copy.deepcopy(table()["right"][case["key"]])
        answers.update(case.get("answers", {}))
        out.append({**case, "answers": answers})
    for group in table()["spellings"]:
        for kind in ("right", "partial", "wrong", "unreadable"):
            for text in group[kind]:
                answers = copy.deepcopy(table()["right"][group["key"]])
                answers["values"][group["node"]] = text
                case = {"name": f"{group['node']} = {text!r} is {kind}", "key": group["key"], "answers": answers}
                if kind == "unreadable":
                    case["error"] = True  # the message is the checkers' own; both must give the same
                else:
                    case["scores"] = {"values": group["scores"][kind], "not_examined": 2, "move": 1}
                    case["rows"] = {group["node"]: kind}
                out.append(case)
    return out


# -- Python ---------------------------------------------------------------------------------------------
def python_result(case: dict[str, Any]) -> dict[str, Any]:
    answers = {"exercise": case["key"], **case["answers"]}
    try:
        result = check_submission(key(case["key"]), parse_submission(yaml.safe_dump(answers, allow_unicode=True), "answers.yaml"))
    except AnswerError as error:
        return {"error": f"{error.message}; {error.hint}"}
    return {"error": None, "scores": {t.question: t.score for t in result.tests}, "outputs": {t.question: t.output for t in result.tests}}


def python_claim(text: str) -> Any:
    if blank(Item(text)):
        return "blank"
    claim = parse_claim(text)
    if claim is None:
        hints = {unreadable_hint("< 2"): "strict", unreadable_hint("2,5"): "comma"}
        return ("unreadable", hints.get(unreadable_hint(text), "value"))
    return (claim.value, claim.bound)


# -- the browser's checker ---------------------------------------------------------------------------------
def js_input() -> dict[str, Any]:
    """What the runner gets: the page's rules, and for each case the page's data and the form's answers."""
    runs = []
    for case in cases():
        prepared = key(case["key"])

        def path(label: str, prepared: PreparedKey = prepared) -> str:
            return ".".join(map(str, prepared.by_label[label.casefold()]))

        answers = case["answers"]
        values = answers.get("values")
        listed = answers.get("not_examined")
        runs.append({
            "data": key_data(prepared),
            "answers": {
                "values": None if values is None else {path(label): text for label, text in values.items()},
                "not_examined": None if listed is None else [path(label) for label in listed],
                "move": None if answers.get("move") is None else path(answers["move"]),
            },
        })
    scores = sorted({score for case in cases() for score in case.get("scores", {}).values()} | {2.625, 2.675, 0.125, 1 / 3})
    return {
        "rules": rules(), "cases": runs, "claims": [row[0] for row in table()["claims"]],
        "same": [row[:2] for row in table()["same"]], "points": scores,
    }


def run_node(payload: dict[str, Any]) -> dict[str, Any] | None:
    """The runner under node (None when node is missing)."""
    node = shutil.which("node")
    if node is None:
        return None
    script = (
        f"const g = require({json.dumps(str(GRADING_JS))});"
        "let text = ''; process.stdin.on('data', d => text += d);"
        f"process.stdin.on('end', () => process.stdout.write(JSON.stringify(({RUNNER})(g, JSON.parse(text)))));"
    )
    done = subprocess.run([node, "-e", script], input=json.dumps(payload), capture_output=True, text=True, timeout=120, check=True)
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def run_page(page: Any, payload: dict[str, Any]) -> dict[str, Any]:
    """The runner in a browser page, with grading.js loaded as the practice page loads it."""
    page.set_content("<!DOCTYPE html><html><body></body></html>")
    page.add_script_tag(content=GRADING_JS.read_text(encoding="utf-8"))
    return page.evaluate(f"(input) => ({RUNNER})(window.tracerGrading, input)", payload)  # type: ignore[no-any-return]


# -- holding both to the table ---------------------------------------------------------------------------------
def _row_text(prepared: PreparedKey, path: tuple[int, ...], verdict: str, text: str | None) -> str:
    """The sentence the checker's own functions give for a value's row."""
    node = prepared.nodes[path]
    if verdict == "blank":
        return say("check.not_answered", "Not answered.")
    if verdict == "ignored":
        return feedback.never_examined_note(prepared, [path])
    if verdict == "none":
        return ""
    if node.search_value is None:
        return f"(none: tracer check asks no value at {node.label})"
    if verdict == "right":
        return say("practice.right", "Right: {value}.", value=bounded(node.search_value, node.bound))
    return feedback.explain_search_value(prepared, path, parse_claim(text or ""))


def python_problems() -> list[str]:
    """Where `tracer check` disagrees with the table."""
    problems = []
    for case in cases():
        got = python_result(case)
        name = f"{case['name']} ({case['key']})"
        if case.get("error"):
            if got["error"] is None or (case["error"] is not True and got["error"] != case["error"]):
                problems.append(f"{name}: error {got['error']!r}, expected {case['error']!r}")
            continue
        if got["error"] is not None:
            problems.append(f"{name}: {got['error']}")
            continue
        for question, score in case.get("scores", {}).items():
            if not math.isclose(got["scores"][question], score, abs_tol=1e-9):
                problems.append(f"{name}: {question} scores {got['scores'][question]}, expected {score}")
        for question, text in case.get("outputs", {}).items():
            if got["outputs"][question] != text:
                problems.append(f"{name}: {question} says {got['outputs'][question]!r}, expected {text!r}")
    for text, expected, *rest in table()["claims"]:
        got_claim = python_claim(text)
        want: Any = expected if expected == "blank" else ("unreadable", rest[0]) if expected == "unreadable" else (_number(expected[0]), expected[1])
        if got_claim != want:
            problems.append(f"claim {text!r}: read as {got_claim}, expected {want}")
        if rest and expected not in ("blank", "unreadable") and bounded(*want) != rest[0]:
            problems.append(f"claim {text!r}: shown as {bounded(*want)!r}, expected {rest[0]!r}")
    for a, b, expected in table()["same"]:
        if same_number(_number(a), _number(b)) != expected:
            problems.append(f"same_number({a}, {b}) is not {expected}")
    return problems


def js_problems(results: dict[str, Any]) -> list[str]:
    """Where the browser's checker disagrees with the table, or with what `tracer check` says."""
    problems = []
    for case, got in zip(cases(), results["cases"]):
        name = f"{case['name']} ({case['key']})"
        python = python_result(case)
        if case.get("error"):
            if got["error"] != python["error"]:
                problems.append(f"{name}: error {got['error']!r}; tracer check says {python['error']!r}")
            continue
        if got["error"] is not None:
            problems.append(f"{name}: {got['error']}")
            continue
        by_id = {q["id"]: q for q in got["questions"]}
        for question, score in case.get("scores", {}).items():
            if not math.isclose(by_id[question]["score"], score, abs_tol=1e-9):
                problems.append(f"{name}: {question} scores {by_id[question]['score']}, expected {score}")
        for question in ("not_examined", "move"):
            if by_id[question]["output"] != python["outputs"][question]:
                problems.append(f"{name}: {question} says {by_id[question]['output']!r}; tracer check says {python['outputs'][question]!r}")
        prepared = key(case["key"])
        rows = by_id["values"]["rows"]
        for label, verdict in case.get("rows", {}).items():
            path = prepared.by_label[label.casefold()]
            row = rows[".".join(map(str, path))]
            if row["verdict"] != verdict:
                problems.append(f"{name}: {label}'s row is {row['verdict']}, expected {verdict}")
        for path_text, row in rows.items():
            path = tuple(int(p) for p in path_text.split(".")) if path_text else ()
            text = (case["answers"].get("values") or {}).get(prepared.name(path))
            want = _row_text(prepared, path, row["verdict"], text)
            if row["text"] != want:
                problems.append(f"{name}: {prepared.name(path)}'s row says {row['text']!r}; the checker's sentence is {want!r}")
        total = sum(q["score"] for q in got["questions"])
        if got["score"] is None or not math.isclose(got["score"], total, abs_tol=1e-9):
            problems.append(f"{name}: total {got['score']} is not the sum {total}")
    claim_rules = rules()
    for (text, expected, *rest), got_claim in zip(table()["claims"], results["claims"]):
        if expected == "blank":
            if got_claim is not None:
                problems.append(f"claim {text!r}: read as {got_claim}, expected a blank")
        elif expected == "unreadable":
            hint = claim_rules["says"][{"strict": "hint_strict", "comma": "hint_comma"}.get(rest[0], "hint_value")]
            want = f"{say('answers.unreadable', 'cannot read {text} as a value', text=repr(text))}; {hint}"
            if got_claim != {"error": want}:
                problems.append(f"claim {text!r}: {got_claim}, expected the error {want!r}")
        else:
            value, bound = _number(expected[0]), expected[1]
            if got_claim is None or "error" in got_claim or (_number(got_claim["value"]), got_claim["bound"]) != (value, bound):
                problems.append(f"claim {text!r}: read as {got_claim}, expected {[value, bound]}")
            elif got_claim["shown"] != bounded(value, bound):
                problems.append(f"claim {text!r}: shown as {got_claim['shown']!r}; the figures write {bounded(value, bound)!r}")
    for (a, b, expected), got_same in zip(table()["same"], results["same"]):
        if got_same != expected:
            problems.append(f"sameNumber({a}, {b}) is {got_same}, expected {expected}")
    for value, text in zip(js_input()["points"], results["points"]):
        if text != points_text(value):
            problems.append(f"pointsText({value}) is {text!r}; tracer check writes {points_text(value)!r}")
    return problems
