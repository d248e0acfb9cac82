"""`flask backup`: a copy taken while serving restores, and every table in it replays."""
from tests.conftest import Api, make_app


def test_backup_restores_and_every_table_replays(tmp_path):
    app = make_app(f"sqlite:///{tmp_path / 'live.sqlite'}")
    api = Api(app.test_client())
    api.register("anna")
    for number in range(3):
        table_id = api.new_table("anna", players=2, seed=f"b{number}")
        api.post(f"/api/tables/{table_id}/bots", "anna", json={"count": 1})
        api.act(table_id, "anna", "pickCharm", charm="amber")
    result = app.test_cli_runner().invoke(args=["backup", str(tmp_path / "copy.sqlite")])
    assert result.exit_code == 0 and "backed up" in result.output
    again = app.test_cli_runner().invoke(args=["backup", str(tmp_path / "copy.sqlite")])
    assert again.exit_code == 1 and "exists already" in again.output

    restored = make_app(f"sqlite:///{tmp_path / 'copy.sqlite'}")
    verified = restored.test_cli_runner().invoke(args=["verify-games"])
    assert verified.exit_code == 0 and "3 tables replayed, 0 broken" in verified.output
    restored_api = Api(restored.test_client())
    login = restored_api.post("/api/login", json={"name": "anna", "password": "secret-pass"})
    assert login.status_code == 200
