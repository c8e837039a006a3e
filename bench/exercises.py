"""Benchmark: making 1,000 student versions and checking 1,000 submissions.

    python bench/exercises.py [--students 1000] [--keep DIR]

Generation makes each student's tree (under the constraints below), its key, its
figures, its sheet and key in Markdown and HTML, and the answer template, and writes
them all (through atomic writes) into a temporary folder. Checking reads 1,000 answer
files (a third fully right, the others partly wrong, so feedback is written) and
scores them against the folder of keys, as `tracer check DIR SUBMISSIONS` does.
Checking must stay under 20 ms per submission; the script exits with status 1 if not.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

import yaml

from tracer.exercises.generate import ExerciseSpec, make_exercise
from tracer.exercises.handout import write_exercises
from tracer.exercises.roster import Student
from tracer.grading.check import Points, check_paths
from tracer.grading.homework import KeySource
from tracer.trace.hand_in import key_answers
from tracer.trace.key import AnswerKey

LIMIT_MS = 20.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=1000)
    parser.add_argument("--keep", metavar="DIR", help="write here and keep the files (default: a temporary folder)")
    args = parser.parse_args()
    n = args.students
    base = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="tracer-bench-", dir="/dev/shm" if os.path.isdir("/dev/shm") else None))
    out, submissions = base / "hw", base / "submissions"
    spec = ExerciseSpec(min_cutoffs=2, questions=("minimax", "values", "not_examined", "move", "window", "order"))
    students = [Student(f"s{i:04d}", f"Student {i}") for i in range(n)]
    print(f"tracer exercises benchmark: {n} students, output in {base}")
    print(f"constraints: branching {spec.branching}, depth {spec.depth}, at least {spec.min_cutoffs} cutoffs, 6 questions")

    started = time.perf_counter()
    exercises = [make_exercise(spec, "bench", 1, student) for student in students]
    made = time.perf_counter()
    write_exercises(exercises, out, seed="bench", spec=spec, force=True)
    written = time.perf_counter()
    files = sum(1 for _ in out.rglob("*") if _.is_file())
    attempts = sum(e.attempts for e in exercises) / n
    print(
        f"generate {n} student versions: {written - started:.2f} s "
        f"({(written - started) / n * 1000:.1f} ms each: trees and keys {(made - started) / n * 1000:.1f} ms "
        f"[{attempts:.1f} trees drawn per exercise], sheets, keys and figures {(written - made) / n * 1000:.1f} ms; {files} files)"
    )

    submissions.mkdir(parents=True, exist_ok=True)
    for i, exercise in enumerate(exercises):
        answers = key_answers(AnswerKey.from_json(json.loads((out / "keys" / exercise.id / "key.json").read_text())))
        if i % 3:
            first = next(iter(answers["values"]))
            answers["values"][first] = "<= 99"
            answers["minimax"][first] = 99
            answers["not_examined"] = answers["not_examined"][:-1]
            answers["order"] = list(reversed(answers["order"]))
        (submissions / f"{exercise.id}.yaml").write_text(yaml.safe_dump(answers, allow_unicode=True))

    started = time.perf_counter()
    results = check_paths(KeySource(out), [submissions], Points())
    elapsed = time.perf_counter() - started
    per = elapsed / len(results) * 1000
    bad = [r for r in results if not r.checked]
    full = sum(1 for r in results if r.checked and r.score == r.max_score)
    print(f"check {len(results)} submissions: {elapsed:.2f} s, {per:.2f} ms per submission (limit {LIMIT_MS:.0f} ms); "
          f"{full} full marks, {len(bad)} not checked")
    if not args.keep:
        shutil.rmtree(base)
    if bad or per >= LIMIT_MS:
        print("FAILED: " + ("files could not be checked" if bad else f"checking takes {per:.2f} ms per submission"), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
