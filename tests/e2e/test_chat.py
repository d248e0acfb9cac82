"""Table chat in the browser: seated players and spectators see messages, always as text."""
from __future__ import annotations

try:
    from playwright.sync_api import expect
except ImportError:  # the fixtures skip (or fail under REQUIRE_E2E=1) with the reason
    expect = None

HOSTILE = "<img src=x onerror=alert(1)> hello"


def test_chat_reaches_players_and_spectators_as_text(new_context, api):
    for name in ("chatty", "quiet", "watcher"):
        api.register(name)
    table_id = api.new_table("chatty", joiners=["quiet"], players=2, spectator_chat=True)
    player = new_context(user=("chatty", api))
    spectator = new_context(user=("watcher", api))
    player.goto(f"/#/table/{table_id}")
    spectator.goto(f"/#/table/{table_id}")
    player.get_by_label("Chat message", exact=True).fill(HOSTILE)
    player.get_by_role("button", name="Send").click()
    expect(player.locator(".chat-lines")).to_contain_text(HOSTILE)
    expect(spectator.locator(".chat-lines")).to_contain_text(HOSTILE)  # arrives by polling
    spectator.get_by_label("Chat message", exact=True).fill("nice move")
    spectator.get_by_label("Chat message", exact=True).press("Enter")
    expect(player.locator(".chat-lines")).to_contain_text("watcher: nice move")
    assert player.locator(".chat-lines img").count() == 0
    assert player.dialogs == [] and spectator.dialogs == [] and player.errors == [] and spectator.errors == []
    assert [m["text"] for m in api.get(f"/api/tables/{table_id}/chat", "quiet").json["messages"]] == \
        [HOSTILE, "nice move"]


def test_a_player_mutes_a_spectator_from_a_chat_line_and_unmutes_in_the_settings(new_context, api):
    for name in ("host", "guest", "heckler"):
        api.register(name)
    table_id = api.new_table("host", joiners=["guest"], players=2, spectator_chat=True)
    assert api.post(f"/api/tables/{table_id}/chat", "heckler", json={"text": "boo"}).status_code == 201
    player = new_context(user=("host", api))
    player.goto(f"/#/table/{table_id}")
    expect(player.locator(".chat-lines")).to_contain_text("heckler: boo")
    player.get_by_role("button", name="Mute heckler").first.click()
    expect(player.locator(".chat-lines")).not_to_contain_text("boo")
    assert api.post(f"/api/tables/{table_id}/chat", "heckler", json={"text": "still here"}).status_code == 201
    assert api.post(f"/api/tables/{table_id}/chat", "guest", json={"text": "hello host"}).status_code == 201
    expect(player.locator(".chat-lines")).to_contain_text("guest: hello host")
    expect(player.locator(".chat-lines")).not_to_contain_text("still here")
    player.locator("details.settings summary").click()
    muted = player.get_by_role("list", name="Muted players")
    expect(muted).to_contain_text("heckler")
    muted.get_by_role("button", name="Unmute").click()
    expect(muted).to_contain_text("Nobody")
    assert api.get("/api/me/mutes", "host").json["mutes"] == []
    assert player.errors == []
