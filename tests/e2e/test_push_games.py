"""Push with each shipped game's renderer: two players' pages at a table of Dragon and Phoenix, Summon the
Dragon and Zhubu Shengji show every move made by anyone (sent through the API, as the other players'
pages send them) from the event stream, without a single poll in between."""
from __future__ import annotations

import random

import pytest

try:
    from playwright.sync_api import expect
except ImportError:  # the fixtures skip (or fail under REQUIRE_E2E=1) with the reason
    expect = None

from tests.e2e.test_push import POLLS, api_requests
from tests.http_play import choose_move

MOVES = 8


@pytest.mark.parametrize("game, seats", [("dragon_phoenix", 4), ("summon_dragon", 4), ("zhubu_shengji", 2)])
def test_each_games_pages_show_every_move_pushed_with_no_poll(new_context, api, live_app, game, seats):
    names = [f"{game.split('_')[0]}_pusher{n}" for n in range(seats)]
    for name in names:
        api.register(name)
    table_id = api.new_table(names[0], game=game, joiners=names[1:], seed=f"push-{game}")
    watchers = names[:2]
    # Polling every 200 ms, if it polled: many polls while the moves are made.
    pages = {name: new_context(user=(name, api), poll_ms=200) for name in watchers}
    for page in pages.values():
        with page.expect_response(lambda response: "/events" in response.url):  # the stream is open
            page.goto(f"/#/table/{table_id}")
        expect(page.locator("section.table-page")).to_have_attribute("data-move", "0")
        page.wait_for_timeout(500)  # a poll started before the stream opened has ended
    made = {name: api_requests(page) for name, page in pages.items()}
    chooser, by_id = random.Random(game), {api.ids[name]: name for name in names}
    for _ in range(MOVES):
        view = api.view(table_id, names[0])
        mover = by_id[view["state"]["active_players"][0]]
        action, args = choose_move(live_app, table_id, api.ids[mover], chooser, heuristic=True)
        assert api.act(table_id, mover, action, **args, move=view["table"]["move"]).status_code == 200
        move = api.view(table_id, names[0])["table"]["move"]
        for page in pages.values():
            expect(page.locator("section.table-page")).to_have_attribute("data-move", str(move))
    for name, page in pages.items():
        assert not [path for _, path in made[name] if POLLS.search(path)], (name, made[name])
        assert not page.errors and not page.dialogs
