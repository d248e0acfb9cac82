"""axe-core (the axe-playwright-python package, which bundles it) finds no serious or critical
violation on the lobby and on each shipped game's table page, on a laptop and on a phone; and the shell's controls are
reached and used from the keyboard."""
from __future__ import annotations

import pytest

from .test_client import expect, status

VIEWPORTS = {"desktop": (1280, 800), "phone": (390, 844)}
SEATS = {"dragon_phoenix": 4, "summon_dragon": 4, "zhubu_shengji": 2}


def serious_violations(page) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe  # the `test` extra installs it

    results = Axe().run(page)
    return [f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:5]}"
            for v in results.response["violations"] if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_the_lobby_has_no_serious_violation(new_context, api, viewport):
    name = f"axe_lobby_{viewport}"
    api.register(name)
    api.new_table(name, game="dragon_phoenix", players=4)   # an open table in the list
    page = new_context(*VIEWPORTS[viewport], user=(name, api))
    page.goto("/#/lobby")
    page.get_by_label("Game", exact=True).select_option(label="Dragon and Phoenix")
    expect(page.locator(".tables .table-row").first).to_be_visible()
    assert serious_violations(page) == []


@pytest.mark.parametrize("viewport", VIEWPORTS)
@pytest.mark.parametrize("game", SEATS)
def test_a_table_page_has_no_serious_violation(new_context, api, game, viewport):
    name = f"axe_{game[:6]}_{viewport}"
    api.register(name)
    table_id = api.new_table(name, game=game, players=SEATS[game], seed=f"axe-{viewport}")
    assert api.post(f"/api/tables/{table_id}/bots", name,
                    json={"count": SEATS[game] - 1, "level": "heuristic"}).status_code == 200
    page = new_context(*VIEWPORTS[viewport], user=(name, api))
    page.goto(f"/#/table/{table_id}")
    expect(status(page)).to_contain_text("You")
    expect(page.locator(".log-lines li").first).to_be_visible()
    assert serious_violations(page) == []


# The shell's controls on a table page: everything a player may use outside the game's own area and hand.
SHELL_CONTROLS = """[...document.querySelectorAll('a[href], button, input, select, summary, [tabindex="0"]')]
  .filter((el) => !el.closest('.game-area, .hand-slot') && el.getClientRects().length && !el.disabled)
  .map((el) => el.outerHTML.slice(0, 80))"""


# The focused element when it is outside the bar and not wholly above it (or above the screen's top).
UNDER_THE_BAR = """(() => {
  const el = document.activeElement, bar = document.querySelector('.bottom-bar');
  if (bar.contains(el) || el === document.body) return [];
  const r = el.getBoundingClientRect();
  return r.bottom > bar.getBoundingClientRect().top + 1 || r.top < 0 ? [el.outerHTML.slice(0, 80)] : [];
})()"""


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_every_shell_control_is_reached_and_used_by_keyboard(new_context, api, viewport):
    name = f"keys_{viewport}"
    api.register(name)
    table_id = api.new_table(name, game="dragon_phoenix", players=4)
    assert api.post(f"/api/tables/{table_id}/bots", name, json={"count": 3}).status_code == 200
    page = new_context(*VIEWPORTS[viewport], user=(name, api))
    page.goto(f"/#/table/{table_id}")
    expect(status(page)).to_contain_text("High Flight")
    page.get_by_text("⚙ Settings").click()                  # open: its fields are controls too
    wanted = set(page.evaluate(SHELL_CONTROLS))
    page.locator("body").focus()
    reached, hidden = set(), []
    for _ in range(150):   # bounded: Tab through the whole page
        page.keyboard.press("Tab")
        reached.add(page.evaluate("document.activeElement.outerHTML.slice(0, 80)"))
        # a control reached is on screen, never under the bar fixed at the bottom
        hidden += page.evaluate(UNDER_THE_BAR)
    assert wanted - reached == set(), wanted - reached
    assert hidden == [], hidden
    # Used by keyboard: an action button of the bar, by Enter.
    button = page.locator(".bottom-bar .action-buttons button", has_text="No High Flight")
    button.focus()
    page.keyboard.press("Enter")
    expect(status(page)).not_to_contain_text("High Flight")
    assert not page.errors
