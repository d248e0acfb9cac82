"""`flask new-game`: the generated game plays, validates, passes its own tests as generated, and every
designer command works on it."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from framework.designer.scaffold import new_game

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def project(tmp_path):
    """A copy of the project's code to scaffold into, so the real games/ is left alone."""
    for part in ("framework", "tests/__init__.py", "tests/games/__init__.py", "games/__init__.py"):
        source, target = ROOT / part, tmp_path / part
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.is_dir():
            shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(source, target)
    return tmp_path


def test_generated_game_passes_its_own_tests(project):
    written = new_game("river_duel", project)
    assert {p.name for p in written} == {"__init__.py", "game.py", "RULES.md", "test_game.py"}
    assert not (project / "games" / "river_duel" / "client.js").exists()  # the generic renderer plays it
    result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                             "tests/games/river_duel"], cwd=project, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-2000:]
    assert "52 passed" in result.stdout


def test_designer_commands_work_on_a_scaffolded_game(project):
    new_game("river_duel", project)
    env = {**os.environ, "BGA_GAMES": '["river_duel"]',
           "BGA_SQLALCHEMY_DATABASE_URI": f"sqlite:///{project / 'x.sqlite'}"}

    def flask(*args):
        return subprocess.run([sys.executable, "-m", "flask", "--app", "framework.web", *args], cwd=project,
                              env=env, capture_output=True, text=True, timeout=300)

    assert "no problem found" in flask("validate", "river_duel").stdout
    assert "s10 --> s20 : played" in flask("diagram", "river_duel").stdout
    simulated = flask("simulate", "river_duel", "--games", "20", "--seed", "s")
    assert simulated.returncode == 0 and "games: 20 of 20 finished, 0 failed" in simulated.stdout, simulated.stderr
    exported = flask("export-bga", "river_duel", "--out", str(project / "bga"))
    assert exported.returncode == 0 and (project / "bga" / "modules" / "php" / "Game.php").exists()


def test_names_are_checked_and_nothing_is_overwritten(project):
    with pytest.raises(ValueError, match="lower-case"):
        new_game("River Duel", project)
    new_game("duel", project)
    with pytest.raises(FileExistsError):
        new_game("duel", project)


def test_new_game_command(tmp_path, monkeypatch):
    from framework.web import designer_cli
    from tests.conftest import make_app

    monkeypatch.setattr(designer_cli, "ROOT", tmp_path)
    (tmp_path / "games").mkdir()
    app = make_app(f"sqlite:///{tmp_path / 'x.sqlite'}")
    result = app.test_cli_runner().invoke(args=["new-game", "tiny_trick", "--title", "Tiny Trick"])
    assert result.exit_code == 0 and "created games/tiny_trick/game.py" in result.output
    assert 'title = "Tiny Trick"' in (tmp_path / "games" / "tiny_trick" / "game.py").read_text()
    again = app.test_cli_runner().invoke(args=["new-game", "tiny_trick"])
    assert again.exit_code != 0 and "exists already" in again.output
