"""The table of grading cases (tests/grading/cases.yaml) through the practice page's checker in Chromium.

tests/grading/test_cases.py runs the same table through `tracer check` and under node; here
grading.js runs in the browser the page is read in, with the data the page embeds.
"""

from __future__ import annotations

import pytest
from case_table import js_input, js_problems, run_page


@pytest.mark.browser
def test_the_browser_checker_follows_the_table_in_chromium(page):
    problems = js_problems(run_page(page, js_input()))
    assert not problems, "\n".join(problems)
