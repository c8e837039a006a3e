"""Deep inputs end in one line naming the limit, never a crash of the interpreter (issue 15:
an object-form tree 50,000 levels deep, a bracket tree 80,000 deep and a 100 KB fake trace
overflowed the C JSON parser's stack, exit 139). Run as processes: a crash would take pytest down."""

from __future__ import annotations

import subprocess
import sys

import pytest

DEEP_FILES = {
    "object.json": '{"children": [' * 50_000 + "1" + "]}" * 50_000,
    "bracket.json": "[" * 80_000 + "1" + "]" * 80_000,
    "fake-trace.json": '{"format": "tracer-trace", "version": 2, "events": ' + "[" * 50_000 + "]" * 50_000 + "}",
}


@pytest.mark.parametrize("name", DEEP_FILES)
@pytest.mark.parametrize("command", [["key"], ["render", "-o", "figs"]])
def test_deep_files_are_refused_in_one_line(tmp_path, name, command):
    (tmp_path / name).write_text(DEEP_FILES[name])
    done = subprocess.run([sys.executable, "-m", "tracer", command[0], name, *command[1:]], cwd=tmp_path,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 1, done.stderr[-500:]
    assert done.stderr.count("\n") == 1 and "nested more than 20,000 levels deep" in done.stderr
    assert not (tmp_path / "figs").exists()
