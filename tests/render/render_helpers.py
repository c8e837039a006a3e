"""Reading our SVG back with xml.etree (an independent parser) for the tests."""

from __future__ import annotations

import xml.etree.ElementTree as ET

AIMA = "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"
"""AIMA's Figure 5.2 tree: alpha-beta prunes the second and third leaves of C (Figure 5.5)."""

NASTY = {
    "label": "root",
    "children": [
        {"label": 'say "hi"', "children": [1, {"label": "a{b}c", "value": 2}]},
        {"label": "x<y&z>", "children": [{"label": "back\\slash\\N", "value": 3}, {"label": "ÄÖ€ ∞ 漢字", "value": 4}]},
    ],
}
"""Labels every output must escape: quotes, braces, <, &, backslashes (with a DOT escape), non-ASCII."""


NS = {"s": "http://www.w3.org/2000/svg"}
SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def groups(root: ET.Element, prefix: str | None = None) -> dict[str, ET.Element]:
    """Every <g> with an id, by id."""
    return {g.get("id"): g for g in root.iter(SVG + "g") if g.get("id")}


def shape_box(group: ET.Element) -> tuple[float, float, float, float]:
    """The bounding box (x0, y0, x1, y1) of a node group's shape."""
    for el in group:
        if el.get("class") != "shape":
            continue
        tag = el.tag.replace(SVG, "")
        if tag == "polygon":
            points = [tuple(map(float, p.split(","))) for p in el.get("points").split()]
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            return min(xs), min(ys), max(xs), max(ys)
        if tag == "rect":
            x, y, w, h = (float(el.get(k)) for k in ("x", "y", "width", "height"))
            return x, y, x + w, y + h
        if tag == "circle":
            cx, cy, r = (float(el.get(k)) for k in ("cx", "cy", "r"))
            return cx - r, cy - r, cx + r, cy + r
    raise AssertionError("no shape in group " + str(group.get("id")))


def node_boxes(svg: str) -> dict[str, tuple[float, float, float, float]]:
    root = parse(svg)
    return {
        gid: shape_box(g) for gid, g in groups(root).items() if (g.get("class") or "").startswith("tn") and "-legend" not in gid
    }


def texts(group: ET.Element) -> dict[str, str]:
    """A group's texts by their class (role)."""
    return {el.get("class"): "".join(el.itertext()) for el in group if el.tag == SVG + "text"}


def canvas(svg: str) -> tuple[str, str, str]:
    root = parse(svg)
    return root.get("width"), root.get("height"), root.get("viewBox")
