"""The README's console examples, run top to bottom in a fresh folder, must print what the README shows.

A ``console`` block holds commands (``$ ``; a command ending in a here-document, ``<<'EOF'``,
takes the lines up to ``EOF``) and what they print (standard output and standard error, as a
terminal shows them). A line ``...`` stands for any number of lines. The folder is shared by
every block, in order, as a reader pasting them one after the other would share it; the
``tracer`` found first on ``PATH`` is this environment's.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
HEREDOC = re.compile(r"<<-?\s*'?(\w+)'?\s*$")


def console_blocks(text: str) -> list[list[tuple[str, list[str]]]]:
    """Each console block as (command, expected output lines) pairs."""
    blocks = []
    for body in re.findall(r"^```console\n(.*?)^```", text, flags=re.MULTILINE | re.DOTALL):
        steps: list[tuple[str, list[str]]] = []
        lines = body.splitlines()
        i = 0
        while i < len(lines):
            line = lines[i]
            if not line.startswith("$ "):
                assert steps, f"output before any command: {line!r}"
                steps[-1][1].append(line)
                i += 1
                continue
            command = line[2:]
            heredoc = HEREDOC.search(command)
            if heredoc:
                end = lines.index(heredoc.group(1), i + 1)
                command = "\n".join([command, *lines[i + 1: end + 1]])
                i = end
            steps.append((command, []))
            i += 1
        blocks.append(steps)
    return blocks


def matches(expected: list[str], actual: list[str]) -> bool:
    """Whether ``actual`` is ``expected`` with each ``...`` line standing for any number of lines."""
    if not expected:
        return not actual
    if expected[0] == "...":
        return any(matches(expected[1:], actual[k:]) for k in range(len(actual) + 1))
    return bool(actual) and actual[0] == expected[0] and matches(expected[1:], actual[1:])


def test_the_readme_has_console_examples():
    blocks = console_blocks(README.read_text(encoding="utf-8"))
    commands = [command for block in blocks for command, _ in block]
    assert len(blocks) >= 6
    assert "tracer exercise new --tree fig-5-2.json -o quiz" in commands
    assert "tracer check quiz answers.yaml" in commands
    assert matches(["a", "...", "d"], ["a", "b", "c", "d"]) and matches(["a", "..."], ["a"]) and not matches(["a", "d"], ["a", "b", "d"])


def test_the_readme_console_examples_run_as_written(tmp_path):
    environment = {key: value for key, value in os.environ.items() if not key.startswith("TRACER_")}
    environment.update(PATH=os.pathsep.join([str(Path(sys.executable).parent), environment.get("PATH", "")]), LC_ALL="C.UTF-8",
                       COLUMNS="120", PYTHONIOENCODING="utf-8")
    for number, block in enumerate(console_blocks(README.read_text(encoding="utf-8")), start=1):
        for command, expected in block:
            run = subprocess.run(["bash", "-c", command], cwd=tmp_path, env=environment, stdin=subprocess.DEVNULL,
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=300, check=False)
            actual = run.stdout.splitlines()
            if not matches(expected, actual):
                pytest.fail(f"README console block {number}, `{command.splitlines()[0]}` printed:\n" + "\n".join(actual)
                            + "\n\nThe README shows:\n" + "\n".join(expected))
