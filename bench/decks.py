"""Benchmark: slide decks and animations of AIMA's Figure 5.2, as a lecturer types the commands.

Run: ``python bench/decks.py`` (or ``make bench-decks``). Each command runs as a whole
(``tracer`` started afresh: Python, the search, the figures, Graphviz, the file written),
``--runs`` times; the script prints the median and the fastest wall time and the peak memory
(the largest resident set of the command's processes: tracer's Python, Graphviz, ffmpeg).

* the deck: ``tracer render fig-5-2.json --steps key --slide 16:9 --pptx deck.pptx``
  (the target: under 2 s), with its pictures' pixel sizes;
* its peer in the same run: the same steps as a folder of PNG files (``-o figs --format png``),
  what a lecturer pasted into a deck by hand before;
* the reveal.js deck, the GIF and (where ffmpeg is installed) the MP4 of the same steps.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

AIMA = "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"
TARGET_SECONDS = 2.0

# Runs one command and says how long it took and the peak resident memory of its processes
# (ru_maxrss of the children waited for: the command, and what it waited for in turn).
_MEASURE = """
import json, resource, subprocess, sys, time
start = time.perf_counter()
done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
seconds = time.perf_counter() - start
if done.returncode:
    sys.exit(done.stderr.decode(errors="replace"))
print(json.dumps({"seconds": seconds, "peak_kib": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}))
"""


def tracer_command() -> str:
    found = Path(sys.executable).with_name("tracer")
    return str(found) if found.exists() else (shutil.which("tracer") or "tracer")


def measure(args: list[str], runs: int, cwd: Path) -> tuple[float, float, float]:
    """(median seconds, fastest seconds, peak MiB) of ``runs`` runs of ``args``."""
    times, peaks = [], []
    for _ in range(runs):
        done = subprocess.run([sys.executable, "-c", _MEASURE, *args], cwd=cwd, capture_output=True, text=True, check=False)
        if done.returncode:
            raise SystemExit(f"{' '.join(args)} failed:\n{done.stderr}")
        result = json.loads(done.stdout)
        times.append(result["seconds"])
        peaks.append(result["peak_kib"] / 1024)
    return statistics.median(times), min(times), max(peaks)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs of each command (default 5)")
    args = parser.parse_args()
    tracer = tracer_command()
    with tempfile.TemporaryDirectory(prefix="tracer-bench-decks-") as folder:
        work = Path(folder)
        (work / "fig-5-2.json").write_text(AIMA + "\n")
        common = ["render", "fig-5-2.json", "--steps", "key", "--slide", "16:9"]
        commands = [
            ("PowerPoint deck", [*common, "--pptx", "deck.pptx"]),
            ("peer: a folder of PNG", [*common, "-o", "figs", "--format", "png"]),
            ("reveal.js deck", [*common, "--revealjs", "deck"]),
            ("GIF animation", [*common, "-o", "gif", "--format", "gif"]),
        ]
        if shutil.which("ffmpeg"):
            commands.append(("MP4 animation", [*common, "-o", "mp4", "--format", "mp4"]))
        else:
            print("(no ffmpeg: the MP4 animation is left out)")
        results = {}
        for name, command in commands:
            median, fastest, peak = measure([tracer, *command], args.runs, work)
            results[name] = median
            print(f"{name:24} median {median:.2f} s, fastest {fastest:.2f} s, peak memory {peak:.0f} MiB   tracer {' '.join(command)}")
        deck = work / "deck.pptx"
        try:
            from pptx import Presentation
            from pptx.enum.shapes import MSO_SHAPE_TYPE
            from pptx.util import Emu

            slides = Presentation(str(deck)).slides
            sizes = [shape.image.size for slide in slides for shape in slide.shapes if shape.shape_type == MSO_SHAPE_TYPE.PICTURE]
            widths = [Emu(shape.width).inches for slide in slides for shape in slide.shapes if shape.shape_type == MSO_SHAPE_TYPE.PICTURE]
            per_inch = min(size[0] / width for size, width in zip(sizes, widths))
            print(f"deck: {len(slides)} slides, {deck.stat().st_size / 1024:.0f} KiB; pictures {sorted(set(sizes))} pixels, "
                  f"at least {per_inch:.0f} pixels per slide inch (a full-width picture: {per_inch * 40 / 3:.0f} pixels; 1080p needs 1920)")
        except ImportError:
            print(f"deck: {deck.stat().st_size / 1024:.0f} KiB (python-pptx is not installed here to read it back)")
    deck_seconds = results["PowerPoint deck"]
    verdict = "ok" if deck_seconds < TARGET_SECONDS else f"FAILS the {TARGET_SECONDS:g} s target"
    print(f"the deck takes {deck_seconds / results['peer: a folder of PNG']:.2f}x the time of its peer; "
          f"under {TARGET_SECONDS:g} s: {verdict}")
    if deck_seconds >= TARGET_SECONDS:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
