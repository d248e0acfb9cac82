"""Reads for the web and the tools: tables, the lobby, a player's tables, notifications, the move log.

Nothing here writes.
"""
from __future__ import annotations

from sqlalchemy import func, select

from framework.engine import Game, Table, replay

from .errors import NotFound
from .loading import engine_players, game_class
from .models import Checkpoint, MoveRecord, NotificationRecord, Seat, TableRecord, db


def get_table(table_id: int) -> TableRecord:
    record = db.session.scalars(select(TableRecord).where(TableRecord.id == table_id)).first()
    if record is None:
        raise NotFound(f"There is no table {table_id}.")
    return record


def get_table_for_update(table_id: int) -> TableRecord:
    """The table, row-locked until the transaction ends (FOR UPDATE; SQLite's writer lock is already held)."""
    query = (select(TableRecord).where(TableRecord.id == table_id).with_for_update()
             .execution_options(populate_existing=True))
    record = db.session.scalars(query).first()
    if record is None:
        raise NotFound(f"There is no table {table_id}.")
    return record


def table_for_code(code: str) -> TableRecord:
    record = db.session.scalars(select(TableRecord).where(TableRecord.invite_code == code)).first()
    if record is None:
        raise NotFound("No table has this invitation code.")
    return record


def open_tables() -> list[TableRecord]:
    query = (select(TableRecord).where(TableRecord.status == "open", TableRecord.private.is_(False))
             .order_by(TableRecord.created_at.desc()).limit(200))
    return list(db.session.scalars(query))


def tables_of(user_id: int) -> list[TableRecord]:
    query = (select(TableRecord).join(Seat).where(Seat.user_id == user_id)
             .order_by(TableRecord.updated_at.desc()))
    return list(db.session.scalars(query))


def notifications_for(table_id: int, viewer: int | None, after: int, limit: int = 500) -> list[dict]:
    """What `viewer` may see after seq `after` (at most `limit`), in order, as the client takes them."""
    query = select(NotificationRecord).where(NotificationRecord.table_id == table_id, NotificationRecord.seq > after,
                                             NotificationRecord.visible_to(viewer))
    rows = db.session.scalars(query.order_by(NotificationRecord.seq).limit(limit))
    return [row.as_dict() for row in rows]


def last_notification_for(table_id: int, viewer: int | None) -> NotificationRecord | None:
    """The last notification `viewer` may see."""
    query = select(NotificationRecord).where(NotificationRecord.table_id == table_id,
                                             NotificationRecord.visible_to(viewer))
    return db.session.scalars(query.order_by(NotificationRecord.seq.desc()).limit(1)).first()


def seen_since(table_id: int, viewer: int | None, before: int, until: int) -> tuple[int, list[dict]]:
    """`viewer`'s last notification up to seq `before` (0: none), and what they may see after it up to seq
    `until`, in order: one read (nothing they may see lies between that one and `before`)."""
    visible = (NotificationRecord.table_id == table_id, NotificationRecord.visible_to(viewer))
    last_before = select(func.coalesce(func.max(NotificationRecord.seq), 0)).where(
        *visible, NotificationRecord.seq <= before).scalar_subquery()
    query = select(NotificationRecord).where(*visible, NotificationRecord.seq >= last_before,
                                             NotificationRecord.seq <= until)
    rows = db.session.scalars(query.order_by(NotificationRecord.seq))
    found = [row.as_dict() for row in rows]
    if found and found[0]["seq"] <= before:
        return found[0]["seq"], found[1:]
    return 0, found


def moves_announced(table_id: int, first: int = 0, last: int | None = None) -> set[int]:
    """The numbers of the moves (from `first` to `last`) that made at least one notification for everyone."""
    query = select(NotificationRecord.move).where(NotificationRecord.table_id == table_id,
                                                  NotificationRecord.recipient.is_(None),
                                                  NotificationRecord.move >= first)
    if last is not None:
        query = query.where(NotificationRecord.move <= last)
    return set(db.session.scalars(query.distinct()))


def moves_of(table_id: int, after: int = 0, limit: int | None = None, until: int | None = None) -> list[MoveRecord]:
    """The table's moves numbered after `after` (and up to `until`), `limit` of them at most, in order."""
    query = select(MoveRecord).where(MoveRecord.table_id == table_id, MoveRecord.number > after)
    if until is not None:
        query = query.where(MoveRecord.number <= until)
    return list(db.session.scalars(query.order_by(MoveRecord.number).limit(limit)))


def replayed(record: TableRecord, games: dict[str, type[Game]], until: int | None = None) -> Table:
    """The table at move `until` (the last when None): from the nearest checkpoint at or before it, the
    moves after it applied again (from the deal when there is none), so a late move costs little."""
    until = record.move if until is None else until
    checkpoint = db.session.scalars(select(Checkpoint).where(Checkpoint.table_id == record.id,
                                                             Checkpoint.move <= until)
                                    .order_by(Checkpoint.move.desc()).limit(1)).first()
    game, players = game_class(games, record.game), engine_players(record.players)
    if checkpoint is None:
        moves = [m.logged() for m in moves_of(record.id, until=until)]
        return replay(game, players, record.options, record.seed, moves)
    table = Table.load(game, players, record.options, record.seed, checkpoint.snapshot)
    for move in moves_of(record.id, after=checkpoint.move, until=until):
        table.apply(move.player_id, move.action, move.args, rollback=False)
    return table
