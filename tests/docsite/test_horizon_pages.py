"""The quiescence and chess pages and Nilsson's figure on the deepening page say what their fences show.

Each fence is read as the plugin reads it and searched; the expectations are the pages' claims, worked
out by hand in the pages (and in the comments here), not copied from a run."""

from __future__ import annotations

from pathlib import Path

import pytest

import tracer
from tracer.docsite.fence import read_fence_options
from tracer.docsite.plugin import _find_fences, _read_options
from tracer.game.games import make_game
from tracer.game.notation import load_tree

SITE = Path(__file__).resolve().parents[2] / "site"
INF = float("inf")


def fences(page: str) -> list[dict[str, str]]:
    text = (SITE / page).read_text(encoding="utf-8")
    return [dict(_read_options(options.strip()) or []) for name, _, options in _find_fences(text) if name == "gametree"]


def searched(options: dict[str, str]) -> tuple[tracer.Trace, list[str]]:
    """The fence's search, and the names of the root's moves (labels for a tree)."""
    fence = read_fence_options(options)
    if fence.game:
        game = make_game(fence.game, fence.position)
        state = game.initial_state()
        names = [game.move_label(state, move) for move in game.actions(state)]
        return tracer.search(game, fence.settings), names
    tree = load_tree(SITE / fence.file)
    return tracer.search(tree, fence.settings), [child.label for child in tree.root.children]


def best(options: dict[str, str]) -> tuple[float, str]:
    trace, names = searched(options)
    return trace.root_value, names[trace.best_move[0]]


def pairs(page: str) -> list[tuple[dict[str, str], dict[str, str]]]:
    """Fences that differ only in quiescence (and their titles and starting step), in page order."""
    found = fences(page)
    plain = [f for f in found if "quiescence" not in f]
    deep = [f for f in found if f.get("quiescence") == "true"]

    def same(f: dict[str, str]) -> dict[str, str]:
        return {k: v for k, v in f.items() if k not in ("title", "start", "quiescence")}

    return [(p, q) for p in plain for q in deep if same(p) == same(q)]


def test_every_fence_on_the_pages_reads_and_searches():
    for page in ("quiescence.md", "chess.md", "deepening.md"):
        for options in fences(page):
            searched(options)


def test_on_each_page_quiescence_changes_the_decision():
    # Every pair of fences without and with quiescence on these pages shows a different decision.
    for page in ("quiescence.md", "chess.md"):
        found = pairs(page)
        assert found, page
        for plain, deep in found:
            assert best(plain)[1] != best(deep)[1] or best(plain)[0] != best(deep)[0], (page, plain)


def test_the_horizon_tree_flips_from_b_to_c():
    # By hand: without quiescence B 5 > C 3. With it, B stands pat on 5, MIN captures (D), D stands pat on −3 and
    # MAX recaptures (H, 1): D = 1, B = min(5, 1) = 1, and C's 3 is better.
    (plain, deep), *_ = pairs("quiescence.md")
    assert best(plain) == (5, "B") and best(deep) == (3, "C")
    trace, _ = searched(deep)
    assert trace.stats["quiescence"] == 2  # B and D stood pat


def test_tic_tac_toe_blocks_the_threat_only_with_quiescence():
    (_, _), (plain, deep) = pairs("quiescence.md")
    assert best(plain)[1] == "Xc1" and best(deep)[1] == "Xb3"


def test_the_mate_in_two_is_found_at_depth_two_only_with_quiescence():
    # 1. f7 (Black's only move is a4) 2. f8=Q#: three plies. Depth 2 sees material only (0 everywhere); quiescence
    # follows the promotion at the limit and finds the mate.
    (plain, deep), (capture, recapture) = pairs("chess.md")
    assert best(plain) == (0, "f7")  # f7 by the tie rule: every move scores 0
    assert best(deep) == (INF, "f7")
    trace, _ = searched(deep)
    assert trace.stats["pruned"] == 4  # f8=R and the three king moves
    # Nxb5 wins a pawn one ply deep (+2: a knight and two pawns against three pawns, then four); axb5 takes the knight.
    assert best(capture) == (2, "Nxb5")
    assert best(recapture) == (1, "Nb1")
    trace, _names = searched(recapture)
    assert trace.stats["cutoffs"] >= 1  # Nc4: standing pat on 1 ≤ α, bxc4 is pruned


def test_the_pages_chess_positions_agree_with_python_chess():
    import chess

    board = chess.Board("7k/8/5P1K/p7/8/8/8/8 w - - 0 1")
    board.push_san("f7")
    assert [board.san(move) for move in board.legal_moves] == ["a4"]
    board.push_san("a4")
    board.push_san("f8=Q")
    assert board.is_checkmate()


def test_nilssons_figure_is_on_the_deepening_page():
    [nilsson] = [f for f in fences("deepening.md") if f.get("tt") == "symmetry"]
    trace, names = searched(nilsson)
    assert (trace.root_value, names[trace.best_move[0]]) == (1, "Xb2")
    assert trace.stats["evaluated"] == 12 and trace.stats["tt_hits"] == 18


@pytest.mark.parametrize("page", ["quiescence.md", "chess.md"])
def test_the_new_pages_are_in_the_nav(page):
    assert f": {page}" in (SITE.parent / "mkdocs.yml").read_text()
