"""What holds after every move (`Game.broken_invariants`; the random-play test and `bga simulate`
check it): the 42 cards each in one place, every score the sum of the player's hand scores, and a
scored hand's card points totalling 80 (D13)."""
from __future__ import annotations

from framework.engine import PerPlayer, cards_not_conserved

from .cards import DECK, TOTAL_POINTS


def broken(data: dict, scores: dict[int, int]) -> list[str]:
    """`scores` by player id."""
    problems = []
    cards = [c for hand in data["hands"].values() for c in hand] + data["undealt"]
    cards += [c for pile in data["won"].values() for c in pile]
    cards += [c for play in data["trick"] for c in play["cards"]]
    if lost := cards_not_conserved(cards, DECK):
        problems.append(lost)
    for pid, score in scores.items():
        summed = sum(PerPlayer(hand["total"])[pid] for hand in data["history"])
        if score != summed:
            problems.append(f"player {pid} scores {score}, their hands add up to {summed}")
    if data["reveal"] is not None:
        result = data["reveal"]["result"]
        points = sum(result["trick_points"].values()) + result["leftover_points"]
        if points != TOTAL_POINTS:
            problems.append(f"hand {len(data['history'])}: card points total {points}, not {TOTAL_POINTS}")
    return problems
