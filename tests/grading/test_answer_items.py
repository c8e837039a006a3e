"""Answer files are composed straight from YAML's events into items (issue 14: a class's files are read
faster). The items must be what PyYAML's own composer reads: the same shape, the same text, the same
line and column, blank exactly where YAML's core schema reads null."""

from __future__ import annotations

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from tracer.grading.answers import MAX_NESTING, MAX_SCALAR, AnswerError, Item, load_yaml_items

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml's own composer where PyYAML has it: its marks are those of the parser tracer reads events from."""


def _as_pyyaml_reads(node: yaml.Node) -> tuple:
    """A node as PyYAML's pure-Python composer made it, in the items' terms (kind, value, line, column)."""
    line, column = node.start_mark.line + 1, node.start_mark.column + 1
    if isinstance(node, yaml.MappingNode):
        return ("map", [(_as_pyyaml_reads(key), _as_pyyaml_reads(value)) for key, value in node.value], line, column)
    if isinstance(node, yaml.SequenceNode):
        return ("list", [_as_pyyaml_reads(child) for child in node.value], line, column)
    blank = node.tag == "tag:yaml.org,2002:null" and not node.style
    return ("scalar", None if blank else node.value, line, column)


def _as_items_read(item: Item) -> tuple:
    if item.kind == "map":
        return ("map", [(_as_items_read(key), _as_items_read(value)) for key, value in item.value], item.line, item.column)
    if item.kind == "list":
        return ("list", [_as_items_read(child) for child in item.value], item.line, item.column)
    return ("scalar", item.value, item.line, item.column)


scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=False, width=32),
    st.sampled_from(["~", "null", "Null", "NULL", "", "<= 2", ">= 5", "at most 3", "B", "1.0", "ı", "İ", "yes", "0x1f", "10/3"]),
    st.text(max_size=12),
)
documents = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
                         max_leaves=20)


@settings(max_examples=300, deadline=None)
@given(data=st.dictionaries(st.text(min_size=1, max_size=8), documents, min_size=1, max_size=5), flow=st.sampled_from([None, True, False]))
def test_items_are_what_pyyaml_composes(data, flow):
    text = yaml.safe_dump(data, default_flow_style=flow, allow_unicode=True)
    assert _as_items_read(load_yaml_items(text, "a.yaml")) == _as_pyyaml_reads(yaml.compose(text, Loader=_LOADER))


@pytest.mark.parametrize("text", [
    "values: {A: , B: ~, C: null, D: 'null', E: \"\", F: NULL, G: ! null}\n",
    "order: [E, F]\nmove: &m B\nagain: *m\n",
    "- exercise: x\n  move: B\n- exercise: y\n",
    "values:\n  A: 3   # a comment\n  B: '<= 2'\n",
])
def test_blanks_anchors_and_quotes_as_pyyaml_reads_them(text):
    assert _as_items_read(load_yaml_items(text, "a.yaml")) == _as_pyyaml_reads(yaml.compose(text, Loader=_LOADER))


def test_a_too_long_answer_is_refused_where_it_is_written():
    with pytest.raises(AnswerError) as caught:
        load_yaml_items("exercise: x\nmove: " + "B" * (MAX_SCALAR + 1) + "\n", "a.yaml")
    assert "longer than any answer needs" in str(caught.value) and (caught.value.line, caught.value.column) == (2, 7)


def test_answers_nested_past_the_limit_are_refused():
    nested = "values: " + "[" * (MAX_NESTING + 1) + "]" * (MAX_NESTING + 1) + "\n"
    with pytest.raises(AnswerError) as caught:
        load_yaml_items(nested, "a.yaml")
    assert "nested" in str(caught.value) and caught.value.line == 1
