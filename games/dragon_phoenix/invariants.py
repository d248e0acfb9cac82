"""What holds after every move (`Game.broken_invariants`; the random-play test and `bga simulate`
check it): the 56 cards each in one place, the last hand's card points total 100 (200 to 0 for a
double victory, D19), a hand's total its card points plus its calls, and every player's score their
team's running total; and what every player has learnt of the hands holds (the determinization
deals by it): a passed card is with its taker until played, the Herald with the first leader, and a
player shown to lack the wished rank holds none."""
from __future__ import annotations

from framework.engine import cards_not_conserved

from .cards import DECK, HERALD, RANK


def cards_in_play(data: dict) -> list[str]:
    cards = [c for hand in data["hands"].values() for c in hand]
    cards += [c for stock in data["stock"].values() for c in stock]
    cards += [c for entry in data["trick"] for c in entry["cards"]]
    cards += [c for pile in data["won"].values() for c in pile]
    return cards + data["discard"]


def broken(data: dict, scores_by_seat: list[int]) -> list[str]:
    problems = []
    if "hands" in data and (lost := cards_not_conserved(cards_in_play(data), DECK)):  # from the first deal on
        problems.append(lost)
    if "hands" in data:
        problems += known_places(data)
    last = data["last_hand"]
    if last is not None:
        expected = [0, 200] if last["double"] is not None else None
        if (sorted(last["cards"]) != expected) if expected else sum(last["cards"]) != 100:
            problems.append(f"hand {last['hand_number']}: card points {last['cards']} do not total 100 (or 200 to 0)")
        if last["total"] != [last["cards"][team] + last["calls"][team] for team in (0, 1)]:
            problems.append(f"hand {last['hand_number']}: totals {last['total']} are not card points plus calls")
        if data["totals"] != last["totals"]:
            problems.append(f"running totals {data['totals']} are not those of the last hand {last['totals']}")
    for seat, score in enumerate(scores_by_seat):
        if score != data["totals"][seat % 2]:
            problems.append(f"seat {seat} scores {score}, its team's total is {data['totals'][seat % 2]}")
    return problems


def known_places(data: dict) -> list[str]:
    """D15: a card received stays in the taker's hand until played; D6: the Herald, unplayed, is in
    the hand of the first to play (the first leader: no bomb comes before the lead); D14: a player
    noted in `wish_lacks` holds no natural card of the wished rank."""
    problems = []
    hands = data["hands"]
    if data["delivered"]:
        for taker, received in data["received"].items():
            for entry in received:
                holders = [pid for pid, hand in hands.items() if entry["card"] in hand and pid != taker]
                if holders:
                    problems.append(f"{entry['card']} was passed to {taker} but is held by {holders[0]}")
        if data["played"]:
            leader = str(data["played"][0])
            holders = [pid for pid, hand in hands.items() if HERALD in hand and pid != leader]
            if holders:
                problems.append(f"the Herald is held by {holders[0]}, not by the first leader {leader}")
    for pid in data.get("wish_lacks", ()):  # not in snapshots stored before it
        if any(RANK.get(card) == data["wish"] for card in hands[str(pid)]):
            problems.append(f"player {pid} holds the wished rank after a turn that showed none")
    return problems
