"""The interface a game's own client module plugs into (static/README.md), with a stand-in module served by the
browser's router in place of /games/climb/client.js; and the bots button when the server has bots."""
from __future__ import annotations

from .test_client import expect, log_lines, status

FAKE_MODULE = """
let ctx;
const calls = (window.fakeCalls = window.fakeCalls || []);
export function setup(root, data, c) {
  ctx = c;
  calls.push("setup");
  const p = document.createElement("p");
  p.className = "fake-area";
  p.textContent = "fake hand: " + data.hand.join(" ") + " / " + c.view.state.name;
  root.append(p);
}
export function update(data, view) {
  document.querySelector(".fake-area").textContent = "fake hand: " + data.hand.join(" ") + " / " + view.state.name;
}
export function onEnteringState(state) { calls.push("enter:" + state.name); }
export function onLeavingState(state) { calls.push("leave:" + state.name); }
export function onUpdateActionButtons(state) {
  if (state.possible_actions.includes("playCard")) {
    for (const card of state.args.playable) {
      ctx.addActionButton("Play " + card, () => ctx.perform("playCard", { card }));
    }
  }
  if (state.possible_actions.includes("confirm")) ctx.addActionButton("OK", () => ctx.perform("confirm"));
}
export const notifications = {
  cardPlayed(n) { calls.push("notif:cardPlayed:" + n.args.card); },
  async charmsRevealed() { calls.push("notif:charmsRevealed"); },
};
"""

# Handlers declared the ways other frameworks declare them: ignored, and the console says where they go.
OTHER_HANDLER_FORMS = """
const calls = (window.fakeCalls = window.fakeCalls || []);
export function setup(root) { root.append(Object.assign(document.createElement("p"), { className: "fake-area" })); }
export function notif_cardPlayed() { calls.push("notif_cardPlayed"); }
export const handlers = { cardPlayed() { calls.push("handlers.cardPlayed"); } };
"""


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


def test_a_game_module_gets_setup_states_buttons_and_notifications(new_context, api):
    table_id, card = one_card_each(api, "jack", "kim")

    page = new_context(user=("jack", api))
    serve_fake_module(page)
    page.goto(f"/#/table/{table_id}")
    expect(page.locator(".fake-area")).to_have_text(f"fake hand: {card} / playerTurn")
    expect(page.locator(".generic-data")).to_have_count(0)
    expect(page.locator("details.generic-details")).not_to_have_attribute("open", "")
    page.get_by_role("button", name=f"Play {card}").click()
    expect(status(page)).to_contain_text("You may confirm your card")
    expect(page.locator(".fake-area")).to_have_text("fake hand:  / confirmTurn")
    page.get_by_role("button", name="OK").click()
    expect(status(page)).to_contain_text("kim must play")

    kim_card = api.view(table_id, "kim")["data"]["hand"][0]
    assert api.act(table_id, "kim", "playCard", card=kim_card).status_code == 200
    assert api.act(table_id, "kim", "confirm").status_code == 200
    expect(status(page)).to_contain_text("Game over")
    calls = page.evaluate("window.fakeCalls")
    assert calls[:2] == ["setup", "enter:playerTurn"], calls
    assert calls.index("leave:playerTurn") < calls.index("enter:confirmTurn")
    assert calls.index(f"notif:cardPlayed:{card}") < calls.index(f"notif:cardPlayed:{kim_card}")
    assert calls.index("notif:charmsRevealed") < calls.index("enter:gameEnd"), calls
    expect(log_lines(page).filter(has_text=f"kim plays {kim_card}")).to_have_count(1)
    assert not page.errors


def test_handlers_declared_another_way_are_ignored_with_a_warning(new_context, api):
    table_id, card = one_card_each(api, "ivy", "joe")

    page = new_context(user=("ivy", api))
    warnings = []
    page.on("console", lambda message: message.type == "warning" and warnings.append(message.text))
    serve_fake_module(page, OTHER_HANDLER_FORMS)
    page.goto(f"/#/table/{table_id}")
    expect(page.locator(".fake-area")).to_have_count(1)
    assert api.act(table_id, "ivy", "playCard", card=card).status_code == 200
    expect(log_lines(page).filter(has_text=f"ivy plays {card}")).to_have_count(1)
    expect(status(page)).to_contain_text("You may confirm your card")
    assert page.evaluate("window.fakeCalls") == []
    assert len(warnings) == 1, warnings
    assert "handlers, notif_cardPlayed ignored" in warnings[0]  # a module's exports come sorted
    assert "export const notifications = {" in warnings[0]
    assert not page.errors


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
