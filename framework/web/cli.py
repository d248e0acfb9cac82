"""Commands: `flask init-db` (create or upgrade the schema) and `flask tick` (deadlines, bots, mail)."""
from __future__ import annotations

from datetime import datetime
from pathlib import Path

import click
from flask import Flask, current_app
from flask_migrate import upgrade

from framework.store.backup import backup_sqlite
from framework.store.delivery import deliver_due
from framework.store.models import clock
from framework.store.moves import play_automatic, tables_waiting_for_automatic_moves
from framework.store.sessions import prune_expired_sessions
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


def run_tick(now: datetime) -> dict[str, int]:
    games = current_app.extensions["games"]
    zombies = expire_deadlines(games, now)
    moves = sum(play_automatic(table_id, games, budget=None, now=now).played
                for table_id in tables_waiting_for_automatic_moves())
    delivered = deliver_due(now, current_app.config)
    return {"zombies": len(zombies), "moves": moves, **delivered, "expired_sessions": prune_expired_sessions()}
