"""Dragon and Phoenix through the HTTP API: whole games, and an out-of-turn bomb from a fixed deal."""
import pytest

from tests.http_play import game_app, play_over_http

from .helpers import complete, deal_and_passes

NAMES = ["anna", "ben", "cleo", "dan"]


@pytest.fixture
def dp(tmp_path):
    return game_app(tmp_path, "dragon_phoenix", NAMES)


@pytest.mark.slow
def test_four_users_play_a_whole_game(dp):
    app, api = dp
    table_id = api.new_table("anna", game="dragon_phoenix", joiners=NAMES[1:], options={"target": 500},
                             seed="dp-http")
    final = play_over_http(app, api, table_id, NAMES, seed="dp", heuristic=True, max_requests=6000)
    scores = [p["score"] for p in final["table"]["players"]]
    assert final["state"]["name"] == "gameEnd"
    # Rule 21: partners share a total; the game ends with a team at or over the target and ahead.
    assert scores[0] == scores[2] and scores[1] == scores[3] and max(scores) >= 500 and scores[0] != scores[1]


@pytest.mark.slow
def test_a_user_and_three_bots_play_to_1000(dp):
    app, api = dp
    table_id = api.new_table("anna", game="dragon_phoenix", seed="dp-bots")
    api.post(f"/api/tables/{table_id}/bots", "anna", json={"count": 3, "level": "heuristic"})
    final = play_over_http(app, api, table_id, ["anna"], seed="db", heuristic=True, max_requests=6000)
    assert final["state"]["name"] == "gameEnd" and max(p["score"] for p in final["table"]["players"]) >= 1000


def test_out_of_turn_bomb_over_http(dp):
    """D8: a waiting player may bomb whenever a combination lies on the table; play
    goes on to the bomber's left. Only bombs may be played out of turn."""
    _, api = dp
    hands = complete(["herald", "3C"], [], ["9C", "9D", "9H", "9S"], [])
    deal, passes = deal_and_passes(hands)
    table_id = api.new_table("anna", game="dragon_phoenix", joiners=NAMES[1:], options={"deal": deal})
    for name in NAMES:
        assert api.act(table_id, name, "highFlight", call=False).status_code == 200
    for seat, name in enumerate(NAMES):
        assert api.act(table_id, name, "passCards", **list(passes.values())[seat]).status_code == 200
    assert api.view(table_id, "anna")["state"]["active_players"] == [api.ids["anna"]]
    assert api.act(table_id, "anna", "playCards", cards=["3C"]).status_code == 200
    not_a_bomb = api.act(table_id, "dan", "playCards", cards=[api.view(table_id, "dan")["data"]["hand"][-1]])
    assert not_a_bomb.status_code == 422 and not_a_bomb.json["error"]["message"]
    bomb = api.act(table_id, "cleo", "playCards", cards=["9C", "9D", "9H", "9S"])
    assert bomb.status_code == 200, bomb.json
    assert api.view(table_id, "ben")["state"]["active_players"] == [api.ids["dan"]]
    assert any(n["type"] == "playCards" and n["args"].get("player_id") == api.ids["cleo"]
               for n in api.get(f"/api/tables/{table_id}/notifications", "ben").json["notifications"])
