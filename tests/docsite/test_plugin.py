"""The MkDocs plugin: fences become steppers, bad trees fail the build with page and line, renders are cached."""

from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path

import pytest

pytest.importorskip("mkdocs")

from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.exceptions import Abort

import tracer
from tracer.trace.captions import captions

FIG_5_2 = "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"


def make_project(root: Path, pages: dict[str, str]) -> Path:
    docs = root / "docs"
    docs.mkdir(parents=True, exist_ok=True)
    for name, text in pages.items():
        (docs / name).parent.mkdir(parents=True, exist_ok=True)
        (docs / name).write_text(textwrap.dedent(text))
    config = root / "mkdocs.yml"
    config.write_text(
        textwrap.dedent(
            """
            site_name: test
            docs_dir: docs
            site_dir: out
            theme: {name: mkdocs}
            plugins: [tracer]
            """
        )
    )
    return config


def run_build(config: Path):
    cfg = load_config(str(config))
    build(cfg)
    plugin = cfg.plugins["tracer"]
    return plugin


def stepper_data(html: str, number: int = 1) -> dict:
    blocks = re.findall(r'<script type="application/json" class="tracer-data">(.*?)</script>', html, re.S)
    return json.loads(blocks[number - 1])


def test_a_fence_becomes_a_stepper_with_the_traces_steps(tmp_path):
    config = make_project(tmp_path, {"index.md": f"# Tree\n\n```gametree title=\"Fig 5.2\"\n{FIG_5_2}\n```\n"})
    run_build(config)
    html = (tmp_path / "out" / "index.html").read_text()
    assert 'id="tree-1"' in html and "data-tracer-stepper" in html
    data = stepper_data(html)
    trace = tracer.alphabeta(FIG_5_2)
    assert data["steps"] == len(trace)
    assert [paint["caption"] for paint in data["paints"]] == captions(trace)
    assert len(data["stacks"]) == len(trace) + 1
    # The assets ship with the site: no CDN.
    for asset in ("player.js", "player.css", "practice.js", "site.css"):
        assert (tmp_path / "out" / "assets" / "tracer" / asset).is_file(), asset
    assert html.count('src="assets/tracer/player.js"') == 1  # linked once, however many steppers


def test_options_written_as_on_the_command_line(tmp_path):
    page = f"```gametree prune-on-equal=false fail=hard start=final id=strict\n{FIG_5_2}\n```\n"
    config = make_project(tmp_path, {"index.md": page})
    run_build(config)
    html = (tmp_path / "out" / "index.html").read_text()
    assert 'id="strict"' in html
    assert "prune only when v &gt; β" in html
    assert "if v &lt; α then return α, move" in html  # the strict, fail-hard pseudocode
    data = stepper_data(html)
    assert data["start"] == data["steps"]


def test_file_and_game_fences(tmp_path):
    pages = {
        "trees/t.yaml": "children: [[3, 12, 8], [2, 4, 6], [14, 5, 2]]\n",
        "index.md": "```gametree file=trees/t.yaml final=true\n```\n\n```gametree game=tictactoe position=XOXOO.X.. algorithm=minimax\n```\n",
    }
    config = make_project(tmp_path, pages)
    run_build(config)
    html = (tmp_path / "out" / "index.html").read_text()
    assert 'class="tracer-figure-only" id="tree-1"' in html
    assert 'id="tree-2"' in html and stepper_data(html)["steps"] == len(tracer.minimax(tracer.make_game("tictactoe", "XOXOO.X..")))


@pytest.mark.parametrize(
    ("fence", "line", "message"),
    [
        ("```gametree\n[[3, 12], [2, x]]\n```", "6:15", 'node "1.1": a leaf must be a number, not "x"'),
        ("```gametree\n[[3, 12],\n [2, 4]]]\n```", "7:9", "there is more after the tree"),
        ("```gametree algorithm=negamax\n[[1]]\n```", 5, "algorithm='negamax' is not one of minimax, alphabeta, expectiminimax"),
        ("```gametree colour=red\n[[1]]\n```", 5, "unknown option 'colour'"),
        ("```gametree file=missing.yaml\n```", 5, "file='missing.yaml' does not exist"),
        ("```gametree algorithm=alphabeta\n{\"chance\": [[0.5, 1], [0.5, 2]]}\n```", 5, "use algorithm=expectiminimax"),
    ],
)
def test_a_bad_fence_fails_the_build_naming_page_line_and_problem(tmp_path, caplog, fence, line, message):
    page = "---\ntitle: Front matter shifts lines\n---\n\n" + fence + "\n"
    config = make_project(tmp_path, {"bad.md": page})
    with pytest.raises(Abort):
        run_build(config)
    errors = [record.getMessage() for record in caplog.records if record.levelname == "ERROR"]
    reported = [text for text in errors if "gametree fence" in text]
    assert reported, errors
    assert reported[0].startswith(f"bad.md:{line}: gametree fence: "), reported[0]
    assert message in reported[0]


def test_renders_are_cached_by_content_and_a_changed_page_retraces_only_its_trees(tmp_path):
    pages = {
        "a.md": f"```gametree\n{FIG_5_2}\n```\n\n```gametree algorithm=minimax\n{FIG_5_2}\n```\n",
        "b.md": "```gametree\n[[1, 2], [3, 4]]\n```\n",
    }
    config = make_project(tmp_path, pages)
    first = run_build(config)
    assert (first.rendered, first.cached) == (3, 0)
    first_html = (tmp_path / "out" / "a" / "index.html").read_text()
    second = run_build(config)
    assert (second.rendered, second.cached) == (0, 3)
    assert (tmp_path / "out" / "a" / "index.html").read_text() == first_html  # byte-identical rebuild
    (tmp_path / "docs" / "b.md").write_text("```gametree\n[[5, 2], [3, 4]]\n```\n")
    third = run_build(config)
    assert (third.rendered, third.cached) == (1, 2)


def test_the_same_tree_twice_on_a_page_gets_distinct_ids(tmp_path):
    config = make_project(tmp_path, {"index.md": f"```gametree\n{FIG_5_2}\n```\n\n```gametree\n{FIG_5_2}\n```\n"})
    run_build(config)
    html = (tmp_path / "out" / "index.html").read_text()
    ids = re.findall(r'\bid="([^"]+)"', html)
    duplicated = {i for i in ids if ids.count(i) > 1}
    assert not duplicated
    assert 'id="tree-1-fig-n-1"' in html and 'id="tree-2-fig-n-1"' in html


def test_practice_fence_has_forms_keys_and_solutions(tmp_path):
    config = make_project(tmp_path, {"practice.md": "```gametree-practice seed=7 count=3\n```\n"})
    run_build(config)
    html = (tmp_path / "out" / "practice" / "index.html").read_text()
    assert html.count("data-tracer-practice") == 3
    assert html.count("data-tracer-stepper") == 3  # one solution stepper per tree
    keys = re.findall(r'<script type="application/json" class="tracer-practice-data">(.*?)</script>', html, re.S)
    data = json.loads(keys[0])
    assert data["move"] is not None and data["nodes"][0]["path"] == ""
    assert all(isinstance(text, str) and text for row in data["values"]["rows"].values() for text in row.values())
    rules = re.findall(r'<script type="application/json" class="tracer-grading-rules">(.*?)</script>', html, re.S)
    assert len(rules) == 1 and json.loads(rules[0])["tolerance"] == 0.005  # the checker's rules, once per bank


def test_parallel_prerendering_gives_the_same_site(tmp_path, monkeypatch):
    import os

    pages = {f"p{i}.md": f"```gametree algorithm={'minimax' if i % 2 else 'alphabeta'}\n[[{i}, 3], [2, {i + 1}]]\n```\n" for i in range(6)}
    parallel_config = make_project(tmp_path / "parallel", pages)
    parallel = run_build(parallel_config)
    assert len(parallel.prerendered) == 6 or (os.cpu_count() or 1) < 2
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    serial_config = make_project(tmp_path / "serial", pages)
    serial = run_build(serial_config)
    assert serial.prerendered == set() and serial.rendered == 6
    for name in pages:
        page = name[:-3]
        assert (tmp_path / "parallel" / "out" / page / "index.html").read_bytes() == (tmp_path / "serial" / "out" / page / "index.html").read_bytes()


def test_fences_shown_as_examples_inside_code_blocks_stay_text(tmp_path):
    page = "````markdown\n```gametree prune-on-equal=false\n[[1, 2]]\n```\n````\n\n```gametree\n[[3, 4], [x]]\n```\n"
    config = make_project(tmp_path, {"ok.md": page.replace("[x]", "[5]")})
    run_build(config)
    html = (tmp_path / "out" / "ok" / "index.html").read_text()
    assert "prune-on-equal=false" in html  # the example is printed as written
    assert html.count("data-tracer-stepper") == 1


def test_errors_after_an_example_block_still_name_the_right_line(tmp_path, caplog):
    page = "````markdown\n```gametree prune-on-equal=false\n[[1, 2]]\n```\n````\n\n```gametree\n[[3, 4], [x]]\n```\n"
    config = make_project(tmp_path, {"bad.md": page})
    with pytest.raises(Abort):
        run_build(config)
    assert any(record.getMessage().startswith("bad.md:8:") for record in caplog.records)


def test_a_bad_fence_drawn_by_a_worker_fails_the_build_as_the_page_would(tmp_path, caplog):
    import os

    if (os.cpu_count() or 1) < 2:
        pytest.skip("one core: no workers")
    pages = {f"p{i}.md": f"```gametree\n[[{i}, 3], [2, {i + 1}]]\n```\n" for i in range(5)}
    pages["bad.md"] = "---\ntitle: Front matter shifts lines\n---\n\n```gametree\n[[3, 12], [2, x]]\n```\n"
    config = make_project(tmp_path, pages)
    with pytest.raises(Abort):
        run_build(config)
    errors = [record.getMessage() for record in caplog.records if record.levelname == "ERROR"]
    reported = [text for text in errors if "gametree fence" in text]
    assert reported and reported[0].startswith("bad.md:6:15: gametree fence: "), errors
    assert 'node "1.1": a leaf must be a number, not "x"' in reported[0]


def test_workers_draw_while_the_pages_are_built(tmp_path):
    import os

    if (os.cpu_count() or 1) < 2:
        pytest.skip("one core: no workers")
    pages = {f"p{i}.md": f"```gametree\n[[{i}, 3], [2, {i + 1}]]\n```\n\n```gametree\n[[{i}, 3], [2, {i + 1}]]\n```\n" for i in range(5)}
    plugin = run_build(make_project(tmp_path, pages))
    assert len(plugin.prerendered) == 5 and plugin.workers.pool is None and plugin.workers.pending == {}  # closed with the build
    html = (tmp_path / "out" / "p3" / "index.html").read_text()
    assert "tracer-slot" not in html and 'id="tree-1-fig-n-1"' in html and 'id="tree-2-fig-n-1"' in html


def _niceness(job: tuple) -> str:
    import os

    return str(os.nice(0))


def test_workers_run_below_the_build_s_priority():
    """On fewer cores than processes the build goes first: it takes the fences' HTML at the end, and
    workers at its own priority slowed it (bench/site.py: about 2.3 s against 2.0 s on two cores)."""
    import os

    from tracer.docsite.workers import Workers

    if (os.cpu_count() or 1) < 2:
        pytest.skip("one core: no workers")
    workers = Workers()
    jobs = [(f"key-{i}", (i,)) for i in range(8)]
    workers.start(jobs, _niceness)
    try:
        seen = {int(workers.result(key)) for key, _ in jobs}
    finally:
        workers.close()
    assert seen == {min(os.nice(0) + 5, 19)}
