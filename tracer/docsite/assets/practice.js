/* tracer's practice trees: check a student's answers in the browser, node by node.
 *
 * Each [data-tracer-practice] section carries one key's data and the page one copy of the
 * checker's rules (tracer.grading.browser writes both); grading.js checks the answers by
 * the rules of `tracer check` and this file shows the result: a mark and the checker's
 * sentence beside each value, the checker's feedback on the nodes not examined and on
 * MAX's move, and the points each question earns, as `tracer check` counts them. */
(function () {
  "use strict";

  var MARKS = { right: "✓ ", partial: "½ ", wrong: "✗ ", blank: "✗ ", unreadable: "✗ ", ignored: "• ", none: "" };

  function setFeedback(el, verdict, text) {
    el.textContent = (MARKS[verdict] || "") + text;
    el.style.whiteSpace = "pre-line";
    el.classList.toggle("is-right", verdict === "right");
    el.classList.toggle("is-wrong", verdict === "wrong" || verdict === "blank" || verdict === "unreadable");
    el.classList.toggle("is-partial", verdict === "partial");
    el.classList.toggle("is-note", verdict === "ignored");
  }

  function answersOf(section) {
    var values = {};
    section.querySelectorAll(".tracer-answers tbody tr").forEach(function (row) {
      values[row.getAttribute("data-path")] = row.querySelector("input").value;
    });
    var listed = [];
    section.querySelectorAll(".tracer-not-examined input:checked").forEach(function (box) { listed.push(box.value); });
    var move = section.querySelector(".tracer-move").value;
    return { values: values, not_examined: listed, move: move || null };
  }

  function check(section, rules, data) {
    var grading = window.tracerGrading, result = grading.grade(rules, data, answersOf(section)), says = rules.says;
    result.questions.forEach(function (question) {
      if (question.id === "values") {
        section.querySelectorAll(".tracer-answers tbody tr").forEach(function (row) {
          var mark = question.rows[row.getAttribute("data-path")];
          setFeedback(row.querySelector(".tracer-feedback"), mark.verdict, mark.text);
        });
        return;
      }
      var out = section.querySelector('[data-for="' + (question.id === "move" ? "move" : "not-examined") + '"]');
      if (result.error) { setFeedback(out, "none", ""); return; }
      setFeedback(out, question.score === question.max ? "right" : "wrong", question.output);
    });
    var summary = section.querySelector(".tracer-summary");
    if (result.error) { summary.textContent = says.fix_first; return; }
    var lines = [grading.fill(says.score, { score: grading.pointsText(result.score), max_score: grading.pointsText(result.max) })];
    result.questions.forEach(function (q) {
      lines.push(grading.fill(says.test, { name: q.name, score: grading.pointsText(q.score), max_score: grading.pointsText(q.max) }));
    });
    summary.textContent = lines.join("\n");
    summary.style.whiteSpace = "pre-line";
  }

  function init() {
    document.querySelectorAll("[data-tracer-practice]").forEach(function (section) {
      if (section.tracerPractice) return;
      section.tracerPractice = true;
      var data = JSON.parse(section.querySelector("script.tracer-practice-data").textContent);
      var bank = section.closest(".tracer-practice");
      var rules = JSON.parse(bank.querySelector("script.tracer-grading-rules").textContent);
      section.querySelector('[data-action="check"]').addEventListener("click", function () { check(section, rules, data); });
      var reveal = section.querySelector('[data-action="reveal"]'), solution = section.querySelector(".tracer-solution");
      reveal.addEventListener("click", function () {
        var open = solution.hidden;
        solution.hidden = !open;
        reveal.setAttribute("aria-expanded", open ? "true" : "false");
        // the button's words in the page's language, from the catalogue (tracer.docsite.practice)
        reveal.textContent = reveal.getAttribute(open ? "data-hide" : "data-show");
      });
    });
  }

  if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(init);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
