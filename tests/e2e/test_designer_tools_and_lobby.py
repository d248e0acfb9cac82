"""Designer tools stay with designers (the folded generic forms and the state diagram only in
development mode or at a hotseat table); "My games" puts the "you" badge by the player's own name; the lobby has one
turn-limit field, and its checkboxes (Dragon and Phoenix's Wish) are checkbox-sized."""
from __future__ import annotations

import re

from .test_client import expect, status


def as_production(page):
    """The page is told the server is not in development mode (the tests' server is)."""
    def catalog(route):
        answer = route.fetch()
        route.fulfill(response=answer, json={**answer.json(), "development": False})

    page.route("**/api/games", catalog)


def test_designer_tools_only_in_development_mode_or_at_a_hotseat_table(new_context, api):
    api.register("tools_tess")
    table_id = api.new_table("tools_tess", game="dragon_phoenix", players=4)
    assert api.post(f"/api/tables/{table_id}/bots", "tools_tess", json={"count": 3}).status_code == 200
    tools = ("All actions (generic forms)", "State diagram")

    player = new_context(user=("tools_tess", api))
    as_production(player)
    player.goto(f"/#/table/{table_id}")
    expect(status(player)).to_contain_text("High Flight")
    expect(player.locator(".action-buttons button").first).to_be_visible()   # the game's own buttons are drawn
    for tool in tools:
        expect(player.get_by_text(tool)).to_have_count(0)

    designer = new_context(user=("tools_tess", api))                            # development mode: both
    designer.goto(f"/#/table/{table_id}")
    expect(status(designer)).to_contain_text("High Flight")
    for tool in tools:
        expect(designer.get_by_text(tool)).to_have_count(1)

    hotseat = api.post("/api/tables", "tools_tess", json={"game": "dragon_phoenix", "players": 4, "hotseat": True}).json
    player.goto(f"/#/table/{hotseat['id']}")                              # a hotseat table, even in production
    expect(status(player)).to_contain_text("High Flight")
    for tool in tools:
        expect(player.get_by_text(tool)).to_have_count(1)
    assert not player.errors and not designer.errors


def test_my_games_puts_the_you_badge_by_the_players_own_name(new_context, api):
    for name in ("badge_uli", "badge_vic"):
        api.register(name)
    api.new_table("badge_uli", joiners=["badge_vic"], players=2)   # badge_uli's name comes first, badge_vic's last
    page = new_context(user=("badge_uli", api))
    page.goto("/#/games")
    badge = page.locator(".table-row-seats .mark-you")
    expect(badge).to_have_count(1)
    assert badge.evaluate("el => el.previousElementSibling.textContent") == "badge_uli"


def test_the_lobby_has_one_turn_limit_and_checkbox_sized_checkboxes(new_context, api):
    api.register("lobby_wes")
    page = new_context(user=("lobby_wes", api))
    page.goto("/#/lobby")
    page.get_by_label("Game", exact=True).select_option(label="Dragon and Phoenix")
    form = page.locator(".create-table form").first
    expect(form.locator("label", has_text=re.compile("hours", re.I))).to_have_count(1)
    wish = page.get_by_label("Wish")
    box = wish.bounding_box()
    assert box["width"] <= 24 and box["height"] <= 24, box
    label = form.locator("label", has_text="Wish").bounding_box()
    assert label["x"] > box["x"] and abs(label["y"] + label["height"] / 2 - box["y"] - box["height"] / 2) < 8
    wish.uncheck()
    page.get_by_label("Hours per turn (0: no limit)").fill("24")
    page.get_by_role("button", name="Create table").click()
    page.wait_for_url("**/#/table/*")
    table_id = int(page.url.rsplit("/", 1)[1])
    table = api.view(table_id, "lobby_wes")["table"]
    assert table["turn_hours"] == 24 and "turn_hours" not in table["options"], table
    assert table["options"]["wish"] is False
    assert not page.errors
