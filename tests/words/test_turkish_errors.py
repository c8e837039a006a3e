"""Errors in Turkish: the readers people meet most (a tree file, a fence's options, an edited
trace, an evaluation, a game's position) say what is wrong with no English message left in them.

Each error is made in English and in Turkish. The English one must hold English catalogue
text, found by :func:`catalogue_text.english_in` (the detector the other Turkish outputs are
held against), so the check can fail; the Turkish one must hold none. The detector knows only
the catalogue: a sentence written outside ``say()`` is in neither, and this test cannot see it
(reading the code for ``Error(f"...")`` finds those).
"""

from __future__ import annotations

import pytest
from catalogue_text import english_in
from click.testing import CliRunner
from words_helpers import AIMA

from tracer.cli import main
from tracer.docsite.fence import read_fence_options
from tracer.errors import InputError
from tracer.game.evaluation_reading import load_evaluation, parse_evaluation
from tracer.game.games import make_game
from tracer.trace.reader import load_trace
from tracer.words import use_language


def said(make, language: str) -> str:
    """The text of the error ``make()`` raises, in ``language``."""
    with use_language(language), pytest.raises(InputError) as caught:
        make()
    error = caught.value
    # the file's path is the test's own (its folder names the test): not a message
    return str(error).replace(error.source, "<file>") if error.source else str(error)


def both(make) -> tuple[str, str]:
    english, turkish = said(make, "en"), said(make, "tr")
    assert english_in(english), f"the detector finds no English catalogue text in {english!r}"
    return english, turkish


def cli_error(path, *args: str) -> str:
    result = CliRunner().invoke(main, [args[0], str(path), *args[1:]])
    assert result.exit_code != 0, result.output
    return result.output.replace(str(path), "<file>")


# -- tree files -------------------------------------------------------------------------------
@pytest.mark.parametrize("content, name", [
    ("[[3, 12, 8], [2, 4", "cut.json"),              # not valid JSON
    ("root: !!python/object {}", "tagged.yaml"),      # a YAML tag
    ("[[3, 12], [2, 4]]\0", "binary.json"),           # NUL bytes
    (b"\xff[[3]]", "latin.json"),                      # not UTF-8
    ("a: &a [*a]", "loop.yaml"),                       # an alias inside itself
])
def test_a_bad_tree_file_is_refused_in_turkish(tmp_path, content, name):
    path = tmp_path / name
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    english = cli_error(path, "key")
    turkish = cli_error(path, "key", "--lang", "tr")
    assert english_in(english), english
    assert english_in(turkish) == {}, turkish


def test_a_folder_given_as_the_tree_file_is_refused_in_turkish(tmp_path):
    from tracer.game.notation import load_tree

    (tmp_path / "tree.json").mkdir()
    _, turkish = both(lambda: load_tree(tmp_path / "tree.json"))
    assert english_in(turkish) == {}, turkish


# -- fence options --------------------------------------------------------------------------------
@pytest.mark.parametrize("options", [
    {"depth": "two"},
    {"algorithm": "negamax"},
    {"final": "maybe"},
    {"colour": "red"},
    {"game": "nim", "file": "tree.json"},
    {"position": "X.O.X...."},
])
def test_a_bad_fence_option_is_refused_in_turkish(options):
    _, turkish = both(lambda: read_fence_options(options))
    assert english_in(turkish) == {}, turkish


# -- edited traces ----------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def written_trace(tmp_path_factory):
    folder = tmp_path_factory.mktemp("trace")
    (folder / "tree.json").write_text(AIMA)
    result = CliRunner().invoke(main, ["trace", str(folder / "tree.json"), "-o", str(folder / "trace.json")])
    assert result.exit_code == 0, result.output
    return (folder / "trace.json").read_text()


@pytest.mark.parametrize("old, new", [
    ('["evaluate", 2, 3, "utility"]', '["evaluate", 2, 4, "utility"]'),      # an event the search does not give
    ('["evaluate", 2, 3, "utility"]', '["evaluate", 2, "x", "utility"]'),    # a field that is no value
    ('"result": {"value": 3', '"result": {"value": 4'),                     # a result that is not the search's
    ('"format": "tracer-trace"', '"format": "something"'),                  # not a trace at all
])
def test_an_edited_trace_is_refused_in_turkish(tmp_path, written_trace, old, new):
    assert old in written_trace
    path = tmp_path / "edited.json"
    path.write_text(written_trace.replace(old, new, 1))
    _, turkish = both(lambda: load_trace(path))
    assert english_in(turkish) == {}, turkish


# -- evaluations --------------------------------------------------------------------------------
@pytest.mark.parametrize("spec", ["pawns=x", "", "pawns=1,,mobility=1", "colour=1", "pawns=1,pawns=2", "pawns:turing"])
def test_a_bad_evaluation_spec_is_refused_in_turkish(spec):
    # Hexapawn, whose title is one word: tic-tac-toe's Turkish title keeps the English name,
    # which the detector takes for the English of the messages that name the game
    _, turkish = both(lambda: parse_evaluation(spec, make_game("hexapawn")))
    assert english_in(turkish) == {}, turkish


@pytest.mark.parametrize("content", ["weights: {open_lines: 1}", "game: nim\nfeatures: {open_lines: 1}", "features: {open_lines: '1'}"])
def test_a_bad_evaluation_file_is_refused_in_turkish(tmp_path, content):
    path = tmp_path / "eval.yaml"
    path.write_text(content)
    _, turkish = both(lambda: load_evaluation(path, make_game("tictactoe")))
    assert english_in(turkish) == {}, turkish


@pytest.mark.parametrize("game, position", [("whist", "AS KH / AS 2H"), ("whist", "AS KH"), ("tictactoe", "XXX.O"), ("nim", "1,x")])
def test_a_bad_position_is_refused_in_turkish(game, position):
    _, turkish = both(lambda: make_game(game, position))
    assert english_in(turkish) == {}, turkish


# -- tracer games --features ----------------------------------------------------------------------
def test_the_games_features_and_symmetries_are_listed_in_turkish():
    english = CliRunner().invoke(main, ["games", "--features"]).output
    turkish = CliRunner().invoke(main, ["games", "--features", "--lang", "tr"]).output
    assert "lines still open for X" in english and "mirror left-right" in english
    # names, not sentences: a feature's name (two_in_a_row, as --eval writes it) and tic-tac-toe's
    # Turkish title, which keeps the English name
    assert english_in(turkish.replace("two_in_a_row", "").replace("Tic-tac-toe", "")) == {}, turkish
    assert "lines still open" not in turkish and "mirror left-right" not in turkish
    assert "soldan sağa ayna" in turkish and "Beyazın atları eksi Siyahınkiler" in turkish


def test_an_error_names_its_node_in_the_language_of_the_message(tmp_path):
    """The place before a tree error's sentence (`node "0.1"`, `the root`) is the message's language too."""
    from tracer.game.notation import load_tree

    leaf = tmp_path / "leaf.json"
    leaf.write_text('[[1, "x"], 2]')
    english, turkish = both(lambda: load_tree(leaf))
    assert english.startswith('<file>: node "0.1": ') and turkish.startswith('<file>: "0.1" düğümü: ')
    chance = tmp_path / "chance.json"
    chance.write_text('{"type": "chance", "children": [{"p": 0.5, "value": 1}, {"p": 0.6, "value": 2}]}')
    english, turkish = both(lambda: load_tree(chance))
    assert english.startswith("<file>: the root: ") and "sum to 1.1, not 1" in english
    assert turkish.startswith("<file>: kök: ") and "toplamı 1 değil, 1,1" in turkish  # the decimal comma, clear of the sentence's
    assert not english_in(turkish)
