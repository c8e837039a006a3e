"""Whole commands, timed as users run them, beside their peer in the same run.

Each command runs as its own process (started through a small wrapper that reports the
wall time and the peak memory of that process alone, from ``resource.getrusage`` of its
child), so start-up, imports, reading and writing all count. The peer is aima3 (the
``aima-python`` games) running ``minimax_decision`` or ``alphabeta_search`` on the whole
tic-tac-toe game, also as a whole process. Targets (issue "Fast where users wait"):

=====================================================  ======================================
command                                                target
=====================================================  ======================================
tracer key --game tictactoe --algorithm minimax        <= 0.5x aima3 minimax; <= 100 MB
tracer trace --game tictactoe --algorithm minimax      <= 1.0x aima3 minimax; <= 150 MB
tracer key t.json (that trace)                         <= 1.5x aima3 minimax; <= 200 MB
tracer render t.json --html --steps every:382          <= 20 s; <= 300 MB
a chain 10,000 levels deep: trace size, tracer key     <= 5 MB; <= 2 s
tracer key of 111,111 and 1,111,111 nodes, text        <= the JSON key's time; 10x nodes <= 13x time
tracer check HW SUBMISSIONS (1,000 students' files)    <= 1 ms per submission
=====================================================  ======================================

The site rows (steppers against static figures) are in ``bench/site.py``.

Run with ``make bench-commands`` (installs aima3) or ``python bench/commands.py``. Times
are the best of ``--repeat`` runs; memory the largest. Exit status 1 when a row fails.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

TRACER = [sys.executable, "-m", "tracer"]
MB = 1024 * 1024

# Runs argv as a child and prints {"seconds": ..., "peak_mb": ...} for that child alone.
_WRAPPER = r"""
import json, resource, subprocess, sys, time
start = time.perf_counter()
done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
seconds = time.perf_counter() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
peak = usage.ru_maxrss / 1024
print(json.dumps({"seconds": seconds, "cpu": usage.ru_utime + usage.ru_stime, "peak_mb": peak, "code": done.returncode, "stderr": done.stderr.decode()[-500:]}))
"""

_AIMA_MINIMAX = "from aima3.games import TicTacToe, minimax_decision; g = TicTacToe(); print(minimax_decision(g.initial, g))"
_AIMA_ALPHABETA = "from aima3.games import TicTacToe, alphabeta_search; g = TicTacToe(); print(alphabeta_search(g.initial, g))"


def measure(argv: list[str], repeat: int, cwd: Path, *, cpu: bool = False) -> tuple[float, float]:
    """(best seconds, largest peak MB) of ``repeat`` runs of ``argv``; exits when it fails.
    Seconds of the clock, or with ``cpu`` of the processor (user and system: steadier on a busy machine)."""
    times, peaks = [], []
    for _ in range(repeat):
        out = subprocess.run([sys.executable, "-c", _WRAPPER, *argv], capture_output=True, text=True, cwd=cwd, check=True)
        result = json.loads(out.stdout)
        if result["code"] != 0:
            sys.exit(f"{' '.join(argv)} failed ({result['code']}): {result['stderr']}")
        times.append(result["cpu"] if cpu else result["seconds"])
        peaks.append(result["peak_mb"])
    return min(times), max(peaks)


def row(name: str, seconds: float, peak: float, target: str, ok: bool) -> bool:
    print(f"{name:58} {seconds:8.2f} s {peak:8.0f} MB   {target:36} {'PASS' if ok else 'FAIL'}")
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    try:
        import aima3.games  # noqa: F401
    except ImportError:
        print("aima3 is not installed: pip install -e '.[bench]' (make bench-commands does it)", file=sys.stderr)
        return 2
    work = Path(tempfile.mkdtemp(prefix="tracer-bench-", dir="/dev/shm" if os.path.isdir("/dev/shm") else None))
    try:
        return _run(work, args.repeat)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _run(work: Path, repeat: int) -> int:
    print(f"whole commands, best of {repeat}, Python {sys.version.split()[0]}, {os.cpu_count()} cores")
    print(f"{'command':58} {'time':>10} {'peak':>11}   {'target':36} result")
    peer, peer_mb = measure([sys.executable, "-c", _AIMA_MINIMAX], repeat, work)
    print(f"{'aima3 minimax_decision, whole tic-tac-toe (the peer)':58} {peer:8.2f} s {peer_mb:8.0f} MB")
    peer_ab, peer_ab_mb = measure([sys.executable, "-c", _AIMA_ALPHABETA], repeat, work)
    print(f"{'aima3 alphabeta_search, whole tic-tac-toe':58} {peer_ab:8.2f} s {peer_ab_mb:8.0f} MB")
    ok = True

    seconds, peak = measure([*TRACER, "key", "--game", "tictactoe", "--algorithm", "minimax"], repeat, work)
    ok &= row("tracer key --game tictactoe --algorithm minimax", seconds, peak,
              f"<= 0.5x peer ({seconds / peer:.2f}x); <= 100 MB", seconds <= 0.5 * peer and peak <= 100)
    seconds, peak = measure([*TRACER, "key", "--game", "tictactoe"], repeat, work)
    row("tracer key --game tictactoe (alpha-beta)", seconds, peak, f"({seconds / peer_ab:.2f}x aima3 alphabeta)", True)

    seconds, peak = measure([*TRACER, "trace", "--game", "tictactoe", "--algorithm", "minimax", "-o", "t.json"], repeat, work)
    size = (work / "t.json").stat().st_size / MB
    ok &= row(f"tracer trace ... --algorithm minimax -o t.json ({size:.0f} MB)", seconds, peak,
              f"<= 1.0x peer ({seconds / peer:.2f}x); <= 150 MB", seconds <= peer and peak <= 150)

    seconds, peak = measure([*TRACER, "key", "t.json"], repeat, work)
    ok &= row("tracer key t.json", seconds, peak, f"<= 1.5x peer ({seconds / peer:.2f}x); <= 200 MB",
              seconds <= 1.5 * peer and peak <= 200)

    seconds, peak = measure([*TRACER, "render", "t.json", "--html", "--steps", "every:382", "--max-depth", "2", "-o", "figs"], 1, work)
    ok &= row("tracer render t.json --html --steps every:382 --max-depth 2", seconds, peak, "<= 20 s; <= 300 MB",
              seconds <= 20 and peak <= 300)

    (work / "chain.json").write_text("[" * 10_000 + "1" + "]" * 10_000)
    measure([*TRACER, "trace", "chain.json", "-o", "chain-trace.json"], 1, work)
    size = (work / "chain-trace.json").stat().st_size / MB
    seconds, peak = measure([*TRACER, "key", "chain.json"], repeat, work)
    ok &= row(f"chain 10,000 levels: trace {size:.1f} MB; tracer key chain.json", seconds, peak, "trace <= 5 MB; key <= 2 s",
              size <= 5 and seconds <= 2)
    seconds, peak = measure([*TRACER, "key", "chain.json", "--format", "json"], repeat, work)
    row("  the same key as JSON (deep paths by reference)", seconds, peak, "(no target)", True)

    ok &= _wide_keys(work, repeat)

    count = _class_of(work, 1000)
    seconds, peak = measure([*TRACER, "check", "hw", "submissions", "-o", "report.txt"], repeat, work)
    per = seconds / count * 1000
    ok &= row(f"tracer check hw submissions ({count:,} files): {per:.2f} ms each", seconds, peak, "<= 1 ms per submission", per <= 1)
    return 0 if ok else 1


def _balanced(width: int, depth: int) -> str:
    """A tree ``width`` wide and ``depth`` deep in bracket form, its leaves from a fixed sequence."""
    leaves = iter(((index * 7919) % 199) - 99 for index in range(width**depth))

    def node(level: int) -> str:
        if level == depth:
            return str(next(leaves))
        return "[" + ", ".join(node(level + 1) for _ in range(width)) + "]"

    return node(0)


def _wide_keys(work: Path, repeat: int) -> bool:
    """The key as people read it (text) beside the JSON key, on trees of 111,111 and 1,111,111 nodes:
    the text key took 115 s on the first (issue 15) and never finished on the second."""
    ok = True
    texts = []
    for depth in (5, 6):
        nodes = (10 ** (depth + 1) - 1) // 9
        (work / f"wide-{depth}.json").write_text(_balanced(10, depth))
        runs = repeat if depth == 5 else 1
        text_s, text_mb = measure([*TRACER, "key", f"wide-{depth}.json"], runs, work, cpu=True)
        json_s, json_mb = measure([*TRACER, "key", f"wide-{depth}.json", "--format", "json"], runs, work, cpu=True)
        texts.append(text_s)
        ok &= row(f"tracer key, {nodes:,} nodes (10 wide, {depth} deep), text (CPU)", text_s, text_mb,
                  f"<= the JSON key ({json_s:.1f} s)", text_s <= json_s)
        row("  the same key as JSON (CPU)", json_s, json_mb, "(no target)", True)
    ratio = texts[1] / texts[0]
    ok &= row(f"  10x the nodes: {ratio:.1f}x the text key's CPU time", texts[1], 0, "<= 13x (linear)", ratio <= 13)
    return ok


def _class_of(work: Path, count: int) -> int:
    """A homework of ``count`` students' versions and an answer file each (a third right, the rest partly wrong)."""
    import yaml

    from tracer.exercises.generate import ExerciseSpec, make_exercise
    from tracer.exercises.handout import write_exercises
    from tracer.exercises.roster import Student
    from tracer.trace.hand_in import key_answers
    from tracer.trace.key import AnswerKey

    spec = ExerciseSpec(min_cutoffs=2, questions=("minimax", "values", "not_examined", "move", "window", "order"))
    exercises = [make_exercise(spec, "bench", 1, Student(f"s{i:04d}", f"Student {i}")) for i in range(count)]
    write_exercises(exercises, work / "hw", seed="bench", spec=spec, force=True)
    submissions = work / "submissions"
    submissions.mkdir()
    for i, exercise in enumerate(exercises):
        answers = key_answers(AnswerKey.from_json(json.loads((work / "hw" / "keys" / exercise.id / "key.json").read_text())))
        if i % 3:
            first = next(iter(answers["values"]))
            answers["values"][first] = "<= 99"
            answers["minimax"][first] = 99
            answers["not_examined"] = answers["not_examined"][:-1]
        (submissions / f"{exercise.id}.yaml").write_text(yaml.safe_dump(answers, allow_unicode=True))
    return count


if __name__ == "__main__":
    sys.exit(main())
