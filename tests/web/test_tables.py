"""Tables over HTTP: create, join, start, views, a whole game, log, replay, export."""
import pytest

from framework.engine import replay
from framework.engine.plugins import discover_games
from tests.sample_game import Climb


@pytest.fixture
def trio(api):
    for name in ("anna", "ben", "cleo"):
        api.register(name)
    return api


def test_games_list_shows_options_and_action_schemas(api):
    games = api.get("/api/games").json["games"]
    climb = next(g for g in games if g["name"] == "climb")
    assert climb["players"] == {"min": 2, "max": 4}
    assert climb["options"]["hand_size"]["default"] == 3
    assert climb["actions"]["playCard"]["arguments"]["card"] == {"type": "string", "required": True}
    assert climb["actions"]["cheer"]["out_of_turn"] is True
    assert climb["client"] == {"module": None, "css": None}  # no renderer of its own: the generic one


def test_games_list_names_a_games_client_files_and_they_are_served(tmp_path):
    """The page imports the module the catalog names, without probing for it first: each registered game's
    client.js and client.css, found next to its Game class wherever its package is installed."""
    from framework.web.games import client_folder
    from tests.conftest import make_app

    client = make_app(f"sqlite:///{tmp_path / 'games.sqlite'}", GAMES=None).test_client()
    catalog = {g["name"]: g for g in client.get("/api/games").json["games"]}
    registered = discover_games()
    assert set(registered) <= set(catalog)
    for name, game in registered.items():
        folder = client_folder(game)
        for kind, ext in (("module", "js"), ("css", "css")):
            url = catalog[name]["client"][kind]
            assert url == (f"/games/{name}/client.{ext}" if (folder / f"client.{ext}").is_file() else None)
            if url:
                assert client.get(url).data == (folder / f"client.{ext}").read_bytes()
    assert any(g["client"]["module"] for g in catalog.values())  # the shipped games have their own renderers
    name = next(n for n, g in catalog.items() if g["client"]["module"])
    for outside in ("../__init__.py", "../../static/js/dom.js", "..%2f..%2fstatic%2fjs%2fdom.js", "RULES.md"):
        assert client.get(f"/games/{name}/{outside}").status_code == 404, outside
    assert client.get("/games/chess/client.js").status_code == 404


def test_table_opens_fills_and_starts(trio):
    response = trio.post("/api/tables", "anna", json={"game": "climb", "players": 3})
    assert response.status_code == 201 and response.json["status"] == "open"
    table_id = response.json["id"]
    lobby = trio.get("/api/tables?status=open", "ben").json["tables"]
    assert [t["id"] for t in lobby] == [table_id]
    assert trio.post(f"/api/tables/{table_id}/join", "ben").json["status"] == "open"
    started = trio.post(f"/api/tables/{table_id}/join", "cleo").json
    assert started["status"] == "playing" and [p["name"] for p in started["players"]] == ["anna", "ben", "cleo"]
    assert trio.get("/api/tables?status=open", "ben").json["tables"] == []


def test_joining_twice_or_a_started_table_is_refused(trio):
    table_id = trio.new_table("anna", players=2)
    assert trio.post(f"/api/tables/{table_id}/join", "anna").status_code == 409
    trio.post(f"/api/tables/{table_id}/join", "ben")
    response = trio.post(f"/api/tables/{table_id}/join", "cleo")
    assert response.status_code == 409 and response.json["error"]["message"] == "This table has already started."


def test_unknown_game_and_bad_options(trio):
    assert trio.post("/api/tables", "anna", json={"game": "chess"}).status_code == 404
    bad = trio.post("/api/tables", "anna", json={"game": "climb", "options": {"hand_size": 9}})
    assert bad.status_code == 400 and bad.json["error"]["message"].startswith("options.hand_size")
    assert trio.post("/api/tables", "anna", json={"game": "climb", "players": 7}).status_code == 400


def test_fixed_seed_is_refused_outside_testing_and_development(tmp_path):
    from tests.conftest import Api, make_app

    app = make_app(f"sqlite:///{tmp_path / 'prod.sqlite'}", TESTING=False)
    api = Api(app.test_client())
    api.register("anna")
    response = api.post("/api/tables", "anna", json={"game": "climb", "seed": "known"})
    assert response.status_code == 403 and response.json["error"]["code"] == "dev_mode_only"


def test_view_shows_own_hand_and_private_args_only(trio):
    table_id = trio.new_table("anna", joiners=["ben"], players=2, seed="v1")
    anna, ben = trio.view(table_id, "anna"), trio.view(table_id, "ben")
    assert anna["data"]["hand"] != ben["data"]["hand"]
    spectator = trio.view(table_id, "cleo")
    assert spectator["data"]["hand"] == [] and spectator["state"]["possible_actions"] == []
    assert all(card not in str(spectator) for card in anna["data"]["hand"] + ben["data"]["hand"])


def test_private_notifications_reach_only_their_player(trio):
    table_id = trio.new_table("anna", joiners=["ben"], players=2)
    trio.act(table_id, "anna", "pickCharm", charm="jade")
    anna = trio.get(f"/api/tables/{table_id}/notifications", "anna").json["notifications"]
    ben = trio.get(f"/api/tables/{table_id}/notifications", "ben").json["notifications"]
    assert [n["type"] for n in anna] == ["hand", "charmPicked", "playerReady"]
    assert [n["type"] for n in ben] == ["hand", "playerReady"]
    assert "jade" not in str(ben)
    after = trio.get(f"/api/tables/{table_id}/notifications?after={anna[1]['seq']}", "anna").json
    assert [n["type"] for n in after["notifications"]] == ["playerReady"]


def _play_to_the_end(api, table_id, names):
    ids = {api.ids[n]: n for n in names}
    for name in names:
        assert api.act(table_id, name, "pickCharm", charm="ruby").status_code == 200
    while True:
        view = api.view(table_id, names[0])
        if view["table"]["status"] == "finished":
            return view
        name = ids[view["state"]["active_players"][0]]
        mine = api.view(table_id, name)
        if mine["state"]["name"] == "playerTurn":
            card = mine["state"]["args"]["playable"][0]
            response = api.act(table_id, name, "playCard", card=card, move=mine["table"]["move"])
        else:
            response = api.act(table_id, name, "confirm")
        assert response.status_code == 200, response.json


def test_three_users_play_a_whole_game_over_http(trio):
    names = ["anna", "ben", "cleo"]
    table_id = trio.new_table("anna", joiners=["ben", "cleo"], players=3, seed="whole")
    final = _play_to_the_end(trio, table_id, names)
    assert final["state"]["name"] == "gameEnd" and final["state"]["description"] == "End of game"
    scores = {p["name"]: p["score"] for p in final["table"]["players"]}
    assert sum(scores.values()) == sum(int(c[0]) for c in final["data"]["pile"])
    assert final["data"]["charms"] == {str(trio.ids[n]): "ruby" for n in names}

    log = trio.get(f"/api/tables/{table_id}/log", "ben").json["moves"]
    assert len(log) == final["table"]["move"] and all(m["args"] is not None for m in log)
    exported = trio.get(f"/api/tables/{table_id}/export", "cleo").json
    again = replay(Climb, exported["players"], exported["options"], exported["seed"], exported["moves"])
    assert again.state_hash() == exported["state_hash"]
    early = trio.get(f"/api/tables/{table_id}/replay?move=3&seat=2", "anna").json
    assert early["move"] == 3 and early["state"]["name"] == "playerTurn"
    dealt = trio.get(f"/api/tables/{table_id}/notifications", "cleo").json["notifications"][0]
    assert dealt["type"] == "hand" and early["data"]["hand"] == dealt["args"]["cards"]


def test_running_game_hides_other_moves_arguments_seed_and_other_seats(trio):
    table_id = trio.new_table("anna", joiners=["ben"], players=2)
    trio.act(table_id, "anna", "pickCharm", charm="jade")
    log = trio.get(f"/api/tables/{table_id}/log", "ben").json["moves"]
    assert log[0]["action"] == "pickCharm" and log[0]["args"] is None
    assert trio.get(f"/api/tables/{table_id}/log", "anna").json["moves"][0]["args"] == {"charm": "jade"}
    assert trio.get(f"/api/tables/{table_id}/replay?seat=1", "anna").status_code == 403
    assert trio.get(f"/api/tables/{table_id}/replay?seat=0&move=0", "anna").status_code == 200
    assert trio.get(f"/api/tables/{table_id}/replay", "cleo").status_code == 403


def test_my_tables_lists_your_turn_first(trio):
    waiting = trio.new_table("anna", joiners=["ben"], players=2)
    trio.act(waiting, "anna", "pickCharm", charm="jade")
    mine = trio.new_table("anna", joiners=["ben"], players=2)
    trio.new_table("ben", joiners=["anna"], players=2)
    tables = trio.get("/api/me/tables", "anna").json["tables"]
    assert [t["your_turn"] for t in tables] == [True, True, False]
    assert next(t for t in tables if t["id"] == waiting)["last_event"] == "anna is ready"
    assert waiting not in [t["id"] for t in tables[:2]] and mine in [t["id"] for t in tables]


def test_export_waits_for_the_end_outside_dev_mode(tmp_path):
    from tests.conftest import Api, make_app

    api = Api(make_app(f"sqlite:///{tmp_path / 'prod.sqlite'}", TESTING=False).test_client())
    api.register("anna")
    api.register("ben")
    table_id = api.new_table("anna", joiners=["ben"], players=2)
    response = api.get(f"/api/tables/{table_id}/export", "anna")
    assert response.status_code == 403 and "once the game is over" in response.json["error"]["message"]


def test_anyone_may_replay_any_seat_after_the_end(trio):
    table_id = trio.new_table("anna", joiners=["ben"], players=2, seed="after")
    _play_to_the_end(trio, table_id, ["anna", "ben"])
    seen = trio.get(f"/api/tables/{table_id}/replay?move=2&seat=1", "cleo")
    assert seen.status_code == 200 and seen.json["seat"] == 1 and seen.json["data"]["my_charm"] == "ruby"
    assert trio.get(f"/api/tables/{table_id}/replay?seat=5", "cleo").status_code == 404  # no such seat


def test_an_undo_after_another_players_move_is_refused_and_his_point_and_log_line_stay(trio):
    """Anna plays, Ben cheers out of turn (+1), Anna asks to undo: 422 with the reason, nothing undone."""
    table_id = trio.new_table("anna", joiners=["ben"], players=2)
    for name in ("anna", "ben"):
        trio.act(table_id, name, "pickCharm", charm="jade")
    card = trio.view(table_id, "anna")["state"]["args"]["playable"][0]
    assert trio.act(table_id, "anna", "playCard", card=card).status_code == 200
    assert trio.act(table_id, "ben", "cheer").status_code == 200
    assert "undo" not in trio.view(table_id, "anna")["state"]["possible_actions"]
    refused = trio.act(table_id, "anna", "undo")
    assert refused.status_code == 422
    assert refused.json["error"]["message"] == "You can no longer undo: ben has played since."
    view = trio.view(table_id, "anna")
    assert [p["score"] for p in view["table"]["players"]] == [int(card[0]), 1] and card in view["data"]["pile"]
    logs = [n["log"] for n in trio.get(f"/api/tables/{table_id}/notifications", "anna").json["notifications"]]
    assert logs[-2:] == ["${player_name} plays ${card}", "${player_name} cheers"]
