"""Scores, the tie-breaker, places, statistics and progression over HTTP.

Seed "tie-7" with one card each deals Anna a 5 and Ben a 6: Anna cheers once, so both score 6,
and Ben's higher card (score_aux, Climb's tie-breaker) puts him first although Anna sits first.
"""
import pytest

TIE = {"players": 2, "seed": "tie-7", "options": {"hand_size": 1}}


@pytest.fixture
def duo(api):
    for name in ("anna", "ben", "eve"):
        api.register(name)
    return api


def start_tie(api) -> int:
    table_id = api.new_table("anna", joiners=["ben"], **TIE)
    for name in ("anna", "ben"):
        assert api.act(table_id, name, "pickCharm", charm="ruby").status_code == 200
    assert api.view(table_id, "anna")["data"]["hand"] == ["5a"] and api.view(table_id, "ben")["data"]["hand"] == ["6b"]
    assert api.act(table_id, "anna", "cheer").status_code == 200
    return table_id


def finish(api, table_id: int) -> None:
    for name, card in (("anna", "5a"), ("ben", "6b")):
        assert api.act(table_id, name, "playCard", card=card).status_code == 200
        assert api.act(table_id, name, "confirm").status_code == 200


def places(players) -> list[tuple]:
    return [(p["name"], p["score"], p["score_aux"], p["rank"]) for p in players]


def test_an_equal_score_is_ranked_by_score_aux_in_the_view_my_tables_the_replay_and_the_export(duo):
    table_id = start_tie(duo)
    finish(duo, table_id)
    expected = [("anna", 6, 5, 2), ("ben", 6, 6, 1)]    # seat order, Ben first by the tie-breaker
    assert places(duo.view(table_id, "eve")["table"]["players"]) == expected
    mine = next(t for t in duo.get("/api/me/tables", "anna").json["tables"] if t["id"] == table_id)
    assert places(mine["players"]) == expected
    replayed = duo.get(f"/api/tables/{table_id}/replay?seat=0", "eve").json
    assert places(replayed["table"]["players"]) == expected
    exported = duo.get(f"/api/tables/{table_id}/export", "eve").json
    assert [(p["name"], p["rank"], p["score"], p["score_aux"]) for p in exported["ranking"]] == [
        ("ben", 1, 6, 6), ("anna", 2, 6, 5)]
    climb = next(g for g in duo.get("/api/games").json["games"] if g["name"] == "climb")
    assert climb["tie_breaker"] == "The highest card played"


def test_places_show_during_play_and_are_null_before_the_start(duo):
    waiting = duo.new_table("anna", players=2)
    assert duo.view(waiting, "anna")["table"]["players"][0]["rank"] is None
    table_id = start_tie(duo)
    assert places(duo.view(table_id, "ben")["table"]["players"]) == [("anna", 1, 0, 1), ("ben", 0, 0, 2)]


def test_statistics_are_for_nobody_until_the_end_then_for_everyone_who_sees_the_table(duo):
    table_id = start_tie(duo)
    for name in ("anna", "ben", "eve"):
        assert duo.view(table_id, name)["statistics"] is None
    assert duo.get(f"/api/tables/{table_id}/replay", "anna").json["statistics"] is None
    finish(duo, table_id)
    shown = {name: duo.view(table_id, name)["statistics"] for name in ("anna", "ben", "eve")}
    ids = {str(duo.ids[n]): n for n in ("anna", "ben")}
    assert shown["anna"] == shown["ben"] == shown["eve"]
    assert shown["eve"]["table"] == [{"name": "turns", "label": "Turns", "type": "int", "value": 2}]
    [cheers] = shown["eve"]["player"]
    assert cheers["label"] == "Cheers" and {ids[k]: v for k, v in cheers["values"].items()} == {"anna": 1, "ben": 0}


def test_the_replay_shows_the_statistics_as_they_stood_at_that_move(duo):
    table_id = start_tie(duo)
    finish(duo, table_id)
    turns = [duo.get(f"/api/tables/{table_id}/replay?move={move}&seat=1", "eve").json["statistics"]["table"][0]["value"]
             for move in (3, 5, 7)]   # before any turn ended, after Anna's, after Ben's
    assert turns == [0, 1, 2]


def test_a_limited_statistic_reaches_no_answer(duo):
    """Climb's "points dealt" (what each hand held) is for the designer: no view, replay or export shows it."""
    table_id = start_tie(duo)
    finish(duo, table_id)
    for path in ("", "/replay?move=1&seat=0", "/replay?seat=1", "/export"):
        text = duo.get(f"/api/tables/{table_id}{path}", "eve").get_data(as_text=True)
        assert "points_dealt" not in text and "Points dealt" not in text, path


def test_progression_is_in_the_view_during_play(duo):
    table_id = start_tie(duo)
    assert duo.view(table_id, "eve")["progression"] == 0
    assert duo.act(table_id, "anna", "playCard", card="5a").status_code == 200
    assert duo.act(table_id, "anna", "confirm").status_code == 200
    assert duo.view(table_id, "eve")["progression"] == 50
