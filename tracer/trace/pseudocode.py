"""AIMA-style pseudocode for the search a trace ran, and the line each step executes.

Keywords, functions and statements stay as AIMA's (English) pseudocode writes them, in
every language, as the course's decks show them; the comments (``▷ ...``) and the title
are written through :func:`tracer.words.say`, in the language in use.

The listing follows the variant the trace recorded: minimax, alpha-beta or
expectiminimax; prune on ``>=`` or on ``>``; fail-soft (``return v``), fail-hard
(``return β`` / ``return α``) or own-bound (the node's α or β is its value, as the UNH
CS 730 deck writes it); a depth limit (``IS-CUTOFF``/``EVAL`` instead of
``IS-TERMINAL``/``UTILITY``); move ordering; a transposition table; iterative deepening.
Each line may carry an *anchor* such as ``"max.prune"``; :func:`step_lines` maps every
step of a trace to the index of the line it executes, so a stepper can highlight it.
"""

from __future__ import annotations

from dataclasses import dataclass

from tracer.trace.caption_words import stood_pat
from tracer.trace.model import Trace
from tracer.trace.replay import Replayer
from tracer.words import fail_name, say

__all__ = ["Line", "Pseudocode", "StepLines", "pseudocode_for", "step_lines"]


@dataclass(frozen=True)
class Line:
    text: str
    indent: int = 0
    anchor: str | None = None


@dataclass(frozen=True)
class Pseudocode:
    title: str
    lines: tuple[Line, ...]

    def index(self, anchor: str) -> int | None:
        for number, line in enumerate(self.lines):
            if line.anchor == anchor:
                return number
        return None

    def text(self) -> str:
        return "\n".join("  " * line.indent + line.text for line in self.lines)


def pseudocode_for(trace: Trace) -> Pseudocode:
    """The listing for the algorithm and conventions ``trace`` was searched with."""
    settings = trace.settings
    alphabeta = settings.algorithm == "alphabeta"
    limited = settings.depth is not None or settings.iterative
    soft = settings.conventions.fail == "soft"
    own_bound = settings.conventions.fail == "own-bound"
    strict = not settings.conventions.prune_on_equal
    quiescence = settings.quiescence
    players = _players_in(trace)
    args = "state, α, β" if alphabeta else "state"
    depth_arg = ", depth" if limited else ""
    lines: list[Line] = []

    top = "ALPHA-BETA-SEARCH" if alphabeta else ("EXPECTIMINIMAX" if settings.algorithm == "expectiminimax" else "MINIMAX-SEARCH")
    lines.append(Line(f"function {top}(state) returns a move", 0, "search.head"))
    if settings.iterative:
        lines.append(Line("for depth ← 1, 2, ... until the whole tree is searched or the limit is reached do", 1, "id.loop"))
        call_indent = 2
    else:
        call_indent = 1
    first_call = "−∞, +∞" if alphabeta else ""
    root_call = f"VALUE(state{', ' + first_call if first_call else ''}{', 0' if limited else ''})"
    lines.append(Line(f"v, move ← {root_call}", call_indent, "search.call"))
    lines.append(Line("return move", 1, "search.return"))
    lines.append(Line("▷ " + say("pseudocode.comment.value", "VALUE(s, ...) calls the function of the player to move in s"), 0, None))
    lines.append(Line(""))

    for player in players:
        name = {"max": "MAX-VALUE", "min": "MIN-VALUE", "chance": "CHANCE-VALUE"}[player]
        p = player
        lines.append(Line(f"function {name}({args}{depth_arg})", 0, f"{p}.head"))
        if settings.transposition_table:
            held = "state or a symmetric twin of it" if settings.symmetric_table else "state"
            lines.append(Line(f"if TABLE holds {held}, searched deep enough, and its entry decides here then", 1, f"{p}.tt"))
            lines.append(Line("return the stored value", 2, f"{p}.tt-return"))
        if quiescence and player != "chance":
            lines.append(Line("if IS-CUTOFF(state, depth) and IS-QUIET(state) then return EVAL(state)", 1, f"{p}.terminal"))
        elif limited:
            lines.append(Line("if IS-CUTOFF(state, depth) then return EVAL(state)", 1, f"{p}.terminal"))
        else:
            lines.append(Line("if IS-TERMINAL(state) then return UTILITY(state)", 1, f"{p}.terminal"))
        child_depth = ", depth + 1" if limited else ""
        if player == "chance":
            lines.append(Line("v ← 0", 1, f"{p}.init"))
            lines.append(Line("for each outcome r with probability P(r) do", 1, f"{p}.loop"))
            child_args = f"RESULT(state, r){', α, β' if alphabeta else ''}{child_depth}"
            lines.append(Line(f"v ← v + P(r) · VALUE({child_args})", 2, f"{p}.update"))
            lines.append(Line("return v", 1, f"{p}.return"))
            lines.append(Line(""))
            continue
        actions = "ORDER(ACTIONS(state))" if settings.order != "given" or settings.iterative else "ACTIONS(state)"
        child_args = f"RESULT(state, a){', α, β' if alphabeta else ''}{child_depth}"
        if quiescence:
            lines.extend(_stand_pat(player, alphabeta, soft, own_bound, strict))
            actions = "ORDER(moves)" if settings.order != "given" or settings.iterative else "moves"
        if alphabeta and own_bound:
            if quiescence:
                lines.append(Line("else moves ← ACTIONS(state)", 1, f"{p}.init"))
            lines.extend(_own_bound_loop(player, actions, child_args, strict))
            if settings.transposition_table:
                lines.append(Line(f"store {'α' if player == 'max' else 'β'} in TABLE for state", 1, f"{p}.store"))
            lines.append(Line(f"return {'α' if player == 'max' else 'β'}", 1, f"{p}.return"))
            lines.append(Line(""))
            continue
        worst = "−∞" if player == "max" else "+∞"
        if quiescence:
            lines.append(Line(f"else v, moves ← {worst}, ACTIONS(state)", 1, f"{p}.init"))
        else:
            lines.append(Line(f"v ← {worst}", 1, f"{p}.init"))
        lines.append(Line(f"for each a in {actions} do", 1, f"{p}.loop"))
        better = ">" if player == "max" else "<"
        lines.append(Line(f"v2 ← VALUE({child_args})", 2, f"{p}.call"))
        lines.append(Line(f"if v2 {better} v then v, move ← v2, a", 2, f"{p}.update"))
        if alphabeta:
            if player == "max":
                test = "v > β" if strict else "v ≥ β"
                returned = "v" if soft else "β"
                lines.append(Line(f"if {test} then return {returned}, move", 2, f"{p}.prune"))
                lines.append(Line("α ← MAX(α, v)", 2, f"{p}.alpha"))
            else:
                test = "v < α" if strict else "v ≤ α"
                returned = "v" if soft else "α"
                lines.append(Line(f"if {test} then return {returned}, move", 2, f"{p}.prune"))
                lines.append(Line("β ← MIN(β, v)", 2, f"{p}.beta"))
        if settings.transposition_table:
            lines.append(Line("store v in TABLE for state", 1, f"{p}.store"))
        final = "v"
        if alphabeta and not soft:
            final = "α" if player == "max" else "β"
        lines.append(Line(f"return {final}, move", 1, f"{p}.return"))
        lines.append(Line(""))
    while lines and not lines[-1].text:
        lines.pop()
    return Pseudocode(title=_title(settings.algorithm, strict, settings.conventions.fail), lines=tuple(lines))


def _title(algorithm: str, strict: bool, fail: str) -> str:
    """``Alpha-beta search (prune on ≥, fail-soft)``, ``Minimax search``, ``Expectiminimax``."""
    if algorithm == "alphabeta":
        return say("pseudocode.title.alphabeta", "Alpha-beta search (prune on {relation}, {fail})",
                   relation=">" if strict else "≥", fail=fail_name(fail))
    if algorithm == "minimax":
        return say("pseudocode.title.minimax", "Minimax search")
    return say("pseudocode.title.expectiminimax", "Expectiminimax")


def _stand_pat(player: str, alphabeta: bool, soft: bool, own_bound: bool, strict: bool) -> list[Line]:
    """Quiescence search: at (or past) the depth limit a node that is not quiet stands pat on its
    static value and searches only its noisy moves; the stand-pat value meets the window first."""
    p = player
    lines = [Line("if IS-CUTOFF(state, depth) then  ▷ " + say("pseudocode.comment.quiesce", "not quiet: quiescence search"), 1, f"{p}.quiesce")]
    own, combine = ("α", "MAX") if player == "max" else ("β", "MIN")
    if alphabeta and own_bound:
        test = (f"α {'>' if strict else '≥'} β") if player == "max" else (f"β {'<' if strict else '≤'} α")
        lines += [
            Line(f"{own} ← {combine}({own}, EVAL(state)); moves ← NOISY-MOVES(state)  ▷ " + say("pseudocode.comment.stand-pat", "standing pat"), 2, f"{p}.stand-pat"),
            Line(f"if {test} then return {own}", 2, f"{p}.stand-pat-prune"),
        ]
        return lines
    lines.append(Line("v, moves ← EVAL(state), NOISY-MOVES(state)  ▷ " + say("pseudocode.comment.stand-pat", "standing pat"), 2, f"{p}.stand-pat"))
    if alphabeta:
        if player == "max":
            test = "v > β" if strict else "v ≥ β"
            returned = "v" if soft else "β"
        else:
            test = "v < α" if strict else "v ≤ α"
            returned = "v" if soft else "α"
        lines.append(Line(f"if {test} then return {returned}, null", 2, f"{p}.stand-pat-prune"))
        lines.append(Line(f"{own} ← {combine}({own}, v)", 2, f"{p}.stand-pat-bound"))
    return lines


def _own_bound_loop(player: str, actions: str, child_args: str, strict: bool) -> list[Line]:
    """The loop as the UNH CS 730 deck writes it: the node's own bound is its value.

    MAX: ``α ← max(α, MIN-VALUE(child, α, β)); when α ≥ β, return α``; MIN the same with β.
    A child's value, the bound it moves and the test are one line each, as on the slide.
    """
    p = player
    own, combine = ("α", "MAX") if player == "max" else ("β", "MIN")
    test = (f"α {'>' if strict else '≥'} β") if player == "max" else (f"β {'<' if strict else '≤'} α")
    return [
        Line(f"for each a in {actions} do", 1, f"{p}.loop"),
        Line(f"{own} ← {combine}({own}, VALUE({child_args}))", 2, f"{p}.update"),
        Line(f"if {test} then return {own}", 2, f"{p}.prune"),
    ]


def _players_in(trace: Trace) -> list[str]:
    """The player functions the listing needs, in the order MAX, MIN, CHANCE."""
    present = {node.type for node in trace.tree.preorder()}
    present.update(trace.tree.players)
    if trace.is_game:
        present.update(("max", "min"))
        if trace.game.has_chance:
            present.add("chance")
    return [p for p in ("max", "min", "chance") if p in present]


def _function_of(trace: Trace, path: tuple[int, ...]) -> str:
    """Which player's function a node is searched by (a leaf by the one whose turn it would be)."""
    tree = trace.tree
    node = tree.node(path) if path in tree else None
    if node is not None and node.type != "leaf":
        return node.type
    players = tree.players
    if players:
        return players[len(path) % len(players)]
    parent = tree.node(path[:-1]) if path and path[:-1] in tree else None
    if parent is not None:
        return {"max": "min", "min": "max"}.get(parent.type, "max")
    return "max"


_ANCHORS = {
    "enter": "head",
    "evaluate": "terminal",
    "order": "loop",
    "backup": "update",
    "chance_backup": "update",
    "alpha": "alpha",
    "beta": "beta",
    "cutoff": "prune",
    "tt_hit": "tt-return",
    "tt_store": "store",
    "leave": "return",
    "quiesce": "stand-pat",
    "tt_twin": "tt",
}


# where a listing writes two steps on one line (own-bound: the child's value moves α on the line that calls it)
_SHARED_LINES = {"alpha": "update", "beta": "update", "stand-pat-bound": "stand-pat"}


def step_lines(trace: Trace, code: Pseudocode | None = None) -> list[int | None]:
    """For each step 1..n of ``trace``, the index of the pseudocode line it executes."""
    lines = StepLines(trace, code)
    for replayer in Replayer(trace).steps():
        lines.note_step(replayer)
    return lines.lines


class StepLines:
    """:func:`step_lines` told one step at a time by a walk over the trace (:meth:`note_step` after
    each event), so that a walk made for other readers too (a figure's) serves it: :attr:`lines`."""

    def __init__(self, trace: Trace, code: Pseudocode | None = None) -> None:
        self.trace = trace
        self.code = code or pseudocode_for(trace)
        self.lines: list[int | None] = []
        self._cache: dict[str, int | None] = {}
        self._returned_at: dict[tuple[int, ...], str] = {}  # where a node's function returned, if not at its end

    def _index(self, anchor: str) -> int | None:
        if anchor not in self._cache:
            self._cache[anchor] = self.code.index(anchor)
        return self._cache[anchor]

    def note_step(self, replayer: Replayer) -> None:
        kind, path = replayer.kind, replayer.node
        assert kind is not None
        if path is None:  # the iteration markers
            self.lines.append(self._index("id.loop"))
            return
        function = _function_of(self.trace, path)
        anchor = _ANCHORS[kind]
        if kind in ("cutoff", "alpha", "beta") and stood_pat(replayer, path):  # the stand-pat value met the window
            anchor = "stand-pat-prune" if kind == "cutoff" else "stand-pat-bound"
        if kind == "enter":
            self._returned_at.pop(path, None)
        elif kind in ("cutoff", "evaluate", "tt_hit"):
            self._returned_at[path] = anchor  # the function returns on this line
        elif kind == "leave":
            anchor = self._returned_at.pop(path, anchor)
        line = self._index(f"{function}.{anchor}")
        if line is None and anchor in _SHARED_LINES:
            line = self._index(f"{function}.{_SHARED_LINES[anchor]}")
        self.lines.append(line)
