"""``make fuzz``: 10,000 generated inputs to every reader, then the hostile corpus, with counts.

Each reader runs in a pytest process of its own (``HYPOTHESIS_PROFILE=fuzz``), so a crash of
the interpreter (a segmentation fault, a C parser's stack overflow) is seen and counted for
that reader instead of ending the run. Prints, per reader, the inputs, how many were read and
refused, the tracebacks and the crashes; exits 1 if there was any traceback or crash, or fewer
inputs than asked.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE))

from fuzz_readers import READERS  # noqa: E402 (after the path is set)

EXAMPLES = 10_000


def _pytest(target: str, report: Path, profile: str) -> tuple[int, float]:
    env = {**os.environ, "HYPOTHESIS_PROFILE": profile, "FUZZ_REPORT": str(report)}
    started = time.monotonic()
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", "-p", "no:cacheprovider", target], cwd=ROOT, env=env,
                         capture_output=True, text=True, check=False)
    if run.returncode not in (0, 5):
        sys.stderr.write(run.stdout[-4000:] + run.stderr[-2000:])
    return run.returncode, time.monotonic() - started


def main() -> int:
    report = Path(tempfile.mkdtemp(prefix="tracer-fuzz-")) / "counts.json"
    rows = []
    print(f"{'reader':<26}{'inputs':>8}{'read':>8}{'refused':>9}{'tracebacks':>12}{'crashes':>9}{'seconds':>9}", flush=True)
    targets = [(name, f"tests/fuzz/test_fuzz_generated.py::test_a_reader_never_gives_a_traceback[{name}]") for name in sorted(READERS)]
    targets.append(("corpus", "tests/fuzz/test_fuzz_corpus.py"))
    for name, target in targets:
        code, seconds = _pytest(target, report, "fuzz")
        counts = json.loads(report.read_text()) if report.is_file() else {}
        names = [name] if name != "corpus" else sorted(key for key in counts if key.startswith("corpus:"))
        for shown in names:
            got = counts.get(shown, {})
            crashed = got.get("crash", 0) + (1 if code < 0 else 0)
            row = (shown, got.get("inputs", 0), got.get("ok", 0), got.get("refused", 0), got.get("traceback", 0), crashed)
            rows.append((*row, code))
            print(f"{row[0]:<26}{row[1]:>8}{row[2]:>8}{row[3]:>9}{row[4]:>12}{row[5]:>9}{seconds:>9.0f}", flush=True)
            seconds = 0.0
    failed = [row for row in rows if row[4] or row[5] or row[6] not in (0, 5) or (not row[0].startswith("corpus:") and row[1] < EXAMPLES)]
    print(f"{len(rows)} readers, {sum(row[1] for row in rows):,} inputs; "
          f"{sum(row[4] for row in rows)} tracebacks, {sum(row[5] for row in rows)} crashes", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
