"""Two browsers, two users, one Zhubu Shengji table: each sees the other's moves appear without a reload, each
play in front of the seat that made it.

The moves themselves are sent through the API (what the other player's page would send); the pages
only watch, polling at the real 2 s interval.
"""
from __future__ import annotations

import random

try:
    from playwright.sync_api import expect
except ImportError:  # the fixtures skip (or fail under REQUIRE_E2E=1) with the reason
    expect = None

from tests.e2e.test_zhubu_shengji_page import CARD_CODE
from tests.http_play import choose_move


def test_each_browser_sees_the_other_players_moves(new_context, api, live_app):
    api.register("zara")
    api.register("yuri")
    table_id = api.new_table("zara", game="zhubu_shengji", joiners=["yuri"], seed="two-browsers")
    pages = {name: new_context(user=(name, api), poll_ms=None) for name in ("zara", "yuri")}
    for page in pages.values():
        page.goto(f"/#/table/{table_id}")
        expect(page.locator(".status-bar")).not_to_be_empty()
    chooser, moved = random.Random("two"), {"zara": 0, "yuri": 0}
    for _ in range(12):  # bounded: a few moves each way
        view = api.view(table_id, "zara")
        mover = next(n for n in ("zara", "yuri") if api.ids[n] in view["state"]["active_players"])
        watcher = "yuri" if mover == "zara" else "zara"
        before = pages[watcher].locator(".log-lines li").count()
        action, args = choose_move(live_app, table_id, api.ids[mover], chooser, heuristic=True)
        assert api.act(table_id, mover, action, **args).status_code == 200
        expect(pages[watcher].locator(".log-lines li")).not_to_have_count(before)  # arrived, no reload
        expect(pages[watcher].locator(".log-lines li").first).to_contain_text(mover)
        if action == "playCards":   # the play lies in front of the mover's seat on the watcher's table
            seat = pages[watcher].locator(f'.zs-seat[data-player="{api.ids[mover]}"]')
            expect(seat.locator(".zs-seat-play .zs-card")).to_have_count(len(args["cards"]))
            expect(seat.locator(".zs-newest .zs-play-tag")).to_have_text("latest")
            assert not CARD_CODE.search(pages[watcher].locator(".log-lines li").first.inner_text())
        moved[mover] += 1
        if all(moved.values()):
            break
    assert all(moved.values()), moved
    for page in pages.values():
        assert page.errors == [] and page.dialogs == []
