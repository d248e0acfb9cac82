"""The move service: every move made at a table, by a player, a bot or a zombie, is made here.

`make_move` is a player's move; `play_automatic` plays the bots' and zombies' turns that follow (after
a player's move, after seating or leaving, on a player's `continue`, and in the tick), each in a
transaction of its own, for a bounded time. Both write through `_commit`: the log row, the
notifications, the snapshot and the turns. This is the place for what must follow any move
(pushing it to the players, scheduling bots). Replays into new tables (`replays`) write the same
rows with the same writers (`journal`), but through the engine's replay loop.

A move's answer is built from what the move service returns, never by loading the table again: the
table as the request last held it (`Held`: after the move, or after the last bot or zombie answer it
played) and, when asked, what the mover may see of it all (`CatchUp`).
"""
from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from flask import current_app
from sqlalchemy import exists, select

from framework.engine import Game, Notification, Table

from . import levels
from .database import write_transaction
from .errors import Conflict, Forbidden, NotFound, NothingPending, StaleMove, Unauthenticated
from .journal import write_move, write_notifications, write_snapshot
from .levels import request_seat
from .loading import find_seat, load_engine_table, may_see
from .locked import LockedSeat, LockedTable, ask_table, lock_table, save_seats
from .models import Seat, TableRecord, clock, db
from .pipeline import pipelined
from .presence import note_acting
from .queries import seen_since
from .turns import set_zombie, update_turns
from .users import ask_token_user

REQUEST_BUDGET = 0.15  # seconds of bot play a human's request may pay for after its own move
MAX_GAME_MOVES = 20_000  # a game's moves, unless the app's MAX_GAME_MOVES says otherwise
ABANDONED = "abandoned"  # a table's status when nobody is left to play it, or it passed its move bound


@dataclass(frozen=True)
class Caller:
    """Who calls for a player's move: a bearer `token`, or a `user_id` already authenticated (the seat a
    hotseat creator acts for). Not the move log's `actor`, which says who moved: player, bot or zombie.

    The token is checked inside the move's own transaction: one transaction per move, rather than a
    read transaction for the token and then the write one (a measured speed win).
    """

    token: str | None = None
    user_id: int | None = None

    def ask(self) -> Callable[[], int]:
        """The token's lookup sent; calling the answer reads it (Unauthenticated if it is no good)."""
        if self.user_id is not None:
            return lambda: self.user_id
        found = ask_token_user(self.token) if self.token else lambda: None

        def read() -> int:
            user_id = found()
            if user_id is None:
                raise Unauthenticated("This token is unknown or expired: log in again.")
            return user_id

        return read


@dataclass(frozen=True)
class Held:
    """A table as a move left it, read under its lock: the row (the facts a view shows: settings, seats,
    status) and the engine table. What a re-read after the commit would find, without the read."""

    row: LockedTable
    table: Table


@dataclass(frozen=True)
class Automatic:
    """What `play_automatic` did: moves played, whether bot or zombie turns are still to play, and the
    table as its last transaction held it (None when it opened none, or the table has not started)."""

    played: int
    pending: bool
    held: Held | None = None

    @property
    def runner_pending(self) -> bool:
        """An expert's turn is due, or being thought about: the bot runner plays it, never a request."""
        held = self.held
        return (held is not None and held.row.status == "playing" and bool(people_seated(held.row))
                and levels.runner_seat(held.row.players, held.table, lambda seat: True) is not None)


@dataclass(frozen=True)
class CatchUp:
    """What the mover may see of a request's moves (`answers.CatchUp`): their last notification before the
    move (`after`, 0 for none), those after it up to the table held last, and the last of all (`last`)."""

    after: int
    notifications: list[dict]

    @classmethod
    def read(cls, table_id: int, mover: int, seq_before: int, held: Held) -> CatchUp:
        return cls(*seen_since(table_id, mover, seq_before, held.table.state.seq))

    @property
    def last(self) -> int:
        return self.notifications[-1]["seq"] if self.notifications else self.after


@dataclass(frozen=True)
class MoveResult:
    player: int                # who moved (the token's user)
    move: int                  # the table's move number after this move
    notifications: list[dict]  # what the mover may see of this move, as the client takes them
    automatic: Automatic       # the bot and zombie turns played after it, within the request's budget
    held: Held                 # the table after the move and those turns
    seen: CatchUp | None       # with `catch_up=True`: what the mover may see of it all


def make_move(table_id: int, caller: Caller, action: str, args: dict, expected_move: int | None,
              games: dict[str, type[Game]], budget: float | None = REQUEST_BUDGET, *,
              catch_up: bool = False) -> MoveResult:
    """A player's move in one transaction (lock, load, apply, log, notify, save, commit), then the
    bots' and zombies' answers for at most `budget` seconds; with `catch_up`, what the mover may see of
    them (one read of the notifications, after the commits)."""
    with write_transaction(), pipelined():
        # One round trip for the token, the lock and the seats (a bad token held the lock that long).
        who, locked = caller.ask(), ask_table(table_id)
        user_id = who()
        row = locked()
        seat = find_seat(row.players, user_id)
        if seat is None:
            if not may_see(row, user_id):
                raise NotFound(f"There is no table {table_id}.")
            raise Forbidden("You do not sit at this table.")
        if row.status == "open":
            raise Conflict("This table has not started yet.")
        if row.status == ABANDONED:
            raise Conflict("This table is abandoned: its game ended unfinished.")
        table = load_engine_table(row, games)
        if expected_move is not None and expected_move != row.move and \
                not answers_from_view(seat, table, action, expected_move):
            raise StaleMove(f"The table has moved on (move {row.move}, you sent {expected_move}): "
                            "look again and retry.", move=row.move)
        seq_before = table.state.seq
        now = clock()
        note_acting(seat, now)
        if seat.zombie:  # acting again is taking the seat back
            set_zombie(row, table, seat, False)
        made = table.apply(user_id, action, args, rollback=False)  # a refusal rolls back the transaction
        _commit(row, table, user_id, action, args, made, "player", now)
        automatic_next = row.status == "playing" and request_seat(row.players, table) is not None
    automatic = play_automatic(table_id, games, budget) if automatic_next else Automatic(0, False)
    held = automatic.held or Held(row, table)
    seen = CatchUp.read(table_id, user_id, seq_before, held) if catch_up else None
    return MoveResult(user_id, table.move, [n.for_client() for n in made if n.visible_to(user_id)], automatic,
                      held, seen)


def answers_from_view(seat: LockedSeat, table: Table, action: str, seen: int) -> bool:
    """Whether a move sent from an older view still means what its player meant: an answer in the
    multiple_active state they are active in, entered (or made theirs) by the move they saw or
    before. Others' answers since do not change it; anything else sent from an old view is stale."""
    return (seen < table.move and seat.active_since is not None and seat.active_since <= seen
            and table.answers_simultaneously(seat.user_id, action))


def play_automatic(table_id: int, games: dict[str, type[Game]], budget: float | None = REQUEST_BUDGET,
                   max_moves: int = 5000, now: datetime | None = None) -> Automatic:
    """Play bot and zombie turns until a person must act, the game ends, or the budget is spent. Not
    the expert's: those wait for the bot runner (`runner`), which a request or the tick never waits for.

    `now` is the tick's clock when the tick plays the moves (so simulated days stay consistent).
    """
    if not has_automatic_seats(table_id):
        return Automatic(0, False)  # all people: no write transaction to pay for
    started, played, pending, held = time.monotonic(), 0, True, None
    while played < max_moves and (budget is None or time.monotonic() - started < budget):
        with write_transaction(), pipelined():
            row = lock_table(table_id)
            table = load_engine_table(row, games) if row.snapshot is not None else None
            held = Held(row, table) if table is not None else None
            if row.status == "playing" and table is not None and not any(people_seated(row)):
                abandon(row, table, "nobody is left to play")  # bots alone would play on forever
            seat = request_seat(row.players, table) if row.status == "playing" and table is not None else None
            if seat is None:
                pending = False
                break
            action, args, actor = choose_move(row, table, seat)
            made = table.apply(seat.user_id, action, args, rollback=False)
            _commit(row, table, seat.user_id, action, args, made, actor, now)
            pending = row.status == "playing" and request_seat(row.players, table) is not None
        played += 1
        if not pending:
            break
    return Automatic(played, pending, held)


def people_seated(row: LockedTable) -> list[LockedSeat]:
    """The seats a person holds and plays (not a bot's, not one the zombie plays for an absent player)."""
    return [seat for seat in row.players if seat.bot_level is None and not seat.zombie]


def abandon(row: LockedTable, table: Table, reason: str) -> None:
    """The game ends unfinished: its log is kept (it replays), it is shown as abandoned, nobody wins."""
    row.status = ABANDONED
    for seat in row.players:
        seat.set(active_since=None, deadline=None)
    save_seats(row)
    table.notify(None, "tableAbandoned", "The table is abandoned: ${reason}", {"reason": reason})
    write_notifications(row.id, table.take_notifications())
    write_snapshot(row, table)


def max_game_moves() -> int:
    return current_app.config.get("MAX_GAME_MOVES") or MAX_GAME_MOVES


def play_pending(record: TableRecord, user_id: int, games: dict[str, type[Game]],
                 budget: float | None = REQUEST_BUDGET) -> Automatic:
    """A seated player or the table's creator has the pending bot and zombie turns played (bounded); an
    expert's turn is left to the bot runner (`runner_pending`), and is no conflict."""
    if find_seat(record.players, user_id) is None and record.creator_id != user_id:
        raise Forbidden("Only the table's players and its creator may have its bots play.")
    played = play_automatic(record.id, games, budget)
    if played.played == 0 and not played.pending and not played.runner_pending:
        raise NothingPending("No bot or zombie turn is waiting at this table.")
    return played


def choose_move(row: LockedTable, table: Table, seat: LockedSeat) -> tuple[str, dict, str]:
    """The automatic seat's move and its actor (as the move log says it): the zombie's, or the seat's bot's."""
    return levels.choose(table, seat, f"{row.seed}:{table.move}:{seat.user_id}")


def has_automatic_seats(table_id: int) -> bool:
    return db.session.scalar(select(exists().where(
        Seat.table_id == table_id, Seat.zombie.is_(True) | Seat.bot_level.is_not(None))))


def tables_waiting_for_automatic_moves() -> list[int]:
    rows = db.session.scalars(select(Seat.table_id).join(TableRecord).where(
        TableRecord.status == "playing", Seat.active_since.is_not(None),
        Seat.zombie.is_(True) | Seat.bot_level.is_not(None)).distinct())
    return list(rows)


def _commit(row: LockedTable, table: Table, player_id: int, action: str, args: dict, made: list[Notification],
            actor: str, now: datetime | None) -> None:
    """Everything an accepted move writes: the log row, its notifications, the snapshot, turns."""
    write_move(row.id, table.move, player_id, action, args, actor)
    mover = find_seat(row.players, player_id)
    if mover is not None and mover.thinking_since is not None:
        mover.set(thinking_since=None)  # a runner's claim ends with the move (update_turns saves the seats)
    write_notifications(row.id, made)
    write_snapshot(row, table)
    update_turns(row, table, now, mover=player_id, new_state=table.entered_state)
    if row.status == "playing" and table.move >= max_game_moves():
        abandon(row, table, f"it reached {max_game_moves()} moves")
