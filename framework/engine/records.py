"""The value types a table produces and consumes: a logged move and a notification."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Move:
    """One accepted action as the move log keeps it: who, which action, with which arguments."""

    player: int
    action: str
    args: dict = field(default_factory=dict)

    @classmethod
    def from_json(cls, entry: dict) -> Move:
        """`{"player", "action", "args"}`, the shape of an export file's moves."""
        return cls(entry["player"], entry["action"], entry.get("args") or {})

    def to_json(self) -> dict:
        return {"player": self.player, "action": self.action, "args": self.args}


@dataclass(slots=True)
class Notification:
    """What the game told its players (BGA notifyAllPlayers / notifyPlayer).

    `to` is the one player it is for, None for everyone (spectators included); `move` is the move
    that made it (0: the setup); `seq` numbers a table's notifications from 1.
    """

    seq: int
    move: int
    to: int | None
    type: str
    log: str
    args: dict[str, Any]

    def visible_to(self, viewer: int | None) -> bool:
        """Public ones are for everyone; a private one for its recipient alone."""
        return self.to is None or self.to == viewer

    def for_client(self) -> dict:
        """As the HTTP API sends it: the recipient is not named, only whether it was private."""
        return {"seq": self.seq, "move": self.move, "type": self.type, "log": self.log, "args": self.args,
                "private": self.to is not None}
