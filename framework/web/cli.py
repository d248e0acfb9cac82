"""`flask init-db`: create or upgrade the schema (Alembic migrations via Flask-Migrate)."""
from __future__ import annotations

import click
from flask import Flask
from flask_migrate import upgrade


def register_cli(app: Flask) -> None:
    @app.cli.command("init-db")
    def init_db() -> None:
        """Create the database if missing and bring its schema to the latest migration."""
        upgrade()
        click.echo(f"database ready: {app.config['SQLALCHEMY_DATABASE_URI']}")
