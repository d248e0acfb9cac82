"""Every answer is shaped by its schema (`answering.answered`): the same as the schema's dump, and what
the OpenAPI description does not state never leaves the server, whatever the engine or a game hands the
route."""
import pytest

from framework.engine import Table
from framework.web import answering


@pytest.fixture
def dumps_compared(monkeypatch):
    """Each answer shaped and dumped both: (schema name, source) of those that differ, and how many."""
    shape, compared, differ = answering.shape, [0], []

    def checked(schema):
        def shaped(source):
            out = shape(schema)(source)
            compared[0] += 1
            if out != schema().dump(source):
                differ.append((schema.__name__, source))
            return out
        return shaped

    monkeypatch.setattr(answering, "shape", checked)
    return compared, differ


def test_an_answer_is_its_schemas_dump(api, dumps_compared):
    compared, differ = dumps_compared
    for name in ("anna", "ben", "cleo"):
        api.register(name)
    api.get("/api/me", "anna")
    api.get("/api/me/sessions", "anna")
    api.get("/api/games")
    open_table = api.new_table("anna", players=3, private=True, reserved=["cleo"])
    api.get("/api/tables", "anna")
    table_id = api.new_table("anna", joiners=["ben"], players=3)
    api.post(f"/api/tables/{table_id}/bots", "anna", json={"count": 1, "level": "random"})
    api.post(f"/api/tables/{table_id}/chat", "ben", json={"text": "hello"})
    api.get(f"/api/tables/{table_id}/chat", "anna")
    for _ in range(60):
        view = api.view(table_id, "anna")
        if view["table"]["status"] != "playing":
            break
        for name in ("anna", "ben"):
            seen = api.view(table_id, name)
            legal = api.get(f"/api/tables/{table_id}/legal-actions", name).json["actions"]
            if legal:
                action, summary = next(iter(legal.items()))
                args = {field: values[0] for field, values in summary["arguments"].items() if values}
                api.post(f"/api/tables/{table_id}/describe/{action}", name, json=args)
                api.act(table_id, name, action, move=seen["table"]["move"], answer_view=True, **args)
    api.post(f"/api/tables/{table_id}/continue", "anna")
    for path in ("", "/log", "/notifications", "/replay?move=3", "/export"):
        api.get(f"/api/tables/{table_id}{path}", "anna")
    api.post(f"/api/tables/{table_id}/fork", "anna", json={"move": 2})
    api.post(f"/api/tables/{table_id}/leave", "ben")
    api.post(f"/api/tables/{table_id}/return", "ben")
    api.get("/api/me/tables", "anna")
    api.get(f"/api/tables/{open_table}", "cleo")  # refused: an error's answer
    api.post(f"/api/tables/{open_table}/bots", "anna", json={"count": 99})  # refused, naming the field
    assert compared[0] > 200 and differ == []


def test_a_field_the_description_does_not_state_is_left_out(api, monkeypatch):
    api.register("anna")
    api.register("ben")
    table_id = api.new_table("anna", joiners=["ben"], players=2)
    monkeypatch.setattr(Table, "describe", lambda self, player_id, action, args=None: {
        "action": action, "label": "a charm", "legal": True, "reason": None, "variants": [],
        "hands": self.state.data["hands"]})
    described = api.post(f"/api/tables/{table_id}/describe/pickCharm", "anna", json={"charm": "amber"})
    assert described.status_code == 200
    assert described.json == {"action": "pickCharm", "label": "a charm", "legal": True, "reason": None, "variants": []}
