"""Expert seats over HTTP: the level where the game has it, the bot runner that plays it outside any
request (`flask bots`), "thinking" at the seat while it searches, and the zombie's level."""
from datetime import timedelta

import pytest
from sqlalchemy import select

from framework.engine import Game
from framework.store import MoveRecord, db
from framework.store.models import clock
from framework.store.runner import claim, play_claimed, run_once, store
from framework.web import create_app
from framework.web.settings import SettingError
from tests.conftest import TEST_GAMES, Api, make_app
from tests.sample_game import Climb


class PlainClimb(Climb):
    """Climb without `determinize`: a game with no expert level."""

    name = "plain_climb"
    title = "Plain Climb (test game)"
    determinize = Game.determinize


GAMES_EXTRA = [*TEST_GAMES, "tests.web.test_expert_seats:PlainClimb"]
LEASE = 30


@pytest.fixture
def expert_app(tmp_path):
    app = make_app(f"sqlite:///{tmp_path / 'expert.sqlite'}", GAMES_EXTRA=GAMES_EXTRA, EXPERT_ITERATIONS=20)
    yield app
    with app.app_context():
        db.engine.dispose()


@pytest.fixture
def expert_api(expert_app):
    api = Api(expert_app.test_client())
    for name in ("anna", "ben"):
        api.register(name)
    return api


def moves_of(app, table_id):
    with app.app_context():
        moves = db.session.execute(select(MoveRecord.number, MoveRecord.player_id, MoveRecord.actor)
                                   .where(MoveRecord.table_id == table_id).order_by(MoveRecord.number)).all()
        db.session.remove()
    return [tuple(move) for move in moves]


def runner_round(app, lease=LEASE):
    """One round of the bot runner, as `flask bots` plays it."""
    with app.app_context():
        played = run_once(app.extensions["games"], lease, 20)
        db.session.remove()
    return played


def seat_of(view, player_id):
    return next(p for p in view["table"]["players"] if p["id"] == player_id)


def test_the_games_answer_lists_the_bot_levels_each_game_has(expert_api):
    games = {g["name"]: g for g in expert_api.get("/api/games").json["games"]}
    assert games["climb"]["bot_levels"] == ["random", "heuristic", "expert"]
    assert games["plain_climb"]["bot_levels"] == ["random", "heuristic"]


def test_a_game_without_determinize_refuses_an_expert_seat_and_says_why(expert_app, expert_api):
    table_id = expert_api.new_table("anna", game="plain_climb", players=2)
    refused = expert_api.post(f"/api/tables/{table_id}/bots", "anna", json={"count": 1, "level": "expert"})
    assert refused.status_code == 400
    message = refused.json["error"]["message"]
    assert "Plain Climb (test game) has no expert bot" in message and "determinize" in message
    assert refused.json["error"]["fields"] == {"level": ["Not a bot level of Plain Climb (test game)."]}
    assert expert_api.view(table_id, "anna")["table"]["status"] == "open"  # nobody was seated
    genius = expert_api.post(f"/api/tables/{table_id}/bots", "anna", json={"count": 1, "level": "genius"})
    assert genius.status_code == 400 and "expert" in str(genius.json["error"]["fields"]["level"])


def test_an_experts_turn_waits_for_the_runner_which_shows_it_thinking_and_plays_the_game_out(expert_app,
                                                                                              expert_api):
    api = expert_api
    table_id = api.new_table("anna", players=2, options={"hand_size": 4})
    seated = api.post(f"/api/tables/{table_id}/bots", "anna", json={"count": 1, "level": "expert"})
    assert seated.status_code == 200 and seated.json["status"] == "playing"
    bot = seated.json["players"][1]
    assert bot["name"] == "Expert bot 1" and bot["is_bot"] and bot["thinking"] is False
    anna = api.ids["anna"]
    view = api.view(table_id, "anna")
    # The bot must pick its charm, but no request played it, nor asks the page to have it played.
    assert bot["id"] in view["state"]["active_players"] and view["automatic_pending"] is False
    assert moves_of(expert_app, table_id) == []
    with expert_app.app_context():
        found = claim(table_id, expert_app.extensions["games"], LEASE)
        db.session.remove()
    assert found.player == bot["id"] and found.actor == "bot" and found.level == "expert"
    thinking = api.view(table_id, "anna")
    assert seat_of(thinking, bot["id"])["thinking"] is True and not seat_of(thinking, anna)["thinking"]
    assert seat_of(api.view(table_id, "ben"), bot["id"])["thinking"] is True  # a spectator sees it too
    with expert_app.app_context():
        assert play_claimed(found, expert_app.extensions["games"]) is True
        db.session.remove()
    assert seat_of(api.view(table_id, "anna"), bot["id"])["thinking"] is False
    assert moves_of(expert_app, table_id) == [(1, bot["id"], "bot")]
    # Anna plays her turns; each of her answers comes back before the bot's reply, which the runner plays.
    for _ in range(200):
        view = api.view(table_id, "anna")
        if view["table"]["status"] == "finished":
            break
        if anna in view["state"]["active_players"]:
            before = len(moves_of(expert_app, table_id))
            action, args = view["state"]["possible_actions"][0], {}
            if action == "pickCharm":
                args = {"charm": "amber"}
            elif action == "playCard":
                args = {"card": view["state"]["args"]["playable"][0]}
            answer = api.act(table_id, "anna", action, **args)
            assert answer.status_code == 200, answer.json
            assert answer.json["automatic_pending"] is False
            assert len(moves_of(expert_app, table_id)) == before + 1  # hers alone
        else:
            assert runner_round(expert_app) >= 1
    assert view["table"]["status"] == "finished"
    actors = {actor for _number, player, actor in moves_of(expert_app, table_id) if player == bot["id"]}
    assert actors == {"bot"}


def test_two_runners_never_store_one_move_twice_and_a_lapsed_claim_is_taken_over(expert_app, expert_api):
    table_id = expert_api.new_table("anna", players=2, options={"hand_size": 4})
    expert_api.post(f"/api/tables/{table_id}/bots", "anna", json={"count": 1, "level": "expert"})
    games = expert_app.extensions["games"]
    with expert_app.app_context():
        first = claim(table_id, games, LEASE)
        assert claim(table_id, games, LEASE) is None  # claimed: a second runner leaves it alone
        # The first runner was killed mid-thought (it never stores): once its lease lapses, another claims.
        second = claim(table_id, games, LEASE, now=clock() + timedelta(seconds=LEASE + 1))
        assert second is not None and (second.player, second.move) == (first.player, first.move)
        assert play_claimed(second, games) is True
        # The first one was only slow: it comes back with the same move, which is no longer due.
        assert store(first, "pickCharm", {"charm": "ruby"}, games) is False
        db.session.remove()
    assert moves_of(expert_app, table_id) == [(1, first.player, "bot")]


@pytest.mark.parametrize("level", ["heuristic", "expert"])
def test_the_zombie_plays_at_the_level_the_setting_chooses(tmp_path, level):
    app = make_app(f"sqlite:///{tmp_path / 'zombie.sqlite'}", ZOMBIE_LEVEL=level, EXPERT_ITERATIONS=20)
    api = Api(app.test_client())
    for name in ("anna", "ben"):
        api.register(name)
    table_id = api.new_table("anna", joiners=["ben"], players=2)
    ben = api.ids["ben"]
    assert api.post(f"/api/tables/{table_id}/leave", "ben").status_code == 200
    if level == "heuristic":  # the game's own zombie move, at once, in the request that made it due
        assert moves_of(app, table_id) == [(1, ben, "zombie")]
        return
    view = api.view(table_id, "anna")
    assert ben in view["state"]["active_players"] and view["automatic_pending"] is False
    assert moves_of(app, table_id) == []
    assert runner_round(app) == 1
    assert moves_of(app, table_id) == [(1, ben, "zombie")]


def test_an_expert_zombie_falls_back_to_the_heuristic_where_the_game_has_no_expert(tmp_path):
    app = make_app(f"sqlite:///{tmp_path / 'plain.sqlite'}", ZOMBIE_LEVEL="expert", GAMES_EXTRA=GAMES_EXTRA)
    api = Api(app.test_client())
    for name in ("anna", "ben"):
        api.register(name)
    table_id = api.new_table("anna", game="plain_climb", joiners=["ben"], players=2)
    api.post(f"/api/tables/{table_id}/leave", "ben")
    assert moves_of(app, table_id) == [(1, api.ids["ben"], "zombie")]


def test_a_player_back_while_the_runner_thinks_keeps_their_turn(tmp_path):
    app = make_app(f"sqlite:///{tmp_path / 'back.sqlite'}", ZOMBIE_LEVEL="expert", EXPERT_ITERATIONS=20)
    api = Api(app.test_client())
    for name in ("anna", "ben"):
        api.register(name)
    table_id = api.new_table("anna", joiners=["ben"], players=2)
    api.post(f"/api/tables/{table_id}/leave", "ben")
    with app.app_context():
        found = claim(table_id, app.extensions["games"], LEASE)
        db.session.remove()
    assert seat_of(api.view(table_id, "anna"), api.ids["ben"])["thinking"] is True
    assert api.post(f"/api/tables/{table_id}/return", "ben").status_code == 200
    with app.app_context():
        assert play_claimed(found, app.extensions["games"]) is False
        db.session.remove()
    view = api.view(table_id, "ben")
    assert moves_of(app, table_id) == [] and seat_of(view, api.ids["ben"])["thinking"] is False
    assert view["state"]["possible_actions"][0] == "pickCharm"


def test_a_zombie_level_the_server_does_not_know_stops_it(tmp_path, monkeypatch):
    uri = f"sqlite:///{tmp_path / 'x.sqlite'}"
    with pytest.raises(SettingError, match="ZOMBIE_LEVEL must be one of heuristic, expert, not 'genius'"):
        create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": uri, "ZOMBIE_LEVEL": "genius"})
    monkeypatch.setenv("BGA_ZOMBIE_LEVEL", "random")
    with pytest.raises(SettingError, match="BGA_ZOMBIE_LEVEL"):
        create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": uri})
    monkeypatch.setenv("BGA_ZOMBIE_LEVEL", "expert")
    monkeypatch.setenv("BGA_EXPERT_ITERATIONS", "0")
    with pytest.raises(SettingError, match="EXPERT_ITERATIONS must be at least 1"):
        create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": uri})


def test_the_experts_seconds_cap_is_read_strictly(tmp_path, monkeypatch):
    """BGA_EXPERT_SECONDS caps each expert move (2.5 s unless set): a number such as 1.5, never a word or 0."""
    uri = f"sqlite:///{tmp_path / 'x.sqlite'}"
    assert create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": uri}).config["EXPERT_SECONDS"] == 2.5
    monkeypatch.setenv("BGA_EXPERT_SECONDS", "1.5")
    assert create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": uri}).config["EXPERT_SECONDS"] == 1.5
    for wrong, message in (("soon", "must be a number such as 2.5, not 'soon'"), ("0", "must be at least 0.1"),
                           ("1e9", "must be a number"), ("nan", "must be a number"), ("-1", "must be a number")):
        monkeypatch.setenv("BGA_EXPERT_SECONDS", wrong)
        with pytest.raises(SettingError, match=f"BGA_EXPERT_SECONDS {message}"):
            create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": uri})



@pytest.mark.parametrize("game", ["dragon_phoenix", "summon_dragon", "zhubu_shengji"])
def test_an_expert_seat_in_each_shipped_game_over_http(tmp_path, game):
    """Anna against experts in every seat but hers: each expert plays its turns through the runner (a
    small budget, so the test is quick), her requests never play theirs, and the table replays."""
    import random

    from framework.store.replays import verify_tables
    from tests.http_play import choose_move

    app = make_app(f"sqlite:///{tmp_path / (game + '.sqlite')}", GAMES=[game], GAMES_EXTRA=[], EXPERT_ITERATIONS=8)
    api = Api(app.test_client())
    api.register("anna")
    game_info = next(g for g in api.get("/api/games").json["games"] if g["name"] == game)
    assert game_info["bot_levels"] == ["random", "heuristic", "expert"]
    table_id = api.new_table("anna", game=game)
    seated = api.post(f"/api/tables/{table_id}/bots", "anna",
                      json={"count": game_info["players"]["max"] - 1, "level": "expert"})
    assert seated.status_code == 200 and seated.json["status"] == "playing"
    experts = {p["id"] for p in seated.json["players"] if p["is_bot"]}
    anna, chooser = api.ids["anna"], random.Random(game)

    def anna_moves(view):
        before = len(moves_of(app, table_id))
        action, args = choose_move(app, table_id, anna, chooser, heuristic=False)
        answer = api.act(table_id, "anna", action, **args, move=view["table"]["move"])
        assert answer.status_code == 200, answer.json
        assert len(moves_of(app, table_id)) == before + 1  # hers alone: the experts wait for the runner

    for _ in range(400):
        view = api.view(table_id, "anna")
        played_by = {player for _n, player, actor in moves_of(app, table_id) if actor == "bot"}
        if view["table"]["status"] != "playing" or played_by == experts and len(moves_of(app, table_id)) >= 30:
            break
        her_turn = anna in view["state"]["active_players"]
        if her_turn and chooser.random() < 0.5:  # she may act first where the experts are active too
            anna_moves(view)
        elif not runner_round(app):
            assert her_turn, "nobody played"
            anna_moves(view)
    log = moves_of(app, table_id)
    assert len(log) >= 30 or view["table"]["status"] != "playing"
    assert {player for _n, player, actor in log if actor == "bot"} == experts
    assert {actor for _n, _player, actor in log} == {"player", "bot"}
    with app.app_context():
        assert [problem for _record, problem in verify_tables(app.extensions["games"])] == [None]
        db.session.remove()
        db.engine.dispose()


def test_a_table_is_created_with_experts_hotseat_or_not(expert_app, expert_api):
    """A designer tries two seats of their own against an expert: the last seats are the bots."""
    api = expert_api
    created = api.post("/api/tables", "anna", json={"game": "climb", "players": 3, "hotseat": True,
                                                    "options": {"hand_size": 2},
                                                    "bots": {"count": 1, "level": "expert"}})
    assert created.status_code == 201, created.json
    players = created.json["players"]
    assert [(p["name"], p["is_bot"]) for p in players] == [("anna", False), ("anna #2", False),
                                                            ("Expert bot 1", True)]
    table_id, second, bot = created.json["id"], players[1]["id"], players[2]["id"]
    for player in (api.ids["anna"], second):
        answer = api.post(f"/api/tables/{table_id}/actions/pickCharm?as={player}", "anna", json={"charm": "jade"})
        assert answer.status_code == 200 and answer.json["automatic_pending"] is False
    assert [player for _n, player, _actor in moves_of(expert_app, table_id)] == [api.ids["anna"], second]
    assert runner_round(expert_app) == 1
    assert moves_of(expert_app, table_id)[-1] == (3, bot, "bot")
    # Any table may be created with bots, beside its reserved seats; a game without the expert has no expert seat.
    waits = api.post("/api/tables", "anna", json={"game": "climb", "players": 3, "reserved": ["ben"],
                                                  "bots": {"level": "expert"}})
    assert waits.status_code == 201 and waits.json["status"] == "open"
    assert [p["name"] for p in waits.json["players"]] == ["anna", "Expert bot 1"]
    assert api.post(f"/api/tables/{waits.json['id']}/join", "ben").json["status"] == "playing"
    full = api.post("/api/tables", "anna", json={"game": "climb", "players": 3, "reserved": ["ben"],
                                                 "bots": {"count": 2}})
    assert full.status_code == 409 and full.json["error"]["message"] == "Only 1 seat(s) are free for bots."
    no_expert = api.post("/api/tables", "anna", json={"game": "plain_climb", "players": 2, "hotseat": True,
                                                      "bots": {"count": 1, "level": "expert"}})
    assert no_expert.status_code == 400 and "has no expert bot" in no_expert.json["error"]["message"]
    too_many = api.post("/api/tables", "anna", json={"game": "climb", "players": 2, "hotseat": True,
                                                     "bots": {"count": 2}})
    assert too_many.status_code == 400 and "count" in too_many.json["error"]["fields"]["bots"]


def test_a_search_overtaken_by_another_seats_move_frees_its_seat_at_once(expert_app, expert_api):
    """Two experts pick their charms at once (a multiple-active state), each by its own runner: the second
    runner's search, begun at the same move, is stale once the first stores; its seat is claimed again at
    once, not after the lease."""
    table_id = expert_api.new_table("anna", players=3, options={"hand_size": 4})
    expert_api.post(f"/api/tables/{table_id}/bots", "anna", json={"count": 2, "level": "expert"})
    games = expert_app.extensions["games"]
    with expert_app.app_context():
        first, second = claim(table_id, games, LEASE), claim(table_id, games, LEASE)
        assert first.player != second.player and first.move == second.move == 0
        assert play_claimed(first, games) is True
        assert play_claimed(second, games) is False
        again = claim(table_id, games, LEASE)
        assert again is not None and again.player == second.player and again.move == 1
        assert play_claimed(again, games) is True
        db.session.remove()
    assert [(player, actor) for _n, player, actor in moves_of(expert_app, table_id)] == [
        (first.player, "bot"), (second.player, "bot")]


def test_continue_says_the_runner_has_an_experts_turn_and_refuses_only_where_nothing_is_due(expert_app, expert_api):
    """A page (or a script) asking for pending bot turns while only an expert's is due hears that the bot
    runner has it, thinking or not yet, and a 409 only once nothing at all is due."""
    api = expert_api
    table_id = api.new_table("anna", players=2, options={"hand_size": 4})
    bot = api.post(f"/api/tables/{table_id}/bots", "anna", json={"count": 1, "level": "expert"}).json["players"][1]
    url = f"/api/tables/{table_id}/continue"
    assert api.act(table_id, "anna", "pickCharm", charm="amber").status_code == 200
    due = api.post(url, "anna")
    assert due.status_code == 200, due.json
    assert due.json == {"played": 0, "automatic_pending": False, "runner_pending": True}
    assert api.post(url, "ben").status_code == 403  # not seated, not the creator
    with expert_app.app_context():
        found = claim(table_id, expert_app.extensions["games"], LEASE)
        db.session.remove()
    thinking = api.post(url, "anna")  # the runner searches: still its turn, still not the page's to play
    assert thinking.status_code == 200 and thinking.json["runner_pending"] is True
    assert moves_of(expert_app, table_id) == [(1, api.ids["anna"], "player")]
    with expert_app.app_context():
        assert play_claimed(found, expert_app.extensions["games"]) is True
        db.session.remove()
    view = api.view(table_id, "anna")
    assert bot["id"] not in view["state"]["active_players"]
    refused = api.post(url, "anna")  # Anna's turn alone: nothing for a bot, nor for the runner
    assert refused.status_code == 409 and refused.json["error"]["code"] == "nothing_pending"


def test_continue_plays_the_quick_bots_and_says_the_runner_has_the_expert_after_them(tmp_path, monkeypatch):
    """Anna, a heuristic bot and an expert zombie (Ben left): `continue` plays the heuristic's turn, then
    stops at the expert zombie's, which it leaves to the runner and says so."""
    from framework.store import moves

    app = make_app(f"sqlite:///{tmp_path / 'mixed.sqlite'}", ZOMBIE_LEVEL="expert", EXPERT_ITERATIONS=20)
    api = Api(app.test_client())
    for name in ("anna", "ben"):
        api.register(name)
    table_id = api.new_table("anna", joiners=["ben"], players=3, options={"hand_size": 4})
    # No request plays a bot turn of its own (a budget of 0 s): only `continue` will, below.
    monkeypatch.setattr(moves.play_automatic, "__defaults__", (0.0, 5000, None))
    api.post(f"/api/tables/{table_id}/bots", "anna", json={"count": 1, "level": "heuristic"})
    api.post(f"/api/tables/{table_id}/leave", "ben")
    assert moves_of(app, table_id) == []
    monkeypatch.undo()
    answer = api.post(f"/api/tables/{table_id}/continue", "anna")
    assert answer.status_code == 200, answer.json
    assert answer.json == {"played": 1, "automatic_pending": False, "runner_pending": True}
    assert [actor for _n, _player, actor in moves_of(app, table_id)] == ["bot"]
    assert runner_round(app) == 1
    assert [actor for _n, _player, actor in moves_of(app, table_id)] == ["bot", "zombie"]
