"""The wording layer: every sentence and label tracer writes for people, by message id.

* :mod:`tracer.words.catalog`: messages by id (``say``, ``say_n``) and the language
  they are written in (``use_language``): a second language is a catalogue;
* :mod:`tracer.words.notation`: values, bounds, windows, node kinds, algorithm names,
  the conventions and the cutoff test, written one way everywhere (``≤ ≥ α β −∞``).

The sentences about a search (captions, keys, feedback, legends, sheets) are built
from these in the modules that know the facts, each through ``say``.
"""

from tracer.words.catalog import Said, available_languages, current_language, language_from, say, say_n, template, use_language
from tracer.words.notation import (
    algorithm_name,
    bounded,
    conventions_lines,
    conventions_summary,
    count,
    cutoff_rule,
    cutoff_test,
    evaluation_sum,
    fail_name,
    joined,
    node_kind,
    number,
    ordinal,
    plural,
    probability,
    window,
)

__all__ = [
    "Said",
    "algorithm_name",
    "available_languages",
    "bounded",
    "conventions_lines",
    "conventions_summary",
    "count",
    "current_language",
    "cutoff_rule",
    "cutoff_test",
    "evaluation_sum",
    "fail_name",
    "joined",
    "language_from",
    "node_kind",
    "number",
    "ordinal",
    "plural",
    "probability",
    "say",
    "say_n",
    "template",
    "use_language",
    "window",
]
