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

What the course's hooks answer is checked as a tree file's values are: ``utility`` and
``evaluate`` return a number (not NaN; at most 1e300 in size, or an infinity: an integer of
400 digits would overflow a chance node's average), ``chance_outcomes`` gives probabilities
that are numbers in [0, 1] (a :class:`~fractions.Fraction` too) summing to 1, and
``move_label`` a name without control or text-direction characters. A wrong answer is a
:class:`~tracer.errors.SearchError` naming the hook, the state and the value.

Every failure (no such module or file, a syntax error, an exception while importing or
constructing, a missing class or method) is one :class:`~tracer.errors.InputError` line
naming the place and the fix. Importing runs the course's code: load only files you
trust, as with any Python import.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import math
import numbers
import os
import sys
import traceback
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

from tracer.errors import InputError, SearchError
from tracer.game.tree_builder import MAX_VALUE
from tracer.game.tree_checks import PROBABILITY_TOLERANCE
from tracer.reading.plain import first_unprintable
from tracer.words import joined, say
from tracer.words.notation import exact_number

__all__ = ["OPTIONAL_HOOKS", "REQUIRED_HOOKS", "GameAdapter", "class_of", "course_error", "load_game_class"]

REQUIRED_HOOKS = ("initial_state", "to_move", "actions", "result", "is_terminal", "utility")
OPTIONAL_HOOKS = ("evaluate", "chance_outcomes", "move_label", "describe", "board")
def _usage() -> str:
    return say("game.class.usage", "write module:Class or path/to/file.py:Class")
_PLAYERS = ("max", "min", "chance")
_COURSE_FILES: set[str] = set()
"""The files of the course classes loaded in this process (resolved): where :func:`course_error` looks."""


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
        # Bound once here, so that the search's calls go straight to the course's methods
        # (through a check of what they answer, for the hooks whose answers the search computes with).
        for hook in REQUIRED_HOOKS + OPTIONAL_HOOKS:
            if _defines(inner, hook):
                method = getattr(inner, hook)
                setattr(self, hook, _CHECKS[hook](self, hook, method) if hook in _CHECKS else method)

    def __getattr__(self, name: str) -> Any:
        # Only called for what neither __init__ nor the defaults below define.
        if name == "inner":
            raise AttributeError(name)
        return getattr(self.inner, name)

    def evaluate(self, state: Any) -> float:
        raise SearchError(
            say("game.class.no_evaluation", "{game} has no evaluation function, so the search cannot stop at a depth limit", game=self.title),
            hint=say("game.class.no_evaluation.hint", "define evaluate(state) in the class, or search without a depth limit"),
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


def _wrong(game: GameAdapter, hook: str, state: Any, problem: str, hint: str) -> SearchError:
    return SearchError(say("game.hook.wrong", "{hook}() of {game} in the state {state}: {problem}",
                           hook=hook, game=game.title, state=_shown(game, state), problem=problem), source=game.source, hint=hint)


def _shown(game: GameAdapter, state: Any) -> str:
    try:
        text = str(game.describe(state))
    except Exception:  # describing the state is only for the message; its own failure must not hide the first
        text = repr(state)
    return text if len(text) <= 80 else text[:77] + "..."


def _value_shown(value: Any) -> str:
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**20:
        return say("game.hook.digits", "an integer of {digits} digits", digits=f"{len(str(abs(value))):,}")
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _checked_number(game: GameAdapter, hook: str, method: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """``method`` (utility or evaluate) answering a number the search can average and compare."""

    def checked(state: Any) -> Any:
        value = method(state)
        if type(value) in (int, float) and -MAX_VALUE <= value <= MAX_VALUE:  # the usual answer, checked at once
            return value
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            raise _wrong(game, hook, state, say("game.hook.number", "it returned {value}, not a number", value=_value_shown(value)),
                         say("game.hook.hint.number", "return an int or a float"))
        try:
            number = float(value)
        except OverflowError:
            number = math.inf  # an integer past a float's range: too large, said below
        if number != number:
            raise _wrong(game, hook, state, say("game.hook.nan", "it returned NaN, which is not a usable value"),
                         say("game.hook.hint.nan", "return a finite number, or inf or -inf for a win or a loss"))
        if math.isinf(number) and isinstance(value, float):
            return value
        if abs(number) > MAX_VALUE:
            raise _wrong(game, hook, state, say("game.hook.large", "it returned {value}, a number too large for tracer", value=_value_shown(value)),
                         say("game.hook.hint.large", "return numbers between -1e300 and 1e300, or inf or -inf"))
        return value

    return checked


def _checked_outcomes(game: GameAdapter, hook: str, method: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """``chance_outcomes`` giving (outcome, probability) pairs whose probabilities are numbers in [0, 1] summing to 1."""

    def checked(state: Any) -> Any:
        outcomes = method(state)
        total = 0.0
        for outcome, p in outcomes:
            if isinstance(p, bool) or not isinstance(p, numbers.Real) or p != p:
                raise _wrong(game, hook, state, say("game.chance.p.number", "the probability of {outcome} is {p}, not a number",
                                                    outcome=_value_shown(outcome), p=_value_shown(p)),
                             say("game.chance.hint.number", "give each outcome a number between 0 and 1 (a float or a Fraction)"))
            if not 0 <= float(p) <= 1:
                raise _wrong(game, hook, state, say("game.chance.p.outside", "the probability of {outcome} is {p}, outside [0, 1]",
                                                    outcome=_value_shown(outcome), p=_value_shown(p)),
                             say("game.chance.hint.number", "give each outcome a number between 0 and 1 (a float or a Fraction)"))
            total += float(p)
        if outcomes and abs(total - 1.0) > PROBABILITY_TOLERANCE:
            raise _wrong(game, hook, state, say("game.chance.sum", "the probabilities sum to {total}, not 1", total=exact_number(total)),
                         say("game.chance.hint.sum", "make the probabilities of a state's outcomes sum to 1"))
        return outcomes

    return checked


def _checked_label(game: GameAdapter, hook: str, method: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
    """``move_label`` giving one line of plain text."""

    def checked(state: Any, action: Any) -> Any:
        label = method(state, action)
        bad = first_unprintable(str(label))
        if bad is not None:
            raise _wrong(game, hook, state, say("game.move.control", "the name of a move holds the control character U+{code:04X}", code=ord(bad)),
                         say("game.move.hint.control", "name moves on one line, without control or text-direction characters"))
        return label

    return checked


_CHECKS: dict[str, Callable[[GameAdapter, str, Any], Any]] = {
    "utility": _checked_number, "evaluate": _checked_number, "chance_outcomes": _checked_outcomes, "move_label": _checked_label,
}


def class_of(game: Any) -> str | None:
    """The ``module:Class`` or ``file.py:Class`` a course's game was loaded from (through any
    wrapper such as an :class:`~tracer.game.evaluation.EvaluatedGame`); None for tracer's own games."""
    while not isinstance(game, GameAdapter):
        inner = vars(game).get("game") if hasattr(game, "__dict__") else None
        if inner is None:
            return None
        game = inner
    return game.source


def course_error(error: BaseException) -> InputError | None:
    """``error`` as one line naming the line of a course's game code it was raised in (the
    innermost line of a loaded class's file on its traceback), or None when no such line is
    there (tracer's own errors keep their traceback, to be reported)."""
    if not _COURSE_FILES:
        return None
    frames = [frame for frame in traceback.extract_tb(error.__traceback__) if str(Path(frame.filename).resolve()) in _COURSE_FILES]
    if not frames:
        return None
    message = str(error).splitlines()[0] if str(error) else ""
    return InputError(
        say("game.code.raised", "the game's code raised {kind}{message}", kind=type(error).__name__, message=f": {message}" if message else ""),
        source=frames[-1].filename, line=frames[-1].lineno, hint=say("game.code.hint", "fix the game's code there"),
    )


def _defines(obj: Any, name: str) -> bool:
    return callable(getattr(obj, name, None))


def load_game_class(spec: str, position: str | None = None) -> GameAdapter:
    """The game ``Class(position)`` (or ``Class()``) from ``module:Class`` or ``file.py:Class``."""
    target, colon, class_name = spec.strip().rpartition(":")
    if not colon or not target or not class_name.isidentifier():
        raise InputError(say("game.class.spec", "{spec} does not name a game class", spec=repr(spec)), hint=_usage())
    looks_like_file = target.endswith(".py") or "/" in target or os.sep in target
    module = _import_file(Path(target)) if looks_like_file else _import_module(target)
    where: dict[str, Any] = {"source": target} if looks_like_file else {}
    cls = getattr(module, class_name, None)
    if cls is None:
        classes = sorted(name for name, value in vars(module).items() if inspect.isclass(value) and value.__module__ == module.__name__)
        hint = say("game.class.there", "classes there: {names}", names=", ".join(classes)) if classes else \
            say("game.class.define", "define the class there, or {usage}", usage=_usage())
        raise InputError(say("game.class.missing", "there is no class {name} in {target}", name=repr(class_name), target=target), hint=hint, **where)
    if not inspect.isclass(cls):
        raise InputError(say("game.class.not_class", "{name} in {target} is not a class", name=class_name, target=target), hint=say("game.class.not_class.hint", "name the game's class"), **where)
    try:
        _COURSE_FILES.add(str(Path(inspect.getfile(cls)).resolve()))
    except (TypeError, OSError):  # a class with no file (made in memory): its errors keep their traceback
        pass
    missing = [hook for hook in REQUIRED_HOOKS if not _defines(cls, hook)]
    if missing:
        raise InputError(
            say("game.class.lacks", "the class {name} lacks {hooks}, which the search needs", name=class_name, hooks=joined(missing)),
            hint=say("game.class.lacks.hint", "define {hooks} (see the Game protocol in tracer.game.protocol)", hooks=", ".join(f"{hook}(...)" for hook in missing)),
            **where,
        )
    game = GameAdapter(_construct(cls, class_name, position, target), spec.strip())
    if position is not None:
        game.position = position  # what a trace records as the game's position
    _check_players(game, class_name, target)
    return game


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
            raise InputError(say("game.module.needs", "importing {name} needs the module {module}, which is not installed", name=name, module=repr(error.name)), hint=_install(error.name)) from None
        raise InputError(say("game.module.missing", "no module named {name}", name=repr(name)),
                         hint=say("game.module.missing.hint", "run tracer in the module's folder, or give its file: path/to/file.py:Class")) from None
    except SyntaxError as error:
        raise _syntax(error) from None
    except Exception as error:  # the course's module failed while importing: say where, not how
        raise _raised(error, say("game.module.importing", "importing {name}", name=name), None) from None


def _import_file(path: Path) -> ModuleType:
    if not path.is_file():
        problem = say("reading.missing", "no such file") if not path.exists() else say("game.file.not_file", "is not a file")
        raise InputError(problem, source=str(path), hint=say("game.file.hint", "check the path of the game's Python file"))
    module_name = f"_tracer_course_game_{abs(hash(str(path.resolve())))}"
    loader_spec = importlib.util.spec_from_file_location(module_name, path)
    if loader_spec is None or loader_spec.loader is None:
        raise InputError(say("game.file.not_python", "cannot be imported as Python"), source=str(path), hint=say("game.file.not_python.hint", "give a .py file"))
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
        raise InputError(say("game.file.needs", "the file needs the module {module}, which is not installed", module=repr(error.name)), source=str(path), line=_line_in(error, path), hint=_install(error.name)) from None
    except (Exception, SystemExit) as error:  # failed or exit()ed while importing (which would end tracer silently): say where
        del sys.modules[module_name]
        raise _raised(error, say("game.file.importing", "importing the file"), path) from None
    return module


def _install(module: str | None) -> str:
    return say("game.module.install", "install it, e.g. pip install {module}", module=module)


def _syntax(error: SyntaxError) -> InputError:
    return InputError(
        f"SyntaxError: {error.msg}",
        source=error.filename,
        line=error.lineno,
        column=error.offset,
        hint=say("game.syntax.hint", "fix the Python there"),
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
        say("game.raised", "{doing} raised {kind}{message}", doing=doing, kind=type(error).__name__, message=f": {message}" if message else ""),
        source=frame.filename if frame else None,
        line=frame.lineno if frame else None,
        hint=say("game.code.hint", "fix the game's code there"),
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
            raise InputError(say("game.class.no_position", "{name}() takes no position", name=class_name), hint=say("game.class.no_position.hint", "leave out the position, or give {name}.__init__ a position parameter", name=class_name))
        if position is None and required:
            raise InputError(say("game.class.needs", "{name} needs {parameters} to be made", name=class_name, parameters=joined(required)), hint=say("game.class.needs.hint", "give a position, or defaults for {name}.__init__'s parameters", name=class_name))
        if position is not None and len(required) > 1:
            raise InputError(say("game.class.needs.many", "{name} needs {parameters} to be made, more than one position", name=class_name, parameters=joined(required)), hint=say("game.class.needs.many.hint", "give {name}.__init__ one parameter for the position", name=class_name))
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
        raise _raised(error, say("game.class.first_moves", "{name}'s initial_state() or to_move()", name=class_name), _file(target)) from None
    if player not in _PLAYERS:
        raise InputError(
            say("game.class.to_move", "{name}.to_move returned {player} for the initial state", name=class_name, player=repr(player)),
            hint=say("game.class.to_move.hint", "return 'max', 'min' or 'chance' (MAX is the player whose values the search maximises)"),
        )
