"""What several grading tests share."""

RIGHT = {
    "exercise": "aima-5-2",
    "minimax": {"A": 3, "B": 3, "C": 2, "D": 2},
    "values": {"A": 3, "B": 3, "C": "<= 2", "D": 2},
    "not_examined": ["I", "J"],
    "move": "B",
    "window": {"alpha": 3, "beta": "+inf"},
    "order": ["E", "F", "G", "H", "K", "L", "M"],
}
"""Every answer right for AIMA's Figure 5.2 under alpha-beta (worked by hand: I and J pruned at C)."""
