"""Tables over the database: create, join, act (one transaction per action), read views and logs."""
from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import insert, select, update

from framework.engine import Game, Table, replay
from framework.engine import Notification as EngineNotification

from . import outbox
from .database import write_transaction
from .driver import Prebuilt
from .errors import BadRequest, Conflict, Forbidden, NotFound, StaleMove
from .locked import LockedSeat, LockedTable, lock_table, save_seats, save_table
from .models import ChatMessage, GameTable, Move, Notification, Seat, User, clock, db, utcnow


@dataclass
class ActionResult:
    move: int
    notifications: list[dict]
    automatic_turn: bool  # a bot or a zombie must play next


INSERT_MOVE, INSERT_NOTIFICATION = Prebuilt(insert(Move.__table__)), Prebuilt(insert(Notification.__table__))
# Presence is written at most this often: acting or polling need not write a row every time.
SEEN_PRECISION = timedelta(seconds=30)


def engine_players(record: GameTable | LockedTable) -> list[dict]:
    return [{"id": seat.user_id, "name": seat.user.name} for seat in record.players]


def get_table(table_id: int, *, for_update: bool = False) -> GameTable:
    query = select(GameTable).where(GameTable.id == table_id)
    if for_update:
        query = query.with_for_update().execution_options(populate_existing=True)
    record = db.session.scalars(query).first()
    if record is None:
        raise NotFound(f"There is no table {table_id}.")
    return record


def locked_table(table_id: int) -> LockedTable:
    """The table for a move or a seat change: plain rows, locked until the transaction ends."""
    record = lock_table(table_id)
    if record is None:
        raise NotFound(f"There is no table {table_id}.")
    return record


def load_engine_table(record: GameTable | LockedTable, games: dict[str, type[Game]]) -> Table:
    return Table.load(game_class(games, record.game), engine_players(record), record.options, record.seed,
                      record.snapshot)


def game_class(games: dict[str, type[Game]], name: str) -> type[Game]:
    if name not in games:
        raise NotFound(f"There is no game {name!r}.")
    return games[name]


def seat_of(record: GameTable | LockedTable, user_id: int) -> Seat | LockedSeat | None:
    return next((s for s in record.players if s.user_id == user_id), None)


def create_table(game_cls: type[Game], creator: User, options: dict, seed: str | None,
                 seats: int | None, *, turn_hours: int = 0, private: bool = False,
                 reserved: list[str] = (), hotseat: bool = False) -> GameTable:
    """A new open table; the creator takes seat 0. It starts when the last seat fills.

    A private table stays out of the lobby and is joined with its invite code; `reserved` names
    users the free seats wait for. A hotseat table (development) seats stand-in users at once
    and its creator acts for every seat, like BGA Studio's test players.
    """
    seats = seats or game_cls.max_players
    if not game_cls.min_players <= seats <= game_cls.max_players:
        raise BadRequest(f"{game_cls.title} is played by {game_cls.min_players} to {game_cls.max_players} players.",
                         fields={"players": ["Not a valid number of players for this game."]})
    with write_transaction():
        if len(reserved) > seats - 1:
            raise BadRequest("More seats are reserved than the table has free.",
                             fields={"reserved": ["Too many names for the free seats."]})
        record = GameTable(game=game_cls.name, game_version=game_cls.version, options=options,
                           seed=seed or secrets.token_hex(16), seats=seats, creator_id=creator.id,
                           turn_hours=turn_hours, private=private, reserved=list(reserved),
                           invite_code=secrets.token_urlsafe(9) if private else None, hotseat=hotseat)
        db.session.add(record)
        db.session.flush()
        db.session.add(Seat(table_id=record.id, seat=0, user_id=creator.id))
        for seat in range(1, seats if hotseat else 1):
            db.session.add(Seat(table_id=record.id, seat=seat, user_id=_stand_in(creator, seat).id))
        db.session.flush()
        db.session.refresh(record)
        _start_if_full(record, game_cls)
    return record


def join_table(table_id: int, user: User, games: dict[str, type[Game]], code: str | None = None) -> GameTable:
    with write_transaction():
        record = get_table(table_id, for_update=True)
        if record.private and code != record.invite_code and user.name not in record.reserved:
            raise Forbidden("This table is private: join it with its invitation code.")
        _check_can_sit(record, user)
        _seat(record, user, games)
    return record


def table_for_code(code: str) -> GameTable:
    record = db.session.scalars(select(GameTable).where(GameTable.invite_code == code)).first()
    if record is None:
        raise NotFound("No table has this invitation code.")
    return record


def add_bots(table_id: int, user: User, count: int, level: str, games: dict[str, type[Game]]) -> GameTable:
    """Fill free seats with bots (the table creator only); bots are users flagged as such."""
    with write_transaction():
        record = get_table(table_id, for_update=True)
        if record.creator_id != user.id:
            raise Forbidden("Only the table's creator may add bots.")
        if record.status != "open":
            raise Conflict("This table has already started.")
        free = record.seats - len(record.players) - len(record.reserved)
        if count > free:
            raise BadRequest(f"Only {max(free, 0)} seat(s) are free for bots.",
                             fields={"count": ["More bots than free seats."]})
        seated = {s.user_id for s in record.players}
        for number in range(1, record.seats + 1):
            if count == 0:
                break
            bot = _bot_user(level, number)
            if bot.id not in seated:
                _seat(record, bot, games, bot_level=level)
                count -= 1
    return record


def _stand_in(creator: User, seat: int) -> User:
    """A hotseat table's player for a seat: a user nobody logs in as, named after the creator."""
    name = f"{creator.name[:30]} #{seat + 1}"
    user = db.session.scalars(select(User).where(User.name == name)).first()
    if user is None:
        user = User(name=name, password_hash="!")
        db.session.add(user)
        db.session.flush()
    return user


def acting_user(record: GameTable, caller_id: int, as_player: int | None) -> int:
    """Who an action or a view is for: the caller, or on a hotseat table the seat its creator names."""
    if as_player is None or as_player == caller_id:
        return caller_id
    if not record.hotseat or record.creator_id != caller_id:
        raise Forbidden("Acting for another seat needs a hotseat table of your own.")
    if seat_of(record, as_player) is None:
        raise NotFound(f"Player {as_player} does not sit at this table.")
    return as_player


def _bot_user(level: str, number: int) -> User:
    name = f"{level.capitalize()} bot {number}"
    bot = db.session.scalars(select(User).where(User.name == name)).first()
    if bot is None:
        bot = User(name=name, password_hash="!", is_bot=True)  # "!" matches no password: no login
        db.session.add(bot)
        db.session.flush()
    return bot


def _check_can_sit(record: GameTable, user: User) -> None:
    if record.status != "open":
        raise Conflict("This table has already started.")
    if seat_of(record, user.id):
        raise Conflict("You already sit at this table.")
    free = record.seats - len(record.players)
    waiting_for = [name for name in record.reserved if name != user.name]
    if user.name not in record.reserved and free <= len(waiting_for):
        raise Forbidden("The free seats are reserved for invited players.")


def _seat(record: GameTable, user: User, games: dict[str, type[Game]], bot_level: str | None = None) -> None:
    taken = {s.seat for s in record.players}
    free = min(set(range(record.seats)) - taken)
    db.session.add(Seat(table_id=record.id, seat=free, user_id=user.id, bot_level=bot_level))
    if user.name in record.reserved:
        record.reserved = [name for name in record.reserved if name != user.name]
    db.session.flush()
    db.session.refresh(record)
    _start_if_full(record, game_class(games, record.game))


def _start_if_full(record: GameTable, game_cls: type[Game]) -> None:
    if len(record.players) < record.seats:
        return
    record = locked_table(record.id)  # written as a move is: plain rows, Core statements
    table = Table.start(game_cls, engine_players(record), record.options, record.seed)
    _save_notifications(record.id, table.take_notifications())
    record.status = "playing"
    _save_snapshot(record, table)
    update_turns(record, table)


def _save_snapshot(record: LockedTable, table: Table) -> None:
    save_table(record, snapshot=table.snapshot(), move=table.move, state_hash=table.state_hash(),
               updated_at=utcnow(), status="finished" if table.status == "finished" else record.status)


def _save_notifications(table_id: int, notifications: list[EngineNotification]) -> None:
    # Written with one prebuilt INSERT, not as ORM objects: this runs on every move, and nothing reads them back here.
    if notifications:
        INSERT_NOTIFICATION.execute([
            {"table_id": table_id, "seq": n.seq, "move": n.move, "recipient": n.to, "type": n.type,
             "log": n.log, "args": n.args} for n in notifications])


def act(table_id: int, player: Callable[[], int], action: str, args: dict, expected_move: int | None,
        games: dict[str, type[Game]]) -> ActionResult:
    """Apply one action in one transaction: lock, load, apply, log, notify, save, commit.

    `player()` gives the acting user's id; it runs inside the transaction, so a check of who is
    calling (the web layer's token lookup) shares it instead of needing one of its own.
    """
    with write_transaction():
        user_id = player()
        record = locked_table(table_id)
        if record.status == "open":
            raise Conflict("This table has not started yet.")
        seat = seat_of(record, user_id)
        if seat is None:
            raise Forbidden("You do not sit at this table.")
        if expected_move is not None and expected_move != record.move:
            raise StaleMove(f"The table has moved on (move {record.move}, you sent {expected_move}): "
                            "look again and retry.", move=record.move)
        table = load_engine_table(record, games)
        now = clock()
        if seat.last_seen is None or now - seat.last_seen > SEEN_PRECISION:
            seat.set(last_seen=now)  # acting is being here: no "your turn" mail for this visit
        if seat.zombie:  # acting again is taking the seat back
            set_zombie(record, table, seat, False)
        made = table.apply(user_id, action, args, rollback=False)  # a refusal rolls back the transaction
        record_move(record, table, user_id, action, args, made, "player", now)
        automatic = record.status == "playing" and automatic_seat(record, table) is not None
    return ActionResult(table.move, [n.for_client() for n in made if n.visible_to(user_id)], automatic)


def automatic_seat(record: GameTable | LockedTable, table: Table) -> Seat | LockedSeat | None:
    """The seat of an active bot or zombie, if any: the server plays it."""
    active = table.active_players()
    return next((s for s in record.players if s.user_id in active and (s.bot_level or s.zombie)), None)


def record_move(record: LockedTable, table: Table, player_id: int, action: str, args: dict,
                made: list[EngineNotification],
                actor: str, now: datetime | None = None) -> None:
    """Everything an accepted move writes: the log row, its notifications, the snapshot, turns.

    `now` is the tick's clock when the tick plays the move (so simulated days stay consistent).
    """
    INSERT_MOVE.execute({"table_id": record.id, "number": table.move, "player_id": player_id,
                         "action": action, "args": args, "actor": actor, "created_at": utcnow()})
    _save_notifications(record.id, made)
    _save_snapshot(record, table)
    update_turns(record, table, now, mover=player_id)


def update_turns(record: LockedTable, table: Table, now: datetime | None = None,
                 mover: int | None = None) -> None:
    """Who became active: a deadline when the table has a time limit, and a "your turn" message.

    A player still active after their own move starts a new turn: a new deadline. Writes every
    seat change made since the table was locked (presence included).
    """
    now = now or clock()
    active = set(table.active_players()) if table.status == "playing" else set()
    for seat in record.players:
        if seat.user_id not in active or seat.user_id == mover:
            seat.set(active_since=None, deadline=None)
        if seat.user_id in active and seat.active_since is None:
            seat.set(active_since=table.move)
            if record.turn_hours:
                seat.set(deadline=now + timedelta(hours=record.turn_hours))
            if not (seat.user.is_bot or seat.zombie):
                outbox.queue_your_turn(record, seat, now)
    save_seats(record)


def set_zombie(record: LockedTable, table: Table, seat: LockedSeat, zombie: bool, reason: str = "") -> None:
    """Mark a seat as played by the zombie (BGA), or give it back; everyone is told."""
    seat.set(zombie=zombie)
    if zombie:
        seat.set(deadline=None)
        table.notify(None, "zombie", "${player_name} " + reason + ": the zombie plays for them",
                     {"player_id": seat.user_id})
    else:
        if seat.active_since is not None and record.turn_hours:
            seat.set(deadline=clock() + timedelta(hours=record.turn_hours))
        table.notify(None, "zombieBack", "${player_name} is back", {"player_id": seat.user_id})
    _save_notifications(record.id, table.take_notifications())
    _save_snapshot(record, table)
    save_seats(record)


def notifications_for(record: GameTable, viewer: int | None, after: int, limit: int = 500) -> list[dict]:
    """What `viewer` may see after `seq`, in order."""
    rows = db.session.scalars(select(Notification).where(Notification.table_id == record.id,
                                                         Notification.seq > after, Notification.visible_to(viewer))
                              .order_by(Notification.seq).limit(limit))
    return [row.as_dict() for row in rows]


def last_notification_for(record: GameTable, viewer: int | None) -> Notification | None:
    query = select(Notification).where(Notification.table_id == record.id, Notification.visible_to(viewer))
    return db.session.scalars(query.order_by(Notification.seq.desc()).limit(1)).first()


def moves_of(record: GameTable) -> list[Move]:
    return list(db.session.scalars(select(Move).where(Move.table_id == record.id).order_by(Move.number)))


def replayed(record: GameTable, games: dict[str, type[Game]], until: int | None = None) -> Table:
    return replay(game_class(games, record.game), engine_players(record), record.options, record.seed,
                  [m.logged() for m in moves_of(record)], until)


def tables_of(user_id: int) -> list[GameTable]:
    query = select(GameTable).join(Seat).where(Seat.user_id == user_id).order_by(GameTable.updated_at.desc())
    return list(db.session.scalars(query))


def open_tables() -> list[GameTable]:
    query = (select(GameTable).where(GameTable.status == "open", GameTable.private.is_(False))
             .order_by(GameTable.created_at.desc()).limit(200))
    return list(db.session.scalars(query))


def leave_table(table_id: int, user_id: int, games: dict[str, type[Game]]) -> None:
    """A player leaves a running game: the zombie plays for them until they come back."""
    with write_transaction():
        record = locked_table(table_id)
        seat = seat_of(record, user_id)
        if seat is None or record.status != "playing":
            raise Conflict("You can leave only a game you play in while it runs.")
        if not seat.zombie:
            set_zombie(record, load_engine_table(record, games), seat, True, "left the table")


def return_to_table(table_id: int, user_id: int, games: dict[str, type[Game]]) -> None:
    with write_transaction():
        record = locked_table(table_id)
        seat = seat_of(record, user_id)
        if seat is None or not seat.zombie:
            raise Conflict("You are not away from this table.")
        if record.status == "playing":
            seat.set(last_seen=clock())
            set_zombie(record, load_engine_table(record, games), seat, False)
        else:
            seat.set(zombie=False)
            save_seats(record)


def mark_seen(record: GameTable, user_id: int, now: datetime | None = None) -> None:
    """Presence from polling, written at most every 30 s so polls stay cheap."""
    now = now or clock()
    seat = seat_of(record, user_id)
    if seat is not None and (seat.last_seen is None or now - seat.last_seen > SEEN_PRECISION):
        with write_transaction():
            db.session.execute(update(Seat).where(Seat.id == seat.id).values(last_seen=now))


def post_chat(table_id: int, user_id: int, text: str) -> ChatMessage:
    with write_transaction():
        get_table(table_id)
        message = ChatMessage(table_id=table_id, user_id=user_id, text=text)
        db.session.add(message)
    return message


def chat_of(table_id: int, after: int = 0) -> list[ChatMessage]:
    return list(db.session.scalars(select(ChatMessage).where(ChatMessage.table_id == table_id,
                                                             ChatMessage.id > after)
                                   .order_by(ChatMessage.id).limit(200)))
