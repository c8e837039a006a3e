"""The key of a decision with hidden deals: both decisions and where they differ, as text,
Markdown or JSON (``tracer imperfect``)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from tracer.search.imperfect import FirstChoice, ImperfectDecision
from tracer.words import number, say

__all__ = ["imperfect_json", "imperfect_markdown", "imperfect_text"]


def _v(value: Fraction) -> str:
    return number(float(value))


def _head(decision: ImperfectDecision) -> list[str]:
    lines = [say("imperfect.key.title", "Hidden information: {title}", title=decision.title)]
    if decision.position:
        lines.append(say("imperfect.key.position", "Position: {position}", position=decision.position))
    if decision.seed is not None:
        lines.append(say("imperfect.key.drawn", "Deals: {n} of {of}, drawn with seed {seed}, each as likely", n=len(decision.deals),
                         of=decision.of, seed=decision.seed))
    else:
        lines.append(say("imperfect.key.deals", "Deals: {n}, each as likely", n=len(decision.deals)))
    return lines


def _verdict(choice: FirstChoice) -> str:
    if choice.differ:
        worth = choice.informed[choice.moves.index(choice.averaged_move)]
        return say(
            "imperfect.key.differ",
            "They differ: averaging plays {averaged}, which is worth {worth} when MAX must choose its later moves without seeing the deal; "
            "{right} is worth {best}.",
            averaged=choice.averaged_move, worth=_v(worth), right=choice.informed_move, best=_v(max(choice.informed)),
        )
    return say("imperfect.key.agree", "They agree: averaging's move {move} is also right over information sets.", move=choice.averaged_move)


def _sections(choice: FirstChoice) -> list[tuple[str, list[str], list[list[str]], str]]:
    """(title, header, rows, conclusion) for the two decisions."""
    averaged_rows = [[deal, *map(_v, row)] for deal, row in zip(choice.deals, choice.clairvoyant)]
    averaged_rows.append([say("imperfect.key.average", "average"), *map(_v, choice.averaged)])
    return [
        (
            say("imperfect.key.averaging", "Averaging over clairvoyance (each deal solved with everything visible, then averaged):"),
            [say("imperfect.key.deal", "deal"), *choice.moves],
            averaged_rows,
            say("imperfect.key.averaged_move", "Averaging plays {move} ({value}).", move=choice.averaged_move, value=_v(max(choice.averaged))),
        ),
        (
            say("imperfect.key.informed", "Over information sets (one move for all the deals MAX cannot tell apart):"),
            [say("imperfect.key.move", "move"), *choice.moves],
            [[say("imperfect.key.value", "value"), *map(_v, choice.informed)]],
            say("imperfect.key.informed_move", "The right move is {move} ({value}).", move=choice.informed_move, value=_v(max(choice.informed))),
        ),
    ]


def _where(choice: FirstChoice, several: bool) -> list[str]:
    if not several:
        return []
    return [say("imperfect.key.set", "MAX's first choice when the deal is one of: {deals}", deals="; ".join(choice.deals))]


def imperfect_text(decision: ImperfectDecision) -> str:
    lines = _head(decision)
    for choice in decision.choices:
        lines.extend(["", *_where(choice, len(decision.choices) > 1)])
        for title, header, rows, conclusion in _sections(choice):
            widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
            lines.append(title)
            for row in [header, *rows]:
                lines.append("  " + "  ".join(cell.ljust(width) if i == 0 else cell.rjust(width) for i, (cell, width) in enumerate(zip(row, widths))).rstrip())
            lines.append(conclusion)
        lines.append(_verdict(choice))
    return "\n".join(lines) + "\n"


def imperfect_markdown(decision: ImperfectDecision) -> str:
    head = _head(decision)
    lines = [f"# {head[0]}", "", *(f"{line}  " for line in head[1:])]
    for choice in decision.choices:
        where = _where(choice, len(decision.choices) > 1)
        lines.extend(["", f"## {where[0]}"] if where else [])
        for title, header, rows, conclusion in _sections(choice):
            lines.extend(["", title, "", "| " + " | ".join(header) + " |", "|" + "---|" * len(header)])
            lines.extend("| " + " | ".join(row) + " |" for row in rows)
            lines.extend(["", conclusion])
        lines.extend(["", f"**{_verdict(choice)}**"])
    return "\n".join(lines) + "\n"


def imperfect_json(decision: ImperfectDecision) -> dict[str, Any]:
    def values(moves: tuple[str, ...], row: tuple[Fraction, ...]) -> dict[str, float]:
        return {move: float(value) for move, value in zip(moves, row)}

    return {
        "format": "tracer-imperfect-key",
        "title": decision.title,
        "position": decision.position,
        "deals": list(decision.deals),
        "of": decision.of,
        "seed": decision.seed,
        "clairvoyant_value": float(decision.clairvoyant_value),
        "informed_value": float(decision.informed_value),
        "differ": decision.differ,
        "choices": [
            {
                "deals": list(choice.deals),
                "clairvoyant": {deal: values(choice.moves, row) for deal, row in zip(choice.deals, choice.clairvoyant)},
                "averaged": values(choice.moves, choice.averaged),
                "informed": values(choice.moves, choice.informed),
                "averaged_move": choice.averaged_move,
                "informed_move": choice.informed_move,
                "differ": choice.differ,
            }
            for choice in decision.choices
        ],
    }

