"""Conflicting players acting at once: every accepted move is logged exactly once, nothing half-done.

Twelve threads (two "browser tabs" per player, three tables) play Climb to the end through the
HTTP API, each sending the move number it last saw. Each thread's requests use their own database
connection. Run on SQLite (file, WAL, BEGIN IMMEDIATE) and on PostgreSQL (row lock).
"""
import threading
from collections import Counter

import pytest
from sqlalchemy import select

from framework.engine import replay
from framework.store import MoveRecord, TableRecord, db
from framework.store.loading import engine_players
from tests.conftest import Api, make_app
from tests.sample_game import Climb

TABLES, TABS = 3, 2


def choose(view: dict) -> tuple[str, dict]:
    state = view["state"]
    if state["name"] == "pickCharm":
        return "pickCharm", {"charm": "amber"}
    if state["name"] == "playerTurn":
        return "playCard", {"card": state["args"]["playable"][0]}
    return "confirm", {}


def tab(app, token: str, table_id: int, results: Counter, errors: list):
    client = app.test_client()
    headers = {"Authorization": f"Bearer {token}"}
    for _ in range(400):  # bounded: a game here takes about 30 moves
        view = client.get(f"/api/tables/{table_id}", headers=headers).json
        if view["table"]["status"] == "finished":
            return
        if view["state"]["possible_actions"] in ([], ["cheer"]):
            continue  # not this player's turn
        action, args = choose(view)
        response = client.post(f"/api/tables/{table_id}/actions/{action}", headers=headers,
                               json={**args, "move": view["table"]["move"]})
        results[(table_id, response.status_code)] += 1
        if response.status_code >= 500:
            errors.append(response.json)
    errors.append(f"table {table_id}: no end after 400 rounds")


def run_race(app):
    api = Api(app.test_client())
    tables = []
    for number in range(TABLES):
        a, b = f"a{number}", f"b{number}"
        api.register(a)
        api.register(b)
        tables.append((api.new_table(a, joiners=[b], players=2, seed=f"race{number}",
                                     options={"hand_size": 4}), a, b))
    results, errors = Counter(), []
    threads = [threading.Thread(target=tab, args=(app, api.tokens[name], table_id, results, errors))
               for table_id, a, b in tables for name in (a, b) for _ in range(TABS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert errors == []
    with app.app_context():
        for table_id, _, _ in tables:
            record = db.session.get(TableRecord, table_id)
            numbers = list(db.session.scalars(select(MoveRecord.number).where(MoveRecord.table_id == table_id)
                                              .order_by(MoveRecord.number)))
            assert record.status == "finished"
            assert numbers == list(range(1, record.move + 1))  # each accepted move once, no gap
            assert results[(table_id, 200)] == record.move
            moves = [{"player": m.player_id, "action": m.action, "args": m.args}
                     for m in db.session.scalars(select(MoveRecord).where(MoveRecord.table_id == table_id)
                                                 .order_by(MoveRecord.number))]
            again = replay(Climb, engine_players(record.players), record.options, record.seed, moves)
            assert again.state_hash() == record.state_hash
    conflicts = sum(n for (_, status), n in results.items() if status == 409)
    assert conflicts > 0  # the tabs really did collide
    return results


@pytest.mark.slow
def test_racing_tabs_on_sqlite(tmp_path):
    app = make_app(f"sqlite:///{tmp_path / 'race.sqlite'}")
    run_race(app)


@pytest.mark.slow
@pytest.mark.postgres
def test_racing_tabs_on_postgresql(pg_database):
    app = make_app(pg_database)
    run_race(app)
    with app.app_context():
        db.engine.dispose()
