"""Whether a game's own `random_action` draws each legal action exactly as often as `legal_actions`
lists it: every index of its single draw is tried, so the weights are counted, not sampled."""
from __future__ import annotations

import json
from collections import Counter

from framework.engine import Table


class IndexChooser:
    """Stands in for the rng of one draw: `randrange(n)` and `choice(seq)` give the index it was
    told. A fair rng gives each index equally often, so drawing once per index gives each outcome
    with its exact weight. Any other rng method fails: the check is only for single draws."""

    def __init__(self, index: int):
        self.index = index
        self.size: int | None = None

    def randrange(self, stop: int) -> int:
        self.size = stop
        return self.index

    def choice(self, seq):
        self.size = len(seq)
        return seq[self.index]


def move_key(move: tuple[str, dict] | None) -> str:
    return json.dumps(move, sort_keys=True)


def drawn_weights(table: Table, player_id: int) -> Counter:
    """How many of a draw's equally likely indexes make `table.random_action` give each move, for a
    game whose `random_action` draws once (randrange or choice). Equal to `listed_weights` when it
    draws each legal action exactly as `rng.choice(legal_actions)` would."""
    first = IndexChooser(0)
    drawn = [table.random_action(player_id, first)]
    if first.size is None:  # no draw: nothing to choose, or a single move
        return Counter(move_key(move) for move in drawn if move is not None)
    drawn += [table.random_action(player_id, IndexChooser(i)) for i in range(1, first.size)]
    return Counter(move_key(move) for move in drawn)


def listed_weights(table: Table, player_id: int) -> Counter:
    """Each legal action of `player_id`, counted as often as `legal_actions` lists it."""
    return Counter(move_key(move) for move in table.legal_actions(player_id))
