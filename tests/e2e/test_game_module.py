"""The interface a game's own client module plugs into (static/README.md: BGA's `export class Game`), with stand-in
modules served by the browser's router in place of /games/climb/client.js: the hooks and members as BGA names them,
nothing run while a table waits for players, the shell's styles kept out of a game's own buttons, the README's example
played; and the seat controls (bots, leaving, private tables)."""
from __future__ import annotations

import re
from pathlib import Path

from framework.store import db

from .test_client import expect, log_lines, status

FAKE_MODULE = """
import { h } from "/static/js/dom.js";
const calls = (window.fakeCalls = window.fakeCalls || []);
export class Game {
  setup(gamedatas) {
    calls.push(`setup:${gamedatas.gamestate.name}:${this.player_id === gamedatas.playerorder[0]}`);
    this.area = h("p.fake-area");
    this.getGameAreaElement().append(this.area);
    this.draw(gamedatas);
    this.setupNotifications();
  }
  onGamedatasUpdate(gamedatas) { this.draw(gamedatas); }
  draw(gamedatas) { this.area.textContent = `fake hand: ${gamedatas.hand.join(" ")} / ${gamedatas.gamestate.name}`; }
  onEnteringState(stateName, state) { calls.push(`enter:${stateName}:${state.possibleactions.join(",")}`); }
  onLeavingState(stateName) { calls.push(`leave:${stateName}`); }
  onUpdateActionButtons(stateName, args) {
    if (!this.isCurrentPlayerActive()) return;
    if (stateName === "playerTurn") {
      for (const card of args.playable) this.statusBar.addActionButton(`Play ${card}`, () => this.play(card));
      this.statusBar.addActionButton("Play 9z", () => this.play("9z"), { color: "secondary", classes: "not-mine" });
    }
    if (stateName === "confirmTurn") this.statusBar.addActionButton("OK", () => this.bgaPerformAction("confirm"));
  }
  async play(card) {
    try {
      await this.bgaPerformAction("playCard", { card });
      calls.push(`played:${card}:${this.gamedatas.gamestate.name}`);   // the move's view is on the page by now
    } catch (refusal) {
      calls.push(`refused:${refusal.message}`);
    }
  }
  setupNotifications() { this.bgaSetupPromiseNotifications(); }
  notif_cardPlayed(args) { calls.push(`notif:cardPlayed:${args.card}`); }
  async notif_charmsRevealed(args) { calls.push(`notif:charmsRevealed:${Object.keys(args.charms).length}`); }
}
"""

# Written for the shell's former interface (functions taking a ctx, a `notifications` map): told, and not run.
FORMER_INTERFACE = """
const calls = (window.fakeCalls = window.fakeCalls || []);
export function setup(root, data, ctx) { calls.push("setup"); }
export function onUpdateActionButtons(state) { calls.push("buttons"); }
export const notifications = { cardPlayed() { calls.push("notifications.cardPlayed"); } };
"""

# Every hook it has writes down that it ran, and reads what setup would have given (a TypeError if run before it).
WAITING_MODULE = """
const calls = (window.fakeCalls = window.fakeCalls || []);
export class Game {
  setup(gamedatas) {
    calls.push(`setup:${gamedatas.gamestate.name}`);
    this.getGameAreaElement().append(Object.assign(document.createElement("p"), { className: "fake-area" }));
  }
  onEnteringState(stateName, state) { calls.push(`enter:${stateName}:${state.args.letters}`); }
  onUpdateActionButtons(stateName, args) {
    calls.push(`buttons:${stateName}:${this.gamedatas.gamestate.name}`);
    if (this.isCurrentPlayerActive() && stateName === "pickCharm") {
      this.statusBar.addActionButton("Pick jade", () => this.bgaPerformAction("pickCharm", { charm: "jade" }));
    }
  }
}
"""

# A card drawn as a button on a white face, a BGA-style button in the area, and a button in the action bar.
STYLED_MODULE = """
import { h } from "/static/js/dom.js";
export class Game {
  setup() {
    document.head.append(h("style", ".fake-card { background: #fff; border: 1px solid #999; }"));
    this.getGameAreaElement().append(h("button.fake-card", { type: "button" }, "7"),
      h("button.bgabutton.bgabutton_blue.fake-bga", { type: "button" }, "Sort"));
  }
  onUpdateActionButtons() { this.statusBar.addActionButton("Fake action", () => {}, { classes: "fake-action" }); }
}
"""

README = Path(__file__).resolve().parents[2] / "static" / "README.md"


def readme_example() -> str:
    """The client module static/README.md shows, as printed."""
    section = README.read_text().split("## Writing a game's client module", 1)[1]
    return re.search(r"```js\n(.*?)```", section, re.S).group(1)


def serve_fake_module(page, module=FAKE_MODULE):
    """Climb has no client files: the catalog is made to name one, and the browser is given it."""
    def catalog_with_module(route):
        answer = route.fetch()
        body = answer.json()
        for game in body["games"]:
            if game["name"] == "climb":
                game["client"] = {"module": "/games/climb/client.js", "css": None}
        route.fulfill(response=answer, json=body)

    page.route("**/api/games", catalog_with_module)
    page.route("**/games/climb/client.js", lambda route: route.fulfill(
        status=200, content_type="text/javascript", body=module))


def one_card_each(api, first: str, second: str) -> tuple[int, str]:
    """A two-player Climb table of one card each, charms picked: the table and the first player's card."""
    api.register(first)
    api.register(second)
    table_id = api.new_table(first, joiners=[second], players=2, options={"hand_size": 1})
    assert api.act(table_id, first, "pickCharm", charm="jade").status_code == 200
    assert api.act(table_id, second, "pickCharm", charm="ruby").status_code == 200
    return table_id, api.view(table_id, first)["data"]["hand"][0]


def test_a_game_module_is_a_class_with_bgas_hooks_and_members(new_context, api):
    table_id, card = one_card_each(api, "jack", "kim")

    page = new_context(user=("jack", api))
    serve_fake_module(page)
    page.goto(f"/#/table/{table_id}")
    expect(page.locator(".fake-area")).to_have_text(f"fake hand: {card} / playerTurn")
    expect(page.locator(".generic-data")).to_have_count(0)
    expect(page.locator("details.generic-details")).not_to_have_attribute("open", "")
    page.get_by_role("button", name="Play 9z").click()                 # the promise rejects with the refusal
    expect(page.locator(".action-error")).to_have_text("You do not have that card.")
    page.get_by_role("button", name=f"Play {card}").click()            # ... and resolves once the view is shown
    expect(status(page)).to_contain_text("You may confirm your card")
    expect(page.locator(".fake-area")).to_have_text("fake hand:  / confirmTurn")
    page.get_by_role("button", name="OK").click()
    expect(status(page)).to_contain_text("kim must play")

    kim_card = api.view(table_id, "kim")["data"]["hand"][0]
    assert api.act(table_id, "kim", "playCard", card=kim_card).status_code == 200
    assert api.act(table_id, "kim", "confirm").status_code == 200
    expect(status(page)).to_contain_text("Game over")
    calls = page.evaluate("window.fakeCalls")
    assert calls[:2] == ["setup:playerTurn:true", "enter:playerTurn:playCard,cheer"], calls
    assert "refused:You do not have that card." in calls
    assert calls.index(f"notif:cardPlayed:{card}") < calls.index(f"played:{card}:confirmTurn"), calls
    assert calls.index("leave:playerTurn") < calls.index("enter:confirmTurn:confirm,undo,cheer")
    assert calls.index(f"notif:cardPlayed:{card}") < calls.index(f"notif:cardPlayed:{kim_card}")
    assert calls.index("notif:charmsRevealed:2") < calls.index("enter:gameEnd:"), calls
    expect(log_lines(page).filter(has_text=f"kim plays {kim_card}")).to_have_count(1)
    assert not page.errors and not page.console_errors, page.errors + page.console_errors

    # The replay viewer makes a Game for the move shown, from that move's view, and it sends nothing.
    page.evaluate("window.fakeCalls.length = 0")
    page.get_by_role("link", name="Watch the replay").click()
    page.get_by_label("Move", exact=True).fill("2")
    page.get_by_label("Move", exact=True).press("Enter")
    expect(page.locator(".fake-area")).to_have_text(f"fake hand: {card} / playerTurn")
    expect(page.get_by_role("button", name=f"Play {card}")).to_have_count(0)
    assert "setup:playerTurn:true" in page.evaluate("window.fakeCalls")
    assert not page.errors and not page.console_errors, page.errors + page.console_errors


def test_a_module_in_the_former_interface_is_told_and_the_generic_renderer_plays(new_context, api):
    table_id, card = one_card_each(api, "ivy", "joe")

    page = new_context(user=("ivy", api))
    warnings = []
    page.on("console", lambda message: message.type == "warning" and warnings.append(message.text))
    serve_fake_module(page, FORMER_INTERFACE)
    page.goto(f"/#/table/{table_id}")
    expect(page.locator(".generic-data")).to_have_count(1)
    page.get_by_label("Card", exact=True).fill(card)
    page.get_by_role("button", name="Play card").click()
    expect(status(page)).to_contain_text("You may confirm your card")
    assert page.evaluate("window.fakeCalls") == []
    assert len(warnings) == 1 and "exports no `class Game`" in warnings[0], warnings
    assert not page.errors


def test_nothing_of_the_module_runs_while_the_table_waits_for_players(new_context, api):
    """onUpdateActionButtons is never called before setup, also while the table waits (it was: a TypeError
    in the module). The Game is set up when the table starts; its buttons follow."""
    api.register("liv")
    api.register("max")
    table_id = api.new_table("liv", players=2, options={"hand_size": 1})
    page = new_context(user=("liv", api))
    serve_fake_module(page, WAITING_MODULE)
    page.goto(f"/#/table/{table_id}")
    expect(status(page)).to_contain_text("Waiting for players: 1 of 2")
    page.wait_for_timeout(800)   # a few polls of the waiting table
    assert page.evaluate("window.fakeCalls || []") == []
    assert api.post(f"/api/tables/{table_id}/join", "max").status_code == 200
    expect(page.get_by_role("button", name="Pick jade")).to_be_visible()
    assert api.act(table_id, "max", "pickCharm", charm="ruby").status_code == 200
    expect(log_lines(page).filter(has_text="max is ready")).to_have_count(1)
    page.get_by_role("button", name="Pick jade").click()
    expect(log_lines(page).filter(has_text="liv is ready")).to_have_count(1)
    calls = page.evaluate("window.fakeCalls")
    assert calls[:3] == ["setup:pickCharm", "enter:pickCharm:3-12", "buttons:pickCharm:pickCharm"], calls
    assert calls.count("enter:pickCharm:3-12") == 1, calls   # another player's answer is no new turn
    assert not page.errors and not page.console_errors, page.errors + page.console_errors


def test_the_shells_button_styles_stay_out_of_a_games_own_buttons(new_context, api):
    """A card drawn as a <button> on a white face once got the shell's white text (white on white once the game
    set the background). The game's buttons get none of the shell's look; the action bar's, and a `bgabutton` the
    game asks for, keep it."""
    table_id, _ = one_card_each(api, "nia", "oto")
    page = new_context(user=("nia", api))
    serve_fake_module(page, STYLED_MODULE)
    page.goto(f"/#/table/{table_id}")
    style = "el => { const s = getComputedStyle(el); return [s.color, s.backgroundColor]; }"
    card = page.locator(".game-area button.fake-card")
    expect(card).to_be_visible()
    accent = ["rgb(255, 255, 255)", "rgb(31, 95, 153)"]                 # white on the shell's blue
    text, face = card.evaluate(style)
    assert face == "rgb(255, 255, 255)" and text != accent[0], (text, face)   # the game's white face, dark text
    assert page.locator("button.fake-action").evaluate(style) == accent   # the shell's own buttons are unchanged
    assert page.locator(".game-area .fake-bga").evaluate(style) == accent
    assert not page.errors


def test_the_readme_example_module_plays_a_whole_game(new_context, api):
    """The documented module is complete as printed (its imports shown): it plays Climb to the end."""
    api.register("pia")
    api.register("quo")
    table_id = api.new_table("pia", joiners=["quo"], players=2, options={"hand_size": 1})
    page = new_context(user=("pia", api))
    serve_fake_module(page, readme_example())
    page.goto(f"/#/table/{table_id}")
    page.get_by_role("button", name="Pick amber").click()
    expect(log_lines(page).filter(has_text="pia is ready")).to_have_count(1)
    page.locator(".climb-hand button").first.click()          # not yet: the page refuses it (not a possible action)
    expect(page.locator(".action-error")).to_have_text("This move is not authorized now.")
    assert api.act(table_id, "quo", "pickCharm", charm="ruby").status_code == 200
    expect(status(page)).to_contain_text("You must play a card")
    card = api.view(table_id, "pia")["data"]["hand"][0]
    page.locator(f'.climb-hand button[data-card="{card}"]').click()
    expect(page.locator(".climb-pile")).to_have_text(f"Pile: {card}")
    expect(page.locator(".flash")).to_contain_text(f"{card} is on the pile")     # notif_cardPlayed
    page.get_by_role("button", name="Confirm").click()
    expect(status(page)).to_contain_text("quo must play")
    other = api.view(table_id, "quo")["data"]["hand"][0]
    assert api.act(table_id, "quo", "playCard", card=other).status_code == 200
    assert api.act(table_id, "quo", "confirm").status_code == 200
    expect(status(page)).to_contain_text("Game over")
    assert not page.errors and not page.console_errors, page.errors + page.console_errors


def test_bots_fill_the_empty_seats(new_context, api):
    """With the bots endpoint the creator fills the table; without it the button stays hidden."""
    has_bots = api.client.open("/api/tables/0/bots", method="OPTIONS").status_code not in (404, 405)
    api.register("lena")
    table_id = api.new_table("lena", players=2, options={"hand_size": 1})
    page = new_context(user=("lena", api))
    page.goto(f"/#/table/{table_id}")
    expect(status(page)).to_contain_text("Waiting for players: 1 of 2")
    if not has_bots:
        page.wait_for_timeout(300)
        expect(page.get_by_role("button", name="Fill empty seats with bots")).to_have_count(0)
        return
    page.get_by_role("button", name="Fill empty seats with bots").click()
    expect(page.locator(".board .mark-bot")).to_have_count(1)
    expect(status(page)).to_contain_text("You must pick a charm")
    page.get_by_label("Charm").fill("amber")
    page.get_by_role("button", name="Pick charm").click()
    expect(status(page)).to_contain_text("You must play a card")
    assert not page.errors


def test_leaving_and_taking_the_seat_back(new_context, api):
    """When the server lets players leave (a zombie plays their seat), the page offers to come back."""
    if api.client.open("/api/tables/0/leave", method="OPTIONS").status_code in (404, 405):
        return  # no such endpoint on this server: the leave button stays hidden
    api.register("mia")
    api.register("noa")
    table_id = api.new_table("mia", joiners=["noa"], players=2, options={"hand_size": 2})
    page = new_context(user=("mia", api))
    page.goto(f"/#/table/{table_id}")
    expect(status(page)).to_contain_text("You must pick a charm")
    expect(page.get_by_role("button", name="Leave the game")).to_be_visible()
    assert api.post(f"/api/tables/{table_id}/leave", "mia").status_code == 200
    expect(page.locator(".board", has_text="mia").locator(".mark-zombie")).to_have_count(1)
    page.get_by_role("button", name="Take my seat back").click()
    expect(page.locator(".board", has_text="mia").locator(".mark-zombie")).to_have_count(0)
    expect(page.get_by_role("button", name="Leave the game")).to_be_visible()
    assert not page.errors


def test_a_private_table_is_joined_with_its_code(new_context, api):
    """When the server has private tables: the creator sees the code, a friend joins with it in the lobby."""
    if api.client.open("/api/join", method="OPTIONS").status_code in (404, 405):
        return  # no private tables on this server: the checkbox and the code form stay hidden
    api.register("quin")
    host = new_context(user=("quin", api))
    host.goto("/#/lobby")
    host.get_by_label("Game", exact=True).select_option(label="Climb (test game)")
    host.get_by_label("Players").select_option("2")
    host.get_by_label("Private (join by invitation code)").check()
    host.get_by_role("button", name="Create table").click()
    host.wait_for_url("**/#/table/*")
    code = host.locator(".invite-code").inner_text()
    assert len(code) >= 6

    api.register("rosa")
    friend = new_context(user=("rosa", api))
    friend.goto("/#/lobby")
    expect(friend.locator(".tables")).not_to_contain_text("Loading")
    expect(friend.locator(".tables")).not_to_contain_text("quin")      # private: not in the lobby
    friend.get_by_label("Invitation code", exact=True).fill(code)
    friend.get_by_role("button", name="Join with the code").click()
    friend.wait_for_url("**/#/table/*")
    expect(status(friend)).to_contain_text("You must pick a charm")
    expect(status(host)).to_contain_text("You must pick a charm")
    assert not host.errors and not friend.errors


def test_an_expert_at_the_table_shows_thinking_while_the_runner_searches(new_context, api, live_app):
    """The creator picks "Expert" in the bot menu; the expert's seat says "thinking…" while a bot runner
    searches for it, and its move arrives like any other."""
    from framework.store.runner import claim, play_claimed

    api.register("expert_olga")
    table_id = api.new_table("expert_olga", players=2, options={"hand_size": 1})
    page = new_context(user=("expert_olga", api))
    page.goto(f"/#/table/{table_id}")
    expect(status(page)).to_contain_text("Waiting for players: 1 of 2")
    menu = page.locator("select.bot-level")
    expect(menu.locator("option")).to_have_text(["Random", "Heuristic", "Expert"])
    menu.select_option("expert")
    page.get_by_role("button", name="Fill empty seats with bots").click()
    bot_board = page.locator(".board", has=page.locator(".mark-bot"))
    expect(bot_board).to_contain_text("Expert bot 1")
    page.get_by_label("Charm").fill("amber")
    page.get_by_role("button", name="Pick charm").click()
    expect(bot_board.locator(".mark-thinking")).to_have_count(0)  # nobody searches until a runner does
    games = live_app.extensions["games"]
    with live_app.app_context():
        found = claim(table_id, games, 30)
        db.session.remove()
    expect(bot_board.locator(".mark-thinking")).to_have_text("thinking…")
    with live_app.app_context():
        assert play_claimed(found, games)
        db.session.remove()
    expect(bot_board.locator(".mark-thinking")).to_have_count(0)
    expect(status(page)).to_contain_text("You must play a card")
    assert not page.errors and not page.console_errors, page.errors + page.console_errors
