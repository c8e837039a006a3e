"""Reading trees: bracket and object forms, JSON and YAML, types, labels and clear errors."""

from __future__ import annotations

import json

import pytest

from tracer import parse_tree
from tracer.errors import TreeFormatError
from tracer.game.model import letters, parse_path
from tracer.game.notation import load_tree


def test_bracket_form_builds_types_labels_and_paths():
    tree = parse_tree("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]")
    assert tree.root.type == "max"
    assert [child.type for child in tree.root.children] == ["min", "min", "min"]
    assert [n.label for n in tree.breadth_first()] == list("ABCDEFGHIJKLM")
    assert tree.node("1.0").value == 2
    assert tree.node((2, 2)).label == "M"
    assert tree.find("c").path == (1,)
    assert tree.find("2.1").label == "L"


def test_leaves_beside_internal_nodes_and_single_children():
    tree = parse_tree("[10, [20, [1, 4]]]")
    assert tree.node("0").type == "leaf"
    assert tree.node("1").type == "min"
    assert tree.node("1.1").type == "max"
    single = parse_tree("[[[5]]]")
    assert single.height == 3


def test_letters_continue_past_z():
    assert [letters(i) for i in (0, 25, 26, 27, 51, 52, 701, 702)] == ["A", "Z", "AA", "AB", "AZ", "BA", "ZZ", "AAA"]


def test_root_min_and_player_cycles():
    tree = parse_tree("[[1, 2], [3]]", root="min")
    assert (tree.root.type, tree.node("0").type) == ("min", "max")
    pacman = parse_tree("[[[1, 2]], [[3]]]", players="max,min,min")
    assert [pacman.node(p).type for p in ("", "0", "0.0")] == ["max", "min", "min"]
    backgammon = parse_tree("[[[[1]]]]", players="max,chance,min,chance")
    assert [backgammon.node(p).type for p in ("", "0", "0.0", "0.0.0")] == ["max", "chance", "min", "chance"]


def test_object_form_in_yaml_with_labels_moves_values_and_chance():
    text = """
label: Root
children:
  - {label: L, move: left, children: [3, {value: 5, label: X}]}
  - chance:
      - [0.25, 8]
      - ["3/4", {children: [1, 2], value: 1.5}]
"""
    tree = parse_tree(text, fmt="yaml")
    assert tree.root.label == "Root"
    assert tree.find("l").move == "left"
    assert tree.find("X").value == 5
    chance = tree.node("1")
    assert chance.type == "chance"
    assert [c.p for c in chance.children] == [0.25, 0.75]
    assert tree.node("1.1").value == 1.5 and tree.node("1.1").type == "max"


def test_chance_children_without_p_are_equally_likely():
    tree = parse_tree('{"type": "chance", "children": [1, 2, 3]}')
    assert [c.p for c in tree.root.children] == pytest.approx([1 / 3] * 3)


def test_automatic_labels_skip_given_ones():
    tree = parse_tree('{"children": [{"label": "A", "children": [1]}, 2]}')
    # The child took "A", so the root gets the next free letter.
    assert tree.root.label == "B"
    assert tree.node("1").label == "C"


def test_parse_path():
    assert parse_path("") == ()
    assert parse_path("1.0") == (1, 0)
    assert parse_path("01") is None
    assert parse_path("a") is None


@pytest.mark.parametrize(
    ("text", "fmt", "expected"),
    [
        ("[[3, 12, 8], [2, 4, 6]", "json", "1:23: not valid JSON"),
        ("[[3, 12] [2]]", "json", "1:10: not valid JSON"),
        ('[[3, "x"], [1]]', "json", 'node "0.1": a leaf must be a number'),
        ('[[3, "4"], [1]]', "json", "write a number without quotes"),
        ("[[3, []], [1]]", "json", 'node "0.1": an empty node'),
        ("[[3, NaN], [1]]", "json", 'node "0.1": a leaf is NaN'),
        ("[[3, NaN]]", "json", "a leaf is NaN"),
        ("[[3, 1e999]]", "json", "a leaf is inf, which is not a usable value"),
        ("[[3, 1e999]]", "json", "which is not a usable value"),
        ('{"type": "chance", "children": [{"value": 1, "p": 0.5}, {"value": 2, "p": 0.6}]}', "json", "sum to 1.1, not 1"),
        ('{"type": "chance", "children": [{"value": 1, "p": 0.5}, 2]}', "json", "others (1) do not"),
        ('{"type": "chance", "children": [{"value": 1, "p": -0.5}, {"value": 1, "p": 1.5}]}', "json", "outside [0, 1]"),
        ('{"children": [{"label": "B", "value": 1}, {"label": "b", "value": 2}]}', "json", "the label 'b' is also used"),
        ('{"type": "maxi", "children": [1]}', "json", "unknown type 'maxi'; write max, min or chance"),
        ('{"children": [1], "colour": "red"}', "json", "unknown key 'colour'"),
        ('{"label": "X"}', "json", "a leaf without a value"),
        ('{"children": [{"value": 1, "p": 0.5}]}', "json", "p on a child of a MAX node"),
        ('{"label": "1.2", "children": [1]}', "json", "looks like a node path"),
        ("- [1, 2\n- 3\n", "yaml", "not valid YAML"),
        ("children:\n  - 1\n  - oops\n", "yaml", "3:5: node \"1\": a leaf must be a number"),
        ("children:\n  - 1\n  - .nan\n", "yaml", "3:5"),
        ("[[3, true], [1]]", "json", "a leaf must be a number, not true;"),  # the author's spelling, not Python's
        ('{"children": [1, 2], "children": [3]}', "json", "the key 'children' is given twice; keep one of them"),
        ('{"type": "chance", "children": [{"value": 1, "p": "x"}, 2]}', "json", 'not "x"; write p as 0.25 or as "1/4"'),
    ],
)
def test_bad_input_names_the_place_and_the_fix(text, fmt, expected):
    with pytest.raises(TreeFormatError) as caught:
        parse_tree(text, fmt=fmt, source="trees/bad.json")
    message = str(caught.value)
    assert message.startswith("trees/bad.json"), message
    assert expected in message, message


def test_errors_from_files_name_the_file(tmp_path):
    bad = tmp_path / "t.yaml"
    bad.write_text("children: [1, [2, x]]\n")
    with pytest.raises(TreeFormatError, match=r"t\.yaml:1:19: node \"1\.1\": a leaf must be a number"):
        load_tree(bad)
    with pytest.raises(TreeFormatError, match="no such file"):
        load_tree(tmp_path / "missing.json")
    with pytest.raises(TreeFormatError, match="cannot tell the format"):
        load_tree(tmp_path / "tree.txt")


def test_unknown_player_type_in_cycle():
    with pytest.raises(TreeFormatError, match="unknown player type 'maxx'"):
        parse_tree("[1]", players="maxx,min")


def test_deep_tree_parses_without_recursion_error():
    depth = 10_000
    tree = parse_tree("[" * depth + "7" + "]" * depth)
    assert tree.height == depth
    assert tree.node((0,) * depth).value == 7


def test_too_deep_tree_is_refused_with_a_message():
    depth = 25_000
    with pytest.raises(TreeFormatError, match="nested more than 20,000 levels deep"):
        parse_tree("[" * depth + "7" + "]" * depth)


@pytest.mark.slow
def test_wide_tree_of_a_million_nodes():
    data = [[j for j in range(999)] for _ in range(1000)]
    tree = parse_tree(json.dumps(data))
    assert len(tree) == 1 + 1000 + 999_000
    assert tree.find("B").path == (0,)
