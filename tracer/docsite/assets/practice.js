/* tracer's practice trees: check a student's answers in the browser, node by node.
 *
 * Each [data-tracer-practice] section carries the key as JSON (every node's value as
 * alpha-beta computes it, with its bound; the nodes not examined; MAX's move) and an
 * explanation per node. Answers are read as the checker reads them: "<= 2", "≤2" and
 * "at most 2" are the same bound; naming a pruned subtree's root counts for the nodes
 * below it. */
(function () {
  "use strict";

  var BOUND_WORDS = [
    [/^(<=|≤|=<|at\s+most)\s*/i, "upper"],
    [/^(>=|≥|=>|at\s+least)\s*/i, "lower"],
  ];

  function parseClaim(text) {
    var t = String(text || "").trim().replace(/−/g, "-").replace(/∞/g, "inf"), bound = "exact";
    if (!t) return null;
    for (var i = 0; i < BOUND_WORDS.length; i++) {
      var m = BOUND_WORDS[i][0].exec(t);
      if (m) { bound = BOUND_WORDS[i][1]; t = t.slice(m[0].length); break; }
    }
    t = t.replace(/^=\s*/, "");
    var value;
    if (/^\+?inf(inity)?$/i.test(t)) value = Infinity;
    else if (/^-inf(inity)?$/i.test(t)) value = -Infinity;
    else if (/^[-+]?\d+\/\d+$/.test(t)) { var parts = t.split("/"); value = Number(parts[0]) / Number(parts[1]); }
    else if (/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(t)) value = Number(t);
    else return { error: true };
    return { value: value, bound: bound };
  }

  function keyValue(v) { return v === "inf" ? Infinity : v === "-inf" ? -Infinity : Number(v); }
  function same(a, b) { return a === b || Math.abs(a - b) < 0.005; }
  function shown(value, bound) {
    var text = value === Infinity ? "+inf" : value === -Infinity ? "-inf" : String(Math.round(value * 10000) / 10000);
    return (bound === "upper" ? "≤ " : bound === "lower" ? "≥ " : "") + text;
  }

  function setFeedback(el, ok, text) {
    el.textContent = (ok ? "✓ " : "✗ ") + text;
    el.classList.toggle("is-right", ok);
    el.classList.toggle("is-wrong", !ok);
  }

  function check(section, data) {
    var byPath = {}, right = 0, total = 0;
    data.nodes.forEach(function (n) { byPath[n.path] = n; });
    section.querySelectorAll(".tracer-answers tbody tr").forEach(function (row) {
      var node = byPath[row.getAttribute("data-path")], input = row.querySelector("input");
      var out = row.querySelector(".tracer-feedback"), claim = parseClaim(input.value);
      total += 1;
      if (!node.visited) {
        var ok = claim === null;
        if (ok) right += 1;
        setFeedback(out, ok, ok ? "right: alpha-beta never reaches " + node.label + "." :
          "alpha-beta never reaches " + node.label + ", so it computes no value there: leave it empty.");
        return;
      }
      var expected = keyValue(node.value);
      // an empty box gets a prompt, not the explanation: that would hand out the answer
      if (claim === null) { setFeedback(out, false, "no answer yet: write the value alpha-beta computes at " + node.label + "."); return; }
      if (claim.error) { setFeedback(out, false, "write a number such as 3, or a bound such as <= 2 or at least 5."); return; }
      if (same(claim.value, expected) && claim.bound === node.bound) {
        right += 1;
        setFeedback(out, true, "right: " + shown(expected, node.bound) + ".");
      } else {
        setFeedback(out, false, "you wrote " + shown(claim.value, claim.bound) + ". " + (data.explanations[node.path] || ""));
      }
    });

    var unvisited = new Set(data.unvisited), claimed = new Set();
    section.querySelectorAll(".tracer-not-examined input:checked").forEach(function (box) { claimed.add(box.value); });
    function covered(path) {
      var parts = path.split(".");
      for (var i = 1; i <= parts.length; i++) if (claimed.has(parts.slice(0, i).join("."))) return true;
      return false;
    }
    var missed = [], extra = [];
    data.nodes.forEach(function (n) {
      if (!n.path) return;
      if (unvisited.has(n.path) && !covered(n.path)) missed.push(n.label);
      if (!unvisited.has(n.path) && claimed.has(n.path)) extra.push(n.label);
    });
    total += 1;
    var examinedOut = section.querySelector('[data-for="not-examined"]');
    if (!missed.length && !extra.length) {
      right += 1;
      setFeedback(examinedOut, true, "right: " + (data.unvisited.length ? "those are exactly the nodes alpha-beta skips." : "alpha-beta examines every node of this tree."));
    } else {
      var parts = [];
      if (extra.length) parts.push(extra.join(", ") + (extra.length > 1 ? " are" : " is") + " examined: look where the search still needs a value there");
      if (missed.length) parts.push(missed.length + " node" + (missed.length > 1 ? "s are" : " is") + " pruned but not named");
      setFeedback(examinedOut, false, parts.join("; ") + ".");
    }

    total += 1;
    var move = section.querySelector(".tracer-move"), moveOut = section.querySelector('[data-for="move"]');
    var expectedMove = byPath[data.move] ? byPath[data.move].label : "";
    if (move.value === data.move) { right += 1; setFeedback(moveOut, true, "right."); }
    else if (!move.value) setFeedback(moveOut, false, "choose the root's child MAX moves to.");
    else setFeedback(moveOut, false, "MAX moves to the child whose value is the root's value (the first one searched, on a tie).");
    void expectedMove;

    section.querySelector(".tracer-summary").textContent = right + " of " + total + " answers right.";
  }

  function init() {
    document.querySelectorAll("[data-tracer-practice]").forEach(function (section) {
      if (section.tracerPractice) return;
      section.tracerPractice = true;
      var data = JSON.parse(section.querySelector("script.tracer-practice-data").textContent);
      section.querySelector('[data-action="check"]').addEventListener("click", function () { check(section, data); });
      var reveal = section.querySelector('[data-action="reveal"]'), solution = section.querySelector(".tracer-solution");
      reveal.addEventListener("click", function () {
        var open = solution.hidden;
        solution.hidden = !open;
        reveal.setAttribute("aria-expanded", open ? "true" : "false");
        reveal.textContent = open ? "Hide the solution" : "Show the solution";
      });
    });
  }

  if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(init);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
