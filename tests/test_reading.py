"""The safe door for users' files: hostile inputs get one line naming the place and the limit, never a crash."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tracer.errors import InputError, TreeFormatError
from tracer.game.notation import load_tree, parse_tree
from tracer.reading import LIMITS, MAX_YAML_NODES, compose_yaml, load_json, nesting_depth, read_input


@pytest.mark.parametrize(
    "text, message",
    [
        ("!!python/name:os.system x", "the YAML tag !!python/name:os.system is not allowed"),
        ("!!python/object:os.system {}", "the YAML tag !!python/object:os.system is not allowed"),
        ('[!!int "abc", 2]', "the YAML tag !!int is not allowed"),
        ('[!!float "abc", 2]', "the YAML tag !!float is not allowed"),
        ("[!mytag 1, 2]", "the YAML tag !mytag is not allowed"),
        ("&a [1, *a]", "a YAML alias refers to the value it is part of"),
    ],
)
def test_yaml_tags_and_self_referring_aliases_are_refused(text, message):
    with pytest.raises(TreeFormatError, match=message):
        parse_tree(text, fmt="yaml")


def test_a_billion_laughs_alias_bomb_is_refused_quickly():
    lines = ["- &a [1, 2]"]
    previous = "a"
    for name in "bcdefghij":
        lines.append(f"- &{name} [" + ", ".join([f"*{previous}"] * 9) + "]")
        previous = name
    text = "\n".join(lines)
    assert len(text) < 500  # 2 * 9**9 leaves: a billion values from a few hundred bytes
    with pytest.raises(TreeFormatError, match=f"expand this document past {MAX_YAML_NODES:,} values"):
        compose_yaml(text, "bomb.yaml", error=TreeFormatError)


def test_a_few_aliases_are_fine():
    tree = parse_tree("- &leaf 3\n- [*leaf, 4]\n", fmt="yaml")
    assert [leaf.value for leaf in tree.leaves()] == [3, 3, 4]


@pytest.mark.parametrize("fmt, opening", [("json", "["), ("yaml", "[")])
def test_nesting_deeper_than_the_limit_is_refused_before_parsing(fmt, opening):
    text = opening * 100_000  # would overflow a C parser's stack
    with pytest.raises(TreeFormatError, match="nested more than 20,000 levels deep"):
        parse_tree(text, fmt=fmt)


def test_nesting_depth_skips_brackets_in_strings():
    assert nesting_depth('[["[[[", {"a": "]]"}]]')[0] == 3


def test_numbers_too_long_to_read_are_refused():
    with pytest.raises(TreeFormatError, match="more digits than tracer reads"):
        parse_tree("[" + "9" * 5000 + ", 1]", fmt="json")
    with pytest.raises(TreeFormatError, match=r"a leaf is too large; write numbers between -1e300 and 1e300 \(400 digits at most\)"):
        parse_tree("[" + "9" * 5000 + ", 1]", fmt="yaml")  # not "write a number without quotes": it has none
    with pytest.raises(TreeFormatError, match="too large"):
        parse_tree("[1e301, 1]", fmt="json")


@pytest.mark.parametrize("probability", ["3/2", "-1/2"])
def test_fraction_probabilities_are_checked_too(probability):
    with pytest.raises(TreeFormatError, match="outside"):
        parse_tree(f'{{"chance": [["{probability}", 10], ["1/2", 0]]}}')


@pytest.mark.parametrize("label", ["a\nb", "x\u202ey", "tab\there"])
def test_labels_with_control_characters_are_refused(label):
    import json

    with pytest.raises(TreeFormatError, match="control character"):
        parse_tree(json.dumps({"children": [{"label": label, "children": [1, 2]}, 3]}))


def test_special_files_are_refused(tmp_path):
    fifo = tmp_path / "tree.json"
    os.mkfifo(fifo)
    with pytest.raises(TreeFormatError, match="not a regular file"):
        load_tree(fifo)  # would block forever if opened
    with pytest.raises(InputError, match="not a regular file"):
        read_input("/dev/zero", kind="tree")


def test_files_over_the_limit_are_refused(tmp_path):
    big = tmp_path / "answers.yaml"
    big.write_bytes(b"#" * (LIMITS["answers"] + 1))
    with pytest.raises(InputError, match="larger than tracer reads"):
        read_input(big, kind="answers")


def test_endless_standard_input_is_cut_at_the_limit():
    """`tracer key - < /dev/zero` ends at once with one line instead of reading forever."""
    with open("/dev/zero", "rb") as zero:
        result = subprocess.run(
            [sys.executable, "-m", "tracer", "key", "-"], stdin=zero, capture_output=True, text=True, timeout=120,
        )
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1 and "not text (it holds NUL bytes)" in result.stderr


def test_json_errors_name_the_line_and_column():
    with pytest.raises(InputError) as caught:
        load_json('{"a": [1, 2,]}', "x.json")
    assert str(caught.value).startswith("x.json:1:")


# -- the YAML composer agrees with PyYAML's ----------------------------------------------------
_SCALARS = st.one_of(
    st.integers(-10**6, 10**6), st.floats(allow_nan=False, allow_infinity=True), st.booleans(), st.none(),
    st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=12),
)
_DATA = st.recursive(_SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
                     max_leaves=25)


def _shape(node):
    """A node as comparable data: kind, resolved tag, value, style, and where it starts and ends."""
    import yaml as pyyaml

    where = (node.start_mark.line, node.start_mark.column, node.end_mark.line, node.end_mark.column)
    if isinstance(node, pyyaml.ScalarNode):
        return ("scalar", node.tag, node.value, node.style, where)
    if isinstance(node, pyyaml.SequenceNode):
        return ("seq", node.tag, [_shape(child) for child in node.value], where)
    return ("map", node.tag, [(_shape(key), _shape(value)) for key, value in node.value], where)


@settings(max_examples=200, deadline=None)
@given(_DATA, st.booleans())
def test_composed_yaml_is_what_pyyaml_composes(data, flow):
    import yaml as pyyaml

    text = pyyaml.safe_dump(data, default_flow_style=flow, allow_unicode=True)
    ours = compose_yaml(text, "t.yaml")
    theirs = pyyaml.compose(text, Loader=pyyaml.SafeLoader)
    assert _shape(ours) == _shape(theirs)


@settings(max_examples=400, deadline=None)
@given(text=st.text(alphabet='[]{}"\'\\ ab', max_size=60), limit=st.integers(0, 6))
def test_the_quick_test_of_nesting_agrees_with_the_scan_that_finds_the_place(text, limit):
    """check_nesting tests a file's nesting with strings cut out, and scans it again for the place
    only when it is too deep: both must say the same of any text."""
    from tracer.reading.nesting import _deeper_than

    assert _deeper_than(text, limit) == (nesting_depth(text, limit)[0] > limit)


@settings(max_examples=600, deadline=None)
@given(text=st.text(alphabet='[]{}"\'\\\n ab', max_size=80))
def test_quoted_strings_are_found_as_the_plain_pattern_finds_them(text):
    """The nesting check's string pattern is written unrolled, for speed (issue 14): it must find the
    very strings the plain pattern (a character or an escape, repeated) finds, in any text."""
    import re

    from tracer.reading.nesting import _STRING

    plain = re.compile(r'"(?:[^"\\]|\\.)*"' + r"|'(?:[^']|'')*'")
    assert [m.span() for m in _STRING.finditer(text)] == [m.span() for m in plain.finditer(text)]
