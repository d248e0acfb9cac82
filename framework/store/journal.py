"""What an accepted move writes besides its seats: the log row, the notifications, the snapshot.

Written with prebuilt Core statements, not as ORM objects: this runs on every move, and nothing
reads them back in the same transaction. Used by the move service (`moves`), by seating (a table
that starts), by zombies (`turns`) and by replays into new tables (`replays`).
"""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import insert

from framework.engine import Notification, Table

from .changes import announce
from .driver import ManyRows, Prebuilt
from .locked import LockedTable, save_table
from .models import Checkpoint, MoveRecord, NotificationRecord, utcnow

CHECKPOINT_EVERY = 200  # moves between stored states a replay may start from

INSERT_MOVE = Prebuilt(insert(MoveRecord.__table__))
INSERT_CHECKPOINT = Prebuilt(insert(Checkpoint.__table__))
INSERT_NOTIFICATIONS = ManyRows(NotificationRecord.__table__)


def write_move(table_id: int, number: int, player_id: int, action: str, args: dict, actor: str,
               created_at: datetime | None = None) -> None:
    """One row of the move log; `actor` is player, bot or zombie."""
    INSERT_MOVE.execute({"table_id": table_id, "number": number, "player_id": player_id, "action": action,
                         "args": args, "actor": actor, "created_at": created_at or utcnow()})


def write_notifications(table_id: int, notifications: list[Notification]) -> None:
    if notifications:
        announce(table_id)
        INSERT_NOTIFICATIONS.insert([
            {"table_id": table_id, "seq": n.seq, "move": n.move, "recipient": n.to, "type": n.type,
             "log": n.log, "args": n.args} for n in notifications])


def write_snapshot(record: LockedTable, table: Table) -> None:
    """The engine's state after the move on the table row (and the table's status once the game is
    over); every `CHECKPOINT_EVERY` moves it is kept as a checkpoint too."""
    announce(record.id)
    snapshot = table.snapshot()
    if table.move and table.move % CHECKPOINT_EVERY == 0 and record.move != table.move:
        INSERT_CHECKPOINT.execute({"table_id": record.id, "move": table.move, "snapshot": snapshot})
    save_table(record, snapshot=snapshot, move=table.move, state_hash=table.state_hash(),
               updated_at=utcnow(), status="finished" if table.status == "finished" else record.status)
