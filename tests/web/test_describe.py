"""`POST /api/tables/<id>/describe/<action>`: a move described while the player builds it, from the
game's own rules (the Play button's "Full house, 3s over Ks", and why a selection cannot be played), for the
player's own move only, applying nothing."""
import pytest

from framework.store import TableRecord, db
from tests.conftest import Api, make_app
from tests.games.dragon_phoenix.helpers import complete

# Anna (seat 0) holds the Herald and leads; the rest of the deck spread so that nobody holds a bomb.
FINAL = complete(["herald", "5C", "8C", "8D", "8H", "KC", "KD", "phoenix", "4H", "JS"], ["dragon", "9C", "7C"])
NAMES = ["anna", "ben", "carla", "dan"]


@pytest.fixture
def world(tmp_path):
    app = make_app(f"sqlite:///{tmp_path / 'describe.sqlite'}", GAMES=["dragon_phoenix"])
    api = Api(app.test_client())
    for name in [*NAMES, "eve"]:
        api.register(name)
    deal = {"hands": [hand[:8] + hand[8:] for hand in FINAL]}
    table_id = api.new_table("anna", game="dragon_phoenix", joiners=NAMES[1:], players=4, options={"deal": deal})
    for name in NAMES:
        assert api.act(table_id, name, "highFlight", call=False).status_code == 200
    hands = {name: api.view(table_id, name)["data"]["hand"] for name in NAMES}
    for name in NAMES:
        left, partner, right = hands[name][-3:]
        assert api.act(table_id, name, "passCards", left=left, partner=partner, right=right).status_code == 200
    yield app, api, table_id
    with app.app_context():
        db.engine.dispose()


def describe(api, table_id, who, action="playCards", **args):
    return api.post(f"/api/tables/{table_id}/describe/{action}", who, json=args)


def fingerprint(app, table_id):
    with app.app_context():
        record = db.session.get(TableRecord, table_id)
        return record.state_hash, record.move


def test_the_player_to_move_learns_what_their_selection_is_and_why_it_cannot_be_played(world):
    app, api, table_id = world
    leader = next(name for name in NAMES if "herald" in api.view(table_id, name)["data"]["hand"])
    hand = api.view(table_id, leader)["data"]["hand"]
    before = fingerprint(app, table_id)
    herald = describe(api, table_id, leader, cards=["herald"])
    assert herald.status_code == 200
    assert herald.json == {"action": "playCards", "label": "Herald (2)", "legal": True, "reason": None, "variants": []}
    pair = [c for c in hand if c not in ("herald", "phoenix", "dragon", "fox")][:2]
    odd = describe(api, table_id, leader, cards=pair).json
    if pair[0][:-1] != pair[1][:-1]:
        assert odd["legal"] is False and odd["reason"] == "A pair is two cards of the same rank."
    other = next(name for name in NAMES if name != leader)
    waiting = describe(api, table_id, other, cards=api.view(table_id, other)["data"]["hand"][:1]).json
    assert waiting["legal"] is False and "out of turn" in waiting["reason"]
    assert describe(api, table_id, other, "pass").json["reason"] == "It is not your turn."
    assert fingerprint(app, table_id) == before, "describing applies nothing"


def test_only_a_seated_player_describes_their_own_move(world):
    _, api, table_id = world
    assert describe(api, table_id, "eve", cards=["herald"]).status_code == 403        # a spectator
    assert describe(api, table_id, None, cards=["herald"]).status_code == 401
    assert describe(api, table_id + 100, "anna", cards=["herald"]).status_code == 404


def test_a_malformed_description_request_is_a_clear_4xx(world):
    _, api, table_id = world
    assert describe(api, table_id, "anna", "fly").status_code == 404
    refused = describe(api, table_id, "anna", cards="herald")
    assert refused.status_code == 400 and refused.json["error"]["fields"] == {"cards": ["Not a valid list."]}
    assert describe(api, table_id, "anna", cards=["herald"], phoenix="Z").status_code == 400
    raw = {"headers": {**api.headers("anna"), "Content-Type": "application/json"}}
    url = f"/api/tables/{table_id}/describe/playCards"
    assert api.client.post(url, data="x" * 70_000, **raw).status_code == 413
    assert api.client.post(url, data="[1]", **raw).status_code == 400


def test_a_table_not_being_played_describes_nothing(tmp_path):
    app = make_app(f"sqlite:///{tmp_path / 'open.sqlite'}")
    api = Api(app.test_client())
    api.register("anna")
    table_id = api.new_table("anna", players=2)
    assert describe(api, table_id, "anna", "playCard", card="1a").status_code == 409   # waiting for players


def test_a_game_that_does_not_describe_a_move_gets_the_frameworks_checks_only(tmp_path):
    """Climb (the tests' game) writes no describe_move: whether it is your turn is said, nothing more."""
    app = make_app(f"sqlite:///{tmp_path / 'climb.sqlite'}")
    api = Api(app.test_client())
    for name in ("anna", "ben"):
        api.register(name)
    table_id = api.new_table("anna", joiners=["ben"], players=2)
    mine = describe(api, table_id, "anna", "pickCharm", charm="amber").json
    assert mine == {"action": "pickCharm", "label": None, "legal": None, "reason": None, "variants": []}
    assert describe(api, table_id, "anna", "playCard", card="1a").json["reason"] == "You cannot do that now."
