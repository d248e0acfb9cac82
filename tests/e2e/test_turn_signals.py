"""The "your turn" signals. The tab's title starts with "▶ Your turn" and its icon carries a mark while it
is the player's turn; the turn comes with a vibration (a setting, on) and a sound (a setting, off); a hidden tab is told
at once, by the event stream, without waiting for a poll or for the pace of the moves before it."""
from __future__ import annotations

import re
import time

from .test_client import expect, log_lines, status, wait_until
from .test_game_module import one_card_each
from .test_table_pace import LINE_TIMES

# The test decides when the page counts as hidden; vibrations and sounds are counted, not made.
STAND_INS = """
window.testHidden = false;
Object.defineProperty(Document.prototype, "hidden", { configurable: true, get: () => window.testHidden });
Object.defineProperty(Document.prototype, "visibilityState", { configurable: true,
  get: () => (window.testHidden ? "hidden" : "visible") });
window.vibrations = 0;
window.beeps = 0;
navigator.vibrate = () => { window.vibrations += 1; return true; };
window.AudioContext = class {
  constructor() { this.currentTime = 0; this.destination = {}; }
  createOscillator() {
    return { frequency: {}, connect: (next) => next, start: () => { window.beeps += 1; }, stop() {} };
  }
  createGain() { return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (next) => next }; }
};
"""


def test_the_turn_reaches_a_hidden_tab_at_once_with_its_signals(new_context, api):
    table_id, card = one_card_each(api, "turn_lou", "turn_mo")
    page = new_context(user=("turn_mo", api), poll_ms=60_000, pace=None)   # no polls: the event stream alone
    page.add_init_script(STAND_INS)
    page.add_init_script(LINE_TIMES)
    with page.expect_response(lambda response: "/events" in response.url):
        page.goto(f"/#/table/{table_id}")
    expect(status(page)).to_contain_text("turn_lou must play")
    assert not page.title().startswith("▶")
    assert page.locator("link[rel=icon]").get_attribute("href") == "data:,"
    page.get_by_text("⚙ Settings").click()        # the player has touched the page: signals are allowed
    expect(page.get_by_label("Vibrate on my turn")).to_be_checked()
    expect(page.get_by_label("Sound on my turn")).not_to_be_checked()
    page.get_by_label("Sound on my turn").check()

    page.evaluate("window.testHidden = true; document.dispatchEvent(new Event('visibilitychange'))")
    sent = time.monotonic()
    assert api.act(table_id, "turn_lou", "playCard", card=card).status_code == 200
    assert api.act(table_id, "turn_lou", "cheer").status_code == 200
    assert api.act(table_id, "turn_lou", "cheer").status_code == 200
    assert api.act(table_id, "turn_lou", "confirm").status_code == 200
    wait_until(lambda: page.title().startswith("▶ Your turn"), what="the title's mark")
    assert time.monotonic() - sent < 4, time.monotonic() - sent
    assert page.title() == f"▶ Your turn · Climb (test game) · table {table_id} · Card tables"
    assert page.locator("link[rel=icon]").get_attribute("href").startswith("data:image/svg+xml")
    # Hidden, nothing waited for the pace: three moves of turn_lou's, 0.7 s apart when watched, came at once.
    expect(log_lines(page).filter(has_text="turn_lou cheers")).to_have_count(2)
    times = [t for text, _, t in page.evaluate("window.lineTimes")
             if text.startswith(("turn_lou plays", "turn_lou cheers"))]
    assert len(times) == 3 and times[-1] - times[0] < 1000, page.evaluate("window.lineTimes")
    assert page.evaluate("[window.vibrations, window.beeps]") == [1, 1]

    # Back on the tab the turn is still marked; once the move is made the mark goes.
    page.evaluate("window.testHidden = false; document.dispatchEvent(new Event('visibilitychange'))")
    mine = api.view(table_id, "turn_mo")["data"]["hand"][0]
    assert api.act(table_id, "turn_mo", "playCard", card=mine).status_code == 200
    assert api.act(table_id, "turn_mo", "confirm").status_code == 200
    expect(status(page)).to_contain_text("Game over")
    assert not page.title().startswith("▶"), page.title()
    assert page.locator("link[rel=icon]").get_attribute("href") == "data:,"
    assert page.evaluate("[window.vibrations, window.beeps]") == [1, 1]
    assert not page.errors and not page.console_errors, page.errors + page.console_errors


def test_my_games_marks_the_title_when_a_table_waits_for_the_player(new_context, api):
    table_id, _ = one_card_each(api, "turn_nel", "turn_ora")
    page = new_context(user=("turn_nel", api))
    page.goto("/#/games")
    expect(page.locator(f'.table-row[data-table="{table_id}"] .badge.your-turn')).to_be_visible()
    assert page.title() == "▶ Your turn · My games · Card tables"
    page.goto("/#/lobby")
    expect(page.get_by_role("heading", name="Lobby")).to_be_visible()
    assert page.title() == "Lobby · Card tables"
    assert page.locator("link[rel=icon]").get_attribute("href") == "data:,"


def test_the_time_left_to_move_shows_at_the_player_to_move(new_context, api):
    """Item 8: on a table with a turn limit, the player to move has the time left beside their name, above the game."""
    api.register("limit_ned")
    api.register("limit_ola")
    table_id = api.new_table("limit_ned", joiners=["limit_ola"], players=2, turn_hours=2)
    page = new_context(user=("limit_ola", api))
    page.goto(f"/#/table/{table_id}")
    expect(status(page)).to_contain_text("You must pick a charm")   # both pick one: both are to move
    strip = page.locator(".table-header .board", has_text="limit_ola")
    expect(strip.locator(".mark-deadline")).to_have_text(re.compile(r"^1 h 5\d min left$"))
    assert strip.locator(".mark-deadline").bounding_box()["y"] < page.locator(".game-area").bounding_box()["y"]
    page.get_by_label("Charm", exact=True).fill("jade")
    page.get_by_role("button", name="Pick charm").click()    # answered: no clock runs for limit_ola any more
    expect(strip.locator(".mark-deadline")).to_have_count(0)
    other = page.locator(".table-header .board", has_text="limit_ned")
    expect(other.locator(".mark-deadline")).to_contain_text("left")
