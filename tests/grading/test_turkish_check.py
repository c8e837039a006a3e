"""`tracer check --lang tr`: feedback, reports and errors in Turkish; Turkish bounds scored as the signs are.

Scores are worked by hand on AIMA's Figure 5.2 (A = 3; B = 3; C <= 2, H = 2 <= alpha = 3 cuts
I and J; D = 2; MAX moves to B), with the default points: minimax 3, values 3,
not_examined 2, move 1, window 1, order 1 (11 in all); four nodes asked for values, so a
node's share is 0.75, and a right number in the wrong form earns half of it.
"""

from __future__ import annotations

import json
import re

import pytest
import yaml
from catalogue_text import BREAK, english_in
from click.testing import CliRunner
from grading_helpers import RIGHT
from helpers import aima_exercise, check_data, prepared

from tracer.cli import main
from tracer.exercises.handout import write_exercises
from tracer.exercises.roster import Student
from tracer.grading.browser import key_data, rules
from tracer.grading.values import parse_claim
from tracer.words import use_language

ANSWERS = {
    # everything right, bounds and infinity written as a Turkish student may write them: 11 / 11
    "s1.yaml": {**RIGHT, "student": "s1", "values": {"A": 3, "B": 3, "C": "EN FAZLA 2", "D": 2}, "window": {"alpha": 3, "beta": "+İNF"}},
    # a wrong minimax value, a value and a bound on the wrong side, a wrong list, move and window, a short order
    "s2.yaml": {**RIGHT, "student": "s2", "minimax": {"A": 3, "B": 2, "C": 2, "D": 2}, "values": {"A": 3, "B": "en az 3", "C": 4, "D": 2},
                "not_examined": ["I", "K"], "move": "D", "window": {"alpha": 2, "beta": None}, "order": ["E", "F", "G", "H", "K"]},
    # an exact value where the key has a bound, a missed subtree, values for nodes never examined, a tie-free wrong move, an order past a cut
    "s3.yaml": {**RIGHT, "student": "s3", "values": {"A": 3, "B": 3, "C": 2, "D": 2, "I": 4, "J": 6}, "not_examined": ["J", "A"],
                "move": "C", "window": {"alpha": "-inf", "beta": 3}, "order": ["E", "F", "G", "H", "I", "K"], "minimax": {"A": "<= 3"}},
    # unreadable: a value that is no value, an unknown question, another exercise's id
    "s4.yaml": {**RIGHT, "student": "s4", "values": {"A": "üç"}},
    "s5.yaml": {**RIGHT, "student": "s5", "cevaplar": 1},
    "s6.yaml": {**RIGHT, "student": "s6", "exercise": "ex9"},
}


@pytest.fixture(scope="module")
def homework(tmp_path_factory):
    root = tmp_path_factory.mktemp("turkish-check")
    exercise = aima_exercise()
    with use_language("tr"):
        write_exercises([exercise], root / "quiz", seed=1, spec=exercise.spec)
    answers = root / "answers"
    answers.mkdir()
    for name, data in ANSWERS.items():
        (answers / name).write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    roster = root / "roster.csv"
    roster.write_text("id,name\ns1,Ayşe Işık\ns2,İlker Ünal\ns3,Can Öz\ns7,Nur Şen\n", encoding="utf-8")
    return root


def strings(data) -> str:
    """The texts of JSON data (its keys are names, not words), each a piece apart."""
    if isinstance(data, dict):
        return BREAK.join(strings(value) for value in data.values())
    if isinstance(data, list):
        return BREAK.join(strings(value) for value in data)
    return data if isinstance(data, str) else ""


def check(homework, *options: str, lang: str | None = "tr"):
    args = ["check", str(homework / "quiz"), str(homework / "answers"), *options] + (["--lang", lang] if lang else [])
    return CliRunner().invoke(main, args, env={"TRACER_LANG": ""})


FORMATS = [
    ("text",), ("json",), ("files",), ("gradescope",), ("csv", "--students", "{roster}"), ("canvas", "--students", "{roster}"),
    ("moodle", "--students", "{roster}"),
]


def _run(homework, fmt, lang):
    options = ["--format", fmt[0], *(o.format(roster=homework / "roster.csv") for o in fmt[1:]), "--details"]
    return check(homework, *options, lang=lang)


@pytest.mark.parametrize("fmt", FORMATS, ids=lambda f: f[0])
def test_turkish_reports_hold_no_english_sentence(homework, fmt):
    result = _run(homework, fmt, "tr")
    assert result.exit_code == 3, result.output  # three files cannot be checked
    text = result.output
    if fmt[0] in ("json", "gradescope"):
        text = strings(json.loads(text))
    assert not english_in(text), json.dumps(english_in(text), ensure_ascii=False, indent=1)


def test_the_detector_finds_english_feedback(homework):
    english = check(homework, "--details", lang=None).output
    found = set(english_in(english).values())
    assert {"check.values.some", "check.first_wrong", "feedback.minimax.min", "answers.unreadable", "report.summary.checked"} <= found


def test_turkish_feedback_word_for_word(homework):
    text = check(homework, "--details").output
    lines = [line.strip().replace(str(homework / "answers") + "/", "") for line in text.splitlines()]
    assert "s1.yaml: 11 / 11 (alıştırma aima-5-2)" in lines
    # s2 by hand: minimax 3 - 0.75 = 2.25; values: B ">= 3" is 3 as a bound (0.375), C 4 is wrong: 1.5 + 0.375 = 1.875;
    # not_examined: J missed and K examined, 2 shares of 1 lost: 0; move 0; window: beta blank, alpha wrong: 0;
    # order: the first 5 of 7 right: 5/7 = 0.71. Total 2.25 + 1.875 + 0.71 = 4.84 (4.8393 to two decimals)
    assert "s2.yaml: 4,84 / 11 (alıştırma aima-5-2)" in lines  # points in prose with the Turkish decimal comma
    assert "2. Alpha-beta values: 1,88 / 3" in lines or any(line.endswith(": 1,88 / 3") for line in lines)
    # data keeps the point: the CSV of files, Gradescope's numbers
    files = check(homework, "--format", "files").output.splitlines()
    assert any(row.startswith(str(homework / "answers" / "s2.yaml") + ",,aima-5-2,s2,s2,4.84,11,2.25,1.88,0,0,0,0.71,") for row in files)
    assert "4 cevaptan 3 tanesi doğru." in lines  # s2's minimax
    (first_wrong,) = [line for line in lines if line.startswith("İlk yanlış adım: B: 2 yazdınız.")]
    # "E, F ve G" is written by tracer.words.joined
    assert first_wrong.startswith("İlk yanlış adım: B: 2 yazdınız. B bir MIN düğümü: minimax değeri, çocuklarının (E, F ")
    assert first_wrong.endswith(" G) değerlerinin en küçüğüdür: min(3, 12, 8) = 3.")
    assert "Seçiminiz: D." in text
    assert "s4.yaml: denetlenemedi: " in text and "'üç' bir değer olarak okunamıyor" in text
    assert "bilinmeyen cevap: 'cevaplar'" in text
    assert "içindeki 1 alıştırma arasında 'ex9' alıştırması yok; kâğıdın en üstündeki kimliği denetleyin" in text
    assert lines[-1].startswith("6 dosyadan 3 tanesi denetlendi; 3 dosya denetlenemedi; ortalama puan ")


def test_turkish_bounds_score_as_the_signs_do():
    key = prepared(aima_exercise())
    signs = check_data(key, RIGHT)
    assert signs.score == signs.max_score == 11
    for upper in ("en fazla 2", "En fazla 2", "EN FAZLA 2", "en çok 2", "EN ÇOK 2", "≤ 2", "≤2"):
        result = check_data(key, {**RIGHT, "values": {**RIGHT["values"], "C": upper}})
        assert result.score == 11, upper
    # the lower bound where the key has an upper one: the right number in the wrong form, half of C's 0.75
    for lower in ("en az 2", "EN AZ 2", ">= 2", "≥ 2"):
        result = check_data(key, {**RIGHT, "values": {**RIGHT["values"], "C": lower}})
        assert result.score == 11 - 0.375, lower
    for infinity in ("+İNF", "+ınf", "+Inf", "+∞"):
        assert check_data(key, {**RIGHT, "window": {"alpha": 3, "beta": infinity}}).score == 11, infinity
    assert parse_claim("EN FAZLA İNF") == parse_claim("<= inf")


def test_answers_are_read_the_same_in_every_language(homework):
    key = prepared(aima_exercise())
    data = {**RIGHT, "values": {"A": 3, "B": "en az 3", "C": "EN ÇOK 2", "D": "2"}}
    english = check_data(key, data)
    with use_language("tr"):
        turkish = check_data(key, data)
    assert english.score == turkish.score == 11 - 0.375
    assert [test.score for test in english.tests] == [test.score for test in turkish.tests]
    assert [test.question for test in english.tests] == [test.question for test in turkish.tests]


def test_node_labels_in_a_turkish_tree():
    """Labels I and ı stay two nodes; a name matches in any case, by Turkish rules where that is the only reading."""
    from tracer import parse_tree
    from tracer.exercises.generate import ExerciseSpec, exercise_from_tree
    from tracer.grading.answers import Item

    tree = parse_tree(json.dumps({"label": "Kök", "children": [
        {"label": "I", "children": [3, 12]}, {"label": "ı", "children": [2, 4]}, {"label": "İç", "children": [14, 1]}]}))
    key = prepared(exercise_from_tree(tree, ExerciseSpec(), "tr-labels"))
    path = {node.label: node.path for node in key.key.nodes}
    assert path["I"] != path["ı"]
    for name, label in (("I", "I"), ("ı", "ı"), ("i", "I"), ("İç", "İç"), ("iç", "İç"), ("İÇ", "İç"), ("kök", "Kök"), ("KÖK", "Kök")):
        assert key.resolve(Item(name), "a.yaml") == path[label], name


def test_the_practice_pages_words_in_turkish():
    key = prepared(aima_exercise())
    with use_language("tr"):
        data = {"rules": rules(), "key": key_data(key)}
    assert data["rules"]["says"]["right"] == "Doğru: {value}."
    words_read = data["rules"].pop("bound_words")  # data: the spellings read, English and Turkish
    assert not english_in(strings(data)), english_in(strings(data))
    assert ["İ", "i"] in data["rules"]["folds"]
    assert ["upper", ["<=", "=<", "≤", "⩽", "at most", "atmost", "le", "en fazla", "en çok"]] in words_read


def test_a_roster_of_turkish_names(homework):
    result = check(homework, "--format", "csv", "--students", str(homework / "roster.csv"))
    rows = result.output.splitlines()
    assert rows[0].split(",")[:2] == ["id", "name"]  # the gradebook's columns are data: the same in every language
    assert any(row.startswith("s1,Ayşe Işık,11,") for row in rows)
    assert any(row.startswith("s7,Nur Şen,eksik,") for row in rows)
    Student("s1", "Ayşe Işık")  # the roster's students are read as written


def test_answer_keys_typed_on_a_turkish_keyboard():
    """The keys stay English, but MİNİMAX (Turkish capitals: İ for i) and NOT_EXAMİNED read as written in lower case; alfa is alpha."""
    key = prepared(aima_exercise())
    data = {"EXERCİSE": "aima-5-2", "MİNİMAX": RIGHT["minimax"], "Values": RIGHT["values"], "NOT_EXAMİNED": ["I", "J"], "move": "B",
            "wındow": {"alfa": 3, "BETA": "+inf"}, "order": RIGHT["order"]}
    result = check_data(key, data)
    assert result.error is None and result.score == result.max_score == 11


@pytest.mark.parametrize("lang", ["en", "tr"])
def test_every_spelling_the_sheets_advertise_is_read(lang):
    """The bounds a sheet, a template or a hint tells students to write (in quotes) are read as the bounds they say."""
    from tracer.exercises.wording import sheet_words
    from tracer.grading.values import unreadable_hint

    with use_language(lang):
        words = sheet_words("T", "ex1", "", chance=False, asks={"values"})
        texts = [words["bounds"], words["template_bounds"], unreadable_hint("?"), unreadable_hint("< 2")]
    for text in texts:
        quoted = re.findall(r'"([^"]+)"', text)
        assert len(quoted) >= 2, text
        for value in quoted:
            claim = parse_claim(value)
            assert claim is not None, value
            assert (claim.value, claim.bound) in ((2, "upper"), (5, "lower")), value


def test_tracer_lang_sets_the_language_of_check(homework):
    args = ["check", str(homework / "quiz"), str(homework / "answers" / "s1.yaml")]
    assert "(alıştırma aima-5-2)" in CliRunner().invoke(main, args, env={"TRACER_LANG": "tr"}).output
    assert "(exercise aima-5-2)" in CliRunner().invoke(main, [*args, "--lang", "en"], env={"TRACER_LANG": "tr"}).output
