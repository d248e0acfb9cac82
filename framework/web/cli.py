"""The app's commands: `flask init-db` (create or upgrade the schema), `backup`, `tick` (deadlines,
quick bots), `bots` (the bot runner: the expert's turns), `deliver` ("your turn" messages), and the
two designer commands that need the database,
`verify-games` and `import-game` (`bga` builds the app for them). The designer's other commands
(framework/designer/commands.py) need no app: they are added to the
app's CLI as they are, so `flask --app framework.web <command>` runs every one."""
from __future__ import annotations

import json
import sys
from datetime import datetime
from pathlib import Path

import click
from flask import Flask, current_app
from flask.cli import with_appcontext
from flask_migrate import upgrade

from framework.designer.commands import COMMANDS as DESIGNER_COMMANDS
from framework.designer.commands import game_named
from framework.engine import ReplayRefused
from framework.store.backup import backup_sqlite
from framework.store.delivery import deliver_due
from framework.store.models import clock
from framework.store.moves import play_automatic, tables_waiting_for_automatic_moves
from framework.store.replays import import_export, verify_tables
from framework.store.runner import run_once as run_bots
from framework.store.sessions import prune_expired_sessions
from framework.store.streams import prune_expired_leases
from framework.store.turns import expire_deadlines
from framework.store.wakeups import LISTENING_POLL, SQLITE_POLL, Wakeups, default_poll


def register_cli(app: Flask) -> None:
    @app.cli.command("init-db")
    def init_db() -> None:
        """Create the database if missing and bring its schema to the latest migration."""
        upgrade()
        click.echo(f"database ready: {app.config['SQLALCHEMY_DATABASE_URI']}")

    @app.cli.command("backup")
    @click.argument("path", type=click.Path(dir_okay=False, path_type=Path))
    def backup(path: Path) -> None:
        """Copy the SQLite database to PATH while the server runs (PostgreSQL: use pg_dump)."""
        try:
            pages = backup_sqlite(path)
        except (RuntimeError, FileExistsError) as err:
            raise click.ClickException(str(err)) from None
        click.echo(f"backed up {pages} pages to {path}")

    @app.cli.command("tick")
    @click.option("--now", "now_text", default=None, help="Pretend it is this UTC time (ISO 8601), for tests.")
    def tick(now_text: str | None) -> None:
        """Play out expired turns by the zombie, play bots' turns (a bounded number, shared between
        tables), forget expired logins. "Your turn" messages are `flask deliver`'s.

        Run it every minute from cron or a systemd timer. Safe to run twice at once: each table
        is handled under a lock and checked again there.
        """
        now = parse_now(now_text)
        report = run_tick(now)
        click.echo("tick {now}: {zombies} out of time, {moves} automatic moves at {tables} tables, "
                   "{expired_sessions} expired sessions forgotten".format(now=now.isoformat(), **report))

    @app.cli.command("deliver")
    @click.option("--now", "now_text", default=None, help="Pretend it is this UTC time (ISO 8601), for tests.")
    def deliver(now_text: str | None) -> None:
        """Send the due "your turn" messages (SMTP and webhooks), with retries and back-off.

        Run it every minute, apart from the tick, so a slow webhook never holds the game's work.
        Safe to run twice at once: each message is claimed under a lock.
        """
        now = parse_now(now_text)
        report = deliver_due(now, current_app.config)
        click.echo("deliver {now}: {sent} sent, {retry} to retry, {failed} failed"
                   .format(now=now.isoformat(), **report))

    @app.cli.command("bots")
    @click.option("--once", is_flag=True, help="One round over the waiting tables, then exit (tests, cron).")
    @click.option("--poll", default=None, type=click.FloatRange(0.05, 600),
                  help=f"Seconds between two looks for due turns when none was found [default: {SQLITE_POLL} on "
                       f"SQLite; {LISTENING_POLL} on PostgreSQL, where a NOTIFY wakes the runner at once].")
    @click.option("--no-listen", is_flag=True,
                  help="Poll only, even on PostgreSQL (a connection pooler that drops LISTEN; a measure).")
    def bots(once: bool, poll: float | None, no_listen: bool) -> None:
        """The bot runner: play the expert bots' and expert zombies' turns as they become due (and
        the quick bot turns after them), outside any web request. Run one or more, on any hosts:
        the table's row lock and move number decide who stores a move, and a runner killed while it
        thinks loses nothing (its claim lapses after BGA_BOT_LEASE_SECONDS and another plays).
        On PostgreSQL it LISTENs and plays a turn as soon as it is due; on SQLite it polls."""
        config = current_app.config
        url = config["SQLALCHEMY_DATABASE_URI"]
        if poll is None:
            poll = SQLITE_POLL if no_listen else default_poll(url)
        wakeups = None if once else Wakeups(url, poll, listen=not no_listen)
        try:
            while True:
                played = run_bots(current_app.extensions["games"], config["BOT_LEASE_SECONDS"],
                                  config["TICK_MOVES_PER_ROUND"], lambda line: click.echo(line))
                if wakeups is None:
                    click.echo(f"bots: {played} moves")
                    return
                if not played:
                    wakeups.wait()
        finally:
            if wakeups is not None:
                wakeups.close()

    for command in (verify_games_command, import_game_command, *DESIGNER_COMMANDS):
        app.cli.add_command(command)


def parse_now(now_text: str | None) -> datetime:
    return datetime.fromisoformat(now_text.removesuffix("Z")) if now_text else clock()


def run_tick(now: datetime) -> dict[str, int]:
    games = current_app.extensions["games"]
    zombies = expire_deadlines(games, now)
    moves, tables = play_fairly(tables_waiting_for_automatic_moves(), games, now,
                                current_app.config["TICK_MOVES"], current_app.config["TICK_MOVES_PER_ROUND"])
    prune_expired_leases()  # the leases of streams whose process died: they count for nothing already
    return {"zombies": len(zombies), "moves": moves, "tables": tables, "expired_sessions": prune_expired_sessions()}


def play_fairly(table_ids: list[int], games: dict, now: datetime, budget: int, per_round: int) -> tuple[int, int]:
    """Bots' and zombies' turns, at most `budget` moves in all, shared round-robin: each waiting table
    plays at most `per_round` moves in a round, so a table of bots that never ends cannot starve the
    others (what is left waits for the next tick). The moves played and the tables that played."""
    waiting, played, served = list(table_ids), 0, set()
    while waiting and played < budget:
        still = []
        for table_id in waiting:
            if played >= budget:
                break
            done = play_automatic(table_id, games, budget=None, max_moves=min(per_round, budget - played), now=now)
            played += done.played
            if done.played:
                served.add(table_id)
            if done.pending:
                still.append(table_id)
        waiting = still
    return played, len(served)


@click.command("verify-games")
@with_appcontext
def verify_games_command() -> None:
    """Replay every stored table against the current rules; list those that no longer replay."""
    broken, count = [], 0
    results = verify_tables(current_app.extensions["games"])
    with click.progressbar(results, label="verifying tables", file=sys.stderr) as bar:
        for record, problem in bar:
            count += 1
            if problem:
                broken.append(f"table {record.id} ({record.game}): {problem}")
    for line in broken:
        click.echo(line)
    click.echo(f"{count} tables replayed, {len(broken)} broken")
    if broken:
        sys.exit(1)


@click.command("import-game")
@click.argument("file", type=click.File())
@with_appcontext
def import_game_command(file) -> None:
    """Create a table from an export file, replayed, ready to continue (development mode only)."""
    if not (current_app.config.get("DEV_MODE") or current_app.config.get("TESTING")):
        raise click.ClickException("import-game runs in development mode only (BGA_DEV_MODE=true)")
    export = json.load(file)
    try:
        record, created = import_export(export, game_named(export["game"]))
    except ReplayRefused as refused:
        raise click.ClickException(f"not imported: {refused}") from None
    click.echo(f"table {record.id} ({record.game}) at move {record.move}")
    for name in created:
        click.echo(f"created user {name!r} with password '{name}-password' (development only)")
