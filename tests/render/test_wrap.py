"""Captions wrapped by summing their words' widths break where measuring each growing line does."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tracer.render.style import text_width, wrap


def _wrap_by_lines(text: str, width: float, size: float) -> list[str]:
    """The rule as first written: measure each line as it grows, a word at a time."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}" if current else word
        if current and text_width(candidate, size) > width:
            lines.append(current)
            current = word
        else:
            current = candidate
    if current or not lines:
        lines.append(current)
    return lines


_WORDS = st.text(alphabet="abcXYZ019 ≤≥αβ−∞…中,.()", min_size=0, max_size=80)


@settings(max_examples=300, deadline=None)
@given(_WORDS, st.floats(min_value=5, max_value=600), st.sampled_from([9.0, 11.0, 14.5, 15.0]))
def test_wrap_breaks_as_measuring_each_line(text: str, width: float, size: float) -> None:
    assert wrap(text, width, size) == _wrap_by_lines(text, width, size)


def test_a_caption_on_three_lines() -> None:
    caption = "C: v = 2 ≤ α = 3, so MAX will never choose C; its other children (I, J) are pruned."
    lines = wrap(caption, 200, 15)
    assert " ".join(lines) == caption and len(lines) == 3
    assert all(text_width(line, 15) <= 200 for line in lines)
