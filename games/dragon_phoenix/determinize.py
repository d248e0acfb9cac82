"""A complete hand consistent with what one player has seen (`Game.determinize`, for the expert bot's
search): the cards hidden from them dealt again at random, every hand and stock keeping its size.

What stays where it is, and why (RULES.md "What the expert bot may know"):
- the viewer's own hand; every card played (the open round, the won piles, the Fox's discard);
- a card the viewer passed (D15) stays in the hand of the player it was passed to until played;
- the Herald, not yet played, stays with the hand's first leader: its holder after passing leads (D6);
- a player who took a turn without the wished rank where holding one would have obliged it (a lead,
  a pass or a play other than a bomb on a single below the wish, D14) is dealt none of it
  (`rounds.note_wish_lacking`);
- before the passes are delivered, another player who has chosen their passes (public, `passReady`)
  chooses three cards again from their new hand; after, only what the viewer gave and received is
  kept of the passes: the others' passes among themselves are unknown to the viewer and read by
  nothing later in the hand.
Calls, bids of High Flight and Take-off, and the Dragon's gift constrain no card. The undealt five
cards of every stock, the viewer's own included, are unknown before the second deal.
"""
from __future__ import annotations

from framework.engine import deal_constrained

from .cards import HERALD, RANK, sort_cards

DIRECTIONS = ((1, "left"), (2, "partner"), (3, "right"))


def determinize(game, viewer: int, rng) -> None:
    data = game.data
    if "hands" not in data:
        return  # before the first deal: nothing hidden
    hands, stock = game.per_player("hands"), game.per_player("stock")
    ids = game.player_ids
    others = [pid for pid in ids if pid != viewer]
    fixed = fixed_cards(game, viewer)
    sizes: dict[tuple[str, int], int] = {}
    unknown: list[str] = []
    for pid in others:
        kept = fixed.get(pid, [])
        unknown.extend(card for card in hands[pid] if card not in kept)
        sizes["hand", pid] = len(hands[pid]) - len(kept)
    for pid in ids:
        unknown.extend(stock[pid])
        sizes["stock", pid] = len(stock[pid])
    lacking = data.get("wish_lacks", [])  # not in snapshots stored before it
    allowed = {}
    if data["wish"] is not None and any(pid != viewer for pid in lacking):
        places = [place for place in sizes if not (place[0] == "hand" and place[1] in lacking)]
        allowed = {card: places for card in unknown if RANK.get(card) == data["wish"]}
    dealt = deal_constrained(unknown, sizes, allowed, rng)
    for pid in others:
        hands[pid] = sort_cards(dealt["hand", pid] + fixed.get(pid, []))
    for pid in ids:
        stock[pid] = dealt["stock", pid]
    _redo_passes(game, viewer, rng)


def fixed_cards(game, viewer: int) -> dict[int, list[str]]:
    """The cards of other hands the viewer knows: what they passed and is not played yet (D15), and
    the Herald with the hand's first leader (D6)."""
    data = game.data
    hands = game.per_player("hands")
    fixed: dict[int, list[str]] = {}
    if data["delivered"]:
        mine = game.per_player("passing").get(viewer, {})
        seat = game.seat_of(viewer)
        for offset, where in DIRECTIONS:
            taker = game.player_ids[(seat + offset) % 4]
            card = mine.get(where)
            if card in hands[taker]:
                fixed.setdefault(taker, []).append(card)
        leader = data["played"][0] if data["played"] else game.gamestate.active_player()
        if leader is not None and leader != viewer and HERALD in hands[leader] and HERALD not in fixed.get(leader, []):
            fixed.setdefault(leader, []).append(HERALD)
    return fixed


def _redo_passes(game, viewer: int, rng) -> None:
    """The other players' passes made consistent with their new hands (see the module's docstring)."""
    data = game.data
    passing, hands = game.per_player("passing"), game.per_player("hands")
    others = [pid for pid in game.player_ids if pid != viewer]
    if not data["delivered"]:
        for pid in others:
            if pid in passing:
                left, partner, right = rng.sample(hands[pid], 3)
                passing[pid] = {"left": left, "partner": partner, "right": right}
        return
    received = game.per_player("received")
    from_viewer = {r["from"]: r["card"] for r in received.get(viewer, [])}
    mine = passing.get(viewer, {})
    seat = game.seat_of(viewer)
    for offset, where in DIRECTIONS:
        pid = game.player_ids[(seat + offset) % 4]
        back = next(w for o, w in DIRECTIONS if (offset + o) % 4 == 0)  # the viewer seen from pid
        if pid in passing:
            passing[pid] = {back: from_viewer[pid]} if pid in from_viewer else {}
        if pid in received:
            received[pid] = [{"from": viewer, "card": mine[where]}] if where in mine else []
