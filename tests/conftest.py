"""Fixtures for the exercise and grading tests; the helpers are in helpers.py."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import aima_exercise, prepared

from tracer.grading.keys import PreparedKey


@pytest.fixture
def aima() -> Any:
    return aima_exercise()


@pytest.fixture
def aima_key(aima: Any) -> PreparedKey:
    return prepared(aima)
