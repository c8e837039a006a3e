"""A command stopped while Graphviz runs (SIGTERM from `kill` or a batch system, SIGINT from
Ctrl-C) leaves no work folder and no Graphviz process behind (issue 15).

A stand-in `neato` on PATH writes its process id and sleeps, so the test knows the moment the
command waits on its child and which process must be gone afterwards."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

AIMA = "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie (exited, not yet reaped by init) counts as gone
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(") ")[1][0] != "Z"
    except FileNotFoundError:
        return False


def _interruptible() -> None:
    """In the command's process before it starts: Ctrl-C as at a terminal. A suite started in the
    background by a non-interactive shell ignores SIGINT, and Python keeps an ignored SIGINT ignored."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT])
def test_a_stopped_render_leaves_no_work_folder_and_no_graphviz(tmp_path, stop):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    pid_file = tmp_path / "neato.pid"
    neato = bin_dir / "neato"
    neato.write_text(f'#!/bin/sh\necho $$ > "{pid_file}.tmp" && mv "{pid_file}.tmp" "{pid_file}"\nexec sleep 60\n')
    neato.chmod(0o755)
    (tmp_path / "tree.json").write_text(AIMA)
    out = tmp_path / "figs"
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}"}
    command = subprocess.Popen(
        [sys.executable, "-m", "tracer", "render", "tree.json", "-o", str(out), "--format", "svg,png", "--steps", "final"],
        cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=_interruptible,
    )
    try:
        deadline = time.monotonic() + 60
        while not pid_file.exists():
            assert command.poll() is None, command.communicate()
            assert time.monotonic() < deadline, "neato was never started"
            time.sleep(0.05)
        child = int(pid_file.read_text())
        assert [path.name for path in out.iterdir() if path.name.startswith(".tracer-")]  # the work folder exists now
        command.send_signal(stop)
        command.wait(timeout=30)
    finally:
        if command.poll() is None:
            command.kill()
    deadline = time.monotonic() + 5
    while _alive(child) and time.monotonic() < deadline:
        time.sleep(0.05)
    orphaned = _alive(child)
    if orphaned:  # do not leave it to the machine
        os.kill(child, signal.SIGKILL)
    assert not orphaned, "neato outlived the command"
    assert command.returncode == (128 + signal.SIGTERM if stop == signal.SIGTERM else 1)
    assert [path.name for path in Path(out).iterdir() if path.name.startswith(".")] == []
