"""Per-player data indexed by player id, stored as JSON stores it (keys as strings)."""
from __future__ import annotations

from collections.abc import Iterator, Mapping, MutableMapping
from typing import Any


def player_key(player_id: int) -> str:
    """A player id as JSON keys it, `"101"`: for a player a game stores or shows in that form (the
    bidder of a contract that has always been stored so)."""
    return str(player_id)


def player_keyed(values: Mapping[int, Any]) -> dict[str, Any]:
    """`{player_id: value}` as JSON keeps it, `{"101": value}`: for per-player data a game builds
    whole (a hand's record, a notification's argument) rather than through `per_player`."""
    return {player_key(player_id): value for player_id, value in values.items()}


class PerPlayer(MutableMapping):
    """A view of a per-player dict of the game's data that takes and gives player ids as numbers.

    The snapshot is JSON, whose object keys are strings: `data["hands"]` is `{"101": [...], ...}`.
    Game code reads `game.per_player("hands")[player_id]` and iterates ids as ints, as lists of
    players hold them; the stored form, the views and the state hash stay as they were.
    """

    __slots__ = ("entries",)

    def __init__(self, entries: dict):
        """`entries` is the stored dict itself (`{"101": ...}`): changes go straight into it."""
        self.entries = entries

    def __getitem__(self, player_id: int) -> Any:
        return self.entries[str(player_id)]

    def __setitem__(self, player_id: int, value: Any) -> None:
        self.entries[str(player_id)] = value

    def __delitem__(self, player_id: int) -> None:
        del self.entries[str(player_id)]

    def __contains__(self, player_id: object) -> bool:
        return str(player_id) in self.entries

    def __iter__(self) -> Iterator[int]:
        return (int(key) for key in self.entries)

    def __len__(self) -> int:
        return len(self.entries)

    def __repr__(self) -> str:
        return f"PerPlayer({self.entries!r})"
