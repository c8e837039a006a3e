"""A self-contained HTML player for a trace: one file, no network, every step inside.

The page holds the figure once (:func:`~tracer.render.frames.base_svg`), the per-step
changes (:func:`~tracer.render.frames.paints`) as JSON, the style sheet that gives the
classes their look, and the final figure; a small script applies the changes. So the
file grows with nodes + steps, not nodes x steps, and every frame of the trace is in
it. Controls: first, previous, play/pause (with a speed), next, last, a slider, the
arrow keys, Home/End and the space bar; ``#step=N`` in the address opens step N.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

from tracer.render.frames import Figure
from tracer.render.style import theme as get_theme

__all__ = ["player_html", "script_json"]


def script_json(data: Any) -> str:
    """JSON safe inside ``<script type="application/json">``: no ``<`` can end the element."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


_TEMPLATE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="tracer">
<title>{{ title }}</title>
<style>
:root { color-scheme: {{ scheme }}; }
body { margin: 0; background: {{ bg }}; color: {{ ink }}; font-family: Helvetica, Arial, sans-serif; }
main { max-width: {{ max_width }}px; margin: 0 auto; padding: 12px 16px 24px; }
h1 { font-size: 18px; font-weight: normal; margin: 4px 0 10px; color: {{ muted }}; }
.figure { overflow-x: auto; }
.figure svg { width: 100%; min-width: {{ min_width }}px; height: auto; display: block; }
#final { display: none; }
body.show-final #final { display: block; }
body.show-final #steps { display: none; }
#caption { font-size: 20px; line-height: 1.35; min-height: 2.8em; margin: 10px 0; }
.controls { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
.controls button, .controls select { font-size: 16px; padding: 4px 10px; background: {{ panel }}; color: {{ ink }};
  border: 1px solid {{ muted }}; border-radius: 4px; cursor: pointer; }
.controls button:focus-visible, .controls input:focus-visible { outline: 3px solid {{ accent }}; outline-offset: 1px; }
#slider { flex: 1 1 200px; }
#counter { font-variant-numeric: tabular-nums; min-width: 8em; text-align: right; color: {{ muted }}; }
{{ css }}
</style>
</head>
<body>
<main>
<h1>{{ title }}</h1>
<div id="steps" class="figure">{{ base }}</div>
<div id="final" class="figure">{{ final }}</div>
<p id="caption" aria-live="polite"></p>
<div class="controls">
<button id="first" title="First step (Home)">|&#x25C0;</button>
<button id="prev" title="Previous step (left arrow)">&#x25C0;</button>
<button id="play" title="Play or pause (space)">Play</button>
<button id="next" title="Next step (right arrow)">&#x25B6;</button>
<button id="last" title="Last step (End)">&#x25B6;|</button>
<select id="speed" title="Speed">
<option value="2000">0.5 steps/s</option>
<option value="1000" selected>1 step/s</option>
<option value="500">2 steps/s</option>
<option value="250">4 steps/s</option>
<option value="100">10 steps/s</option>
</select>
<input id="slider" type="range" min="0" max="{{ total }}" value="0" aria-label="Step">
<span id="counter"></span>
<button id="result" title="The final figure">Result</button>
</div>
</main>
<script type="application/json" id="paints">{{ paints }}</script>
<script>
(function () {
  "use strict";
  var PREFIX = {{ prefix_json }};
  var paints = JSON.parse(document.getElementById("paints").textContent);
  var total = paints.length - 1;  // the player's last index; paints[i].step is the trace's step
  var shown = -1, timer = null, current = null;
  var steps = document.getElementById("steps");
  var caption = document.getElementById("caption");
  var slider = document.getElementById("slider");
  var counter = document.getElementById("counter");
  var playButton = document.getElementById("play");
  function suffix(path) { return path === "" ? "" : "-" + path.split(".").join("-"); }
  function apply(paint) {
    var nodes = paint.nodes, edges = paint.edges, path, el, p, slot, key;
    for (path in nodes) {
      el = document.getElementById(PREFIX + "-n" + suffix(path));
      if (!el) continue;
      p = nodes[path];
      el.setAttribute("class", p["class"]);
      if (/ current( |$)/.test(p["class"])) current = el;
      for (key of ["val", "win", "ord"]) {
        slot = document.getElementById(PREFIX + "-n" + suffix(path) + "-" + key);
        if (slot) slot.textContent = p[key];
      }
    }
    for (path in edges) {
      el = document.getElementById(PREFIX + "-e" + suffix(path));
      if (el) el.setAttribute("class", edges[path]);
    }
  }
  function show(step) {
    step = Math.max(0, Math.min(total, step | 0));
    if (step < shown || shown < 0) { shown = -1; }
    for (var k = shown + 1; k <= step; k++) apply(paints[k]);
    shown = step;
    if (current && steps.scrollWidth > steps.clientWidth) {
      var box = current.getBoundingClientRect(), frame = steps.getBoundingClientRect();
      if (box.left < frame.left || box.right > frame.right) steps.scrollLeft += box.left - frame.left - frame.width / 2;
    }
    caption.textContent = paints[step].caption;
    slider.value = String(step);
    counter.textContent = "Step " + paints[step].step + " of " + {{ total }};
    document.body.classList.remove("show-final");
    if (history.replaceState) history.replaceState(null, "", "#step=" + paints[step].step);
  }
  function stop() { if (timer) { clearInterval(timer); timer = null; } playButton.textContent = "Play"; }
  function play() {
    if (timer) { stop(); return; }
    if (shown >= total) show(0);
    playButton.textContent = "Pause";
    timer = setInterval(function () { if (shown >= total) { stop(); return; } show(shown + 1); },
                        parseInt(document.getElementById("speed").value, 10));
  }
  document.getElementById("first").onclick = function () { stop(); show(0); };
  document.getElementById("prev").onclick = function () { stop(); show(shown - 1); };
  document.getElementById("next").onclick = function () { stop(); show(shown + 1); };
  document.getElementById("last").onclick = function () { stop(); show(total); };
  document.getElementById("play").onclick = play;
  document.getElementById("speed").onchange = function () { if (timer) { stop(); play(); } };
  document.getElementById("result").onclick = function () {
    stop(); document.body.classList.add("show-final"); caption.textContent = {{ final_caption_json }};
  };
  slider.oninput = function () { stop(); show(parseInt(slider.value, 10)); };
  document.addEventListener("keydown", function (event) {
    if (event.target && event.target.tagName === "SELECT") return;
    if (event.key === "ArrowRight") { stop(); show(shown + 1); }
    else if (event.key === "ArrowLeft") { stop(); show(shown - 1); }
    else if (event.key === "Home") { stop(); show(0); }
    else if (event.key === "End") { stop(); show(total); }
    else if (event.key === " " || event.key === "Spacebar") { play(); }
    else return;
    event.preventDefault();
  });
  var match = /step=(\\d+)/.exec(location.hash), start = 0;
  if (match) {  // the last step shown at or before the one asked for
    var wanted = parseInt(match[1], 10);
    while (start < total && paints[start + 1].step <= wanted) start++;
  }
  show(start);
})();
</script>
</body>
</html>
"""


def player_html(
    figure: Figure, title: str | None = None, steps: Iterable[int] | None = None, progress: Callable[[int], Any] | None = None
) -> str:
    """The player page of a figure's trace (one string, ready to write): every step, or
    only ``steps`` (each showing all that changed since the one before)."""
    import jinja2
    from markupsafe import Markup

    assert figure.trace is not None
    trace = figure.trace
    t = get_theme(figure.theme)
    base = figure.base()
    # the final figure's ids get their own prefix, so they collide with none of the stepper's
    final_svg = figure.final().replace(f'id="{figure.prefix}', f'id="{figure.prefix}f')
    if title is None:
        source = trace.game.name if trace.is_game else "a game tree"
        position = getattr(trace.game, "position", "") if trace.is_game else ""
        name = {"minimax": "Minimax", "alphabeta": "Alpha-beta", "expectiminimax": "Expectiminimax"}[trace.algorithm]
        title = f"{name} on {source}" + (f" {position}" if position else "")
    environment = jinja2.Environment(autoescape=True)
    template = environment.from_string(_TEMPLATE)
    return template.render(
        title=title,
        scheme="dark" if figure.theme == "dark" else "light",
        bg=t.background, ink=t.ink, muted=t.muted, accent=t.accent, panel=t.legend_fill,
        max_width=int(max(figure.width * 1.6, 700)),
        min_width=int(figure.width * 0.9) if figure.width > 1100 else 0,
        css=Markup(figure.stylesheet()),
        base=Markup(base),
        final=Markup(final_svg),
        total=len(trace.raw_events),
        paints=Markup(script_json(figure.paints(steps, progress))),
        prefix_json=Markup(script_json(figure.prefix)),
        final_caption_json=Markup(script_json(figure.final_caption())),
    ) + "\n"

