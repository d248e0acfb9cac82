"""The status, the action buttons and the hand sit in a bar fixed at the bottom of the screen, in
every game: at every turn of a whole hand the buttons are within the viewport, on a laptop and on a phone; on the
phone the header, the title and the status take at most a fifth of the first screen."""
from __future__ import annotations

import random

import pytest

from tests.http_play import choose_move

from .test_client import expect, status

SEATS = {"dragon_phoenix": 4, "summon_dragon": 4, "zhubu_shengji": 2}
HAND_END = {"dragon_phoenix": "handScore", "summon_dragon": "handScore", "zhubu_shengji": "handScored"}
VIEWPORTS = {"desktop": (1280, 800), "phone": (390, 844)}


def shown(page, api, table_id: int, name: str) -> dict:
    """The view as the API has it, once the page shows the same move."""
    for _ in range(100):   # bounded: 10 s
        view = api.view(table_id, name)
        if page.locator("section.table-page").get_attribute("data-move") == str(view["table"]["move"]):
            return view
        page.wait_for_timeout(100)
    raise AssertionError(f"the page never showed move {view['table']['move']}")


def out_of_view(page, locator) -> list[str]:
    """The elements of `locator` that are not wholly inside the viewport."""
    height, width = page.viewport_size["height"], page.viewport_size["width"]
    boxes = locator.evaluate_all("els => els.map(e => { const r = e.getBoundingClientRect(); "
                                 "return [e.textContent, r.top, r.bottom, r.left, r.right]; })")
    return [text for text, top, bottom, left, right in boxes
            if top < 0 or bottom > height + 0.5 or left < 0 or right > width + 0.5]


@pytest.mark.parametrize("viewport", VIEWPORTS)
@pytest.mark.parametrize("game", SEATS)
def test_the_action_buttons_are_in_view_at_every_turn_of_a_hand(new_context, api, live_app, artifacts, game, viewport):
    name = f"bar_{game[:6]}_{viewport}"
    api.register(name)
    me = api.ids[name]
    created = api.post("/api/tables", name, json={"game": game, "players": SEATS[game], "seed": f"bar-{viewport}"})
    assert created.status_code == 201, created.json
    table_id = created.json["id"]
    assert api.post(f"/api/tables/{table_id}/bots", name,
                    json={"count": SEATS[game] - 1, "level": "heuristic"}).status_code == 200
    width, height = VIEWPORTS[viewport]
    page = new_context(width, height, user=(name, api))
    page.goto(f"/#/table/{table_id}")
    expect(status(page)).not_to_be_empty()
    if viewport == "phone":
        chrome = page.evaluate("""['.site-header', '.table-heading', '.status-bar']
          .reduce((sum, s) => sum + document.querySelector(s).getBoundingClientRect().height, 0)""")
        assert chrome <= height / 5, f"header, title and status take {chrome} px of {height}"

    chooser, turns = random.Random(name), 0
    while turns < 80:   # bounded: a hand is a few dozen of the player's turns at most
        view = shown(page, api, table_id, name)
        ended = [n for n in api.get(f"/api/tables/{table_id}/notifications?after=0", name).json["notifications"]
                 if n["type"] == HAND_END[game]]
        if ended or view["table"]["status"] != "playing":
            break
        if me not in view["state"]["active_players"]:
            page.wait_for_timeout(100)
            continue
        turns += 1
        expect(page.locator(".status-bar.my-turn")).to_be_visible()
        buttons = page.locator(".bottom-bar .action-buttons button:visible")
        expect(buttons.first).to_be_visible()
        assert not out_of_view(page, buttons), (view["state"]["name"], out_of_view(page, buttons))
        assert not out_of_view(page, status(page)), view["state"]["name"]
        if turns == 3:
            page.screenshot(path=str(artifacts / f"bar_{game}_{viewport}.png"))
        action, args = choose_move(live_app, table_id, me, chooser, heuristic=True)
        answer = api.act(table_id, name, action, **args)
        assert answer.status_code == 200, answer.json
    else:
        raise AssertionError("the hand did not end")
    assert turns >= 3 and ended, turns
    assert not page.errors and not page.console_errors, page.errors + page.console_errors
