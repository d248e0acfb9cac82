"""Bots as seats, zombies for players who leave, and taking the seat back."""
from sqlalchemy import select

from framework.store import MoveRecord, db


def poll_until(api, table_id, who, done, rounds=100):
    """What a waiting browser does: look again, and while the view says bot or zombie turns are
    pending, have them played (each `continue` plays a bounded while)."""
    for _ in range(rounds):
        view = api.view(table_id, who)
        if done(view):
            return view
        if view["automatic_pending"]:
            assert api.post(f"/api/tables/{table_id}/continue", who).status_code in (200, 409)
    raise AssertionError("the bots never got there")


def finish_by_polling(api, table_id, who, rounds=100):
    """What a waiting browser does: look again (and continue) until the bots and zombies are done."""
    try:
        return poll_until(api, table_id, who, lambda view: view["table"]["status"] == "finished", rounds)
    except AssertionError:
        raise AssertionError("the bots did not finish the game") from None


def actors(app, table_id):
    with app.app_context():
        return [m.actor for m in db.session.scalars(select(MoveRecord).where(MoveRecord.table_id == table_id)
                                                    .order_by(MoveRecord.number))]


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
    assert too_many.status_code == 409 and too_many.json["error"]["message"] == "Only 1 seat(s) are free for bots."
    assert api.post(f"/api/tables/{table_id}/bots", "anna", json={"count": 1, "level": "genius"}).status_code == 400


def test_bots_cannot_log_in(api):
    api.register("anna")
    table_id = api.new_table("anna", players=2)
    api.post(f"/api/tables/{table_id}/bots", "anna", json={"count": 1})
    for password in ("!!!!!!", "secret-pass"):  # no password opens a bot's account
        login = api.post("/api/login", json={"name": "Heuristic bot 1", "password": password})
        assert login.status_code == 401 and login.json["error"]["code"] == "bad_credentials"


def test_when_the_last_person_leaves_a_table_of_bots_it_ends_as_abandoned(app, api):
    """Bots alone would play on (and the tick for them) however long the game: the table ends, unfinished,
    its log kept and replayable, and shown as abandoned."""
    api.register("anna")
    table_id = api.new_table("anna", players=4)
    api.post(f"/api/tables/{table_id}/bots", "anna", json={"count": 3})
    moves_before = len(actors(app, table_id))
    assert api.post(f"/api/tables/{table_id}/leave", "anna").status_code == 200
    assert app.test_cli_runner().invoke(args=["tick"]).exit_code == 0
    view = api.view(table_id, "anna")
    assert view["table"]["status"] == "abandoned" and not view["automatic_pending"]
    assert len(actors(app, table_id)) == moves_before  # the bots did not play on
    logs = [n["log"] for n in api.get(f"/api/tables/{table_id}/notifications", "anna").json["notifications"]]
    assert any("abandoned" in line for line in logs)
    assert api.get(f"/api/tables/{table_id}/replay?move=1", "anna").status_code == 200
    refused = api.post(f"/api/tables/{table_id}/continue", "anna")
    assert refused.status_code == 409
    mine = [t for t in api.get("/api/me/tables", "anna").json["tables"] if t["id"] == table_id]
    assert mine and mine[0]["status"] == "abandoned"


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


def test_moves_by_bots_and_zombies_replay_like_any_other(app, api):
    from framework.engine import replay
    from tests.http_play import play_over_http
    from tests.sample_game import Climb

    api.register("anna")
    api.register("ben")
    table_id = api.new_table("anna", joiners=["ben"], players=3)
    api.post(f"/api/tables/{table_id}/bots", "anna", json={"count": 1})
    api.post(f"/api/tables/{table_id}/leave", "ben")
    play_over_http(app, api, table_id, ["anna"])
    assert {"zombie", "bot"} <= set(actors(app, table_id))
    exported = api.get(f"/api/tables/{table_id}/export", "anna").json
    again = replay(Climb, exported["players"], exported["options"], exported["seed"], exported["moves"])
    assert again.state_hash() == exported["state_hash"]


def test_looking_at_a_table_never_plays_a_move(app, api, monkeypatch):
    from framework.store import moves

    api.register("anna")
    table_id = api.new_table("anna", players=3)
    # No request plays a bot turn of its own (a budget of 0 s): only `continue` will, below.
    monkeypatch.setattr(moves.play_automatic, "__defaults__", (0.0, 5000, None))
    api.post(f"/api/tables/{table_id}/bots", "anna", json={"count": 2})
    first = api.view(table_id, "anna")
    assert first["automatic_pending"] is True and first["table"]["move"] == 0
    for _ in range(3):
        view = api.view(table_id, "anna")
        assert view["table"]["move"] == 0 and view["automatic_pending"] is True
        api.get(f"/api/tables/{table_id}/notifications", "anna")
    assert actors(app, table_id) == []
    monkeypatch.undo()
    answer = api.post(f"/api/tables/{table_id}/continue", "anna")
    assert answer.status_code == 200
    assert answer.json == {"played": 2, "automatic_pending": False, "runner_pending": False}
    assert actors(app, table_id) == ["bot", "bot"]
    view = api.view(table_id, "anna")
    assert view["automatic_pending"] is False and view["state"]["active_players"] == [api.ids["anna"]]


def test_continue_needs_a_seat_or_the_table_and_pending_turns(api):
    for name in ("anna", "ben", "eve"):
        api.register(name)
    table_id = api.new_table("anna", joiners=["ben"], players=2)
    url = f"/api/tables/{table_id}/continue"
    assert api.post(url).status_code == 401
    assert api.post(url, "eve").status_code == 403
    refused = api.post(url, "anna")
    assert refused.status_code == 409 and refused.json["error"]["code"] == "nothing_pending"
    assert api.post("/api/tables/999/continue", "anna").status_code == 404
    # Ben leaves: his zombie answers Anna's move at once, so nothing is pending after it either.
    api.post(f"/api/tables/{table_id}/leave", "ben")
    answer = api.act(table_id, "anna", "pickCharm", charm="amber")
    assert answer.status_code == 200 and answer.json["automatic_pending"] is False
    assert api.post(url, "ben").status_code == 409


def test_the_answer_to_a_move_carries_the_new_view_and_what_led_to_it(api):
    api.register("anna")
    api.register("ben")
    table_id = api.new_table("anna", joiners=["ben"], players=2)
    before = api.view(table_id, "anna")
    plain = api.act(table_id, "anna", "pickCharm", charm="amber", move=before["table"]["move"]).json
    assert set(plain) == {"move", "notifications", "automatic_pending"}  # no view unless asked for
    table_id = api.new_table("anna", joiners=["ben"], players=2)
    before = api.view(table_id, "anna")
    answer = api.act(table_id, "anna", "pickCharm", charm="amber", move=before["table"]["move"], answer_view=True).json
    assert answer["move"] == before["table"]["move"] + 1 and answer["automatic_pending"] is False
    assert answer["catch_up"]["after"] == before["last_notification"]
    assert answer["catch_up"]["notifications"] == answer["notifications"] != []
    after = api.view(table_id, "anna")
    assert answer["view"] == after
    assert answer["view"]["last_notification"] == answer["catch_up"]["notifications"][-1]["seq"]
    polled = api.get(f"/api/tables/{table_id}/notifications?after={before['last_notification']}", "anna").json
    assert polled["notifications"] == answer["catch_up"]["notifications"]
    # Ben's answer holds what Ben may see: Anna's public notifications, not her private ones.
    ben_before = api.view(table_id, "ben")
    ben = api.act(table_id, "ben", "pickCharm", charm="ruby", answer_view=True).json
    seen = [n["type"] for n in ben["catch_up"]["notifications"]]
    assert "charmPicked" in seen and "amber" not in str(ben["catch_up"])
    assert ben["view"]["you"] == api.ids["ben"] and ben["view"]["table"]["move"] == ben_before["table"]["move"] + 1


def test_bot_moves_after_a_move_are_in_its_answer(api):
    api.register("anna")
    table_id = api.new_table("anna", players=3)
    api.post(f"/api/tables/{table_id}/bots", "anna", json={"count": 2})
    view = poll_until(api, table_id, "anna", lambda v: v["state"]["active_players"] == [api.ids["anna"]])
    answer = api.act(table_id, "anna", "pickCharm", charm="amber", move=view["table"]["move"], answer_view=True).json
    if not answer["automatic_pending"]:  # the bots answered within the request's budget
        assert answer["view"]["table"]["move"] >= answer["move"]
        seqs = [n["seq"] for n in answer["catch_up"]["notifications"]]
        assert seqs == sorted(seqs) and seqs[-1] == answer["view"]["last_notification"]
