"""Real-browser tests: the Flask app on 127.0.0.1 in a thread, Debian's Chromium driven by Python Playwright.

They skip, saying why, when Chromium or Playwright is missing; REQUIRE_E2E=1 makes that a failure (CI).
Screenshots go to $BGA_E2E_ARTIFACTS when set (e.g. tests/e2e/artifacts), else to the pytest tmp dir.
"""
from __future__ import annotations

import json
import os
import shutil
import threading
from pathlib import Path

import pytest
from werkzeug.serving import WSGIRequestHandler, make_server

from framework.store import db
from tests.conftest import Api, make_app

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
TIMEOUT_MS = 8000   # the longest any single wait (an action or an expect) may take, on a busy 2-core machine


def pytest_collection_modifyitems(items):
    """Every browser test belongs to the full suite (`make test`), not to `make check`'s quick loop."""
    here = Path(__file__).parent
    for item in items:
        if here in item.path.parents:
            item.add_marker(pytest.mark.slow)


def _missing(reason: str):
    if os.environ.get("REQUIRE_E2E") == "1":
        pytest.fail(f"REQUIRE_E2E=1 but {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def chromium_path() -> str:
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if not path:
        _missing("no Chromium found on PATH (Debian: apt-get install -y chromium)")
    return path


@pytest.fixture(scope="session")
def playwright_api():
    try:
        from playwright.sync_api import expect, sync_playwright
    except ImportError:
        _missing("Python Playwright is not installed (pip install playwright; no `playwright install` needed)")
    expect.set_options(timeout=TIMEOUT_MS)  # expect's own default (5 s) was shorter than the page's waits
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser(playwright_api, chromium_path):
    browser = playwright_api.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS, headless=True)
    yield browser
    browser.close()


@pytest.fixture(scope="session")
def live_app(tmp_path_factory):
    path = tmp_path_factory.mktemp("e2e") / "e2e.sqlite"
    app = make_app(f"sqlite:///{path}", GAMES=None)  # every shipped game, and the tests' Climb
    yield app
    with app.app_context():
        db.engine.dispose()


class QuietHandler(WSGIRequestHandler):
    def log_request(self, *args, **kwargs):  # hundreds of polls: keep the test output readable
        pass


@pytest.fixture(scope="session")
def base_url(live_app) -> str:
    """The app on 127.0.0.1, a free port, in a daemon thread for the whole session."""
    server = make_server("127.0.0.1", 0, live_app, threaded=True, request_handler=QuietHandler)
    thread = threading.Thread(target=server.serve_forever, name="e2e-server", daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(timeout=5)


@pytest.fixture
def api(live_app) -> Api:
    """Drives the other players straight through the API (same app, same database)."""
    return Api(live_app.test_client())


@pytest.fixture
def new_context(browser, base_url):
    """new_context(width=1280, height=800, user=None, poll_ms=300, pace="instant"): a fresh browser profile; with a
    (name, Api), logged in. The table page polls every poll_ms (None: the real 2 s) so the tests wait less, and shows
    the others' moves at `pace` (static/js/settings.js; None: the player's default, 0.7 s apart), "instant" unless a
    test is about pacing."""
    contexts = []

    def make(width: int = 1280, height: int = 800, user: tuple[str, Api] | None = None, poll_ms: int | None = 300,
             pace: str | None = "instant"):
        context = browser.new_context(viewport={"width": width, "height": height}, base_url=base_url)
        context.set_default_timeout(TIMEOUT_MS)
        if poll_ms:
            context.add_init_script(f"localStorage.setItem('bga.poll-ms', '{int(poll_ms)}');")
        if pace:   # set once: a test that changes it keeps its change across reloads
            context.add_init_script("if (!localStorage.getItem('bga.settings')) "
                                    f"localStorage.setItem('bga.settings', {json.dumps(json.dumps({'pace': pace}))});")
        if user:
            name, api = user
            context.add_init_script(
                "if (!localStorage.getItem('bga.token')) {"
                f"localStorage.setItem('bga.token', {json.dumps(api.tokens[name])});"
                f"localStorage.setItem('bga.user', {json.dumps(json.dumps({'id': api.ids[name], 'name': name}))});}}")
        contexts.append(context)
        page = context.new_page()
        page.dialogs = []
        page.on("dialog", lambda dialog: (page.dialogs.append(dialog.message), dialog.dismiss()))
        page.errors = []
        page.on("pageerror", lambda err: page.errors.append(str(err)))
        # What the page logged as an error: a game module's hook that threw (the shell catches it and logs it).
        # A refused request is logged by the browser itself ("Failed to load resource"): not counted.
        page.console_errors = []
        page.on("console", lambda message: message.type == "error" and not message.text.startswith(
            "Failed to load resource") and page.console_errors.append(message.text))
        return page

    yield make
    for context in contexts:
        context.close()


@pytest.fixture(scope="session")
def artifacts(tmp_path_factory) -> Path:
    wanted = os.environ.get("BGA_E2E_ARTIFACTS")
    if wanted:
        path = Path(wanted)
        path.mkdir(parents=True, exist_ok=True)
        return path
    return tmp_path_factory.mktemp("screenshots")
