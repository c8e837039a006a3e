"""Run tracer's command line on many cases in one child process, reporting each as a JSON line.

Usage: ``python corpus_runner.py CASES.json FIRST`` (run from the output folder). Each case is
``{"id": ..., "argv": [...], "stdin": path or null}``, or ``{"id": ..., "fence": text}`` for a
fence's option string (read as the site's build reads it). Before a case the runner writes
``{"start": id}``, after it ``{"end": id, "code": exit code, "traceback": text or null,
"output": the first 2,000 characters}``. A case that kills the process (a segmentation
fault, a stack overflow in a C parser) leaves a start without an end: the parent counts a
crash and starts a new child at the next case.
"""

from __future__ import annotations

import json
import sys
import traceback
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from tracer.cli import main
from tracer.errors import InputError


def _fence(text: str) -> tuple[int, str | None, str]:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from fuzz_readers import Scratch, read_fence

    try:
        read_fence(text, Scratch(Path("fence-scratch")))
    except InputError as error:
        return 1, None, str(error)
    except Exception:
        return 1, traceback.format_exc(), ""
    return 0, None, ""


def run_case(case: dict[str, Any]) -> dict[str, Any]:
    if "fence" in case:
        code, problem, output = _fence(case["fence"])
        return {"end": case["id"], "code": code, "traceback": problem, "output": output[:2000]}
    stdin = open(case["stdin"], "rb") if case.get("stdin") else None
    try:
        result = CliRunner().invoke(main, case["argv"], input=stdin)
    finally:
        if stdin is not None:
            stdin.close()
    problem = None
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        problem = "".join(traceback.format_exception(result.exception))
    output = result.output
    if "Traceback (most recent call last)" in output:
        problem = problem or output
    return {"end": case["id"], "code": result.exit_code, "traceback": problem, "output": output[:2000]}


def main_loop(cases_file: str, first: int) -> None:
    cases = json.loads(Path(cases_file).read_text(encoding="utf-8"))
    for case in cases[first:]:
        print(json.dumps({"start": case["id"]}), flush=True)
        print(json.dumps(run_case(case)), flush=True)


if __name__ == "__main__":
    main_loop(sys.argv[1], int(sys.argv[2]))
