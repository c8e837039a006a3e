"""tracer render: the folder it writes, PNG/PDF at the SVG's positions, the player, Beamer, limits, errors."""

from __future__ import annotations

import json
import os
import re
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import first_step
from render_helpers import AIMA, NASTY, canvas, node_boxes, parse

import tracer
from tracer.cli import main
from tracer.render import Figure
from tracer.render.beamer import frames_tex
from tracer.render.document import compose
from tracer.render.errors import FigureTooLarge
from tracer.render.exports import picture_dot
from tracer.render.output import render_to_directory
from tracer.render.steps import select_steps
from tracer.render.visuals import plain_visuals


def run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(main, list(args), input=stdin, catch_exceptions=False)


def test_render_writes_frames_final_and_manifest(tmp_path):
    out = tmp_path / "figs"
    result = run("render", "-", "-o", str(out), stdin=AIMA)
    assert result.exit_code == 0, result.output
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    trace = tracer.alphabeta(AIMA)
    steps = len(trace)  # one frame per event, and one before the first
    assert manifest["steps"] == steps and len(manifest["frames"]) == steps + 1
    assert [f["file"] for f in manifest["frames"][:2]] == ["step-0000.svg", "step-0001.svg"]
    cutoff = first_step(trace, "cutoff", (1,))
    assert manifest["frames"][cutoff]["caption"].startswith("C: v = 2 ≤ α = 3")
    names = sorted(p.name for p in out.iterdir())
    assert names == sorted([f"step-{i:04d}.svg" for i in range(steps + 1)] + ["final.svg", "manifest.json"])
    # frames sort by name in step order
    assert [n for n in names if n.startswith("step-")] == [f["file"] for f in manifest["frames"]]


def test_steps_selection(tmp_path):
    trace = tracer.alphabeta(AIMA)
    cutoff_at_c = first_step(trace, "cutoff", (1,))
    cutoff_at_d = first_step(trace, "cutoff", (2,))
    assert select_steps(trace, "every:20") == sorted({0, 20, 40, 45, cutoff_at_c, cutoff_at_d})
    assert select_steps(trace, "40-99") == [40, 41, 42, 43, 44, 45]
    assert select_steps(trace, "final") is None
    assert select_steps(trace, "7") == [7]
    assert select_steps(trace, "0,24,45") == [0, 24, 45]
    assert select_steps(trace, "0-2, 24 ,43-99") == [0, 1, 2, 24, 43, 44, 45]
    assert select_steps(trace, "0,key") == [0] + select_steps(trace, "key")
    for bad in ("every:0", "9-3", "50-60", "sometimes", "99", "0,final", "0,,3"):
        with pytest.raises(tracer.InputError):
            select_steps(trace, bad)
    result = run("render", "-", "-o", str(tmp_path), "--steps", "nope", stdin=AIMA)
    assert result.exit_code == 1 and result.output.count("\n") == 1 and "Error: --steps" in result.output


def test_a_second_render_removes_the_frames_of_the_first(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    run("render", "-", "-o", str(tmp_path), stdin=AIMA)
    run("render", "-", "-o", str(tmp_path), "--steps", "every:10", stdin=AIMA)
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["final.svg", "manifest.json", "notes.txt", "step-0000.svg", "step-0010.svg", "step-0020.svg",
                     "step-0024.svg", "step-0030.svg", "step-0040.svg", "step-0042.svg", "step-0045.svg"]


def test_same_input_same_bytes(tmp_path):
    for name in ("a", "b"):
        run("render", "-", "-o", str(tmp_path / name), "--html", "--beamer", "--format", "svg,png,pdf", stdin=AIMA)
    files = sorted(p.name for p in (tmp_path / "a").iterdir())
    assert len(files) == 46 * 3 + 3 + 3  # frames, final (svg, png, pdf), manifest, player, overlays
    for name in files:
        one, two = (tmp_path / "a" / name).read_bytes(), (tmp_path / "b" / name).read_bytes()
        if name == "frames.tex":  # names its folder
            one, two = one.replace(str(tmp_path / "a").encode(), b"D"), two.replace(str(tmp_path / "b").encode(), b"D")
        if name == "manifest.json":  # keeps the digest of frames.tex, which names its folder
            one, two = ({**json.loads(data), "sha256": {**json.loads(data)["sha256"], "frames.tex": "D"}} for data in (one, two))
        assert one == two, name


@pytest.mark.needs_dot
def test_png_and_pdf_share_one_canvas(tmp_path):
    trace = tracer.alphabeta(AIMA)
    render_to_directory(trace, tmp_path, formats=["svg", "png", "pdf"], steps="every:5")
    sizes = set()
    for png in sorted(tmp_path.glob("step-*.png")):
        data = png.read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        sizes.add(struct.unpack(">II", data[16:24]))
    assert len(sizes) == 1  # every frame the same size
    width, height = sizes.pop()
    svg_w, svg_h = (float(size.rstrip("pt")) for size in canvas((tmp_path / "step-0000.svg").read_text())[:2])
    assert width == pytest.approx(svg_w * 192 / 72, abs=3) and height == pytest.approx(svg_h * 192 / 72, abs=3)
    for pdf in tmp_path.glob("*.pdf"):
        assert pdf.read_bytes().startswith(b"%PDF") and b"/CreationDate (D:20000101000000Z)" in pdf.read_bytes()


@pytest.mark.needs_dot
def test_graphviz_draws_the_exports_where_the_svg_draws(tmp_path):
    """Graphviz's own rendering of the pinned graph puts every shape where our SVG does."""
    trace = tracer.alphabeta(AIMA)
    figure = Figure(trace, prefix="f")
    step = first_step(trace, "cutoff", (1,))  # a frame with pruned, active and done nodes
    ours = node_boxes(figure.frame(step))
    _, height, pictured = next(figure.pictures([step]))
    source = picture_dot(figure.width, height, pictured, "light")
    drawn = subprocess.run(["neato", "-n2", "-Tsvg"], input=source.encode(), capture_output=True, check=True).stdout.decode()
    root = parse(drawn)
    ns = "{http://www.w3.org/2000/svg}"
    shapes = []
    for g in root.iter(ns + "g"):
        if g.get("class") != "node":
            continue
        for el in g:
            if el.tag == ns + "polygon":
                pts = [tuple(map(float, p.split(","))) for p in el.get("points").split()]
                xs, ys = [p[0] for p in pts], [height + p[1] for p in pts]  # Graphviz's y runs upwards from the bottom
                shapes.append((min(xs), min(ys), max(xs), max(ys)))
    for gid, (x0, y0, x1, y1) in ours.items():
        assert any(abs(x0 - a) < 0.6 and abs(y0 - b) < 0.6 and abs(x1 - c) < 0.6 and abs(y1 - d) < 0.6 for a, b, c, d in shapes), gid


@pytest.mark.needs_dot
def test_nasty_labels_survive_dot(tmp_path):
    """Each label reaches Graphviz's output exactly as written (quotes, braces, backslash-N, ...)."""
    figure = Figure(tracer.parse_tree(json.dumps(NASTY)), prefix="f")
    _height, pictured = compose(figure.scene, *plain_visuals(figure.plan), header=False, caption=None)
    source = picture_dot(figure.width, _height, pictured, "light")
    drawn = subprocess.run(["neato", "-n2", "-Tsvg"], input=source.encode(), capture_output=True, check=True).stdout.decode()
    words = [t.strip() for t in parse(drawn).itertext() if t.strip()]
    for label in ('say "hi"', "a{b}c", "x<y&z>", "back\\slash\\N", "ÄÖ€ ∞ 漢字"):
        assert label in words


def player_data(page: str) -> dict:
    """The payload of a player page (documented in tracer.render.player)."""
    return json.loads(page.split('<script type="application/json" class="tracer-data">')[1].split("</script>")[0])


def test_html_player_holds_the_chosen_steps_and_refuses_too_many(tmp_path):
    trace = tracer.alphabeta(AIMA)
    render_to_directory(trace, tmp_path / "few", html=True, steps="every:10")
    page = (tmp_path / "few" / "index.html").read_text(encoding="utf-8")
    paints = player_data(page)["paints"]
    assert [p["step"] for p in paints] == [0, 10, 20, first_step(trace, "cutoff", (1,)), 30, 40, first_step(trace, "cutoff", (2,)), 45]
    with pytest.raises(FigureTooLarge, match="more than the 40 an HTML player holds"):
        render_to_directory(trace, tmp_path / "many", html=True, steps="final", max_frames=40)
    assert not (tmp_path / "many").exists()  # refused before anything is written


def test_html_player_is_self_contained_and_escaped(tmp_path):
    run("render", "-", "-o", str(tmp_path), "--html", stdin=json.dumps(NASTY))
    page = (tmp_path / "index.html").read_text(encoding="utf-8")
    fetching = re.sub(r'xmlns="http://www.w3.org/2000/svg"', "", page)  # a namespace name, never fetched
    assert not re.search(r"(src|href)\s*=|https?://|@import|url\(", fetching)  # nothing fetched
    assert page.count("<script") == 2 and page.count("</script>") == 2  # no label closes a script
    assert "x&lt;y&amp;z&gt;" in page  # escaped inside the SVG
    paints = player_data(page)["paints"]
    assert len(paints) == len(tracer.alphabeta(json.dumps(NASTY))) + 1
    assert any("x<y&z>" in p["caption"] for p in paints)


PDFLATEX = shutil.which("pdflatex")


@pytest.mark.needs_dot
@pytest.mark.skipif(PDFLATEX is None, reason="no pdflatex")
def test_beamer_overlays_compile(tmp_path):
    tree = json.dumps(NASTY)
    result = run("render", "-", "-o", str(tmp_path / "my figs"), "--beamer", "--steps", "0-6", stdin=tree)
    assert result.exit_code == 0, result.output
    tex = (tmp_path / "my figs" / "frames.tex").read_text(encoding="utf-8")
    # the seven steps, then the final figure
    assert "\\includegraphics<7>" in tex and "\\includegraphics<8>[width=\\linewidth,height=0.8\\textheight,keepaspectratio]{\\tracerframesdir final.pdf}" in tex
    assert "\\note<1>" in tex
    (tmp_path / "talk.tex").write_text(
        "\\documentclass{beamer}\\begin{document}\\begin{frame}{Alpha-beta}\\input{my figs/frames.tex}\\end{frame}\\end{document}\n"
    )
    done = subprocess.run([PDFLATEX, "-interaction=nonstopmode", "-halt-on-error", "talk.tex"], cwd=tmp_path, capture_output=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout.decode(errors="replace")[-2000:]
    assert b"(8 pages" in done.stdout


def test_frames_tex_escapes_captions():
    tex = frames_tex([(3, "step-0003.pdf", "x<y&z> {50%}")], "out")
    assert "\\note<1>{Step 3: x\\textless{}y\\&z\\textgreater{} \\{50\\%\\}}" in tex


def test_missing_dot_is_one_line(tmp_path):
    env = {**os.environ, "PATH": str(Path(sys.executable).parent)}
    done = subprocess.run(
        [sys.executable, "-m", "tracer", "render", "-", "-o", str(tmp_path / "x"), "--format", "png"],
        input=AIMA.encode(), capture_output=True, env=env, timeout=120, check=False,
    )
    err = done.stderr.decode()
    assert done.returncode == 1
    assert err.strip().count("\n") == 0 and "Traceback" not in err
    assert "Graphviz" in err and "apt-get install graphviz" in err
    # SVG needs no Graphviz at all
    done = subprocess.run(
        [sys.executable, "-m", "tracer", "render", "-", "-o", str(tmp_path / "y")], input=AIMA.encode(), capture_output=True, env=env, timeout=120, check=False,
    )
    assert done.returncode == 0 and (tmp_path / "y" / "final.svg").exists()


def test_a_full_tic_tac_toe_search_is_not_drawn_blindly(tmp_path):
    result = run("render", "--game", "tictactoe", "-o", str(tmp_path / "t"), "--steps", "final")
    assert result.exit_code == 1
    assert "Error:" in result.output and "--max-depth 2" in result.output and result.output.count("\n") == 1
    assert not (tmp_path / "t").exists()
    result = run("render", "--game", "tictactoe", "-o", str(tmp_path / "t"), "--steps", "final", "--max-depth", "2")
    assert result.exit_code == 0, result.output
    assert "note:" in result.output and "deeper than depth 2" in result.output
    manifest = json.loads((tmp_path / "t" / "manifest.json").read_text())
    assert manifest["frames"] == [] and manifest["left_out"]
    svg = (tmp_path / "t" / "final.svg").read_text()
    assert len(node_boxes(svg)) == 1 + 9 + 72 and re.search(r">… \+[\d,]+ more<", svg)


def test_too_many_frames_asks_for_fewer(tmp_path):
    trace = tracer.alphabeta(AIMA)
    with pytest.raises(tracer.InputError, match="every:") as refused:
        render_to_directory(trace, tmp_path, max_frames=10)
    every = re.search(r"--steps (every:\d+)", str(refused.value)).group(1)
    assert render_to_directory(trace, tmp_path, max_frames=10, steps=every).frames <= 10


def test_collapsing_marks_what_it_left_out():
    from tracer.render.plan import plan_figure

    tree = tracer.parse_tree("[[1, [2, 3], [4, 5]], [0, [9, 9], [9, 9]]]")
    trace = tracer.alphabeta(tree)
    figure = Figure(trace, collapse=True)
    assert figure.plan.collapsed == {(1, 1), (1, 2)}
    assert figure.plan.hidden == {(1, 1): 2, (1, 2): 2}
    assert "never entered" in figure.plan.notes[0]
    full = plan_figure(tree, entered=None)
    assert len(full.nodes) == len(tree)


def test_bad_input_is_one_line(tmp_path):
    for args, stdin in ((["render", "-", "-o", str(tmp_path / "a")], "[[1, 2"), (["render", "-", "-o", str(tmp_path / "b"), "--format", "webp"], AIMA)):
        result = run(*args, stdin=stdin)
        assert result.exit_code == 1 and result.output.startswith("Error: ") and result.output.count("\n") == 1
    (tmp_path / "file").write_text("x")
    result = run("render", "-", "-o", str(tmp_path / "file"), stdin=AIMA)
    assert result.exit_code == 1 and "is a file" in result.output
