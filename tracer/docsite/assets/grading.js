/* tracer's checker in the browser: the rules of `tracer check`, read from data Python wrote.
 *
 * Nothing here decides a rule. How a value is read (bound words, infinities, the number
 * and fraction patterns), when two numbers are the same, what a right number in the wrong
 * form earns, and every sentence come from tracer.grading.browser: `rules` (the same for
 * every key) and `data` (one key: its nodes, the questions the page asks with their points,
 * and the checker's own feedback sentences, with {wrote} where the student's answer goes).
 * This file only reads answers, adds up points as tracer.grading.checkers does, and fills
 * in the sentences. tests/grading/cases.yaml runs one table of cases through both.
 *
 * answers = {values: {path: text|null}|null, not_examined: [path]|null, move: path|null}
 * grade(rules, data, answers) -> {error, score, max, questions: [{id, name, score, max, output, rows}]}
 */
(function (root) {
  "use strict";

  function fill(template, fields) {
    return template.replace(/\{(\w+)\}/g, function (all, name) {
      return Object.prototype.hasOwnProperty.call(fields, name) ? String(fields[name]) : all;
    });
  }

  function isLetter(ch) { return /\p{L}/u.test(ch); }

  function startsWithWord(text, word) {
    if (text.slice(0, word.length) !== word) return false;
    return !isLetter(word[word.length - 1]) || text.length === word.length || !isLetter(text[word.length]);
  }

  // tracer.grading.values.fold: Turkish İ and ı read as i, then lower case
  function fold(rules, text) {
    rules.folds.forEach(function (pair) { text = text.split(pair[0]).join(pair[1]); });
    return text.toLowerCase();
  }

  // tracer.grading.answers.parse_number
  function parseNumber(rules, text) {
    var cleaned = String(text).trim();
    rules.minus_signs.forEach(function (sign) { cleaned = cleaned.split(sign).join("-"); });
    cleaned = fold(rules, cleaned).replace(/^([+-])\s+/, "$1").replace(/\s*\/\s*/g, "/");
    if (rules.plus_infinity.indexOf(cleaned) >= 0) return Infinity;
    if (rules.minus_infinity.indexOf(cleaned) >= 0) return -Infinity;
    var fraction = new RegExp(rules.fraction).exec(cleaned);
    if (fraction) {
      var denominator = parseInt(fraction[2], 10);
      return denominator ? parseInt(fraction[1], 10) / denominator : null;
    }
    if (!new RegExp(rules.number).test(cleaned)) return null;
    var value = Number(cleaned);
    return isFinite(value) ? value : null;
  }

  // tracer.grading.answers.parse_claim: null when blank, {error} when unreadable, else {value, bound}
  function parseClaim(rules, text) {
    if (text === null || text === undefined || String(text).trim() === "") return null;
    var rest = String(text).trim().replace(/\s+/g, " "), lowered = fold(rules, rest), bound = "exact";
    for (var i = 0; i < rules.bound_words.length; i++) {
      var kind = rules.bound_words[i][0], words = rules.bound_words[i][1], found = null;
      for (var j = 0; j < words.length && found === null; j++) if (startsWithWord(lowered, words[j])) found = words[j];
      if (found !== null) { bound = kind; rest = lowered.slice(found.length); break; }
    }
    var value = parseNumber(rules, rest);
    if (value === null) return { error: unreadable(rules, String(text)) };
    return { value: value, bound: bound };
  }

  // Python's repr() of a string, as the checker quotes what it cannot read
  function pyRepr(text) {
    var quote = text.indexOf("'") >= 0 && text.indexOf('"') < 0 ? '"' : "'";
    var body = text.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/\r/g, "\\r").replace(/\t/g, "\\t");
    if (quote === "'") body = body.replace(/'/g, "\\'");
    return quote + body + quote;
  }

  function unreadable(rules, text) {
    var hint = new RegExp(rules.strict_bound).test(text) ? rules.says.hint_strict
      : new RegExp(rules.decimal_comma).test(text) ? rules.says.hint_comma : rules.says.hint_value;
    return fill(rules.says.problem, { message: fill(rules.says.unreadable, { text: pyRepr(text) }), hint: hint });
  }

  function sameNumber(rules, a, b) {
    if (!isFinite(a) || !isFinite(b)) return a === b;
    return Math.abs(a - b) <= rules.tolerance + 1e-9;
  }

  // Python's round(value, digits): rounds the exact binary value, a true half to the even neighbour
  // (toFixed with many digits writes the exact decimal expansion of a double)
  function roundHalfEven(value, digits) {
    if (!isFinite(value) || Math.abs(value) >= 1e21) return value;
    var text = Math.abs(value).toFixed(Math.min(100, digits + 80)), point = text.indexOf(".");
    var kept = text.slice(0, point) + text.slice(point + 1, point + 1 + digits), rest = text.slice(point + 1 + digits);
    var above = /[1-9]/.test(rest.slice(1)), up = rest[0] > "5" || (rest[0] === "5" && (above || Number(kept[kept.length - 1]) % 2 === 1));
    var rounded = Number(BigInt(kept) + (up ? 1n : 0n)) / Math.pow(10, digits);
    return value < 0 ? -rounded : rounded;
  }

  // tracer.words.number: 3, −2, 3.3333, +∞
  function number(rules, value) {
    var n = rules.notation;
    if (value === Infinity) return n.plus_infinity;
    if (value === -Infinity) return n.minus_infinity;
    var rounded = roundHalfEven(value, n.decimals), text;
    if (Number.isInteger(rounded)) text = String(rounded);
    else text = rounded.toFixed(n.decimals).replace(/0+$/, "").replace(/\.$/, "");
    if (text === "-0") text = "0";
    return text.replace(".", n.decimal).replace("-", n.minus);
  }

  function shown(rules, value, bound) {
    var prefix = bound === "upper" ? rules.notation.upper : bound === "lower" ? rules.notation.lower : "";
    return prefix + number(rules, value);
  }

  // tracer.grading.report.points_text: 8.5, 3, 2.67
  function pointsText(value) {
    var rounded = roundHalfEven(value, 2);
    return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(2).replace(/0+$/, "").replace(/\.$/, "");
  }

  function keyValue(v) { return v === "inf" ? Infinity : v === "-inf" ? -Infinity : v; }

  function isBelow(path, top) { return top === "" || path === top || path.slice(0, top.length + 1) === top + "."; }

  // tracer.grading.checkers.check_values, for the values question; a row per internal node
  function gradeValues(rules, data, given, total) {
    var rows = {}, asked = 0, earned = 0, claims = {};
    data.nodes.forEach(function (node) {
      if (node.type === "leaf") return;
      var claim = given ? parseClaim(rules, given[node.path]) : null, says = data.values.rows[node.path];
      claims[node.path] = claim;
      if (node.value === null) {
        rows[node.path] = claim === null ? { verdict: "none", text: "" } : claim.error ? { verdict: "unreadable", text: claim.error }
          : { verdict: "ignored", text: says.never };
        return;
      }
      asked += 1;
      if (claim === null) { rows[node.path] = { verdict: "blank", text: rules.says.not_answered }; return; }
      if (claim.error) { rows[node.path] = { verdict: "unreadable", text: claim.error }; return; }
      var wrote = shown(rules, claim.value, claim.bound);
      if (sameNumber(rules, claim.value, keyValue(node.value))) {
        if (claim.bound === node.bound) { rows[node.path] = { verdict: "right", text: says.right }; return; }
        rows[node.path] = { verdict: "partial", text: fill(says.form, { wrote: wrote }) };
        return;
      }
      rows[node.path] = { verdict: "wrong", text: fill(says.wrong, { wrote: wrote }) };
    });
    if (!asked) return { score: total, rows: rows };
    var share = total / asked;
    Object.keys(rows).forEach(function (path) {
      if (rows[path].verdict === "right") earned += share;
      else if (rows[path].verdict === "partial") earned += share * rules.partial;
    });
    return { score: earned, rows: rows };
  }

  // tracer.grading.checkers.check_not_examined: naming a node counts for its subtree
  function gradeNotExamined(rules, data, listed, total) {
    var says = data.not_examined, byPath = {}, unvisited = {}, answered = listed !== null && listed !== undefined;
    data.nodes.forEach(function (n) { byPath[n.path] = n; });
    data.unvisited.forEach(function (p) { unvisited[p] = true; });
    var claimed = function (path) { return answered && listed.some(function (top) { return isBelow(path, top); }); };
    var missed = [], extra = [];
    data.nodes.forEach(function (n) {
      if (unvisited[n.path] && !claimed(n.path)) missed.push(n.path);
      if (!unvisited[n.path] && claimed(n.path)) extra.push(n.path);
    });
    var expected = data.unvisited.length;
    if (!expected) {
      if (answered && !extra.length) return { score: total, output: says.none_right };
      if (!answered) return { score: 0, output: says.none_blank };
      return { score: 0, output: fill(says.none_extra, { explanation: says.explain_extra[extra[0]] }) };
    }
    var earned = total * Math.max(0, expected - missed.length - extra.length) / expected;
    if (!missed.length && !extra.length) return { score: earned, output: says.right };
    if (!answered) return { score: 0, output: rules.says.not_answered };
    var lines = [];
    if (missed.length) lines.push(says.missed[String(missed.length)]);
    if (extra.length) {
      var names = extra.slice(0, 8).map(function (p) { return byPath[p].label; }).join(", ") + (extra.length > 8 ? ", ..." : "");
      lines.push(fill(says.extra[String(extra.length)], { nodes: names }));
    }
    var order = data.nodes.map(function (n) { return n.path; });
    var first = missed.concat(extra).sort(function (a, b) { return order.indexOf(a) - order.indexOf(b); })[0];
    var explanation = extra.indexOf(first) >= 0 ? says.explain_extra[first] : says.explain_missed[first];
    lines.push(fill(rules.says.first_wrong, { explanation: explanation }));
    return { score: earned, output: lines.join("\n") };
  }

  // tracer.grading.checkers.check_move: all or nothing
  function gradeMove(rules, data, chosen, total) {
    var says = data.move_says;
    if (data.move === null) return { score: total, output: says.none };
    if (chosen === null || chosen === undefined || chosen === "") return { score: 0, output: rules.says.not_answered };
    if (chosen === data.move) return { score: total, output: says.right };
    return { score: 0, output: says.wrong[chosen] };
  }

  function round4(value) { return roundHalfEven(value, 4); }

  function grade(rules, data, answers) {
    var result = { error: null, score: 0, max: 0, questions: [] };
    data.questions.forEach(function (question) {
      var total = question.points, out;
      if (question.id === "values") out = gradeValues(rules, data, answers.values, total);
      else if (question.id === "not_examined") out = gradeNotExamined(rules, data, answers.not_examined, total);
      else out = gradeMove(rules, data, answers.move, total);
      var entry = { id: question.id, name: question.name, score: round4(out.score), max: total, output: out.output || "", rows: out.rows || null };
      if (out.rows) Object.keys(out.rows).forEach(function (p) { if (out.rows[p].verdict === "unreadable") result.error = out.rows[p].text; });
      result.questions.push(entry);
    });
    if (result.error) { result.questions.forEach(function (q) { q.score = null; }); result.score = null; }
    else result.score = round4(result.questions.reduce(function (sum, q) { return sum + q.score; }, 0));
    result.max = round4(result.questions.reduce(function (sum, q) { return sum + q.max; }, 0));
    return result;
  }

  var api = {
    fill: fill, parseNumber: parseNumber, parseClaim: parseClaim, sameNumber: sameNumber, number: number, shown: shown,
    pointsText: pointsText, grade: grade,
  };
  root.tracerGrading = api;
  if (typeof module === "object" && module.exports) module.exports = api;
})(typeof window !== "undefined" ? window : globalThis);
