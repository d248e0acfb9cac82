"""Zhubu Shengji through the HTTP API: whole games by two users, and by a user against a bot."""
import pytest

from tests.http_play import game_app, play_over_http


@pytest.fixture
def zhubu(tmp_path):
    return game_app(tmp_path, "zhubu_shengji", [])


@pytest.mark.slow
@pytest.mark.parametrize("bidding", [False, True], ids=["base", "bidding"])
def test_two_users_play_a_whole_game(zhubu, bidding):
    app, api = zhubu
    api.register("anna")
    api.register("ben")
    table_id = api.new_table("anna", game="zhubu_shengji", joiners=["ben"], options={"bidding": bidding},
                             seed=f"zhubu-http-{bidding}")
    final = play_over_http(app, api, table_id, ["anna", "ben"], seed="zh")
    scores = [p["score"] for p in final["table"]["players"]]
    assert final["state"]["name"] == "gameEnd" and scores[0] != scores[1]
    # Game end (D14): the target, or 12 hands played.
    assert final["data"]["target"] == (1000 if bidding else 800)
    assert max(scores) >= final["data"]["target"] or final["data"]["hand_number"] >= 12
    log = api.get(f"/api/tables/{table_id}/log", "ben").json["moves"]
    assert len(log) == final["table"]["move"]


def test_a_user_against_a_bot(zhubu):
    app, api = zhubu
    api.register("anna")
    table_id = api.new_table("anna", game="zhubu_shengji", seed="zhubu-bot")
    started = api.post(f"/api/tables/{table_id}/bots", "anna", json={"count": 1, "level": "heuristic"}).json
    assert started["status"] == "playing" and started["players"][1]["is_bot"]
    final = play_over_http(app, api, table_id, ["anna"], seed="zb")
    assert final["state"]["name"] == "gameEnd"


def test_fixed_deal_scenario_over_http(zhubu):
    """The fixed-deal format of RULES.md: the hands are as given; the wilds are public."""
    app, api = zhubu
    api.register("anna")
    api.register("ben")
    naturals = [f"{rank}{suit}" for suit in "CDHS" for rank in ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]]
    deal = {"hands": [naturals[:14], naturals[14:28]], "undealt": naturals[28:], "dealer": 1}
    table_id = api.new_table("anna", game="zhubu_shengji", joiners=["ben"], options={"deal": deal})
    anna = api.view(table_id, "anna")
    assert set(naturals[:14]) <= set(anna["data"]["hand"])
    assert not set(naturals[14:]) & set(str(anna))  # Ben's hand and the undealt cards stay hidden
    bad = api.post("/api/tables", "anna", json={"game": "zhubu_shengji", "options": {"deal": {"hands": []}}})
    assert bad.status_code == 400 and "deal" in bad.json["error"]["message"]
