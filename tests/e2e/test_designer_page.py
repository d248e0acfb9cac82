"""Development mode in the browser: a hotseat table where one browser acts for every seat, and the
link to the game's state diagram."""
from __future__ import annotations

try:
    from playwright.sync_api import expect
except ImportError:  # the fixtures skip (or fail under REQUIRE_E2E=1) with the reason
    expect = None


def test_hotseat_switches_seats_and_links_the_diagram(new_context, api):
    api.register("designer")
    created = api.post("/api/tables", "designer", json={"game": "climb", "players": 2, "hotseat": True}).json
    table_id, stand_in = created["id"], created["players"][1]
    page = new_context(user=("designer", api))
    page.goto(f"/#/table/{table_id}")
    expect(page.locator(".status-bar")).to_contain_text("You must pick a charm")
    page.get_by_label("charm").first.fill("amber")
    page.get_by_role("button", name="Pick charm").click()
    expect(page.locator(".status-bar")).to_contain_text("Waiting for")

    page.get_by_label("Act as").select_option(str(stand_in["id"]))
    expect(page.locator(".status-bar")).to_contain_text("You must pick a charm")
    page.get_by_label("charm").first.fill("jade")
    page.get_by_role("button", name="Pick charm").click()
    expect(page.locator(".status-bar")).to_contain_text("designer must play")  # back to seat 1's turn
    assert api.view(table_id, "designer")["state"]["name"] == "playerTurn"

    link = page.get_by_role("link", name="State diagram")
    assert link.get_attribute("href") == "/api/games/climb/diagram"
    diagram = page.request.get(link.get_attribute("href"))
    assert diagram.ok and "pickCharm" in diagram.text()
    assert page.dialogs == [] and page.errors == []
