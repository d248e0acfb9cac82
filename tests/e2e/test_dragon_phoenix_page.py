"""Dragon and Phoenix through its own renderer (games/dragon_phoenix/client.js) in a real Chromium: a whole hand
against heuristic bots on a 1280x800 laptop and the next one on a 390x844 phone, by clicking cards and buttons.
What a player sees is asserted: the seats round the felt with each player's latest play, the Play button naming
the selection or saying why it cannot be played, the wish asked with the Herald and kept as a chip, a log with
card names and no codes, the hand-end summary and the scores table, keyboard use and the axe check of the table."""
from __future__ import annotations

import re
import time

from .test_client import expect, log_lines, status

NAME = "<img src=x onerror=alert(1)>dp"
CODE = re.compile(r"\b(?:10|[2-9JQKA])[CDHS]\b|\b(?:herald|fox|phoenix|dragon)\b")  # a card code, as the API has it

# The browser's player (seat 0) holds the Herald (so leads first), the Dragon and all four Queens: a wish for
# Queens stays in force until they play one. The bots hold no bomb.
DEAL = {"hands": [
    ["herald", "dragon", "3C", "5D", "7H", "9S", "JC", "KD", "4C", "QC", "QD", "QH", "QS"],
    ["fox", "3D", "4H", "5S", "6C", "7D", "8H", "9C", "10D", "JH", "KS", "AC", "6D"],
    ["phoenix", "3H", "4S", "5C", "6H", "7S", "8C", "9D", "10H", "JS", "KC", "AD", "8D"],
    ["3S", "4D", "5H", "6S", "7C", "8S", "9H", "10C", "10S", "JD", "KH", "AH", "AS"],
]}
HAND_SECONDS = 150  # a bound on one hand, with the shell's pacing of the bots' moves


def settled(page, api, table_id: int):
    """Wait until the page shows the table's latest move (the shell may still be pacing the bots' moves)."""
    expect(page.locator(".table-page")).to_have_attribute("data-move", str(api.view(table_id, NAME)["table"]["move"]),
                                                         timeout=HAND_SECONDS * 1000)


def click_if_visible(locator) -> bool:
    try:
        if locator.count() and locator.first.is_visible() and locator.first.is_enabled(timeout=500):
            locator.first.click(timeout=1000)
            return True
    except Exception:  # the view changed under the click: the next turn of the loop looks again
        return False
    return False


def select_only(page, code: str):
    """Select this one card of the hand (the selection cleared first) and wait for its description."""
    click_if_visible(page.locator("button.dp-clear"))
    page.locator(f'.dp-hand .dp-card[data-card="{code}"]').click()
    expect(page.locator(".dp-selection .dp-ok, .dp-selection .dp-why")).to_have_count(1)


def described(page, *codes: str) -> str:
    """Select these cards and return what the page says of them (once the server has described them)."""
    click_if_visible(page.locator("button.dp-clear"))
    for code in codes:
        page.locator(f'.dp-hand .dp-card[data-card="{code}"]').click()
    expect(page.locator(".dp-selection .dp-ok, .dp-selection .dp-why")).to_have_count(1)
    return page.locator(".dp-selection").inner_text()


def play_a_single(page) -> str:
    """Play one card that may be played (lowest when leading, highest otherwise), else pass; '' when nothing."""
    leading = "must lead" in status(page).inner_text()
    top = page.locator(".dp-seat-play.dp-top .dp-card").count()
    if not leading and top > 1:  # a combination: a pair or triple of one rank if it may be played, else pass
        cards = page.locator(".dp-hand .dp-card:not(.dp-blocked)").evaluate_all("els => els.map(e => e.dataset.card)")
        by_rank: dict[str, list[str]] = {}
        for code in cards:
            by_rank.setdefault(code[:-1], []).append(code)
        for group in (g for g in by_rank.values() if top <= 3 and len(g) >= top):
            try:
                described(page, *group[:top])
            except AssertionError:
                return ""  # the view moved on under the selection: look again
            if page.locator(".dp-selection .dp-ok").count() and click_if_visible(page.locator("button.dp-play")):
                return "play"
        click_if_visible(page.locator("button.dp-clear"))
        return "pass" if click_if_visible(page.locator("button.dp-pass")) else ""
    cards = page.locator(".dp-hand .dp-card:not(.dp-blocked)").evaluate_all("els => els.map(e => e.dataset.card)")
    for code in (cards if leading else reversed(cards)):
        try:
            select_only(page, code)
        except AssertionError:
            return ""  # the view moved on under the selection: look again
        if page.locator(".dp-selection .dp-ok").count() and click_if_visible(page.locator("button.dp-play")):
            if click_if_visible(page.locator("button.dp-wish-none")):
                pass
            return "play"
    click_if_visible(page.locator("button.dp-clear"))
    return "pass" if click_if_visible(page.locator("button.dp-pass")) else ""


def take_a_turn(page, passes: tuple[str, ...] = ()) -> str:
    """Do whatever the renderer offers the player now; return what was done ('' when nothing). Passing, the
    cards given (else the three lowest)."""
    if click_if_visible(page.locator("button.action-button", has_text="No High Flight")):
        return "highFlight"
    if page.locator("button.dp-pass-cards").count():
        for _ in range(3):  # a poll may redraw the hand under a click: look again
            lowest = page.locator(".dp-hand .dp-card").evaluate_all("els => els.slice(0, 3).map(e => e.dataset.card)")
            for code in passes or lowest:
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
        return "passCards" if click_if_visible(page.locator("button.dp-pass-cards")) else ""
    if click_if_visible(page.locator("button.dp-give")):
        return "giveDragon"
    if page.locator("button.dp-play").count():
        return play_a_single(page)
    return ""


def play_to_the_summary(page, started: float, done: list[str], shots: dict | None = None):
    """Take turns until the hand-end summary shows."""
    for _ in range(600):  # bounded: a hand is at most a few dozen moves of ours
        if page.locator(".dp-summary:not([hidden])").count():
            return
        assert time.monotonic() - started < HAND_SECONDS, f"the hand took too long; done {done}"
        action = take_a_turn(page)
        if action:
            done.append(action)
            page.wait_for_timeout(150)
            if shots is not None and action == "play" and page.locator(".dp-seat-play .dp-card").count() >= 3:
                shots.setdefault("round", True) and page.screenshot(path=str(shots["path"]), full_page=True)
        else:
            page.wait_for_timeout(120)
    raise AssertionError(f"the hand did not end; done {done}")


def seats_show_latest_plays(page):
    """Four seats round the felt, the partner labelled; a seat's cards are that player's latest play of the round."""
    expect(page.locator(".dp-felt .dp-seat")).to_have_count(4)
    expect(page.locator(".dp-seat.dp-pos-top .dp-role")).to_have_text("Partner")
    expect(page.locator(".dp-seat.dp-pos-bottom .dp-role")).to_have_text("You")
    played = page.locator(".dp-seat .dp-seat-play .dp-cards")
    assert played.count() >= 1
    for seat in page.locator(".dp-felt .dp-seat").all():
        cards = seat.locator(".dp-seat-play .dp-card").evaluate_all("els => els.map(e => e.dataset.card)")
        if cards:
            history = page.locator(f'.dp-history .dp-play-line[data-player="{seat.get_attribute("data-player")}"]')
            latest = history.last.locator(".dp-card").evaluate_all("els => els.map(e => e.dataset.card)")
            assert sorted(cards) == sorted(latest), (cards, latest)


def no_codes_in_the_log(page):
    text = page.locator(".log-lines").inner_text()
    assert not CODE.search(text), CODE.search(text)
    # one line for a round won: "takes the round" only when no "wins the round" said it (the third player out)
    lines = log_lines(page).all_inner_texts()[::-1]
    for before, line in zip(lines, lines[1:], strict=False):
        if line.endswith("takes the round"):
            assert before.endswith("is out (third)"), (before, line)
    expect(log_lines(page).filter(has_text=re.compile(r"\b1 (cards|points)\b"))).to_have_count(0)


def check_the_summary(page, api, table_id: int, hand: int):
    summary = page.locator(".dp-summary")
    expect(summary.locator(".dp-h")).to_have_text(f"End of hand {hand}")
    last = api.view(table_id, NAME)["data"]["last_hand"]
    assert last["hand_number"] == hand
    totals = summary.locator(".dp-hand-total").all_inner_texts()
    assert [int(t) for t in totals] == last["total"], (totals, last)
    expect(summary.locator(".dp-out-order")).to_contain_text("1st")
    if last["double"] is None:
        expect(summary.locator(".dp-final .dp-play-line").first).to_be_visible()   # the final plays
    expect(summary.locator("button.dp-next-hand")).to_be_visible()
    return last


def no_serious_accessibility_violation(page):
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page, context={"include": [[".game-area"]]}).response["violations"]
    serious = [(v["id"], [n["target"] for n in v["nodes"]][:3])
               for v in found if v["impact"] in ("serious", "critical")]
    assert serious == [], serious


def test_whole_hands_through_the_dragon_phoenix_renderer_on_a_laptop_and_a_phone(new_context, api, artifacts):
    api.register(NAME)
    response = api.post("/api/tables", NAME, json={"game": "dragon_phoenix", "players": 4, "seed": "dp-7",
                                                   "options": {"target": 1000, "deal": DEAL}})
    assert response.status_code == 201, response.json
    table_id = response.json["id"]
    assert api.post(f"/api/tables/{table_id}/bots", NAME, json={"count": 3, "level": "heuristic"}).status_code == 200

    page = new_context(user=(NAME, api))
    started = time.monotonic()
    page.goto(f"/#/table/{table_id}")
    expect(page.locator(".dp-table")).to_be_visible()
    expect(page.locator(".generic-data")).to_have_count(0)
    expect(status(page)).to_contain_text("High Flight")
    expect(page.locator(".dp-hand .dp-card")).to_have_count(8)
    # the hand is sorted; a card is a button named for screen readers; Tab reaches it, Space selects it
    codes = page.locator(".dp-hand .dp-card").evaluate_all("els => els.map(e => e.dataset.card)")
    assert codes == ["herald", "3C", "5D", "7H", "9S", "JC", "KD", "dragon"], codes
    seven = page.locator('.dp-hand .dp-card[data-card="7H"]')
    expect(seven).to_have_attribute("aria-label", "7 of hearts")
    expect(page.locator('.dp-hand .dp-card[data-card="KD"]')).to_have_attribute("aria-label", "King of diamonds")
    seven.focus()
    page.keyboard.press("Space")
    expect(seven).to_have_attribute("aria-pressed", "true")
    expect(seven.locator(".dp-check")).to_have_count(1)   # selected: raised and ticked, not only coloured
    page.keyboard.press("ArrowRight")
    expect(page.locator('.dp-hand .dp-card[data-card="9S"]')).to_be_focused()
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Space")
    expect(seven).to_have_attribute("aria-pressed", "false")
    expect(page.locator("button.dp-takeoff")).to_be_visible()
    no_serious_accessibility_violation(page)

    done: list[str] = []
    while "must lead" not in status(page).inner_text():   # High Flight, then passing 3C 4C 5D
        assert time.monotonic() - started < HAND_SECONDS, done
        action = take_a_turn(page, ("3C", "4C", "5D"))
        if action:
            done.append(action)
        page.wait_for_timeout(150)
    assert done[:2] == ["highFlight", "passCards"], done
    settled(page, api, table_id)
    # what was passed and to whom, beside what was received
    expect(page.locator(".dp-passed-line")).to_contain_text("to Heuristic bot")
    expect(page.locator(".dp-passed-line .dp-mini")).to_have_count(3)
    expect(page.locator(".dp-received-line .dp-mini")).to_have_count(3)

    # the Play button names the selection, or is disabled and says why
    assert described(page, "7H", "JC").startswith("✗ A pair is two cards of the same rank.")
    play = page.locator("button.dp-play")
    expect(play).to_be_disabled()
    expect(play).to_have_attribute("title", "A pair is two cards of the same rank.")
    assert described(page, "QC", "QD", "QH").startswith("Three Qs")
    expect(play).to_have_text("Play: Three Qs")
    expect(play).to_be_enabled()
    # "confirm my moves" (the shell's setting, kept in this browser): the press asks, naming the play; Cancel sends
    # nothing and keeps the cards in hand
    page.get_by_text("⚙ Settings").click()
    confirm_moves = page.get_by_label("Confirm my moves before they are sent")
    confirm_moves.check()
    play.click()
    expect(page.locator("button.confirm-move")).to_have_text("Confirm: Three Qs")
    expect(page.locator("button.confirm-move")).to_be_focused()
    page.locator("button.action-button", has_text="Cancel").click()
    expect(play).to_have_text("Play: Three Qs")
    on_screen = int(page.locator("section.table-page").get_attribute("data-move"))
    assert api.view(table_id, NAME)["table"]["move"] == on_screen   # nothing was sent
    confirm_moves.uncheck()
    page.get_by_text("⚙ Settings").click()
    assert "Stairs" not in described(page, "7H", "KD", "QC", "QD")
    expect(play).to_be_disabled()
    # the Herald: the wish is asked when it is played, then shown as a chip
    assert described(page, "herald").startswith("Herald (2)")
    play.click()
    expect(page.locator("button.dp-wish-rank")).to_have_count(12)
    page.screenshot(path=str(artifacts / "dragon_phoenix_desktop_wish.png"), full_page=True)
    page.locator("button.dp-wish-rank", has_text="Wish: Q").click()
    expect(page.locator(".dp-chip.dp-wish")).to_have_text(f"Wish: Queen, by {NAME}")
    expect(page.locator('.dp-seat.dp-pos-bottom .dp-seat-play .dp-card[data-card="herald"]')).to_be_visible()
    # the bots answer; nobody else holds a Queen: the wish stays until the player plays one
    expect(page.locator(".dp-seat.dp-pos-bottom.dp-active")).to_be_visible(timeout=HAND_SECONDS * 1000)
    settled(page, api, table_id)
    expect(page.locator(".dp-chip.dp-wish")).to_have_text(f"Wish: Queen, by {NAME}")
    seats_show_latest_plays(page)
    expect(page.locator(".dp-history summary")).to_contain_text("This round: ")
    page.screenshot(path=str(artifacts / "dragon_phoenix_desktop_seats.png"), full_page=True)
    args = api.view(table_id, NAME)["state"]["args"]
    if args.get("wish_obliges") and (args["lead"] or args["top"]["type"] == "single"):
        assert "You must play a Queen: the wish obliges you." in described(page, "KD")
        expect(play).to_be_disabled()
        described(page, "QS")
        play.click()
        expect(page.locator(".dp-chip.dp-wish")).to_have_count(0)   # fulfilled

    play_to_the_summary(page, started, done, {"path": artifacts / "dragon_phoenix_desktop_round.png"})
    assert "play" in done, done
    last = check_the_summary(page, api, table_id, 1)
    page.screenshot(path=str(artifacts / "dragon_phoenix_desktop_summary.png"), full_page=True)
    no_serious_accessibility_violation(page)
    expect(page.locator(".dp-summary")).to_contain_text(NAME)   # the name is text, never markup
    expect(log_lines(page).filter(has_text=f"{NAME} plays the Herald")).to_have_count(1)
    expect(log_lines(page).filter(has_text=f"{NAME} wishes for Queens")).to_have_count(1)
    no_codes_in_the_log(page)
    # the next hand: the summary makes way, the hand is in the scores table
    page.locator("button.dp-next-hand").click()
    expect(page.locator(".dp-summary")).to_be_hidden()
    expect(page.locator(".dp-felt")).to_be_visible()
    expect(status(page)).to_contain_text("High Flight")
    me = page.locator(".board", has_text=NAME).locator(".score")   # the view after the summary's pause
    expect(me).to_have_text(str(last["totals"][0]))
    page.locator(".dp-scores summary").click()
    expect(page.locator(".dp-score-history tbody tr")).to_have_count(1)
    assert not page.dialogs and not page.errors, page.errors
    assert not page.console_errors, page.console_errors
    page.context.close()

    # the next hand on a phone
    phone = new_context(390, 844, user=(NAME, api))
    started = time.monotonic()
    phone.goto(f"/#/table/{table_id}")
    expect(phone.locator(".dp-felt .dp-seat")).to_have_count(4)
    expect(phone.locator(".dp-hand .dp-card").first).to_be_visible()
    done = []
    play_to_the_summary(phone, started, done, {"path": artifacts / "dragon_phoenix_phone_round.png"})
    assert "highFlight" in done and "passCards" in done, done
    check_the_summary(phone, api, table_id, 2)
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 392, width
    phone.screenshot(path=str(artifacts / "dragon_phoenix_phone_summary.png"), full_page=True)
    no_codes_in_the_log(phone)
    no_serious_accessibility_violation(phone)
    phone.locator("button.dp-next-hand").click()
    expect(phone.locator(".dp-felt")).to_be_visible()
    phone.screenshot(path=str(artifacts / "dragon_phoenix_phone.png"), full_page=True)
    assert not phone.dialogs and not phone.errors, phone.errors
    assert not phone.console_errors, phone.console_errors


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
