"""Benchmark: frames from one layout against one `dot -Tsvg` process per frame.

Run: ``python bench/render.py`` (or ``make bench-render``). In one run, on a 3x3x3
alpha-beta exercise tree (every step a frame) and on a 2^8-leaf tree, it times

* tracer: one layout, then every frame written from it (what ``tracer render`` does);
* the peer: one ``dot -Tsvg`` process per frame, each laying out that frame's DOT
  (node labels carrying the values and windows of the step, as a naive renderer would);

and prints ms per frame, bytes per frame, the speed-up, and how many frames moved
some node (ours must be 0: every node's shape is compared across all frames). The peer
runs on an evenly spaced sample of frames (``--peer-frames``), enough for its per-frame
time; its node movement is counted on the same sample. Last, it times the final figure
of a full tic-tac-toe alpha-beta search at depth 2.
"""

from __future__ import annotations

import argparse
import itertools
import random
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import tracer
from tracer.render import Figure
from tracer.words import number

SHAPES = {"max": "triangle", "min": "invtriangle", "chance": "circle", "leaf": "box"}


def uniform_tree(branching: int, depth: int, seed: int) -> str:
    rng = random.Random(seed)

    def build(level: int) -> str:
        if level == depth:
            return str(rng.randint(0, 20))
        return "[" + ", ".join(build(level + 1) for _ in range(branching)) + "]"

    return build(0)


def peer_dot(figure: Figure, visuals: dict, edges: dict) -> str:
    """The frame as one self-contained DOT graph, laid out afresh (labels change per step)."""
    lines = ["digraph frame {", '  node [fontname="Helvetica"];']
    names = {node.path: f"n{index}" for index, node in enumerate(figure.plan.nodes)}
    for node in figure.plan.nodes:
        classes, (val, win, _alt, _order) = visuals[node.path]
        status = classes[2]
        text = node.label if node.type != "leaf" else f"{node.label}\\n{number(node.value)}"
        for extra in (val, win):
            if extra:
                text += "\\n" + extra
        style = {"unvisited": 'color="gray"', "active": 'color="blue", penwidth=3', "done": 'style=filled, fillcolor="lightblue"',
                 "pruned": 'style=dashed, color="gray"'}.get(status, "")
        if "current" in classes:
            style += ', peripheries=2, color="orange"'
        lines.append(f'  {names[node.path]} [shape={SHAPES[node.type]}, label="{text}", {style}];')
    for node in figure.plan.nodes:
        if node.path:
            edge = edges[node.path]
            style = "style=dashed" if "pruned" in edge else ""
            lines.append(f"  {names[node.path[:-1]]} -> {names[node.path]} [{style}];")
    lines.append("}")
    return "\n".join(lines) + "\n"


_POLY = re.compile(r'<title>(n\d+)</title>\s*<(?:polygon|ellipse)[^>]*?(?:points="([^"]+)"|cx="([^"]+)" cy="([^"]+)")')


def peer_positions(svg: str) -> dict[str, tuple[float, float]]:
    out = {}
    for name, points, cx, cy in _POLY.findall(svg):
        if points:
            coords = [tuple(map(float, p.split(","))) for p in points.split()]
            out[name] = (round(sum(c[0] for c in coords) / len(coords), 1), round(sum(c[1] for c in coords) / len(coords), 1))
        else:
            out[name] = (float(cx), float(cy))
    return out


def our_positions(svg: str) -> dict[str, tuple[str, ...]]:
    """Every node's shape coordinates, as written (any difference is a move)."""
    found = re.findall(r'<g id="[^"]+-(n(?:-\d+)*)" class="tn[^"]*">(?:<polygon class="halo"[^>]*/>|<rect class="halo"[^>]*/>|<circle class="halo"[^>]*/>)?<(polygon|rect|circle) class="shape" ([^/]*?)(?: fill=)', svg)
    return {gid: (kind, attrs) for gid, kind, attrs in found}


def bench_tree(name: str, source: str, peer_frames: int) -> None:
    trace = tracer.alphabeta(source)
    steps = len(trace) + 1
    start = time.perf_counter()
    figure = Figure(trace, collapse=False)
    layout_s = time.perf_counter() - start
    start = time.perf_counter()
    frames = [svg for _, svg in figure.frames()]
    frames_s = time.perf_counter() - start
    total_s = layout_s + frames_s
    sizes = [len(svg.encode("utf-8")) for svg in frames]
    first = our_positions(frames[0])
    assert len(first) == len(figure.plan.nodes), (len(first), len(figure.plan.nodes))
    moved = sum(1 for svg in frames if our_positions(svg) != first)
    canvases = {re.search(r'viewBox="([^"]+)"', svg).group(1) for svg in frames}

    # the peer: one dot -Tsvg per frame, on an evenly spaced sample
    sample = sorted({round(i * (steps - 1) / max(1, peer_frames - 1)) for i in range(peer_frames)})
    wanted = set(sample)
    sources = []
    for step, _changed, visuals, edges in figure.step_visuals.states():
        if step in wanted:
            sources.append(peer_dot(figure, visuals, edges))
    peer_times, peer_svgs = [], []
    for dot_source in sources:
        t0 = time.perf_counter()
        done = subprocess.run(["dot", "-Tsvg"], input=dot_source.encode(), capture_output=True, check=True)
        peer_times.append(time.perf_counter() - t0)
        peer_svgs.append(done.stdout.decode())
    peer_ms = statistics.mean(peer_times) * 1000
    positions = [peer_positions(svg) for svg in peer_svgs]
    peer_moved = sum(1 for a, b in itertools.pairwise(positions) if a != b)
    peer_bytes = statistics.mean(len(svg.encode()) for svg in peer_svgs)
    ours_ms = total_s / steps * 1000
    print(f"{name}: {len(figure.plan.nodes)} nodes, {steps} steps (frames)")
    print(f"  tracer: layout {layout_s * 1000:.1f} ms + frames {frames_s * 1000:.1f} ms = {ours_ms:.3f} ms/frame "
          f"({frames_s / steps * 1e6:.0f} us/frame without the layout); {statistics.mean(sizes) / 1024:.1f} KiB/frame; "
          f"frames with a moved node: {moved}; canvases: {len(canvases)}")
    print(f"  peer (dot -Tsvg per frame, {len(sample)} frames): {peer_ms:.1f} ms/frame; {peer_bytes / 1024:.1f} KiB/frame; "
          f"consecutive sampled frames with moved nodes: {peer_moved} of {len(sample) - 1}")
    speedup = peer_ms / ours_ms
    verdict = "ok" if speedup >= 50 and moved == 0 and len(canvases) == 1 else "FAILS the >= 50x / zero-movement target"
    print(f"  speed-up: {speedup:.0f}x per frame (target >= 50x): {verdict}")
    if verdict != "ok":
        raise SystemExit(1)


def bench_tictactoe() -> None:
    start = time.perf_counter()
    trace = tracer.alphabeta(tracer.make_game("tictactoe"), depth=2)
    search_s = time.perf_counter() - start
    start = time.perf_counter()
    figure = Figure(trace)
    svg = figure.final()
    final_s = time.perf_counter() - start
    print(f"tic-tac-toe, alpha-beta from the empty board, depth 2: {len(trace.tree)} nodes, {len(trace)} events; "
          f"search {search_s * 1000:.0f} ms; final figure {final_s * 1000:.0f} ms ({len(svg.encode()) / 1024:.0f} KiB SVG)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--peer-frames", type=int, default=40, help="frames the peer renders per tree (default 40)")
    args = parser.parse_args()
    bench_tree("3x3x3 exercise tree", uniform_tree(3, 3, seed=7), args.peer_frames)
    bench_tree("2^8-leaf tree", uniform_tree(2, 8, seed=8), args.peer_frames)
    bench_tictactoe()


if __name__ == "__main__":
    main()
