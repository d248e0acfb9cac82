"""Dragon and Phoenix through its own renderer (games/dragon_phoenix/client.js) in a real Chromium:
a whole hand against heuristic bots by clicking cards and buttons, the summary, phone width."""
from __future__ import annotations

import time

from .test_client import expect, log_lines, status

NAME = "<img src=x onerror=alert(1)>dp"

# seat 0 (the browser's player) holds the Herald (so leads first) and the Dragon, no bomb
DEAL = {"hands": [
    ["herald", "dragon", "3C", "5D", "7H", "9S", "JC", "KD", "4C", "6D", "8H", "10S", "QC"],
    ["fox", "3D", "5H", "7S", "9C", "JD", "KH", "AS", "4D", "6H", "8S", "10C", "QD"],
    ["phoenix", "3H", "5S", "7C", "9D", "JH", "KS", "AC", "4H", "6S", "8C", "10D", "QH"],
    ["3S", "5C", "7D", "9H", "JS", "KC", "AD", "AH", "4S", "6C", "8D", "10H", "QS"],
]}


def click_if_visible(locator) -> bool:
    try:
        if locator.count() and locator.first.is_visible() and locator.first.is_enabled(timeout=500):
            locator.first.click(timeout=1000)
            return True
    except Exception:  # the view changed under the click: the next turn of the loop looks again
        return False
    return False


def take_a_turn(page) -> str:
    """Do whatever the renderer offers the player now; return what was done ('' when nothing)."""
    if click_if_visible(page.locator("button.action-button", has_text="No High Flight")):
        return "highFlight"
    if page.locator("button.dp-pass-cards").count():
        cards = page.locator(".dp-hand .dp-card")
        for _ in range(3):  # a poll may redraw the hand under a click: look again
            for code in ("3C", "4C", "5D"):
                card = page.locator(f'.dp-hand .dp-card[data-card="{code}"]')
                try:
                    if card.count() and card.get_attribute("aria-pressed", timeout=500) != "true":
                        click_if_visible(card)
                except Exception:  # gone: the cards were passed
                    break
            if page.locator(".dp-slot .dp-card").count() == 3:
                break
        if page.locator(".dp-slot .dp-card").count() != 3:
            return ""
        assert cards.count() == 13
        return "passCards" if click_if_visible(page.locator("button.dp-pass-cards")) else ""
    if click_if_visible(page.locator("button.dp-give")):
        return "giveDragon"
    play = page.locator("button.dp-play")
    if play.count():
        playable = page.locator(".dp-hand .dp-card.dp-playable")
        leading = "must lead" in status(page).inner_text()
        herald = page.locator('.dp-hand .dp-card.dp-playable[data-card="herald"]')
        if leading and herald.count():  # selected, the Herald offers the wish; Enter plays it (no wish)
            herald.click()
            expect(page.locator("select.dp-wish")).to_be_visible()
            expect(page.locator("button.dp-play")).to_have_text("Play 1 card")
            herald.focus()
            page.keyboard.press("Enter")
            expect(page.locator('.dp-play-line[data-player] .dp-card[data-card="herald"]')).to_be_visible()
            return "play"
        lower = page.locator(".dp-hand .dp-card:not(.dp-playable):not(.dp-special)")
        if not leading and playable.count() and lower.count() and not getattr(page, "refused", ""):
            # once: a card too low is refused by the server, and the page says so
            if click_if_visible(lower.first) and click_if_visible(page.locator("button.dp-play")):
                expect(page.locator(".action-error")).to_be_visible()
                page.refused = page.locator(".action-error").inner_text()
                click_if_visible(page.locator("button.dp-clear"))
            return "refused" if getattr(page, "refused", "") else ""
        if playable.count():
            # lead the lowest card; on a single answer with the highest card that beats it
            card = playable.first if leading else playable.last
            if click_if_visible(card) and click_if_visible(page.locator("button.dp-play")):
                page.wait_for_timeout(150)
                if not page.locator(".action-error").is_visible():
                    return "play"
                click_if_visible(page.locator("button.dp-clear"))
        if click_if_visible(page.locator("button.dp-pass")):
            return "pass"
    return ""


def test_a_whole_hand_through_the_dragon_phoenix_renderer(new_context, api, artifacts):
    started = time.monotonic()
    api.register(NAME)
    response = api.post("/api/tables", NAME, json={"game": "dragon_phoenix", "players": 4, "seed": "dp-7",
                                                   "options": {"target": 500, "deal": DEAL}})
    assert response.status_code == 201, response.json
    table_id = response.json["id"]
    assert api.post(f"/api/tables/{table_id}/bots", NAME, json={"count": 3, "level": "heuristic"}).status_code == 200

    page = new_context(user=(NAME, api))
    page.goto(f"/#/table/{table_id}")
    expect(page.locator(".dp-table")).to_be_visible()
    expect(page.locator(".generic-data")).to_have_count(0)
    expect(status(page)).to_contain_text("High Flight")
    expect(page.locator(".dp-hand .dp-card")).to_have_count(8)
    # the hand is sorted, the cards are focusable: Tab reaches them, Space selects
    codes = page.locator(".dp-hand .dp-card").evaluate_all("els => els.map(e => e.dataset.card)")
    assert codes == ["herald", "3C", "5D", "7H", "9S", "JC", "KD", "dragon"], codes
    page.locator('.dp-hand .dp-card[data-card="7H"]').focus()
    page.keyboard.press("Space")
    expect(page.locator('.dp-hand .dp-card[data-card="7H"]')).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Space")
    expect(page.locator('.dp-hand .dp-card[data-card="7H"]')).to_have_attribute("aria-pressed", "false")
    expect(page.locator("button.dp-takeoff")).to_be_visible()

    done: list[str] = []
    shot_mid = False
    for _ in range(400):  # bounded: a hand is at most a few dozen moves of ours
        if page.locator(".dp-summary .dp-h").count():
            break
        assert time.monotonic() - started < 50, f"the hand took too long; done {done}"
        action = take_a_turn(page)
        if action:
            done.append(action)
            page.wait_for_timeout(200)  # let the shell apply the answer before looking again
            if action == "play" and not shot_mid and page.locator(".dp-play-line").count():
                page.screenshot(path=str(artifacts / "dragon_phoenix_desktop_round.png"), full_page=True)
                shot_mid = True
        else:
            page.wait_for_timeout(120)
    else:
        raise AssertionError(f"the hand did not end; done {done}")

    assert getattr(page, "refused", ""), done
    assert done[0] == "highFlight" and "passCards" in done and "play" in done, done
    print("our moves:", done, "refusal:", page.refused)
    # the end-of-hand summary agrees with the server's view
    expect(page.locator(".dp-summary .dp-h")).to_have_text("End of hand 1")
    last = api.view(table_id, NAME)["data"]["last_hand"]
    assert last["hand_number"] == 1
    totals = page.locator(".dp-summary .dp-hand-total").all_inner_texts()
    assert [int(t) for t in totals] == last["total"], (totals, last)
    assert sum(last["cards"]) in (100, 200)
    expect(page.locator(".dp-summary .dp-out-order")).to_contain_text("1st")
    expect(page.locator(".dp-summary")).to_contain_text(NAME)   # the name is text, never markup
    me = page.locator(".board", has_text=NAME).locator(".score")
    expect(me).to_have_text(str(last["totals"][0]))
    expect(log_lines(page).filter(has_text=f"{NAME} plays the Herald")).to_have_count(1)
    expect(log_lines(page).filter(has_text="gives the Dragon's round")).to_have_count(1)
    expect(log_lines(page).filter(has_text="score").first).to_be_visible()
    # the next hand starts at once: High Flight again
    expect(status(page)).to_contain_text("High Flight")
    page.screenshot(path=str(artifacts / "dragon_phoenix_desktop.png"), full_page=True)

    phone = new_context(360, 740, user=(NAME, api))
    phone.goto(f"/#/table/{table_id}")
    expect(phone.locator(".dp-summary .dp-h")).to_have_text("End of hand 1")
    expect(phone.locator(".dp-hand .dp-card").first).to_be_visible()
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 362, width
    phone.screenshot(path=str(artifacts / "dragon_phoenix_phone.png"), full_page=True)
    assert not page.dialogs and not phone.dialogs
    assert not page.errors and not phone.errors, page.errors + phone.errors
    assert not page.console_errors and not phone.console_errors, page.console_errors + phone.console_errors


def test_the_table_page_asks_for_each_thing_once(new_context, api):
    """The page's inline script sends its first requests while the modules load, and the page uses those answers:
    the view, the log's history, the game list, the game's module and stylesheet are each fetched once."""
    name = "early-bird"
    api.register(name)
    response = api.post("/api/tables", name, json={"game": "dragon_phoenix", "players": 4, "seed": "dp-early"})
    table_id = response.json["id"]
    assert api.post(f"/api/tables/{table_id}/bots", name, json={"count": 3, "level": "heuristic"}).status_code == 200

    page = new_context(user=(name, api), poll_ms=60_000)  # no poll during the test
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url.split("/", 3)[3]))
    page.goto(f"/#/table/{table_id}")
    expect(page.locator(".dp-table")).to_be_visible()
    expect(status(page)).to_contain_text("High Flight")
    page.wait_for_timeout(300)  # anything asked a second time would be on its way by now
    for path in (f"api/tables/{table_id}", f"api/tables/{table_id}/notifications?after=0", "api/games",
                 "games/dragon_phoenix/client.js", "games/dragon_phoenix/client.css"):
        assert asked.count(path) == 1, (path, asked)
    assert page.evaluate("window.earlyRequests.size") == 0  # api.js took every early answer
    assert not page.errors, page.errors
