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
LIST_OF_WORDS = {"type": "array", "required": False, "items": {"type": "string"}}


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


def test_quick_picks_are_the_values_a_field_takes_in_the_players_legal_moves(new_context, api):
    """The strings of the state's args (Climb's playable cards) were once offered as quick picks for every
    field, also one that takes other values (a note, added to playCard's schema here). Now each field offers the
    values its legal moves take, as far as the player's view shows them: the card field the playable cards, the note
    nothing, and the charm field nothing (the words Climb's bots pick from are other players' secrets)."""
    api.register("rhea")
    api.register("sol")
    table_id = api.new_table("rhea", joiners=["sol"], players=2, options={"hand_size": 4})

    def with_a_note(route):
        body = route.fetch().json()
        for game in body["games"]:
            if game["name"] == "climb":
                game["actions"]["playCard"]["arguments"]["note"] = {"type": "string", "required": False}
        route.fulfill(status=200, content_type="application/json", body=json.dumps(body))

    page = new_context(user=("rhea", api))
    page.route("**/api/games", with_a_note)
    page.goto(f"/#/table/{table_id}")
    expect(status(page)).to_contain_text("You must pick a charm")
    charm = page.locator('form[data-action="pickCharm"]')
    expect(charm.locator(".quick-picks")).to_have_count(0)
    charm.get_by_label("Charm", exact=True).fill("jade")
    charm.get_by_role("button", name="Pick charm").click()
    assert api.act(table_id, "sol", "pickCharm", charm="ruby").status_code == 200
    expect(status(page)).to_contain_text("You must play a card of 1 or more")
    playable = api.view(table_id, "rhea")["state"]["args"]["playable"]
    form = page.locator('form[data-action="playCard"]')
    expect(form.get_by_label("Note (optional)")).to_be_visible()
    expect(form.locator(".quick-picks")).to_have_count(1)                 # the card's, not the note's
    expect(form.locator(".quick-picks button")).to_have_text(playable)
    assert not page.errors


def test_only_actions_the_player_may_send_now_get_a_form(new_context, api):
    """A form was once shown for every possible action, also one that is impossible now: Climb's cheer, after a
    player's two cheers. Now an action needs a legal move to get a form."""
    api.register("tom")
    api.register("uma")
    table_id = api.new_table("tom", joiners=["uma"], players=2, options={"hand_size": 2})
    for who in ("tom", "uma"):
        assert api.act(table_id, who, "pickCharm", charm="jade").status_code == 200
    page = new_context(user=("uma", api))
    page.goto(f"/#/table/{table_id}")
    expect(status(page)).to_contain_text("tom must play a card")
    cheer = page.get_by_role("button", name="Cheer")
    cheer.click()
    expect(page.locator(".log-lines li").filter(has_text="uma cheers")).to_have_count(1)
    cheer.click()
    expect(page.locator(".log-lines li").filter(has_text="uma cheers")).to_have_count(2)
    expect(page.locator(".generic-forms")).to_have_text("Nothing to do for now.")
    assert "cheer" in api.view(table_id, "uma")["state"]["possible_actions"]   # possible in the state, not legal now
    assert not page.errors


def test_choices_are_cut_to_the_legal_values_and_a_game_listing_no_moves_gets_every_form(new_context, api):
    """A field's declared choices (a list's items' too) shrink to the values the legal moves take. A game whose
    states list no legal moves (one being written) gets a form for every possible action, without picks."""
    api.register("vic")
    api.register("wes")
    table_id = api.new_table("vic", joiners=["wes"], players=2, options={"hand_size": 1})
    for who in ("vic", "wes"):
        assert api.act(table_id, who, "pickCharm", charm="jade").status_code == 200

    def richer_games(route):
        body = route.fetch().json()
        for game in body["games"]:
            if game["name"] == "climb":
                game["actions"]["playCard"]["arguments"].update(EXTRA_ARGUMENTS, pile=LIST_OF_WORDS)
        route.fulfill(status=200, content_type="application/json", body=json.dumps(body))

    legal = {"move": 0, "listed": True, "actions": {"playCard": {"count": 1, "truncated": False, "arguments": {
        "mode": ["hard"], "tags": ["y"], "pile": ["5a", "6b"]}}}}
    page = new_context(user=("vic", api))
    page.route("**/api/games", richer_games)
    page.route(f"**/api/tables/{table_id}/legal-actions", lambda route: route.fulfill(json=legal))
    page.goto(f"/#/table/{table_id}")
    form = page.locator('form[data-action="playCard"]')
    expect(form.get_by_label("Mode", exact=True).locator("option")).to_have_text(["— choose —", "hard"])
    expect(form.locator(".choice label")).to_have_text(["y"])
    expect(page.locator('form[data-action="cheer"]')).to_have_count(0)       # no legal move listed for it
    picks = form.locator(".quick-picks button")                                # a list field's picks add rows
    expect(picks).to_have_text(["5a", "6b"])
    picks.nth(1).click()
    picks.nth(1).click()                                                       # listed once
    picks.nth(0).click()
    expect(form.locator(".list-row input")).to_have_count(2)
    assert form.locator(".list-row input").evaluate_all("els => els.map(e => e.value)") == ["6b", "5a"]

    legal.update(listed=False, actions={})
    page.reload()
    expect(page.locator('form[data-action="cheer"]')).to_have_count(1)
    expect(form.get_by_label("Mode", exact=True).locator("option")).to_have_text(["— choose —", "soft", "hard"])
    expect(form.locator(".quick-picks")).to_have_count(0)
    assert not page.errors
