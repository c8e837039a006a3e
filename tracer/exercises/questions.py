"""The questions an exercise asks, and the key's answers written as a student would.

Question ids (used on sheets, in answer files, in ``points.yaml`` and in reports):

==================  ===========================================================================
``minimax``         the minimax value of every internal node
``expectiminimax``  the expectiminimax value of every internal node (trees with chance nodes)
``values``          the value alpha-beta computes at each internal node it examines (a bound
                    such as ``<= 2`` where it was cut off)
``not_examined``    the nodes alpha-beta never examines
``move``            the child of the root MAX moves to
``window``          alpha and beta when the search enters a named node
``order``           the order in which the search evaluates the leaves
==================  ===========================================================================
"""

from __future__ import annotations

from typing import Any

from tracer.game.model import Tree

__all__ = [
    "ALLOWED_QUESTIONS",
    "DEFAULT_QUESTIONS",
    "QUESTION_IDS",
    "QUESTION_TITLES",
    "answer_number",
    "answer_value",
    "key_answers",
    "key_questions",
    "node_value_question",
    "tree_to_data",
]

QUESTION_IDS = ("minimax", "expectiminimax", "values", "not_examined", "move", "window", "order")

QUESTION_TITLES = {
    "minimax": "Minimax values",
    "expectiminimax": "Expectiminimax values",
    "values": "Alpha-beta values",
    "not_examined": "Nodes not examined",
    "move": "MAX's move",
    "window": "Alpha and beta",
    "order": "Order of evaluation",
}

DEFAULT_QUESTIONS = {
    "alphabeta": ("minimax", "values", "not_examined", "move"),
    "minimax": ("minimax", "move"),
    "expectiminimax": ("expectiminimax", "move"),
}

ALLOWED_QUESTIONS = {
    "alphabeta": ("minimax", "values", "not_examined", "move", "window", "order"),
    "minimax": ("minimax", "move", "order"),
    "expectiminimax": ("expectiminimax", "move", "order"),
}


def node_value_question(question: str) -> bool:
    """Whether a question asks for a value at each internal node."""
    return question in ("minimax", "expectiminimax", "values")


def tree_to_data(tree: Tree) -> Any:
    """The tree in bracket form (chance nodes in the compact chance form), for key files.

    Labels are the automatic letters, which :func:`tracer.tree_from_data` gives back.

    >>> from tracer import parse_tree
    >>> tree_to_data(parse_tree("[[3, 12], {chance: [[0.5, 1], [0.5, 2]]}]"))
    [[3, 12], {'chance': [[0.5, 1], [0.5, 2]]}]
    """
    built: dict[tuple[int, ...], Any] = {}
    for node in reversed(list(tree.preorder())):
        if node.is_leaf:
            built[node.path] = node.value
        elif node.type == "chance":
            built[node.path] = {"chance": [[child.p, built.pop(child.path)] for child in node.children]}
        else:
            built[node.path] = [built.pop(child.path) for child in node.children]
    return built[()]


def answer_number(value: Any) -> str:
    """A number as an answer file writes it (plain ASCII, what a student types): ``3``, ``2.5``,
    ``3.3333`` (4 decimals at most), ``+inf``. Figures and sentences use :func:`tracer.words.number`.

    >>> answer_number(3.0), answer_number(10 / 3), answer_number(0.1 + 0.2), answer_number(float("-inf"))
    ('3', '3.3333', '0.3', '-inf')
    """
    if value in ("inf", float("inf")):
        return "+inf"
    if value in ("-inf", float("-inf")):
        return "-inf"
    rounded = round(float(value), 4)
    if rounded.is_integer():
        return str(int(rounded))
    return f"{rounded:.4f}".rstrip("0").rstrip(".")


def answer_value(value: Any, bound: str | None) -> Any:
    """A key value in the answer format: ``3``, ``2.5`` or ``"<= 2"``."""
    text = answer_number(value)
    if bound == "upper":
        return f"<= {text}"
    if bound == "lower":
        return f">= {text}"
    if text.endswith("inf"):
        return text
    return float(text) if "." in text else int(text)


def key_questions(key: dict[str, Any]) -> list[dict[str, Any]]:
    """The questions a key answers: its own list, or the defaults for its algorithm."""
    if key.get("questions"):
        return list(key["questions"])
    return [{"id": question} for question in DEFAULT_QUESTIONS.get(key.get("algorithm", "alphabeta"), ())]


def key_answers(key: dict[str, Any]) -> dict[str, Any]:
    """The key's own answers, written in the format students hand in (they score full marks)."""
    labels = {node["path"]: node["label"] for node in key["nodes"]}
    out: dict[str, Any] = {}
    if key.get("exercise"):
        out["exercise"] = key["exercise"]
    for question in key_questions(key):
        qid = question["id"]
        if qid in ("minimax", "expectiminimax"):
            out[qid] = {n["label"]: answer_value(n["minimax_value"], "exact") for n in key["nodes"] if n["type"] != "leaf"}
        elif qid == "values":
            out[qid] = {
                n["label"]: answer_value(n["search_value"], n["bound"])
                for n in key["nodes"]
                if n["type"] != "leaf" and n["search_value"] is not None
            }
        elif qid == "not_examined":
            out[qid] = [labels[path] for path in key["unvisited"]]
        elif qid == "move":
            out[qid] = key["best_move"]["label"] if key.get("best_move") else None
        elif qid == "window":
            out[qid] = {"alpha": _inf_text(question["alpha"]), "beta": _inf_text(question["beta"])}
        elif qid == "order":
            out[qid] = [labels[path] for path in key["evaluated"]]
    return out


def _inf_text(value: Any) -> Any:
    return answer_value(value, "exact")
