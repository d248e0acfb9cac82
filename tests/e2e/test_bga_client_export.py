"""`export-bga`'s modules/js/Game.js, run in Chromium against a stand-in of BGA's client API (`bga`), as BGA would run
it: `new Game(bga)`, setup with the gamedatas of a real table, the state hooks, a button clicked. Each shipped game's
module must draw its table, subscribe its handlers and send a possible action through `bga.actions.performAction`."""
from __future__ import annotations

import pytest

from framework.designer.bga_client_export import game_js
from framework.designer.bga_export import export_bga
from framework.engine.plugins import discover_games

from .test_client import expect

# BGA's client API as far as the bridge uses it; the exported Game.js is served at /bga/<n>/modules/js/Game.js.
HARNESS = """async ({ url, view }) => {
  const { gamedatasOf } = await import("/static/js/gamegui.js");
  const { Game } = await import(url);
  const area = document.createElement("div");
  document.body.append(area);
  const gamedatas = gamedatasOf(view);
  const active = view.state.active_players;
  const seen = { buttons: [], performed: [], handlers: null, messages: [] };
  const bga = {
    players: { getCurrentPlayerId: () => view.you, isCurrentPlayerActive: () => active.includes(view.you) },
    statusBar: {
      addActionButton(label, callback, options = {}) {
        const button = Object.assign(document.createElement("button"), { textContent: label });
        button.disabled = Boolean(options.disabled);
        button.addEventListener("click", callback);
        seen.buttons.push(button);
        return button;
      },
      removeActionButtons() { seen.buttons.length = 0; },
    },
    actions: { performAction: async (action, args) => { seen.performed.push([action, args]); } },
    notifications: { setupPromiseNotifications: (options) => { seen.handlers = options.handlers; } },
    gameArea: { getElement: () => area },
    gameui: { gamedatas, isSpectator: false, getActivePlayerId: () => active[0], getActivePlayers: () => active,
              showMessage: (text) => seen.messages.push(text) },
  };
  const game = new Game(bga);
  game.setup(gamedatas);
  game.onEnteringState(view.state.name, gamedatas.gamestate);
  game.onUpdateActionButtons(view.state.name, view.state.args);
  const labels = seen.buttons.map((b) => b.textContent);
  const enabled = seen.buttons.find((b) => !b.disabled);
  if (enabled) enabled.click();
  await new Promise((resolve) => setTimeout(resolve, 0));
  return { labels, performed: seen.performed, subscribed: Boolean(seen.handlers && seen.handlers[0] === game),
           drawn: area.textContent.length, player: game.player_id, messages: seen.messages };
}"""

SHIPPED = sorted(discover_games())


def run_exported(page, source: str, view: dict) -> dict:
    """The harness on `source`, served as a module of the page's own origin (the page's CSP allows no other)."""
    url = f"/bga/{abs(hash(source))}/modules/js/Game.js"
    page.route(f"**{url}", lambda route: route.fulfill(status=200, content_type="text/javascript", body=source))
    page.goto("/")
    expect(page.locator("#main")).not_to_be_empty()
    return page.evaluate(HARNESS, {"url": url, "view": view})


@pytest.mark.parametrize("game", SHIPPED)
def test_each_games_exported_client_runs_on_bgas_client_api(new_context, api, tmp_path, game):
    name = f"{game.split('_')[0]}_exporter"
    api.register(name)
    seats = discover_games()[game].max_players
    created = api.post("/api/tables", name, json={"game": game, "players": seats, "hotseat": True,
                                                  "seed": f"export-{game}"}).json
    active = api.get(f"/api/tables/{created['id']}", name).json["state"]["active_players"][0]
    view = api.get(f"/api/tables/{created['id']}?as={active}", name).json
    export_bga(discover_games()[game], tmp_path)
    source = (tmp_path / "modules" / "js" / "Game.js").read_text()

    page = new_context()
    seen = run_exported(page, source, view)
    assert seen["subscribed"] and seen["drawn"] > 50 and seen["player"] == active, seen
    assert seen["labels"] and len(seen["performed"]) == 1, seen
    action, _ = seen["performed"][0]
    assert action in view["state"]["possible_actions"], seen
    assert not page.errors and not page.console_errors, page.errors + page.console_errors


OWN_MEMBER = """
import { h } from "/static/js/dom.js";
export class Game {
  setup(gamedatas) {
    this.getGameAreaElement().append(h("p", `${this.player_id}:${this.gamedatas === gamedatas}`));
    this.showMessage("hello");
  }
  showMessage(text) { this.said = text; }   // the game's own: the bridge leaves it
  onEnteringState() {}
  onUpdateActionButtons() {}
}
"""


def test_a_member_the_game_defines_itself_is_kept(new_context, api, tmp_path):
    from tests.sample_game import Climb

    api.register("own_member")
    table_id = api.new_table("own_member", players=2, hotseat=True)
    view = api.view(table_id, "own_member")
    source = game_js(Climb, OWN_MEMBER, tmp_path)
    page = new_context()
    seen = run_exported(page, source, view)
    assert seen["messages"] == [] and seen["player"] == view["you"], seen
    assert not page.errors


NEW_HOOKS = """
import { h } from "/static/js/dom.js";
export class Game {
  setup() { this.getHandBarElement().append(h("p.hand", "my hand")); }
  bgaFormatText(log, args) {
    if (args.card) args.card = h("b.mini", args.card);
    return { log, args };
  }
}
"""

BRIDGED = """async ({ url }) => {
  const { Game } = await import(url);
  const area = document.createElement("div");
  document.body.append(area);
  const game = new Game({ gameArea: { getElement: () => area }, gameui: { bgaAnimationsActive: () => false } });
  game.setup({});
  const started = performance.now();
  await game.wait(2000);
  return { text: game.bgaFormatText("${card} played", { card: "<3a>" }).args.card, waited: performance.now() - started,
           hand: area.querySelector(".hand-slot .hand")?.textContent, animated: game.bgaAnimationsActive() };
}"""


def test_the_bridge_gives_the_pacing_and_log_hooks_on_bga(new_context, api, tmp_path):
    """On BGA the hand goes at the end of the game area, wait() follows BGA's animation switch, and a node that
    bgaFormatText gives becomes its (escaped) markup, as BGA's log takes HTML."""
    from tests.sample_game import Climb

    source = game_js(Climb, NEW_HOOKS, tmp_path)
    page = new_context()
    url = f"/bga/{abs(hash(source))}/modules/js/Game.js"
    page.route(f"**{url}", lambda route: route.fulfill(status=200, content_type="text/javascript", body=source))
    page.goto("/")
    expect(page.locator("#main")).not_to_be_empty()
    seen = page.evaluate(BRIDGED, {"url": url})
    assert seen["text"] == '<b class="mini">&lt;3a&gt;</b>', seen
    assert seen["hand"] == "my hand" and seen["animated"] is False and seen["waited"] < 500, seen
    assert not page.errors
