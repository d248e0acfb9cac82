"""Summon the Dragon through the HTTP API: four users, a user with three bots, a fixed deal."""
import pytest

from games.summon_dragon.cards import DECK
from tests.http_play import game_app, play_over_http

NAMES = ["anna", "ben", "cleo", "dan"]


@pytest.fixture
def summon(tmp_path):
    return game_app(tmp_path, "summon_dragon", NAMES)


def test_four_users_play_a_whole_game(summon):
    app, api = summon
    table_id = api.new_table("anna", game="summon_dragon", joiners=NAMES[1:], options={"target": 150},
                             seed="summon-http")
    final = play_over_http(app, api, table_id, NAMES, seed="sd", heuristic=True, max_requests=4000)
    scores = [p["score"] for p in final["table"]["players"]]
    assert final["state"]["name"] == "gameEnd"
    # Partners (seats 0+2, 1+3) share their team's score; the winners reached the target.
    assert scores[0] == scores[2] and scores[1] == scores[3] and max(scores) >= 150 and scores[0] != scores[1]


def test_a_user_and_three_bots_play_to_500(summon):
    app, api = summon
    table_id = api.new_table("anna", game="summon_dragon", seed="summon-bots")
    api.post(f"/api/tables/{table_id}/bots", "anna", json={"count": 3, "level": "heuristic"})
    final = play_over_http(app, api, table_id, ["anna"], seed="sb", heuristic=True, max_requests=4000)
    scores = [p["score"] for p in final["table"]["players"]]
    assert final["state"]["name"] == "gameEnd" and max(scores) >= 500


def test_fixed_deal_over_http_hides_the_kitty(summon):
    _, api = summon
    deck = list(DECK)
    deal = {"hands": [deck[0:12], deck[12:24], deck[24:36], deck[36:48]], "kitty": deck[48:53], "dealer": 3}
    table_id = api.new_table("anna", game="summon_dragon", joiners=NAMES[1:], options={"deal": deal})
    view = api.view(table_id, "anna")
    assert sorted(view["data"]["hand"]) == sorted(deck[0:12])
    assert view["state"]["name"] == "bidding" and view["state"]["active_players"] == [api.ids["anna"]]
    for name in NAMES:
        seen = str(api.view(table_id, name)) + str(api.get(f"/api/tables/{table_id}/notifications", name).json)
        assert not any(f"'{card}'" in seen for card in deck[48:53])
    short = api.post("/api/tables", "anna", json={"game": "summon_dragon", "options": {"deal": {"hands": [[]]}}})
    assert short.status_code == 400 and short.json["error"]["message"].startswith("options.deal")
