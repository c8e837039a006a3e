"""Hostile places to write (issue 15): nothing is written through a symbolic link out of the
output folder, nothing into a folder with no name, no work file is left behind however a run
ends, render removes only what it wrote unchanged, and two runs into one folder never mix."""

from __future__ import annotations

import errno
import json
import os
import stat
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

import tracer
from tracer.cli import main
from tracer.errors import OutputError
from tracer.files import atomic_write, folder_lock, temporary_folder
from tracer.render.output import render_to_directory

AIMA = "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"


def run(*args: object, stdin: str | None = None):
    return CliRunner().invoke(main, [str(arg) for arg in args], input=stdin, catch_exceptions=False)


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A folder no test may write into (a sentinel file in it must stay as it is)."""
    folder = tmp_path / "outside"
    folder.mkdir()
    (folder / "sentinel.txt").write_text("untouched")
    return folder


def assert_untouched(folder: Path) -> None:
    assert sorted(path.name for path in folder.iterdir()) == ["sentinel.txt"]
    assert (folder / "sentinel.txt").read_text() == "untouched"


# -- symbolic links --------------------------------------------------------------------------------
def test_a_deck_is_not_written_through_a_linked_subfolder(tmp_path, outside):
    """reveal.js writes DIR/figures/ and removes old figures there: a link to another folder is refused."""
    deck = tmp_path / "deck"
    deck.mkdir()
    (deck / "figures").symlink_to(outside)
    (outside / "step-0001.svg").write_text("someone else's")  # a name the deck would remove as stale
    result = run("render", "-", "--revealjs", deck, stdin=AIMA)
    assert result.exit_code == 1 and "figures: is a symbolic link; tracer writes only inside the output folder" in result.output
    assert (outside / "step-0001.svg").read_text() == "someone else's"
    (outside / "step-0001.svg").unlink()
    assert_untouched(outside)


def test_render_does_not_replace_or_follow_a_link_in_its_folder(tmp_path, outside):
    out = tmp_path / "figs"
    out.mkdir()
    (out / "final.svg").symlink_to(outside / "sentinel.txt")
    result = run("render", "-", "-o", out, stdin=AIMA)
    assert result.exit_code == 1 and "final.svg: is a symbolic link" in result.output
    assert (out / "final.svg").is_symlink()  # left as the user made it
    assert_untouched(outside)


def test_exercises_are_not_written_through_a_linked_exercise_folder(tmp_path, outside):
    out = tmp_path / "hw"
    assert run("exercise", "new", "-o", out, "--seed", 1).exit_code == 0
    (handout,) = [path for path in (out / "handout").iterdir() if path.is_dir()]
    for path in sorted(handout.iterdir()):
        path.unlink()
    handout.rmdir()
    handout.symlink_to(outside)
    again = run("exercise", "new", "-o", out, "--seed", 1, "--force")
    assert again.exit_code == 1 and "is a symbolic link; tracer writes only inside the output folder" in again.output
    assert_untouched(outside)


@pytest.mark.parametrize("command", [["key", "-"], ["trace", "-"], ["key", "-", "--format", "json"]])
def test_a_file_named_by_a_link_is_replaced_never_written_through(tmp_path, outside, command):
    """-o FILE where FILE is a link: the link's target elsewhere is never written."""
    link = tmp_path / "out.txt"
    link.symlink_to(outside / "sentinel.txt")
    assert run(*command, "-o", link, stdin=AIMA).exit_code == 0
    assert not link.is_symlink() and link.stat().st_size > 0
    assert_untouched(outside)


def test_atomic_write_refuses_a_link_between_the_root_and_the_file(tmp_path, outside):
    (tmp_path / "sub").symlink_to(outside)
    with pytest.raises(OutputError, match="sub: is a symbolic link"):
        atomic_write(tmp_path / "sub" / "x.txt", lambda file: file.write("x"), root=tmp_path)
    assert_untouched(outside)


@pytest.mark.parametrize("command", [["key", "-", "-o"], ["trace", "-", "-o"], ["render", "-", "--pptx"]])
@pytest.mark.parametrize("linked", [False, True])
def test_a_pipe_or_device_named_by_o_is_written_into_not_replaced(tmp_path, command, linked):
    """`-o /dev/null` or `-o /dev/stdout`: renaming a file onto it would replace the device (as root).
    Shown with a FIFO (never with /dev/null itself: a failing test would break the machine)."""
    if command[0] == "render":
        pytest.importorskip("pptx")
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    target = fifo
    if linked:  # as /dev/stdout is a link to /proc/self/fd/1
        target = tmp_path / "stdout"
        target.symlink_to(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    try:
        result = run(*command, target, stdin=AIMA)
    finally:
        if reader.is_alive():  # unblock a reader still waiting for a writer, whatever happened
            try:
                # never a blocking open: a reader that has just read its end would leave this open waiting for ever
                os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
            except OSError:  # ENXIO: no reader any more, nothing to unblock
                pass
        reader.join(timeout=30)
    assert result.exit_code == 0, result.output
    assert stat.S_ISFIFO(fifo.lstat().st_mode) and target.is_symlink() == linked
    assert received and len(received[0]) > 100


# -- a folder with no name -------------------------------------------------------------------------
@pytest.mark.parametrize(
    "command",
    [
        ["render", "-", "-o", ""],
        ["render", "-", "--revealjs", ""],
        ["render", "-", "--pptx", ""],
        ["key", "-", "-o", ""],
        ["trace", "-", "-o", ""],
        ["exercise", "new", "--seed", "1", "-o", ""],
        ["exercise", "new", "--seed", "1", "-o", "  "],
    ],
)
def test_an_output_with_no_name_is_refused(tmp_path, command, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run(*command, stdin=AIMA)
    assert result.exit_code == 1 and result.output.count("\n") == 1
    assert "the output path has no name; name a file or folder with -o" in result.output
    assert list(tmp_path.iterdir()) == []  # not the working folder either


# -- work files on every way out -------------------------------------------------------------------
def no_work_files(folder: Path) -> bool:
    return not [path.name for path in folder.rglob("*") if path.name.startswith(".")]


def test_a_full_disk_leaves_no_work_folder_and_says_so(tmp_path, monkeypatch):
    """PNG export: the disk fills while Graphviz's sources are written to the work folder."""
    real = Path.write_text

    def full(self, *args, **kwargs):
        if self.suffix == ".gv":
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(self))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", full)
    out = tmp_path / "figs"
    with pytest.raises(OutputError, match="cannot write here: No space left on device"):
        render_to_directory(tracer.alphabeta(tracer.parse_tree(AIMA)), out, formats=["svg", "png"], steps="final")
    assert no_work_files(out)


def test_a_full_disk_while_writing_a_file_leaves_the_old_file(tmp_path):
    target = tmp_path / "key.txt"
    target.write_text("old")

    def fill(file):
        file.write("new, half")
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    with pytest.raises(OutputError, match="No space left on device"):
        atomic_write(target, fill)
    assert target.read_text() == "old" and [path.name for path in tmp_path.iterdir()] == ["key.txt"]


@pytest.mark.parametrize("interruption", [KeyboardInterrupt, SystemExit(143)])
def test_an_interrupted_export_leaves_no_work_folder(tmp_path, monkeypatch, interruption):
    import tracer.render.exports as exports

    def interrupted(*args, **kwargs):
        raise interruption

    monkeypatch.setattr(exports, "run_graphviz", interrupted)
    out = tmp_path / "figs"
    with pytest.raises(type(interruption) if isinstance(interruption, BaseException) else interruption):
        render_to_directory(tracer.alphabeta(tracer.parse_tree(AIMA)), out, formats=["svg", "png"], steps="final")
    assert no_work_files(out)


def test_a_work_folder_is_removed_whatever_happens(tmp_path):
    with pytest.raises(OutputError, match="No space left on device"):
        with temporary_folder(tmp_path) as folder:
            (folder / "a.png").write_bytes(b"x")
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    assert list(tmp_path.iterdir()) == []


# -- what render removes ---------------------------------------------------------------------------
def test_render_removes_only_unchanged_files_it_wrote(tmp_path):
    out = tmp_path / "figs"
    assert run("render", "-", "-o", out, stdin=AIMA).exit_code == 0
    manifest = json.loads((out / "manifest.json").read_text())
    assert set(manifest["sha256"]) == set(manifest["files"])
    (out / "step-0005.svg").write_text("my annotated copy")
    (out / "step-0099.svg").write_text("mine, never in a manifest")
    again = run("render", "-", "-o", out, "--steps", "final", stdin=AIMA)
    assert again.exit_code == 0
    assert "step-0005.svg changed since the earlier render wrote it, so it was left" in again.output
    names = sorted(path.name for path in out.iterdir())
    assert names == ["final.svg", "manifest.json", "step-0005.svg", "step-0099.svg"]


def test_an_old_or_damaged_manifest_removes_nothing(tmp_path):
    out = tmp_path / "figs"
    assert run("render", "-", "-o", out, stdin=AIMA).exit_code == 0
    manifest = json.loads((out / "manifest.json").read_text())
    del manifest["sha256"]  # a manifest from before the digests
    (out / "manifest.json").write_text(json.dumps(manifest))
    assert run("render", "-", "-o", out, "--steps", "final", stdin=AIMA).exit_code == 0
    assert len(list(out.glob("step-*.svg"))) == 46


@pytest.mark.parametrize("depth", [5_000, 100_000])
def test_a_deeply_nested_old_manifest_is_not_a_deep_tree(tmp_path, depth):
    """It was read with json.loads: a RecursionError reported as 'the tree is too deep to search'."""
    out = tmp_path / "figs"
    out.mkdir()
    (out / "manifest.json").write_text("[" * depth + "]" * depth)
    result = run("render", "-", "-o", out, "--steps", "final", stdin=AIMA)
    assert result.exit_code == 0, result.output
    if depth > 20_000:  # past the readers' limit: said, and nothing removed
        assert "note: the folder's earlier manifest.json was not read (the input is nested more than 20,000 levels deep)" in result.output
    assert json.loads((out / "manifest.json").read_text())["format"] == "tracer-frames"


# -- two runs, one folder --------------------------------------------------------------------------
def test_a_second_run_into_a_busy_folder_is_refused(tmp_path):
    out = tmp_path / "figs"
    out.mkdir()
    with folder_lock(out):  # another run holds it
        result = run("render", "-", "-o", out, stdin=AIMA)
        assert result.exit_code == 1
        assert "figs: another tracer run is writing into this folder; wait for it to finish, or name another folder with -o" in result.output
        assert list(out.iterdir()) == []
        deck = run("render", "-", "--revealjs", out, stdin=AIMA)
        assert deck.exit_code == 1 and "another tracer run is writing into this folder" in deck.output
        homework = run("exercise", "new", "-o", out, "--seed", 1)
        assert homework.exit_code == 1 and "another tracer run is writing into this folder" in homework.output
        assert list(out.iterdir()) == []
    assert run("render", "-", "-o", out, stdin=AIMA).exit_code == 0  # released


def test_the_sites_render_cache_is_not_written_through_a_link(tmp_path, outside, caplog):
    """mkdocs build caches each fence's HTML in cache_dir/<2 letters>/: a linked subfolder is skipped with a warning."""
    from tracer.docsite.plugin import _write_cache

    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / "ab").symlink_to(outside)
    _write_cache(cache, cache / "ab" / "abcdef.html", "<p>tree</p>")
    assert_untouched(outside)
    assert "cannot write the render cache" in caplog.text and "is a symbolic link" in caplog.text
    _write_cache(cache, cache / "cd" / "cdef.html", "<p>tree</p>")
    assert (cache / "cd" / "cdef.html").read_text() == "<p>tree</p>"
