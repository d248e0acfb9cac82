"""A complete hand consistent with what one player has seen (`Game.determinize`, for the expert bot's
search): the cards hidden from them (other hands, other discards, the kitty) dealt again at random,
each keeping its size.

What constrains the deal, and why (RULES.md "What the expert bot may know"):
- the viewer's own hand and discards, and every card played, stay where they are;
- a player who did not follow the led suit holds none of it; in a suit contract one who neither
  followed nor trumped holds no trump, and so not the Dragon, the highest trump (D12, D13); the
  no-trump Dragon shows nothing, it may always be played (D14). The game keeps these voids as it
  plays (`data["voids"]`, `rules.shown_voids`); they bar cards from hands only, since the discards
  were made before any card was played;
- once the Dragon is summoned (D8), from a hand or the kitty, it is the bidder's, in their hand or
  among their discards (D10), until played;
- the kitty the viewer took (option kitty) or received (as the giver of a summon) is in the
  viewer's own hand and discards; one the viewer did not see is unknown like any other card.
Bids constrain no card: anyone may bid anything (D5).

Voids interact (two players void in different suits, the Dragon's place): the deal places the
constrained cards first and each only where the cards still to place fit (`deal_constrained`),
so it always finds a deal when one exists and never retries.
"""
from __future__ import annotations

from framework.engine import deal_constrained

from . import rules
from .cards import DRAGON, SUIT_OF, sort_hand


def determinize(game, viewer: int, rng) -> None:
    data = game.data
    hands, discards = game.per_player("hands"), game.per_player("discards")
    others = [pid for pid in game.player_ids if pid != viewer]
    sizes: dict[tuple[str, int | None], int] = {("kitty", None): len(data["kitty"])}
    unknown = list(data["kitty"])
    for pid in others:
        unknown += hands[pid] + discards[pid]
        sizes["hand", pid], sizes["discards", pid] = len(hands[pid]), len(discards[pid])
    dealt = deal_constrained(unknown, sizes, allowed_places(game, viewer, list(sizes), unknown), rng)
    data["kitty"] = dealt["kitty", None]
    for pid in others:
        hands[pid] = sort_hand(dealt["hand", pid])
        discards[pid] = sort_hand(dealt["discards", pid])


def allowed_places(game, viewer: int, places: list, unknown: list[str]) -> dict[str, list]:
    """For each unknown card the rules have shown something about, the places it may be."""
    data = game.data
    contract = data["contract"]
    trump = rules.trump_of(contract["designation"]) if contract else None
    voids = data.get("voids") or {}  # not in snapshots stored before it
    barred: dict[str, set] = {}
    for pid in game.player_ids:
        gone = voids.get(str(pid), ())
        if pid == viewer or not gone:
            continue
        for suit in gone:
            barred.setdefault(suit, set()).add(("hand", pid))
        if trump is not None and trump in gone:
            barred.setdefault(DRAGON, set()).add(("hand", pid))
    allowed: dict[str, list] = {}
    for card in unknown:
        key = DRAGON if card == DRAGON else SUIT_OF[card]
        if key in barred:
            allowed[card] = [place for place in places if place not in barred[key]]
    if DRAGON in unknown and contract and contract["option"] == rules.SUMMON:
        bidder = contract["player_id"]
        allowed[DRAGON] = [place for place in (("hand", bidder), ("discards", bidder))
                           if place in allowed.get(DRAGON, places)]
    return allowed
