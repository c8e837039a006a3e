"""What a stepper in a web page needs: one SVG of the tree, then per-step changes.

:func:`base_svg` is the tree at step 0 with every element a step can show (hidden ones
carry ``display="none"``, empty texts are empty). Ids are stable and prefixed by the
figure's ``prefix`` (``P`` below), so many figures can share a page:

* ``P-n`` is the root's group, ``P-n-1-0`` the group of the node at path ``1.0``;
  its class is ``tn <type> <status> [current] [collapsed] [pv] [quiescence]`` with type ``max``,
  ``min``, ``chance`` or ``leaf`` and status ``unvisited``, ``active`` (on the call
  stack), ``done`` or ``pruned``; its texts are ``P-n-1-0-val`` (v or the value with
  its bound), ``P-n-1-0-win`` (the window, ``α=3, β=+∞``) and ``P-n-1-0-ord`` (evaluation order);
* ``P-e-1-0`` is the group of the edge into node ``1.0``: class ``te <status of the
  child> [cutroot]`` (``cutroot``: a cut mark, the child was pruned here).

:func:`step_paints` returns one dictionary per step; ``[0]`` holds the state of every
drawn node at step 0, and each later one only what changed at its step, so the whole
payload grows with nodes + steps, not nodes x steps::

    {"step": 24,
     "caption": "C: v = 2 ≤ α = 3, so MAX will never choose C; ...",
     "nodes": {"1": {"class": "tn min active current", "val": "≤ 2", "win": "α=3, β=+∞", "ord": ""},
               "1.1": {"class": "tn leaf pruned", "val": "", "win": "", "ord": ""}},
     "edges": {"1.1": "te pruned cutroot"}}

Node keys are paths as users write them (``""`` for the root). To show step k, apply
paints 0..k in order: set each node group's ``class`` and its texts' ``textContent``,
and each edge group's ``class``; :func:`~tracer.render.style.stylesheet` (a figure's
``stylesheet()``, ``tracer.render.stepper_css``) makes the classes look as the frame
files do. The one player (:mod:`tracer.render.player`, ``assets/player.js``) does this
on the site, in ``--html`` pages and in ``steps.html``, and documents the page's payload
that carries these paints; the notebook stepper (:mod:`tracer.render.jupyter`) paints
the base SVG in Python the same way.

The public doors are ``tracer.render.base_svg``, ``tracer.render.paints`` and
``tracer.render.stepper_css`` (or a :class:`~tracer.render.Figure`'s ``base()``,
``paints()`` and ``stylesheet()``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from tracer.errors import path_text
from tracer.game.model import NodePath
from tracer.render.document import compose, svg_document
from tracer.render.scene import Scene
from tracer.render.visuals import StepVisuals

__all__ = ["base_svg", "step_paints"]


def base_svg(scene: Scene, visuals: StepVisuals, *, theme: str, prefix: str) -> str:
    """Step 0 with every slot a stepper may fill (see the module's documentation)."""
    nodes, edges = visuals.first()
    height, groups = compose(scene, nodes, edges, header=False, caption=None, slots=True)
    return svg_document(scene.width, height, groups, title=None, theme=theme, prefix=prefix, slots=True)


def step_paints(
    visuals: StepVisuals, captions: Sequence[str], steps: Iterable[int] | None = None, progress: Callable[[int], Any] | None = None
) -> list[dict[str, Any]]:
    """Per-step changes for a stepper (see the module's documentation).

    With ``steps``, one paint per chosen step, holding every change since the
    previous chosen step (the first: since the start), so a player of a long trace
    can show every 100th step without carrying the others. ``progress(n)`` is told
    of every 10,000 steps walked.
    """
    out: list[dict[str, Any]] = []
    names: dict[NodePath, str] = {}  # each path's text, and each look's paint, made once
    node_looks: dict[Any, dict[str, str]] = {}
    edge_looks: dict[tuple[str, ...], str] = {}
    for step, changed, nodes, edges in visuals.states(steps, progress):
        node_paint: dict[str, dict[str, str]] = {}
        edge_paint: dict[str, str] = {}
        for path in sorted(changed):
            name = names.get(path)
            if name is None:
                name = names[path] = path_text(path)
            visual = nodes[path]
            paint = node_looks.get(visual)
            if paint is None:
                classes, (val, win, _alt, order) = visual
                paint = node_looks[visual] = {"class": " ".join(classes), "val": val, "win": win, "ord": order}
            node_paint[name] = paint
            if path:
                edge = edges[path]
                text = edge_looks.get(edge)
                if text is None:
                    text = edge_looks[edge] = " ".join(edge)
                edge_paint[name] = text
        out.append({"step": step, "caption": captions[step], "nodes": node_paint, "edges": edge_paint})
    return out
