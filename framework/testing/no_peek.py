"""The no-peek test for bots: a bot's move may depend on what its player knows and on its seed,
never on where the cards its player cannot see really are."""
from __future__ import annotations

import random
from collections.abc import Callable

from framework.engine import Table
from framework.engine.bots import Bot


def peeked_moves(make_bot: Callable[[], Bot], table: Table, player_id: int, variants: int = 6,
                 seed: object = 0) -> list[str]:
    """The moves a fresh bot (`make_bot()`, the same seed each time) chooses for `player_id` at
    `table` and at `variants` tables that differ only in what that player cannot see: the game's
    `determinize` deals the hidden cards again, consistently with everything the player has seen
    (and a new table seed: the real one would tell the next deal). Empty when the move is the same
    everywhere; else a sentence per variant where it changed. Needs the game's `determinize`, which
    `check_determinize` tests."""
    expected = make_bot().choose(table, player_id)
    changed = []
    for number in range(variants):
        variant = table.determinized(player_id, random.Random(f"no-peek:{seed}:{number}"))
        if variant.view(player_id) != table.view(player_id):
            raise AssertionError(f"{table.game_cls.name}.determinize changed what player {player_id} sees: "
                                 "the no-peek test needs a determinize that check_determinize passes")
        chosen = make_bot().choose(variant, player_id)
        if chosen != expected:
            changed.append(f"after move {table.move}, player {player_id}: {expected} with the real cards, "
                           f"{chosen} with the hidden cards dealt again (variant {number})")
    return changed
