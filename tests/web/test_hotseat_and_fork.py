"""Development mode: one browser acting for every seat (hotseat), and forking a table at move n."""
from tests.conftest import Api, make_app


def test_hotseat_creator_acts_and_looks_for_every_seat(api):
    api.register("dana")
    created = api.post("/api/tables", "dana", json={"game": "climb", "players": 3, "hotseat": True}).json
    assert created["status"] == "playing" and [p["name"] for p in created["players"]] == ["dana", "dana #2", "dana #3"]
    table_id, others = created["id"], [p["id"] for p in created["players"][1:]]
    for player in others:
        response = api.post(f"/api/tables/{table_id}/actions/pickCharm?as={player}", "dana", json={"charm": "jade"})
        assert response.status_code == 200
    as_second = api.get(f"/api/tables/{table_id}?as={others[0]}", "dana").json
    assert as_second["you"] == others[0] and as_second["hotseat"] is True
    assert as_second["data"]["my_charm"] == "jade" and as_second["state"]["possible_actions"] == ["cheer"]
    assert api.view(table_id, "dana")["state"]["possible_actions"] == ["pickCharm", "cheer"]


def test_only_the_creator_of_a_hotseat_table_may_act_for_others(api):
    api.register("dana")
    api.register("ben")
    created = api.post("/api/tables", "dana", json={"game": "climb", "players": 2, "hotseat": True}).json
    stand_in = created["players"][1]["id"]
    response = api.post(f"/api/tables/{created['id']}/actions/pickCharm?as={stand_in}", "ben", json={"charm": "jade"})
    assert response.status_code == 403
    normal = api.new_table("dana", joiners=["ben"], players=2)
    response = api.post(f"/api/tables/{normal}/actions/pickCharm?as={api.ids['ben']}", "dana", json={"charm": "x1x"})
    assert response.status_code == 403 and "hotseat" in response.json["error"]["message"]


def test_hotseat_and_fork_are_refused_in_production(tmp_path):
    api = Api(make_app(f"sqlite:///{tmp_path / 'prod.sqlite'}", TESTING=False).test_client())
    api.register("dana")
    api.register("ben")
    assert api.post("/api/tables", "dana", json={"game": "climb", "hotseat": True}).status_code == 403
    table_id = api.new_table("dana", joiners=["ben"], players=2)
    assert api.post(f"/api/tables/{table_id}/fork", "dana", json={"move": 0}).status_code == 403


def test_fork_replays_to_move_n_as_a_hotseat_table(api):
    api.register("anna")
    api.register("ben")
    table_id = api.new_table("anna", joiners=["ben"], players=2, seed="fork")
    api.act(table_id, "anna", "pickCharm", charm="amber")
    api.act(table_id, "ben", "pickCharm", charm="ruby")
    view = api.view(table_id, "anna")
    api.act(table_id, "anna", "playCard", card=view["state"]["args"]["playable"][0])
    forked = api.post(f"/api/tables/{table_id}/fork", "ben", json={"move": 2})
    assert forked.status_code == 201 and forked.json["move"] == 2 and forked.json["id"] != table_id
    fork_id, seats = forked.json["id"], forked.json["players"]
    assert [p["name"] for p in seats] == ["ben", "ben #2"]  # seat 0 is anna's seat, played by ben
    as_first = api.get(f"/api/tables/{fork_id}?as={seats[0]['id']}", "ben").json
    assert as_first["state"]["name"] == "playerTurn" and as_first["data"]["my_charm"] == "amber"
    assert as_first["data"]["hand"] == view["data"]["hand"]  # anna's hand at move 2
    other_card = as_first["state"]["args"]["playable"][-1]
    played = api.post(f"/api/tables/{fork_id}/actions/playCard?as={seats[0]['id']}", "ben", json={"card": other_card})
    assert played.status_code == 200
    assert api.view(table_id, "anna")["table"]["move"] == 3  # the original is untouched
    assert api.post(f"/api/tables/{table_id}/fork", "ben", json={"move": 9}).status_code == 404  # no such move


def test_a_fork_seats_none_of_the_original_players_and_its_maker_plays_every_seat(api):
    """Forking does not sit anna down at a table she never chose; ben, who forked, plays
    every seat of it to the end, and anna sees it as any stranger would."""
    for name in ("anna", "ben", "cleo"):
        api.register(name)
    table_id = api.new_table("anna", joiners=["ben", "cleo"], players=3, seed="fork-seats")
    for name in ("anna", "ben", "cleo"):
        api.act(table_id, name, "pickCharm", charm="jade")
    fork_id = api.post(f"/api/tables/{table_id}/fork", "ben", json={"move": 3}).json["id"]
    originals = {api.ids["anna"], api.ids["cleo"]}
    for name in ("anna", "cleo"):
        assert fork_id not in [t["id"] for t in api.get("/api/me/tables", name).json["tables"]]
        seen = api.view(fork_id, name)
        assert "you" not in seen and not originals & {p["id"] for p in seen["table"]["players"]}
        assert api.act(fork_id, name, "playCard", card="1a").status_code == 403
    while (view := api.view(fork_id, "ben"))["table"]["status"] != "finished":
        player = view["state"]["active_players"][0]
        mine = api.get(f"/api/tables/{fork_id}?as={player}", "ben").json
        action, args = ("playCard", {"card": mine["state"]["args"]["playable"][0]}) \
            if mine["state"]["name"] == "playerTurn" else ("confirm", {})
        answer = api.post(f"/api/tables/{fork_id}/actions/{action}?as={player}", "ben", json=args)
        assert answer.status_code == 200, answer.json
    movers = {m["player"] for m in api.get(f"/api/tables/{fork_id}/log", "ben").json["moves"]}
    assert movers == {p["id"] for p in view["table"]["players"]} and not movers & originals


def test_notifications_follow_the_hotseat_seat(api):
    api.register("dana")
    created = api.post("/api/tables", "dana", json={"game": "climb", "players": 2, "hotseat": True}).json
    stand_in = created["players"][1]["id"]
    api.post(f"/api/tables/{created['id']}/actions/pickCharm?as={stand_in}", "dana", json={"charm": "jade"})
    theirs = api.get(f"/api/tables/{created['id']}/notifications?as={stand_in}&after=0", "dana")
    assert theirs.status_code == 200 and "jade" in str(theirs.json)
    assert "jade" not in str(api.get(f"/api/tables/{created['id']}/notifications?after=0", "dana").json)


def test_a_log_the_rules_no_longer_replay_is_a_conflict_not_a_server_error(app, api):
    """A stored move today's rules refuse (a rule changed without a version bump): replaying or
    forking that table answers 409 naming the move, and nothing is created."""
    from framework.store import MoveRecord, db

    api.register("anna")
    api.register("ben")
    table_id = api.new_table("anna", joiners=["ben"], players=2)
    assert api.act(table_id, "anna", "pickCharm", charm="jade").status_code == 200
    with app.app_context():
        logged = db.session.query(MoveRecord).filter_by(table_id=table_id, number=1).one()
        logged.args = {"charm": "no"}  # too short: refused by the schema today
        db.session.commit()
    answer = api.get(f"/api/tables/{table_id}/replay?move=1", "anna")
    assert answer.status_code == 409 and answer.json["error"]["code"] == "replay_refused"
    assert "move 1 (pickCharm by" in answer.json["error"]["message"]
    forked = api.post(f"/api/tables/{table_id}/fork", "anna", json={"move": 1})
    assert forked.status_code == 409 and api.get("/api/me/tables", "anna").json["tables"][0]["id"] == table_id
    assert len(api.get("/api/me/tables", "anna").json["tables"]) == 1
