"""Every answer is its schema's dump (`answers.answered`): what the OpenAPI description does not state
never leaves the server, whatever the engine or a game hands the route."""
from framework.engine import Table


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

