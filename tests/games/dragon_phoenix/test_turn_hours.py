"""The time per move is a setting of every table, not a Dragon and Phoenix option; tables and exports
made while the game declared `turn_hours` among its options still load, play, replay and import."""
import json

from sqlalchemy import update

from framework.store import db
from framework.store.models import TableRecord
from tests.conftest import Api, make_app
from tests.http_play import game_app

NAMES = ["anna", "ben", "cleo", "dan"]
OLD_OPTIONS = {"target": 500, "wish": True, "turn_hours": 24, "deal": None}  # as the game stored them


def test_the_time_per_move_is_the_tables_and_not_an_option(tmp_path):
    app, api = game_app(tmp_path, "dragon_phoenix", NAMES)
    games = api.get("/api/games").json["games"]
    assert "turn_hours" not in next(g for g in games if g["name"] == "dragon_phoenix")["options"]
    table = api.post("/api/tables", "anna", json={"game": "dragon_phoenix", "turn_hours": 24}).json
    assert table["turn_hours"] == 24 and "turn_hours" not in table["options"]
    assert api.post("/api/tables", "anna", json={"game": "dragon_phoenix"}).json["turn_hours"] == 0
    refused = api.post("/api/tables", "anna", json={"game": "dragon_phoenix", "options": {"turn_hours": 24}})
    assert refused.status_code == 400 and "turn_hours" in refused.json["error"]["fields"]["options"]


def test_a_table_stored_with_the_old_option_plays_replays_exports_and_imports(tmp_path):
    app, api = game_app(tmp_path, "dragon_phoenix", NAMES)
    table_id = api.new_table("anna", game="dragon_phoenix", joiners=NAMES[1:], seed="old-options",
                             options={"target": 500})
    with app.app_context():
        db.session.execute(update(TableRecord).where(TableRecord.id == table_id).values(options=OLD_OPTIONS))
        db.session.commit()
    for name in NAMES:
        assert api.act(table_id, name, "highFlight", call=False, answer_view=True).status_code == 200
    view = api.view(table_id, "anna")
    assert view["table"]["options"]["turn_hours"] == 24 and view["state"]["name"] == "passCards"
    verified = app.test_cli_runner().invoke(args=["verify-games"])
    assert verified.exit_code == 0 and "1 tables replayed, 0 broken" in verified.output
    export = api.get(f"/api/tables/{table_id}/export", "anna").json
    assert export["options"] == OLD_OPTIONS
    path = tmp_path / "old.json"
    path.write_text(json.dumps(export))
    replayed = app.test_cli_runner().invoke(args=["replay", str(path), "--verify"])
    assert replayed.exit_code == 0 and "matches the file's hash" in replayed.output
    other = make_app(f"sqlite:///{tmp_path / 'other.sqlite'}", GAMES=["dragon_phoenix"])
    imported = other.test_cli_runner().invoke(args=["import-game", str(path)])
    assert imported.exit_code == 0 and f"at move {export['move']}" in imported.output
    again = Api(other.test_client())
    login = again.post("/api/login", json={"name": "anna", "password": "anna-password"})
    again.tokens["anna"] = login.json["token"]
    assert again.get("/api/tables/1/export", "anna").json["state_hash"] == export["state_hash"]
