"""Tables rebuilt from their moves: stored tables checked against the current rules (verify-games),
tables made from export files (import), and copies of a table at move n (fork)."""
from __future__ import annotations

from collections.abc import Callable, Iterator

from sqlalchemy import select

from framework.engine import Game, Move, ReplayRefused, Table, replay

from .database import write_transaction
from .errors import Conflict
from .journal import write_move, write_notifications, write_snapshot
from .loading import engine_players
from .locked import lock_table
from .models import Seat, TableRecord, User, db
from .queries import moves_of
from .seating import hotseat_users
from .turns import update_turns
from .users import hash_password


def verify_tables(games: dict[str, type[Game]]) -> Iterator[tuple[TableRecord, str | None]]:
    """Each started table with None when it still replays to its stored hash, else why not."""
    ids = list(db.session.scalars(select(TableRecord.id).where(TableRecord.status != "open")
                                  .order_by(TableRecord.id)))
    for table_id in ids:
        record = db.session.get(TableRecord, table_id)
        yield record, _verify(record, games)
        db.session.expunge_all()  # keep memory flat over thousands of tables


def _verify(record: TableRecord, games: dict[str, type[Game]]) -> str | None:
    game = games.get(record.game)
    if game is None:
        return f"game {record.game!r} is not installed"
    try:
        table = replay(game, engine_players(record.players), record.options, record.seed,
                       [m.logged() for m in moves_of(record.id)])
    except ReplayRefused as refused:
        note = f" (started with version {record.game_version}, rules are version {game.version})" \
            if record.game_version != game.version else ""
        return f"{refused}{note}"
    if table.state_hash() != record.state_hash:
        return "the replay reaches another state than the one stored"
    return None


def import_export(export: dict, game: type[Game],
                  password: Callable[[str], str] = lambda name: f"{name}-password",
                  ) -> tuple[TableRecord, list[str]]:
    """A new table from an export file, replayed to its end, ready to continue or inspect.

    Players keep their ids (their moves name them); a missing player becomes a user of that id
    and name whose password `password(name)` gives. Returns the table and the users created.
    """
    created: list[str] = []
    with write_transaction():
        for player in export["players"]:
            user = db.session.get(User, player["id"])
            if user is None:
                db.session.add(User(id=player["id"], name=player["name"],
                                    password_hash=hash_password(password(player["name"]))))
                created.append(player["name"])
            elif user.name != player["name"]:
                raise Conflict(f"user id {player['id']} is {user.name!r} here, not {player['name']!r}: "
                               "import into another database")
        db.session.flush()
        record = TableRecord(game=game.name, game_version=game.version, options=export["options"],
                             seed=export["seed"], seats=len(export["players"]), status="playing",
                             creator_id=export["players"][0]["id"])
        db.session.add(record)
        db.session.flush()
        for seat, player in enumerate(export["players"]):
            db.session.add(Seat(table_id=record.id, seat=seat, user_id=player["id"]))
        _replay_into(record.id, game, export["moves"])
    return record, created


def fork_table(source: TableRecord, move: int, creator: User, games: dict[str, type[Game]]) -> TableRecord:
    """A new hotseat table replayed to `move` of `source`, its seats held by the creator and their
    stand-ins as at any hotseat table: nobody is seated at a table they did not choose to join.

    The engine's player ids are the seats' user ids, and logged moves name players (the mover, and
    arguments such as whom the Dragon's round goes to). So the source's moves are replayed with
    each seat's player renamed to the fork's holder of that seat; the engine renames only the
    arguments a game declares `PlayerId`, so a count that happens to equal an id stays a count.
    """
    game = games[source.game]
    moves = [m.logged() for m in moves_of(source.id)][:move]
    with write_transaction():
        record = TableRecord(game=source.game, game_version=game.version, options=source.options,
                             seed=source.seed, seats=source.seats, status="playing", creator_id=creator.id,
                             hotseat=True, forked_from=source.id, turn_hours=0)
        db.session.add(record)
        db.session.flush()
        holders = hotseat_users(creator, source.seats)
        for seat, user in enumerate(holders):
            db.session.add(Seat(table_id=record.id, seat=seat, user_id=user.id))
        renames = {seat.user_id: holders[seat.seat].id for seat in source.players}
        _replay_into(record.id, game, moves, renames)
    return record


def _replay_into(table_id: int, game: type[Game], moves: list[Move | dict],
                 renames: dict[int, int] | None = None) -> None:
    """Play logged moves into a new table's log, notifications and snapshot.

    Not through the move service: the engine's replay loop applies the moves one after the other
    without saving and reloading a snapshot for each; the rows are written by the same writers.
    """
    db.session.flush()
    row = lock_table(table_id)  # written like a move: the same Core statements

    def log_move(table: Table, number: int, move: Move, made: list) -> None:
        write_move(row.id, number, move.player, move.action, move.args, "player")
        write_notifications(row.id, made)

    table = replay(game, engine_players(row.players), row.options, row.seed, moves,
                   on_setup=lambda table, made: write_notifications(row.id, made), on_move=log_move,
                   renames=renames)
    write_snapshot(row, table)
    update_turns(row, table)
