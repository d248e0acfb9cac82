"""The expert bot's guess at the cards it cannot see (`Game.determinize`, RULES.md "What the expert bot
may know").

A player knows their own hand, both players' face-up wilds, every card played (the tricks, and so both
won piles), how many cards the opponent holds, and that the other naturals are either in the
opponent's hand or among the 8 undealt. Nothing in the rules tells more: a pass is always allowed and
any combination may be led, so no play reveals a card held back. The opponent's naturals and the
undealt cards are therefore redealt at random from those unseen naturals, each pile keeping its size.
Once a hand is scored everything is shown (D16) and nothing is left to guess.
"""
from __future__ import annotations

from framework.engine import GAME_END_ID

from .cards import IS_WILD, sort_cards


def determinize(game, viewer: int, rng) -> None:
    """`rng`, the search's random source, is the only one drawn from (games import no `random`)."""
    data = game.data
    if data["reveal"] is not None or game.gamestate.state_id() == GAME_END_ID or not data["hands"]:
        return
    hands = game.per_player("hands")
    others = [pid for pid in game.player_ids if pid != viewer]  # a spectator knows neither hand
    # Sorted before the shuffle: pooled in the real hands' order, the deal drawn would depend on where
    # the unseen cards really are, and a bot searching it would peek (tests/test_expert_bot.py).
    unseen = sorted([c for pid in others for c in hands[pid] if not IS_WILD[c]] + data["undealt"])
    rng.shuffle(unseen)
    for pid in others:
        wilds = [c for c in hands[pid] if IS_WILD[c]]
        count = len(hands[pid]) - len(wilds)
        hands[pid] = sort_cards(wilds + unseen[:count])
        unseen = unseen[count:]
    data["undealt"] = unseen
