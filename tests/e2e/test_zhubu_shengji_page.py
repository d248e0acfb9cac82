"""Zhubu Shengji's renderer (games/zhubu_shengji/client.js) in a real Chromium: a whole hand against a heuristic
bot on a laptop and on a phone, by clicking cards and buttons (and the keyboard); at every turn of the page's player
the table is checked against the API's view: the status says whether she leads or what she must beat, every playable
card is marked, each seat shows its player's latest play and cards left; the log never shows a card code."""
from __future__ import annotations

import random
import re
import time

import pytest

try:
    from playwright.sync_api import expect
except ImportError:  # the fixtures skip (or fail under REQUIRE_E2E=1) with the reason
    expect = None

from tests.e2e.test_client import wait_until
from tests.http_play import choose_move

NAME = "<img src=x onerror=alert(1)>zs"
RANKS = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]
NATURALS = [r + s for r in RANKS for s in "CDHS"]
# Seat 0 (the page's player, the non-dealer: she chooses the first lead) holds these 14 plus 2C 2D X1.
MINE = ["6C", "6D", "7C", "8C", "9C", "10C", "JC", "QC", "KH", "AH", "AD", "9D", "10D", "QS"]
CARD_CODE = re.compile(r"\b(?:10|[2-9JQKA])[CDHS]\b|\bX[12]\b")
VIEWPORTS = {"desktop": (1280, 800), "phone": (390, 844)}


def fixed_deal() -> dict:
    rest = [c for c in NATURALS if c not in MINE]
    return {"hands": [MINE, rest[:14]], "undealt": rest[14:], "dealer": 1}


def card(page, code: str):
    return page.locator(f'.zs-hand-cards [data-card="{code}"]')


def codes(locator) -> list[str]:
    return locator.evaluate_all("els => els.map(e => e.dataset.card)")


def synced(page, api, table_id, name):
    """The view as the API has it, once the page shows the same move. The page may be further on than a
    view read a moment before: it asks the server to play the bot's pending turn (POST .../continue)."""
    for _ in range(100):  # bounded: 10 s, the longest a paced batch of moves takes to be shown
        view = api.view(table_id, name)
        if page.locator("section.table-page").get_attribute("data-move") == str(view["table"]["move"]):
            return view
        page.wait_for_timeout(100)
    raise AssertionError(f"the page never showed the move the API had ({view['table']['move']})")


def check_the_table(page, view):
    """What a player sees at her turn, against the view: the status, the playable marks, the seats."""
    data, state = view["data"], view["state"]
    trick = data["trick"]
    if state["name"] == "playerTurn":
        status = page.locator(".status-bar")
        if trick:   # item 7: what she must beat, here and in the middle of the table
            expect(status).to_contain_text(f"You must beat {trick[-1]['combo_name']} or pass")
            expect(page.locator(".zs-to-beat")).to_contain_text(f"To beat: {trick[-1]['combo_name']}")
        else:
            expect(status).to_contain_text("You lead: play any set, run or bomb")
    # Every card some play uses is marked, and only those (the server's list: no rule is decided in the page).
    assert codes(page.locator('.zs-hand-cards [data-playable="1"]')) == state["args"]["playable"]
    # Each seat: the cards left, and the player's latest play of the trick in front of it; the rest folded away.
    latest = {}
    for play in trick:
        latest[play["player_id"]] = play
    for pid, size in data["hand_sizes"].items():
        seat = page.locator(f'.zs-seat[data-player="{pid}"]')
        expect(seat.locator(".zs-count")).to_have_text(f"{size} card{'' if size == 1 else 's'} left")
        shown = seat.locator(".zs-seat-play .zs-card")
        play = latest.get(int(pid))
        expect(shown).to_have_count(len(play["cards"]) if play else 0)
        if play:
            assert codes(shown) == play["cards"]
            expect(seat.locator(".zs-seat-play .zs-play-name")).to_contain_text(play["combo_name"])
            expect(seat.locator(".zs-bomb-tag")).to_have_count(1 if play["combo"]["kind"] == "bomb" else 0)
    earlier = len(trick) - len(latest)
    expect(page.locator(".zs-earlier summary")).to_have_count(1 if earlier else 0)
    if earlier:
        expect(page.locator(".zs-earlier summary")).to_have_text(f"Earlier plays in this trick ({earlier})")
    if trick:   # the newest play stands out, by its frame and its words
        newest = page.locator(".zs-newest")
        expect(newest).to_have_attribute("data-player", str(trick[-1]["player_id"]))
        expect(newest.locator(".zs-play-tag")).to_have_text("latest")


@pytest.mark.parametrize("device", sorted(VIEWPORTS))
def test_a_whole_hand_through_the_renderer(new_context, api, live_app, artifacts, device):
    started = time.monotonic()
    name = f"{NAME}{device[0]}"   # "...zsd", "...zsp": a name of at most 32 characters
    api.register(name)
    me = api.ids[name]
    answer = api.post("/api/tables", name, json={"game": "zhubu_shengji", "players": 2, "seed": "zs-7",
                                                 "options": {"deal": fixed_deal()}})
    assert answer.status_code == 201, answer.json
    table_id = answer.json["id"]
    assert api.post(f"/api/tables/{table_id}/bots", name, json={"count": 1, "level": "heuristic"}).status_code == 200
    bot = next(p["id"] for p in api.view(table_id, name)["table"]["players"] if p["id"] != me)

    width, height = VIEWPORTS[device]
    page = new_context(width, height, user=(name, api))
    page.goto(f"/#/table/{table_id}")
    status = page.locator(".status-bar")
    expect(status).to_contain_text("may lead or let the dealer lead")
    expect(status).to_have_class("status-bar my-turn")
    # The hand, sorted, with the public wilds; the opponent's seat: cards left and face-up wilds; whose lead.
    expect(page.locator(".zs-hand-cards .zs-card")).to_have_count(17)
    hand = codes(page.locator(".zs-hand-cards .zs-card"))
    assert hand[:3] == ["6C", "6D", "7C"] and hand[-3:] == ["2C", "2D", "X1"]
    opponent = page.locator(f'.zs-seat[data-player="{bot}"]')
    expect(opponent.locator(".zs-count")).to_have_text("17 cards left")
    expect(opponent.locator(".zs-seat-cards .zs-card")).to_have_count(3)          # 2H 2S X2 face up
    expect(opponent.locator(".zs-badge")).to_have_text("dealer")
    expect(page.locator(".zs-centre")).to_contain_text("may lead or let the dealer lead")
    expect(page.get_by_role("button", name="Let the dealer lead")).to_be_visible()
    # Leading, every card is playable (any card alone is a lead) and each says so to a screen reader.
    expect(page.locator('.zs-hand-cards [data-playable="1"]')).to_have_count(17)
    expect(card(page, "QS")).to_have_attribute("aria-label", "queen of spades, playable")
    expect(card(page, "2C")).to_have_attribute("aria-label", "2 of clubs, wild, 6 points, playable")

    # K + 2 + Joker can be read several ways: the player chooses what the wilds stand for.
    for code in ("KH", "2C", "X1"):
        card(page, code).click()
    readings = page.locator(".zs-readings")
    expect(readings).to_contain_text("a run K-A-2 (wilds as A, 2) (default)")
    expect(readings).to_contain_text("three Ks (wilds as K, K)")
    expect(page.locator("#zs-play")).to_have_text("Play a run K-A-2")
    readings.get_by_label("three Ks (wilds as K, K)").check()
    expect(page.locator("#zs-play")).to_have_text("Play three Ks")
    page.get_by_role("button", name="Clear selection").click()
    expect(page.locator(".zs-hand-cards .zs-selected")).to_have_count(0)

    # The keyboard: a card is a button; Space selects (a tick, not only a colour), arrows move, Enter plays.
    card(page, "6C").focus()
    page.keyboard.press("Space")
    expect(card(page, "6C")).to_have_attribute("aria-pressed", "true")
    expect(card(page, "6C").locator(".zs-check")).to_have_text("✓")
    page.keyboard.press("ArrowRight")
    expect(card(page, "6D")).to_be_focused()
    page.keyboard.press("Space")
    expect(page.locator(".zs-reading")).to_contain_text("a pair of 6s")
    page.keyboard.press("Enter")
    expect(page.locator(".log-lines li").filter(has_text="plays a pair of 6s").first).to_be_visible()
    expect(card(page, "6C")).to_have_count(0)

    # The rest of the hand, the heuristic's moves played through the page; the table checked at every turn.
    chooser, plays, passes, shot = random.Random(device), 0, 0, False
    for _ in range(60):
        view = synced(page, api, table_id, name)
        if view["data"]["reveal"] or view["table"]["status"] != "playing":
            break
        if me not in view["state"]["active_players"]:
            page.wait_for_timeout(150)
            continue
        check_the_table(page, view)
        if len(view["data"]["trick"]) >= 2 and not shot:
            page.screenshot(path=str(artifacts / f"zhubu_shengji_{device}_trick.png"))
            shot = True
        action, args = choose_move(live_app, table_id, me, chooser, heuristic=True)
        move = view["table"]["move"]
        if action == "playCards":
            for code in args["cards"]:
                card(page, code).click()
            page.locator("#zs-play").click()
            plays += 1
        else:
            page.locator("#zs-pass").click()
            passes += 1
        wait_until(lambda m=move: api.view(table_id, name)["table"]["move"] > m, what="the move to be taken")
        expect(page.locator(".action-error")).to_be_hidden()
    else:
        raise AssertionError("the hand did not end within 60 turns")
    assert plays >= 1 and shot

    # The end-of-hand summary: who went out, S(n), card points, totals as the server scored them.
    view = synced(page, api, table_id, name)
    result = view["data"]["reveal"]["result"]
    summary = page.locator(".zs-summary")
    left = result["cards_left"]
    expect(summary).to_contain_text(f"went out with {left} card{'' if left == 1 else 's'} left")
    expect(summary).to_contain_text(f"= {result['going_out']}")
    expect(summary).to_contain_text("Trick card points")
    for pid, total in result["total"].items():
        expect(summary.locator(f'.zs-total td[data-player="{pid}"]')).to_have_text(str(total))
    expect(summary.locator(".zs-card")).to_have_count(8 + left)   # undealt + what was left
    expect(page.locator(".log-lines li").filter(has_text="goes out").first).to_be_visible()
    if view["table"]["status"] == "playing":
        expect(status).to_contain_text("look at the hand's cards")
    page.screenshot(path=str(artifacts / f"zhubu_shengji_{device}.png"), full_page=True)

    # The log names cards (mini-cards or "Q♥"), never by code, and counts agree with their nouns.
    lines = page.locator(".log-lines li").all_inner_texts()
    assert any("You are dealt" in line for line in lines)
    assert not [line for line in lines if CARD_CODE.search(line)], lines
    assert not [line for line in lines if re.search(r"\b1 cards\b", line)], lines
    # Grouped by trick: the line that ends each trick (a pass, or who takes a bomb's cards after it) and the hand's
    # score head their groups; nothing else does.
    heads = page.locator(".log-lines li.log-group-end").all_inner_texts()
    assert heads and all(re.search(r"passes|wins the trick|goes out", head) for head in heads), heads
    assert "goes out" in heads[0] and len(heads) >= passes + 1, heads   # each of the player's passes ended a trick
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width + 2, f"the page is {scroll} px wide at {width} px"

    if view["table"]["status"] == "playing":      # on to the next hand, by the button
        page.get_by_role("button", name="Next hand").click()
        expect(page.locator(".zs-info")).to_contain_text("Hand 2 of 12")
        expect(page.locator(".zs-history")).to_contain_text("Hands played: 1")
        expect(page.locator(".zs-summary")).to_have_count(1)
        expect(page.locator(".zs-summary")).to_be_empty()
    assert page.dialogs == [] and page.errors == [] and page.console_errors == []
    print(f"{device}: {plays} plays, {passes} passes, {time.monotonic() - started:.1f} s")


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
    expect(panel).to_contain_text("Current bid: 1 card by Heuristic bot")
    expect(page.get_by_role("button", name="Pass (no bid)")).to_be_visible()
    panel.get_by_label("Number of cards to bid").select_option("3")
    panel.get_by_role("button", name="Bid", exact=True).click()
    expect(page.locator(".zs-info")).to_contain_text(f"Contract: {name} (you) bids 3 cards")
    expect(panel).to_be_hidden()   # the auction is over: the contract stands among the facts
    expect(page.locator(".status-bar")).to_contain_text("You lead: play any set, run or bomb")
    expect(page.locator(".zs-hand-cards [data-playable='1']")).to_have_count(17)
    expect(page.locator(".log-lines li").filter(has_text="wins the bidding at 3 cards and leads")).to_have_count(1)
    assert page.dialogs == [] and page.errors == []


# When each thing first showed on the table, by the page's clock: a seat's play or note, the won trick's banner.
TABLE_TIMES = """
window.zsTimes = {};
new MutationObserver(() => {
  const now = performance.now(), times = window.zsTimes;
  const mark = (key) => { if (!(key in times)) times[key] = now; };
  for (const seat of document.querySelectorAll(".zs-seat-play")) {
    const cards = [...seat.querySelectorAll(".zs-card")].map((c) => c.dataset.card).join(" ");
    if (cards) mark(`${seat.dataset.player} plays ${cards}`);
    const note = seat.querySelector(".zs-note");
    if (note) mark(`${seat.dataset.player} ${note.textContent}`);
  }
  if (document.querySelector(".zs-trick-won")) mark("trick won");
  else if ("trick won" in times) mark("trick gathered");
}).observe(document, { subtree: true, childList: true });
"""


def test_the_table_is_paced_move_by_move(new_context, api):
    """At the default pace: the bot's answer comes at least 0.5 s after the play it answers, a pass shows at the
    seat, the won trick stays on the table 1.5 s (named "wins the trick") before the next lead."""
    name = "zs-paced"
    api.register(name)
    me = api.ids[name]
    answer = api.post("/api/tables", name, json={"game": "zhubu_shengji", "players": 2,
                                                 "options": {"deal": fixed_deal()}})
    table_id = answer.json["id"]
    assert api.post(f"/api/tables/{table_id}/bots", name, json={"count": 1, "level": "heuristic"}).status_code == 200
    bot = next(p["id"] for p in api.view(table_id, name)["table"]["players"] if p["id"] != me)
    page = new_context(user=(name, api), pace=None)   # the player's default pace: 0.7 s
    page.add_init_script(TABLE_TIMES)
    page.goto(f"/#/table/{table_id}")
    card(page, "6C").click()
    card(page, "6D").click()
    page.locator("#zs-play").click()
    expect(page.locator(f'.zs-seat-play[data-player="{bot}"] .zs-card')).to_have_count(2)   # the bot's pair of 7s
    times = page.evaluate("window.zsTimes")
    answered = times[f"{bot} plays 7D 7H"] - times[f"{me} plays 6C 6D"]
    assert answered >= 500, times

    expect(page.locator("#zs-pass")).to_be_visible()
    page.locator("#zs-pass").click()
    expect(page.locator(f'.zs-seat-play[data-player="{me}"] .zs-note')).to_have_text("passes")
    expect(page.locator(".zs-trick-won")).to_contain_text("Heuristic bot 1 wins the trick")
    expect(page.locator(f'.zs-seat-play[data-player="{bot}"] .zs-play-tag')).to_have_text("wins the trick")
    expect(page.locator(".zs-last summary")).to_contain_text("Last trick: won by Heuristic bot 1")  # gathered
    times = page.evaluate("window.zsTimes")
    assert times[f"{me} passes"] <= times["trick won"], times
    assert times["trick gathered"] - times["trick won"] >= 1400, times
    assert page.errors == [] and page.console_errors == []
