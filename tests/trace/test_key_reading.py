"""Reading a key's node rows (issue 14): a row that is plainly right is read at once, any other field by
field. Both ways must read a row alike, and refuse a wrong one with the same message."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from tracer.trace.key import KeyFormatError
from tracer.trace.key_reader import KeyReader

_ANY = [None, True, False, 0, 1, -2.5, math.inf, -math.inf, math.nan, "inf", "-inf", "", "0", "0.1", " 0.1 ", "01", "#0", "#0.1", "A",
        "max", "min", "chance", "leaf", "exact", "lower", "upper", [], {}, "x" * 40]
rows = st.dictionaries(st.sampled_from(["path", "label", "type", "minimax_value", "search_value", "bound", "visited", "other"]),
                       st.sampled_from(_ANY), max_size=8)
right_rows = st.fixed_dictionaries({
    "path": st.sampled_from(["", "0", "1.0", "2.10.3", "#0", "#0.4"]), "label": st.sampled_from(["A", "ı", "n1"]),
    "type": st.sampled_from(["max", "min", "chance", "leaf"]), "minimax_value": st.sampled_from([3, -2.5, math.inf, "inf", "-inf"]),
    "search_value": st.sampled_from([None, 0, 7.25, "-inf"]), "bound": st.sampled_from([None, "exact", "lower", "upper"]),
    "visited": st.booleans(),
})


def _read(how: str, raw: object) -> object:
    reader = KeyReader("key.json")
    reader.rows.append((5,))  # a row read before: what "#0" refers to
    try:
        node = reader.key_node(raw, 1) if how == "at once" else reader._checked_node(raw, "nodes[1]")
    except KeyFormatError as error:
        return ("refused", str(error))
    return (node, reader.rows)


@settings(max_examples=400, deadline=None)
@given(row=st.one_of(rows, right_rows, st.sampled_from([None, [], "row", 3])))
def test_a_row_is_read_at_once_as_field_by_field(row):
    assert _read("at once", row) == _read("field by field", row)


def test_a_wrong_row_is_refused_naming_its_field():
    assert _read("at once", {"path": "0", "label": "B", "type": "max", "minimax_value": math.nan, "search_value": None,
                             "bound": None, "visited": False}) == \
        ("refused", 'key.json: nodes[1].minimax_value must be a number, "inf" or "-inf"; give the key.json that tracer exercise new wrote, '
                    "or one from tracer key --format json")
