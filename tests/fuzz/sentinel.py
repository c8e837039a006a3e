"""A folder outside the output folder that no input may change: its files, their bytes and times."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

SECRET = "TOPSECRET-SENTINEL-4711"
"""Written in the sentinel's files: no output (feedback, a key, a report) may ever show it."""


class Sentinel:
    """Files (and a link to one) beside the output folder, remembered when made and checked later."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "keep.txt").write_text(f"move: {SECRET}\n", encoding="utf-8")
        (folder / "key.json").write_text(json.dumps({"secret": SECRET}) + "\n", encoding="utf-8")
        (folder / "tree.json").write_text("[[1, 2], [3, 4]]\n", encoding="utf-8")
        (folder / "inner").mkdir(exist_ok=True)
        (folder / "inner" / "answers.yaml").write_text(f"exercise: ex1\nmove: {SECRET}\n", encoding="utf-8")
        self.before = self.snapshot()

    def snapshot(self) -> dict[str, tuple[str, int, float]]:
        state = {}
        for root, folders, files in os.walk(self.folder, followlinks=False):
            for name in folders + files:
                path = Path(root) / name
                info = path.lstat()
                digest = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() and not path.is_symlink() else ""
                state[str(path.relative_to(self.folder))] = (digest, info.st_mode, info.st_mtime)
        return state

    def check(self) -> None:
        after = self.snapshot()
        assert after == self.before, f"the sentinel folder {self.folder} changed: {set(after) ^ set(self.before) or 'contents'}"
