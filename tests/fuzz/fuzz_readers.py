"""The readers the fuzz suite drives, the inputs it makes for each, and how an outcome is judged.

Every reader of what users give tracer is here by name (:data:`READERS`): tree files (JSON, YAML,
bracket form), traces, keys, answer files, points files, rosters, fence option strings and
evaluation specs; ``escaping`` checks the writers' escaping of any text the same way. Each gets inputs from a hypothesis strategy that mixes three kinds:

* **well-formed data** in the reader's own vocabulary (a tree's keys, an answer file's questions)
  with hostile values: huge and non-finite numbers, long and odd text, wrong types;
* **mutations of a valid file** (a real trace, key.json, answer file): fragments spliced in
  (YAML tags and aliases, deep brackets, 5,000-digit numbers, NUL, lone surrogates, ``\\U001F6001``),
  parts cut out, types swapped;
* **raw text**.

An input ends in one of three ways (:func:`outcome`): ``ok`` (read), ``refused`` (a
:class:`tracer.errors.InputError`: one line for the user), or ``traceback`` (anything else: a bug).
Readers of files are given real files in a scratch folder inside the run's output folder.
"""

from __future__ import annotations

import atexit
import json
import os
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from hypothesis import strategies as st

from tracer.errors import InputError

AIMA_5_2 = "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"

HOSTILE_FRAGMENTS = (
    "!!python/name:os.system", "!!python/object/apply:os.system [echo hi]", "!mytag", '!!int "0x"', '!!float "abc"',
    "&a [1, *a]", "*a", "&a", "<<: *a", "? ", "--- ", "...", "%YAML 1.1\n", "[" * 3000, "{" * 3000, "]", "}", "9" * 5000,
    "-" + "9" * 400, "1e999", "-1e999", "NaN", "Infinity", "-Infinity", ".nan", ".inf", "0x1F", "0o17", "1_000", "+12",
    '"\\U001F6001"', '"\\ud800"', "\x00", "\ufeff", "\u202e", "\r\n", "\t", "\\", '"', "'", ",", ":", "#", "|", ">", "null", "~",
    "true", "yes", "no", "on", '"1/0"', '"3/2"', '"-1/2"', '"1/6"', "1/3", "∞", "-∞", "≤", "<= 2", ">= 5", "at most 2",
    '{"label": "A"}', '{"chance": [[0.5, 1], [0.5, 2]]}', '{"children": []}', "[]", "{}", '""', "0.0.0", "1.0", "-1",
    "x" * 300, "é" * 50, "李雷", "😀", "<script>alert(1)</script>", "=cmd|' /C calc'!A0",
)


def _json_scalars() -> st.SearchStrategy[Any]:
    return st.one_of(
        st.none(), st.booleans(), st.integers(min_value=-(10**30), max_value=10**30), st.integers(min_value=-10, max_value=20),
        st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=20), st.sampled_from(["inf", "-inf", "1/2", "3/2", "-1/2", "A", "B", "0.1", "<= 2"]),
    )


def _value_tree(keys: tuple[str, ...], depth: int = 4) -> st.SearchStrategy[Any]:
    """Nested lists and maps whose keys come from a reader's vocabulary (and a few others)."""
    key = st.one_of(st.sampled_from(keys), st.text(max_size=8)) if keys else st.text(max_size=8)
    return st.recursive(
        _json_scalars(),
        lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(key, inner, max_size=5)),
        max_leaves=25,
    )


def _serialised(data: st.SearchStrategy[Any]) -> st.SearchStrategy[str]:
    """Data written as JSON or YAML (as a person or a program would write it)."""

    def dump(value: Any, fmt: str) -> str:
        if fmt == "json":
            return json.dumps(value, ensure_ascii=False, allow_nan=True)
        return yaml.safe_dump(value, allow_unicode=True, default_flow_style=None)

    return st.builds(dump, data, st.sampled_from(["json", "yaml"]))


@st.composite
def mutated(draw: st.DrawFn, seeds: tuple[str, ...]) -> str:
    """A valid text with a few edits: fragments spliced in, parts cut out or repeated."""
    text = draw(st.sampled_from(seeds))
    for _ in range(draw(st.integers(min_value=1, max_value=4))):
        at = draw(st.integers(min_value=0, max_value=len(text)))
        edit = draw(st.sampled_from(["insert", "insert", "cut", "replace", "repeat"]))
        if edit == "insert":
            text = text[:at] + draw(st.one_of(st.sampled_from(HOSTILE_FRAGMENTS), st.text(max_size=6))) + text[at:]
        elif edit == "cut":
            end = draw(st.integers(min_value=at, max_value=min(len(text), at + 40)))
            text = text[:at] + text[end:]
        elif edit == "replace":
            end = draw(st.integers(min_value=at, max_value=min(len(text), at + 12)))
            text = text[:at] + draw(st.sampled_from(HOSTILE_FRAGMENTS)) + text[end:]
        else:
            end = draw(st.integers(min_value=at, max_value=min(len(text), at + 30)))
            text = text[:end] + text[at:end] * draw(st.integers(min_value=1, max_value=50)) + text[end:]
    return text


def inputs(seeds: tuple[str, ...], keys: tuple[str, ...]) -> st.SearchStrategy[str]:
    return st.one_of(
        mutated(seeds), mutated(seeds), _serialised(_value_tree(keys)), st.text(max_size=200),
        st.sampled_from(HOSTILE_FRAGMENTS), st.sampled_from(seeds),
    )


_LABEL = st.one_of(st.text(min_size=1, max_size=12), st.sampled_from(["<script>alert(1)</script>", "a|b*", "李雷", "\\x{}", "=1+2", "B", "1.0"]))
_LEAF = st.one_of(st.integers(min_value=-20, max_value=20), st.floats(min_value=-1e6, max_value=1e6, allow_nan=False),
                  st.sampled_from(["inf", "-inf", 1e300, -1e300]))


def _game_tree() -> st.SearchStrategy[Any]:
    """Trees in their own format, mostly valid: bracket and object forms, labels and moves of any text, chance nodes."""

    def node(children: st.SearchStrategy[list[Any]]) -> st.SearchStrategy[Any]:
        return st.one_of(
            children,
            st.builds(lambda c, label, move: {"label": label, "move": move, "children": c}, children, _LABEL, _LABEL),
            st.builds(lambda c, p: {"chance": [[p, child] for child in c]}, children, st.sampled_from([0.5, "1/2", "1/3", 1, 0])),
            st.builds(lambda c, value, quiet: {"children": c, "value": value, "quiet": quiet}, children, _LEAF, st.booleans()),
        )

    return st.recursive(_LEAF, lambda inner: node(st.lists(inner, min_size=1, max_size=3)), max_leaves=12)


def _answer_file(keys: tuple[str, ...]) -> st.SearchStrategy[str]:
    """Answer files in their own format naming nodes of AIMA's Figure 5.2 (A to M, paths), with odd values."""
    node = st.one_of(st.sampled_from(list("ABCDEFGHIJKLMabcz") + ["0", "1.0", "2.2", "", "9.9.9"]), st.text(max_size=4))
    value = st.one_of(_json_scalars(), st.sampled_from(["<= 2", "≥5", "at most 3", ">= -inf", "≤ ∞", "3/2", "", "< 2"]))
    answer = st.one_of(
        st.dictionaries(node, value, max_size=6), st.lists(node, max_size=6), node, value,
        st.fixed_dictionaries({}, optional={"alpha": value, "beta": value}),
    )
    document = st.builds(lambda answers, student: {"exercise": "ex1", "student": student, **answers},
                         st.dictionaries(st.sampled_from(keys), answer, max_size=5), st.text(max_size=10))
    return _serialised(document)


# -- valid files to start from -----------------------------------------------------------------
@dataclass(frozen=True)
class Seeds:
    trees: tuple[str, ...]
    trace: str
    key: str
    key_path: Path
    answers: tuple[str, ...]
    points: tuple[str, ...]
    rosters: tuple[str, ...]
    fences: tuple[str, ...]
    evaluations: tuple[str, ...]


@cache
def seeds() -> Seeds:
    """Valid inputs of each kind, made once per process (a trace and an exercise's key of AIMA's Figure 5.2)."""
    import io

    import tracer
    from tracer.exercises.generate import ExerciseSpec, exercise_from_tree
    from tracer.exercises.sheet import render_exercise
    from tracer.trace.hand_in import key_answers
    from tracer.trace.writer import dump_trace

    trace_text = io.StringIO()
    dump_trace(tracer.alphabeta(AIMA_5_2), trace_text)
    folder = Path(tempfile.mkdtemp(prefix="tracer-fuzz-seeds-"))
    atexit.register(shutil.rmtree, folder, True)  # made once per process: removed when it ends
    exercise = exercise_from_tree(tracer.parse_tree(AIMA_5_2), ExerciseSpec(questions=("minimax", "values", "not_examined", "move", "window", "order")), "ex1")
    key_json = render_exercise(exercise)["key.json"]
    (folder / "key.json").write_text(key_json, encoding="utf-8")
    answers = key_answers(exercise.key)
    answer_yaml = yaml.safe_dump({"exercise": "ex1", "student": "ada", **answers}, allow_unicode=True)
    return Seeds(
        trees=(
            AIMA_5_2,
            '{"label": "A", "children": [{"label": "B", "move": "b", "children": [3, 12]}, {"chance": [["1/3", 2], ["2/3", [4, 6]]]}]}',
            "label: A\nchildren:\n  - {label: B, move: a1, children: [3, 12, 8]}\n  - label: C\n    value: 4\n    children: [2, 4, 6]\n"
            "  - chance:\n      - [\"1/3\", 14]\n      - [\"2/3\", {children: [5, 2]}]\n",
            "[10, [20, [1, 4]], {quiet: false, value: 3, children: [1, 2]}, {noisy: [0], children: [5, 6]}]",
        ),
        trace=trace_text.getvalue(),
        key=key_json,
        key_path=folder / "key.json",
        answers=(answer_yaml, json.dumps({"exercise": "ex1", **answers}), answer_yaml + "---\n" + answer_yaml,
                 "exercise: ex1\nvalues: {A: 3, C: '<= 2', D: at most 2}\nnot_examined: [I, J]\nmove: B\nwindow: {alpha: 3, beta: +inf}\n"),
        points=("{minimax: 4, values: 4, not_examined: 2, move: 1, partial: 0.5}\n", '{"window": 2, "order": 1}', "move: 1\n"),
        rosters=("id,name\nada,Ada Lovelace\nalan,Alan Turing\n", "student_id;email;name\n1;a@b.c;\"Ünal, Zoë\"\n",
                 "username\tname\nx\t李雷\ny\tДмитрий\n"),
        fences=('algorithm=minimax prune-on-equal=false fail=hard', 'title="Fig 5.2" id=fig-5-2 start=final show-order=true',
                "game=tictactoe position=XO.X..O.. depth=2 height=420", "tt=symmetry order=random seed=3 eval=open_lines=1,centre=0.5",
                "file=trees/t.yaml labels=paths pseudocode=false final=true iterative"),
        evaluations=("open_lines=1,centre=0.5", "material:turing", "pawns=1,mobility=0.5", "open_lines=-2"),
    )


# -- outcomes ----------------------------------------------------------------------------------
def outcome(call: Callable[[], Any]) -> tuple[str, BaseException | None]:
    """``ok``, ``refused`` (tracer's one-line InputError) or ``traceback`` (anything else), with the exception."""
    try:
        call()
    except InputError as error:
        str(error)  # the message itself must be writable
        return "refused", error
    except Exception as error:  # a bug, whatever it is: the fuzz test reports it
        return "traceback", error
    except RecursionError as error:  # pragma: no cover (a subclass of Exception; kept for clarity)
        return "traceback", error
    return "ok", None


# -- the readers ---------------------------------------------------------------------------------
class Scratch:
    """Where readers of files get their input: one file rewritten for each input, inside the output folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)

    def file(self, name: str, text: str) -> Path:
        path = self.folder / name
        path.write_bytes(text.encode("utf-8", "surrogatepass"))
        return path


def _tree(text: str, scratch: Scratch, fmt: str) -> None:
    from tracer.game.notation import load_tree, parse_tree
    from tracer.search.conventions import SearchSettings, default_algorithm
    from tracer.trace.key import answer_key
    from tracer.trace.key_text import key_markdown, key_text
    from tracer.trace.model import Trace

    if fmt == "file":
        tree = load_tree(scratch.file("tree.yaml", text))
    else:
        tree = parse_tree(text, fmt=None if fmt == "guess" else fmt)
    if len(tree) <= 200:  # the key writers on what was read
        trace = Trace.searched(tree, SearchSettings(algorithm=default_algorithm(tree)))
        key = answer_key(trace)
        key_text(key)
        key_markdown(key)


def read_tree(text: str, scratch: Scratch) -> None:
    _tree(text, scratch, "guess")


def read_tree_json(text: str, scratch: Scratch) -> None:
    _tree(text, scratch, "json")


def read_tree_yaml(text: str, scratch: Scratch) -> None:
    _tree(text, scratch, "file")


def read_trace(text: str, scratch: Scratch) -> None:
    from tracer.trace.reader import load_trace

    load_trace(scratch.file("trace.json", text))


def read_key(text: str, scratch: Scratch) -> None:
    from tracer.grading.keys import load_key

    load_key(scratch.file("key.json", text))


def read_answers(text: str, scratch: Scratch) -> None:
    from tracer.grading.answers import read_submission
    from tracer.grading.check import check_submission
    from tracer.grading.keys import load_key

    key = load_key(seeds().key_path)
    submission = read_submission(scratch.file("answers.yaml", text))
    check_submission(key, submission)


def read_answers_json(text: str, scratch: Scratch) -> None:
    from tracer.grading.answers import parse_documents

    parse_documents(text, "answers.json", fmt="json")


def read_points(text: str, scratch: Scratch) -> None:
    from tracer.grading.check import load_points

    load_points(scratch.file("points.yaml", text))


def read_roster(text: str, scratch: Scratch) -> None:
    from tracer.exercises.roster import load_roster
    from tracer.grading.gradebook import write_csv

    students = load_roster(scratch.file("roster.csv", text))
    write_csv([[student.id, student.name] for student in students])


def read_fence(text: str, scratch: Scratch) -> None:
    from tracer.docsite.fence import read_fence_options
    from tracer.docsite.plugin import _normalise_fences, _read_options, _scan_fences

    errors: list[str] = []
    page = f"# Page\n\n```gametree {text}\n[[1, 2]]\n```\n"
    _normalise_fences(page, "page.md", 0, errors)
    _scan_fences(page)
    pairs = _read_options(text.strip())
    if pairs is None:
        return  # the build reports "cannot read the options" (errors holds it)
    read_fence_options({key.replace("_", "-"): value for key, value in pairs})


def read_evaluation(text: str, scratch: Scratch) -> None:
    from tracer.game.evaluation_reading import read_evaluation as read
    from tracer.game.games import make_game

    read(text, make_game("tictactoe"))


def write_escaped(text: str, scratch: Scratch) -> None:
    """The writers' escaping of any text, checked for what each format must never let through.

    Markdown (as MkDocs' Python-Markdown renders it): no tag from the text; SVG/XML: the text is
    the element's text; LaTeX: only characters pdfLaTeX prints, braces balanced, no command from
    the text; CSV: no formula; the player's JSON: no ``</`` and the same data back; none holds a
    direction control."""
    import re
    import xml.etree.ElementTree as ET

    import markdown

    from tracer.grading.gradebook import safe_cell
    from tracer.reading.text import DIRECTION_CONTROLS, without_direction_controls
    from tracer.render.player import script_json
    from tracer.render.svg import escape
    from tracer.render.tex import PDFLATEX_PRINTS, tex_escape
    from tracer.trace.key_text import md

    if "\x00" in text or any("\ud800" <= char <= "\udfff" for char in text):
        return  # no reader lets these through (tested there)
    if "\n" not in text and "\r" not in text:  # a label or a name is one line (the readers refuse line breaks)
        shown = markdown.markdown("- to " + md(text) + " (path 0)", extensions=["tables"])
        assert "<" not in shown.replace("<ul>", "").replace("</ul>", "").replace("<li>", "").replace("</li>", ""), shown
    plain = without_direction_controls(text)
    element = ET.fromstring(f"<text>{escape(text)}</text>")
    assert (element.text or "") == re.sub("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]", "\ufffd", plain).replace("\r\n", "\n").replace("\r", "\n")
    tex = tex_escape(text)
    assert all(char in PDFLATEX_PRINTS or char in "\n\t" for char in tex), tex
    depth = 0
    for char in re.sub(r"\\[{}]", "", tex):
        depth += {"{": 1, "}": -1}.get(char, 0)
        assert depth >= 0, tex
    assert depth == 0, tex
    commands = set(re.findall(r"\\([A-Za-z]+)", tex))
    assert commands <= {"textbackslash", "textasciitilde", "textasciicircum", "textless", "textgreater", "textbar", "le", "ge",
                        "infty", "times", "alpha", "beta", "textsf"}, commands
    cell = safe_cell(text)
    assert not cell.startswith(("=", "+", "-", "@", "\t", "\r")) and not set(cell) & DIRECTION_CONTROLS
    data = str(script_json({"a": text}))
    assert "</" not in data and "<!--" not in data and json.loads(data) == {"a": text}


@dataclass(frozen=True)
class Reader:
    name: str
    read: Callable[[str, Scratch], None]
    strategy: Callable[[], st.SearchStrategy[str]]


TREE_KEYS = ("label", "type", "children", "value", "p", "move", "quiet", "noisy", "chance", "max", "min", "leaf")
TRACE_KEYS = ("version", "game", "settings", "events", "result", "tree", "kind", "path", "value", "best", "alpha", "beta", "nodes")
KEY_KEYS = ("exercise", "student", "questions", "tree", "nodes", "path", "label", "root_value", "unvisited", "cutoffs", "settings", "id")
ANSWER_KEYS = ("exercise", "student", "minimax", "values", "not_examined", "move", "window", "order", "expectiminimax", "alpha", "beta")
POINT_KEYS = ("minimax", "values", "not_examined", "move", "window", "order", "partial", "expectiminimax")


def _csv_text() -> st.SearchStrategy[str]:
    cell = st.one_of(st.text(max_size=12), st.sampled_from(HOSTILE_FRAGMENTS), st.sampled_from(["id", "name", "email", "sid", ""]))
    row = st.lists(cell, min_size=1, max_size=5)
    return st.builds(
        lambda rows, sep, quote: "\n".join(sep.join(f'"{c}"' if quote else c for c in r) for r in rows),
        st.lists(row, min_size=1, max_size=8), st.sampled_from([",", ";", "\t", "|"]), st.booleans(),
    )


def _fence_text() -> st.SearchStrategy[str]:
    names = st.sampled_from(["algorithm", "root", "players", "depth", "prune-on-equal", "fail", "order", "seed", "iterative", "tt",
                             "quiescence", "eval", "file", "game", "position", "imperfect", "deals", "start", "final", "show-order",
                             "labels", "height", "title", "pseudocode", "id", "x"])
    value = st.one_of(st.text(max_size=12), st.sampled_from(HOSTILE_FRAGMENTS), st.sampled_from(["true", "minimax", "-1", "99999999999"]))
    option = st.builds(lambda n, v, q: f"{n}={q}{v}{q}", names, value, st.sampled_from(["", '"', "'"]))
    return st.builds(" ".join, st.lists(option, max_size=5))


READERS: dict[str, Reader] = {
    reader.name: reader
    for reader in (
        Reader("tree", read_tree, lambda: st.one_of(inputs(seeds().trees, TREE_KEYS), _serialised(_game_tree()))),
        Reader("tree-json", read_tree_json, lambda: inputs(seeds().trees[:2], TREE_KEYS)),
        Reader("tree-file", read_tree_yaml, lambda: inputs(seeds().trees[2:], TREE_KEYS)),
        Reader("trace", read_trace, lambda: inputs((seeds().trace,), TRACE_KEYS)),
        Reader("key", read_key, lambda: inputs((seeds().key,), KEY_KEYS)),
        Reader("answers", read_answers, lambda: st.one_of(inputs(seeds().answers, ANSWER_KEYS), _answer_file(ANSWER_KEYS))),
        Reader("answers-json", read_answers_json, lambda: inputs(seeds().answers[1:2], ANSWER_KEYS)),
        Reader("points", read_points, lambda: inputs(seeds().points, POINT_KEYS)),
        Reader("roster", read_roster, lambda: st.one_of(_csv_text(), inputs(seeds().rosters, ("id", "name")))),
        Reader("fence", read_fence, lambda: st.one_of(_fence_text(), inputs(seeds().fences, ()))),
        Reader("evaluation", read_evaluation, lambda: inputs(seeds().evaluations, ())),
        Reader("escaping", write_escaped, lambda: st.one_of(st.text(), st.sampled_from(HOSTILE_FRAGMENTS), inputs(seeds().trees, ()))),
    )
}


def scratch_folder() -> Path:
    """The output folder of a fuzz run (FUZZ_OUTPUT, else a fresh temporary folder)."""
    return Path(os.environ.get("FUZZ_OUTPUT") or tempfile.mkdtemp(prefix="tracer-fuzz-"))


def write_report(counts: dict[str, Any]) -> None:
    """Add ``counts`` (per reader) to the JSON file ``FUZZ_REPORT`` names, for ``make fuzz``'s table."""
    target = os.environ.get("FUZZ_REPORT")
    if target:
        path = Path(target)
        known = json.loads(path.read_text()) if path.is_file() else {}
        known.update({name: dict(value) for name, value in counts.items()})
        path.write_text(json.dumps(known, indent=1, sort_keys=True))
