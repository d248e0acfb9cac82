"""Summon the Dragon through its own renderer (games/summon_dragon/client.js) in a real Chromium: a whole hand
against heuristic bots, bidding, the option, the discard, twelve tricks and the hand's summary."""
from __future__ import annotations

import re

from .test_client import expect, log_lines, status

RANKS = ["1", "2", "3", "4", "5", "6", "7", "8", "mage", "warrior", "queen", "king", "elemental"]
SUITS = ["earth", "wind", "fire", "water"]


def fixed_deal() -> dict:
    """Seat 0 holds the Dragon and the earth 3..Elemental: earth trump wins every trick. Seat 3 deals."""
    mine = ["dragon"] + [f"{r}-earth" for r in RANKS[2:]]
    kitty = [f"{r}-wind" for r in RANKS[:5]]
    rest = [f"{r}-{s}" for s in SUITS for r in RANKS if f"{r}-{s}" not in mine + kitty]
    others = [rest[i::3] for i in range(3)]
    return {"hands": [mine, *others], "kitty": kitty, "dealer": 3}


def test_a_whole_hand_through_the_summon_dragon_page(new_context, api, artifacts):
    name = "sd<i>anna</i>"
    api.register(name)
    created = api.post("/api/tables", name, json={"game": "summon_dragon", "players": 4, "seed": "sd-7",
                                                  "options": {"deal": fixed_deal()}})
    assert created.status_code == 201, created.json
    table_id = created.json["id"]
    assert api.view(table_id, name)["table"]["players"][0]["name"] == name
    bots = api.post(f"/api/tables/{table_id}/bots", name, json={"count": 3, "level": "heuristic"})
    assert bots.status_code in (200, 201), bots.json

    page = new_context(user=(name, api))
    page.goto(f"/#/table/{table_id}")
    area = page.locator(".game-area")
    expect(status(page)).to_contain_text("You must bid at least", timeout=15000)
    expect(area.locator(".sd-auction")).to_be_visible()
    expect(page.locator(".sd-hand .sd-card")).to_have_count(12)
    assert page.locator(".sd-hand .sd-card").first.get_attribute("data-card") == "dragon"   # sorted: Dragon first

    # The auction: pick a number and a designation in the panel, then the Bid button (the bots may overbid).
    for _ in range(6):
        if "must bid" not in status(page).inner_text():
            break
        # The panel may be drawn anew as a bot's bid arrives: read its numbers once it has them.
        expect(area.locator("select.sd-bid-number option").first).to_be_attached()
        numbers = area.locator("select.sd-bid-number option").all_inner_texts()
        area.locator("select.sd-bid-number").select_option(str(max(int(numbers[0]), 10)))
        area.get_by_role("radio", name=re.compile("Earth")).click()
        page.locator(".action-buttons button", has_text=re.compile(r"^Bid \d+ Earth$")).click()
        expect(status(page)).not_to_contain_text("You must bid")
    expect(status(page)).to_contain_text("You must summon the Dragon, take the kitty or go no-help")
    expect(area.locator(".sd-bids li").filter(has_text="bids")).not_to_have_count(0)
    contract = api.view(table_id, name)["data"]["contract"]
    assert contract["designation"] == "earth" and contract["player_id"] == api.ids[name]
    bid = contract["tricks"]
    # Holding the Dragon, Summon is not offered.
    expect(page.locator(".action-buttons button", has_text="Summon the Dragon")).to_have_count(0)
    page.locator(".action-buttons button", has_text="Take the kitty").click()

    # The discard: the five kitty cards, four by click and one from the keyboard (Space).
    expect(status(page)).to_contain_text("You must discard 5")
    expect(page.locator(".sd-hand .sd-card")).to_have_count(17)
    discard_button = page.locator(".action-buttons button.sd-discard-button")
    expect(discard_button).to_be_disabled()
    for rank in RANKS[:4]:
        page.locator(f'.sd-hand .sd-card[data-card="{rank}-wind"]').click()
    page.locator('.sd-hand .sd-card[data-card="5-wind"]').focus()
    page.keyboard.press("Space")
    expect(page.locator(".sd-hand .sd-selected")).to_have_count(5)
    expect(discard_button).to_have_text("Discard 5 of 5")
    discard_button.click()
    expect(page.locator(".sd-my-discards .sd-card")).to_have_count(5)
    expect(area.locator(".sd-trump")).to_contain_text("Trump: ▲ Earth")

    # Twelve tricks: the page marks the playable cards; select one and Play (Enter on the keyboard once).
    played = 0
    for trick in range(14):
        expect(status(page)).to_contain_text(re.compile(r"You must play a card|must bid|Game over"), timeout=10000)
        if "You must play a card" not in status(page).inner_text():
            break
        card = page.locator(".sd-hand .sd-playable").first
        code = card.get_attribute("data-card")
        if trick == 0:
            expect(area.locator(".sd-felt .sd-seat")).to_have_count(4)
            page.screenshot(path=str(artifacts / "summon_dragon_desktop_play.png"), full_page=True)
        if trick == 1:
            card.focus()
            page.keyboard.press("Enter")
        else:
            card.click()
            expect(card).to_have_class(re.compile("sd-selected"))
            page.locator(".action-buttons button.sd-play-button").click()
        expect(page.locator(f'.sd-hand .sd-card[data-card="{code}"]')).to_have_count(0)
        played += 1
        if played < 12:
            expect(area.locator(".sd-last")).to_contain_text("won")
    assert played == 12

    # The summary of the hand: made, the formula, the totals; the shell's boards carry the scores.
    summary = area.locator(".sd-summary")
    expect(summary).to_contain_text("Hand 1 result")
    expect(summary).to_contain_text("made")
    points = 10 * bid + 5 * (13 - bid)
    expect(summary.locator("tbody tr").first).to_contain_text(f"10×{bid} + 5×(13−{bid}) = {points}")
    expect(summary.locator("tbody tr").nth(1)).to_contain_text("5×(13−13) = 0")
    expect(summary).to_contain_text("Final trick (worth two)")
    expect(page.locator(".board", has_text=name).locator(".score")).to_have_text(str(points))
    expect(log_lines(page).filter(has_text="wins the last trick, worth two")).to_have_count(1)
    expect(log_lines(page).filter(has_text=re.compile(r"team made \d+ with 13"))).to_have_count(1)
    expect(status(page)).to_contain_text(re.compile(r"must bid|must summon|must discard|must play"))
    page.screenshot(path=str(artifacts / "summon_dragon_desktop_summary.png"), full_page=True)

    phone = new_context(360, 740, user=(name, api))
    phone.goto(f"/#/table/{table_id}")
    expect(phone.locator(".game-area .sd-summary")).to_contain_text("made")
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 362, width
    phone.screenshot(path=str(artifacts / "summon_dragon_phone.png"), full_page=True)
    assert not page.dialogs and not phone.dialogs
    assert not page.errors and not phone.errors
    assert not page.console_errors and not phone.console_errors, page.console_errors + phone.console_errors


def test_the_dragon_is_declared_when_led_in_no_trump(new_context, api, artifacts):
    """Bid 13 high no-trump (the auction ends at once), go no-help, lead the Dragon naming fire and highest."""
    name = "sd-bea"
    api.register(name)
    created = api.post("/api/tables", name, json={"game": "summon_dragon", "players": 4,
                                                  "options": {"deal": fixed_deal()}})
    assert created.status_code == 201, created.json
    table_id = created.json["id"]
    bots = api.post(f"/api/tables/{table_id}/bots", name, json={"count": 3, "level": "heuristic"})
    assert bots.status_code in (200, 201), bots.json

    page = new_context(360, 740, user=(name, api))
    page.goto(f"/#/table/{table_id}")
    area = page.locator(".game-area")
    expect(status(page)).to_contain_text("You must bid at least 3")
    area.locator("select.sd-bid-number").select_option("13")
    area.get_by_role("radio", name="High no-trump").click()
    page.get_by_role("button", name="Bid 13 High no-trump").click()
    expect(status(page)).to_contain_text("You must summon the Dragon, take the kitty or go no-help")
    page.get_by_role("button", name="No help (+25)").click()
    expect(status(page)).to_contain_text("You must play a card")
    expect(area.locator(".sd-trump")).to_contain_text("No trump: highest wins")

    page.locator('.sd-hand .sd-card[data-card="dragon"]').click()
    choice = area.locator(".sd-dragon-choice")
    expect(choice).to_be_visible()
    choice.get_by_role("radio", name="fire").click()
    choice.get_by_role("radio", name="highest").click()
    expect(choice.get_by_role("radio", name="fire")).to_have_attribute("aria-checked", "true")
    page.screenshot(path=str(artifacts / "summon_dragon_phone_dragon.png"), full_page=True)
    page.locator(".action-buttons button.sd-play-button").click()
    expect(log_lines(page).filter(has_text="plays the Dragon as the highest fire")).to_have_count(1)
    expect(page.locator('.sd-hand .sd-card[data-card="dragon"]')).to_have_count(0)
    expect(area.locator('.sd-last .sd-card[data-card="dragon"]')).to_have_attribute("title", "Dragon (highest fire)")
    expect(area.locator(".sd-last")).to_contain_text(f"{name} won")
    assert not page.errors
