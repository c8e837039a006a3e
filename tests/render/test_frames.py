"""Frames: one layout per trace, the state of the search in each, determinism, escaping."""

from __future__ import annotations

import pytest
from render_helpers import AIMA, canvas, groups, node_boxes, parse, texts

import tracer
from tracer.render import Figure, base_svg, final_svg, frame_svgs, paints, tree_svg


def test_one_frame_per_step(aima_trace):
    frames = frame_svgs(aima_trace)
    assert len(frames) == len(aima_trace) + 1


def test_no_node_moves_and_the_canvas_never_changes(aima_trace):
    frames = frame_svgs(aima_trace)
    first_boxes, first_canvas = node_boxes(frames[0]), canvas(frames[0])
    assert len(first_boxes) == 13
    for svg in frames[1:]:
        assert canvas(svg) == first_canvas
        boxes = node_boxes(svg)
        assert boxes.keys() == first_boxes.keys()
        for gid, box in boxes.items():
            assert box == pytest.approx(first_boxes[gid], abs=1e-6), gid


def test_no_node_moves_in_a_game_with_boards():
    trace = tracer.alphabeta(tracer.make_game("tictactoe", "XOX.O...."), depth=2)
    frames = frame_svgs(trace)
    first = node_boxes(frames[0])
    assert all(node_boxes(svg) == first for svg in frames)
    assert len({canvas(svg) for svg in frames}) == 1


def test_the_tree_is_laid_out_as_a_tree(aima_trace):
    figure = Figure(aima_trace)
    at = figure.coordinates()
    # every level on one line, levels downwards, children left to right
    assert at[(0,)][1] == at[(1,)][1] == at[(2,)][1] > at[()][1]
    leaves = [at[(i, j)] for i in range(3) for j in range(3)]
    assert len({y for _, y in leaves}) == 1
    assert [x for x, _ in leaves] == sorted(x for x, _ in leaves)
    # a parent with three children sits over its middle child
    for i in range(3):
        assert at[(i,)][0] == pytest.approx(at[(i, 1)][0], abs=1.0)


def test_the_cutoff_step_shows_what_happened(aima_trace):
    figure = Figure(aima_trace, prefix="f")
    cutoff = next(i for i, e in enumerate(aima_trace, start=1) if e.kind == "cutoff")
    root = parse(figure.frame(cutoff))
    by_id = groups(root)
    c = by_id["f-n-1"]
    assert c.get("class").split() == ["tn", "min", "active", "current"]
    assert texts(c)["val"] == "≤ 2" and texts(c)["win"] == "α=3, β=+∞"
    assert any(el.get("class") == "halo" for el in c)  # the current node's ring
    for pruned in ("f-n-1-1", "f-n-1-2"):
        assert "pruned" in by_id[pruned].get("class").split()
    edge = by_id["f-e-1-1"]
    assert edge.get("class").split() == ["te", "pruned", "cutroot"]
    assert sum(1 for el in edge if el.get("class") == "cut") == 2
    line = next(el for el in edge if el.get("class") == "line")
    assert line.get("stroke-dasharray")  # dashed, not only grey
    a = by_id["f-n"]
    assert "active" in a.get("class").split() and texts(a)["val"] == "≥ 3" and texts(a)["win"] == "α=3, β=+∞"
    # the caption says what happened, in the cutoff test's own numbers (worked by hand: C's v = 2 meets α = 3)
    caption = "".join("".join(by_id["f-caption"].itertext()).split())  # the caption's lines, spaces aside
    assert "C:v=2≤α=3,soMAXwillneverchooseC;itsotherchildren(I,J)arepruned." == caption


def test_pruned_branches_stay_pruned_from_their_step_on(aima_trace):
    frames = frame_svgs(aima_trace, prefix="f")
    cutoff = next(i for i, e in enumerate(aima_trace, start=1) if e.kind == "cutoff")
    for step, svg in enumerate(frames):
        cls = groups(parse(svg))["f-e-1-2"].get("class").split()
        assert ("pruned" in cls) == (step >= cutoff)


def test_final_figure(aima_trace):
    root = parse(final_svg(aima_trace, prefix="f"))
    by_id = groups(root)
    assert "pv" in by_id["f-n"].get("class").split()
    assert "pv" in by_id["f-e-0"].get("class").split() and "pv" in by_id["f-e-0-0"].get("class").split()
    assert "pv" not in by_id["f-e-1"].get("class").split()
    c = texts(by_id["f-n-1"])
    assert c["val"] == "2" and c["alt"] == "αβ: ≤ 2"  # true value 2; alpha-beta only proved <= 2
    assert texts(by_id["f-n"])["val"] == "3"
    words = "".join(root.itertext())
    assert "MAX moves to B" in words and "prune when v ≥ β" in words


def test_determinism_byte_for_byte(aima_trace):
    one = frame_svgs(tracer.alphabeta(AIMA))
    two = frame_svgs(tracer.alphabeta(AIMA))
    assert one == two
    assert final_svg(tracer.alphabeta(AIMA)) == final_svg(tracer.alphabeta(AIMA))


def test_ids_are_prefixed_and_unique(aima_trace):
    svg = final_svg(aima_trace, prefix="fig7")
    ids = [el.get("id") for el in parse(svg).iter() if el.get("id")]
    assert len(ids) == len(set(ids))
    assert all(i == "fig7" or i.startswith("fig7-") for i in ids)


def test_nasty_labels_are_escaped_in_svg(nasty_tree):
    for svg in [tree_svg(nasty_tree), *frame_svgs(tracer.alphabeta(nasty_tree))]:
        root = parse(svg)  # well-formed XML
        shown = "".join(root.itertext())
        for label in ('say "hi"', "a{b}c", "x<y&z>", "back\\slash\\N", "ÄÖ€ ∞ 漢字"):
            assert label in shown


def test_labels_paths_and_none(aima_trace):
    with_paths = "".join(parse(final_svg(aima_trace, labels="paths", prefix="f")).itertext())
    assert "1.2" in with_paths
    bare = groups(parse(final_svg(aima_trace, labels="none", prefix="f")))
    assert "lab" not in texts(bare["f-n-1"])


def test_dark_theme_changes_colours_not_places(aima_trace):
    light, dark = final_svg(aima_trace, prefix="f"), final_svg(aima_trace, theme="dark", prefix="f")
    assert light != dark
    assert node_boxes(light) == node_boxes(dark)


def test_tree_svg_shows_the_bare_tree(nasty_tree):
    root = parse(tree_svg(tracer.parse_tree(AIMA), prefix="t"))
    by_id = groups(root)
    assert all("plain" in g.get("class").split() for gid, g in by_id.items() if gid.startswith("t-n"))
    assert texts(by_id["t-n-2-0"])["leafval"] == "14"


def test_chance_nodes_are_circles_with_probabilities():
    trace = tracer.expectiminimax(tracer.parse_tree('{"chance": [[0.25, [1, 9]], [0.75, [3, 4]]]}'))
    root = parse(final_svg(trace, prefix="f"))
    assert root.find(".//{http://www.w3.org/2000/svg}g[@id='f-n']/{http://www.w3.org/2000/svg}circle") is not None
    words = "".join(root.itertext())
    assert "1/4" in words and "3/4" in words


def test_order_numbers_follow_the_evaluations(aima_trace):
    root = parse(final_svg(aima_trace, order_numbers=True, prefix="f"))
    by_id = groups(root)
    assert texts(by_id["f-n-0-0"])["ord"] == "#1" and texts(by_id["f-n-2-2"])["ord"] == "#7"
    assert "ord" not in texts(by_id["f-n-1-1"])  # pruned: never evaluated


def test_paints_replay_to_every_frame(aima_trace):
    """Applying paints 0..k to the base SVG gives frame k's classes and texts (a stepper's view)."""
    figure = Figure(aima_trace, prefix="f")
    state: dict[str, dict[str, str]] = {}
    edges: dict[str, str] = {}
    steps = paints(figure)
    assert len(steps) == len(aima_trace) + 1
    base = groups(parse(base_svg(figure)))
    assert all(gid in base for gid in ("f-n", "f-n-1-2", "f-e-1-2"))
    for step, paint in enumerate(steps):
        state.update(paint["nodes"])
        edges.update(paint["edges"])
        frame = groups(parse(figure.frame(step)))
        for path, node in state.items():
            gid = "f-n" + "".join("-" + part for part in path.split(".") if path)
            assert frame[gid].get("class") == node["class"], (step, path)
            shown = texts(frame[gid])
            assert shown.get("val", "") == node["val"] and shown.get("win", "") == node["win"], (step, path)
        for path, cls in edges.items():
            assert frame["f-e-" + path.replace(".", "-")].get("class") == cls
    # the payload grows with nodes + steps
    assert sum(len(p["nodes"]) for p in steps) < 13 + 4 * len(aima_trace)


def test_stylesheet_rules_fold_like_the_inline_look():
    from tracer.render.style import RULES

    for rules in RULES.values():
        for kind in ("tn", "te"):
            counts = [len(need) for need, _, _ in rules if kind in need]
            assert counts == sorted(counts), "a rule needing fewer classes after one needing more breaks the CSS cascade"


def test_the_readme_picture_shows_aimas_figure_5_5():
    """The committed picture is well-formed and shows the textbook's facts: value 3, I and J pruned."""
    from pathlib import Path

    svg = (Path(__file__).resolve().parents[2] / "site" / "img" / "fig-5-2-final.svg").read_text(encoding="utf-8")
    by_id = groups(parse(svg))
    assert texts(by_id["fig52-n"])["val"] == "3"
    pruned = {gid for gid, g in by_id.items() if "pruned" in (g.get("class") or "").split() and gid.startswith("fig52-n")}
    assert pruned == {"fig52-n-1-1", "fig52-n-1-2"}


def test_iterative_deepening_starts_each_iteration_afresh():
    trace = tracer.alphabeta(tracer.make_game("tictactoe", "XO.X..O.."), depth=2, iterative=True)
    starts = [i for i, e in enumerate(trace, start=1) if e.kind == "iteration_start"]
    assert len(starts) == 2
    figure = Figure(trace, prefix="f")
    before, after = groups(parse(figure.frame(starts[1] - 1))), groups(parse(figure.frame(starts[1])))
    assert "done" in before["f-n"].get("class").split()
    statuses = {g.get("class").split()[2] for gid, g in after.items() if gid.startswith("f-n")}
    assert statuses == {"unvisited"}
    frames = frame_svgs(figure)
    assert len({tuple(sorted(node_boxes(svg).items())) for svg in frames}) == 1


def test_transposition_table_hits_show_their_value():
    # Nim 2,2 with a table, worked by hand: heaps (0, 1) with MIN to move come back at path
    # 0.1.0 (MIN takes the last object: -1 for MAX, drawn with a true minus sign), and heaps
    # (0, 0) with MIN to move at path 0.2.0 (MAX took the last object: +1).
    trace = tracer.alphabeta(tracer.make_game("nim", "2,2"), transposition_table=True)
    hits = [(i, e) for i, e in enumerate(trace, start=1) if e.kind == "tt_hit"]
    expected = {(0, 1, 0): "−1", (0, 2, 0): "1"}
    for step, event in hits:
        if event.node in expected:
            node = "f-n" + "".join(f"-{i}" for i in event.node)
            shown = texts(groups(parse(Figure(trace, prefix="f").frame(step)))[node])
            assert shown["val"] == expected.pop(event.node)
    assert not expected


@pytest.mark.parametrize("steps", [None, "every 7th"])
def test_frames_joined_from_cached_groups_match_frames_drawn_afresh(aima_trace, steps):
    """The frame writer redraws only the groups a step changed (across skipped steps too);
    each frame must equal the same step drawn from scratch from its pictures' groups."""
    from tracer.render.document import svg_document

    iterative = tracer.alphabeta(tracer.make_game("tictactoe", "XO.X..O.."), depth=2, iterative=True, transposition_table=True)
    for trace in (aima_trace, iterative):
        figure = Figure(trace, prefix="f", order_numbers=True)
        chosen = None if steps is None else sorted(set(range(0, len(trace) + 1, 7)) | {len(trace)})
        frames = list(figure.frames(chosen))
        pictures = list(Figure(trace, prefix="f", order_numbers=True).pictures(chosen))
        assert [step for step, _ in frames] == [step for step, _, _ in pictures] == (chosen or list(range(len(trace) + 1)))
        captions = figure.captions()
        for (step, svg), (_, height, drawn) in zip(frames, pictures):
            assert svg == svg_document(figure.width, height, drawn, title=captions[step], theme="light", prefix="f"), step


def test_chosen_paints_carry_every_change_since_the_last_chosen_step(aima_trace):
    figure = Figure(aima_trace, prefix="f")
    every = figure.paints()
    chosen = [0, 5, 6, 24, len(aima_trace)]
    some = figure.paints(chosen)
    assert [paint["step"] for paint in some] == chosen
    full: dict[str, dict[str, str]] = {}
    sparse: dict[str, dict[str, str]] = {}
    for paint in every:
        full.update(paint["nodes"])
        if paint["step"] in chosen:
            sparse.update(some[chosen.index(paint["step"])]["nodes"])
            assert sparse == full, paint["step"]


def test_a_bare_tree_has_no_steps(nasty_tree):
    figure = Figure(nasty_tree)
    for draw in (figure.frames, figure.pictures, figure.base, figure.paints):
        with pytest.raises(ValueError, match="no steps"):
            draw()
    assert "<svg" in figure.plain()
