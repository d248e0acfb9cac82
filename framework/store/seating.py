"""Seating: creating a table, joining it (open, by invitation, reserved seats), bots, hotseat stand-ins.

A table starts when its last seat fills; the bots' first turns are then the move service's
(`moves.play_automatic`).
"""
from __future__ import annotations

import secrets

from sqlalchemy import func, select

from framework.engine import Game, Table, bot_levels, no_expert

from .changes import announce
from .database import write_transaction
from .errors import BadRequest, Conflict, Forbidden, NotFound, TooManyTables
from .journal import write_notifications, write_snapshot
from .loading import engine_players, find_seat, game_class, may_see
from .locked import LockedTable, lock_table
from .models import Seat, TableRecord, User, db
from .queries import get_table_for_update
from .turns import update_turns
from .users import SYSTEM_MARK, find_by_name


def create_table(game_cls: type[Game], creator: User, options: dict, seed: str | None,
                 seats: int | None, *, turn_hours: int = 0, private: bool = False,
                 reserved: list[str] = (), hotseat: bool = False, max_open: int | None = None,
                 spectator_chat: bool = False, bots: dict | None = None) -> TableRecord:
    """A new open table; the creator takes seat 0. It starts when the last seat fills.

    A private table stays out of the lobby and is joined with its invite code; `reserved` names
    users the free seats wait for, kept by id for registered users (a name not registered yet holds
    a seat of an open table for whoever registers it, but never lets them into a private one).
    A hotseat table (development) seats stand-in users at once and its creator acts for every
    seat, like BGA Studio's test players. `max_open` bounds the unfinished tables (open or playing)
    a user created and sits at, so one account cannot fill the lobby or the tick. Spectators may post
    in its chat only with `spectator_chat`. The last `bots["count"]` seats are bots of `bots["level"]`
    (on a hotseat table, a designer trying a seat or two against the expert).
    """
    seats = seats or game_cls.max_players
    if not game_cls.min_players <= seats <= game_cls.max_players:
        raise BadRequest(f"{game_cls.title} is played by {game_cls.min_players} to {game_cls.max_players} players.",
                         fields={"players": ["Not a valid number of players for this game."]})
    with write_transaction():
        if max_open is not None and open_tables_of(creator.id) >= max_open:
            raise TooManyTables(f"You already have {max_open} unfinished tables of your own: finish or leave "
                                "one before creating another.")
        if len(reserved) > seats - 1:
            raise BadRequest("More seats are reserved than the table has free.",
                             fields={"reserved": ["Too many names for the free seats."]})
        record = TableRecord(game=game_cls.name, game_version=game_cls.version, options=options,
                             seed=seed or secrets.token_hex(16), seats=seats, creator_id=creator.id,
                             turn_hours=turn_hours, private=private, reserved=_reservations(reserved),
                             invite_code=secrets.token_urlsafe(9) if private else None, hotseat=hotseat,
                             spectator_chat=spectator_chat)
        db.session.add(record)
        db.session.flush()
        bot_count, level = (bots["count"], bots["level"]) if bots else (0, None)
        if level is not None and level not in bot_levels(game_cls):
            raise BadRequest(no_expert(game_cls), fields={"bots": [f"Not a bot level of {game_cls.title}."]})
        if not hotseat and len(reserved) + bot_count > seats - 1:
            raise Conflict(f"Only {seats - 1 - len(reserved)} seat(s) are free for bots.",
                           fields={"bots": ["More bots than free seats."]})
        people = hotseat_users(creator, seats - bot_count) if hotseat else [creator]
        for seat, user in enumerate(people):
            db.session.add(Seat(table_id=record.id, seat=seat, user_id=user.id))
        for number in range(1, bot_count + 1):
            db.session.add(Seat(table_id=record.id, seat=len(people) + number - 1,
                                user_id=_bot_user(level, number).id, bot_level=level))
        db.session.flush()
        db.session.refresh(record)
        _start_if_full(record, game_cls)
    return record


def open_tables_of(user_id: int) -> int:
    """Unfinished tables this user created and still sits at."""
    return db.session.scalar(select(func.count()).select_from(TableRecord).join(Seat).where(
        TableRecord.creator_id == user_id, Seat.user_id == user_id,
        TableRecord.status.in_(("open", "playing"))))


def join_table(table_id: int, user: User, games: dict[str, type[Game]], code: str | None = None) -> TableRecord:
    with write_transaction():
        record = get_table_for_update(table_id)
        if record.private and code != record.invite_code and user.id not in record.reserved:
            if not may_see(record, user.id):
                raise NotFound(f"There is no table {table_id}.")  # a private table's existence is private too
            raise Forbidden("This table is private: join it with its invitation code.")
        invited = code is not None and code == record.invite_code
        _check_can_sit(record, user, invited)
        _seat(record, user, games, invited=invited)
    return record


def add_bots(table_id: int, user: User, count: int, level: str, games: dict[str, type[Game]]) -> TableRecord:
    """Fill free seats with bots (the table creator only): accounts of kind "bot", one per level and number."""
    with write_transaction():
        record = get_table_for_update(table_id)
        if record.creator_id != user.id:
            raise Forbidden("Only the table's creator may add bots.")
        if record.status != "open":
            raise Conflict("This table has already started.")
        game_cls = game_class(games, record.game)
        if level not in bot_levels(game_cls):
            raise BadRequest(no_expert(game_cls), fields={"level": [f"Not a bot level of {game_cls.title}."]})
        free = record.seats - len(record.players) - len(record.reserved)
        if count > free:
            raise Conflict(f"Only {max(free, 0)} seat(s) are free for bots.",
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


def acting_user(record: TableRecord, caller_id: int, as_player: int | None) -> int:
    """Who an action or a view is for: the caller, or on a hotseat table the seat its creator names."""
    if as_player is None or as_player == caller_id:
        return caller_id
    if not record.hotseat or record.creator_id != caller_id:
        raise Forbidden("Acting for another seat needs a hotseat table of your own.")
    if find_seat(record.players, as_player) is None:
        raise NotFound(f"Player {as_player} does not sit at this table.")
    return as_player


def hotseat_users(creator: User, seats: int) -> list[User]:
    """Who holds each seat of a hotseat table: its creator, then their stand-ins."""
    return [creator, *(_stand_in(creator, seat) for seat in range(1, seats))]


def _stand_in(creator: User, seat: int) -> User:
    """A hotseat table's player for a seat, named after the creator."""
    return _system_user("stand_in", f"{creator.name[:30]} #{seat + 1}")


def _bot_user(level: str, number: int) -> User:
    return _system_user("bot", f"{level.capitalize()} bot {number}")


def _system_user(kind: str, name: str) -> User:
    """A bot or a stand-in: found by what it is and its name, never by name alone, and made by the
    server when missing. Registration refuses these names; a person who took one before that rule
    keeps it, and the server's account is named with a mark instead. "!" matches no password hash.
    Found as a login name is (in any case): no two accounts are one name case-insensitively."""
    for candidate in (name, f"{name[:30]} [{SYSTEM_MARK[kind]}]"):
        user = find_by_name(candidate)
        if user is None:
            user = User(name=candidate, password_hash="!", kind=kind)
            db.session.add(user)
            db.session.flush()
            return user
        if user.kind == kind:
            return user
    raise Conflict(f"The names {name!r} and its marked form are held by people: rename one of them.")


def _reservations(names: list[str]) -> list[int | str]:
    """Each reserved name as the id of the person who has it, or as the name while nobody does."""
    found = dict(db.session.execute(select(User.name, User.id).where(User.name.in_(list(names)),
                                                                     User.kind == "person")).all())
    return [found.get(name, name) for name in names]


def _reservation_of(record: TableRecord, user: User, invited: bool = False) -> int | str | None:
    """The reservation this user may take: by id; by name on a table that is not private, or on a
    private one they came to with its invitation code."""
    if user.id in record.reserved:
        return user.id
    if (invited or not record.private) and user.name in record.reserved:
        return user.name
    return None


def reserved_names(record: TableRecord | LockedTable) -> list[str]:
    """The reservations as names, for the table's creator (of a table read either way: a move's answer
    shows the table it held)."""
    ids = [entry for entry in record.reserved if isinstance(entry, int)]
    names = dict(db.session.execute(select(User.id, User.name).where(User.id.in_(ids))).all()) if ids else {}
    return [names.get(entry, "?") if isinstance(entry, int) else entry for entry in record.reserved]


def _check_can_sit(record: TableRecord, user: User, invited: bool = False) -> None:
    if record.status != "open":
        raise Conflict("This table has already started.")
    if find_seat(record.players, user.id):
        raise Conflict("You already sit at this table.")
    free = record.seats - len(record.players)
    mine = _reservation_of(record, user, invited)
    if mine is None and free <= len(record.reserved):
        raise Forbidden("The free seats are reserved for invited players.")


def _seat(record: TableRecord, user: User, games: dict[str, type[Game]], bot_level: str | None = None,
          invited: bool = False) -> None:
    taken = {s.seat for s in record.players}
    free = min(set(range(record.seats)) - taken)
    db.session.add(Seat(table_id=record.id, seat=free, user_id=user.id, bot_level=bot_level))
    announce(record.id)
    mine = _reservation_of(record, user, invited)
    if mine is not None:
        record.reserved = [entry for entry in record.reserved if entry != mine]
    db.session.flush()
    db.session.refresh(record)
    _start_if_full(record, game_class(games, record.game))


def _start_if_full(record: TableRecord, game_cls: type[Game]) -> None:
    if len(record.players) < record.seats:
        return
    row = lock_table(record.id)  # written as a move is: plain rows, Core statements
    table = Table.start(game_cls, engine_players(row.players), row.options, row.seed)
    write_notifications(row.id, table.take_notifications())
    row.status = "playing"
    write_snapshot(row, table)
    update_turns(row, table)
