"""`GET /api/games/<name>/diagram?format=svg` is public and runs Graphviz: drawn once per game version
in a process, and sent with headers that let browsers and proxies keep it."""
import subprocess

import pytest

from framework.designer import diagram
from tests.conftest import make_app
from tests.sample_game import Climb


@pytest.fixture
def dot_runs(monkeypatch):
    """Graphviz replaced by a counter (whether or not it is installed): the list of dot sources drawn."""
    drawn: list[str] = []

    def fake_dot(args, input, **kwargs):
        drawn.append(input)
        return subprocess.CompletedProcess(args, 0, stdout=f"<svg><!-- {len(drawn)} --></svg>", stderr="")

    monkeypatch.setattr(diagram.shutil, "which", lambda name: f"/usr/bin/{name}")
    monkeypatch.setattr(diagram.subprocess, "run", fake_dot)
    return drawn


def test_svg_is_drawn_once_per_game_version(app, dot_runs, monkeypatch):
    client = app.test_client()
    first = client.get("/api/games/climb/diagram?format=svg")
    second = client.get("/api/games/climb/diagram?format=svg")
    assert first.status_code == second.status_code == 200 and first.mimetype == "image/svg+xml"
    assert len(dot_runs) == 1 and second.data == first.data

    monkeypatch.setattr(Climb, "version", Climb.version + 1)
    changed = client.get("/api/games/climb/diagram?format=svg")
    assert len(dot_runs) == 2 and changed.data != first.data


def test_diagram_may_be_kept_by_browsers_and_proxies(app, dot_runs):
    client = app.test_client()
    first = client.get("/api/games/climb/diagram?format=svg")
    assert first.cache_control.public and first.cache_control.max_age == 3600
    assert first.headers["ETag"]
    again = client.get("/api/games/climb/diagram?format=svg", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.data == b""
    assert len(dot_runs) == 1


def test_in_development_mode_the_browser_asks_again_each_time(tmp_path, dot_runs):
    app = make_app(f"sqlite:///{tmp_path / 'dev.sqlite'}", DEV_MODE=True)
    first = app.test_client().get("/api/games/climb/diagram?format=svg")
    assert first.cache_control.max_age == 0 and first.headers["ETag"]
