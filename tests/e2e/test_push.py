"""Push in the browser: two pages at one table see each other's moves and chat over the event stream,
with no polling request in between; a page whose stream fails polls, then streams again."""
from __future__ import annotations

import re
import threading
from urllib.parse import urlsplit

try:
    from playwright.sync_api import expect
except ImportError:  # the fixtures skip (or fail under REQUIRE_E2E=1) with the reason
    expect = None

POLLS = re.compile(r"/api/tables/\d+/(notifications|chat)(\?|$)")


def api_requests(page) -> list[tuple[str, str]]:
    """Every API request the page makes from now on, as (method, path)."""
    made: list[tuple[str, str]] = []

    def note(request):
        url = urlsplit(request.url)
        if url.path.startswith("/api/"):
            made.append((request.method, url.path + (f"?{url.query}" if url.query else "")))

    page.on("request", note)
    return made


def test_two_pages_see_each_others_moves_with_no_poll_in_between(new_context, api):
    for name in ("pia_push", "quin_push"):
        api.register(name)
    table_id = api.new_table("pia_push", joiners=["quin_push"], players=2, options={"hand_size": 1})
    # Polling every 200 ms, if it polled: many polls during the game.
    pages = {name: new_context(user=(name, api), poll_ms=200) for name in ("pia_push", "quin_push")}
    for page in pages.values():
        with page.expect_response(lambda response: "/events" in response.url):   # the stream is open
            page.goto(f"/#/table/{table_id}")
        expect(page.locator(".status-bar")).to_contain_text("You must pick a charm")
        page.wait_for_timeout(500)   # a poll started before the stream opened has ended
    pia, quin = pages["pia_push"], pages["quin_push"]
    made = {name: api_requests(page) for name, page in pages.items()}

    pia.get_by_label("Charm", exact=True).fill("jade")
    pia.get_by_role("button", name="Pick charm").click()
    expect(quin.locator(".log-lines li").filter(has_text="pia_push is ready")).to_have_count(1)
    quin.get_by_label("Charm", exact=True).fill("ruby")
    quin.get_by_role("button", name="Pick charm").click()
    expect(pia.locator(".status-bar")).to_contain_text("Your turn")
    expect(quin.locator(".status-bar")).to_contain_text("pia_push must play a card")
    card = api.view(table_id, "pia_push")["data"]["hand"][0]
    pia.get_by_label("Card", exact=True).fill(card)
    pia.get_by_role("button", name="Play card").click()
    expect(quin.locator(".log-lines li").filter(has_text=f"pia_push plays {card}")).to_have_count(1)
    pia.get_by_role("button", name="Confirm").click()           # a move without any notification
    expect(quin.locator(".status-bar")).to_contain_text("Your turn: You must play a card")
    api.post(f"/api/tables/{table_id}/chat", "quin_push", json={"text": "well played"})
    expect(pia.locator(".chat-lines")).to_contain_text("quin_push: well played")

    for name, requests in made.items():
        assert not [path for _, path in requests if POLLS.search(path)], (name, requests)
        views = [path for method, path in requests if method == "GET" and path == f"/api/tables/{table_id}"]
        # Read when a move was pushed (at most twice per move: the stream can overtake a move's own answer),
        # not on a timer.
        assert len(views) <= 8, (name, requests)
    assert not pia.errors and not quin.errors


def test_a_page_whose_stream_is_refused_polls_and_streams_again(new_context, api):
    """Refused (429, as past a stream bound), then cut as it opens (a proxy ending it at once): each time
    another player's move reaches the page while no stream carries anything, which only its polls can do
    (the chat and view it read when it opened count for nothing: the moves come after)."""
    for name in ("ria_push", "sol_push"):
        api.register(name)
    table_id = api.new_table("ria_push", joiners=["sol_push"], players=2, options={"hand_size": 1})
    page = new_context(user=("sol_push", api), poll_ms=200)
    mode = {"now": "refuse"}

    def streams(route):
        if mode["now"] == "refuse":
            route.fulfill(status=429, body='{"error": {"code": "too_many_streams", "message": "full"}}',
                          content_type="application/json", headers={"Retry-After": "60"})
        elif mode["now"] == "cut":
            route.fulfill(status=200, body="", content_type="text/event-stream")
        else:
            route.continue_()

    page.route(re.compile(r".*/api/tables/\d+/events.*"), streams)
    streamed = []
    page.on("response", lambda response: streamed.append(response.status) if "/events" in response.url else None)
    page.goto(f"/#/table/{table_id}")
    expect(page.locator(".status-bar")).to_contain_text("You must pick a charm")
    api.act(table_id, "ria_push", "pickCharm", charm="opal")
    expect(page.locator(".log-lines li").filter(has_text="ria_push is ready")).to_have_count(1)  # polled
    assert 200 not in streamed and 429 in streamed
    mode["now"] = "cut"
    for _ in range(80):                                                      # the next retry comes within 4 s
        if 200 in streamed:
            break
        page.wait_for_timeout(100)
    assert 200 in streamed
    api.act(table_id, "ria_push", "cheer")
    expect(page.locator(".log-lines li").filter(has_text="ria_push cheers")).to_have_count(1)  # polled again
    mode["now"] = "through"
    made = api_requests(page)
    for _ in range(120):                                                     # retries wait longer each time
        if any(path.startswith(f"/api/tables/{table_id}/events") for _, path in made):
            break
        page.wait_for_timeout(100)
    page.wait_for_timeout(800)                                               # a poll under way has ended
    polls_before = len([p for _, p in made if POLLS.search(p)])
    api.act(table_id, "ria_push", "cheer")
    expect(page.locator(".log-lines li").filter(has_text="ria_push cheers")).to_have_count(2)
    page.wait_for_timeout(600)
    assert len([p for _, p in made if POLLS.search(p)]) == polls_before     # streaming again: no more polls
    assert not page.errors


def test_a_page_shows_notifications_that_leave_the_state_as_it_was(new_context, api, monkeypatch):
    # A player leaves and comes back between two of the stream's reads: two notifications, and move, status
    # and seats as they were. The page shows notifications on the state event after them: there must be one.
    from framework.store.news import SharedNews

    for name in ("tia_push", "uma_push"):
        api.register(name)
    table_id = api.new_table("tia_push", joiners=["uma_push"], players=2, options={"hand_size": 1})
    api.act(table_id, "tia_push", "pickCharm", charm="opal")   # uma's turn: tia's zombie has nothing to play
    page = new_context(user=("uma_push", api), poll_ms=200)
    with page.expect_response(lambda response: "/events" in response.url):
        page.goto(f"/#/table/{table_id}")
    expect(page.locator(".status-bar")).to_contain_text("You must pick a charm")
    page.wait_for_timeout(500)   # a poll started before the stream opened has ended
    made = api_requests(page)
    gate, read = threading.Event(), SharedNews.since

    def held(self, *args, **kwargs):   # the stream's next read waits until both changes are in
        gate.wait(10)
        return read(self, *args, **kwargs)

    monkeypatch.setattr(SharedNews, "since", held)
    api.post(f"/api/tables/{table_id}/leave", "tia_push")
    api.post(f"/api/tables/{table_id}/return", "tia_push")
    gate.set()
    expect(page.locator(".log-lines li").filter(has_text="tia_push is back")).to_have_count(1)
    expect(page.locator(".log-lines li").filter(has_text="tia_push left the table")).to_have_count(1)
    assert not [path for _, path in made if POLLS.search(path)], made
    assert not page.errors
