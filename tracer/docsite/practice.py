"""The practice fence: a bank of seeded trees a student solves and checks in the browser.

```gametree-practice seed=2026 count=6``` makes ``count`` exercises with the exercise
generator (:mod:`tracer.exercises`), in varied shapes and conventions, with and without
cutoffs. For each, the page shows the bare tree, a form (the value alpha-beta computes at
every internal node, the nodes it does not examine, MAX's move), and a hidden solution
stepper. The script (``assets/practice.js`` with ``assets/grading.js``) checks the answers
by the rules of ``tracer check``, read from data :mod:`tracer.grading.browser` writes: the
rules once per bank, and per tree its key and the checker's own feedback sentences.
"""

from __future__ import annotations

import html

from tracer.errors import InputError
from tracer.exercises.generate import ExerciseSpec, make_exercise
from tracer.grading.browser import key_data, rules
from tracer.grading.keys import PreparedKey
from tracer.search.conventions import Conventions
from tracer.words import algorithm_name, conventions_summary, node_kind, say

__all__ = ["PRACTICE_SPECS", "practice_html"]

PRACTICE_SPECS: tuple[ExerciseSpec, ...] = (
    ExerciseSpec(branching=(2, 2), depth=(2, 2), values=(0, 9), min_cutoffs=1),
    ExerciseSpec(branching=(3, 3), depth=(2, 2), values=(0, 9), min_cutoffs=1),
    ExerciseSpec(branching=(2, 3), depth=(3, 3), values=(-9, 9), min_cutoffs=2, max_leaves=16),
    ExerciseSpec(branching=(2, 2), depth=(2, 2), values=(0, 9)),
    ExerciseSpec(branching=(2, 3), depth=(3, 3), values=(0, 9), min_cutoffs=1, conventions=Conventions(prune_on_equal=False), max_leaves=16),
    ExerciseSpec(branching=(2, 2), depth=(4, 4), values=(-9, 9), deep_cutoff=True, conventions=Conventions(fail="hard")),
)
"""Shapes and conventions the bank cycles through: small and larger, with and without
cutoffs, a deep cutoff, and both tie and fail conventions."""


def _options(options: dict[str, str]) -> tuple[str, int]:
    unknown = sorted(set(options) - {"seed", "count", "lang"})  # lang: the plugin's (tracer.docsite.plugin)
    if unknown:
        raise InputError(say("fence.option.unknown", "unknown option {name}", name=repr(unknown[0])),
                         hint=say("fence.practice.options", "gametree-practice takes seed=, count= and lang="))
    seed = options.get("seed", "1")
    try:
        count = int(options.get("count", "6"))
    except ValueError:
        count = 0
    if not 1 <= count <= 50:
        raise InputError(say("fence.practice.count", "count={value} is not a whole number from 1 to 50", value=repr(options.get("count"))),
                         hint=say("fence.practice.count.hint", "write e.g. count=6"))
    return seed, count


def practice_html(options: dict[str, str], *, id_token: str, theme: str = "auto") -> str:
    """The HTML of a practice fence: ``count`` exercises, each with its form and solution."""
    from tracer.docsite.fence import read_fence_options
    from tracer.docsite.stepper import script_json, trace_stepper_html
    from tracer.render.figure import Figure

    seed, count = _options(options)
    items = []
    for index in range(1, count + 1):
        spec = PRACTICE_SPECS[(index - 1) % len(PRACTICE_SPECS)]
        exercise = make_exercise(spec, seed=f"practice/{seed}", index=index)
        key = exercise.key
        nodes = key.nodes or ()
        item_id = f"{id_token}-{index}"
        conventions = exercise.trace.conventions
        # both palettes, one shown by the site's stylesheet: a white figure on a dark page glares
        figure = "".join(
            f'<span class="tracer-when-{theme_name}">{Figure(exercise.tree, theme=theme_name, prefix=f"{item_id}-tree-{theme_name}").plain(None)}</span>'
            for theme_name in ("light", "dark")
        )
        example = html.escape(
            say("practice.placeholder", "e.g. {example}", example=say("practice.placeholder.example", "{value} or {bound}", value="3", bound="<= 2"))
        )
        rows = "".join(
            f'<tr data-path="{html.escape(n.path_text)}"><th scope="row">{html.escape(n.label)}</th>'
            f'<td>{html.escape(node_kind(n.type))}</td><td><input type="text" inputmode="text" autocomplete="off" '
            f'aria-label="{html.escape(say("practice.input", "Value alpha-beta computes at {node}", node=n.label))}" placeholder="{example}"></td>'
            f'<td class="tracer-feedback" aria-live="polite"></td></tr>'
            for n in nodes if n.type != "leaf"
        )
        boxes = "".join(
            f'<label class="tracer-check"><input type="checkbox" value="{html.escape(n.path_text)}"> {html.escape(n.label)}</label>'
            for n in nodes if n.path
        )
        moves = "".join(f'<option value="{html.escape(n.path_text)}">{html.escape(n.label)}</option>' for n in nodes if len(n.path) == 1)
        data = key_data(PreparedKey(key, "practice"))
        solution_fence = read_fence_options(
            {
                "prune-on-equal": "true" if conventions.prune_on_equal else "false",
                "fail": conventions.fail,
                "title": say("practice.solution", "Solution"),
            }
        )
        solution = trace_stepper_html(exercise.trace, solution_fence, id_token=f"{item_id}-solution")
        words = {
            "tree": say("practice.tree", "Tree {n}", n=index),
            "node": say("practice.column.node", "node"),
            "type": say("practice.column.type", "type"),
            "value": say("practice.column.value", "value alpha-beta computes"),
            "feedback": say("practice.column.feedback", "feedback"),
            "not_examined": say("practice.not_examined", "Nodes alpha-beta does not examine"),
            "move": say("practice.move", "MAX's move:"),
            "choose": say("practice.choose", "choose"),
            "check": say("practice.check", "Check"),
            "reveal": say("practice.reveal", "Show the solution"),
            "hide": say("practice.hide", "Hide the solution"),
        }
        w = {name: html.escape(text, quote=False) for name, text in words.items()}  # text between tags
        items.append(
            f'<section class="tracer-practice-item" id="{item_id}" data-tracer-practice>'
            f'<h3>{w["tree"]} <small>({html.escape(exercise.id)})</small></h3>'
            f'<p class="tracer-conventions"><strong>{html.escape(algorithm_name("alphabeta", capital=True))}</strong>: '
            f'{html.escape(conventions_summary(conventions.prune_on_equal, conventions.fail))}.</p>'
            f'<figure class="tracer-figure">{figure}</figure>'
            f'<form class="tracer-practice-form" onsubmit="return false">'
            f'<table class="tracer-answers"><thead><tr><th scope="col">{w["node"]}</th><th scope="col">{w["type"]}</th>'
            f'<th scope="col">{w["value"]}</th><th scope="col">{w["feedback"]}</th></tr></thead><tbody>{rows}</tbody></table>'
            f'<fieldset class="tracer-not-examined"><legend>{w["not_examined"]}</legend>{boxes}'
            f'<p class="tracer-feedback" data-for="not-examined" aria-live="polite"></p></fieldset>'
            f'<p><label>{w["move"]} <select class="tracer-move"><option value="">{w["choose"]}</option>{moves}</select></label> '
            f'<span class="tracer-feedback" data-for="move" aria-live="polite"></span></p>'
            f'<p class="tracer-practice-buttons"><button type="button" data-action="check">{w["check"]}</button> '
            f'<button type="button" data-action="reveal" aria-expanded="false" data-show="{html.escape(words["reveal"])}" '
            f'data-hide="{html.escape(words["hide"])}">{w["reveal"]}</button></p>'
            f'<p class="tracer-summary" aria-live="polite"></p></form>'
            f'<div class="tracer-solution" hidden>{solution}</div>'
            f'<script type="application/json" class="tracer-practice-data">{script_json(data)}</script></section>'
        )
    return (
        f'<div class="tracer-practice" id="{id_token}">'
        f'<script type="application/json" class="tracer-grading-rules">{script_json(rules())}</script>{"".join(items)}</div>'
    )
