"""The results in a real Chromium: progression during play, the end screen ranked by score then the
tie-breaker (score_aux) with the game's statistics, the replay viewer's statistics move by move,
and the result in "My games".

Seed "tie-7" with one card each deals the first seat a 5 and the second a 6; the first cheers once,
so both score 6 and the second seat wins on Climb's tie-breaker, the highest card played.
"""
from __future__ import annotations

try:
    from playwright.sync_api import expect
except ImportError:  # the fixtures skip (or fail under REQUIRE_E2E=1) with the reason
    expect = None

TIE = {"players": 2, "seed": "tie-7", "options": {"hand_size": 1}}


def tied_table(api, first: str, second: str) -> int:
    table_id = api.new_table(first, joiners=[second], **TIE)
    for name in (first, second):
        assert api.act(table_id, name, "pickCharm", charm="jade").status_code == 200
    assert api.act(table_id, first, "cheer").status_code == 200
    return table_id


def play(api, table_id: int, name: str, card: str) -> None:
    assert api.act(table_id, name, "playCard", card=card).status_code == 200
    assert api.act(table_id, name, "confirm").status_code == 200


def score_rows(page):
    return page.locator(".scores tbody tr")


def test_progression_then_the_end_screen_ranked_by_the_tie_breaker_with_statistics(new_context, api, artifacts):
    api.register("tess")
    api.register("ugo")
    table_id = tied_table(api, "tess", "ugo")
    page = new_context(user=("tess", api))
    page.goto(f"/#/table/{table_id}")
    progression = page.get_by_label("Game progression")
    expect(progression).to_have_attribute("value", "0")
    expect(page.locator(".progression")).to_contain_text("0%")
    expect(page.locator(".statistics")).to_have_count(0)       # not before the end
    play(api, table_id, "tess", "5a")
    expect(progression).to_have_attribute("value", "50")
    expect(page.locator(".progression")).to_contain_text("50%")

    play(api, table_id, "ugo", "6b")
    expect(page.locator(".status-bar")).to_contain_text("Game over. Winner: ugo (6).")
    expect(progression).to_have_count(0)
    # Equal scores, ugo first on the tie-breaker although tess sits first.
    expect(score_rows(page)).to_have_count(2)
    for row, (rank, name, score, aux) in enumerate([("1", "ugo", "6", "6"), ("2", "tess", "6", "5")]):
        cells = score_rows(page).nth(row)
        expect(cells.locator("td.rank")).to_have_text(rank)
        expect(cells.locator("th")).to_have_text(name)
        expect(cells.locator("td.score")).to_have_text(score)
        expect(cells.locator("td.score-aux")).to_have_text(aux)
    expect(page.locator(".scores")).to_contain_text("Ties are broken by: The highest card played")

    stats = page.get_by_role("region", name="Statistics")
    expect(stats.locator("tr[data-stat=turns]")).to_have_text("Turns2")
    cheers = stats.locator("tr[data-stat=cheers]")
    expect(cheers.locator(f"td[data-player='{api.ids['tess']}']")).to_have_text("1")
    expect(cheers.locator(f"td[data-player='{api.ids['ugo']}']")).to_have_text("0")
    expect(page.get_by_text("Points dealt")).to_have_count(0)   # a "limited" statistic: the designer's only
    page.screenshot(path=str(artifacts / "climb-end-screen-tie-break.png"), full_page=True)

    page.goto("/#/games")
    result = page.locator(f".table-row[data-table='{table_id}'] .result")
    expect(result).to_have_text("1. ugo 6 · 2. tess 6")
    assert not page.errors and not page.dialogs


def test_the_replay_viewer_shows_the_statistics_as_they_stood(new_context, api, artifacts):
    api.register("vera")
    api.register("walt")
    table_id = tied_table(api, "vera", "walt")
    play(api, table_id, "vera", "5a")
    play(api, table_id, "walt", "6b")

    page = new_context(user=("vera", api))
    page.goto(f"/#/replay/{table_id}?move=3&seat=0")
    counter = page.locator(".replay-counter")
    expect(counter).to_have_text("Move 3 of 7")
    stats = page.get_by_role("region", name="Statistics")
    turns = stats.locator("tr[data-stat=turns] td")
    cheers = stats.locator("tr[data-stat=cheers]").locator(f"td[data-player='{api.ids['vera']}']")
    expect(turns).to_have_text("0")
    expect(cheers).to_have_text("1")
    expect(page.locator(".scores")).to_have_count(0)            # the scores table is the last move's
    page.get_by_role("button", name="One move forward").click()
    page.get_by_role("button", name="One move forward").click()
    expect(counter).to_have_text("Move 5 of 7")
    expect(turns).to_have_text("1")
    page.get_by_role("button", name="Last move").click()
    expect(turns).to_have_text("2")
    expect(score_rows(page).first.locator("th")).to_have_text("walt")
    expect(score_rows(page).first.locator("td.rank")).to_have_text("1")
    page.screenshot(path=str(artifacts / "replay-statistics.png"), full_page=True)
    assert not page.errors


def test_two_quick_steps_in_the_replay_go_two_moves_while_the_first_still_loads(new_context, api):
    api.register("yann")
    api.register("zoe")
    table_id = tied_table(api, "yann", "zoe")
    play(api, table_id, "yann", "5a")
    play(api, table_id, "zoe", "6b")
    page = new_context(user=("yann", api))
    page.goto(f"/#/replay/{table_id}?move=2&seat=0")
    counter = page.locator(".replay-counter")
    expect(counter).to_have_text("Move 2 of 7")

    def slowly(route):   # each move's view takes a while, as on a slow line
        page.wait_for_timeout(400)
        route.continue_()

    page.route("**/replay?*", slowly)
    forward = page.get_by_role("button", name="One move forward")
    forward.click()
    forward.click()          # before the first step's view has come
    expect(counter).to_have_text("Move 4 of 7")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    expect(counter).to_have_text("Move 2 of 7")
