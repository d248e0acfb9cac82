"""The browser client in a real Chromium: log in, lobby, a whole game of Climb through the generic renderer,
two browsers at one table, escaping, the replay viewer, phone and desktop widths."""
from __future__ import annotations

import re
import time

try:
    from playwright.sync_api import expect
except ImportError:  # the fixtures skip (or fail under REQUIRE_E2E=1) with the reason
    expect = None

XSS_NAME = "<img src=x onerror=alert(1)>"


def wait_until(predicate, timeout: float = 8.0, what: str = "condition"):
    """Poll a Python-side condition (bounded)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def register_through_page(page, name: str):
    page.goto("/")
    page.get_by_label("Name").fill(name)
    page.get_by_label("Password").fill("secret-pass")
    page.get_by_role("button", name="Register").click()
    expect(page.get_by_role("heading", name="Lobby")).to_be_visible()


def adopt_browser_user(page, api, name: str):
    """Let the API helper act as the user who registered through the page."""
    api.tokens[name] = page.evaluate("localStorage.getItem('bga.token')")
    api.ids[name] = page.evaluate("JSON.parse(localStorage.getItem('bga.user')).id")


def status(page):
    return page.locator(".status-bar")


def log_lines(page):
    return page.locator(".log-lines li")


def table_id_of(page) -> int:
    match = re.search(r"#/table/(\d+)", page.url)
    assert match, page.url
    return int(match.group(1))


def play_out_by_api(api, table_id: int, who: str):
    """`who` makes their next move if it is their turn (pickCharm, playCard + confirm)."""
    view = api.view(table_id, who)
    state = view["state"]
    if view["table"]["status"] != "playing" or api.ids[who] not in state["active_players"]:
        return False
    if state["name"] == "pickCharm":
        answer = api.act(table_id, who, "pickCharm", charm="cobalt")
    elif state["name"] == "playerTurn":
        answer = api.act(table_id, who, "playCard", card=state["args"]["playable"][0])
    else:
        answer = api.act(table_id, who, "confirm")
    assert answer.status_code == 200, answer.json
    return True


def test_a_whole_game_through_the_page(new_context, api, artifacts):
    page = new_context()
    register_through_page(page, "alice")
    adopt_browser_user(page, api, "alice")

    # Create a Climb table for two with one card each: the form shows the options with their defaults.
    page.get_by_label("Game", exact=True).select_option(label="Climb (test game)")
    expect(page.get_by_label("Hand size (1–4)")).to_have_value("3")
    page.get_by_label("Players").select_option("2")
    page.get_by_label("Hand size (1–4)").fill("2")
    page.get_by_role("button", name="Create table").click()
    page.wait_for_url(re.compile(r"#/table/\d+$"))
    table_id = table_id_of(page)
    expect(status(page)).to_contain_text("Waiting for players: 1 of 2")

    api.register("bob")
    assert api.post(f"/api/tables/{table_id}/join", "bob").status_code == 200

    # The page notices the start by polling; both must pick a charm (a multiple_active state).
    expect(status(page)).to_contain_text("You must pick a charm")
    expect(page.locator(".board", has_text="bob")).to_contain_text("▶ turn")
    charm = page.get_by_label("Charm", exact=True)
    charm.fill("amber")

    # The charms are answered together: bob picks while the page cannot see it, and alice's pick, sent
    # from her older view, is still accepted (each player answers a multiple_active state on their own).
    page.route(f"**/api/tables/{table_id}", lambda route: route.abort())
    page.wait_for_timeout(100)
    play_out_by_api(api, table_id, "bob")
    charm.press("Enter")                                  # the keyboard submits the form
    page.unroute(f"**/api/tables/{table_id}")
    expect(log_lines(page).filter(has_text="You picked amber")).to_have_count(1)
    expect(log_lines(page).filter(has_text="alice is ready")).to_have_count(1)
    expect(page.locator(".action-error")).to_be_hidden()

    # A stale move: bob cheers (out of turn) while the page cannot see it, so alice's card, sent from
    # the view before it, is refused; the 409 refreshes the view and keeps her input.
    expect(status(page)).to_contain_text("Your turn: You must play a card of 1 or more")
    hand = api.view(table_id, "alice")["data"]["hand"]
    page.route(f"**/api/tables/{table_id}", lambda route: route.abort())
    page.wait_for_timeout(100)
    assert api.act(table_id, "bob", "cheer").status_code == 200
    page.get_by_label("Card", exact=True).fill(hand[0])
    page.get_by_role("button", name="Play card").click()
    expect(page.locator(".action-error")).to_contain_text("moved on")
    page.unroute(f"**/api/tables/{table_id}")
    expect(log_lines(page).filter(has_text="bob cheers")).to_have_count(1)
    expect(page.get_by_label("Card", exact=True)).to_have_value(hand[0])
    page.get_by_role("button", name="Play card").click()
    expect(status(page)).to_contain_text("You may confirm your card or undo it")
    # bob cheered after her turn began: an undo would take back his point, so none is offered.
    expect(page.get_by_role("button", name="Confirm")).to_be_visible()
    expect(page.get_by_role("button", name="Undo")).to_have_count(0)
    page.get_by_role("button", name="Confirm").click()
    expect(status(page)).to_contain_text("bob must play a card")
    page.get_by_role("button", name="Cheer").click()      # out of turn
    expect(log_lines(page).filter(has_text="alice cheers")).to_have_count(1)
    assert play_out_by_api(api, table_id, "bob") and play_out_by_api(api, table_id, "bob")   # his card, confirmed

    # Her second turn: nobody has moved since it began, so she may take her card back.
    expect(status(page)).to_contain_text("Your turn: You must play a card")
    card = api.view(table_id, "alice")["state"]["args"]["playable"][0]
    page.get_by_label("Card", exact=True).fill(card)
    page.get_by_role("button", name="Play card").click()
    expect(status(page)).to_contain_text("You may confirm your card or undo it")
    page.get_by_role("button", name="Undo").click()
    expect(log_lines(page).filter(has_text="alice takes back a card")).to_have_count(1)
    page.get_by_label("Card", exact=True).fill("9z")                  # not in her hand: the rule's message shows
    page.get_by_role("button", name="Play card").click()
    expect(page.locator(".action-error")).to_have_text("You do not have that card.")
    page.get_by_label("Card", exact=True).fill(card)
    page.get_by_role("button", name="Play card").click()
    page.get_by_role("button", name="Confirm").click()
    expect(status(page)).not_to_contain_text("You may confirm")   # the move is in (its buttons go when it is sent)

    for _ in range(12):                                   # bounded: 4 cards, 2 moves each
        if api.view(table_id, "alice")["table"]["status"] == "finished":
            break
        if play_out_by_api(api, table_id, "bob"):
            continue
        expect(status(page)).to_contain_text("You must play a card")
        view = api.view(table_id, "alice")
        card = view["state"]["args"]["playable"][0]
        page.locator(".quick-picks").get_by_role("button", name=card, exact=True).click()   # fills the field
        expect(page.get_by_label("Card", exact=True)).to_have_value(card)
        page.get_by_role("button", name="Play card").click()
        expect(status(page)).to_contain_text("You may confirm")
        page.get_by_role("button", name="Confirm").click()
        expect(status(page)).not_to_contain_text("You may confirm")
    final = api.view(table_id, "alice")
    assert final["table"]["status"] == "finished"

    expect(status(page)).to_contain_text("Game over")
    scores = {p["name"]: p["score"] for p in final["table"]["players"]}
    for name, score in scores.items():
        expect(page.locator(".scores tr", has_text=name).locator("td.score")).to_have_text(str(score))
        expect(page.locator(".board", has_text=name).locator(".score")).to_have_text(str(score))
    for winner in (p["name"] for p in final["table"]["players"] if p["rank"] == 1):   # by score, then tie-breaker
        expect(status(page)).to_contain_text(winner)
    expect(log_lines(page).filter(has_text="bob plays")).to_have_count(2)
    expect(log_lines(page).filter(has_text=re.compile(r"Charms: alice: amber; bob: cobalt"))).to_have_count(1)
    assert page.locator(".log-lines .player-name", has_text="bob").first.get_attribute("style")

    # A reload rebuilds everything from the view.
    page.reload()
    expect(status(page)).to_contain_text("Game over")
    expect(log_lines(page).filter(has_text="alice takes back a card")).to_have_count(1)
    expect(log_lines(page).filter(has_text=re.compile(r"Charms: alice: amber; bob: cobalt"))).to_have_count(1)
    assert page.locator(".log-lines .player-name", has_text="bob").first.get_attribute("style")
    page.screenshot(path=str(artifacts / "climb-finished-desktop.png"), full_page=True)
    assert not page.errors and not page.dialogs


def test_two_browsers_see_each_others_moves(new_context, api):
    api.register("carol")
    api.register("dave")
    table_id = api.new_table("carol", joiners=["dave"], players=2, options={"hand_size": 1})
    carol = new_context(user=("carol", api))
    dave = new_context(user=("dave", api), poll_ms=None)      # the real polling interval (2 s)
    carol.goto(f"/#/table/{table_id}")
    dave.goto(f"/#/table/{table_id}")
    expect(status(carol)).to_contain_text("You must pick a charm")
    expect(status(dave)).to_contain_text("You must pick a charm")

    carol.get_by_label("Charm", exact=True).fill("jade")
    carol.get_by_role("button", name="Pick charm").click()
    expect(log_lines(dave).filter(has_text="carol is ready")).to_have_count(1)     # no reload
    dave.get_by_label("Charm", exact=True).fill("ruby")
    dave.get_by_role("button", name="Pick charm").click()
    expect(status(carol)).to_contain_text("Your turn")
    expect(status(dave)).to_contain_text("carol must play a card of 1 or more")
    expect(status(dave).locator(".player-name")).to_have_text("carol")    # names coloured in the status bar

    card = api.view(table_id, "carol")["data"]["hand"][0]
    carol.get_by_label("Card", exact=True).fill(card)
    carol.get_by_role("button", name="Play card").click()
    expect(log_lines(dave).filter(has_text=f"carol plays {card}")).to_have_count(1)
    carol.get_by_role("button", name="Confirm").click()   # a move without any notification
    expect(status(dave)).to_contain_text("Your turn: You must play a card")
    expect(dave.locator(".board", has_text="carol").locator(".score")).to_have_text(card[0])
    assert not carol.errors and not dave.errors


def test_registering_shows_why_the_server_refuses_a_name_or_password(new_context, api):
    api.register("flora")
    page = new_context()
    page.goto("/")
    page.get_by_label("Name").fill("gwen")
    page.get_by_label("Password").fill("password1")
    page.get_by_role("button", name="Register").click()
    expect(page.get_by_role("alert")).to_contain_text("among the most common")
    page.get_by_label("Name").fill("FLORA")
    page.get_by_label("Password").fill("a-long-passphrase")
    page.get_by_role("button", name="Register").click()
    expect(page.get_by_role("alert")).to_contain_text("is taken")
    assert not page.errors


def test_hostile_names_stay_text(new_context, api):
    api.register(XSS_NAME)
    table_id = api.new_table(XSS_NAME, players=2, options={"hand_size": 1})
    page = new_context()
    register_through_page(page, "erin")
    row = page.locator(f'.table-row[data-table="{table_id}"]')
    expect(row).to_contain_text(XSS_NAME)
    row.get_by_role("button", name=f"Join table {table_id}").click()
    page.wait_for_url(f"**/#/table/{table_id}")
    expect(page.locator(".board", has_text=XSS_NAME)).to_be_visible()
    assert api.act(table_id, XSS_NAME, "pickCharm", charm="jade").status_code == 200
    expect(log_lines(page).filter(has_text=f"{XSS_NAME} is ready")).to_have_count(1)
    expect(status(page)).to_contain_text("You must pick a charm")
    page.get_by_label("Charm", exact=True).fill("amber")
    page.get_by_role("button", name="Pick charm").click()
    expect(status(page)).to_contain_text(f"{XSS_NAME} must play a card of 1 or more")
    expect(status(page).locator(".player-name")).to_have_text(XSS_NAME)
    page.get_by_role("link", name="My games").click()
    expect(page.locator(".table-row", has_text=XSS_NAME)).to_contain_text("Playing")
    assert page.locator("img").count() == 0
    assert page.dialogs == [] and not page.errors


def test_replay_viewer_steps_through_a_finished_game(new_context, api, artifacts):
    api.register("fay")
    api.register("gus")
    table_id = api.new_table("fay", joiners=["gus"], players=2, options={"hand_size": 1})
    for _ in range(20):                                   # bounded
        if not (play_out_by_api(api, table_id, "fay") or play_out_by_api(api, table_id, "gus")):
            break
    final = api.view(table_id, "fay")
    assert final["table"]["status"] == "finished"
    total = final["table"]["move"]

    page = new_context(user=("fay", api))
    page.goto(f"/#/table/{table_id}")
    page.get_by_role("link", name="Watch the replay").click()
    counter = page.locator(".replay-counter")
    expect(counter).to_have_text(f"Move {total} of {total}")
    expect(page.get_by_role("button", name="One move forward")).to_be_disabled()

    page.get_by_role("button", name="First move").click()
    expect(counter).to_have_text(f"Move 0 of {total}")
    expect(status(page)).to_contain_text("You must pick a charm")
    expect(page.get_by_role("button", name="One move back")).to_be_disabled()
    page.get_by_role("button", name="One move forward").click()
    expect(counter).to_have_text(f"Move 1 of {total}")
    expect(log_lines(page).filter(has_text="fay is ready")).to_have_count(1)
    page.get_by_role("button", name="One move forward").click()
    expect(counter).to_have_text(f"Move 2 of {total}")
    expect(status(page)).to_contain_text("You must play a card of 1 or more")
    page.keyboard.press("ArrowLeft")                       # the arrow keys step too
    expect(counter).to_have_text(f"Move 1 of {total}")

    # Jump to move 3 (fay has played), then see it from gus's seat.
    page.get_by_label("Move", exact=True).fill("3")
    page.get_by_label("Move", exact=True).press("Enter")
    expect(counter).to_have_text(f"Move 3 of {total}")
    expect(status(page)).to_contain_text("You may confirm your card or undo it")
    played = page.locator(".board", has_text="fay").locator(".score")
    expect(played).not_to_have_text("0")
    page.get_by_label("See as").select_option(label="Seat 2: gus")
    expect(status(page)).to_contain_text("fay may undo their card")
    assert "seat=1" in page.url and "move=3" in page.url
    page.reload()                                          # the URL keeps the replay's place
    expect(counter).to_have_text(f"Move 3 of {total}")
    expect(status(page)).to_contain_text("fay may undo their card")
    page.screenshot(path=str(artifacts / "replay-desktop.png"), full_page=True)
    assert not page.errors


def test_phone_and_desktop_widths(new_context, api, artifacts):
    api.register("hana")
    api.register("ivo")
    table_id = api.new_table("hana", joiners=["ivo"], players=2, options={"hand_size": 4})
    assert api.act(table_id, "ivo", "pickCharm", charm="ruby").status_code == 200
    assert api.act(table_id, "hana", "pickCharm", charm="jade").status_code == 200
    for width, height, name in ((360, 740, "phone"), (1280, 800, "desktop")):
        page = new_context(width=width, height=height, user=("hana", api))
        page.goto(f"/#/table/{table_id}")
        expect(status(page)).to_contain_text("You must play a card of 1 or more")
        expect(page.locator(".quick-picks button")).to_have_count(4)
        expect(page.locator(".generic-state")).to_contain_text("State: Player turn")   # the state's args too
        expect(page.locator(".generic-state")).to_contain_text("Playable")
        expect(log_lines(page).filter(has_text="ivo is ready")).to_have_count(1)
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"{name}: the page scrolls sideways by {overflow}px"
        page.screenshot(path=str(artifacts / f"climb-table-{name}.png"), full_page=True)
        if name == "phone":
            page.goto("/#/lobby")
            expect(page.get_by_role("button", name="Create table")).to_be_visible()
            overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert overflow <= 0, f"the lobby scrolls sideways by {overflow}px"
            page.screenshot(path=str(artifacts / "lobby-phone.png"), full_page=True)
        assert not page.errors


def test_a_hotseat_table_is_made_from_the_lobby_in_development_mode(new_context, api):
    """Hotseat tables are made from the lobby, not only through the API: in development mode (the tests' server) the
    lobby offers them: every seat is the creator's, and the page acts for the seat chosen."""
    page = new_context()
    register_through_page(page, "xena")
    page.get_by_label("Game", exact=True).select_option(label="Climb (test game)")
    page.get_by_label("Players").select_option("2")
    page.get_by_label("Hotseat: play every seat from this browser (development)").check()
    page.get_by_role("button", name="Create table").click()
    page.wait_for_url(re.compile(r"#/table/\d+$"))
    expect(status(page)).to_contain_text("You must pick a charm")
    expect(page.locator(".board")).to_have_count(2)
    expect(page.locator(".board", has_text="xena #2")).to_be_visible()
    page.get_by_label("Charm", exact=True).fill("amber")
    page.get_by_role("button", name="Pick charm").click()
    expect(log_lines(page).filter(has_text="xena is ready")).to_have_count(1)
    page.get_by_label("Act as").select_option(label="Seat 2: xena #2")
    expect(status(page)).to_contain_text("You must pick a charm")
    page.get_by_label("Charm", exact=True).fill("ruby")
    page.get_by_role("button", name="Pick charm").click()
    expect(status(page)).to_contain_text("xena must play a card")
    assert not page.errors


def test_confirm_my_moves_asks_before_a_move_is_sent(new_context, api):
    """Item 8: the shell's "confirm my moves" setting, for every game (here the generic forms): the move waits for
    Confirm, named; Cancel sends nothing; off, a move goes at once."""
    api.register("conf_ivy")
    api.register("conf_jon")
    table_id = api.new_table("conf_ivy", joiners=["conf_jon"], players=2, options={"hand_size": 1})
    page = new_context(user=("conf_ivy", api))
    page.goto(f"/#/table/{table_id}")
    expect(status(page)).to_contain_text("You must pick a charm")
    page.get_by_text("⚙ Settings").click()
    page.get_by_label("Confirm my moves before they are sent").check()
    page.get_by_label("Charm", exact=True).fill("jade")
    page.get_by_role("button", name="Pick charm").click()
    expect(page.get_by_role("button", name="Confirm: Pick charm")).to_be_focused()
    page.get_by_role("button", name="Cancel").click()
    expect(page.get_by_role("button", name="Confirm: Pick charm")).to_have_count(0)
    assert api.view(table_id, "conf_ivy")["table"]["move"] == 0   # nothing sent
    page.get_by_role("button", name="Pick charm").click()
    page.get_by_role("button", name="Confirm: Pick charm").click()
    expect(log_lines(page).filter(has_text="conf_ivy is ready")).to_have_count(1)
    page.reload()                                                  # kept in this browser
    page.get_by_text("⚙ Settings").click()
    expect(page.get_by_label("Confirm my moves before they are sent")).to_be_checked()


def test_an_abandoned_table_says_so_and_keeps_its_replay(new_context, api):
    """The last person leaves a table of bots: the page and "My games" show it abandoned, with its replay."""
    api.register("leaving_ivy")
    table_id = api.new_table("leaving_ivy", players=3, options={"hand_size": 2})
    api.post(f"/api/tables/{table_id}/bots", "leaving_ivy", json={"count": 2})
    assert api.post(f"/api/tables/{table_id}/leave", "leaving_ivy").status_code == 200
    assert api.client.application.test_cli_runner().invoke(args=["tick"]).exit_code == 0
    assert api.view(table_id, "leaving_ivy")["table"]["status"] == "abandoned"

    page = new_context(user=("leaving_ivy", api))
    page.goto(f"/#/table/{table_id}")
    expect(status(page)).to_contain_text("Abandoned: this game ended unfinished")
    page.get_by_role("link", name="Watch the replay").click()
    expect(page.locator(".replay-counter")).to_have_text(re.compile(r"Move \d+ of \d+"))
    page.goto("/#/games")
    expect(page.get_by_text("Abandoned", exact=True)).to_be_visible()
    expect(page.get_by_role("link", name="Replay")).to_be_visible()
    assert not page.errors
