"""Two lessons beside the searches: ``tracer imperfect`` (deciding with hidden deals) and
``tracer learn`` (Gardner's Hexapawn matchbox learner, game by game)."""

from __future__ import annotations

import json
from typing import Any

import click

from tracer.cli.app import fail_cleanly, language_option, main, write_output
from tracer.words import say

__all__ = ["imperfect_command", "learn_command"]


@main.command("imperfect")
@click.option("--game", "game", type=click.Choice(["whist", "roads"]), default="whist", show_default=True,
              help="whist: two-hand whist against a dealer whose hand is hidden; roads: the road, gold, jewels and bus example.")
@click.option("--position", metavar="POS",
              help="Whist: MAX's cards / the cards MIN's hand is dealt from, e.g. \"AS 2H 2D / KS QS JH JD\" (the default); :min for MIN to lead. Roads: told, for a traveller told where the jewels are.")
@click.option("--deals", type=click.IntRange(min=1), help="Draw this many of the deals (the bridge program GIB averaged over a sample of deals); both decisions use the deals drawn.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed for --deals.")
@click.option("--format", "fmt", type=click.Choice(["json", "text", "markdown"]), default="text", show_default=True, help="How to write the key.")
@click.option("-o", "--output", metavar="FILE", help="Write the key here (default: standard output).")
@language_option
@fail_cleanly
def imperfect_command(game: str, position: str | None, deals: int | None, seed: int, fmt: str, output: str | None) -> None:
    """Decide MAX's first move with hidden information, two ways, and say where they differ.

    Averaging over clairvoyance (determinization): every deal is solved with all cards
    visible, and each move's values are averaged over the deals. Over information sets:
    MAX plays one move for all the deals it cannot tell apart. The key gives each move's
    value in each deal, the averages, the values over information sets and both moves.
    The traced trees are the site's (gametree fences with imperfect=deals or
    imperfect=information-sets).

    \b
    Examples:
      tracer imperfect --game roads
      tracer imperfect --game whist --position "AS 2H 2D / KS QS JH JD"
      tracer imperfect --game whist --deals 3 --seed 1 --format markdown
    """
    from tracer.game.imperfect import make_hidden
    from tracer.search.imperfect import imperfect_decision
    from tracer.trace.imperfect_key import imperfect_json, imperfect_markdown, imperfect_text

    decision = imperfect_decision(make_hidden(game, position), deals=deals, seed=seed)
    if fmt == "json":
        text = json.dumps(imperfect_json(decision), indent=2, ensure_ascii=False) + "\n"
    elif fmt == "markdown":
        text = imperfect_markdown(decision)
    else:
        text = imperfect_text(decision)
    write_output(output, lambda file: file.write(text), "the key")


@main.command("learn")
@click.argument("game", type=click.Choice(["hexapawn"]), metavar="hexapawn")
@click.option("--games", type=click.IntRange(min=1, max=10_000), default=40, show_default=True, help="How many games to play.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed for the beads drawn and White's moves.")
@click.option("--opponent", type=click.Choice(["probing", "random"]), default="probing", show_default=True,
              help="White probes for the machine's weaknesses (a move after which the beads left can still lose), or plays at random.")
@click.option("--format", "fmt", type=click.Choice(["json", "text", "markdown"]), default="text", show_default=True, help="How to write the run.")
@click.option("-o", "--output", metavar="FILE", help="Write the run here (default: standard output).")
@language_option
@fail_cleanly
def learn_command(game: str, games: int, seed: int, opponent: str, fmt: str, output: str | None) -> None:
    """Gardner's matchbox machine learning Hexapawn as Black, game by game.

    A box per position Black can face, a bead per move; the machine draws a bead and plays
    its move, and loses the bead of its last move when it loses. Each line is a game: its
    moves, the winner, the bead taken away and the beads left. The run says after which
    game White could no longer win, whatever it played.

    \b
    Examples:
      tracer learn hexapawn --games 40 --seed 0
      tracer learn hexapawn --games 200 --opponent random --format markdown
    """
    from tracer.game.matchbox import MatchboxLearner

    learner = MatchboxLearner(seed=seed, opponent=opponent)
    rows = []
    safe_from = None
    for _ in range(games):
        record = learner.play()
        unbeatable = learner.unbeatable()
        if unbeatable and safe_from is None:
            safe_from = record.number
        elif not unbeatable:
            safe_from = None
        rows.append((record, sum(map(len, learner.boxes.values())), unbeatable))
    if fmt == "json":
        data = {
            "format": "tracer-matchbox-run", "seed": seed, "opponent": opponent, "boxes": len(learner.boxes), "unbeatable_after": safe_from,
            "games": [
                {"number": r.number, "moves": list(r.moves), "winner": r.winner, "resigned": r.resigned,
                 "taken": [{"box": c.box, "bead": c.bead, "left": c.left} for c in r.changes], "beads": beads, "unbeatable": unbeatable}
                for r, beads, unbeatable in rows
            ],
        }
        text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    else:
        text = _learn_table(rows, len(learner.boxes), safe_from, markdown=fmt == "markdown")
    write_output(output, lambda file: file.write(text), "the run")


def _learn_table(rows: list[tuple[Any, int, bool]], boxes: int, safe_from: int | None, *, markdown: bool) -> str:
    header = [say("learn.game", "game"), say("learn.moves", "moves"), say("learn.winner", "winner"),
              say("learn.taken", "bead taken (box: bead, left)"), say("learn.beads", "beads")]
    table = []
    for record, beads, _ in rows:
        taken = "; ".join(say("learn.change", "{box}: {bead}, {left} left", box=c.box, bead=c.bead, left=c.left) for c in record.changes)
        winner = say("learn.white", "White") if record.winner == "White" else say("learn.black", "Black")
        if record.resigned:
            winner = say("learn.resigned", "{winner} (Black resigned)", winner=winner)
        table.append([str(record.number), " ".join(record.moves), winner, taken or "-", str(beads)])
    lost = sum(record.winner == "White" for record, _, _ in rows)
    lines = [say("learn.title", "Gardner's matchbox machine plays Black at Hexapawn: {boxes} boxes", boxes=boxes), ""]
    if markdown:
        lines += ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
        lines += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in table]
    else:
        widths = [max(len(row[i]) for row in [header, *table]) for i in range(len(header))]
        lines += ["  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip() for row in [header, *table]]
    lines.append("")
    lines.append(say("learn.lost", "The machine lost {lost} of {games} games.", lost=lost, games=len(rows)))
    if safe_from is not None:
        lines.append(say("learn.unbeatable", "After game {n}, White cannot win whatever it plays: only winning beads are left where play can lead.", n=safe_from))
    else:
        lines.append(say("learn.beatable", "White can still win: play more games."))
    return "\n".join(lines) + "\n"
