/* tracer's stepper: brings every traced tree on a page to life.
 *
 * Each .tracer-stepper holds one SVG (every node and edge with a stable id), and a JSON
 * payload: per step the changes to the figure ("paints": step 0 is the full state, later
 * ones only what changed), the pseudocode line executed, and the call stack. Showing step
 * k applies paints 0..k; stepping forward applies one. The address "#<id>-step-<k>" opens
 * step k. Works with Material's instant navigation (document$) and without it. */
(function () {
  "use strict";

  function suffix(path) { return path === "" ? "" : "-" + path.split(".").join("-"); }

  function Stepper(root) {
    this.root = root;
    this.data = JSON.parse(root.querySelector("script.tracer-data").textContent);
    this.total = this.data.steps;
    this.prefix = root.id + "-fig";
    this.shown = -1;
    this.timer = null;
    this.caption = root.querySelector(".tracer-caption");
    this.slider = root.querySelector(".tracer-slider");
    this.counter = root.querySelector(".tracer-counter");
    this.playButton = root.querySelector('[data-action="play"]');
    this.speed = root.querySelector(".tracer-speed select");
    this.permalink = root.querySelector(".tracer-permalink");
    this.lines = root.querySelectorAll(".tracer-line");
    this.code = root.querySelector(".tracer-pseudocode");
    this.figure = root.querySelector("figure.tracer-figure");
    this.stackBody = root.querySelector(".tracer-stack tbody");
    // the stack table keeps the height of the deepest stack, so nothing below it jumps
    this.stackRows = this.data.stacks.reduce(function (most, frames) { return Math.max(most, frames.length); }, 0);
    this.bind();
  }

  Stepper.prototype.apply = function (paint) {
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

  Stepper.prototype.show = function (step, fromUser) {
    step = Math.max(0, Math.min(this.total, step | 0));
    if (this.shown < 0 || step < this.shown) this.shown = -1;
    for (var k = this.shown + 1; k <= step; k++) this.apply(this.data.paints[k]);
    this.shown = step;
    this.caption.textContent = this.data.paints[step].caption || "";
    this.slider.value = String(step);
    this.counter.textContent = "Step " + step + " of " + this.total;
    var link = "#" + this.root.id + "-step-" + step;
    this.permalink.setAttribute("href", link);
    this.follow();
    this.highlight(this.data.lines[step]);
    this.drawStack(this.data.stacks[step] || []);
    this.updateButtons();
    if (fromUser && window.history && history.replaceState) history.replaceState(history.state, "", link);
  };

  // A figure too wide for the page scrolls sideways: keep the current node in view.
  Stepper.prototype.follow = function () {
    var box = this.figure;
    if (!box || box.scrollWidth <= box.clientWidth) return;
    // the current node, or before the search starts the root
    var current = box.querySelector("g.current") || document.getElementById(this.prefix + "-n");
    if (!current) return;
    var frame = box.getBoundingClientRect(), node = current.getBoundingClientRect();
    var left = node.left - frame.left + box.scrollLeft, right = left + node.width;
    if (left < box.scrollLeft || right > box.scrollLeft + box.clientWidth) {
      box.scrollLeft = Math.max(0, (left + right) / 2 - box.clientWidth / 2);
    }
  };

  Stepper.prototype.highlight = function (line) {
    for (var i = 0; i < this.lines.length; i++) {
      var current = String(i) === String(line);
      this.lines[i].classList.toggle("is-current", current);
      if (current && this.code) {
        var box = this.code, el = this.lines[i];
        var top = el.offsetTop - box.offsetTop, bottom = top + el.offsetHeight;
        if (top < box.scrollTop || bottom > box.scrollTop + box.clientHeight) box.scrollTop = Math.max(0, top - box.clientHeight / 3);
      }
    }
  };

  Stepper.prototype.drawStack = function (frames) {
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

  Stepper.prototype.updateButtons = function () {
    var atStart = this.shown <= 0, atEnd = this.shown >= this.total;
    this.root.querySelector('[data-action="first"]').disabled = atStart;
    this.root.querySelector('[data-action="prev"]').disabled = atStart;
    this.root.querySelector('[data-action="next"]').disabled = atEnd;
    this.root.querySelector('[data-action="last"]').disabled = atEnd;
  };

  Stepper.prototype.stop = function () {
    if (this.timer) { clearInterval(this.timer); this.timer = null; }
    this.playButton.setAttribute("aria-label", "Play");
    this.playButton.setAttribute("aria-pressed", "false");
  };

  Stepper.prototype.play = function () {
    var self = this;
    if (this.timer) { this.stop(); return; }
    if (this.shown >= this.total) this.show(0, true);
    this.playButton.setAttribute("aria-label", "Pause");
    this.playButton.setAttribute("aria-pressed", "true");
    this.timer = setInterval(function () {
      if (!document.body.contains(self.root) || self.shown >= self.total) { self.stop(); return; }
      self.show(self.shown + 1, true);
    }, parseInt(this.speed.value, 10));
  };

  Stepper.prototype.act = function (action) {
    if (action === "play") { this.play(); return; }
    this.stop();
    if (action === "first") this.show(0, true);
    else if (action === "prev") this.show(this.shown - 1, true);
    else if (action === "next") this.show(this.shown + 1, true);
    else if (action === "last") this.show(this.total, true);
  };

  Stepper.prototype.bind = function () {
    var self = this;
    this.root.querySelectorAll("button[data-action]").forEach(function (button) {
      button.addEventListener("click", function () { self.act(button.getAttribute("data-action")); });
    });
    this.slider.addEventListener("input", function () { self.stop(); self.show(parseInt(self.slider.value, 10), true); });
    this.speed.addEventListener("change", function () { if (self.timer) { self.stop(); self.play(); } });
    this.root.addEventListener("keydown", function (event) {
      var tag = event.target && event.target.tagName;
      if (tag === "SELECT" || tag === "INPUT" || tag === "TEXTAREA") return;
      var actions = { ArrowRight: "next", ArrowLeft: "prev", Home: "first", End: "last", " ": "play", Spacebar: "play" };
      var action = actions[event.key];
      if (!action) return;
      if (tag === "BUTTON" && (event.key === " " || event.key === "Spacebar")) return; // the button's own click
      event.preventDefault();
      self.act(action);
    });
  };

  function stepFromAddress(root) {
    var match = new RegExp("^#" + root.id + "-step-(\\d+)$").exec(window.location.hash);
    return match ? parseInt(match[1], 10) : null;
  }

  function init() {
    document.querySelectorAll("[data-tracer-stepper]").forEach(function (root) {
      if (root.tracerStepper) return;
      var stepper = new Stepper(root);
      root.tracerStepper = stepper;
      var linked = stepFromAddress(root);
      stepper.show(linked === null ? stepper.data.start : linked, false);
      if (linked !== null) root.scrollIntoView({ block: "start" });
    });
  }

  function onHashChange() {
    document.querySelectorAll("[data-tracer-stepper]").forEach(function (root) {
      var linked = stepFromAddress(root);
      if (linked !== null && root.tracerStepper) { root.tracerStepper.stop(); root.tracerStepper.show(linked, false); root.scrollIntoView({ block: "start" }); }
    });
  }

  window.addEventListener("hashchange", onHashChange);
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(init);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
  window.tracerSteppers = { init: init };
})();
