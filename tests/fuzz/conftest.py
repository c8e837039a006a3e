"""The fuzz suite's summary: per reader, how many inputs were read, refused, or gave a traceback."""

from __future__ import annotations

from typing import Any


def pytest_terminal_summary(terminalreporter: Any) -> None:
    import sys

    generated = sys.modules.get("test_fuzz_generated")
    corpus = sys.modules.get("test_fuzz_corpus")
    rows = []
    for module, kind in ((generated, "generated"), (corpus, "corpus")):
        for name, counts in sorted(getattr(module, "COUNTS", {}).items()):
            rows.append((f"{name} ({kind})", counts.get("inputs", 0), counts.get("refused", 0), counts.get("traceback", 0), counts.get("crash", 0)))
    if not rows:
        return
    terminalreporter.write_sep("-", "fuzz: inputs per reader")
    terminalreporter.write_line(f"{'reader':<28}{'inputs':>8}{'refused':>9}{'tracebacks':>12}{'crashes':>9}")
    for name, inputs, refused, tracebacks, crashes in rows:
        terminalreporter.write_line(f"{name:<28}{inputs:>8}{refused:>9}{tracebacks:>12}{crashes:>9}")
