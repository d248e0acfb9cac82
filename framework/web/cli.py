"""The app's commands: `flask init-db` (create or upgrade the schema), `backup`, `tick` (deadlines, bots,
mail), and the two designer commands that need the database, `verify-games` and `import-game` (`bga`
builds the app for them). The designer's other commands (framework/designer/commands.py) need no app:
they are added to the app's CLI as they are, so `flask --app framework.web <command>` runs every one."""
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
from framework.store.sessions import prune_expired_sessions
from framework.store.streams import prune_expired_leases
from framework.store.turns import expire_deadlines


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
        """Play out expired turns by the zombie, finish bots' turns, deliver "your turn" messages.

        Run it every minute from cron or a systemd timer. Safe to run twice at once: each table
        and each message is handled under a lock and checked again there.
        """
        now = datetime.fromisoformat(now_text.removesuffix("Z")) if now_text else clock()
        report = run_tick(now)
        click.echo("tick {now}: {zombies} out of time, {moves} automatic moves, {sent} sent, "
                   "{retry} to retry, {failed} failed, {expired_sessions} expired sessions forgotten"
                   .format(now=now.isoformat(), **report))

    for command in (verify_games_command, import_game_command, *DESIGNER_COMMANDS):
        app.cli.add_command(command)


def run_tick(now: datetime) -> dict[str, int]:
    games = current_app.extensions["games"]
    zombies = expire_deadlines(games, now)
    moves = sum(play_automatic(table_id, games, budget=None, now=now).played
                for table_id in tables_waiting_for_automatic_moves())
    delivered = deliver_due(now, current_app.config)
    prune_expired_leases()  # the leases of streams whose process died: they count for nothing already
    return {"zombies": len(zombies), "moves": moves, **delivered, "expired_sessions": prune_expired_sessions()}


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
