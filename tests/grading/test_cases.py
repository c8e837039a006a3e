"""One table of grading cases (cases.yaml) through `tracer check` and through the practice page's checker.

The browser's checker runs here under node (fast, no browser); tests/browser/test_grading_cases.py
runs the same table in Chromium.
"""

from __future__ import annotations

import shutil

import pytest
from case_table import cases, js_input, js_problems, python_problems, run_node


def test_the_table_is_worth_running():
    kinds = {kind for case in cases() for kind in case.get("rows", {}).values()}
    assert {"right", "partial", "wrong", "blank", "ignored", "none"} <= kinds
    assert sum(1 for case in cases() if case.get("error")) >= 20  # unreadable answers refuse the file
    assert len(cases()) > 150


def test_tracer_check_follows_the_table():
    problems = python_problems()
    assert not problems, "\n".join(problems)


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node (the browser's checker also runs in Chromium: tests/browser)")
def test_the_browser_checker_follows_the_table_under_node():
    results = run_node(js_input())
    assert results is not None
    problems = js_problems(results)
    assert not problems, "\n".join(problems)
