"""Online backup of the SQLite database (PostgreSQL: pg_dump, see README)."""
from __future__ import annotations

import sqlite3
from pathlib import Path

from .models import db


def backup_sqlite(target: Path) -> int:
    """Copy the live database to `target` with SQLite's backup API (safe while serving); pages copied."""
    engine = db.engine
    if engine.dialect.name != "sqlite":
        raise RuntimeError("flask backup copies SQLite databases; for PostgreSQL use pg_dump (see README)")
    if target.exists():
        raise FileExistsError(f"{target} exists already")
    source = sqlite3.connect(engine.url.database)
    destination = sqlite3.connect(target)
    try:
        with destination:
            source.backup(destination)
        return destination.execute("PRAGMA page_count").fetchone()[0]
    finally:
        destination.close()
        source.close()
