"""The README's table of the text sizes figures reach on a slide is bench/figure_sizes.py's output."""

from __future__ import annotations

import importlib.util
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_the_readme_table_is_measured():
    spec = importlib.util.spec_from_file_location("figure_sizes", REPO / "bench" / "figure_sizes.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    start, end = "<!-- sizes: made by bench/figure_sizes.py -->\n", "<!-- sizes end -->"
    assert start in readme and end in readme
    table = readme.split(start, 1)[1].split(end, 1)[0]
    assert table == module.table()
