"""The legal moves worked out for a player at one state, kept per process so repeated reads cost a lookup.

Keyed by (table, move, state hash, player): a move changes the key, so nothing is ever stale; an undo
back to a move number comes with its own state hash. Bounded: the least recently used list goes first.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

CACHE_ENTRIES = 32  # lists kept per process: a Summon discard's (6,188 moves) is about 1.5 MB


@dataclass(frozen=True)
class Worked:
    """A player's legal moves at one state, summed up, and those of them the player may be shown."""
    listed: bool
    actions: dict
    moves: tuple[tuple[str, dict], ...]


class LegalCache:
    """The last CACHE_ENTRIES answers worked out, least recently used first out; shared by a process's threads."""

    def __init__(self, size: int = CACHE_ENTRIES):
        self.size, self.entries, self.lock = size, OrderedDict(), threading.Lock()

    def get(self, key: tuple) -> Worked | None:
        with self.lock:
            found = self.entries.get(key)
            if found is not None:
                self.entries.move_to_end(key)
            return found

    def put(self, key: tuple, worked: Worked) -> None:
        with self.lock:
            self.entries[key] = worked
            self.entries.move_to_end(key)
            while len(self.entries) > self.size:
                self.entries.popitem(last=False)

