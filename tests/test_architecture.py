"""The shape of the package: data flows one way, no import cycles, rooms of a readable size, events read by name.

The rooms, from the bottom: the base (errors, files, reading, recursion, words), game, search,
trace, render, then exercises and grading (siblings), then the site, and the front doors
(the command line, the one-call API and the package itself) on top. A module may import
from its own room and the rooms below it, never from a room above.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "tracer"

LEVEL = {
    "tracer.errors": 0, "tracer.files": 0, "tracer.reading": 0, "tracer.recursion": 0, "tracer.words": 0, "tracer._version": 0, "tracer._lazy": 0,
    "tracer.game": 1, "tracer.search": 2, "tracer.trace": 3, "tracer.render": 4,
    "tracer.exercises": 5, "tracer.grading": 5, "tracer.play": 5, "tracer.docsite": 6,
    "tracer.api": 7, "tracer.cli": 7, "tracer.__main__": 7, "tracer": 7,
}
MAX_LINES = 400


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _room(module: str) -> str:
    best = ""
    for room in LEVEL:
        if (module == room or module.startswith(room + ".")) and len(room) > len(best):
            best = room
    return best


def _imports(path: Path, *, top_level_only: bool) -> list[tuple[str, int]]:
    """(module imported, line) for every tracer import in the file (top level only, or everywhere)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = tree.body if top_level_only else list(ast.walk(tree))
    found = []
    for node in nodes:
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("tracer") and node.level == 0:
            found.append((node.module, node.lineno))
            for alias in node.names:  # from tracer.render import figure
                if f"{node.module}.{alias.name}" in MODULES:
                    found.append((f"{node.module}.{alias.name}", node.lineno))
        elif isinstance(node, ast.Import):
            found.extend((alias.name, node.lineno) for alias in node.names if alias.name.startswith("tracer"))
        elif not top_level_only:
            continue
    return found


def _resolve(name: str) -> str | None:
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def test_no_import_cycle_among_the_modules():
    """Module-level imports form no cycle (a cycle means the rooms cannot be read one at a time)."""
    graph = {
        module: {target for name, _ in _imports(path, top_level_only=True) if (target := _resolve(name)) and target != module}
        for module, path in MODULES.items()
    }
    # a package imports its own modules to re-export them: that is not a cycle of rooms
    for module in graph:
        graph[module] = {target for target in graph[module] if not (module.startswith(target + ".") and MODULES[target].name == "__init__.py")}
    state: dict[str, int] = {}
    cycles: list[list[str]] = []

    def visit(module: str, stack: list[str]) -> None:
        state[module] = 1
        stack.append(module)
        for target in sorted(graph[module]):
            if state.get(target) == 1:
                cycles.append(stack[stack.index(target):] + [target])
            elif target not in state:
                visit(target, stack)
        stack.pop()
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module, [])
    assert not cycles, "import cycles: " + "; ".join(" -> ".join(cycle) for cycle in cycles)


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_room_imports_a_room_above_it(module):
    """Imports anywhere in a module (at the top or inside a function) go to its own room or below."""
    level = LEVEL[_room(module)]
    above = [
        f"line {line}: {name}" for name, line in _imports(MODULES[module], top_level_only=False)
        if LEVEL[_room(name)] > level
    ]
    assert not above, f"{module} (level {level}) imports from rooms above it: " + ", ".join(above)


def test_every_module_is_placed_in_a_room():
    assert all(_room(module) for module in MODULES), [module for module in MODULES if not _room(module)]


@pytest.mark.parametrize("module", sorted(MODULES))
def test_modules_stay_readable(module):
    lines = MODULES[module].read_text(encoding="utf-8").count("\n")
    assert lines <= MAX_LINES, f"{module} has {lines} lines; split it by job (at most {MAX_LINES})"


def test_events_are_read_by_position_only_where_they_are_encoded():
    """Only tracer/search/events.py reads recorded event tuples by position (``raw[N]``)."""
    offenders = [
        f"{path.relative_to(PACKAGE.parent)}:{number}"
        for path in PACKAGE.rglob("*.py") if path.name != "events.py" or path.parent.name != "search"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if re.search(r"(?<![.\w])raw\[", line)  # a name raw indexed (an attribute such as options.raw is not an event)
    ]
    assert not offenders, offenders


@pytest.mark.parametrize("package", ["tracer", "tracer.game", "tracer.search", "tracer.trace", "tracer.exercises"])
def test_every_name_a_lazy_package_lists_is_found(package):
    """A package loads its names when first read (tracer._lazy): each name it lists in __all__ must be
    found, in a fresh interpreter, as the object its defining module holds."""
    import subprocess
    import sys

    probe = (f"import importlib; p = importlib.import_module({package!r})\n"
             "missing = [n for n in p.__all__ if getattr(p, n, None) is None]\n"
             "print(' '.join(missing) or 'ok')")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "ok", result.stdout + result.stderr
