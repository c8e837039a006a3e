"""Fences render to the byte as before the render path was made faster (issue 14's site target).

``golden/stepper_fences.json`` is a golden file: the SHA-256 and length of each fence's HTML
below, computed by ``python tests/docsite/test_stepper_golden.py --write`` with main's code at
0120822, before the speed-ups (no replay shared, direction controls stripped by
``str.translate``). Its content was checked by the many tests of that commit (captions, stacks,
pseudocode lines, keys). A faster path that changes one byte of any fence's stepper (frames,
captions, call stacks, pseudocode lines, key, final figure, style) fails here; rewrite the file
only for a change of output that is meant, and say so in the commit.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

pytest.importorskip("mkdocs")

from tracer.docsite.plugin import render_fence

HERE = Path(__file__).parent
GOLDEN = HERE / "golden" / "stepper_fences.json"
DOCS = HERE.parents[1] / "site"
FIG_5_2 = "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"
THREE_PLY = "[[[4, -2, 7], [0, 9, -5], [3, 3, 1]], [[-8, 6, 2], [5, -1, -9], [7, 0, 4]], [[1, 8, -3], [-6, 2, 9], [0, -4, 6]]]"
CASES: dict[str, tuple[str, dict[str, str]]] = {
    "fig52-soft": (FIG_5_2, {"fail": "soft"}),
    "fig52-hard": (FIG_5_2, {"fail": "hard"}),
    "fig52-own-bound": (FIG_5_2, {"fail": "own-bound"}),
    "fig52-strict-letters": (FIG_5_2, {"prune-on-equal": "false", "labels": "letters"}),
    "fig52-minimax-final-order": (FIG_5_2, {"algorithm": "minimax", "start": "final", "show-order": "true"}),
    "fig52-final-only": (FIG_5_2, {"final": "true"}),
    "fig52-turkish": (FIG_5_2, {"lang": "tr", "title": "İki katmanlı ağaç"}),
    "three-ply": (THREE_PLY, {}),
    "chance": ("", {"file": "trees/chance.yaml", "algorithm": "expectiminimax", "players": "max,chance,min"}),
    "chess-quiescence": ("", {"game": "chess", "position": "7k/6pp/p7/1p6/8/N7/6PP/7K w - - 0 1", "depth": "1", "quiescence": "true"}),
    "tictactoe-tt": ("", {"game": "tictactoe", "position": "XO.XO....", "tt": "true"}),
}


def fence_html(name: str) -> str:
    body, options = CASES[name]
    return render_fence(("gametree", body, dict(options), str(DOCS), str(DOCS), "auto"))


def fingerprint(html: str) -> dict[str, object]:
    data = html.encode()
    return {"sha256": hashlib.sha256(data).hexdigest(), "bytes": len(data)}


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_fence_renders_as_before(name):
    expected = json.loads(GOLDEN.read_text())[name]
    assert fingerprint(fence_html(name)) == expected


def test_the_golden_file_holds_every_case_and_the_cases_differ():
    """Each case is in the file and renders to its own HTML (a case that drew nothing would not)."""
    golden = json.loads(GOLDEN.read_text())
    assert set(golden) == set(CASES)
    assert len({entry["sha256"] for entry in golden.values()}) == len(golden)
    assert all(entry["bytes"] > 10_000 for entry in golden.values())


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    GOLDEN.write_text(json.dumps({name: fingerprint(fence_html(name)) for name in sorted(CASES)}, indent=1, sort_keys=True) + "\n")
