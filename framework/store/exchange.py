"""Stored tables against the current rules (verify-games), and tables made from export files."""
from __future__ import annotations

from collections.abc import Callable, Iterator

from sqlalchemy import select

from framework.engine import Game, Move, ReplayRefused, Table, replay

from .database import write_transaction
from .errors import Conflict
from .models import GameTable, Seat, User, db
from .models import Move as MoveRow
from .tables import _save_notifications, _save_snapshot, engine_players, locked_table, moves_of, update_turns


def verify_tables(games: dict[str, type[Game]]) -> Iterator[tuple[GameTable, str | None]]:
    """Each started table with None when it still replays to its stored hash, else why not."""
    ids = list(db.session.scalars(select(GameTable.id).where(GameTable.status != "open").order_by(GameTable.id)))
    for table_id in ids:
        record = db.session.get(GameTable, table_id)
        yield record, _verify(record, games)
        db.session.expunge_all()  # keep memory flat over thousands of tables


def _verify(record: GameTable, games: dict[str, type[Game]]) -> str | None:
    game = games.get(record.game)
    if game is None:
        return f"game {record.game!r} is not installed"
    try:
        table = replay(game, engine_players(record), record.options, record.seed,
                       [m.logged() for m in moves_of(record)])
    except ReplayRefused as refused:
        note = f" (started with version {record.game_version}, rules are version {game.version})" \
            if record.game_version != game.version else ""
        return f"{refused}{note}"
    if table.state_hash() != record.state_hash:
        return "the replay reaches another state than the one stored"
    return None


def import_export(export: dict, game: type[Game], creator_name: str | None = None,
                  password: Callable[[str], str] = lambda name: f"{name}-password",
                  ) -> tuple[GameTable, list[str]]:
    """A new table from an export file, replayed to its end, ready to continue or inspect.

    Players keep their ids (their moves name them); a missing player becomes a user of that id
    and name whose password `password(name)` gives. Returns the table and the users created.
    """
    created: list[str] = []
    with write_transaction():
        for player in export["players"]:
            user = db.session.get(User, player["id"])
            if user is None:
                from werkzeug.security import generate_password_hash

                db.session.add(User(id=player["id"], name=player["name"],
                                    password_hash=generate_password_hash(password(player["name"]))))
                created.append(player["name"])
            elif user.name != player["name"]:
                raise Conflict(f"user id {player['id']} is {user.name!r} here, not {player['name']!r}: "
                               "import into another database")
        db.session.flush()
        record = GameTable(game=game.name, game_version=game.version, options=export["options"],
                           seed=export["seed"], seats=len(export["players"]), status="playing",
                           creator_id=export["players"][0]["id"])
        db.session.add(record)
        db.session.flush()
        for seat, player in enumerate(export["players"]):
            db.session.add(Seat(table_id=record.id, seat=seat, user_id=player["id"]))
        _replay_into(record, game, export["moves"])
    return record, created


def fork_table(source: GameTable, move: int, creator: User, games: dict[str, type[Game]]) -> GameTable:
    """A new hotseat table replayed to `move` of `source`: the same seats, the creator acts for all."""
    game = games[source.game]
    moves = [m.logged() for m in moves_of(source)][:move]
    with write_transaction():
        record = GameTable(game=source.game, game_version=game.version, options=source.options, seed=source.seed,
                           seats=source.seats, status="playing", creator_id=creator.id, hotseat=True,
                           forked_from=source.id, turn_hours=0)
        db.session.add(record)
        db.session.flush()
        for seat in source.players:
            db.session.add(Seat(table_id=record.id, seat=seat.seat, user_id=seat.user_id, bot_level=seat.bot_level))
        _replay_into(record, game, moves)
    return record


def _replay_into(record: GameTable, game: type[Game], moves: list[Move | dict]) -> None:
    """Play logged moves into a new table's log, notifications and snapshot."""
    db.session.flush()
    record = locked_table(record.id)  # written like a move: the same Core statements

    def log_move(table: Table, number: int, move: Move, made: list) -> None:
        db.session.add(MoveRow(table_id=record.id, number=number, player_id=move.player, action=move.action,
                               args=move.args))
        _save_notifications(record.id, made)

    table = replay(game, engine_players(record), record.options, record.seed, moves,
                   on_setup=lambda table, made: _save_notifications(record.id, made), on_move=log_move)
    _save_snapshot(record, table)
    update_turns(record, table)
