"""Fixtures shared by the test folders. Helpers live in modules of their own
(engine_helpers.py, helpers.py, render/render_helpers.py): pytest imports every folder's
conftest.py under the one name "conftest", so nothing should be imported from one."""

from __future__ import annotations

from typing import Any

import pytest


# -- fixtures for the exercise and grading tests (their helpers are in helpers.py) -----------------
@pytest.fixture
def aima() -> Any:
    """An exercise on AIMA's Figure 5.2 asking every alpha-beta question (id aima-5-2)."""
    from helpers import aima_exercise

    return aima_exercise()


@pytest.fixture
def aima_key(aima: Any) -> Any:
    """That exercise's key as the checker reads it from key.json."""
    from helpers import prepared

    return prepared(aima)


# -- a fixture for the tests that count replays (tests/render, tests/docsite) ---------------------------
@pytest.fixture
def replayed(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Counts the events every Replayer applies from the call on: ``applied = replayed()``, then ``applied()``."""

    from tracer.trace.replay import Replayer

    def start() -> Any:
        calls = 0
        original = Replayer.apply_next

        def counted(self: Replayer) -> None:
            nonlocal calls
            calls += 1
            original(self)

        monkeypatch.setattr(Replayer, "apply_next", counted)
        return lambda: calls

    return start


@pytest.fixture(autouse=True)
def _english_unless_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """A TRACER_LANG in the developer's shell would turn every English expectation Turkish: the
    tests start without it (tests/words sets it where it tests it)."""
    monkeypatch.delenv("TRACER_LANG", raising=False)
