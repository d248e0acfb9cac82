"""Bots as seats, zombies for players who leave, and taking the seat back."""
from sqlalchemy import select

from framework.store import Move, db


def poll_until(api, table_id, who, done, rounds=100):
    """What a waiting browser does: look again (each look lets bots play a bounded while)."""
    for _ in range(rounds):
        view = api.view(table_id, who)
        if done(view):
            return view
    raise AssertionError("the bots never got there")


def finish_by_polling(api, table_id, who, rounds=100):
    """What a waiting browser does: look again until the bots and zombies are done."""
    for _ in range(rounds):
        view = api.view(table_id, who)
        if view["table"]["status"] == "finished":
            return view
    raise AssertionError("the bots did not finish the game")


def actors(app, table_id):
    with app.app_context():
        return [m.actor for m in db.session.scalars(select(Move).where(Move.table_id == table_id)
                                                    .order_by(Move.number))]


def test_bots_fill_seats_start_the_table_and_answer_at_once(app, api):
    api.register("anna")
    table_id = api.new_table("anna", players=3)
    response = api.post(f"/api/tables/{table_id}/bots", "anna", json={"count": 2, "level": "random"})
    assert response.status_code == 200 and response.json["status"] == "playing"
    players = response.json["players"]
    assert [p["is_bot"] for p in players] == [False, True, True]
    anna = [api.ids["anna"]]
    # The two bots pick their charms by themselves: only Anna is left to pick.
    poll_until(api, table_id, "anna", lambda v: v["state"]["active_players"] == anna)
    api.act(table_id, "anna", "pickCharm", charm="amber")
    view = api.view(table_id, "anna")
    assert view["state"]["name"] == "playerTurn" and view["state"]["active_players"] == anna
    api.act(table_id, "anna", "playCard", card=view["state"]["args"]["playable"][0])
    api.act(table_id, "anna", "confirm")
    # Both bots take their turns with nobody clicking; then it is Anna's turn again.
    view = poll_until(api, table_id, "anna", lambda v: v["state"]["active_players"] == anna)
    assert len(view["data"]["pile"]) == 3
    assert actors(app, table_id)[:2] == ["bot", "bot"] and actors(app, table_id).count("player") == 3


def test_only_the_creator_adds_bots_and_only_into_free_seats(api):
    api.register("anna")
    api.register("ben")
    table_id = api.new_table("anna", players=2)
    assert api.post(f"/api/tables/{table_id}/bots", "ben", json={"count": 1}).status_code == 403
    too_many = api.post(f"/api/tables/{table_id}/bots", "anna", json={"count": 2})
    assert too_many.status_code == 400 and too_many.json["error"]["message"] == "Only 1 seat(s) are free for bots."
    assert api.post(f"/api/tables/{table_id}/bots", "anna", json={"count": 1, "level": "genius"}).status_code == 400


def test_bots_cannot_log_in(api):
    api.register("anna")
    table_id = api.new_table("anna", players=2)
    api.post(f"/api/tables/{table_id}/bots", "anna", json={"count": 1})
    for password in ("!!!!!!", "secret-pass"):  # no password opens a bot's account
        login = api.post("/api/login", json={"name": "Heuristic bot 1", "password": password})
        assert login.status_code == 401 and login.json["error"]["code"] == "bad_credentials"


def test_a_player_who_leaves_is_played_by_the_zombie_to_the_end(app, api):
    api.register("anna")
    table_id = api.new_table("anna", players=4)
    api.post(f"/api/tables/{table_id}/bots", "anna", json={"count": 3})
    assert api.post(f"/api/tables/{table_id}/leave", "anna").status_code == 200
    view = api.view(table_id, "anna")
    assert view["you_are_zombie"] is True and view["table"]["players"][0]["zombie"] is True
    final = finish_by_polling(api, table_id, "anna")
    assert final["state"]["name"] == "gameEnd"
    assert {"zombie", "bot"} <= set(actors(app, table_id))
    logs = [n["type"] for n in api.get(f"/api/tables/{table_id}/notifications", "anna").json["notifications"]]
    assert "zombie" in logs


def test_taking_the_seat_back(api):
    api.register("anna")
    api.register("ben")
    table_id = api.new_table("anna", joiners=["ben"], players=2)
    api.post(f"/api/tables/{table_id}/leave", "ben")
    # Ben's zombie picked his charm; Anna is the one to act now.
    assert api.view(table_id, "anna")["state"]["active_players"] == [api.ids["anna"]]
    assert api.post(f"/api/tables/{table_id}/return", "ben").status_code == 200
    view = api.view(table_id, "ben")
    assert view["you_are_zombie"] is False and view["table"]["players"][1]["zombie"] is False
    types = [n["type"] for n in api.get(f"/api/tables/{table_id}/notifications", "anna").json["notifications"]]
    assert types.count("zombie") == 1 and types[-1] == "zombieBack"
    assert api.post(f"/api/tables/{table_id}/return", "ben").status_code == 409


def test_moves_by_bots_and_zombies_replay_like_any_other(api):
    from framework.engine import replay
    from tests.sample_game import Climb

    api.register("anna")
    table_id = api.new_table("anna", players=3)
    api.post(f"/api/tables/{table_id}/bots", "anna", json={"count": 2})
    api.post(f"/api/tables/{table_id}/leave", "anna")
    finish_by_polling(api, table_id, "anna")
    exported = api.get(f"/api/tables/{table_id}/export", "anna").json
    again = replay(Climb, exported["players"], exported["options"], exported["seed"], exported["moves"])
    assert again.state_hash() == exported["state_hash"]
