"""Tables over the database: create, join, act (one transaction per action), read views and logs."""
from __future__ import annotations

import secrets
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm.attributes import flag_modified

from framework.engine import Game, Table, replay

from .database import write_transaction
from .errors import BadRequest, Conflict, Forbidden, NotFound, StaleMove
from .models import GameTable, Move, Notification, Seat, User, db, utcnow


@dataclass
class ActionResult:
    move: int
    notifications: list[dict]


def engine_players(record: GameTable) -> list[dict]:
    return [{"id": seat.user_id, "name": seat.user.name} for seat in record.players]


def get_table(table_id: int, *, for_update: bool = False) -> GameTable:
    query = select(GameTable).where(GameTable.id == table_id)
    if for_update:
        query = query.with_for_update().execution_options(populate_existing=True)
    record = db.session.scalars(query).first()
    if record is None:
        raise NotFound(f"There is no table {table_id}.")
    return record


def load_engine_table(record: GameTable, games: dict[str, type[Game]]) -> Table:
    return Table.load(game_class(games, record.game), engine_players(record), record.options, record.seed,
                      record.snapshot)


def game_class(games: dict[str, type[Game]], name: str) -> type[Game]:
    if name not in games:
        raise NotFound(f"There is no game {name!r}.")
    return games[name]


def seat_of(record: GameTable, user_id: int) -> Seat | None:
    return next((s for s in record.players if s.user_id == user_id), None)


def create_table(game_cls: type[Game], creator: User, options: dict, seed: str | None,
                 seats: int | None) -> GameTable:
    """A new open table; the creator takes seat 0. It starts when the last seat fills."""
    seats = seats or game_cls.max_players
    if not game_cls.min_players <= seats <= game_cls.max_players:
        raise BadRequest(f"{game_cls.title} is played by {game_cls.min_players} to {game_cls.max_players} players.",
                         fields={"players": ["Not a valid number of players for this game."]})
    with write_transaction():
        record = GameTable(game=game_cls.name, game_version=game_cls.version, options=options,
                           seed=seed or secrets.token_hex(16), seats=seats, creator_id=creator.id)
        db.session.add(record)
        db.session.flush()
        db.session.add(Seat(table_id=record.id, seat=0, user_id=creator.id))
        db.session.flush()
        db.session.refresh(record)
        _start_if_full(record, game_cls)
    return record


def join_table(table_id: int, user: User, games: dict[str, type[Game]]) -> GameTable:
    with write_transaction():
        record = get_table(table_id, for_update=True)
        if record.status != "open":
            raise Conflict("This table has already started.")
        if seat_of(record, user.id):
            raise Conflict("You already sit at this table.")
        taken = {s.seat for s in record.players}
        free = min(set(range(record.seats)) - taken)
        db.session.add(Seat(table_id=record.id, seat=free, user_id=user.id))
        db.session.flush()
        db.session.refresh(record)
        _start_if_full(record, game_class(games, record.game))
    return record


def _start_if_full(record: GameTable, game_cls: type[Game]) -> None:
    if len(record.players) < record.seats:
        return
    table = Table.start(game_cls, engine_players(record), record.options, record.seed)
    _save_notifications(record.id, table.take_setup_notifications())
    record.status = "playing"
    _save_snapshot(record, table)


def _save_snapshot(record: GameTable, table: Table) -> None:
    record.snapshot = table.snapshot()
    flag_modified(record, "snapshot")  # the engine mutated the loaded dict in place: same object, new content
    record.move = table.move
    record.state_hash = table.state_hash()
    record.updated_at = utcnow()
    if table.status == "finished":
        record.status = "finished"


def _save_notifications(table_id: int, notifications: list[dict]) -> None:
    db.session.add_all(Notification(table_id=table_id, seq=n["seq"], move=n["move"], recipient=n["to"],
                                    type=n["type"], log=n["log"], args=n["args"]) for n in notifications)


def act(table_id: int, user_id: int, action: str, args: dict, expected_move: int | None,
        games: dict[str, type[Game]]) -> ActionResult:
    """Apply one action in one transaction: lock, load, apply, log, notify, save, commit."""
    with write_transaction():
        record = get_table(table_id, for_update=True)
        if record.status == "open":
            raise Conflict("This table has not started yet.")
        if seat_of(record, user_id) is None:
            raise Forbidden("You do not sit at this table.")
        if expected_move is not None and expected_move != record.move:
            raise StaleMove(f"The table has moved on (move {record.move}, you sent {expected_move}): "
                            "look again and retry.", move=record.move)
        table = load_engine_table(record, games)
        made = table.apply(user_id, action, args, rollback=False)  # a refusal rolls back the transaction
        db.session.add(Move(table_id=record.id, number=table.move, player_id=user_id, action=action, args=args))
        _save_notifications(record.id, made)
        _save_snapshot(record, table)
    return ActionResult(table.move, [_public(n) for n in made if n["to"] in (None, user_id)])


def _public(note: dict) -> dict:
    return {"seq": note["seq"], "move": note["move"], "type": note["type"], "log": note["log"],
            "args": note["args"], "private": note["to"] is not None}


def notifications_for(record: GameTable, viewer: int | None, after: int, limit: int = 500) -> list[dict]:
    """What `viewer` may see after `seq`, in order: public ones and their own private ones."""
    visible = Notification.recipient.is_(None)
    if viewer is not None:
        visible = visible | (Notification.recipient == viewer)
    rows = db.session.scalars(select(Notification).where(Notification.table_id == record.id,
                                                         Notification.seq > after, visible)
                              .order_by(Notification.seq).limit(limit))
    return [row.as_dict() for row in rows]


def last_seq_for(record: GameTable, viewer: int | None) -> int:
    visible = Notification.recipient.is_(None)
    if viewer is not None:
        visible = visible | (Notification.recipient == viewer)
    row = db.session.scalars(select(Notification.seq).where(Notification.table_id == record.id, visible)
                             .order_by(Notification.seq.desc()).limit(1)).first()
    return row or 0


def moves_of(record: GameTable) -> list[Move]:
    return list(db.session.scalars(select(Move).where(Move.table_id == record.id).order_by(Move.number)))


def replayed(record: GameTable, games: dict[str, type[Game]], until: int | None = None) -> Table:
    moves = [{"player": m.player_id, "action": m.action, "args": m.args} for m in moves_of(record)]
    return replay(game_class(games, record.game), engine_players(record), record.options, record.seed,
                  moves, until)


def tables_of(user_id: int) -> list[GameTable]:
    query = select(GameTable).join(Seat).where(Seat.user_id == user_id).order_by(GameTable.updated_at.desc())
    return list(db.session.scalars(query))


def open_tables() -> list[GameTable]:
    query = select(GameTable).where(GameTable.status == "open").order_by(GameTable.created_at.desc()).limit(200)
    return list(db.session.scalars(query))
