"""Summon the Dragon through its own renderer (games/summon_dragon/client.js) in a real Chromium, on a laptop
(1280x800) and a phone (390x844): a whole hand against heuristic bots (the auction at the seats, the option, the
discard, twelve tricks paced on the felt, a card held back and why, the hand-end summary, the next hand), the log
without card codes, and no serious accessibility violation in the game's own drawing."""
from __future__ import annotations

import re

import pytest

from games.summon_dragon.cards import DECK

from .test_client import expect, log_lines, status

RANKS = ["1", "2", "3", "4", "5", "6", "7", "8", "mage", "warrior", "queen", "king", "elemental"]
SUITS = ["earth", "wind", "fire", "water"]
RANK_NAMES = {"mage": "Mage", "warrior": "Warrior", "queen": "Queen", "king": "King", "elemental": "Elemental"}
CODE = re.compile(r"(?<![\w-])(" + "|".join(re.escape(code) for code in DECK) + r")(?![\w-])")
HELD_BACK = re.compile(r"^(.+): (You must follow \w+( \(the Dragon is a trump\))?\."
                       r"|You must play a trump: you have no \w+\.)$")

# Records, in the page, how long each finished trick stayed on the felt with its winner marked.
WATCH_TRICKS = """() => {
  window.sdTricks = {};
  const look = () => {
    const won = document.querySelector(".sd-won");
    const number = document.querySelector(".sd-trick-number");
    const now = performance.now();
    const shown = won && number ? number.textContent : null;
    for (const [n, t] of Object.entries(window.sdTricks)) if (t.end === null && n !== shown) t.end = now;
    if (shown && !window.sdTricks[shown]) window.sdTricks[shown] = { start: now, end: null };
  };
  new MutationObserver(look).observe(document.body, { childList: true, subtree: true });
}"""


def label(code: str) -> str:
    if code == "dragon":
        return "Dragon"
    rank, suit = code.split("-")
    return f"{RANK_NAMES.get(rank, rank)} of {suit}"


def fixed_deal() -> dict:
    """Seat 0 (the player) holds the Dragon, the earth 6..Elemental, the 1 of water, the 1 and 2 of fire; seat 3 deals.
    Leading the 1 of water loses the first trick, so the player follows the second holding both earth and fire:
    whatever is led, some cards are held back."""
    mine = ["dragon"] + [f"{r}-earth" for r in RANKS[5:]] + ["1-water", "1-fire", "2-fire"]
    kitty = [f"{r}-wind" for r in RANKS[:5]]
    rest = [f"{r}-{s}" for s in SUITS for r in RANKS if f"{r}-{s}" not in mine + kitty]
    others = [rest[i::3] for i in range(3)]
    return {"hands": [mine, *others], "kitty": kitty, "dealer": 3}


def new_table(api, name: str, deal: dict) -> int:
    api.register(name)
    created = api.post("/api/tables", name, json={"game": "summon_dragon", "players": 4, "options": {"deal": deal}})
    assert created.status_code == 201, created.json
    table_id = created.json["id"]
    bots = api.post(f"/api/tables/{table_id}/bots", name, json={"count": 3, "level": "heuristic"})
    assert bots.status_code in (200, 201), bots.json
    return table_id


def serious_accessibility_violations(page) -> list[str]:
    """axe-core on the game's own drawing (the game area, and the hand in the shell's bar when there is one)."""
    from axe_playwright_python.sync_playwright import Axe

    include = [[selector] for selector in (".sd-root", ".sd-bar") if page.locator(selector).count()]
    results = Axe().run(page, context={"include": include})
    return [f"{v['id']}: {[n['target'] for n in v['nodes']][:3]}" for v in results.response["violations"]
            if v["impact"] in ("serious", "critical")]


def bid_and_take_the_kitty(page, area) -> None:
    """Bid at least 10 Earth (again if a bot overbids), take the kitty, discard the five winds (one by keyboard)."""
    for _ in range(6):
        # The bots answer in the request, or in a few more when their chain runs long: wait for the player's turn.
        expect(status(page)).to_contain_text(re.compile(r"You must (bid|summon)"), timeout=15000)
        if "You must bid" not in status(page).inner_text():
            break
        expect(area.locator("select.sd-bid-number option").first).to_be_attached()
        numbers = area.locator("select.sd-bid-number option").all_inner_texts()
        area.locator("select.sd-bid-number").select_option(str(max(int(numbers[0]), 10)))
        area.get_by_role("radio", name=re.compile("Earth")).click()
        expect(area.get_by_role("radio", name=re.compile("Earth"))).to_have_attribute("aria-checked", "true")
        page.locator("button.sd-bid-button", has_text=re.compile(r"^Bid \d+ Earth$")).click()
        expect(status(page)).not_to_contain_text("You must bid")
    expect(status(page)).to_contain_text("You must summon the Dragon, take the kitty or go no-help")
    # Each player's last word in the auction stands in front of their seat.
    expect(area.locator(".sd-seat.sd-bottom .sd-bubble")).to_have_text(re.compile(r"^1\d ▲ Earth$"))
    expect(area.locator(".sd-seat .sd-bubble-pass")).to_have_count(3)
    expect(page.locator("button", has_text="Summon the Dragon")).to_have_count(0)   # the player holds it
    page.locator("button", has_text="Take the kitty").click()

    expect(status(page)).to_contain_text("You must discard 5")
    hand = page.locator(".sd-hand .sd-card")
    expect(hand).to_have_count(17)
    expect(page.locator(".sd-hand .sd-fresh")).to_have_count(5)                    # the kitty's cards marked new
    discard = page.locator("button.sd-discard-button")
    expect(discard).to_be_disabled()
    for rank in RANKS[:4]:
        page.locator(f'.sd-hand .sd-card[data-card="{rank}-wind"]').click()
    page.locator('.sd-hand .sd-card[data-card="5-wind"]').focus()
    page.keyboard.press("Space")
    expect(page.locator(".sd-hand .sd-selected")).to_have_count(5)
    expect(page.locator('.sd-hand .sd-card[data-card="5-wind"]')).to_have_attribute("aria-pressed", "true")
    expect(discard).to_have_text("Discard 5 of 5")
    discard.click()
    expect(area.locator(".sd-my-discards .sd-card")).to_have_count(5)
    expect(area.locator(".sd-trump")).to_contain_text("Trump: ▲ Earth")


def show_why_a_card_is_held_back(page, artifacts, tag) -> None:
    """A held-back card selected: the Play button names it, disabled, and the page says which rule holds it back."""
    blocked = page.locator(".sd-hand .sd-unplayable").first
    code = blocked.get_attribute("data-card")
    blocked.click()
    play = page.locator("button.sd-play-button")
    expect(play).to_have_text(f"Play {label(code)}")
    expect(play).to_be_disabled()
    why = page.locator(".sd-why")
    expect(why).to_have_text(HELD_BACK)
    assert HELD_BACK.match(why.inner_text()).group(1) == label(code)
    expect(blocked).to_have_attribute("aria-label", re.compile(r"not playable: You must "))
    blocked.press("Enter")                                # nothing is sent: the reason stays, the card too
    expect(why).to_be_visible()
    expect(page.locator(f'.sd-hand .sd-card[data-card="{code}"]')).to_have_count(1)
    page.screenshot(path=str(artifacts / f"summon_dragon_{tag}_held_back.png"), full_page=True)
    assert serious_accessibility_violations(page) == []


def play_twelve_tricks(page, area, artifacts, tag: str) -> int:
    """Leads the 1 of water, then plays a playable card at each turn once the last trick has left the felt."""
    played, explained = 0, False
    for trick in range(12):
        # The player's turn: the Play button is back once the others' answers have played (the status line may
        # still show the view from before them); a player who waits for the felt to clear.
        expect(page.locator("button.sd-play-button")).to_be_visible(timeout=15000)
        expect(status(page)).to_contain_text("You must play a card")
        expect(page.locator(".sd-won")).to_have_count(0)
        if trick == 0:
            expect(area.locator(".sd-felt .sd-seat")).to_have_count(4)
            expect(area.locator(".sd-progress")).to_contain_text(re.compile(r"Bidders.* 0 of 1\d"))
            code = "1-water"
        else:
            if not explained and page.locator(".sd-hand .sd-unplayable").count():
                show_why_a_card_is_held_back(page, artifacts, tag)
                explained = True
            code = page.locator(".sd-hand .sd-playable").first.get_attribute("data-card")
        card = page.locator(f'.sd-hand .sd-card[data-card="{code}"]')
        if trick == 1:                                    # the keyboard: Enter plays the focused card ...
            card.focus()
            page.keyboard.press("Enter")
            expect(card).to_have_count(0)
            expect(page.locator(".sd-hand .sd-card:focus")).to_have_count(1)   # ... and the focus stays in the hand
        else:
            card.click()
            expect(card).to_have_attribute("aria-pressed", "true")
            expect(page.locator("button.sd-play-button")).to_be_enabled()
            page.locator("button.sd-play-button").click()
        expect(card).to_have_count(0)
        played += 1
        if trick == 2:
            page.screenshot(path=str(artifacts / f"summon_dragon_{tag}_play.png"), full_page=True)
    assert explained, "no turn had a card held back"
    return played


@pytest.mark.parametrize("viewport", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_a_whole_hand_through_the_summon_dragon_page(new_context, api, artifacts, viewport):
    tag = "desktop" if viewport[0] > 800 else "phone"
    name = f"sd<i>{tag}</i>"
    table_id = new_table(api, name, fixed_deal())
    page = new_context(*viewport, user=(name, api), pace="normal")      # this test is about pacing
    page.add_init_script(f"window.addEventListener('DOMContentLoaded', {WATCH_TRICKS})")
    page.goto(f"/#/table/{table_id}")
    area = page.locator(".game-area")
    expect(status(page)).to_contain_text("You must bid at least", timeout=15000)
    expect(page.locator(".sd-hand .sd-card")).to_have_count(12)
    assert page.locator(".sd-hand .sd-card").first.get_attribute("data-card") == "dragon"   # sorted: Dragon first
    expect(area.locator(".sd-felt .sd-seat")).to_have_count(4)
    expect(area.locator(".sd-seat.sd-top .sd-tag", has_text="partner")).to_have_count(1)

    bid_and_take_the_kitty(page, area)
    bid = api.view(table_id, name)["data"]["contract"]["tricks"]
    assert play_twelve_tricks(page, area, artifacts, tag) == 12

    # The hand-end pause: the final trick on the felt, made or set, the breakdown, the next hand one click away.
    summary = area.locator(".sd-summary")
    expect(summary).to_contain_text("Hand 1: ")
    result = api.view(table_id, name)["data"]["past_hands"][0]
    made = result["taken"][0] >= bid
    expect(summary.locator("h3")).to_contain_text("✓ made" if made else "✗ set")
    taken = result["taken"][0]
    formula = f"10×{bid} + 5×({taken}−{bid}) = {result['delta'][0]}" if made else \
        f"−(10×{bid} + 5×({bid}−{taken})) = {result['delta'][0]}"
    expect(summary.locator("tbody tr").first).to_contain_text(formula)
    expect(summary.locator("tbody tr").nth(1)).to_contain_text(f"5×(13−{taken}) = {result['delta'][1]}")
    expect(summary).to_contain_text("Final trick (worth two)")
    expect(area.locator(".sd-felt .sd-played")).to_have_count(4)              # the last trick still on the felt
    expect(summary.locator(".sd-countdown")).to_contain_text(re.compile(r"dealt in \d s"))
    expect(page.locator(".status-bar")).to_contain_text("Hand 1 is over")   # not the turn of whoever plays next
    page.screenshot(path=str(artifacts / f"summon_dragon_{tag}_summary.png"), full_page=True)
    if tag == "desktop":
        assert serious_accessibility_violations(page) == []
        summary.get_by_role("button", name="Next hand").click()
    # The next hand (at once on the button, else after a few seconds): the result goes to the scores table.
    expect(summary).to_have_count(0, timeout=15000)
    expect(area.locator(".sd-info")).to_contain_text("Hand 2")
    expect(page.locator(".sd-hand .sd-card")).to_have_count(12)
    history = area.locator("details.sd-history")
    expect(history.locator("summary")).to_have_text("Scores by hand (1)")
    history.locator("summary").click()
    expect(history.locator("tbody tr")).to_have_count(1)
    expect(history.locator("tbody tr")).to_contain_text("✓ made" if made else "✗ set")
    expect(status(page)).to_contain_text("You must bid", timeout=15000)     # the bots' bids drawn meanwhile ...
    expect(history).to_have_attribute("open", "")                           # ... left the table open
    expect(page.locator(".board", has_text=name).locator(".score")).to_have_text(str(result["scores"][0]))

    # Each finished trick stayed on the felt, its winner marked, about 1.5 s (the twelfth until the summary).
    tricks = page.evaluate("window.sdTricks")
    assert sorted(tricks) == sorted(f"Trick {n} of 12" for n in range(1, 13)), tricks
    stood = {n: t["end"] - t["start"] for n, t in tricks.items() if n != "Trick 12 of 12"}
    short = {n: ms for n, ms in stood.items() if ms < 1400}
    assert not short, short

    # The log: names or mini-cards, never codes; one line per discard; the last trick worth two.
    text = page.locator(".log-lines").inner_text()
    assert not CODE.search(text), CODE.findall(text)
    expect(log_lines(page).filter(has_text=" plays ").filter(has=page.locator(".sd-mini"))).to_have_count(48)
    expect(log_lines(page).filter(has_text="discard")).to_have_count(1)
    expect(log_lines(page).filter(has_text="discards 5 cards face down")).to_have_count(1)
    expect(log_lines(page).filter(has_text="wins the last trick, worth two")).to_have_count(1)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= viewport[0] + 2, width
    assert not page.dialogs and not page.errors
    assert not page.console_errors, page.console_errors


def test_the_dragon_is_declared_when_led_in_no_trump(new_context, api, artifacts):
    """Bid 13 high no-trump (the auction ends at once), go no-help, lead the Dragon naming fire and highest."""
    name = "sd-bea"
    table_id = new_table(api, name, fixed_deal())
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
    choice = page.locator(".bottom-bar .sd-dragon-choice")                # beside the hand and the Play button
    expect(choice).to_be_visible()
    choice.get_by_role("radio", name="fire").click()
    expect(choice.get_by_role("radio", name="fire")).to_be_focused()          # the choice keeps the focus
    choice.get_by_role("radio", name="highest").click()
    expect(choice.get_by_role("radio", name="fire")).to_have_attribute("aria-checked", "true")
    page.screenshot(path=str(artifacts / "summon_dragon_phone_dragon.png"), full_page=True)
    page.locator("button.sd-play-button").click()
    dragon_line = log_lines(page).filter(has=page.locator('.sd-mini[aria-label="the Dragon as the highest fire"]'))
    expect(dragon_line).to_have_text(re.compile(r"plays Dragon highest ✹$"))
    expect(page.locator('.sd-hand .sd-card[data-card="dragon"]')).to_have_count(0)
    expect(area.locator('.sd-last .sd-card[data-card="dragon"]')).to_have_attribute("title", "Dragon (highest fire)")
    expect(area.locator(".sd-last")).to_contain_text(f"{name} won")
    assert not page.errors


def test_log_lines_draw_cards_as_mini_cards_named_for_screen_readers(new_context):
    """bgaFormatText, the shell's hook for log lines: each card arg becomes a mini-card (rank and suit symbol),
    named in full for screen readers; a designation gets its suit's symbol."""
    page = new_context()
    page.goto("/")
    shown = page.evaluate("""async () => {
      const { Game } = await import("/games/summon_dragon/client.js");
      const game = new Game();
      const one = game.bgaFormatText("${player_name} plays ${card_name}",
        { player_name: "Ann", card: "queen-water", card_name: "the Queen of water", suit: "water", declare: null });
      const dragon = game.bgaFormatText("${player_name} plays ${card_name}",
        { card: "dragon", card_name: "the Dragon as the lowest fire", suit: "fire", declare: "lowest" });
      const trump = game.bgaFormatText("${player_name} plays ${card_name}",
        { card: "dragon", card_name: "the Dragon", suit: "earth", declare: "highest" });
      const many = game.bgaFormatText("The kitty held ${card_names}",
        { cards: ["dragon", "1-wind", "king-wind"], card_names: "the Dragon; the 1 and King of wind" });
      const old = game.bgaFormatText("You discard ${cards}", { cards: ["1-wind", "queen-fire"] });
      const bid = game.bgaFormatText("${player_name} bids ${tricks} ${designation_name}",
        { tricks: 9, designation: "earth", designation_name: "Earth" });
      const node = (n) => [n.textContent, n.getAttribute("aria-label")];
      return { log: one.log, one: node(one.args.card_name), name: one.args.player_name,
               dragon: node(dragon.args.card_name), trump: node(trump.args.card_name),
               many: [...many.args.card_names.children].map(node),
               old: [...old.args.cards.children].map(node), bid: bid.args.designation_name };
    }""")
    assert shown["log"] == "${player_name} plays ${card_name}" and shown["name"] == "Ann"
    assert shown["one"] == ["Q≈", "the Queen of water"]
    assert shown["dragon"] == ["Dragon lowest ✹", "the Dragon as the lowest fire"]
    assert shown["trump"] == ["Dragon", "the Dragon"]                 # a suit contract's top trump: no declaration
    assert shown["many"] == [["Dragon", "the Dragon"], ["1✧", "the 1 of wind"], ["K✧", "the King of wind"]]
    assert shown["bid"] == "▲ Earth"
    # A line logged before the names travelled beside the codes (a table started earlier) shows mini-cards too.
    assert shown["old"] == [["1✧", "the 1 of wind"], ["Q✹", "the Queen of fire"]]
