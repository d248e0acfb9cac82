"""What holds after every move (`Game.broken_invariants`; the random-play test and `bga simulate`
check it): the 53 cards each in one place, 12 cards each before the first trick, 13 trick units a
hand (the last trick counts two), and every score the running sum of the team's hand scores; and
what every player has learnt of the hands holds: no card of a suit its holder has shown a void in,
the summoned Dragon with the bidder until played (the determinization deals by them)."""
from __future__ import annotations

from framework.engine import cards_not_conserved

from .cards import DECK, DRAGON, HAND_SIZE, KITTY_SIZE
from .rules import RULING_SUIT, SUMMON, trump_of

UNITS = 13


def broken(data: dict, team_of_seat: list[int], scores_by_seat: list[int], before_first_trick: bool) -> list[str]:
    """`before_first_trick`: the hand is being played and nobody has led yet."""
    problems = []
    cards = data["kitty"] + data["played"]
    for pid in data["hands"]:
        cards += data["hands"][pid] + data["discards"][pid]
    if lost := cards_not_conserved(cards, DECK):
        problems.append(lost)
    if any(play["card"] not in data["played"] for play in data["trick"]):
        problems.append("a card in the trick is not counted as played")
    if before_first_trick and (any(len(hand) != HAND_SIZE for hand in data["hands"].values())
                               or len(data["kitty"]) not in (0, KITTY_SIZE)):
        problems.append(f"before the first trick each holds {HAND_SIZE} cards, the kitty 0 or {KITTY_SIZE}")
    problems += known_places(data)
    tricks = data["tricks_played"]
    if sum(data["taken"]) != tricks + (1 if tricks == HAND_SIZE else 0):  # 12 tricks, the last worth two
        problems.append(f"{sum(data['taken'])} trick units taken after {tricks} tricks")
    totals = [0, 0]
    for result in data["results"]:
        if sum(result["taken"]) != UNITS:
            problems.append(f"hand {result['hand_number']}: {sum(result['taken'])} trick units, not {UNITS}")
        totals = [totals[team] + result["delta"][team] for team in (0, 1)]
        if result["scores"] != totals:
            problems.append(f"hand {result['hand_number']}: scores {result['scores']} are not the sum {totals}")
    if data["team_scores"] != totals:
        problems.append(f"team scores {data['team_scores']} are not the hands' sum {totals}")
    for seat, score in enumerate(scores_by_seat):
        if score != data["team_scores"][team_of_seat[seat]]:
            problems.append(f"seat {seat} scores {score}, its team {data['team_scores'][team_of_seat[seat]]}")
    return problems


def known_places(data: dict) -> list[str]:
    """The voids shown in play (D12, D13) and the summoned Dragon's place (D8) agree with the hands."""
    contract = data["contract"]
    if not contract:
        return []
    problems = []
    suit_of = RULING_SUIT[trump_of(contract["designation"])]
    for pid, gone in (data.get("voids") or {}).items():  # not in snapshots stored before it
        held = [card for card in data["hands"][pid] if suit_of[card] in gone]
        if held:
            problems.append(f"player {pid} holds {held} after showing a void in {gone}")
    bidder = str(contract["player_id"])
    if contract["option"] == SUMMON and DRAGON not in data["played"] \
            and DRAGON not in data["hands"][bidder] + data["discards"][bidder]:
        problems.append("the summoned Dragon is not with the bidder")
    return problems
