"""Simultaneous answers never collide: in a multiple_active state each player answers on their own,
so an answer sent with the move number its player saw is accepted though others answered since;
anything else sent from an old view is still refused as stale (409)."""
import random

import pytest

from framework.engine import MULTIPLE_ACTIVE
from framework.web import create_app
from tests.http_play import choose_move, game_app, play_over_http

NAMES = ["anna", "ben", "cleo", "dan"]
PLAYERS = {"dragon_phoenix": 4, "summon_dragon": 4, "zhubu_shengji": 2}


def multiple_active_states(game: str) -> dict[int, str]:
    game_cls = create_app({"GAMES": [game], "SQLALCHEMY_DATABASE_URI": "sqlite://"}).extensions["games"][game]
    return {state.id: state.name for state in game_cls.registry().by_id.values() if state.type is MULTIPLE_ACTIVE}


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_every_player_answers_a_multiple_active_state_from_the_same_view(tmp_path, game):
    """The reproduction: four players answer High Flight, each with the move number they saw; all
    four are accepted. Checked on every multiple_active state of each game (the game's own list)."""
    names = NAMES[:PLAYERS[game]]
    app, api = game_app(tmp_path, game, names)
    untested = multiple_active_states(game)
    assert untested, f"{game} has no multiple_active state"
    chooser = random.Random(game)

    def ready(view) -> bool:
        """At a multiple_active state not yet checked, with two players or more to answer."""
        return view["state"]["id"] in untested and len(view["state"]["active_players"]) >= 2

    by_id = {api.ids[name]: name for name in names}
    for seed in range(6):  # a state some deals never reach (a summon's discards) gets more games
        table_id = api.new_table(names[0], game=game, joiners=names[1:], seed=f"answers-{seed}")
        while untested:
            view = play_over_http(app, api, table_id, names, seed=f"answers-{seed}", heuristic=True, until=ready,
                                  max_requests=20_000)
            if view["table"]["status"] == "finished":
                break
            state, move = view["state"], view["table"]["move"]
            # Every answer is chosen on the same position, before any is sent: one view for all.
            answers = [(by_id[p], *choose_move(app, table_id, p, chooser, heuristic=True))
                       for p in state["active_players"]]
            for name, action, args in answers:
                response = api.act(table_id, name, action, **args, move=move)
                assert response.status_code == 200, (untested[state["id"]], name, action, response.json)
            del untested[state["id"]]
        if not untested:
            break
    assert not untested, f"never reached with two players to answer: {sorted(untested.values())}"


def test_an_answer_from_before_the_state_began_is_stale(tmp_path):
    """Passing cards (D&P) begins once High Flight is answered: a pass sent from a view of High
    Flight means nothing the player saw, and is refused."""
    app, api = game_app(tmp_path, "dragon_phoenix", NAMES)
    table_id = api.new_table("anna", game="dragon_phoenix", joiners=NAMES[1:], seed="stale-pass")
    seen = api.view(table_id, "anna")["table"]["move"]
    for name in NAMES:
        assert api.act(table_id, name, "highFlight", call=False, move=seen).status_code == 200
    view = api.view(table_id, "anna")
    assert view["state"]["name"] == "passCards"
    action, args = choose_move(app, table_id, api.ids["anna"], random.Random(1), heuristic=True)
    assert action == "passCards"
    stale = api.act(table_id, "anna", action, **args, move=seen + 3)
    assert stale.status_code == 409 and stale.json["error"]["code"] == "stale_move"
    assert api.act(table_id, "anna", action, **args, move=view["table"]["move"]).status_code == 200


def test_out_of_turn_and_turn_based_moves_from_an_old_view_stay_stale(api):
    """Climb: the charms are picked together (accepted from one view); a card played, or a cheer
    (out of turn), sent from a view older than the table is refused."""
    for name in ("anna", "ben", "cleo"):
        api.register(name)
    table_id = api.new_table("anna", joiners=["ben", "cleo"], players=3)
    for name in ("anna", "ben", "cleo"):
        assert api.act(table_id, name, "pickCharm", charm="amber", move=0).status_code == 200
    view = api.view(table_id, "anna")
    turn = {api.ids[n]: n for n in ("anna", "ben", "cleo")}[view["state"]["active_players"][0]]
    other = next(n for n in ("anna", "ben", "cleo") if n != turn)
    card = api.view(table_id, turn)["state"]["args"]["playable"][0]
    old = view["table"]["move"] - 1
    assert api.act(table_id, turn, "playCard", card=card, move=old).status_code == 409
    assert api.act(table_id, other, "cheer", move=old).status_code == 409
    assert api.act(table_id, turn, "playCard", card=card, move=old + 1).status_code == 200
