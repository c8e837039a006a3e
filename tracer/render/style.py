"""The look of figures: AIMA's notation, two themes, a colour-blind-safe palette, sizes.

Notation (AIMA): a MAX node is an up-triangle, a MIN node a down-triangle, a chance
node a circle, a leaf a box holding its value. Sizes are in points (1/72 inch) and
chosen for projection (the README's "Figures" table gives the sizes figures reach on a
slide; :mod:`~tracer.render.slide` makes a figure for one); :func:`sizes` scales the texts.

Colours come from the Okabe-Ito palette (safe for the common colour-vision
deficiencies), and no meaning rests on colour alone:

============  ==================================================  ==========================
state         drawn as                                            without colour
============  ==================================================  ==========================
unvisited     thin grey outline, grey text                        thin line, light text
on the stack  thick blue outline, α=…, β=… beside it              thick line, the window
current       a wide orange ring round the node                   the ring
done          filled, its value beside it                         fill, the value
pruned        dashed grey outline, a cut mark on its edge, its    dashes, the cut mark
              value (if shown at all) grey and not bold
principal     (final figure) very thick edges                     weight
variation
quiescence    a dotted outline (searched past the depth limit,    the dots
              or standing pat at it)
============  ==================================================  ==========================

The looks are one table of :data:`RULES`: each names the classes an element's group
must have, the element's role and its SVG presentation attributes. Frame files get the
attributes inline (what PowerPoint, Keynote and Inkscape read best); the tutorial's
stepper gets the same table as a CSS style sheet (:func:`stylesheet`) and switches
classes; both fold the rules in the same order, so they agree.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache

__all__ = [
    "FONTS",
    "FONT_FAMILY",
    "RULES",
    "SIZES",
    "THEMES",
    "VALUE_ROLES",
    "Theme",
    "look",
    "sizes",
    "stylesheet",
    "text_width",
    "theme",
]

FONT_FAMILY = "Helvetica, Arial, 'Liberation Sans', 'Nimbus Sans', sans-serif"
"""SVG font list: Helvetica and its metric twins (Arial, Liberation Sans, Nimbus Sans)."""


@dataclass(frozen=True)
class Theme:
    name: str
    background: str
    ink: str  # text and outlines of settled nodes
    muted: str  # not yet visited
    faint: str  # pruned
    fill: str  # node fill before it is settled
    done_fill: str  # settled nodes
    accent: str  # the call stack
    halo: str  # the current node
    cut: str  # cut marks
    legend_fill: str


THEMES: dict[str, Theme] = {
    "light": Theme(
        name="light", background="#ffffff", ink="#1a1a1a", muted="#6e6e6e", faint="#a8a8a8", fill="#ffffff",
        done_fill="#cfe3f3", accent="#0072b2", halo="#e69f00", cut="#d55e00", legend_fill="#f4f4f4",
    ),
    "dark": Theme(
        name="dark", background="#1c1c1e", ink="#f2f2f2", muted="#a0a0a0", faint="#6a6a6a", fill="#1c1c1e",
        done_fill="#2c4b63", accent="#56b4e9", halo="#e69f00", cut="#f07a3a", legend_fill="#2a2a2d",
    ),
}


def theme(name: str) -> Theme:
    """The theme called ``name`` (``light`` or ``dark``); ValueError for others."""
    try:
        return THEMES[name]
    except KeyError:
        raise ValueError(f"unknown theme {name!r}: use " + " or ".join(THEMES)) from None


SIZES = {
    # shapes (points)
    "tri_w": 42.0, "tri_h": 34.0, "circle_d": 36.0, "leaf_h": 28.0, "leaf_min_w": 34.0,
    "board_cell": 14.0, "glyph_w": 16.0, "glyph_h": 13.0,
    # fonts (points)
    "label": 14.0, "label_small": 12.0, "value": 16.0, "window": 12.0, "order": 11.0, "leaf_value": 16.0,
    "move": 12.0, "caption": 15.0, "header": 11.0, "legend": 11.5, "mark": 11.0, "more": 11.0,
    # lines (points)
    "line": 1.6, "thin": 1.2, "thick": 3.2, "halo": 8.0, "pv": 4.5,
    # spacing
    "gap": 4.0, "margin": 12.0, "rank_gap": 30.0, "sibling_gap": 10.0,
}

FONTS = ("label", "label_small", "value", "window", "order", "leaf_value", "move", "caption", "header", "legend", "mark", "more")
"""The keys of :data:`SIZES` that are font sizes (what ``font_scale`` multiplies)."""

VALUE_ROLES = frozenset({"val", "leafval"})
"""Text roles that carry a node's value: a slide preset keeps these at 14 pt or more, every other text at 11."""


@lru_cache(maxsize=64)
def _scaled(font_scale: float) -> tuple[tuple[str, float], ...]:
    out = dict(SIZES)
    for key in FONTS:
        out[key] = SIZES[key] * font_scale
    # shapes that hold a text grow with it (a leaf's box, a board's cells); triangles keep
    # their size and a label that no longer fits goes beside them (anatomy decides)
    out["leaf_h"] = max(SIZES["leaf_h"], round(out["leaf_value"] * 1.75, 2))
    out["leaf_min_w"] = max(SIZES["leaf_min_w"], round(out["leaf_value"] * 2.125, 2))
    out["board_cell"] = max(SIZES["board_cell"], round(out["mark"] * 14 / 11, 2))
    return tuple(out.items())


def sizes(font_scale: float = 1.0) -> dict[str, float]:
    """:data:`SIZES` with every font ``font_scale`` times larger (and the boxes and cells
    that hold a text as large as it needs); the shapes, lines and gaps stay."""
    if font_scale == 1.0:
        return SIZES
    return dict(_scaled(round(font_scale, 4)))


# -- the look of every element, as rules ----------------------------------------------------
# (classes the element's group must all have, the element's role, presentation attributes)
Rule = tuple[frozenset[str], str, dict[str, str]]


def _rules(t: Theme) -> list[Rule]:
    s = SIZES
    w = {name: f"{s[name]:g}" for name in ("line", "thin", "thick", "halo", "pv")}
    r: list[tuple[tuple[str, ...], str, dict[str, str]]] = [
        # nodes: base look, then by status, then the current node and the principal variation
        (("tn",), "shape", {"fill": t.fill, "stroke": t.ink, "stroke-width": w["line"]}),
        (("tn",), "lab", {"fill": t.ink}),
        (("tn",), "val", {"fill": t.ink, "font-weight": "bold"}),
        (("tn",), "alt", {"fill": t.muted}),
        (("tn",), "win", {"fill": t.accent}),
        (("tn",), "ord", {"fill": t.muted, "font-style": "italic"}),
        (("tn",), "leafval", {"fill": t.ink, "font-weight": "bold"}),
        (("tn",), "grid", {"stroke": t.muted, "stroke-width": "1"}),
        (("tn",), "mark", {"fill": t.ink}),
        (("tn",), "glyph", {"fill": t.fill, "stroke": t.ink, "stroke-width": "1.2"}),
        (("tn",), "more", {"fill": t.muted, "font-style": "italic"}),
        (("tn",), "stub", {"stroke": t.muted, "stroke-width": "1", "stroke-dasharray": "2,2"}),
        (("tn",), "stem", {"stroke": t.ink, "stroke-width": w["line"]}),
        (("tn",), "knock", {"fill": t.background, "stroke": "none"}),
        (("tn",), "pawn-dark", {"fill": "#1a1a1a", "stroke": t.ink, "stroke-width": "0.8"}),
        (("tn",), "pawn-light", {"fill": "#ffffff", "stroke": "#1a1a1a", "stroke-width": "0.8"}),
        (("tn",), "halo", {"fill": "none", "stroke": t.halo, "stroke-width": w["halo"], "display": "none"}),
        (("tn", "unvisited"), "shape", {"stroke": t.muted, "stroke-width": w["thin"]}),
        (("tn", "unvisited"), "lab", {"fill": t.muted}),
        (("tn", "unvisited"), "leafval", {"fill": t.muted, "font-weight": "normal"}),
        (("tn", "unvisited"), "mark", {"fill": t.muted}),
        (("tn", "unvisited"), "glyph", {"stroke": t.muted}),
        (("tn", "unvisited"), "pawn-dark", {"fill": t.muted, "stroke": t.muted}),
        (("tn", "unvisited"), "stem", {"stroke": t.muted, "stroke-width": w["thin"]}),
        (("tn", "unvisited"), "pawn-light", {"stroke": t.muted}),
        (("tn", "active"), "shape", {"stroke": t.accent, "stroke-width": w["thick"]}),
        (("tn", "active"), "glyph", {"stroke": t.accent, "stroke-width": "2"}),
        (("tn", "active"), "val", {"fill": t.accent}),
        (("tn", "active"), "stem", {"stroke": t.accent, "stroke-width": w["thick"]}),
        (("tn", "done"), "shape", {"fill": t.done_fill}),
        (("tn", "done"), "glyph", {"fill": t.done_fill}),
        (("tn", "pruned"), "shape", {"fill": t.background, "stroke": t.faint, "stroke-width": w["line"], "stroke-dasharray": "5,3"}),
        (("tn", "pruned"), "lab", {"fill": t.faint}),
        (("tn", "pruned"), "leafval", {"fill": t.faint, "font-weight": "normal"}),
        (("tn", "pruned"), "mark", {"fill": t.faint}),
        (("tn", "pruned"), "glyph", {"stroke": t.faint, "stroke-dasharray": "3,2"}),
        (("tn", "pruned"), "alt", {"fill": t.faint}),
        (("tn", "pruned"), "val", {"fill": t.faint, "font-weight": "normal"}),
        (("tn", "pruned"), "pawn-dark", {"fill": t.faint, "stroke": t.faint}),
        (("tn", "pruned"), "pawn-light", {"stroke": t.faint}),
        (("tn", "pruned"), "stem", {"stroke": t.faint, "stroke-dasharray": "6,4"}),
        (("tn", "pv"), "shape", {"stroke-width": w["thick"]}),
        (("tn", "pv"), "stem", {"stroke-width": w["pv"]}),
        (("tn", "current"), "halo", {"display": "inline"}),
        # quiescence search: a node searched past (or standing pat at) the depth limit has a dotted outline
        (("tn", "quiescence"), "shape", {"stroke-dasharray": "1.5,2.5"}),
        (("tn", "quiescence"), "glyph", {"stroke-dasharray": "1.5,2"}),
        # --pruned-values hide: a pruned node's value is not shown
        (("tn", "pruned", "novalue"), "leafval", {"display": "none"}),
        (("tn", "pruned", "novalue"), "val", {"display": "none"}),
        (("tn", "pruned", "novalue"), "alt", {"display": "none"}),
        # edges
        (("te",), "line", {"stroke": t.ink, "stroke-width": w["line"], "fill": "none"}),
        (("te",), "move", {"fill": t.ink}),
        (("te",), "cut", {"stroke": t.cut, "stroke-width": "2.6", "fill": "none", "display": "none"}),
        (("te", "unvisited"), "line", {"stroke": t.muted, "stroke-width": w["thin"]}),
        (("te", "unvisited"), "move", {"fill": t.muted}),
        (("te", "active"), "line", {"stroke": t.accent, "stroke-width": w["thick"]}),
        (("te", "pruned"), "line", {"stroke": t.faint, "stroke-width": w["line"], "stroke-dasharray": "6,4"}),
        (("te", "pruned"), "move", {"fill": t.faint}),
        (("te", "pv"), "line", {"stroke": t.ink, "stroke-width": w["pv"]}),
        (("te", "cutroot"), "cut", {"display": "inline"}),
        # the figure
        (("fig",), "bg", {"fill": t.background, "stroke": "none"}),
        (("fig",), "caption", {"fill": t.ink}),
        (("fig",), "panel", {"fill": t.ink, "font-weight": "bold"}),
        (("fig",), "header", {"fill": t.muted}),
        (("fig",), "legend", {"fill": t.ink}),
        (("fig",), "legendbox", {"fill": t.legend_fill, "stroke": t.muted, "stroke-width": "0.8"}),
        (("fig",), "note", {"fill": t.muted, "font-style": "italic"}),
    ]
    return [(frozenset(classes), role, attrs) for classes, role, attrs in r]


RULES: dict[str, list[Rule]] = {name: _rules(t) for name, t in THEMES.items()}


@lru_cache(maxsize=4096)
def look(theme_name: str, classes: frozenset[str], role: str) -> tuple[tuple[str, str], ...]:
    """The presentation attributes of a ``role`` element in a group with ``classes``."""
    out: dict[str, str] = {}
    for need, rule_role, attrs in RULES[theme_name]:
        if rule_role == role and need <= classes:
            out.update(attrs)
    return tuple(out.items())


@lru_cache(maxsize=64)  # a site's steppers share one scope (their id token): made once per build
def stylesheet(theme_name: str, scope: str) -> str:
    """The rules as CSS for a figure whose root element has id ``scope`` (for the stepper).

    A rule needing more classes is more specific, and :data:`RULES` lists rules by
    the number of classes they need (a test checks it), so the cascade picks the same
    winner as :func:`look`'s fold. Author CSS overrides SVG presentation attributes,
    so a base figure's inline look gives way to the classes a stepper sets.
    """
    lines = []
    for need, role, attrs in RULES[theme_name]:
        body = "; ".join(f"{name}: {value}" for name, value in attrs.items())
        if need == {"fig"}:
            lines.append(f"#{scope} .{role} {{ {body} }}")
            continue
        kind = "tn" if "tn" in need else "te"
        classes = "." + kind + "".join("." + c for c in sorted(need - {kind}))
        lines.append(f"#{scope} {classes} > .{role} {{ {body} }}")
    return "\n".join(lines) + "\n"


# -- text -----------------------------------------------------------------------------------
# Advance widths of Helvetica (= Arial, Liberation Sans, Nimbus Sans), in 1/1000 em.
_HELVETICA = dict(
    zip(
        " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~",
        (
            278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
            556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
            1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
            667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
            333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
            556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
        ),
    )
)
_OTHER = {"−": 584, "∞": 713, "≤": 584, "≥": 584, "α": 578, "β": 575, "·": 278, "…": 1000, "●": 800, "Σ": 650}


@lru_cache(maxsize=65536)
def text_width(text: str, size: float, bold: bool = False) -> float:
    """Estimated width in points of ``text`` at ``size`` points (Helvetica metrics).

    Wide East Asian characters count one em, other unknown characters 0.62 em;
    bold adds 6%. Used to reserve room in the layout and to wrap captions.
    """
    return _units(text) * size / 1000 * (1.06 if bold else 1.0)


@lru_cache(maxsize=65536)
def _units(text: str) -> int:
    """``text``'s width in thousandths of an em (a whole number: the widths of two texts add up)."""
    units = 0
    for char in text:
        known = _HELVETICA.get(char) or _OTHER.get(char)
        if known is None:
            known = 1000 if unicodedata.east_asian_width(char) in "WF" else 620
        units += known
    return units


def wrap(text: str, width: float, size: float) -> list[str]:
    """``text`` broken into lines no wider than ``width`` points at ``size`` (words kept whole).

    A line's width is the sum of its words' and spaces' (whole thousandths of an em, so the
    sum is exact): each word is measured once, not each line as it grows (a figure wraps the
    caption of every step to size its caption band, hundreds of thousands for a game)."""
    lines: list[str] = []
    current: list[str] = []
    units = 0
    space = _units(" ")
    for word in text.split():
        added = _units(word)
        if current and (units + space + added) * size / 1000 * 1.0 > width:
            lines.append(" ".join(current))
            current, units = [word], added
        else:
            units += space + added if current else added
            current.append(word)
    if current or not lines:
        lines.append(" ".join(current))
    return lines
