"""Engine benchmark: tracer against aima3 (aima-python's games) on tic-tac-toe, in one run.

Targets (issue "The engine"):
  * tracer's full minimax WITH every event recorded takes no longer than aima3's
    untraced minimax_decision (ratio <= 1.0);
  * tracer's untraced alpha-beta is at least 3x faster than aima3's alphabeta_search.
Also reported: memory per recorded event and the trace's size on disk.

Run with `make bench` (installs aima3) or `python bench/engine.py`. Times are the best of
--repeat runs (this machine is shared and noisy: trust the ratios more than the seconds).
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

import tracer
from tracer.game.games import TicTacToe
from tracer.search import SearchSettings, run_search


def best_time(work: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    best, result = float("inf"), None
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        result = work()
        best = min(best, time.perf_counter() - start)
    return best, result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    try:
        from aima3.games import TicTacToe as AimaTicTacToe
        from aima3.games import alphabeta_search, minimax_decision
    except ImportError:
        print("aima3 is not installed: pip install -e '.[bench]' (make bench does it)", file=sys.stderr)
        return 2

    aima_game = AimaTicTacToe()
    game = TicTacToe()
    print(f"tic-tac-toe from the empty board, best of {args.repeat} runs, Python {sys.version.split()[0]}")
    print()

    aima_minimax, aima_move = best_time(lambda: minimax_decision(aima_game.initial, aima_game), args.repeat)
    traced, run = best_time(lambda: run_search(game, SearchSettings(algorithm="minimax"), record=True), args.repeat)
    events = len(run.events)
    print(f"{'aima3 minimax_decision (untraced)':44} {aima_minimax:8.3f} s   move {aima_move}")
    print(f"{'tracer minimax, every event recorded':44} {traced:8.3f} s   {run.stats['visited']:,} nodes, {events:,} events, value {run.value}")
    minimax_ratio = traced / aima_minimax
    print(f"{'  ratio tracer/aima3 (target <= 1.0)':44} {minimax_ratio:8.2f}    {'PASS' if minimax_ratio <= 1.0 else 'FAIL'}")
    print()

    aima_ab, aima_ab_move = best_time(lambda: alphabeta_search(aima_game.initial, aima_game), args.repeat * 3)
    fast, ab_run = best_time(lambda: run_search(game, SearchSettings(algorithm="alphabeta"), record=False), args.repeat * 3)
    traced_ab, traced_ab_run = best_time(lambda: run_search(game, SearchSettings(algorithm="alphabeta"), record=True), args.repeat * 3)
    print(f"{'aima3 alphabeta_search':44} {aima_ab * 1000:8.1f} ms  move {aima_ab_move}")
    print(f"{'tracer alpha-beta, untraced':44} {fast * 1000:8.1f} ms  {ab_run.stats['visited']:,} nodes, value {ab_run.value}")
    print(f"{'tracer alpha-beta, traced':44} {traced_ab * 1000:8.1f} ms  {len(traced_ab_run.events):,} events")
    speedup = aima_ab / fast
    print(f"{'  speed-up aima3/tracer untraced (target >= 3)':44} {speedup:8.2f}x   {'PASS' if speedup >= 3 else 'FAIL'}")
    print()

    del run
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    measured = run_search(game, SearchSettings(algorithm="minimax"), record=True)
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    per_event = (after - before) / len(measured.events)
    print(f"{'memory of the recorded trace':44} {(after - before) / 1e6:8.1f} MB  {per_event:.0f} bytes per event (paths included)")

    trace = tracer.Trace(game, SearchSettings(algorithm="minimax"), measured)
    with tempfile.TemporaryDirectory() as folder:
        target = os.path.join(folder, "ttt-minimax.json")
        start = time.perf_counter()
        tracer.save_trace(trace, target)
        written = time.perf_counter() - start
        size = os.path.getsize(target)
        start = time.perf_counter()
        tracer.load_trace(target)
        loaded = time.perf_counter() - start
    print(f"{'trace file on disk':44} {size / 1e6:8.1f} MB  {size / len(measured.events):.0f} bytes per event (with {len(trace.tree):,} node rows)")
    print(f"{'  written in / read back in':44} {written:8.2f} s / {loaded:.2f} s")
    return 0 if minimax_ratio <= 1.0 and speedup >= 3 else 1


if __name__ == "__main__":
    sys.exit(main())
