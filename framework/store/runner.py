"""The bot runner (`flask bots`): the turns only it plays (`levels.RUNNER_LEVELS`: the expert's), outside
any web request, on any number of hosts at once.

For each due seat: a short write transaction claims it (`thinking_since`, which the table's view shows
as "thinking"), the search runs with no transaction open (a second of thinking must not hold the table's
lock, nor SQLite's one writer), and a second short transaction stores the move, only where the table is
still at the move the search began from and the seat is still the runner's to play. So two runners never
play one move twice (the row lock and the move number decide), and a runner killed mid-thought loses
nothing: its claim expires after the lease and another runner, or the same one restarted, plays the move.
After its move, the turns a request would have played (a heuristic bot's answer) are played too.
"""
from __future__ import annotations

import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from framework.engine import Game, Table

from .changes import announce
from .database import write_transaction
from .levels import actor, choose_at, for_runner, runner_seat, seat_level
from .loading import automatic_seat, find_seat, load_engine_table
from .locked import lock_table, save_seats
from .models import clock, db
from .moves import _commit, people_seated, play_automatic, tables_waiting_for_automatic_moves
from .pipeline import pipelined
from .wakeups import wake_runners


@dataclass(frozen=True)
class Claim:
    """A seat a runner thinks for: the table as it was at `move`, and the seed of the decision."""

    table_id: int
    player: int
    move: int
    seed: str
    level: str   # the level it plays at (`levels.seat_level`)
    actor: str   # bot or zombie, as the move log says
    table: Table
    since: datetime  # the claim, as the seat keeps it while it is this runner's


def claim(table_id: int, games: dict[str, type[Game]], lease: float, now: datetime | None = None) -> Claim | None:
    """The table's first due runner seat nobody else thinks for (or whose claim outlived the lease), claimed."""
    now = now or clock()
    with write_transaction(), pipelined():
        row = lock_table(table_id)
        if row.status != "playing" or row.snapshot is None or not people_seated(row):
            return None  # bots alone: `play_automatic` ends the table as abandoned
        table = load_engine_table(row, games)
        stale = now - timedelta(seconds=lease)
        seat = runner_seat(row.players, table, lambda s: s.thinking_since is None or s.thinking_since <= stale)
        if seat is None:
            return None
        seat.set(thinking_since=now)
        save_seats(row)
        announce(row.id)  # the players see "thinking" at the seat
        return Claim(row.id, seat.user_id, row.move, f"{row.seed}:{row.move}:{seat.user_id}",
                     seat_level(seat, table.game_cls), actor(seat), table, now)


def store(found: Claim, action: str, args: dict, games: dict[str, type[Game]]) -> bool:
    """The move thought for `found`, stored as any move, if the table still waits for it; False if another
    runner played it, or the seat stopped being the runner's (its player came back)."""
    with write_transaction(), pipelined():
        row = lock_table(found.table_id)
        seat = find_seat(row.players, found.player)
        if seat is None:
            return False
        table = load_engine_table(row, games) if row.status == "playing" and row.move == found.move else None
        if table is None or automatic_seat([seat], table, lambda s: for_runner(s, table.game_cls)) is None:
            # Another move came first (another seat's, where several are active): the seat, if still this
            # runner's, is free to be claimed again at once rather than after the lease.
            if seat.thinking_since == found.since:
                seat.set(thinking_since=None)
                save_seats(row)
                announce(row.id)
                wake_runners(row.id)  # the seat may still be due: a runner (this one, likely) looks at once
            return False
        made = table.apply(found.player, action, args, rollback=False)
        _commit(row, table, found.player, action, args, made, found.actor, None)
        return True


def play_claimed(found: Claim, games: dict[str, type[Game]]) -> bool:
    """Think (no transaction open), then store the move if it is still due."""
    action, args = choose_at(found.table, found.player, found.level, found.seed)
    return store(found, action, args, games)


def run_once(games: dict[str, type[Game]], lease: float, per_table: int,
             log: Callable[[str], None] = lambda line: None) -> int:
    """One round over the tables with a due bot or zombie turn: each runner seat's move (thought, then
    stored), then the quick turns that follow (at most `per_table`). The moves this runner stored."""
    played, waiting = 0, tables_waiting_for_automatic_moves()
    db.session.rollback()  # end the read: kept open until the next round, its snapshot would hide new turns
    for table_id in waiting:
        try:
            played += play_table(table_id, games, lease, per_table, log)
        except Exception:  # one table's trouble (a game's bug) must not stop the others' bots
            log(f"table {table_id}: the bots' turn failed\n{traceback.format_exc()}")
    return played


def play_table(table_id: int, games: dict[str, type[Game]], lease: float, per_table: int,
               log: Callable[[str], None]) -> int:
    played = 0
    found = claim(table_id, games, lease)
    if found is not None:
        started = time.monotonic()
        stored = play_claimed(found, games)
        played += stored
        log(f"table {table_id} move {found.move + 1}: {'played' if stored else 'already played'} for "
            f"player {found.player} in {time.monotonic() - started:.2f} s")
    return played + play_automatic(table_id, games, budget=None, max_moves=per_table).played
