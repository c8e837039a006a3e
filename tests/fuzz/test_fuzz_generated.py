"""Generated inputs to every reader: each is read, or refused in one line; never a traceback.

The number of inputs per reader is a hypothesis profile chosen by ``HYPOTHESIS_PROFILE``:
``fuzz-quick`` (the default, in ``make test``: the whole folder runs within a minute) or
``fuzz`` (``make fuzz``: 10,000 inputs per reader); ``FUZZ_EXAMPLES`` sets another number. In the quick profile the first traceback
fails the test at once (hypothesis shrinks it to a small input); in the long one every input is
run and counted, and the test fails at the end listing the first inputs that gave tracebacks.
Counts per reader are printed at the end of the run (and written to ``FUZZ_REPORT``, a JSON file,
for ``make fuzz``). A sentinel folder beside the output folder must stay untouched.
"""

from __future__ import annotations

import os
import traceback
from collections import Counter

import pytest
from fuzz_readers import READERS, Scratch, outcome, write_report
from hypothesis import HealthCheck, given, settings
from sentinel import Sentinel

PROFILES = {
    "fuzz-quick": settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck)),
    "fuzz": settings(max_examples=10_000, deadline=None, suppress_health_check=list(HealthCheck), database=None),
}
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "fuzz-quick")
if PROFILE not in PROFILES:  # another profile of the project's own: the quick one here
    PROFILE = "fuzz-quick"
LONG = PROFILE == "fuzz"
if os.environ.get("FUZZ_EXAMPLES"):  # another number of inputs per reader, for a run by hand
    PROFILES[PROFILE] = settings(PROFILES[PROFILE], max_examples=int(os.environ["FUZZ_EXAMPLES"]))

COUNTS: dict[str, Counter[str]] = {}
"""Per reader: inputs, refused, tracebacks (read by this folder's conftest.py for the summary)."""


@pytest.mark.parametrize("name", sorted(READERS))
def test_a_reader_never_gives_a_traceback(name, tmp_path):
    reader = READERS[name]
    scratch = Scratch(tmp_path / "out")
    sentinel = Sentinel(tmp_path / "sentinel")
    counts = COUNTS.setdefault(name, Counter())
    failures: list[tuple[str, str]] = []

    @PROFILES[PROFILE]
    @given(reader.strategy())
    def run(text: str) -> None:
        result, error = outcome(lambda: reader.read(text, scratch))
        counts["inputs"] += 1
        counts[result] += 1
        if result == "traceback":
            assert error is not None
            shown = "".join(traceback.format_exception(error)[-8:])
            if not LONG:
                raise AssertionError(f"{name}: a traceback on {text[:300]!r}:\n{shown}") from error
            if len(failures) < 5:
                failures.append((text[:300], shown))

    run()
    sentinel.check()
    write_report(COUNTS)
    assert not failures, "\n\n".join(f"{text!r}\n{shown}" for text, shown in failures)

