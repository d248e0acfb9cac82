"""The small version of `make soak`: gunicorn with two workers, tabs racing with duplicate and stale
moves, one worker killed with SIGKILL mid-way; no move lost or doubled, every table replays."""
import pytest

from tools.soak import run_soak


def check(report):
    assert report.sent >= 200 and len(report.accepted) > 20
    assert report.statuses[409] > 0  # the duplicates and stale moves were refused
    assert report.lost == 0 and report.doubled == 0
    assert sum(n for status, n in report.statuses.items() if status >= 500) == 0
    assert report.killed_worker is not None
    assert report.tables_verified == report.tables


@pytest.mark.slow
def test_soak_on_sqlite(tmp_path):
    check(run_soak(f"sqlite:///{tmp_path / 'soak.sqlite'}", "SQLite", moves=250, tables=3))


@pytest.mark.slow
@pytest.mark.postgres
def test_soak_on_postgresql(pg_database):
    check(run_soak(pg_database, "PostgreSQL", moves=250, tables=3))
