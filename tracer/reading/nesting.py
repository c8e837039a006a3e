"""How deep brackets nest in a text, found without parsing it (so that no parser recurses past
tracer's limit: C parsers overflow the stack on deep input)."""

from __future__ import annotations

import json
import re
from typing import Any

from tracer.errors import InputError
from tracer.recursion import MAX_DEPTH
from tracer.words import count, say

__all__ = ["ROW_DEPTH", "check_nesting", "loads_row", "nesting_depth", "shallow"]

ROW_DEPTH = 64
"""How deep one line of a file tracer writes in its own line layout (a trace's header line, node
row or event) may nest: a few levels are all they need."""

# a quoted string: "...", with backslash escapes, or '...', with '' for a quote. Written "unrolled"
# (runs of plain characters, then one escape at a time): it matches what "(?:[^"\\]|\\.)*" does,
# twice as fast, which a large manifest's nesting check (12 ms) spent most of its time on
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"' + r"|'[^']*(?:''[^']*)*'")
_BRACKETS = re.compile(r"[\[\]{}]")


def nesting_depth(text: str, limit: int = MAX_DEPTH) -> tuple[int, int]:
    """How deep ``[``/``{`` nest in ``text`` (quoted strings skipped), stopping past ``limit``.

    Returns ``(depth, offset)``: the deepest level seen and where it was reached. Linear
    in the text; no recursion.
    """
    depth = deepest = 0
    where = 0
    for match in _BRACKETS.finditer(_STRING.sub(lambda m: " " * len(m.group()), text)):
        if match.group() in "[{":
            depth += 1
            if depth > deepest:
                deepest, where = depth, match.start()
                if deepest > limit:
                    break
        else:
            depth -= 1
    return deepest, where


def line_column(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def _deeper_than(text: str, limit: int) -> bool:
    """Whether ``[``/``{`` nest deeper than ``limit`` in ``text`` (quoted strings skipped): the test
    alone, faster than :func:`nesting_depth` (the strings are cut out, not blanked to keep places)."""
    depth = 0
    for bracket in _BRACKETS.findall(_STRING.sub("", text)):
        if bracket in "[{":
            depth += 1
            if depth > limit:
                return True
        else:
            depth -= 1
    return False


def check_nesting(text: str, source: str, error: type[InputError], limit: int) -> None:
    if text.count("[") + text.count("{") <= limit + 2 or not _deeper_than(text, limit + 2):
        return  # too few brackets to nest that deep (the usual case, found without a scan), or not nested that deep
    depth, offset = nesting_depth(text, limit + 2)
    if depth > limit + 2:  # a tree of ``limit`` levels is nested a little deeper in its file
        line, column = line_column(text, offset)
        raise error(
            say("reading.input.deep", "the input is nested more than {limit} levels deep", limit=count(limit)), source=source, line=line, column=column,
            hint=say("reading.input.deep.hint", "tracer reads trees up to that depth; check the brackets"),
        )


def shallow(text: str, limit: int = ROW_DEPTH) -> bool:
    """Whether ``text`` nests at most ``limit`` levels (counted only when it holds that many brackets)."""
    return text.count("[") + text.count("{") <= limit or not _deeper_than(text, limit)


def loads_row(text: str, limit: int = ROW_DEPTH) -> Any:
    """``json.loads`` of one short row (a line of a trace), refusing deep nesting with ValueError as a
    syntax error is refused: the C parser recurses, and under a search's raised recursion limit a
    line of 50,000 brackets overflowed the stack (a crash, not an error)."""
    if not shallow(text, limit):
        raise ValueError(say("reading.row.deep", "nested more than {limit} levels deep", limit=limit))
    return json.loads(text)
