"""End of a hand: hand-over by the last player, card points, double victory and calls
(rule text "End of a hand", "Calls", "Scoring"; D17, D19-D21). Pure."""
from __future__ import annotations

from .cards import card_points

CALL_VALUES = {"takeOff": 100, "highFlight": 200}


def hand_score(seats: dict, out_order: list, won: dict, last_hand: list[str], calls: dict) -> dict:
    """Team scores of a hand. `seats` maps player key -> seat (team = seat % 2), `won` each
    player's won cards, `last_hand` the last player's cards, `calls` player key -> call or None.

    Returns {"cards": [team 0, team 1], "calls": [...], "total": [...], "double": team or None}.
    """
    first = out_order[0] if out_order else None
    double = None
    if len(out_order) >= 2 and seats[out_order[0]] % 2 == seats[out_order[1]] % 2:
        double = seats[first] % 2
    if double is not None:
        cards = [0, 0]
        cards[double] = 200
    else:
        cards = [0, 0]
        last = next(p for p in seats if p not in out_order)
        for player, pile in won.items():
            owner = first if player == last else player  # the last player's rounds go to the first out
            cards[seats[owner] % 2] += card_points(pile)
        cards[1 - seats[last] % 2] += card_points(last_hand)  # their hand goes to the opponents
    bonus = [0, 0]
    for player, call in calls.items():
        if call:
            value = CALL_VALUES[call]
            bonus[seats[player] % 2] += value if player == first else -value
    return {"cards": cards, "calls": bonus, "total": [cards[0] + bonus[0], cards[1] + bonus[1]],
            "double": double}


def winner(totals: list[int], target: int) -> int | None:
    """The winning team after a hand, or None to play on (D21: equal totals play on)."""
    if max(totals) >= target and totals[0] != totals[1]:
        return 0 if totals[0] > totals[1] else 1
    return None


def past_hand(result: dict) -> dict:
    """A hand's line in the scores table (`past_hands`), from its full result."""
    return {key: result[key] for key in ("hand_number", "cards", "calls", "total", "totals", "double")}
