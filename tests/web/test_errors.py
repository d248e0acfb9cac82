"""Bad input of every kind gets the right status and JSON error, and the table does not change."""
import json

import pytest

from tests.stored import table_rows


@pytest.fixture
def game(api):
    """Anna and Ben at a started Climb table, both charms picked: Anna to play."""
    api.register("anna")
    api.register("ben")
    api.register("eve")
    table_id = api.new_table("anna", joiners=["ben"], players=2, seed="errors")
    api.act(table_id, "anna", "pickCharm", charm="jade")
    api.act(table_id, "ben", "pickCharm", charm="jade")
    return table_id


def fingerprint(app, table_id):
    """The table, its seats and their users, whole (a refusal that committed half a change shows here)."""
    return table_rows(app, table_id)


def anna_card(api, table_id):
    return api.view(table_id, "anna")["state"]["args"]["playable"][0]


def raw_post(client, api, path, who, data, content_type="application/json"):
    return client.post(path, headers=api.headers(who), data=data, content_type=content_type)


CASES = [
    # (who, action, body or raw bytes, status, code)
    ("anna", "playCard", b"{not json", 400, "malformed_json"),
    ("anna", "playCard", b"[1, 2]", 400, "malformed_json"),
    ("anna", "playCard", b'"card"', 400, "malformed_json"),
    ("anna", "playCard", {"card": 12}, 400, "invalid_arguments"),
    ("anna", "playCard", {}, 400, "invalid_arguments"),
    ("anna", "playCard", {"card": "1a", "colour": "red"}, 400, "invalid_arguments"),
    ("anna", "playCard", {"card": "1a", "move": "three"}, 400, "invalid_arguments"),
    ("anna", "playCard", {"card": "1a", "move": -1}, 400, "invalid_arguments"),
    ("anna", "teleport", {}, 404, "unknown_action"),
    ("anna", "pickCharm", {"charm": "ruby"}, 422, "action_not_possible"),
    ("anna", "playCard", {"card": "nope"}, 422, "rule_violation"),
    ("ben", "playCard", {"card": "1a"}, 403, "not_your_turn"),
    ("eve", "cheer", {}, 403, "forbidden"),
    (None, "cheer", {}, 401, "unauthorized"),
]


@pytest.mark.parametrize("who, action, body, status, code", CASES)
def test_refused_action_changes_nothing(app, client, api, game, who, action, body, status, code):
    before = fingerprint(app, game)
    path = f"/api/tables/{game}/actions/{action}"
    raw = body if isinstance(body, bytes) else json.dumps(body).encode()
    response = raw_post(client, api, path, who, raw)
    assert response.status_code == status, response.json
    assert response.json["error"]["code"] == code and response.json["error"]["message"]
    assert fingerprint(app, game) == before


def test_invalid_argument_error_names_the_field(api, game):
    response = api.act(game, "anna", "playCard", card=12)
    assert response.json["error"]["message"] == "card: Not a valid string."
    assert response.json["error"]["fields"] == {"card": ["Not a valid string."]}


def test_stale_move_number_is_a_conflict_and_applies_nothing(app, api, game):
    card = anna_card(api, game)
    before = fingerprint(app, game)
    response = api.act(game, "anna", "playCard", card=card, move=1)
    assert response.status_code == 409 and response.json["error"]["code"] == "stale_move"
    assert response.json["error"]["move"] == 2
    assert fingerprint(app, game) == before
    assert api.act(game, "anna", "playCard", card=card, move=2).status_code == 200


def test_retrying_the_same_move_number_never_applies_twice(app, api, game):
    card = anna_card(api, game)
    assert api.act(game, "anna", "playCard", card=card, move=2).status_code == 200
    after_first = fingerprint(app, game)
    retry = api.act(game, "anna", "playCard", card=card, move=2)
    assert retry.status_code == 409 and fingerprint(app, game) == after_first


def test_oversized_body_is_413(app, client, api, game):
    before = fingerprint(app, game)
    response = raw_post(client, api, f"/api/tables/{game}/actions/playCard", "anna",
                        b'{"card": "' + b"x" * 100_000 + b'"}')
    assert response.status_code == 413 and response.json["error"]["code"] == "request_entity_too_large"
    assert fingerprint(app, game) == before


def test_deeply_nested_json_is_a_clean_400(client, api, game):
    body = b"[" * 20_000 + b"]" * 20_000
    response = raw_post(client, api, f"/api/tables/{game}/actions/playCard", "anna", body)
    assert response.status_code == 400 and response.json["error"]["code"] == "malformed_json"


def test_unknown_table_and_route_are_json_404(api, game):
    response = api.get("/api/tables/999", "anna")
    assert response.status_code == 404 and response.json["error"]["message"] == "There is no table 999."
    assert api.get("/api/nothing-here", "anna").json["error"]["code"] == "not_found"


def test_wrong_method_is_json_405(client):
    response = client.delete("/api/games")
    assert response.status_code == 405 and response.json["error"]["code"] == "method_not_allowed"


def test_acting_at_a_table_not_started_is_a_conflict(api, game):
    open_table = api.new_table("anna", players=2)
    response = api.act(open_table, "anna", "cheer")
    assert response.status_code == 409 and response.json["error"]["message"] == "This table has not started yet."


def test_every_refusal_code_has_its_http_status():
    """The engine and the store refuse with codes; the web layer's map must know each one."""
    import framework.engine.errors as engine_errors
    import framework.store.errors as store_errors
    from framework.engine import ActionError
    from framework.web.errors import STATUS_OF

    def subclasses(cls):
        for sub in cls.__subclasses__():
            yield sub
            yield from subclasses(sub)

    import framework.engine.replay  # noqa: F401 (its refusal class is counted too)

    ours = [cls for cls in [ActionError, *subclasses(ActionError)]
            if cls.__module__.startswith(("framework.engine", "framework.store"))]
    codes = {cls.code for cls in ours}
    assert len(ours) >= 15 and engine_errors.ActionError in ours and store_errors.NotFound in ours
    assert codes <= set(STATUS_OF), sorted(codes - set(STATUS_OF))
    assert STATUS_OF["not_your_turn"] == 403 and STATUS_OF["stale_move"] == 409 and STATUS_OF["rule_violation"] == 422


def test_a_refused_move_of_a_player_coming_back_leaves_their_seat_to_the_zombie(app, api, game):
    """Acting again takes a zombie's seat back (the seat, a notification and the snapshot are written first):
    a refused move must undo all of it, the seat's zombie flag included."""
    assert api.post(f"/api/tables/{game}/leave", "ben").status_code == 200
    before = fingerprint(app, game)
    refused = api.act(game, "ben", "playCard", card=anna_card(api, game))  # Anna's turn, not Ben's
    assert refused.status_code == 403 and refused.json["error"]["code"] == "not_your_turn"
    assert fingerprint(app, game) == before
    assert [p["zombie"] for p in api.view(game, "anna")["table"]["players"]] == [False, True]
