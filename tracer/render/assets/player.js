/* tracer's player: a traced search, stepped through in a web page.
 *
 * One file serves every page that steps through a search: the single-file player of
 * `tracer render --html` and the exercise folders' steps.html (which inline it), the
 * tutorial site's steppers and the practice page's solutions (which link it once per
 * page). Python fills the markup (tracer/render/assets/player.html.j2) and each
 * player's JSON payload (the script element of class tracer-data), which is documented
 * once, with the layout, in tracer/render/player.py. This script only applies it:
 * showing step k applies the paints held up to k, stepping forward applies one more.
 *
 * It also sizes the tree (fit to the player's width, zoom in and out, drag to pan) and
 * keeps the current node and the current pseudocode line inside their boxes, scrolling
 * those boxes only, never the page. A box that scrolls takes the keyboard's focus (and
 * the arrow keys then scroll it); one that does not is left out of the tab order.
 *
 * Works on a page opened from a file, on a plain page, and with Material's instant
 * navigation (document$): every [data-tracer-stepper] is brought to life once. */
(function () {
  "use strict";

  var ZOOM_STEP = 1.25, MOST_ZOOM = 4, MOST_FIT = 2, FIT_HEIGHT = 0.7, PX_PER_PT = 4 / 3;

  function suffix(path) { return path === "" ? "" : "-" + path.split(".").join("-"); }

  function format(text, fields) {
    return String(text).replace(/\{(\w+)\}/g, function (all, name) { return name in fields ? String(fields[name]) : all; });
  }

  function escapeRegExp(text) { return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }

  function clamp(value, low, high) { return Math.max(low, Math.min(high, value)); }

  // Where `el` sits inside the scrolling `box`, in the box's scrolled coordinates.
  function placeIn(box, el) {
    var outer = box.getBoundingClientRect(), inner = el.getBoundingClientRect();
    var left = inner.left - outer.left - box.clientLeft + box.scrollLeft;
    var top = inner.top - outer.top - box.clientTop + box.scrollTop;
    return { left: left, top: top, right: left + inner.width, bottom: top + inner.height, width: inner.width, height: inner.height };
  }

  function scrolls(box) {
    return box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;
  }

  // A box that scrolls can be reached with the keyboard (and scrolled with its keys); one that does not stays out of the way.
  function focusableWhenScrolling(box) {
    if (!box || box.hidden) return;
    if (scrolls(box)) box.setAttribute("tabindex", "0");
    else if (box !== document.activeElement) box.removeAttribute("tabindex");
  }

  // The size an SVG draws at by itself, in CSS pixels (tracer writes its width and height in points).
  function naturalSize(svg) {
    var box = svg.viewBox && svg.viewBox.baseVal, width = 0, height = 0;
    try { width = svg.width.baseVal.value; height = svg.height.baseVal.value; } catch (error) { width = height = 0; }
    if (!(width > 0 && height > 0) && box) { width = box.width * PX_PER_PT; height = box.height * PX_PER_PT; }
    return { width: width, height: height };
  }

  // Drag with the mouse to pan a box that scrolls (a finger pans it as any scrolling box).
  function pannable(box) {
    var start = null;
    box.addEventListener("pointerdown", function (event) {
      if (event.pointerType !== "mouse" || event.button !== 0 || !scrolls(box)) return;
      start = { x: event.clientX, y: event.clientY, left: box.scrollLeft, top: box.scrollTop, id: event.pointerId };
      box.classList.add("is-panning");
    });
    box.addEventListener("pointermove", function (event) {
      if (!start || event.pointerId !== start.id) return;
      if (!box.hasPointerCapture(event.pointerId)) box.setPointerCapture(event.pointerId);
      box.scrollLeft = start.left - (event.clientX - start.x);
      box.scrollTop = start.top - (event.clientY - start.y);
      event.preventDefault();
    });
    function end() { start = null; box.classList.remove("is-panning"); }
    box.addEventListener("pointerup", end);
    box.addEventListener("pointercancel", end);
  }

  function Player(root) {
    this.root = root;
    this.data = JSON.parse(root.querySelector("script.tracer-data").textContent);
    this.paints = this.data.paints;
    this.last = this.paints.length - 1;  // the last index held; paints[i].step is the trace's step
    this.total = this.data.steps;
    this.prefix = this.data.prefix;
    this.words = this.data.words || {};
    this.shown = -1;
    this.timer = null;
    this.zoom = null;  // the scale the reader chose, or null: fit the width
    this.scale = 1;
    this.width = -1;
    this.caption = root.querySelector(".tracer-caption");
    this.slider = root.querySelector(".tracer-slider");
    this.counter = root.querySelector(".tracer-counter");
    this.playButton = root.querySelector('[data-action="play"]');
    this.resultButton = root.querySelector('[data-action="result"]');
    this.fitButton = root.querySelector('[data-action="fit"]');
    this.speed = root.querySelector(".tracer-speed select");
    this.permalink = root.querySelector(".tracer-permalink");
    this.lines = root.querySelectorAll(".tracer-line");
    this.code = root.querySelector(".tracer-pseudocode");
    this.figure = root.querySelector("figure.tracer-figure:not(.tracer-final)");
    this.final = root.querySelector("figure.tracer-final");
    this.stackBody = root.querySelector(".tracer-stack tbody");
    // the stack table keeps the height of the deepest stack, so nothing below it jumps
    this.stackRows = (this.data.stacks || []).reduce(function (most, frames) { return Math.max(most, frames.length); }, 0);
    this.bind();
  }

  Player.prototype.apply = function (paint) {
    var nodes = paint.nodes || {}, edges = paint.edges || {}, prefix = this.prefix;
    Object.keys(nodes).forEach(function (path) {
      var id = prefix + "-n" + suffix(path), el = document.getElementById(id), look = nodes[path];
      if (!el) return;
      el.setAttribute("class", look["class"]);
      ["val", "win", "ord"].forEach(function (slot) {
        var text = document.getElementById(id + "-" + slot);
        if (text && slot in look) text.textContent = look[slot];
      });
    });
    Object.keys(edges).forEach(function (path) {
      var el = document.getElementById(prefix + "-e" + suffix(path));
      if (el) el.setAttribute("class", edges[path]);
    });
  };

  // The index of the last step held at or before the trace's step `step`.
  Player.prototype.indexOf = function (step) {
    var index = 0;
    while (index < this.last && this.paints[index + 1].step <= step) index++;
    return index;
  };

  Player.prototype.address = function (step) {
    return this.data.address === "step" ? "#step=" + step : "#" + this.root.id + "-step-" + step;
  };

  // The step the page's address names for this player, or null.
  Player.prototype.linked = function () {
    var pattern = this.data.address === "step" ? "^#step=(\\d+)$" : "^#" + escapeRegExp(this.root.id) + "-step-(\\d+)$";
    var match = new RegExp(pattern).exec(window.location.hash);
    return match ? parseInt(match[1], 10) : null;
  };

  Player.prototype.show = function (index, fromUser) {
    index = Math.max(0, Math.min(this.last, index | 0));
    if (this.shown < 0 || index < this.shown) this.shown = -1;
    for (var k = this.shown + 1; k <= index; k++) this.apply(this.paints[k]);
    this.shown = index;
    this.showSteps();
    var paint = this.paints[index], where = format(this.words.counter, { step: paint.step, total: this.total });
    this.caption.textContent = paint.caption || "";
    this.slider.value = String(index);
    this.slider.setAttribute("aria-valuetext", where);
    this.counter.textContent = where;
    var link = this.address(paint.step);
    if (this.permalink) this.permalink.setAttribute("href", link);
    this.follow(false);
    if (this.data.lines) this.highlight(this.data.lines[index]);
    if (this.data.stacks) this.drawStack(this.data.stacks[index] || []);
    this.updateButtons();
    if (fromUser && window.history && history.replaceState) history.replaceState(history.state, "", link);
  };

  // The final figure, where the page holds one (the Result button toggles it).
  Player.prototype.showFinal = function () {
    if (!this.final) return;
    this.stop();
    this.figure.hidden = true;
    this.final.hidden = false;
    this.resultButton.setAttribute("aria-pressed", "true");
    this.caption.textContent = this.data.finalCaption || "";
    this.layout();
  };

  Player.prototype.showSteps = function () {
    if (!this.final || this.final.hidden) return;
    this.final.hidden = true;
    this.figure.hidden = false;
    this.resultButton.setAttribute("aria-pressed", "false");
    this.layout();
  };

  // The figure on show: the step's, or the final one.
  Player.prototype.view = function () {
    return this.final && !this.final.hidden ? this.final : this.figure;
  };

  // The scales of the figure on show: the whole tree in the player's width (and most of
  // the window's height), and the least the tree is first drawn at (smaller, it scrolls).
  Player.prototype.scales = function (box, size) {
    var room = box.parentNode.clientWidth;
    var fixed = box.style.height ? box.clientHeight : window.innerHeight * FIT_HEIGHT;
    var whole = Math.min(room / size.width, fixed / size.height, MOST_FIT);
    if (whole >= (this.data.minScale || 0)) return { whole: whole, first: whole };
    // too wide to show whole: it scrolls, at a scale its labels can be read at (larger on a phone)
    var phone = window.matchMedia && window.matchMedia("(max-width: 44em)").matches;
    return { whole: whole, first: phone ? this.data.phoneMinScale : this.data.minScale };
  };

  // Size the figure on show: the reader's zoom, or fitted to the width.
  Player.prototype.layout = function () {
    var box = this.view(), svg = box && box.querySelector("svg");
    if (!svg || !box.parentNode.clientWidth) return;  // not on show (a closed tab, a hidden solution)
    var size = naturalSize(svg);
    if (!(size.width > 0)) return;
    var scales = this.scales(box, size);
    this.scale = this.zoom === null ? scales.first : clamp(this.zoom, Math.min(scales.whole, scales.first), MOST_ZOOM);
    svg.style.width = (size.width * this.scale).toFixed(1) + "px";
    svg.style.height = (size.height * this.scale).toFixed(1) + "px";
    box.classList.add("is-sized");
    box.classList.toggle("is-pannable", scrolls(box));
    focusableWhenScrolling(box);
    var whole = Math.abs(this.scale - scales.whole) < 0.005;
    if (this.fitButton) this.fitButton.setAttribute("aria-pressed", whole && this.zoom !== null ? "true" : "false");
    var zoomOut = this.root.querySelector('[data-action="zoom-out"]'), zoomIn = this.root.querySelector('[data-action="zoom-in"]');
    if (zoomOut) zoomOut.disabled = this.scale <= Math.min(scales.whole, scales.first) + 0.005;
    if (zoomIn) zoomIn.disabled = this.scale >= MOST_ZOOM - 0.005;
  };

  Player.prototype.zoomBy = function (factor) {
    this.zoom = this.scale * factor;
    this.layout();
    this.follow(true);
  };

  // The whole tree at once; pressed again, back to the size it is first drawn at.
  Player.prototype.fitWhole = function () {
    var box = this.view(), svg = box && box.querySelector("svg");
    if (!svg || !box.parentNode.clientWidth) return;
    var pressed = this.fitButton && this.fitButton.getAttribute("aria-pressed") === "true";
    this.zoom = pressed ? null : this.scales(box, naturalSize(svg)).whole;
    this.layout();
    this.follow(true);
  };

  // Keep the current node (before the search starts, the root) in view in the figure's
  // box, scrolling the box only; `centre` brings it to the middle even when it is in view.
  Player.prototype.follow = function (centre) {
    var box = this.view();
    if (!box || box === this.final || !scrolls(box)) return;
    var current = box.querySelector("g.current") || document.getElementById(this.prefix + "-n");
    if (!current) return;
    var node = placeIn(box, current);
    if (centre || node.left < box.scrollLeft || node.right > box.scrollLeft + box.clientWidth) {
      box.scrollLeft = Math.max(0, (node.left + node.right) / 2 - box.clientWidth / 2);
    }
    if (centre || node.top < box.scrollTop || node.bottom > box.scrollTop + box.clientHeight) {
      box.scrollTop = Math.max(0, (node.top + node.bottom) / 2 - box.clientHeight / 2);
    }
  };

  // Mark the pseudocode line executed and scroll the code's box (never the page) so the
  // whole line is inside it. Its place is measured on screen, against the box itself:
  // offsetTop counts from the nearest positioned ancestor, which Material's
  // `pre { position: relative }` makes the box, not the page.
  Player.prototype.highlight = function (line) {
    var current = null;
    for (var i = 0; i < this.lines.length; i++) {
      var now = String(i) === String(line);
      this.lines[i].classList.toggle("is-current", now);
      if (now) { this.lines[i].setAttribute("aria-current", "true"); current = this.lines[i]; }
      else this.lines[i].removeAttribute("aria-current");
    }
    this.current = current;
    this.reveal();
  };

  Player.prototype.reveal = function () {
    var box = this.code, el = this.current;
    if (!box || !el || !box.clientHeight) return;
    var line = placeIn(box, el), view = box.clientHeight;
    if (line.top < box.scrollTop || line.bottom > box.scrollTop + view) {
      box.scrollTop = clamp(line.top - view / 3, 0, box.scrollHeight - view);
    }
  };

  Player.prototype.drawStack = function (frames) {
    if (!this.stackBody) return;
    var alphabeta = this.data.alphabeta, rows = [];
    frames.forEach(function (frame) {
      var tr = document.createElement("tr");
      var cells = alphabeta ? frame : frame.slice(0, 2);
      cells.forEach(function (cell, index) {
        var td = document.createElement(index === 0 ? "th" : "td");
        if (index === 0) td.setAttribute("scope", "row");
        td.textContent = cell;
        tr.appendChild(td);
      });
      rows.push(tr);
    });
    var width = alphabeta ? 4 : 2;
    while (rows.length < this.stackRows) {
      var filler = document.createElement("tr");
      filler.setAttribute("aria-hidden", "true");
      filler.className = "tracer-stack-filler";
      for (var i = 0; i < width; i++) filler.appendChild(document.createElement("td")).textContent = "\u00a0";
      rows.push(filler);
    }
    this.stackBody.replaceChildren.apply(this.stackBody, rows);
  };

  Player.prototype.updateButtons = function () {
    var atStart = this.shown <= 0, atEnd = this.shown >= this.last, root = this.root;
    ["first", "prev"].forEach(function (name) { root.querySelector('[data-action="' + name + '"]').disabled = atStart; });
    ["next", "last"].forEach(function (name) { root.querySelector('[data-action="' + name + '"]').disabled = atEnd; });
  };

  Player.prototype.stop = function () {
    if (this.timer) { clearInterval(this.timer); this.timer = null; }
    this.playButton.setAttribute("aria-label", this.words.play);
    this.playButton.setAttribute("aria-pressed", "false");
  };

  Player.prototype.play = function () {
    var self = this;
    if (this.timer) { this.stop(); return; }
    if (this.shown >= this.last) this.show(0, true);
    else this.show(this.shown, false);  // back from the final figure to the steps
    this.playButton.setAttribute("aria-label", this.words.pause);
    this.playButton.setAttribute("aria-pressed", "true");
    this.timer = setInterval(function () {
      if (!document.body.contains(self.root) || self.shown >= self.last) { self.stop(); return; }
      self.show(self.shown + 1, true);
    }, parseInt(this.speed.value, 10));
  };

  Player.prototype.act = function (action) {
    if (action === "play") { this.play(); return; }
    if (action === "zoom-in") { this.zoomBy(ZOOM_STEP); return; }
    if (action === "zoom-out") { this.zoomBy(1 / ZOOM_STEP); return; }
    if (action === "fit") { this.fitWhole(); return; }
    if (action === "result") {
      if (this.final && this.final.hidden) this.showFinal();
      else this.show(this.shown, false);
      return;
    }
    this.stop();
    if (action === "first") this.show(0, true);
    else if (action === "prev") this.show(this.shown - 1, true);
    else if (action === "next") this.show(this.shown + 1, true);
    else if (action === "last") this.show(this.last, true);
  };

  var KEYS = {
    ArrowRight: "next", ArrowLeft: "prev", Home: "first", End: "last", " ": "play", Spacebar: "play",
    "+": "zoom-in", "=": "zoom-in", "-": "zoom-out", "0": "fit",
  };

  // The player's boxes that scroll and hold the focus: there the keys scroll them.
  Player.prototype.scrollsWithKeys = function (el) {
    return (el === this.figure || el === this.final || el === this.code) && el.hasAttribute("tabindex");
  };

  // Lay out again when the player's width changes (a resized window, an opened tab or solution).
  Player.prototype.resized = function () {
    var width = this.root.clientWidth;
    if (width === this.width) return;
    this.width = width;
    this.layout();
    this.follow(false);
    this.reveal();
    focusableWhenScrolling(this.code);
  };

  Player.prototype.bind = function () {
    var self = this;
    this.root.querySelectorAll("button[data-action]").forEach(function (button) {
      button.addEventListener("click", function () { self.act(button.getAttribute("data-action")); });
    });
    this.slider.addEventListener("input", function () { self.stop(); self.show(parseInt(self.slider.value, 10), true); });
    this.speed.addEventListener("change", function () { if (self.timer) { self.stop(); self.play(); } });
    [this.figure, this.final].forEach(function (box) { if (box) pannable(box); });
    // a page with one player listens on the whole page; a page of many, on each player
    var listener = this.data.keys === "page" ? document : this.root;
    listener.addEventListener("keydown", function (event) {
      var target = event.target, tag = target && target.tagName;
      if (tag === "SELECT" || tag === "INPUT" || tag === "TEXTAREA" || (target && target.isContentEditable)) return;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      var action = KEYS[event.key];
      if (!action) return;
      if (self.scrollsWithKeys(target) && !/^zoom|^fit/.test(action)) return;  // the arrows, Home, End and space scroll it
      if (tag === "BUTTON" && action === "play") return;  // space presses the focused button
      event.preventDefault();
      self.act(action);
    });
    if (window.ResizeObserver) new ResizeObserver(function () { self.resized(); }).observe(this.root);
    else window.addEventListener("resize", function () { self.resized(); });
  };

  // Show the step the address names, if it names one of this player's.
  Player.prototype.follows = function (scroll) {
    var step = this.linked();
    if (step === null) return false;
    this.stop();
    this.show(this.indexOf(step), false);
    if (scroll && this.data.address !== "step") this.root.scrollIntoView({ block: "start" });
    return true;
  };

  function each(selector, callback) {
    document.querySelectorAll(selector).forEach(function (el) { callback(el); });
  }

  // A final figure alone (no player) that is too wide for the page scrolls, and can then be reached with the keyboard.
  function watchFigure(box) {
    if (box.tracerWatched) return;
    box.tracerWatched = true;
    pannable(box);
    var update = function () { focusableWhenScrolling(box); box.classList.toggle("is-pannable", scrolls(box)); };
    if (window.ResizeObserver) new ResizeObserver(update).observe(box);
    else window.addEventListener("resize", update);
    update();
  }

  // Idempotent: called on DOMContentLoaded and on every page Material's instant navigation shows.
  function init() {
    each("[data-tracer-stepper]", function (root) {
      if (root.tracerStepper) return;
      var player = new Player(root);
      root.tracerStepper = player;
      player.resized();
      if (!player.follows(true)) player.show(player.indexOf(player.data.start), false);
    });
    each(".tracer-figure-only > figure.tracer-figure", watchFigure);
  }

  window.addEventListener("hashchange", function () {
    each("[data-tracer-stepper]", function (root) { if (root.tracerStepper) root.tracerStepper.follows(true); });
  });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
  if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(init);
  window.tracerSteppers = { init: init };
})();
