"""Captions: what happened at each step of a search, and why, in plain words: the one narrator.

:func:`captions` gives one sentence (or two) per step of a trace: ``captions(trace)[k]``
describes step k, the k-th event (``trace[k - 1]``), and ``captions(trace)[0]`` the state
before the search. :func:`caption` gives one step's, :func:`key_steps` the steps an
answer key lists. Figures print them under each frame; the steppers, the HTML player
and the exercise keys show the same words. They name nodes the way the figure does and
state each cutoff test as the trace's conventions wrote it (``≥``/``≤`` when pruning on
equality, ``>``/``<`` otherwise), in the notation of the figures:

>>> import tracer
>>> trace = tracer.alphabeta("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]")
>>> caption(trace, 24)
'C: v = 2 ≤ α = 3, so MAX will never choose C; its other children (I, J) are pruned.'
>>> strict = tracer.alphabeta("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]", prune_on_equal=False)
>>> caption(strict, 24)
'C: v = 2 < α = 3, so MAX will never choose C; its other children (I, J) are pruned.'

Every sentence goes through :mod:`tracer.words` with a message id. The facts come from
one :class:`~tracer.trace.replay.Replayer`; nothing here reads the events itself.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass

from tracer.game.model import NodePath, Tree
from tracer.trace.caption_words import Told, node_namer, order_words, start_caption, stood_pat, symmetry_image
from tracer.trace.model import Trace
from tracer.trace.replay import Replayer
from tracer.words import bounded, cutoff_test, evaluation_sum, node_kind, number, say, say_n, window

__all__ = ["KeyStep", "StepCaptions", "caption", "captions", "key_steps", "node_namer", "start_caption"]


def captions(trace: Trace, labels: str = "letters", steps: Collection[int] | None = None) -> Sequence[str]:
    """One caption per step: ``len(trace) + 1`` strings, step 0 (before the search) first.

    With ``steps``, only those steps' captions are written (the others are ``""``, and only
    the written ones are held: :class:`Told`): a figure of every 382nd step of a long trace
    tells only the steps it shows.
    """
    told = StepCaptions(trace, labels, steps)
    replayer = Replayer(trace)
    while replayer.step < told.last:
        replayer.apply_next()
        told.note_step(replayer)
    return told.captions


class StepCaptions:
    """Captions written as a walk goes (:meth:`note_step` after each step), so that one walk
    over a long trace can serve them and other readers; ``captions`` holds them, ``""`` for
    a step not among ``steps`` (None: every step). ``last`` is the last step wanted."""

    def __init__(self, trace: Trace, labels: str = "letters", steps: Collection[int] | None = None, tree: Tree | None = None) -> None:
        total = len(trace)
        self.wanted = None if steps is None else set(steps)
        if self.wanted is not None and any(not 0 <= step <= total for step in self.wanted):
            raise IndexError(f"steps must lie in 0..{total}")
        self.narrator = Narrator(trace, labels, tree)
        self.captions: list[str] | Told = [""] * (total + 1) if self.wanted is None else Told(total)
        if self.wanted is None or 0 in self.wanted:
            self.captions[0] = start_caption(trace, labels, tree)
        self.last = total if self.wanted is None else max(self.wanted, default=0)

    def note_step(self, replayer: Replayer) -> None:
        """Tell the step ``replayer`` has just applied, if it is wanted."""
        if self.wanted is None or replayer.step in self.wanted:
            self.captions[replayer.step] = self.narrator.tell(replayer)


def caption(trace: Trace, step: int, labels: str = "letters") -> str:
    """The caption of step ``step`` (0 = before the search; ``len(trace)`` = the last event), replaying
    the events up to it (a caption can depend on what came before, such as the v a backup improves
    on); :func:`captions` tells many steps in one walk."""
    return captions(trace, labels, steps=(step,))[step]


@dataclass(frozen=True)
class KeyStep:
    """One step as an answer key lists it."""

    number: int  # the trace step (1 is the first event), as the figures number their frames
    node: str  # the label of the node it happens at
    text: str


def key_steps(trace: Trace) -> list[KeyStep]:
    """The steps an answer key lists, with the figures' captions: a leaf's entering and
    returning, move ordering, the transposition table and iteration markers are left out."""
    tree = trace.tree
    narrator = Narrator(trace, "letters")
    out: list[KeyStep] = []
    for replayer in Replayer(trace).steps():
        path, kind = replayer.node, replayer.kind
        if path is None or path not in tree or kind in ("order", "tt_hit", "tt_store", "tt_twin"):
            continue
        node = tree.node(path)
        if kind in ("enter", "leave") and node.is_leaf:
            continue
        out.append(KeyStep(replayer.step, node.label, narrator.tell(replayer)))
    return out


class Narrator:
    """Tells the step a :class:`Replayer` has just applied, reading its state."""

    def __init__(self, trace: Trace, labels: str = "letters", tree: Tree | None = None) -> None:
        self.trace = trace
        self.tree = tree if tree is not None else trace.tree  # a figure's may be the top of a game's tree
        self.name = node_namer(trace, labels, self.tree)
        self.conventions = trace.conventions
        self.alphabeta = trace.algorithm == "alphabeta"
        self._tellers: dict[str, Callable[[Replayer], str]] = {
            "enter": self._enter, "evaluate": self._evaluate, "order": self._order, "backup": self._backup,
            "chance_backup": self._chance_backup, "alpha": self._alpha, "beta": self._beta, "cutoff": self._cutoff,
            "tt_hit": self._tt_hit, "tt_store": self._tt_store, "leave": self._leave,
            "iteration_start": self._iteration_start, "iteration_end": self._iteration_end,
            "quiesce": self._quiesce, "tt_twin": self._tt_twin,
        }
        self.explain = getattr(trace.game, "explain", None) if trace.is_game else None
        self.quiescence = trace.settings.quiescence

    def tell(self, replayer: Replayer) -> str:
        """The caption of the step ``replayer`` has just applied."""
        assert replayer.kind is not None
        return self._tellers[replayer.kind](replayer)

    def called(self, replayer: Replayer, path: NodePath) -> str:
        """``C (MIN)``: a node's name and its kind."""
        return say("caption.node", "{node} ({kind})", node=self.name(path), kind=node_kind(replayer.type_of(path)))

    # -- one sentence per kind of event ------------------------------------------------------------
    def _enter(self, replayer: Replayer) -> str:
        path = replayer.node
        assert path is not None
        alpha, beta = replayer.called_with(path)
        if alpha is None:
            return say("caption.visit", "Visit {node}.", node=self.called(replayer, path))
        return say(
            "caption.enter", "Enter {node} with [α, β] = {window}.", node=self.called(replayer, path), window=window(alpha, beta),
        )

    def _evaluate(self, replayer: Replayer) -> str:
        path = replayer.node
        assert path is not None
        story = replayer.stories[path]
        assert story.evaluation is not None
        value, source = story.evaluation
        name, shown = self.name(path), number(value)
        is_game = self.trace.is_game
        if source == "utility" or replayer.type_of(path) == "leaf":
            if not is_game:
                return say("caption.leaf", "{node} is a leaf: its value is {value}.", node=name, value=shown)
            if source == "utility":
                return say("caption.utility", "{node} is the end of the game: its utility is {value}.", node=name, value=shown)
            return say(
                "caption.end.evaluated", "{node} is the end of the game: the evaluation function scores it {value}.", node=name, value=shown,
            )
        shown = self._eval_sum(path, value)
        if self.quiescence and replayer.quiescence and path in replayer.quiescence:
            return say("caption.quiet.below", "{node} is quiet: quiescence stops here, and the evaluation function scores it {value}.",
                       node=name, value=shown)
        if self.quiescence:
            return say(
                "caption.depth.cut.quiet", "The depth limit stops the search at {node}, which is quiet: the evaluation function scores it {value}.",
                node=name, value=shown,
            )
        return say(
            "caption.depth.cut", "The depth limit stops the search at {node}: the evaluation function scores it {value}.",
            node=name, value=shown,
        )

    def _eval_sum(self, path: NodePath, value: float) -> str:
        """The value, or with a weighted evaluation its sum: ``EVAL = 9·1 + 3·(−1) = 6 (queens 1, knights −1)``."""
        if self.explain is None or path not in self.tree:
            return number(value)
        explained = self.explain(self.tree.node(path).state)
        if explained.outcome is not None:
            return number(value)
        terms = [(term.feature, term.weight, term.value) for term in explained.terms]
        return evaluation_sum(terms, value)

    def _quiesce(self, replayer: Replayer) -> str:
        path = replayer.node
        assert path is not None
        story = replayer.stories[path]
        name = self.name(path)
        children = ", ".join(self.name(child) for child in story.noisy or ())
        return say(
            "caption.quiesce",
            "{node} is not quiet: the search goes on past the depth limit through its noisy moves only ({children}); "
            "standing pat, {node} is worth {value}.",
            node=name, children=children, value=self._eval_sum(path, story.stand_pat),  # type: ignore[arg-type]
        )

    def _tt_twin(self, replayer: Replayer) -> str:
        path = replayer.node
        assert path is not None
        twin, index = replayer.stories[path].table_twin  # type: ignore[misc]
        symmetries = getattr(self.trace.game, "symmetries", ())
        image = symmetry_image(symmetries[index].name) if index < len(symmetries) else say("symmetry.unknown", "a symmetric twin")
        return say("caption.tt.twin", "{node}: the transposition table holds {image}, which {twin} stored: twins have the same value.",
                   node=self.name(path), image=image, twin=self.name(twin))

    def _order(self, replayer: Replayer) -> str:
        event = replayer.event
        path, children, keys = event.node, event.children, event.keys  # type: ignore[union-attr]
        order = self.trace.settings.order
        if self.trace.settings.iterative:
            how = say("order.previous", "by the values the previous iteration found, best first")
        else:
            how = order_words(order)
        names = [self.name(child) for child in children]
        # the values the order rests on, so a student can check it (not random draws)
        if keys and order != "random" and len(keys) == len(children) and all(isinstance(k, (int, float)) for k in keys):
            names = [say("caption.order.item", "{node} ({value})", node=name, value=number(key)) for name, key in zip(names, keys)]
        return say("caption.order", "{node} orders its children {how}: {children}.", node=self.name(path), how=how, children=", ".join(names))

    def _backup(self, replayer: Replayer) -> str:
        path = replayer.node
        assert path is not None
        story = replayer.stories[path]
        index = len(story.children) - 1
        result = story.children[index]
        before, v = story.v_before(index), result.v
        kind = replayer.type_of(path)
        fields = {
            "node": self.name(path), "kind": node_kind(kind), "child": self.name(result.child), "value": number(result.value),
            "v": number(v),
        }
        if before is None:
            text = say("caption.backup.first", "{node} ({kind}): {child} returns {value}, so v = {v}.", **fields)
        elif v != before:
            if kind == "max":
                text = say("caption.backup.higher", "{node} ({kind}): {child} returns {value}, higher than v = {before}, so v = {v}.",
                           before=number(before), **fields)
            else:
                text = say("caption.backup.lower", "{node} ({kind}): {child} returns {value}, lower than v = {before}, so v = {v}.",
                           before=number(before), **fields)
        else:
            text = say("caption.backup.same", "{node} ({kind}): {child} returns {value}, no better for {kind} than v = {v}; v stays {v}.",
                       **fields)
        if self.alphabeta and not self.conventions.prune_on_equal and replayer.upcoming != "cutoff" and self._more_children(path):
            alpha, beta = replayer.window.get(path, (None, None))
            if kind == "max" and beta is not None and v == beta:
                text += " " + say("caption.strict.max", "v = β = {beta}, but this convention prunes only when v > β: the search goes on.",
                                  beta=number(beta))
            elif kind == "min" and alpha is not None and v == alpha:
                text += " " + say("caption.strict.min", "v = α = {alpha}, but this convention prunes only when v < α: the search goes on.",
                                  alpha=number(alpha))
        return text

    def _more_children(self, path: NodePath) -> bool:
        return path in self.tree and self.tree.child_count(path) > 1

    def _chance_backup(self, replayer: Replayer) -> str:
        path = replayer.node
        assert path is not None
        result = replayer.stories[path].children[-1]
        return say(
            "caption.chance",
            "{node} (chance): {child} returns {value} with probability {p}; adding {p} × {value} makes the weighted sum {v}.",
            node=self.name(path), child=self.name(result.child), value=number(result.value), p=number(result.probability),
            v=number(result.v),
        )

    def _alpha(self, replayer: Replayer) -> str:
        event = replayer.event
        return say(
            "caption.alpha", "{node}: α rises from {old} to {new}: MAX can already guarantee {new} on this path.",
            node=self.name(event.node), old=number(event.old), new=number(event.new),  # type: ignore[union-attr]
        )

    def _beta(self, replayer: Replayer) -> str:
        event = replayer.event
        return say(
            "caption.beta", "{node}: β falls from {old} to {new}: MIN can already hold MAX to {new} on this path.",
            node=self.name(event.node), old=number(event.old), new=number(event.new),  # type: ignore[union-attr]
        )

    def _cutoff(self, replayer: Replayer) -> str:
        path = replayer.node
        assert path is not None
        cut = replayer.stories[path].cutoff
        assert cut is not None
        kind = replayer.type_of(path)
        test = cutoff_test(kind, self.conventions.prune_on_equal, cut.v, cut.alpha, cut.beta)
        name = self.name(path)
        if kind == "max":
            why = say("caption.cutoff.why.max", "so MIN will never let play reach {node}", node=name)
        else:
            why = say("caption.cutoff.why.min", "so MAX will never choose {node}", node=name)
        if cut.pruned and stood_pat(replayer, path):
            rest = say("caption.cutoff.stand-pat", "standing pat is enough, and its noisy moves ({children}) are pruned",
                       children=", ".join(self.name(p) for p in cut.pruned))
        elif cut.pruned:
            rest = say("caption.cutoff.pruned", "its other children ({children}) are pruned",
                       children=", ".join(self.name(p) for p in cut.pruned))
        else:
            rest = say("caption.cutoff.none", "it has no other children left to prune")
        return say("caption.cutoff", "{node}: {test}, {why}; {rest}.", node=name, test=test, why=why, rest=rest)

    def _tt_hit(self, replayer: Replayer) -> str:
        path = replayer.node
        assert path is not None
        hit = replayer.stories[path].table_hit
        assert hit is not None
        value, bound, _depth = hit
        name, shown = self.name(path), number(value)
        twin = replayer.stories[path].table_twin
        if twin is not None:
            fields = {"node": name, "value": shown, "twin": self.name(twin[0])}
            if bound == "lower":
                return say("caption.tt.hit.twin.lower", "{node}: by symmetry it is worth at least {value}, as {twin} is; "
                           "it is not searched again.", **fields)
            if bound == "upper":
                return say("caption.tt.hit.twin.upper", "{node}: by symmetry it is worth at most {value}, as {twin} is; "
                           "it is not searched again.", **fields)
            return say("caption.tt.hit.twin", "{node}: by symmetry it is worth exactly {value}, as {twin} is; "
                       "it is not searched again.", **fields)
        if bound == "lower":
            return say("caption.tt.hit.lower", "{node}: the transposition table already holds this position, worth at least {value}; "
                       "it is not searched again.", node=name, value=shown)
        if bound == "upper":
            return say("caption.tt.hit.upper", "{node}: the transposition table already holds this position, worth at most {value}; "
                       "it is not searched again.", node=name, value=shown)
        return say("caption.tt.hit", "{node}: the transposition table already holds this position, worth exactly {value}; "
                   "it is not searched again.", node=name, value=shown)

    def _tt_store(self, replayer: Replayer) -> str:
        event = replayer.event
        name, value, bound = self.name(event.node), event.value, event.bound  # type: ignore[union-attr]
        return say("caption.tt.store", "{node}: its value ({value}) is stored in the transposition table.", node=name, value=bounded(value, bound))

    def _leave(self, replayer: Replayer) -> str:
        path = replayer.node
        assert path is not None
        story = replayer.stories[path]
        value, bound = story.returned, story.bound
        name = self.name(path)
        clamp = ""
        if self.alphabeta and self.conventions.fail == "hard" and story.v is not None and story.v != value:
            clamp = " " + say("caption.clamp", "(fail-hard: v = {v} is clamped into [α, β] = {window})",
                              v=number(story.v), window=window(story.alpha, story.beta))
        elif self.alphabeta and self.conventions.fail == "own-bound" and story.v is not None and story.v != value:
            if story.type == "max":
                clamp = " " + say("caption.own-bound.max", "(own bound: α = {alpha} is higher than v = {v}, so MAX returns α)",
                                  alpha=number(value), v=number(story.v))
            else:
                clamp = " " + say("caption.own-bound.min", "(own bound: β = {beta} is lower than v = {v}, so MIN returns β)",
                                  beta=number(value), v=number(story.v))
        note = ""
        if bound == "lower":
            note = say("caption.bound.lower", ": a lower bound, as {node}'s true value is ≥ {value}", node=name, value=number(value))
        elif bound == "upper":
            note = say("caption.bound.upper", ": an upper bound, as {node}'s true value is ≤ {value}", node=name, value=number(value))
        if path:
            return say("caption.return", "{node} returns {value} to {parent}{clamp}{note}.",
                       node=name, value=number(value), parent=self.name(path[:-1]), clamp=clamp, note=note)
        depth = self.trace.settings.depth
        if depth is not None:
            seen = say_n("caption.root.depth", "as far as a search {n} ply deep can tell, ", "as far as a search {n} plies deep can tell, ",
                         depth, n=depth)
        else:
            seen = ""
        text = say("caption.root", "{node} returns {value}{clamp}{note}; {seen}this is the value of the game",
                   node=name, value=number(value), clamp=clamp, note=note, seen=seen)
        best = story.best
        kind = replayer.type_of(path)
        if best is not None and kind in ("max", "min"):
            move = self.tree.node(best).move if best in self.tree else None
            if move:
                text += say("caption.root.move.named", ", and {kind} moves to {child} ({move})",
                            kind=node_kind(kind), child=self.name(best), move=move)
            else:
                text += say("caption.root.move", ", and {kind} moves to {child}", kind=node_kind(kind), child=self.name(best))
        return text + "."

    def _iteration_start(self, replayer: Replayer) -> str:
        return say("caption.iteration.start", "Iterative deepening: a new search with depth limit {depth} begins at the root.",
                   depth=replayer.iteration)

    def _iteration_end(self, replayer: Replayer) -> str:
        event = replayer.event
        depth, value, best = event.depth, event.value, event.best  # type: ignore[union-attr]
        if best is not None:
            return say("caption.iteration.end.best", "The search to depth {depth} is done: value {value}, best move to {child}.",
                       depth=depth, value=number(value), child=self.name(best))
        return say("caption.iteration.end", "The search to depth {depth} is done: value {value}.", depth=depth, value=number(value))


def iter_captions(trace: Trace, labels: str = "letters") -> Iterator[str]:
    """The captions of every step, one at a time (for long traces)."""
    yield start_caption(trace, labels)
    narrator = Narrator(trace, labels)
    for replayer in Replayer(trace).steps():
        yield narrator.tell(replayer)
