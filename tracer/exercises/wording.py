"""Every sentence of a sheet, a key and an answer template, through :func:`tracer.words.say`.

The templates in ``templates/`` hold structure only; the words come from here, each once
for Markdown, HTML and LaTeX alike (marked up as :mod:`tracer.exercises.markup` reads),
so a second language is a catalogue, not three sets of templates. What students type
(``"<= 2"``, ``+inf``, ``window: {alpha: 3, beta: +inf}``) stays ASCII; prose writes the
figures' notation (``≤ ≥ α β −∞``).
"""

from __future__ import annotations

from typing import Any

from tracer.exercises.markup import literal
from tracer.trace.questions import Question
from tracer.words import algorithm_name, current_language, say, say_n

__all__ = ["babel_language", "default_title", "example", "key_words", "prompt", "roots_sentence", "sheet_words", "steps_title", "student_text"]


def default_title() -> str:
    """The heading of sheets and keys when none is given: ``Adversarial search`` in the sheets' language."""
    return say("exercise.title", "Adversarial search")


def steps_title(title: str, ident: str) -> str:
    """The title of a key's ``steps.html``: ``Adversarial search: exercise ex1, step by step``."""
    return say("key.steps.title", "{title}: exercise {id}, step by step", title=title, id=ident)


def babel_language() -> str | None:
    """babel's name of the language sheets are written in (``turkish``), for the LaTeX preamble;
    None in English, whose sheets need no babel. A catalogue gives the name as the translation
    of the message ``tex.babel``."""
    if current_language() == "en":
        return None
    return say("tex.babel", "english")


def prompt(question: Question, algorithm: str, fail: str = "soft") -> tuple[str, str]:
    """The question as the sheet asks it, and how to write its answer in the file (an example, as typed)."""
    qid = question.id
    if qid == "minimax":
        return say("sheet.ask.minimax", "Give the minimax value of every internal node."), "minimax: {A: 3, B: 3, ...}"
    if qid == "expectiminimax":
        return (
            say("sheet.ask.expectiminimax", "Give the expectiminimax value of every internal node (MAX and MIN nodes and chance nodes)."),
            "expectiminimax: {A: 2.5, B: 2.5, ...}",
        )
    if qid == "values":
        if fail == "soft":
            bounds = say("sheet.ask.values.bounds.soft", 'Where it stops early the value is a bound: write "<= 2" (at most 2) or ">= 5" (at least 5).')
        elif fail == "own-bound":
            bounds = say(
                "sheet.ask.values.bounds.own-bound",
                'Where it stops early, or where a node returns its own bound (α at MAX, β at MIN) rather than its v, the value is a bound: '
                'write "<= 2" (at most 2) or ">= 5" (at least 5).',
            )
        else:
            bounds = say(
                "sheet.ask.values.bounds.hard",
                'Where it stops early, or where fail-hard clamps v into [α, β], the value is a bound: write "<= 2" (at most 2) or ">= 5" (at least 5).',
            )
        return (
            say(
                "sheet.ask.values", "Run alpha-beta with the conventions above. Give the value it computes at each internal node it examines. "
                "{bounds} Leave the nodes it never examines blank.", bounds=bounds,
            ),
            'values: {A: 3, C: "<= 2", ...}',
        )
    if qid == "not_examined":
        return (
            say(
                "sheet.ask.not_examined", "Which nodes does alpha-beta never examine? List every one, leaves and internal nodes "
                "(naming an internal node counts for everything below it). Write [] if it examines them all.",
            ),
            "not_examined: [H, I]",
        )
    if qid == "move":
        return say("sheet.ask.move", "Which child of the root does MAX move to?"), "move: B"
    if qid == "window":
        return (
            say("sheet.ask.window", "What are α and β when alpha-beta enters node {node}?", node=question.label),
            "window: {alpha: 3, beta: +inf}",
        )
    if qid == "order":
        return (
            say("sheet.ask.order", "In which order does {algorithm} evaluate the leaves? List the leaves it evaluates, first to last.",
                algorithm=algorithm_name(algorithm)),
            "order: [{leaf}, {leaf}, ...]".format(leaf=say("sheet.example.leaf", "<leaf>")),
        )
    raise ValueError(qid)


def _common(title: str, ident: str, student_text: str) -> dict[str, str]:
    fields = {"title": literal(title), "id": ident, "student": literal(student_text)}
    return {
        "student": say("sheet.student", "Student:"),
        "conventions": say("sheet.heading.conventions", "Conventions"),
        "compile": say("tex.compile", "Compile with pdflatex (needs TikZ)."),
        "heading": say("sheet.heading", "{title}: exercise `{id}`", **fields),
        "heading_for": say("template.heading.student", "{title}: exercise `{id}` for {student}", **fields),
    }


def sheet_words(title: str, ident: str, student_text: str, *, chance: bool, asks: set[str]) -> dict[str, str]:
    """The sentences of a sheet and its answer template; ``asks`` the ids of the questions asked
    (the hand-in notes mention only what they need)."""
    words = _common(title, ident, student_text)
    lists = ""
    if "order" in asks:
        lists = " " + say("sheet.notes.lists.order", "Lists of nodes can be in any order, except the order of evaluation.")
    elif "not_examined" in asks:
        lists = " " + say("sheet.notes.lists", "Lists of nodes can be in any order.")
    words.update(
        figure_alt=say("sheet.figure.alt", "The game tree of exercise {id}", id=ident),
        legend=say(
            "sheet.legend.chance",
            "MAX nodes are triangles pointing up, MIN nodes triangles pointing down, chance nodes circles (each outcome's "
            "probability on its edge); leaves are squares holding their value, as MAX sees it. The letters name the nodes.",
        ) if chance else say(
            "sheet.legend",
            "MAX nodes are triangles pointing up, MIN nodes triangles pointing down; leaves are squares holding their value, "
            "as MAX sees it. The letters name the nodes.",
        ),
        questions=say("sheet.heading.questions", "Questions"),
        hand_in=say("sheet.heading.hand_in", "Handing in your answers"),
        hand_in_intro=say(
            "sheet.hand_in.intro",
            "Fill in `answer-template.yaml` (it comes with this sheet) and hand it in. It is a small YAML file (JSON works too); "
            "with made-up values it looks like this:",
        ),
        names=say("sheet.notes.names", "Name a node by its letter (any case) or by its path: `1.0` is the first child of the root's second child."),
        bounds=say("sheet.notes.bounds", 'Write a bound in quotes: `"<= 2"`, `"≤2"` or `"at most 2"`; `">= 5"`, `"≥5"` or `"at least 5"`.')
        if asks & {"values", "window"} else "",
        averages=say("sheet.notes.averages", "Write a value as a decimal or a fraction: `2.5` or `5/2` (two decimals are enough).")
        if "expectiminimax" in asks else "",
        infinity=say("sheet.notes.infinity", "Infinity is `+inf` or `-inf`.") + lists,
        keep_id=say("sheet.notes.keep_id", "Keep the line `exercise: {id}`: it tells the checker which tree you worked on.", id=ident),
        tex_page=say("tex.page", "A text block that fits both A4 and US Letter paper."),
        # the answer template: comments in a YAML file, plain text
        template_intro=say("template.intro", "Fill in your answers and hand in this file (keep its YAML form; JSON works too)."),
        template_names=say("template.names", 'Name a node by its letter (any case) or by its path, such as "1.0".'),
        template_bounds=say("template.bounds", 'Write a bound in quotes: "<= 2", "≤2" or "at most 2"; ">= 5", "≥5" or "at least 5".'),
        template_infinity=say("template.infinity", "Infinity is +inf or -inf. Leave an answer blank if you have none."),
        template_several=say("template.several", "One file may hold several exercises: put a line --- between them."),
        template_student=say("template.student", "your student id, as on the class list"),
    )
    return words


def key_words(title: str, ident: str, student_text: str, *, algorithm: str, stats: dict[str, int], root_value: str,
              best_move: str | None) -> dict[str, str]:
    """The sentences of a key (the answers themselves come from :func:`tracer.exercises.sheet.key_answer`)."""
    words = _common(title, ident, student_text)
    fields = {"title": literal(title), "id": ident}
    clauses = {
        "visits": say_n("key.stats.visits", "visits {n} node (the root included)", "visits {n} nodes (the root included)",
                        stats["visited"], n=stats["visited"]),
        "evaluates": say_n("key.stats.evaluates", "evaluates {n} leaf", "evaluates {n} leaves", stats["evaluated"], n=stats["evaluated"]),
        "cutoffs": say_n("key.stats.cutoffs", "makes {n} cutoff", "makes {n} cutoffs", stats["cutoffs"], n=stats["cutoffs"]),
    }
    name = algorithm_name(algorithm)
    words.update(
        heading=say("key.heading", "Answer key: {title}, exercise `{id}`", **fields),
        figure_alt=say("key.figure.alt", "The tree after {algorithm}", algorithm=name),
        figure_caption=say(
            "key.figure.caption.alphabeta",
            "The tree after {algorithm}: the value each node returned (≤ marks an upper bound, ≥ a lower bound); dashed nodes are never examined.",
            algorithm=name,
        ) if algorithm == "alphabeta" else say("key.figure.caption", "The tree after {algorithm}: the value each node returned.", algorithm=name),
        root=say("key.root.move", "Root value **{value}**; MAX moves to **{move}**.", value=literal(root_value), move=literal(best_move))
        if best_move else say("key.root", "Root value **{value}**.", value=literal(root_value)),
        stats=say("key.stats", "Alpha-beta {visits}, {evaluates} and {cutoffs}.", **clauses) if algorithm == "alphabeta" else "",
        stats_dashed=say("key.stats.dashed", "Alpha-beta {visits}, {evaluates} and {cutoffs}; dashed nodes are never examined.", **clauses)
        if algorithm == "alphabeta" else "",
        answers=say("key.heading.answers", "Answers"),
        node=say("key.column.node", "Node"),
        path=say("key.column.path", "Path"),
        type=say("key.column.type", "Type"),
        value=say("key.column.value", "Value"),
        search_value=say("key.column.search_value", "Value alpha-beta computes"),
        cutoffs=say("key.heading.cutoffs", "Cutoffs"),
        hand_in=say("key.heading.hand_in", "The key in the hand-in format"),
        full_marks=say("key.full_marks", "This file scores full marks with `tracer check`:"),
        steps=say("key.heading.steps", "Step by step"),
        player=say("key.steps.player", "Play the search frame by frame in [steps.html](steps.html) (beside this file)."),
        numbers=say("key.steps.numbers", "The numbers below are the steps of the trace (a leaf's return is not listed)."),
        step=say("key.column.step", "Step"),
        happens=say("key.column.happens", "What happens"),
    )
    return words


def example(how: str) -> str:
    """The answer template's example of an answer, as a comment: ``(for example: move: B)``."""
    return say("template.example", "(for example: {how})", how=how)


def roots_sentence(roots: list[str], listed: str) -> str:
    """Where the pruned subtrees start, when that says more than the list of every node not examined."""
    shown = ", ".join(roots)
    if not roots or shown == listed:
        return ""
    return say("key.answer.roots", "The subtrees not examined start at {roots}.", roots=shown)


def student_text(student: dict[str, Any] | None) -> str:
    """``Ada Lovelace (s1)``, or the id alone."""
    if not student:
        return ""
    if student.get("name"):
        return say("sheet.student.named", "{name} ({id})", name=student["name"], id=student["id"])
    return str(student["id"])
