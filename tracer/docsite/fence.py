"""The ``gametree`` fence: what an author writes in a page, read into search and display options.

A fence holds a tree, or points to one, with the options of the command line plus
display options::

    ```gametree algorithm=alphabeta prune-on-equal=false fail=hard
    [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
    ```

    ```gametree file=trees/fig-5-2.yaml start=final show-order=true
    ```

    ```gametree game=tictactoe position=XO.X..O.. depth=2 height=420
    ```

Search options: ``algorithm``, ``root``, ``players``, ``depth``, ``prune-on-equal``
(true/false), ``fail`` (soft/hard/own-bound), ``order``, ``seed``, ``iterative``, ``tt``
(true/false/symmetry), ``quiescence`` (true/false), ``eval`` (a weighted evaluation:
``eval=material:turing``, ``eval=open_lines=1,centre=0.5``), and the input:
the fence's body, ``file=`` (relative to the page's folder, else to the docs folder), or
``game=`` with ``position=``; with ``game=whist`` (the hidden-hand form, ``position=``
MAX's cards / the unseen cards) or ``game=roads``, ``imperfect=deals`` traces every deal
under a chance root and ``imperfect=information-sets`` MAX's choices over information sets
(expectiminimax; ``deals=N`` draws N deals with ``seed``). Display options: ``start`` (a step number, ``first`` or
``final``), ``final`` (true: only the final figure, no stepper), ``show-order`` (the
evaluation order under the leaves), ``labels`` (letters/paths/none), ``height`` (pixels),
``title`` and ``pseudocode`` (false hides it). ``lang`` (``tr``, ``en``) writes the stepper's
captions and buttons in that language, whatever the page's language (see :mod:`tracer.docsite.plugin`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path as FilePath
from typing import Any

from tracer.errors import InputError, Option, TracerError
from tracer.reading.text import unprintable
from tracer.search.conventions import ALGORITHMS, ORDERS, Conventions, SearchSettings
from tracer.search.window import FAIL_CONVENTIONS
from tracer.words import language_from, say

__all__ = ["OPTION_NAMES", "FenceOptions", "fence_problem", "read_fence_options"]

_SEARCH = ("algorithm", "root", "players", "depth", "prune-on-equal", "fail", "order", "seed", "iterative", "tt", "quiescence", "eval")
_INPUT = ("file", "game", "position", "imperfect", "deals")
_DISPLAY = ("start", "final", "show-order", "labels", "height", "title", "pseudocode", "id")
_WORDS = ("lang",)
OPTION_NAMES = _SEARCH + _INPUT + _DISPLAY + _WORDS
IMPERFECT_VIEWS = ("deals", "information-sets")
"""``imperfect=``: a game of hidden deals (game=whist or game=roads) traced as a chance root over
the deals, each played with everything visible, or as MAX's choices over information sets."""
ANCHOR = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,63}")
"""What ``id=`` may be: an HTML id and a URL fragment as written, with nothing to escape (the
fence's HTML carries it in attributes and in its figures' CSS selectors)."""
FENCE_SOURCE = "<fence>"
"""The source name a fence's body is parsed under, so the plugin can place its errors on the page."""


@dataclass(frozen=True)
class FenceOptions:
    settings: SearchSettings
    root: str | None = None
    players: str | None = None
    file: str | None = None
    game: str | None = None
    position: str | None = None
    start: str = "first"
    final_only: bool = False
    show_order: bool = False
    labels: str = "letters"
    height: int | None = None
    title: str | None = None
    pseudocode: bool = True
    anchor: str | None = None
    lang: str | None = None
    imperfect: str | None = None
    deals: int | None = None
    raw: dict[str, str] = field(default_factory=dict, compare=False)

    def cache_fields(self) -> dict[str, Any]:
        """Everything that changes what the fence shows (the cache key's options)."""
        return {key: self.raw[key] for key in sorted(self.raw) if key != "id"}


def _flag(name: str, value: str) -> bool:
    lowered = value.strip().lower()
    if lowered in ("true", "yes", "on", "1", ""):
        return True
    if lowered in ("false", "no", "off", "0"):
        return False
    raise InputError(say("fence.flag.bad", "{name}={value} is not true or false", name=name, value=repr(value)),
                     hint=say("fence.flag.hint", "write {name}=true or {name}=false", name=name))


def _choice(name: str, value: str, choices: tuple[str, ...]) -> str:
    if value not in choices:
        raise InputError(say("fence.choice.bad", "{name}={value} is not one of {choices}", name=name, value=repr(value), choices=", ".join(choices)),
                         hint=say("fence.choice.hint", "write e.g. {name}={example}", name=name, example=choices[0]))
    return value


def _whole(name: str, value: str, minimum: int = 0) -> int:
    try:
        number = int(value)
    except ValueError:
        number = minimum - 1
    if number < minimum:
        raise InputError(say("fence.whole.bad", "{name}={value} is not a whole number of at least {minimum}", name=name, value=repr(value), minimum=minimum),
                         hint=say("fence.choice.hint", "write e.g. {name}={example}", name=name, example=max(minimum, 2)))
    return number


def read_fence_options(options: dict[str, str]) -> FenceOptions:
    """Check a fence's options and turn them into settings; InputError names the bad one."""
    unknown = sorted(set(options) - set(OPTION_NAMES))
    if unknown:
        raise InputError(say("fence.option.unknown", "unknown option {name}", name=repr(unknown[0])),
                         hint=say("fence.option.known", "options are {names}", names=", ".join(OPTION_NAMES)))
    for name, value in options.items():
        bad = next((char for char in value if unprintable(char)), None)
        if bad is not None:
            raise InputError(
                say("fence.option.control", "{name}= holds the control character U+{code:04X}", name=name, code=ord(bad)),
                hint=say("fence.option.control.hint", "write it without control or text-direction characters"),
            )
    get = options.get
    algorithm = _choice("algorithm", get("algorithm", "alphabeta"), ALGORITHMS)
    fail = _choice("fail", get("fail", "soft"), FAIL_CONVENTIONS)
    settings = SearchSettings(
        algorithm=algorithm,
        conventions=Conventions(prune_on_equal=_flag("prune-on-equal", get("prune-on-equal", "true")), fail=fail),
        depth=_whole("depth", get("depth", "0")) if "depth" in options else None,
        order=_choice("order", get("order", "given"), ORDERS),
        seed=_whole("seed", get("seed", "0")),
        iterative=_flag("iterative", get("iterative", "false")),
        transposition_table="symmetry" if get("tt", "").strip().lower() == "symmetry" else _flag("tt", get("tt", "false")),
        quiescence=_flag("quiescence", get("quiescence", "false")),
        evaluation=get("eval") or None,
    )
    if get("eval", "").strip().lower().endswith((".yaml", ".yml", ".json")):
        raise InputError(
            say("fence.eval.file", "eval={name} names a file, which a page does not read", name=get("eval")),
            hint=say("fence.eval.hint", 'write the weights out, e.g. eval="open_lines=1,centre=0.5" or eval=material:turing'),
        )
    anchor = get("id")
    if anchor is not None and not ANCHOR.fullmatch(anchor):
        raise InputError(
            say("fence.id.bad", "id={value} is not a plain name", value=repr(anchor)),
            hint=say("fence.id.hint", "write a letter, then letters, digits, - or _ (at most 64), e.g. id=figure-5-2"),
        )
    start = get("start", "first")
    if start not in ("first", "final"):
        _whole("start", start)
    labels = _choice("labels", get("labels", "letters"), ("letters", "paths", "none"))
    if "game" in options and "file" in options:
        raise InputError(say("fence.file_and_game", "both file= and game= are given"), hint=say("fence.file_and_game.hint", "give one of them"))
    if "position" in options and "game" not in options:
        raise InputError(say("fence.position.game", "position= needs game="), hint=say("fence.position.game.hint", "e.g. game=tictactoe position=X.O.X...."))
    return FenceOptions(
        settings=settings,
        root=_choice("root", options["root"], ("max", "min")) if "root" in options else None,
        players=get("players"),
        file=get("file"),
        game=get("game"),
        position=get("position"),
        start=start,
        final_only=_flag("final", get("final", "false")),
        show_order=_flag("show-order", get("show-order", "false")),
        labels=labels,
        height=_whole("height", options["height"], 80) if "height" in options else None,
        title=get("title"),
        pseudocode=_flag("pseudocode", get("pseudocode", "true")),
        anchor=anchor,
        lang=language_from(options["lang"]) if "lang" in options else None,
        imperfect=_choice("imperfect", options["imperfect"], IMPERFECT_VIEWS) if "imperfect" in options else None,
        deals=_whole("deals", options["deals"], 1) if "deals" in options else None,
        raw=dict(options),
    )


def resolve_file(name: str, page_dir: FilePath, docs_dir: FilePath) -> FilePath:
    """A fence's ``file=``: beside the page first, then from the docs folder; never outside it."""
    docs = docs_dir.resolve()
    for base in (page_dir, docs_dir):
        candidate = (base / name).resolve()
        if candidate.is_file():
            if docs not in candidate.parents:
                raise InputError(say("fence.file.outside", "file={name} is outside the docs folder", name=repr(name)),
                                 hint=say("fence.file.outside.hint", "keep tree files inside the docs folder"))
            return candidate
    raise InputError(say("fence.file.missing", "file={name} does not exist", name=repr(name)),
                     hint=say("fence.file.missing.hint", "put it beside the page or give a path from {folder}/", folder=docs_dir.name))


_FENCE_NAMES = {"transposition_table": "tt", "evaluation": "eval"}
_FENCE_FLAGS = frozenset({"iterative", "transposition_table", "quiescence"})


def fence_words(option: Option) -> str:
    """An option as a ``gametree`` fence writes it: ``algorithm=expectiminimax``, ``tt=true``, ``depth=``."""
    name = _FENCE_NAMES.get(option.name, option.name).replace("_", "-")
    value = option.value
    if value is None:
        return f"{name}=true" if option.name in _FENCE_FLAGS else f"{name}="
    if isinstance(value, bool):
        return f"{name}={'true' if value else 'false'}"
    return f"{name}={value}"


def fence_problem(error: Exception, page_path: str, line: int, language: str) -> str:
    """A fence's error as the build reports it: the page, the line (and column), the message."""
    if isinstance(error, InputError):
        where = f"{page_path}:{line}"
        if error.source == FENCE_SOURCE:
            # A problem inside the fence's body: point at the page's own line and column.
            if error.line is not None:
                where = f"{page_path}:{line + error.line}" + (f":{error.column}" if error.column else "")
            error.source = error.line = error.column = None
        return f"{where}: {language} fence: {error.phrased(fence_words)}"
    if isinstance(error, TracerError):
        return f"{page_path}:{line}: {language} fence: {error}"
    return f"{page_path}:{line}: {language} fence: unexpected {type(error).__name__}: {error}"
