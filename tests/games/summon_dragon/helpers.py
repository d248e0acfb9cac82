"""Tables with fixed deals for the scenario tests: four players, Dan deals, so Ann bids first.

Ann (seat 0) and Cat (seat 2) are partners against Bob (seat 1) and Dan (seat 3).
"""
from __future__ import annotations

from framework.engine import Notification, Table
from games.summon_dragon import GAME
from games.summon_dragon.cards import DECK

ANN, BOB, CAT, DAN = 11, 22, 33, 44
PLAYERS = [{"id": ANN, "name": "Ann"}, {"id": BOB, "name": "Bob"}, {"id": CAT, "name": "Cat"},
           {"id": DAN, "name": "Dan"}]
SEAT = {ANN: 0, BOB: 1, CAT: 2, DAN: 3}


def make_deal(hands: dict[int, list[str]] | None = None, kitty: list[str] | None = None,
              dealer: int = 3) -> dict:
    """A full fixed deal: the given cards where said, the rest of the deck in order elsewhere."""
    hands = {SEAT[pid]: list(cards) for pid, cards in (hands or {}).items()}
    given = {c for cards in hands.values() for c in cards} | set(kitty or [])
    rest = iter(c for c in DECK if c not in given)
    seats = [hands.get(seat, []) for seat in range(4)]
    for cards in seats:
        cards.extend(next(rest) for _ in range(12 - len(cards)))
    kitty = list(kitty or [])
    kitty.extend(next(rest) for _ in range(5 - len(kitty)))
    return {"hands": seats, "kitty": kitty, "dealer": dealer}


def new_table(deal: dict | list | None = None, target: int = 500, seed: int = 7) -> Table:
    options = {"target": target}
    if deal is not None:
        options["deal"] = deal
    return Table.create(GAME, PLAYERS, options, seed)


def win_auction(table: Table, bidder: int, tricks: int, designation: str) -> None:
    """Everyone before the bidder passes, the bidder bids, everyone after passes."""
    order = [ANN, BOB, CAT, DAN]
    for pid in order[:order.index(bidder)]:
        table.apply(pid, "pass")
    table.apply(bidder, "bid", {"tricks": tricks, "designation": designation})
    for pid in order[order.index(bidder) + 1:]:
        table.apply(pid, "pass")


def start_play(hands: dict[int, list[str]], designation: str, bidder: int = ANN, tricks: int = 3,
               kitty: list[str] | None = None) -> Table:
    """A table at the first lead: the bidder won with `tricks designation` and went no-help."""
    table = new_table(make_deal(hands, kitty))
    win_auction(table, bidder, tricks, designation)
    table.apply(bidder, "chooseOption", {"option": "no-help"})
    return table


def seen_by(table: Table, viewer: int, notes: list[Notification]) -> set[str]:
    """Every string the viewer sees: the view and the notifications sent to them or to all."""
    from framework.engine.views import leaves

    seen = set(leaves(table.view(viewer)))
    for note in notes:
        if note.visible_to(viewer):
            seen.update(leaves(note.args))
    return seen


def play_out(table: Table, hands: int = 1) -> list[dict]:
    """Play with the heuristic bot until `hands` hands are over; returns every notification."""
    notes = []
    while table.status == "playing" and len(table.state.data["results"]) < hands:
        pid = table.active_players()[0]
        notes += table.apply(pid, *table.game.heuristic_move(pid))
    return notes
