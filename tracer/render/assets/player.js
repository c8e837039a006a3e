/* tracer's player: a traced search, stepped through in a web page.
 *
 * One file serves every page that steps through a search: the single-file player of
 * `tracer render --html` and the exercise folders' steps.html (which inline it), the
 * tutorial site's steppers and the practice page's solutions (which link it once per
 * page). Python fills the markup (tracer/render/assets/player.html.j2) and each
 * player's JSON payload (the script element of class tracer-data), which is documented
 * once, in tracer/render/player.py. This script only applies it: showing step k applies
 * the paints held up to k, stepping forward applies one more.
 *
 * Works on a page opened from a file, on a plain page, and with Material's instant
 * navigation (document$): every [data-tracer-stepper] is brought to life once. */
(function () {
  "use strict";

  function suffix(path) { return path === "" ? "" : "-" + path.split(".").join("-"); }

  function format(text, fields) {
    return String(text).replace(/\{(\w+)\}/g, function (all, name) { return name in fields ? String(fields[name]) : all; });
  }

  function escapeRegExp(text) { return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }

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
    this.caption = root.querySelector(".tracer-caption");
    this.slider = root.querySelector(".tracer-slider");
    this.counter = root.querySelector(".tracer-counter");
    this.playButton = root.querySelector('[data-action="play"]');
    this.resultButton = root.querySelector('[data-action="result"]');
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
    this.follow();
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
  };

  Player.prototype.showSteps = function () {
    if (!this.final || this.final.hidden) return;
    this.final.hidden = true;
    this.figure.hidden = false;
    this.resultButton.setAttribute("aria-pressed", "false");
  };

  // A figure too wide for the page scrolls sideways: keep the current node in view.
  Player.prototype.follow = function () {
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

  Player.prototype.highlight = function (line) {
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

  var KEYS = { ArrowRight: "next", ArrowLeft: "prev", Home: "first", End: "last", " ": "play", Spacebar: "play" };

  Player.prototype.bind = function () {
    var self = this;
    this.root.querySelectorAll("button[data-action]").forEach(function (button) {
      button.addEventListener("click", function () { self.act(button.getAttribute("data-action")); });
    });
    this.slider.addEventListener("input", function () { self.stop(); self.show(parseInt(self.slider.value, 10), true); });
    this.speed.addEventListener("change", function () { if (self.timer) { self.stop(); self.play(); } });
    // a page with one player listens on the whole page; a page of many, on each player
    var listener = this.data.keys === "page" ? document : this.root;
    listener.addEventListener("keydown", function (event) {
      var tag = event.target && event.target.tagName;
      if (tag === "SELECT" || tag === "INPUT" || tag === "TEXTAREA") return;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      var action = KEYS[event.key];
      if (!action) return;
      if (tag === "BUTTON" && action === "play") return;  // space presses the focused button
      event.preventDefault();
      self.act(action);
    });
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

  function each(callback) {
    document.querySelectorAll("[data-tracer-stepper]").forEach(function (root) { callback(root); });
  }

  // Idempotent: called on DOMContentLoaded and on every page Material's instant navigation shows.
  function init() {
    each(function (root) {
      if (root.tracerStepper) return;
      var player = new Player(root);
      root.tracerStepper = player;
      if (!player.follows(true)) player.show(player.indexOf(player.data.start), false);
    });
  }

  window.addEventListener("hashchange", function () {
    each(function (root) { if (root.tracerStepper) root.tracerStepper.follows(true); });
  });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
  if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(init);
  window.tracerSteppers = { init: init };
})();
