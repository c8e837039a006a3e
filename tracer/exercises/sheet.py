"""Sheets, keys and answer templates, rendered from the Jinja2 templates in ``templates/``.

Each exercise has these files (:func:`render_exercise`); :mod:`tracer.exercises.handout`
writes the hand-out's into ``DIR/handout/`` and the key's into ``DIR/keys/``:

==========================  ================================================================
``sheet.md``, ``sheet.html``  the sheet: tree, conventions, questions, the answer format
``figure.svg``                the sheet's tree (``sheet.md`` links it; the HTML inlines it)
``answer-template.yaml``      the file a student fills in and hands back
``sheet.tex``                 with ``formats=("html", "latex")``: TikZ figures, for pdflatex
``key.md``, ``key.html``      the key: every answer, the key in the hand-in format, every step
``key-figure.svg``            the tree after the search (for ``key.md``)
``steps.html``                the search step by step, in the player (linked from the key)
``key.json``                  the engine's key plus ``exercise``, ``student``, ``questions``, ``tree``
``key.tex``                   with ``formats=("html", "latex")``
==========================  ================================================================

:func:`render_sheets` makes one printable file of many sheets (``sheets.html``,
``sheets.tex``) from each sheet's body. The same exercises give the same bytes.

The templates are found in ``tracer/templates`` inside an installed wheel (where the
build puts them) or in the ``templates/`` folder beside the package in a source tree.
"""

from __future__ import annotations

import json
import re
import textwrap
from collections.abc import Sequence
from functools import cache, partial
from pathlib import Path
from typing import Any

from markupsafe import Markup, escape

import tracer.exercises.figures as figures
import tracer.exercises.markup as markup
from tracer.errors import InputError
from tracer.exercises.generate import Exercise, ExerciseSpec, cutoff_origins
from tracer.exercises.wording import (
    babel_language,
    default_title,
    example,
    key_words,
    prompt,
    roots_sentence,
    sheet_words,
    steps_title,
    student_text,
)
from tracer.game.model import Tree
from tracer.reading.text import plain_direction, without_direction_controls
from tracer.trace.captions import key_steps
from tracer.trace.hand_in import key_answers
from tracer.trace.key import AnswerKey
from tracer.trace.key_text import md
from tracer.trace.questions import Question, question_title
from tracer.words import bounded, conventions_lines, current_language, cutoff_test, joined, node_kind, number, say, say_n

__all__ = ["FORMATS", "render_exercise", "render_parts", "render_sheets", "template_dir", "yaml_text"]

FORMATS = ("html", "latex")
_ID_RE = re.compile(r"^[a-z0-9][a-z0-9-]*$")


def template_dir() -> Path:
    """Where the templates are: inside the installed package, else beside it in the source tree."""
    package = Path(__file__).resolve().parent.parent
    for candidate in (package / "templates", package.parent / "templates"):
        if (candidate / "sheet.html.j2").is_file():
            return candidate
    raise InputError(say("sheet.templates.missing", "tracer's sheet templates are missing"),
                     hint=say("sheet.hint.templates", "reinstall tracer (pip install gametree-tracer)"))


@cache
def _environment(latex: bool) -> Any:
    import jinja2

    options: dict[str, Any] = {
        "loader": jinja2.FileSystemLoader(str(template_dir())),
        "undefined": jinja2.StrictUndefined,
        "keep_trailing_newline": True,
        "trim_blocks": True,
        "lstrip_blocks": True,
    }
    if latex:
        options.update(
            block_start_string=r"\BLOCK{", block_end_string="}", variable_start_string=r"\VAR{", variable_end_string="}",
            comment_start_string=r"\#{", comment_end_string="}", autoescape=False,
        )
    else:
        options["autoescape"] = jinja2.select_autoescape(enabled_extensions=("html", "html.j2"), default_for_string=False)
    env = jinja2.Environment(**options, finalize=plain_direction)
    env.filters["tex"] = figures.tex_escape
    env.filters["md"] = _md_escape
    env.filters["comment"] = lambda text, width=88: "\n# ".join(textwrap.wrap(str(text), width - 2))
    # sentences marked up as tracer.exercises.markup reads, in each format
    env.filters["prose_md"] = partial(markup.render, escape=_md_escape, code="`{}`".format, bold=lambda t: f"**{_md_escape(t)}**",
                                      link=lambda t, href: f"[{_md_escape(t)}]({href})")
    env.filters["prose_html"] = lambda text: Markup(markup.render(
        text, escape=_html_text, code=lambda t: f"<code>{_html_text(t)}</code>", bold=lambda t: f"<strong>{_html_text(t)}</strong>",
        link=lambda t, href: f'<a href="{escape(href)}">{_html_text(t)}</a>',
    ))
    tex_escape = figures.tex_escape
    env.filters["prose_tex"] = partial(markup.render, escape=tex_escape, code=lambda t: f"\\texttt{{{tex_escape(t)}}}",
                                       bold=lambda t: f"\\textbf{{{tex_escape(t)}}}")
    env.filters["plain"] = markup.plain
    env.filters["yaml_text"] = yaml_text
    return env


def yaml_text(text: Any) -> str:
    """Text as a YAML scalar: plain where YAML reads it back as the same text, else double-quoted.

    >>> yaml_text("ada"), yaml_text("#5"), yaml_text("=1+2"), yaml_text("a: b")
    ('ada', '"#5"', '"=1+2"', '"a: b"')
    """
    text = str(text)
    if re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._@+-]*", text) and text.casefold() not in ("null", "true", "false", "yes", "no", "on", "off", "y", "n"):
        return text
    return json.dumps(text, ensure_ascii=False)


def _html_text(text: str) -> str:
    """Text made safe between HTML tags (quotes need no escaping there, and sentences keep theirs)."""
    return without_direction_controls(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _md_escape(text: Any) -> str:
    """Text as Markdown that shows it, in a sheet or a key (the answer key's escaping)."""
    return md(str(text))


def _render(name: str, context: dict[str, Any]) -> str:
    return str(_environment(name.endswith(".tex.j2")).get_template(name).render(**context))


# -- what the templates see ------------------------------------------------------------------
def key_answer(question: Question, key: AnswerKey) -> dict[str, Any]:
    """The key's answer to one question, prepared for the key templates."""
    qid = question.id
    nodes = key.nodes or ()
    if qid in ("minimax", "expectiminimax", "values"):
        rows = []
        for node in nodes:
            if node.type == "leaf" or node.minimax_value is None:  # None: past a depth limit's reach
                continue
            if qid == "values":
                value = bounded(node.search_value, node.bound) if node.search_value is not None else say("key.not.examined", "not examined")
            else:
                value = number(node.minimax_value)
            rows.append({"label": node.label, "path": node.path_text or say("key.root.row", "(root)"), "type": node_kind(node.type), "value": value})
        return {"rows": rows}
    if qid == "not_examined":
        unvisited = key.unvisited or ()
        roots = [path for path in unvisited if path[:-1] not in unvisited]
        text = ", ".join(key.label(path) for path in unvisited) or say("key.answer.all.examined", "none: alpha-beta examines every node")
        return {"text": text, "roots": roots_sentence([key.label(path) for path in roots], text)}
    if qid == "move":
        best = key.best_move
        if best is None:
            return {"text": say("key.none", "none")}
        return {"text": say("key.answer.move", "{child} (the root's value {value} comes from it)", child=best.label, value=number(key.root_value))}
    if qid == "window":
        return {"text": say("key.answer.window", "α = {alpha}, β = {beta}", alpha=number(question.alpha), beta=number(question.beta))}
    if qid == "order":
        return {"text": ", ".join(key.label(path) for path in key.evaluated or ())}
    raise ValueError(qid)


def _cutoff_lines(exercise: Exercise) -> list[str]:
    trace = exercise.trace
    if trace.algorithm != "alphabeta":
        return []
    tree = trace.tree
    lines = []
    for cut, story in zip(cutoff_origins(trace), exercise.key.cutoffs or ()):
        node = tree.node(cut["at"])
        test = cutoff_test(node.type, trace.conventions.prune_on_equal, story.v, story.alpha, story.beta)
        decided = tree.node(cut["decided_at"]).label if cut["decided_at"] is not None else "?"
        bound = "β" if node.type == "max" else "α"
        fields = {"node": node.label, "test": test, "bound": bound, "origin": decided, "pruned": joined([tree.node(p).label for p in cut["pruned"]])}
        if cut["distance"] and cut["distance"] > 1:
            lines.append(say("key.cutoff.deep", "At {node}: {test}, a deep cutoff ({bound} comes from {origin}, {levels} levels up); "
                             "not examined: {pruned}.", levels=cut["distance"], **fields))
        else:
            lines.append(say("key.cutoff.line", "At {node}: {test} ({bound} comes from {origin}); not examined: {pruned}.", **fields))
    return lines


def _answers_yaml(answers: dict[str, Any]) -> str:
    """The key's answers in the students' format, every bound quoted as the sheet asks."""
    import yaml

    class Dumper(yaml.SafeDumper):
        pass

    def text(dumper: yaml.SafeDumper, value: str) -> yaml.Node:
        style = '"' if value.startswith(("<=", ">=")) else None
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)

    Dumper.add_representer(str, text)
    return yaml.dump(answers, Dumper=Dumper, sort_keys=False, allow_unicode=True, default_flow_style=None, width=100)


def exercise_context(exercise: Exercise, title: str, formats: Sequence[str] = ("html",)) -> dict[str, Any]:
    key = exercise.key
    spec = exercise.spec
    algorithm = spec.algorithm
    questions = []
    for index, question in enumerate(exercise.questions, start=1):
        text, how = prompt(question, algorithm, spec.conventions.fail)
        questions.append(
            {
                "number": index, "id": question.id, "title": question_title(question.id), "prompt": text, "how": how,
                "example": example(how), "answer": key_answer(question, key),
            }
        )
    who = student_text(key.student)
    best_move = key.best_move.label if key.best_move is not None else None
    context: dict[str, Any] = {
        "lang": current_language(),
        "babel": babel_language(),
        "title": title,
        "id": exercise.id,
        "student": key.student,
        "student_text": who,
        "algorithm": algorithm,
        "chance": spec.chance,
        "conventions": convention_lines(spec, exercise.tree),
        "questions": questions,
        "internal": _asked_nodes(exercise),
        "words": sheet_words(title, exercise.id, who, chance=spec.chance, asks={q.id for q in exercise.questions}),
        "key_words": key_words(title, exercise.id, who, algorithm=algorithm, stats=key.stats, root_value=number(key.root_value), best_move=best_move),
        "cutoffs": _cutoff_lines(exercise),
        "steps": key_steps(exercise.trace),
        "key_yaml": _answers_yaml(key_answers(key)),
        "tree_svg": figures.tree_svg(exercise.tree, static_values=spec.depth_limit is not None, noisy_marks=spec.quiescence) if "html" in formats else "",
        "figure_marks": _figure_marks(spec),
        "final_svg": figures.final_svg(exercise.trace) if "html" in formats else "",
    }
    context["template"] = _render("answer-template.yaml.j2", context)
    if "latex" in formats:
        context["tree_tikz"] = figures.tree_tikz(exercise.tree, static_values=spec.depth_limit is not None, noisy_marks=spec.quiescence)
        context["final_tikz"] = figures.final_tikz(exercise.trace)
    return context


def _figure_marks(spec: ExerciseSpec) -> str:
    """What the sheet's figure adds for a depth-limited exercise (its conventions list them in words too)."""
    if spec.depth_limit is None:
        return ""
    text = say("sheet.legend.static", "The number beside an internal node is its static value.")
    if spec.quiescence:
        text += " " + say("sheet.legend.noisy", "A move marked {mark} is noisy: quiescence search follows it past the depth limit.", mark=figures.noisy_mark())
    return text


def _asked_nodes(exercise: Exercise) -> list[str]:
    """The internal nodes whose values are asked: every one, or with a depth limit those within the search's reach."""
    values = {node.path: node.minimax_value for node in exercise.key.nodes or ()}
    return [node.label for node in exercise.tree.breadth_first() if not node.is_leaf and values.get(node.path, 0) is not None]


def convention_lines(spec: ExerciseSpec, tree: Tree | None = None) -> list[str]:
    """The conventions as the sheet states them; with a depth limit, the limit, the static values
    and (with quiescence) the noisy moves of ``tree`` as well."""
    lines = conventions_lines(spec.algorithm, spec.conventions.prune_on_equal, spec.conventions.fail)
    if spec.depth_limit is None or tree is None:
        return lines
    lines.append(say_n("sheet.depth_limit", "Depth limit {n}: the search stops {n} level below the root and takes a node there "
                       "as worth its static value.", "Depth limit {n}: the search stops {n} levels below the root and takes a node there "
                       "as worth its static value.", spec.depth_limit, n=spec.depth_limit))
    static = [say("sheet.static.item", "{node} {value}", node=node.label, value=number(node.value))
              for node in tree.breadth_first() if not node.is_leaf and node.value is not None]
    if static:
        lines.append(say("sheet.static", "Static values of internal nodes: {values}.", values=", ".join(static)))
    if spec.quiescence:
        moves = [f"{node.label} → {node.children[i].label}" for node in tree.breadth_first() for i in node.noisy or ()]
        lines.append(say("sheet.quiescence", "Quiescence search: past the depth limit, a node with noisy moves is worth its static value "
                         "(standing pat) or what a noisy move gives its player, whichever that player prefers; quiet moves are not searched there. "
                         "Noisy moves: {moves}.", moves=", ".join(moves) or say("key.none", "none")))
    return lines


def render_exercise(exercise: Exercise, title: str | None = None, formats: Sequence[str] = ("html",)) -> dict[str, str]:
    """Every file of one exercise: name -> text (the hand-out's and the key's; see :mod:`tracer.exercises.handout`).

    ``title`` is the heading of the sheet and the key (None: ``Adversarial search`` in the current language)."""
    return render_parts(exercise, title, formats)[0]


def render_parts(exercise: Exercise, title: str | None = None, formats: Sequence[str] = ("html",)) -> tuple[dict[str, str], dict[str, Any]]:
    """Every file of one exercise, and what the class's printable file of all sheets needs of it
    (its context and the body of its sheet in each format)."""
    title = default_title() if title is None else title
    for fmt in formats:
        if fmt not in FORMATS:
            raise InputError(say("sheet.format.unknown", "unknown sheet format {format}", format=repr(fmt)),
                             hint=say("sheet.hint.format", "use html, or latex for LaTeX as well"))
    context = exercise_context(exercise, title, formats)
    files: dict[str, str] = {}
    files["key.json"] = json.dumps(exercise.key.to_json(), indent=2, ensure_ascii=False) + "\n"
    files["answer-template.yaml"] = context["template"]
    bodies: dict[str, Any] = {"id": exercise.id, "context": context}
    if "html" in formats:
        files["figure.svg"] = context["tree_svg"]
        files["key-figure.svg"] = context["final_svg"]
        files["steps.html"] = figures.steps_html(exercise.trace, steps_title(title, exercise.id))
        for name in ("sheet.md", "sheet.html", "key.md", "key.html"):
            files[name] = _render(name + ".j2", context)
        bodies["html"] = _render_block("sheet.html.j2", "body", context)
    if "latex" in formats:
        for name in ("sheet.tex", "key.tex"):
            files[name] = _render(name + ".j2", context)
        bodies["latex"] = _render_block("sheet.tex.j2", "body", context)
    return dict(sorted(files.items())), bodies


def _render_block(name: str, block: str, context: dict[str, Any]) -> str:
    """One block of a template, rendered alone (a sheet's body, for the file of all sheets)."""
    template = _environment(name.endswith(".tex.j2")).get_template(name)
    return "".join(template.blocks[block](template.new_context(context)))


def render_sheets(parts: Sequence[dict[str, Any]], title: str, fmt: str) -> str:
    """One printable file of every sheet (``sheets.html``, or ``sheets.tex`` with ``fmt="latex"``), a page or more each."""
    if not parts:
        raise ValueError("no sheets")
    context = dict(parts[0]["context"])
    context["heading"] = title
    context["sheets"] = [{"id": part["id"], "body": part["html" if fmt == "html" else "latex"]} for part in parts]
    return _render("sheets.html.j2" if fmt == "html" else "sheets.tex.j2", context)
