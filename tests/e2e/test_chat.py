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
    table_id = api.new_table("chatty", joiners=["quiet"], players=2)
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
