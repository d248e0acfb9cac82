"""`GET /api/tables/<id>/legal-actions`: what the generic renderer builds its forms from, and the
development flag of `GET /api/games` that makes the lobby offer hotseat tables."""
from framework.engine import ACTIVE_PLAYER, Game, State, Table, action
from framework.web import legal as legal_module
from framework.web.legal import MAX_PAGE, MAX_VALUES, lists_moves, summarise
from tests.conftest import Api, make_app


def test_each_field_lists_the_values_its_moves_take_once_in_order_met():
    moves = [("discard", {"cards": ["3C", "4D"], "note": {"x": 1}}), ("discard", {"cards": ["4D", "5H"]}),
             ("pass", {}), ("bid", {"tricks": 7, "suit": "earth"}), ("bid", {"tricks": 8, "suit": "earth"})]
    assert summarise(moves, {"3C", "4D", "5H", "earth"}) == {
        "discard": {"count": 2, "arguments": {"cards": ["3C", "4D", "5H"], "note": []}, "truncated": False},
        "pass": {"count": 1, "arguments": {}, "truncated": False},
        "bid": {"count": 2, "arguments": {"tricks": [7, 8], "suit": ["earth"]}, "truncated": False}}


def test_a_word_the_players_view_does_not_show_is_not_listed():
    """Climb's bots pick a charm from four words that are other players' secrets: the answer names none of them
    unless the player's view does (their own charm, once picked)."""
    moves = [("pickCharm", {"charm": charm}) for charm in ("amber", "cobalt", "jade", "ruby")]
    assert summarise(moves, {"jade"})["pickCharm"] == {"count": 4, "arguments": {"charm": ["jade"]}, "truncated": False}


def test_a_long_list_of_values_is_cut_and_says_so():
    summary = summarise([("pick", {"n": n}) for n in range(MAX_VALUES + 5)], set())["pick"]
    assert summary["count"] == MAX_VALUES + 5 and summary["arguments"]["n"] == list(range(MAX_VALUES))
    assert summary["truncated"] is True


def test_the_player_to_move_gets_their_moves_others_their_out_of_turn_ones_spectators_none(api):
    for name in ("anna", "ben", "eve"):
        api.register(name)
    table_id = api.new_table("anna", players=2, options={"hand_size": 2})
    legal = lambda name: api.get(f"/api/tables/{table_id}/legal-actions", name).json  # noqa: E731
    assert legal("anna") == {"move": 0, "listed": True, "actions": {}, "count": 0}    # waiting for ben: nothing yet
    assert api.post(f"/api/tables/{table_id}/join", "ben").status_code == 200
    assert legal("anna")["actions"]["pickCharm"] == {"count": 4, "arguments": {"charm": []}, "truncated": False}
    for name in ("anna", "ben"):
        assert api.act(table_id, name, "pickCharm", charm="jade").status_code == 200
    playable = api.view(table_id, "anna")["state"]["args"]["playable"]
    assert legal("anna") == {"move": 2, "listed": True, "count": len(playable) + 1, "actions": {
        "playCard": {"count": len(playable), "arguments": {"card": playable}, "truncated": False},
        "cheer": {"count": 1, "arguments": {}, "truncated": False}}}
    assert list(legal("ben")["actions"]) == ["cheer"]
    assert legal("eve")["actions"] == {}
    assert api.get(f"/api/tables/{table_id}/legal-actions").status_code == 401
    assert api.get("/api/tables/999/legal-actions", "anna").status_code == 404


def test_a_hotseat_creator_gets_the_seat_they_act_as(api):
    api.register("dana")
    created = api.post("/api/tables", "dana", json={"game": "climb", "players": 2, "hotseat": True}).json
    stand_in = created["players"][1]["id"]
    assert api.act(created["id"], "dana", "pickCharm", charm="jade").status_code == 200
    mine = api.get(f"/api/tables/{created['id']}/legal-actions", "dana").json["actions"]
    theirs = api.get(f"/api/tables/{created['id']}/legal-actions?as={stand_in}", "dana").json["actions"]
    assert mine == {} and list(theirs) == ["pickCharm"]


class Waiting(State):
    """A state written before its legal_actions: the page cannot know what fits, so it offers every action."""
    id = 10
    type = ACTIVE_PLAYER
    description = "${actplayer} must go"

    @action()
    def go(self, player_id):
        return 99


class Unlisted(Game):
    name = "unlisted"
    min_players = max_players = 2
    states = [Waiting]

    def setup(self):
        self.gamestate.change_active_player(self.player_ids[0])
        return Waiting


def test_a_game_whose_state_lists_no_moves_says_so():
    from tests.sample_game import Climb

    unlisted = Table.create(Unlisted, [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}], {}, "x")
    climb = Table.create(Climb, [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}], {}, "x")
    assert lists_moves(unlisted.game) is False and lists_moves(climb.game) is True


def test_the_game_list_says_whether_the_server_is_in_development_mode(tmp_path, api):
    assert api.get("/api/games").json["development"] is True    # the tests' app: TESTING
    production = Api(make_app(f"sqlite:///{tmp_path / 'prod.sqlite'}", TESTING=False).test_client())
    assert production.get("/api/games").json["development"] is False


def test_the_moves_come_in_pages_and_name_no_word_the_view_does_not_show(api):
    for name in ("anna", "ben"):
        api.register(name)
    table_id = api.new_table("anna", joiners=["ben"], players=2, options={"hand_size": 4})
    url = f"/api/tables/{table_id}/legal-actions?moves=true"
    secret = api.get(url, "anna").json   # four charms to pick from, every one a secret of the other player's too
    assert secret["count"] == 4 and secret["listable"] == 0 and secret["moves"] == []
    for name in ("anna", "ben"):
        assert api.act(table_id, name, "pickCharm", charm="jade").status_code == 200
    playable = api.view(table_id, "anna")["state"]["args"]["playable"]
    everything = api.get(url + f"&limit={MAX_PAGE}", "anna").json
    assert everything["listable"] == everything["count"] == len(playable) + 1
    assert everything["moves"] == [{"action": "playCard", "args": {"card": c}} for c in playable] + \
        [{"action": "cheer", "args": {}}]
    pages = [api.get(url + f"&limit=2&offset={offset}", "anna").json["moves"] for offset in range(0, 6, 2)]
    assert sum(pages, []) == everything["moves"]
    assert "moves" not in api.get(f"/api/tables/{table_id}/legal-actions", "anna").json   # the summary alone
    for odd in ("limit=0", f"limit={MAX_PAGE + 1}", "offset=-1", "moves=maybe"):
        assert api.get(f"/api/tables/{table_id}/legal-actions?{odd}", "anna").status_code == 400, odd


def test_a_list_is_worked_out_once_per_move_and_player(api, monkeypatch):
    for name in ("anna", "ben"):
        api.register(name)
    monkeypatch.setattr(legal_module, "cache", legal_module.LegalCache())
    table_id = api.new_table("anna", joiners=["ben"], players=2, options={"hand_size": 4})
    calls = []
    listing = Table.legal_actions
    monkeypatch.setattr(Table, "legal_actions", lambda self, player: calls.append(player) or listing(self, player))
    read = lambda name: api.get(f"/api/tables/{table_id}/legal-actions?moves=true", name).json  # noqa: E731
    first = [read("anna") for _ in range(5)]
    assert len(calls) == 1 and all(answer == first[0] for answer in first)
    read("ben")
    assert calls == [api.ids["anna"], api.ids["ben"]]
    assert api.act(table_id, "anna", "pickCharm", charm="jade").status_code == 200
    assert read("anna")["count"] == 0 and len(calls) == 3   # a new move: worked out again
