"""Values at the JSON edge: infinities as ``"inf"``/``"-inf"``, paths as ``"1.0"``, fractions to 12 digits.

Inside tracer values are floats (with float infinities) and paths tuples; files (traces,
keys) are strict JSON, so these conversions happen only where data is written or read.
"""

from __future__ import annotations

import math
from typing import Any

from tracer.errors import path_text

__all__ = ["decode_value", "encode_value", "to_json_data"]

_INF = float("inf")


def encode_value(value: Any) -> Any:
    """A number for JSON: infinities become ``"inf"``/``"-inf"``."""
    if isinstance(value, float) and not math.isfinite(value):
        if math.isnan(value):
            raise ValueError("NaN has no place in a trace")
        return "inf" if value > 0 else "-inf"
    return value


def decode_value(value: Any) -> Any:
    if value == "inf":
        return _INF
    if value == "-inf":
        return -_INF
    return value


def to_json_data(data: Any) -> Any:
    """Deep copy of ``data`` with infinities as strings and path tuples as path strings.

    Fractions are rounded to 12 significant digits: an expectation such as 0.1 * 2 is
    0.2 in a key, not 0.19999999999999973. (Traces keep every bit.)

    >>> to_json_data({"value": 0.1 * 3, "best": (1, 0), "beta": float("inf")})
    {'value': 0.3, 'best': '1.0', 'beta': 'inf'}
    """
    if isinstance(data, dict):
        return {key: to_json_data(value) for key, value in data.items()}
    if isinstance(data, list):
        return [to_json_data(value) for value in data]
    if isinstance(data, tuple):
        if all(isinstance(item, int) for item in data):
            return path_text(data)
        return [to_json_data(value) for value in data]
    if isinstance(data, float) and math.isfinite(data) and not data.is_integer():
        return float(f"{data:.12g}")
    return encode_value(data)
