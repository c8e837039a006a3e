"""Exercise sheets printed by Chromium: one page of A4 and of Letter for the default questions."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.browser


def pages_of(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


@pytest.mark.parametrize("chance", [False, True])
def test_a_default_sheet_prints_on_one_page(browser, tmp_path, artifacts, chance):
    from tracer.exercises.generate import ExerciseSpec, make_exercises
    from tracer.exercises.handout import write_exercises

    spec = ExerciseSpec(chance=chance, min_cutoffs=0 if chance else 1)
    folders = write_exercises(make_exercises(spec, seed=7, count=3), tmp_path / "sheets", seed=7, spec=spec)
    page = browser.new_page()
    for folder in folders:
        page.goto((folder / "sheet.html").as_uri())
        for paper in ("A4", "Letter"):
            assert pages_of(page.pdf(format=paper)) == 1, f"{folder.name} on {paper}"
    page.emulate_media(media="print")
    page.screenshot(path=str(artifacts / f"sheet-{'chance' if chance else 'alphabeta'}.png"), full_page=True)
    page.close()
