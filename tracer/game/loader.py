"""A course's own game, written in Python: ``module:Class`` or ``path/to/file.py:Class``.

:func:`load_game_class` imports the class, makes one game from it (passing the position
text to the constructor when one is given) and wraps it in a :class:`GameAdapter`,
which supplies what the class leaves out:

=====================  ===============================================================
required               ``initial_state``, ``to_move``, ``actions``, ``result``,
                       ``is_terminal``, ``utility`` (the search cannot run without them)
``evaluate``           none: ``has_evaluation`` is False, so a depth limit is refused
``chance_outcomes``    no chance nodes: ``[]``, and ``has_chance`` is False
``move_label``         ``str(action)``
``describe``           ``str(state)``
``board``              None (no board drawn in nodes)
``name``, ``title``    the class's name in lower case, and as written
=====================  ===============================================================

A class may set ``has_chance`` and ``has_evaluation`` itself; otherwise they say
whether it defines ``chance_outcomes`` and ``evaluate``. Anything else the class
defines (``noisy_moves``, ``features`` for weighted evaluations, ...) is reached through
the adapter. ``to_move`` must answer ``"max"``, ``"min"`` or ``"chance"``; the loader
asks it once about the initial state, so a game written with ``"X"`` and ``"O"`` is
refused at the door rather than in the middle of a search.

Every failure (no such module or file, a syntax error, an exception while importing or
constructing, a missing class or method) is one :class:`~tracer.errors.InputError` line
naming the place and the fix. Importing runs the course's code: load only files you
trust, as with any Python import.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import os
import sys
import traceback
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

from tracer.errors import InputError, SearchError

__all__ = ["OPTIONAL_HOOKS", "REQUIRED_HOOKS", "GameAdapter", "class_of", "load_game_class"]

REQUIRED_HOOKS = ("initial_state", "to_move", "actions", "result", "is_terminal", "utility")
OPTIONAL_HOOKS = ("evaluate", "chance_outcomes", "move_label", "describe", "board")
_USAGE = "write module:Class or path/to/file.py:Class"
_PLAYERS = ("max", "min", "chance")


class GameAdapter:
    """A course's game object seen through the ``Game`` protocol, with defaults for the optional hooks."""

    def __init__(self, inner: Any, source: str) -> None:
        self.inner = inner
        self.source = source  # what loads it again: "module:Class" or "file.py:Class"
        self.position: str = str(getattr(inner, "position", ""))  # the position it was made from, as a trace records it
        cls = type(inner)
        self.name = str(getattr(inner, "name", cls.__name__.lower()))
        self.title = str(getattr(inner, "title", cls.__name__))
        self.has_chance = bool(getattr(inner, "has_chance", _defines(inner, "chance_outcomes")))
        self.has_evaluation = bool(getattr(inner, "has_evaluation", _defines(inner, "evaluate")))
        # Bound once here, so that the search's calls go straight to the course's methods.
        for hook in REQUIRED_HOOKS + OPTIONAL_HOOKS:
            if _defines(inner, hook):
                setattr(self, hook, getattr(inner, hook))

    def __getattr__(self, name: str) -> Any:
        # Only called for what neither __init__ nor the defaults below define.
        if name == "inner":
            raise AttributeError(name)
        return getattr(self.inner, name)

    def evaluate(self, state: Any) -> float:
        raise SearchError(
            f"{self.title} has no evaluation function, so the search cannot stop at a depth limit",
            hint="define evaluate(state) in the class, or search without a depth limit",
        )

    def chance_outcomes(self, state: Any) -> Sequence[tuple[Any, float]]:
        return []

    def move_label(self, state: Any, action: Any) -> str:
        return str(action)

    def describe(self, state: Any) -> str:
        return str(state)

    def board(self, state: Any) -> None:
        return None

    def __repr__(self) -> str:
        return f"GameAdapter({self.inner!r}, {self.source!r})"


def class_of(game: Any) -> str | None:
    """The ``module:Class`` or ``file.py:Class`` a course's game was loaded from (through any
    wrapper such as an :class:`~tracer.game.evaluation.EvaluatedGame`); None for tracer's own games."""
    while not isinstance(game, GameAdapter):
        inner = vars(game).get("game") if hasattr(game, "__dict__") else None
        if inner is None:
            return None
        game = inner
    return game.source


def _defines(obj: Any, name: str) -> bool:
    return callable(getattr(obj, name, None))


def load_game_class(spec: str, position: str | None = None) -> GameAdapter:
    """The game ``Class(position)`` (or ``Class()``) from ``module:Class`` or ``file.py:Class``."""
    target, colon, class_name = spec.strip().rpartition(":")
    if not colon or not target or not class_name.isidentifier():
        raise InputError(f"{spec!r} does not name a game class", hint=_USAGE)
    looks_like_file = target.endswith(".py") or "/" in target or os.sep in target
    module = _import_file(Path(target)) if looks_like_file else _import_module(target)
    where: dict[str, Any] = {"source": target} if looks_like_file else {}
    cls = getattr(module, class_name, None)
    if cls is None:
        classes = sorted(name for name, value in vars(module).items() if inspect.isclass(value) and value.__module__ == module.__name__)
        hint = "classes there: " + ", ".join(classes) if classes else "define the class there, or " + _USAGE
        raise InputError(f"there is no class {class_name!r} in {target}", hint=hint, **where)
    if not inspect.isclass(cls):
        raise InputError(f"{class_name} in {target} is not a class", hint="name the game's class", **where)
    missing = [hook for hook in REQUIRED_HOOKS if not _defines(cls, hook)]
    if missing:
        raise InputError(
            f"the class {class_name} lacks {_listed(missing)}, which the search needs",
            hint="define " + ", ".join(f"{hook}(...)" for hook in missing) + " (see the Game protocol in tracer.game.protocol)",
            **where,
        )
    game = GameAdapter(_construct(cls, class_name, position, target), spec.strip())
    if position is not None:
        game.position = position  # what a trace records as the game's position
    _check_players(game, class_name, target)
    return game


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


@contextmanager
def _on_path(folder: str) -> Iterator[None]:
    """``folder`` first on sys.path while importing, so the course's own modules next to it import too."""
    sys.path.insert(0, folder)
    try:
        yield
    finally:
        if folder in sys.path:
            sys.path.remove(folder)


def _import_module(name: str) -> ModuleType:
    try:
        with _on_path(os.getcwd()):  # the CLI's sys.path does not hold the current folder
            return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name and not (name == error.name or name.startswith(error.name + ".")):  # a module it imports is missing
            raise InputError(f"importing {name} needs the module {error.name!r}, which is not installed", hint=f"install it, e.g. pip install {error.name}") from None
        raise InputError(f"no module named {name!r}", hint="run tracer in the module's folder, or give its file: path/to/file.py:Class") from None
    except SyntaxError as error:
        raise _syntax(error) from None
    except Exception as error:  # the course's module failed while importing: say where, not how
        raise _raised(error, f"importing {name}", None) from None


def _import_file(path: Path) -> ModuleType:
    if not path.is_file():
        raise InputError("no such file" if not path.exists() else "is not a file", source=str(path), hint="check the path of the game's Python file")
    module_name = f"_tracer_course_game_{abs(hash(str(path.resolve())))}"
    loader_spec = importlib.util.spec_from_file_location(module_name, path)
    if loader_spec is None or loader_spec.loader is None:
        raise InputError("cannot be imported as Python", source=str(path), hint="give a .py file")
    module = importlib.util.module_from_spec(loader_spec)
    sys.modules[module_name] = module  # dataclasses and pickle look classes up by their module
    try:
        with _on_path(str(path.resolve().parent)):
            loader_spec.loader.exec_module(module)
    except SyntaxError as error:
        del sys.modules[module_name]
        raise _syntax(error) from None
    except ModuleNotFoundError as error:
        del sys.modules[module_name]
        raise InputError(f"the file needs the module {error.name!r}, which is not installed", source=str(path), line=_line_in(error, path), hint=f"install it, e.g. pip install {error.name}") from None
    except Exception as error:  # the course's file failed while importing: say where, not how
        del sys.modules[module_name]
        raise _raised(error, "importing the file", path) from None
    return module


def _syntax(error: SyntaxError) -> InputError:
    return InputError(
        f"SyntaxError: {error.msg}",
        source=error.filename,
        line=error.lineno,
        column=error.offset,
        hint="fix the Python there",
    )


def _frame(error: BaseException, path: Path | None) -> traceback.FrameSummary | None:
    """Where ``error`` was raised: the innermost line of ``path`` if it has one, else the innermost line."""
    frames = list(traceback.extract_tb(error.__traceback__))
    if path is not None:
        frames = [frame for frame in frames if Path(frame.filename).resolve() == path.resolve()] or frames
    return frames[-1] if frames else None


def _line_in(error: BaseException, path: Path) -> int | None:
    frame = _frame(error, path)
    return frame.lineno if frame else None


def _raised(error: BaseException, doing: str, path: Path | None) -> InputError:
    frame = _frame(error, path)
    message = str(error).splitlines()[0] if str(error) else ""
    return InputError(
        f"{doing} raised {type(error).__name__}" + (f": {message}" if message else ""),
        source=frame.filename if frame else None,
        line=frame.lineno if frame else None,
        hint="fix the game's code there",
    )


def _construct(cls: type, class_name: str, position: str | None, target: str) -> Any:
    try:
        signature = inspect.signature(cls)
    except (TypeError, ValueError):  # a class without an inspectable constructor: just call it
        signature = None
    if signature is not None:
        params = [p for p in signature.parameters.values() if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD, p.VAR_POSITIONAL)]
        required = [p.name for p in params if p.default is p.empty and p.kind != p.VAR_POSITIONAL]
        if position is not None and not params:
            raise InputError(f"{class_name}() takes no position", hint=f"leave out the position, or give {class_name}.__init__ a position parameter")
        if position is None and required:
            raise InputError(f"{class_name} needs {_listed(required)} to be made", hint=f"give a position, or defaults for {class_name}.__init__'s parameters")
        if position is not None and len(required) > 1:
            raise InputError(f"{class_name} needs {_listed(required)} to be made, more than one position", hint=f"give {class_name}.__init__ one parameter for the position")
    try:
        return cls(position) if position is not None else cls()
    except InputError:
        raise  # the course's class already says what is wrong with the position
    except Exception as error:  # the course's constructor failed: say where, not how
        raise _raised(error, f"{class_name}({'' if position is None else repr(position)})", _file(target)) from None


def _file(target: str) -> Path | None:
    path = Path(target)
    return path if path.suffix == ".py" else None


def _check_players(game: GameAdapter, class_name: str, target: str) -> None:
    try:
        state = game.initial_state()
        player = game.to_move(state)
    except Exception as error:  # the course's methods failed: say where, not how
        raise _raised(error, f"{class_name}'s initial_state() or to_move()", _file(target)) from None
    if player not in _PLAYERS:
        raise InputError(
            f"{class_name}.to_move returned {player!r} for the initial state",
            hint="return 'max', 'min' or 'chance' (MAX is the player whose values the search maximises)",
        )
