"""Zhubu Shengji's renderer (games/zhubu_shengji/client.js) in a real Chromium: a whole hand against a heuristic
bot by clicking cards and buttons (and the keyboard), the wilds' readings, the summary, phone width."""
from __future__ import annotations

import time

try:
    from playwright.sync_api import expect
except ImportError:  # the fixtures skip (or fail under REQUIRE_E2E=1) with the reason
    expect = None

from tests.e2e.test_client import wait_until

NAME = "<img src=x onerror=alert(1)>zs"
RANKS = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]
NATURALS = [r + s for r in RANKS for s in "CDHS"]
# Seat 0 (the page's player, the non-dealer: she chooses the first lead) holds these 14 plus 2C 2D X1.
MINE = ["6C", "6D", "7C", "8C", "9C", "10C", "JC", "QC", "KH", "AH", "AD", "9D", "10D", "QS"]


def fixed_deal() -> dict:
    rest = [c for c in NATURALS if c not in MINE]
    return {"hands": [MINE, rest[:14]], "undealt": rest[14:], "dealer": 1}


def card(page, code: str):
    return page.locator(f'.zs-hand-cards [data-card="{code}"]')


def synced(page, api, table_id):
    """The view as the API has it, once the page shows the same move. The page may be further on than a
    view read a moment before: it asks the server to play the bot's pending turn (POST .../continue)."""
    for _ in range(80):  # bounded: 8 s, as an expect() waits
        view = api.view(table_id, NAME)
        if page.locator("section.table-page").get_attribute("data-move") == str(view["table"]["move"]):
            return view
        page.wait_for_timeout(100)
    raise AssertionError(f"the page never showed the move the API had ({view['table']['move']})")


def test_a_whole_hand_through_the_renderer(new_context, api, artifacts):
    started = time.monotonic()
    api.register(NAME)
    me = api.ids[NAME]
    answer = api.post("/api/tables", NAME, json={"game": "zhubu_shengji", "players": 2, "seed": "zs-7",
                                                 "options": {"deal": fixed_deal()}})
    assert answer.status_code == 201, answer.json
    table_id = answer.json["id"]
    assert api.post(f"/api/tables/{table_id}/bots", NAME, json={"count": 1, "level": "heuristic"}).status_code == 200

    page = new_context(user=(NAME, api))
    page.goto(f"/#/table/{table_id}")
    status = page.locator(".status-bar")
    expect(status).to_contain_text("may lead or let the dealer lead")
    expect(status).to_have_class("status-bar my-turn")
    # The hand, sorted, with the public wilds; the opponent's count and face-up wilds; whose lead.
    expect(page.locator(".zs-hand-cards .zs-card")).to_have_count(17)
    codes = page.locator(".zs-hand-cards .zs-card").evaluate_all("els => els.map(e => e.dataset.card)")
    assert codes[:3] == ["6C", "6D", "7C"] and codes[-3:] == ["2C", "2D", "X1"]
    opponent = page.locator(".zs-player").filter(has_not_text="(you)")
    expect(opponent).to_contain_text("17 cards in hand")
    expect(opponent.locator(".zs-card")).to_have_count(3)          # 2H 2S X2 face up
    expect(page.locator(".zs-trick")).to_contain_text("may lead or let the dealer lead")
    expect(page.get_by_role("button", name="Let the dealer lead")).to_be_visible()

    # K + 2 + Joker can be read several ways: the player chooses what the wilds stand for.
    for code in ("KH", "2C", "X1"):
        card(page, code).click()
    readings = page.locator(".zs-readings")
    expect(readings).to_contain_text("a run K-A-2 (wilds as A, 2) (default)")
    expect(readings).to_contain_text("three Ks (wilds as K, K)")
    expect(page.locator("#zs-play")).to_have_text("Play 3 cards")
    page.get_by_role("button", name="Clear selection").click()
    expect(page.locator(".zs-hand-cards .zs-selected")).to_have_count(0)

    # The keyboard: tab to a card, Space selects, Enter plays (a pair of 6s leads the first trick).
    card(page, "6C").focus()
    page.keyboard.press("Space")
    expect(card(page, "6C")).to_have_attribute("aria-checked", "true")
    page.keyboard.press("Tab")
    expect(card(page, "6D")).to_be_focused()
    page.keyboard.press("Space")
    expect(page.locator(".zs-reading")).to_contain_text("a pair of 6s")
    page.keyboard.press("Enter")
    expect(page.locator(".log-lines li").filter(has_text="plays a pair of 6s").first).to_be_visible()
    expect(card(page, "6C")).to_have_count(0)

    # The rest of the hand: play the marked (legal) cards when there are some, else pass. Bounded.
    plays = passes = 0
    for _ in range(60):
        view = synced(page, api, table_id)
        if view["data"]["reveal"] or view["table"]["status"] != "playing":
            break
        if me not in view["state"]["active_players"]:
            page.wait_for_timeout(150)
            continue
        hinted = page.locator('.zs-hand-cards [data-hint="1"]')
        move = view["table"]["move"]
        if plays == 2 and view["data"]["trick"]:     # mid-hand: the trick on the table, who played what
            expect(page.locator(".zs-trick .zs-play")).to_have_count(len(view["data"]["trick"]))
            expect(page.locator(".zs-to-beat")).to_contain_text(view["data"]["trick"][-1]["combo_name"])
            page.screenshot(path=str(artifacts / "zhubu_shengji_desktop_trick.png"), full_page=True)
        if hinted.count():
            for i in range(hinted.count()):
                hinted.nth(i).click()
            page.locator("#zs-play").click()
            plays += 1
        else:
            page.locator("#zs-pass").click()
            passes += 1
        wait_until(lambda m=move: api.view(table_id, NAME)["table"]["move"] > m, what="the move to be taken")
        expect(page.locator(".action-error")).to_be_hidden()
    else:
        raise AssertionError("the hand did not end within 60 turns")
    assert plays >= 1

    # The end-of-hand summary: who went out, S(n), card points, totals as the server scored them.
    view = synced(page, api, table_id)
    result = view["data"]["reveal"]["result"]
    summary = page.locator(".zs-summary")
    expect(summary).to_contain_text(f"went out with {result['cards_left']} card")
    expect(summary).to_contain_text(f"= {result['going_out']}")
    expect(summary).to_contain_text("Trick card points")
    for pid, total in result["total"].items():
        expect(summary.locator(f'.zs-total td[data-player="{pid}"]')).to_have_text(str(total))
    expect(summary.locator(".zs-card")).to_have_count(8 + result["cards_left"])   # undealt + what was left
    expect(page.locator(".log-lines li").filter(has_text="goes out").first).to_be_visible()
    for p in view["table"]["players"]:
        expect(page.locator(f'.board[data-player="{p["id"]}"] .score')).to_have_text(str(p["score"]))
    if view["table"]["status"] == "playing":
        expect(status).to_contain_text("look at the hand's cards")
    page.screenshot(path=str(artifacts / "zhubu_shengji_desktop.png"), full_page=True)

    phone = new_context(360, 740, user=(NAME, api))
    phone.goto(f"/#/table/{table_id}")
    expect(phone.locator(".zs-summary")).to_contain_text("went out")
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 362, f"the page is {width} px wide at 360 px"
    phone.screenshot(path=str(artifacts / "zhubu_shengji_phone.png"), full_page=True)

    if view["table"]["status"] == "playing":      # on to the next hand, by the button
        page.get_by_role("button", name="Next hand").click()
        expect(page.locator(".zs-info")).to_contain_text("Hand 2 of 12")
        expect(page.locator(".zs-history")).to_contain_text("Hands played: 1")
    assert page.dialogs == [] and phone.dialogs == []
    assert page.errors == [] and phone.errors == []
    assert page.console_errors == [] and phone.console_errors == []
    print(f"{plays} plays, {passes} passes, {time.monotonic() - started:.1f} s")


def test_the_bidding_panel(new_context, api):
    """The bidding variant: the bot deals and bids 1; the page's player raises to 3 with the panel; the bot
    passes, so she holds the contract and leads."""
    name = "zs-bidder"
    api.register(name)
    answer = api.post("/api/tables", name, json={"game": "zhubu_shengji", "players": 2,
                                                 "options": {"deal": fixed_deal(), "bidding": True}})
    assert answer.status_code == 201, answer.json
    table_id = answer.json["id"]
    assert api.post(f"/api/tables/{table_id}/bots", name, json={"count": 1, "level": "heuristic"}).status_code == 200
    page = new_context(user=(name, api))
    page.goto(f"/#/table/{table_id}")
    expect(page.locator(".status-bar")).to_contain_text("may bid 1 or more cards, or pass")
    panel = page.locator(".zs-auction")
    expect(panel).to_contain_text("Current bid: 1 by Heuristic bot")
    expect(page.get_by_role("button", name="Pass (no bid)")).to_be_visible()
    panel.get_by_label("Number of cards to bid").select_option("3")
    panel.get_by_role("button", name="Bid", exact=True).click()
    expect(page.locator(".zs-info")).to_contain_text(f"Contract: {name} (you) bids 3 cards")
    expect(panel).to_contain_text("bids 3")
    expect(page.locator(".status-bar")).to_contain_text("You must play")
    expect(page.locator(".zs-hand-cards [data-hint='1']")).not_to_have_count(0)
    assert page.dialogs == [] and page.errors == []
