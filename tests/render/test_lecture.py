"""Lecture figures: the key steps against AIMA's Figure 5.5, every:N and lists, storyboards,
Beamer's last overlay, slide presets measured from the SVG, focus and compact views,
honest marks, and Graphviz sources drawn back by Graphviz."""

from __future__ import annotations

import json
import re
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import first_step
from render_helpers import AIMA, SVG, groups, node_boxes, parse, texts

import tracer
from tracer.cli import main
from tracer.render import Figure
from tracer.render.edges import edge_primitives
from tracer.render.steps import cutoff_steps, key_steps, select_steps
from tracer.search import SearchSettings

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"

# AIMA's Figure 5.2: A at the root; B, C, D; E F G under B, H I J under C, K L M under D
AT = {"A": (), "B": (0,), "C": (1,), "D": (2,)}
LEAVES = {name: (i, j) for i, row in enumerate(("EFG", "HIJ", "KLM")) for j, name in enumerate(row)}


def run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(main, list(args), input=stdin, catch_exceptions=False)


def gid(path: tuple[int, ...], prefix: str = "f") -> str:
    return f"{prefix}-n" + "".join(f"-{i}" for i in path)


def state(svg: str) -> dict[str, str]:
    """What a frame shows of Figure 5.2: the value text beside A..D, and each leaf's status."""
    by_id = groups(parse(svg))
    out = {name: texts(by_id[gid(path)]).get("val", "") for name, path in AT.items()}
    for name, path in LEAVES.items():
        out[name] = by_id[gid(path)].get("class").split()[2]
    return out


# -- the key steps --------------------------------------------------------------------------------
def test_key_steps_are_the_builds_of_aima_figure_5_5():
    """Figure 5.5 draws alpha-beta on Figure 5.2 in six builds; written here by hand from the book:

    (a) the first leaf below B has the value 3, so B is at most 3;
    (b) the second leaf below B has the value 12: B is still at most 3;
    (c) the third leaf has the value 8: B is exactly 3, so the root is at least 3;
    (d) the first leaf below C has the value 2: C is at most 2 and its other children are pruned;
    (e) the first leaf below D has the value 14: D is at most 14;
    (f) the second leaf below D is worth 5, the third 2: D is exactly 2 and the root 3.

    The rule shows (f) in three builds: D after L = 5, D's cutoff test after M = 2 (it
    holds, with nothing left to prune) and the end.
    """
    u, d, p = "unvisited", "done", "pruned"
    expected = [
        ("a", {"A": "", "B": "≤ 3", "C": "", "D": "", "E": d, "F": u, "G": u}),
        ("b", {"A": "", "B": "≤ 3", "E": d, "F": d, "G": u}),
        ("c", {"A": "≥ 3", "B": "3", "G": d, "H": u}),
        ("d", {"A": "≥ 3", "B": "3", "C": "≤ 2", "H": d, "I": p, "J": p, "K": u}),
        ("e", {"A": "≥ 3", "C": "≤ 2", "D": "≤ 14", "K": d, "L": u, "M": u}),
        ("", {"A": "≥ 3", "D": "≤ 5", "L": d, "M": u}),
        ("", {"A": "≥ 3", "D": "≤ 2", "M": d}),
        ("f", {"A": "3", "B": "3", "C": "≤ 2", "D": "2", "I": p, "J": p}),
    ]
    trace = tracer.alphabeta(AIMA)
    steps = select_steps(trace, "key")
    assert 6 <= len(steps) <= 9 and len(steps) == len(expected)
    assert first_step(trace, "cutoff", (1,)) in steps  # the cutoff at C, shown where it happens
    assert steps[-1] == len(trace)  # the end
    figure = Figure(trace, prefix="f")
    for (panel, want), (step, svg) in zip(expected, figure.frames(steps)):
        shown = state(svg)
        assert {name: shown[name] for name in want} == want, (panel, step)
    # the cutoff build's caption states the test
    assert "v = 2 ≤ α = 3" in figure.captions()[first_step(trace, "cutoff", (1,))]


def test_render_steps_key_writes_the_builds(tmp_path):
    result = run("render", "-", "-o", str(tmp_path), "--steps", "key", stdin=AIMA)
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))
    trace = tracer.alphabeta(AIMA)
    assert [frame["step"] for frame in manifest["frames"]] == key_steps(trace)
    assert any(frame["caption"].startswith("C: v = 2 ≤ α = 3") for frame in manifest["frames"])


@pytest.mark.parametrize("tree", [AIMA, "[[[3,17],[2,12]],[[15,25],[0,2]],[[2,5],[3,2]],[[14,1],[6,7]]]", "[[5,6],[[1,2],9],[[6],[9,1]]]"])
def test_every_n_never_skips_a_cutoff_or_the_last_step(tree):
    trace = tracer.alphabeta(tree)
    last = len(trace)
    cutoffs = {step for step in range(1, last + 1) if trace[step - 1].kind == "cutoff"}
    assert cutoffs and cutoffs == set(cutoff_steps(trace))
    for every in (1, 3, 5, 7, 20, 1000):
        assert select_steps(trace, f"every:{every}") == sorted(set(range(0, last + 1, every)) | cutoffs | {last})


def test_key_steps_of_other_searches_end_with_the_last_step_and_hold_every_cutoff():
    for trace in (
        tracer.alphabeta("[[[3,17],[2,12]],[[15,25],[0,2]],[[2,5],[3,2]],[[14,1],[6,7]]]"),
        tracer.minimax(AIMA),
        tracer.alphabeta(tracer.make_game("tictactoe", "XO.X..O.."), depth=3, iterative=True),
    ):
        steps = key_steps(trace)
        assert steps[-1] == len(trace) and set(cutoff_steps(trace)) <= set(steps)
        evaluations = sum(1 for event in trace if event.kind in ("evaluate", "tt_hit"))
        assert len(steps) <= evaluations + len(cutoff_steps(trace)) + 1 + sum(1 for e in trace if e.kind == "iteration_end")


# -- storyboards and Beamer ----------------------------------------------------------------------------
def test_storyboard_letters_its_panels_and_nodes_keep_their_places(tmp_path):
    result = run("render", "-", "-o", str(tmp_path), "--storyboard", stdin=AIMA)
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))
    trace = tracer.alphabeta(AIMA)
    assert [panel["step"] for panel in manifest["storyboard"]["panels"]] == key_steps(trace)  # --steps key by default
    root = parse((tmp_path / "storyboard.svg").read_text(encoding="utf-8"))
    panels = [g for g in root.iter(SVG + "g") if g.get("class") == "panel"]
    letters = "abcdefgh"
    assert [g.get("id").rsplit("-", 1)[1] for g in panels] == list(letters)
    assert [t.text for t in root.iter(SVG + "text") if t.get("class") == "panel"] == [f"({c})" for c in letters]
    # each panel is its step's frame shifted: every node moved by the same amount as the root
    frame = (tmp_path / f"step-{key_steps(trace)[3]:04d}.svg").read_text(encoding="utf-8")
    ours = {k.split("-", 1)[1]: v for k, v in node_boxes(frame).items()}
    prefix = root.get("id")
    panel = {k[len(prefix) + 3:]: v for k, v in node_boxes((tmp_path / "storyboard.svg").read_text(encoding="utf-8")).items()
             if k.startswith(f"{prefix}-d-n")}
    assert panel.keys() == ours.keys()
    dx, dy = panel["n"][0] - ours["n"][0], panel["n"][1] - ours["n"][1]
    for key, (x0, y0, x1, y1) in ours.items():
        assert panel[key] == pytest.approx((x0 + dx, y0 + dy, x1 + dx, y1 + dy), abs=0.02), key
    # panel (d) is C's cutoff: I and J pruned
    by_id = groups(root)
    assert "pruned" in by_id[f"{prefix}-d-n-1-1"].get("class").split()


@pytest.mark.needs_dot
def test_storyboard_png_and_pdf(tmp_path):
    result = run("render", "-", "-o", str(tmp_path), "--storyboard", "--format", "svg,png,pdf", "--steps", "key", stdin=AIMA)
    assert result.exit_code == 0, result.output
    png = (tmp_path / "storyboard.png").read_bytes()
    assert png.startswith(b"\x89PNG") and (tmp_path / "storyboard.pdf").read_bytes().startswith(b"%PDF")
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "storyboard-fig-5-2.png").write_bytes(png)


@pytest.mark.needs_dot
def test_frames_tex_follows_the_steps_and_ends_with_the_final_figure(tmp_path):
    result = run("render", "-", "-o", str(tmp_path), "--steps", "key", "--beamer", stdin=AIMA)
    assert result.exit_code == 0, result.output
    trace = tracer.alphabeta(AIMA)
    tex = (tmp_path / "frames.tex").read_text(encoding="utf-8")
    shown = re.findall(r"\\includegraphics<(\d+)>\[[^]]*\]\{\\tracerframesdir ([^}]+)\}", tex)
    steps = key_steps(trace)
    assert [name for _, name in shown] == [f"step-{step:04d}.pdf" for step in steps] + ["final.pdf"]
    assert [int(n) for n, _ in shown] == list(range(1, len(steps) + 2))
    assert f"\\note<{len(steps) + 1}>{{Result: the value of the game is 3" in tex


# -- slides: font sizes measured from the SVG -----------------------------------------------------
SLIDE_WIDTH_PT = 13.333 * 72  # a 16:9 slide is 13.33 x 7.5 inches


def fonts_on_slide(svg: str, slide_width_pt: float = SLIDE_WIDTH_PT) -> tuple[float, float]:
    """(smallest value font, smallest other font) in points, the SVG scaled to the slide's width.

    Read straight from the SVG: the viewBox's width is what fills the slide; values are
    the texts of class val and leafval (a node's value), the others every other text.
    """
    root = ET.fromstring(svg)
    view_width = float(root.get("viewBox").split()[2])
    scale = slide_width_pt / view_width
    values, others = [], []
    for text in root.iter(SVG + "text"):
        if not "".join(text.itertext()).strip():
            continue
        (values if text.get("class") in ("val", "leafval") else others).append(float(text.get("font-size")) * scale)
    return min(values), min(others)


def binary_tree(depth: int, start: int = 0) -> str:
    values = iter(range(start, start + 2 ** depth))

    def build(level: int) -> str:
        return str(next(values) * 7 % 23) if level == depth else "[" + build(level + 1) + ", " + build(level + 1) + "]"

    return build(0)


SLIDE_CASES = {
    "figure-5-2": (["-"], AIMA),
    "binary-4-levels": (["-"], binary_tree(4)),
    "tictactoe-depth-2": (["--game", "tictactoe", "--depth", "2", "--focus", "auto"], None),
}


@pytest.mark.parametrize("case", SLIDE_CASES)
def test_slide_16_9_keeps_values_at_14_pt_and_other_text_at_11(tmp_path, case):
    args, stdin = SLIDE_CASES[case]
    result = run("render", *args, "-o", str(tmp_path), "--slide", "16:9", "--steps", "key", stdin=stdin)
    assert result.exit_code == 0, result.output
    files = sorted(tmp_path.glob("*.svg"))
    assert any(f.name == "final.svg" for f in files) and len(files) >= 2
    for file in files:
        svg = file.read_text(encoding="utf-8")
        root = ET.fromstring(svg)
        # the figure has the slide's aspect and size
        assert root.get("width") == "960pt" and root.get("height") == "540pt"
        _, _, w, h = map(float, root.get("viewBox").split())
        assert w / h == pytest.approx(16 / 9, rel=1e-3)
        value, other = fonts_on_slide(svg)
        assert value >= 14 - 1e-6 and other >= 11 - 1e-6, (file.name, value, other)


def test_a_figure_too_wide_for_a_slide_names_what_fits(tmp_path):
    result = run("render", "--game", "tictactoe", "--depth", "2", "-o", str(tmp_path / "wide"), "--slide", "16:9", "--steps", "final")
    assert result.exit_code == 0, result.output
    note = next(line for line in result.output.splitlines() if "too wide for a 16:9 slide" in line)
    value, _ = fonts_on_slide((tmp_path / "wide" / "final.svg").read_text(encoding="utf-8"))
    assert value < 14 and "--focus auto" in note
    manifest = json.loads((tmp_path / "wide" / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["slide"]["fits"] is False
    # each option the note names does make it fit
    for option, value_text in re.findall(r"(--[a-z-]+ \S+) \(values ([\d.]+) pt\)", note):
        name, arg = option.split()
        out = tmp_path / name.strip("-")
        done = run("render", "--game", "tictactoe", "--depth", "2", "-o", str(out), "--slide", "16:9", "--steps", "final", name, arg)
        assert done.exit_code == 0 and "too wide" not in done.output
        value, other = fonts_on_slide((out / "final.svg").read_text(encoding="utf-8"))
        assert value >= 14 and other >= 11 and value == pytest.approx(float(value_text), abs=0.06)


def test_without_a_slide_preset_an_unreadable_figure_says_so(tmp_path):
    wide = run("render", "--game", "tictactoe", "--depth", "2", "-o", str(tmp_path / "a"), "--steps", "final")
    assert wide.exit_code == 0 and "filling a 16:9 slide, this figure's values would be" in wide.output and "--slide 16:9" in wide.output
    small = run("render", "-", "-o", str(tmp_path / "b"), "--steps", "final", stdin=AIMA)
    assert small.exit_code == 0 and "note:" not in small.output


def test_4_3_slides_and_a_third_of_a_slide():
    trace = tracer.alphabeta(AIMA)
    svg = Figure(trace, slide="4:3").frame(24)
    root = ET.fromstring(svg)
    assert (root.get("width"), root.get("height")) == ("720pt", "540pt")
    assert fonts_on_slide(svg, 720)[0] >= 14
    # at a third of a slide's width the default sizes are too small; --font-scale helps
    plain, larger = Figure(trace).frame(24), Figure(trace, font_scale=1.6).frame(24)
    assert fonts_on_slide(larger, SLIDE_WIDTH_PT / 3)[0] > fonts_on_slide(plain, SLIDE_WIDTH_PT / 3)[0]


@pytest.mark.needs_dot
def test_no_header_no_caption_font_scale_and_legend(tmp_path):
    result = run("render", "-", "-o", str(tmp_path), "--steps", "key", "--no-header", "--no-caption", "--beamer", "--font-scale", "1.5",
                 "--legend", stdin=AIMA)
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))
    for frame in manifest["frames"]:
        root = parse((tmp_path / frame["file"]).read_text(encoding="utf-8"))
        classes = [t.get("class") for t in root.iter(SVG + "text") if "".join(t.itertext()).strip()]
        assert "header" not in classes and "caption" not in classes
        assert frame["caption"]  # the captions stay in the manifest
        words = " ".join("".join(t.itertext()) for t in root.iter(SVG + "text") if t.get("class") in ("legend", "note"))
        assert "on the call stack" in words and "α=3, β=+∞: the window" in words
        sizes = {t.get("class"): float(t.get("font-size")) for t in root.iter(SVG + "text")}
        assert sizes["leafval"] == 24 and sizes["val"] == 24
    final = parse((tmp_path / "final.svg").read_text(encoding="utf-8"))
    assert not [t for t in final.iter(SVG + "text") if t.get("class") in ("caption", "header")]
    tex = (tmp_path / "frames.tex").read_text(encoding="utf-8")
    assert "C: v = 2 $\\leq$ $\\alpha$ = 3" in tex  # the notes carry the captions


# -- focus and compact views -----------------------------------------------------------------------------
def test_focus_draws_the_path_and_its_subtree_and_counts_the_rest():
    trace = tracer.alphabeta(AIMA)
    figure = Figure(trace, focus="C", prefix="f")
    assert {node.path for node in figure.plan.nodes} == {(), (0,), (1,), (2,), (1, 0), (1, 1), (1, 2)}
    by_id = groups(parse(figure.final()))
    for path in ((0,), (2,)):
        more = next(el for el in by_id[gid(path)] if el.get("class") == "more")
        assert "".join(more.itertext()) == "… +3 more"
        assert more.get("font-weight") != "bold" and more.get("fill") == "#6e6e6e"  # a count, not a value
        assert any(el.get("class") == "stub" and el.get("stroke-dasharray") for el in by_id[gid(path)])
    assert Figure(trace, focus="auto").focus == (0,)  # the best move: B
    assert Figure(trace, focus="2").focus == (2,)
    with pytest.raises(tracer.InputError, match="no node"):
        Figure(trace, focus="Z")


def test_tictactoe_depth_2_final_fits_one_16_9_slide_with_focus():
    trace = tracer.alphabeta(tracer.make_game("tictactoe"), depth=2)
    assert not Figure(trace, slide="16:9").slide_fits
    figure = Figure(trace, slide="16:9", focus="auto")
    assert figure.slide_fits and figure.compact
    value, other = fonts_on_slide(figure.final())
    assert value >= 14 and other >= 11
    # the best move's subtree is drawn in full, the other eight first moves as their roots
    best = figure.focus
    drawn = {node.path for node in figure.plan.nodes}
    assert {child.path for child in trace.tree.node(best).children} <= drawn
    assert sum(1 for path in drawn if len(path) == 2) == len(trace.tree.node(best).children)


def test_compact_writes_values_under_the_nodes_and_edges_leave_under_them():
    trace = tracer.alphabeta(AIMA)
    figure = Figure(trace, compact=True, prefix="f")
    by_id = groups(parse(figure.frame(len(trace))))
    root = by_id["f-n"]
    shape_bottom = node_boxes(figure.frame(len(trace)))["f-n"][3]
    val = next(el for el in root if el.get("class") == "val")
    assert float(val.get("y")) > shape_bottom and val.get("text-anchor") == "middle"
    edge = next(el for el in by_id["f-e-0"] if el.get("class") == "line")
    assert float(edge.get("y1")) > float(val.get("y"))


# -- honest marks ------------------------------------------------------------------------------------------
DEEP = "[[[3,17],[2,12]],[[15,25],[0,2]],[[2,5],[3,2]],[[14,1],[6,7]]]"  # alpha-beta prunes K (path 2.1) and its leaves


def test_pruned_values_are_grey_and_can_be_hidden():
    trace = tracer.alphabeta(DEEP)
    shown = groups(parse(Figure(trace, prefix="f").final()))
    k = next(el for el in shown["f-n-2-1"] if el.get("class") == "val")
    assert "".join(k.itertext()) == "3" and k.get("font-weight") == "normal" and k.get("fill") == "#a8a8a8"
    hidden = groups(parse(Figure(trace, prefix="f", pruned_values="hide").final()))
    assert "val" not in texts(hidden["f-n-2-1"])
    for leaf in ("f-n-2-1-0", "f-n-2-1-1"):
        assert "leafval" not in texts(hidden[leaf]) and "novalue" in hidden[leaf].get("class").split()
    assert texts(hidden["f-n-2-0"])["val"] == "5"  # a node searched keeps its value


def test_edges_stop_short_of_the_shapes():
    """No MIN triangle meets its children's edges at its apex (an hourglass), no pruned triangle its edges (a cross)."""
    trace = tracer.alphabeta(DEEP)
    svg = Figure(trace, prefix="f").final()
    boxes = node_boxes(svg)
    by_id = groups(parse(svg))
    for name, group in by_id.items():
        if not name.startswith("f-e-"):
            continue
        line = next(el for el in group if el.get("class") == "line")
        x1, y1, x2, y2 = (float(line.get(k)) for k in ("x1", "y1", "x2", "y2"))
        child = "f-n-" + name[4:]
        parent = child.rsplit("-", 1)[0]
        # edges leave a parent at the middle of its shape's bottom (a MIN triangle's apex) and reach a child at the top's
        (px0, _, px1, py1), (cx0, cy0, cx1, _) = boxes[parent], boxes[child]
        assert y1 > py1 and ((x1 - (px0 + px1) / 2) ** 2 + (y1 - py1) ** 2) ** 0.5 >= 2.9, name
        assert y2 < cy0 and ((x2 - (cx0 + cx1) / 2) ** 2 + (y2 - cy0) ** 2) ** 0.5 >= 2.9, name


def test_labels_sit_one_way_per_figure():
    tree = tracer.parse_tree(json.dumps({"label": "A", "children": [
        {"label": "Bee", "children": [1, 2]}, {"label": "Wide label", "children": [3, 4]}]}))
    svg = Figure(tracer.alphabeta(tree), prefix="f").final()
    by_id = groups(parse(svg))
    anchors = {next(el for el in by_id[g] if el.get("class") == "lab").get("text-anchor") for g in ("f-n", "f-n-0", "f-n-1")}
    assert anchors == {"end"}  # all beside their triangles, since one does not fit inside


def _text_box(el: ET.Element) -> tuple[float, float, float, float]:
    """A rough box of a text: Helvetica's average advance (0.6 em) and its cap height and descent."""
    size = float(el.get("font-size"))
    width = 0.6 * size * len("".join(el.itertext()))
    x, y = float(el.get("x")), float(el.get("y"))
    left = x - width if el.get("text-anchor") == "end" else x - width / 2 if el.get("text-anchor") == "middle" else x
    return left, y - 0.75 * size, left + width, y + 0.2 * size


def _segment_hits_box(x1: float, y1: float, x2: float, y2: float, box: tuple[float, float, float, float]) -> bool:
    for i in range(41):
        x, y = x1 + (x2 - x1) * i / 40, y1 + (y2 - y1) * i / 40
        if box[0] <= x <= box[2] and box[1] <= y <= box[3]:
            return True
    return False


def test_cut_marks_never_cover_a_move():
    trace = tracer.alphabeta(tracer.make_game("hexapawn"), depth=2)
    svg = Figure(trace, prefix="f").final()
    root = parse(svg)
    cuts, moves = [], []
    for group in root.iter(SVG + "g"):
        for el in group:
            if el.get("class") == "cut":
                cuts.append(tuple(float(el.get(k)) for k in ("x1", "y1", "x2", "y2")))
            if el.get("class") == "move":
                moves.append(_text_box(el))
    assert cuts and moves
    for cut in cuts:
        assert not any(_segment_hits_box(*cut, box) for box in moves)


def _marks_moves_lines_shapes(svg: str):
    root = parse(svg)
    cuts, moves, lines, shapes = [], [], [], []
    for el in root.iter():
        kind = el.get("class")
        if kind in ("cut", "line"):
            (cuts if kind == "cut" else lines).append(tuple(float(el.get(k)) for k in ("x1", "y1", "x2", "y2")))
        elif kind == "move":
            moves.append(("".join(el.itertext()), _text_box(el)))
        elif kind == "shape" and el.tag == SVG + "rect":
            x, y, w, h = (float(el.get(k)) for k in ("x", "y", "width", "height"))
            shapes.append((x, y, x + w, y + h))
    return cuts, moves, lines, shapes


CROWDED_FIGURES = {
    "hexapawn, 16:9": lambda: Figure(tracer.alphabeta(tracer.make_game("hexapawn"), depth=2), slide="16:9"),
    "three-by-three, 16:9 (leaves on two rows)": lambda: Figure(
        tracer.alphabeta((Path(__file__).parents[2] / "site" / "trees" / "three-by-three.json").read_text()), slide="16:9"),
    "tic-tac-toe with a table": lambda: Figure(tracer.search(tracer.make_game("tictactoe", "XO.XO...."), SearchSettings(transposition_table=True))),
}


@pytest.mark.parametrize("case", sorted(CROWDED_FIGURES))
def test_cut_marks_and_moves_stay_clear_on_slides_and_staggered_rows(case):
    """Grown fonts on a slide, leaves on two staggered rows and crowded fans of moves: a cut mark sits on
    no move and no node's shape, and no edge runs through a move."""
    cuts, moves, lines, shapes = _marks_moves_lines_shapes(CROWDED_FIGURES[case]().final())
    assert (cuts and moves) or (cuts and shapes)
    for cut in cuts:
        assert not [text for text, box in moves if _segment_hits_box(*cut, box)], cut
        assert not [box for box in shapes if _segment_hits_box(*cut, box)], cut
    assert not [text for text, box in moves if any(_segment_hits_box(*line, box) for line in lines)]


@pytest.mark.parametrize("case", sorted(CROWDED_FIGURES))
def test_a_fan_found_once_gives_each_edge_what_the_edge_alone_gives(case):
    """A fan's shapes and cut marks are found once for all its edges (kept by the scene): every edge,
    at two places of the tree, is what it is when its fan is found for it alone."""
    scene = CROWDED_FIGURES[case]().scene
    fans: dict = {}
    edges = [path for path in scene.layout.centers if path]
    for dx, dy in ((scene.tree_x, scene.tree_y), (scene.tree_x + 40.0, scene.tree_y)):
        for child in edges:
            assert edge_primitives(scene, child, dx, dy, fans) == edge_primitives(scene, child, dx, dy), child
    assert len(fans) == 2 * len({child[:-1] for child in edges})


def test_hexapawn_pawns_are_drawn_as_pawns():
    trace = tracer.alphabeta(tracer.make_game("hexapawn"), depth=1)
    root = parse(Figure(trace).final())
    marks = [el for el in root.iter(SVG + "text") if el.get("class") == "mark"]
    pawns = [el for el in root.iter() if (el.get("class") or "").startswith("pawn-")]
    assert not marks
    # the start position: three pawns a side, each a head and a body
    start = next(g for g in root.iter(SVG + "g") if (g.get("id") or "").endswith("-n"))
    kinds = [el.get("class") for el in start if (el.get("class") or "").startswith("pawn-")]
    assert kinds.count("pawn-dark") == 6 and kinds.count("pawn-light") == 6 and len(pawns) > 12


# -- Graphviz sources ---------------------------------------------------------------------------------------
@pytest.mark.needs_dot
def test_dot_sources_draw_back_where_the_svg_draws(tmp_path):
    result = run("render", "-", "-o", str(tmp_path), "--steps", "key", "--format", "dot", stdin=AIMA)
    assert result.exit_code == 0, result.output
    trace = tracer.alphabeta(AIMA)
    step = first_step(trace, "cutoff", (1,))
    source = (tmp_path / f"step-{step:04d}.dot").read_text(encoding="utf-8")
    assert source.startswith("// tracer: ") and "neato -n2" in source
    assert '"n-1.shape" -> "n-1-1.shape"' in source  # the tree's edges join the tree's nodes
    drawn = subprocess.run(["neato", "-n2", "-Tsvg"], input=source.encode(), capture_output=True, check=True).stdout.decode()
    ours = node_boxes((tmp_path / f"step-{step:04d}.svg").read_text(encoding="utf-8"))
    prefix = next(iter(ours)).split("-n")[0]
    height = float(parse((tmp_path / f"step-{step:04d}.svg").read_text(encoding="utf-8")).get("viewBox").split()[3])
    centres = {}
    for g in parse(drawn).iter(SVG + "g"):
        if g.get("class") != "node":
            continue
        name = g.find(SVG + "title").text
        if not name.endswith(".shape"):
            continue
        shape = next(el for el in g if el.tag in (SVG + "polygon", SVG + "ellipse"))
        points = [tuple(map(float, p.split(","))) for p in shape.get("points").split()]
        xs, ys = [p[0] for p in points], [height + p[1] for p in points]
        centres[name[:-6]] = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2, max(xs) - min(xs))
    assert len(centres) == len(ours) == 13
    for key, (x0, y0, x1, y1) in ours.items():
        cx, cy, w = centres[key[len(prefix) + 1:]]
        assert cx == pytest.approx((x0 + x1) / 2, abs=0.6) and w == pytest.approx(x1 - x0, abs=0.6), key
        if "n-" in key and len(key.split("-")) > 3:  # leaves (boxes): the centre's height too
            assert cy == pytest.approx((y0 + y1) / 2, abs=0.6), key
    edges = [g.find(SVG + "title").text for g in parse(drawn).iter(SVG + "g") if g.get("class") == "edge"]
    assert "n-1.shape->n-1-1.shape" in edges


def test_the_readme_storyboard_is_what_tracer_draws_today():
    """site/img/fig-5-2-storyboard.svg (the README's picture) is made by this very code.

    To draw it again: Figure(tracer.alphabeta(AIMA), prefix="fig52sb").storyboard("key")."""
    committed = (REPO / "site" / "img" / "fig-5-2-storyboard.svg").read_text(encoding="utf-8")
    assert committed == Figure(tracer.alphabeta(AIMA), prefix="fig52sb").storyboard("key")
    assert "(h)" in committed and "C: v = 2 ≤ α = 3" in committed


def test_wrap_puts_wide_leaf_rows_on_two_rows_and_a_27_leaf_tree_fits_a_slide():
    tree = (REPO / "site" / "trees" / "three-by-three.json").read_text(encoding="utf-8")
    trace = tracer.alphabeta(tree)
    flat, wrapped = Figure(trace), Figure(trace, wrap=True, prefix="f")
    assert wrapped.width < 0.85 * flat.width
    at = wrapped.coordinates()
    for parent in ((0, 0), (1, 2)):
        kids = [parent + (i,) for i in range(3)]
        assert at[kids[0]][1] == at[kids[2]][1] < at[kids[1]][1]  # the middle leaf one row lower
        assert at[kids[0]][0] < at[kids[1]][0] < at[kids[2]][0]  # still in order
    boxes = node_boxes(wrapped.final())
    shapes = list(boxes.values())
    for i, a in enumerate(shapes):  # no two shapes overlap
        for b in shapes[i + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
    figure = Figure(trace, slide="16:9")
    assert figure.slide_fits and figure.wrap
    value, other = fonts_on_slide(figure.frame(len(trace)))
    assert value >= 14 and other >= 11


@pytest.mark.needs_dot
def test_a_slide_figure_s_dot_source_draws_at_the_slide_s_size(tmp_path):
    import struct

    trace = tracer.alphabeta(AIMA)
    source = Figure(trace, slide="16:9").dot_source(first_step(trace, "cutoff", (1,)))
    png = subprocess.run(["neato", "-n2", "-Tpng", "-Gdpi=144"], input=source.encode(), capture_output=True, check=True).stdout
    assert struct.unpack(">II", png[16:24]) == (1920, 1080)  # 13.33 x 7.5 in at 144 dpi: full HD


def test_an_empty_steps_option_is_refused_not_taken_for_all(tmp_path):
    result = run("render", "-", "-o", str(tmp_path / "figs"), "--steps", "", stdin=AIMA)
    assert result.exit_code == 1
    assert "--steps '' is not understood" in result.output
    assert not (tmp_path / "figs").exists()


def test_a_one_panel_storyboard_says_one_panel(tmp_path):
    result = run("render", "-", "-o", str(tmp_path), "--storyboard", "--steps", "24", stdin=AIMA)
    assert result.exit_code == 0, result.output
    titles = [t.text for t in parse((tmp_path / "storyboard.svg").read_text(encoding="utf-8")).iter(SVG + "title")]
    assert any(title and title.startswith("The search in 1 panel, step ") for title in titles), titles
    assert not any(title and "1 panels" in title for title in titles)
