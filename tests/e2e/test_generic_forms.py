"""The generic renderer's forms for every argument type, with a richer schema than Climb's (served by the browser's
router in place of /api/games) and the action request caught before it reaches the server."""
from __future__ import annotations

import json

from .test_client import expect, status

EXTRA_ARGUMENTS = {
    "extra": {"type": "array", "required": True, "items": {"type": "integer"}},
    "tags": {"type": "array", "required": False, "items": {"type": "string", "choices": ["x", "y"]}},
    "loud": {"type": "boolean", "required": False},
    "mode": {"type": "string", "required": True, "choices": ["soft", "hard"]},
    "count": {"type": "integer", "required": False, "min": 1, "max": 3},
}


def test_forms_for_lists_choices_booleans_and_numbers(new_context, api):
    api.register("olga")
    api.register("pete")
    table_id = api.new_table("olga", joiners=["pete"], players=2, options={"hand_size": 1})
    for who in ("olga", "pete"):
        assert api.act(table_id, who, "pickCharm", charm="jade").status_code == 200
    move = api.view(table_id, "olga")["table"]["move"]

    def richer_games(route):
        body = route.fetch().json()
        for game in body["games"]:
            if game["name"] == "climb":
                game["actions"]["playCard"]["arguments"].update(EXTRA_ARGUMENTS)
        route.fulfill(status=200, content_type="application/json", body=json.dumps(body))

    sent = []

    def refuse(route):
        sent.append(route.request.post_data_json)
        route.fulfill(status=422, content_type="application/json",
                      body=json.dumps({"error": {"code": "rule_violation", "message": "Nice try: refused."}}))

    page = new_context(user=("olga", api))
    page.route("**/api/games", richer_games)
    page.route(f"**/api/tables/{table_id}/actions/playCard?*", refuse)  # the page asks ?view=true
    page.goto(f"/#/table/{table_id}")
    expect(status(page)).to_contain_text("You must play a card")
    form = page.locator('form[data-action="playCard"]')
    form.get_by_label("Card", exact=True).fill("1a")
    form.get_by_role("button", name="Play card").click()
    expect(form.locator(".field-error")).to_have_text("Extra: please fill this in.")

    form.get_by_role("button", name="Add extra").click()
    form.get_by_label("Extra item 1", exact=True).fill("5")
    form.get_by_role("button", name="Add extra").click()
    form.get_by_label("Extra item 2", exact=True).fill("1.5")
    form.get_by_role("button", name="Play card").click()
    expect(form.locator(".field-error")).to_have_text("Extra: a whole number, please.")
    form.get_by_label("Extra item 2", exact=True).fill("7")
    form.get_by_role("button", name="Add extra").click()
    form.get_by_role("button", name="Remove Extra item 3").click()
    form.get_by_role("button", name="Play card").click()
    expect(form.locator(".field-error")).to_have_text("Mode: please fill this in.")

    form.get_by_label("y", exact=True).check()
    form.get_by_label("Loud (optional)").check()
    form.get_by_label("Mode", exact=True).select_option(label="hard")
    form.get_by_label("Count (optional)").fill("2")
    form.get_by_role("button", name="Play card").click()
    expect(page.locator(".action-error")).to_have_text("Nice try: refused.")
    assert sent == [{"card": "1a", "extra": [5, 7], "tags": ["y"], "loud": True, "mode": "hard", "count": 2,
                     "move": move}]
    expect(form.get_by_label("Extra item 2", exact=True)).to_have_value("7")    # a refusal keeps what was typed
    assert not page.errors
