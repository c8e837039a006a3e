"""Site benchmark: 100 pages with one stepper each, against the same pages with a static SVG.

Target (issue "Fast where users wait"): the stepper site builds in at most 1.5x the time
of the static one, in the same run (the tutorial-site issue allowed 2x). Both are timed as
wall time, what users wait for, and as CPU time (this process's and its children's, the
plugin's renders in forked workers), which other programs on a shared machine disturb
less: the ratio of CPU times is printed beside, for a busy machine. Also reported: bytes per stepper (the HTML a fence adds to
its page) and the rebuild time after one page changes (the other 99 trees come from the
render cache).

Both sites use the Material theme and live in a RAM-backed folder when there is one
(/dev/shm), since thousands of small files make builds I/O-bound (shared/perf-notes.md).
Run with `make bench` or `python bench/site.py [--pages 100] [--repeat 3]`.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

MKDOCS_YML = """
site_name: bench
docs_dir: docs
site_dir: out
theme:
  name: material
  font: false
plugins:
  - search
{plugin}
markdown_extensions:
  - pymdownx.superfences
"""


def random_tree(rng: random.Random) -> str:
    """A 3x3x3 exercise-sized tree: 40 nodes, about 100 steps of alpha-beta."""
    return repr([[[rng.randint(-9, 9) for _ in range(3)] for _ in range(3)] for _ in range(3)])


def page_text(index: int, body: str) -> str:
    return (
        f"# Tree {index}\n\nAlpha-beta on a three-ply tree. The figure shows the search; step through it.\n\n"
        f"{body}\n\nA paragraph after the figure, as a tutorial page has.\n"
    )


def make_sites(root: Path, pages: int) -> tuple[Path, Path, list[str]]:
    import tracer
    from tracer.render.figure import final_svg

    rng = random.Random(2026)
    trees = [random_tree(rng) for _ in range(pages)]
    stepper, static = root / "stepper", root / "static"
    for site, plugin in ((stepper, "  - tracer"), (static, "")):
        (site / "docs" / "figs").mkdir(parents=True)
        (site / "mkdocs.yml").write_text(MKDOCS_YML.format(plugin=plugin))
    for index, tree in enumerate(trees, start=1):
        (stepper / "docs" / f"tree-{index}.md").write_text(page_text(index, f"```gametree\n{tree}\n```"))
        svg = final_svg(tracer.alphabeta(tree))
        (static / "docs" / "figs" / f"tree-{index}.svg").write_text(svg)
        (static / "docs" / f"tree-{index}.md").write_text(page_text(index, f"![The search](figs/tree-{index}.svg)"))
    for site in (stepper, static):
        (site / "docs" / "index.md").write_text("# Bench\n\n" + "\n".join(f"- [Tree {i}](tree-{i}.md)" for i in range(1, pages + 1)))
    return stepper, static, trees


TARGET = 1.5
"""Most the stepper site may take, as a multiple of the static site's time."""
WORKERS_CPU: list[float] = []
"""The CPU time of each build's worker processes (the plugin draws trees in them)."""


def cpu_seconds(who: int | None = None) -> float:
    """CPU time (user and system) of this process and its children that have ended, or of ``who``
    alone (``resource.RUSAGE_SELF`` or ``RUSAGE_CHILDREN``: the plugin's workers)."""
    if who is None:
        return cpu_seconds(resource.RUSAGE_SELF) + cpu_seconds(resource.RUSAGE_CHILDREN)
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def build(site: Path, clean_cache: bool) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one build of ``site``."""
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.config import load_config

    if clean_cache:
        shutil.rmtree(site / ".cache", ignore_errors=True)
    config = load_config(str(site / "mkdocs.yml"))
    start, cpu, workers = time.perf_counter(), cpu_seconds(), cpu_seconds(resource.RUSAGE_CHILDREN)
    mkdocs_build(config)
    WORKERS_CPU.append(cpu_seconds(resource.RUSAGE_CHILDREN) - workers)
    return time.perf_counter() - start, cpu_seconds() - cpu


def best(runs: list[tuple[float, float]]) -> tuple[float, float]:
    """The least wall time and the least CPU time of ``runs``."""
    return min(wall for wall, _ in runs), min(cpu for _, cpu in runs)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    import logging

    logging.getLogger("mkdocs").setLevel(logging.WARNING)
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    base = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None
    with tempfile.TemporaryDirectory(dir=base) as folder:
        stepper, static, _ = make_sites(Path(folder), args.pages)
        print(f"{args.pages} pages, Material theme, in {'RAM (/dev/shm)' if base else 'a temporary folder'}; best of {args.repeat}")
        static_time, static_cpu = best([build(static, False) for _ in range(args.repeat)])
        cold_time, cold_cpu = best([build(stepper, True) for _ in range(args.repeat)])
        cold_workers = min(WORKERS_CPU[-args.repeat:])
        warm_time, warm_cpu = best([build(stepper, False) for _ in range(args.repeat)])
        ratio, cpu_ratio = cold_time / static_time, cold_cpu / static_cpu
        print(f"{'':40} {'wall':>9}   {'CPU':>9}")
        print(f"{'static SVG site (the peer)':40} {static_time:7.2f} s   {static_cpu:7.2f} s")
        print(f"{'stepper site, empty render cache':40} {cold_time:7.2f} s   {cold_cpu:7.2f} s   "
              f"ratio {ratio:.2f} (CPU {cpu_ratio:.2f}), target <= {TARGET} {'PASS' if ratio <= TARGET else 'FAIL'}")
        print(f"{'  of which the workers drawing the trees':40} {'':9}   {cold_workers:7.2f} s   "
              f"(on two idle cores the build takes at least {max(cold_cpu - cold_workers, cold_cpu / 2):.2f} s)")
        print(f"{'stepper site, warm cache (no change)':40} {warm_time:7.2f} s   {warm_cpu:7.2f} s")
        page = stepper / "docs" / "tree-50.md"
        page.write_text(page.read_text().replace("Alpha-beta on", "Alpha-beta, once more, on"))
        rebuilt, rebuilt_cpu = build(stepper, False)
        print(f"{'stepper site after one page changed':40} {rebuilt:7.2f} s   {rebuilt_cpu:7.2f} s")
        html = (stepper / "out" / "tree-7" / "index.html").read_text()
        start = html.index('<div class="tracer-stepper')
        stepper_bytes = html.index("</script></div>", start) + len("</script></div>") - start
        static_svg = (static / "docs" / "figs" / "tree-7.svg").stat().st_size
        print(f"{'bytes per stepper (HTML, SVG and data)':40} {stepper_bytes:7,d}   (the static figure: {static_svg:,d} bytes)")
    return 0 if ratio <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
