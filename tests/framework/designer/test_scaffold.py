"""`bga new-game`: the generated game plays, validates, passes its own tests as generated, and every
designer command works on it; inside the repository it is registered in pyproject.toml, standalone it
is a package of its own that the framework serves once installed."""
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from framework.designer.scaffold import new_game, with_entry_point
from framework.engine.errors import GameDefinitionError
from framework.engine.plugins import GROUP, discover_games
from tests.sample_game import Climb

ROOT = Path(__file__).resolve().parents[3]


def install_metadata(folder: Path) -> None:
    """What `pip install -e folder` leaves for importlib.metadata, without installing: a dist-info with
    the entry points of folder/pyproject.toml, found on sys.path (here: the folder, first on it when a
    command runs there). For the copy of this project, it stands for `make install` of that copy."""
    project = tomllib.loads((folder / "pyproject.toml").read_text())["project"]
    info = folder / f"{re.sub(r'[-_.]+', '_', project['name']).lower()}-{project['version']}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n")
    points = project["entry-points"][GROUP]
    (info / "entry_points.txt").write_text(f"[{GROUP}]\n" + "".join(f"{k} = {v}\n" for k, v in points.items()))


def pytest_in(folder: Path, *args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args], cwd=folder,
                          env=env, capture_output=True, text=True, timeout=300)


@pytest.fixture
def project(tmp_path):
    """A copy of the project's code to scaffold into, so the real games/ is left alone."""
    for part in ("framework", "pyproject.toml", "tests/__init__.py", "tests/games/__init__.py", "games/__init__.py"):
        source, target = ROOT / part, tmp_path / part
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.is_dir():
            shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(source, target)
    return tmp_path


@pytest.mark.slow
def test_generated_game_is_registered_and_passes_its_own_tests(project):
    written = new_game("river_duel", project)
    assert {p.name for p in written} == {"__init__.py", "game.py", "RULES.md", "test_game.py", "pyproject.toml"}
    assert not (project / "games" / "river_duel" / "client.js").exists()  # the generic renderer plays it
    pyproject = tomllib.loads((project / "pyproject.toml").read_text())
    points = pyproject["project"]["entry-points"][GROUP]
    assert points["river_duel"] == "games.river_duel:GAME" and points["dragon_phoenix"] == "games.dragon_phoenix:GAME"
    assert pyproject["project"]["dependencies"]  # the rest of the file is as it was
    before = pytest_in(project, "tests/games/river_duel", "-k", "registered")
    assert before.returncode == 1 and "no game plugin is registered as 'river_duel'" in before.stdout
    assert "make install" in before.stdout
    install_metadata(project)
    result = pytest_in(project, "tests/games/river_duel")
    assert result.returncode == 0, result.stdout[-2000:]
    assert "54 passed" in result.stdout
    lint = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "games/river_duel",
                           "tests/games/river_duel"], cwd=project, capture_output=True, text=True, timeout=60)
    assert lint.returncode == 0, lint.stdout  # make test lints it as any file of the repository


@pytest.mark.slow
def test_designer_commands_work_on_a_scaffolded_game(project):
    new_game("river_duel", project)
    install_metadata(project)
    env = {**os.environ, "BGA_GAMES": '["river_duel"]',
           "BGA_SQLALCHEMY_DATABASE_URI": f"sqlite:///{project / 'x.sqlite'}"}

    def flask(*args):
        return subprocess.run([sys.executable, "-m", "flask", "--app", "framework.web", *args], cwd=project,
                              env=env, capture_output=True, text=True, timeout=300)

    assert "no problem found" in flask("validate", "river_duel").stdout
    assert "s10 --> s20 : played" in flask("diagram", "river_duel").stdout
    simulated = flask("simulate", "river_duel", "--games", "20", "--seed", "s")
    assert simulated.returncode == 0, simulated.stderr
    assert "games: 20 of 20 finished, 0 unfinished, 0 failed" in simulated.stdout, simulated.stdout
    exported = flask("export-bga", "river_duel", "--out", str(project / "bga"))
    assert exported.returncode == 0 and (project / "bga" / "modules" / "php" / "Game.php").exists()


def test_names_are_checked_and_nothing_is_overwritten(project):
    with pytest.raises(ValueError, match="lower-case"):
        new_game("River Duel", project)
    new_game("duel", project)
    with pytest.raises(FileExistsError):
        new_game("duel", project)
    with pytest.raises(FileExistsError, match="registers a game 'dragon_phoenix' already"):
        new_game("dragon_phoenix", project)  # not under this copy's games/, yet registered
    assert not (project / "games" / "dragon_phoenix").exists()
    with pytest.raises(ValueError, match="exists already"):
        new_game("json", project, standalone=project / "json_game")  # it would shadow a module


def test_an_entry_point_is_added_to_the_table_or_a_new_one():
    text = f'[project]\nname = "x"\n\n[project.entry-points."{GROUP}"]\na = "games.a:GAME"\n\n[tool.x]\ny = 1\n'
    added = tomllib.loads(with_entry_point(text, "b", "games.b:GAME"))
    assert added["project"]["entry-points"][GROUP] == {"a": "games.a:GAME", "b": "games.b:GAME"}
    assert added["tool"] == {"x": {"y": 1}}
    fresh = tomllib.loads(with_entry_point('[project]\nname = "x"\n', "b", "games.b:GAME"))
    assert fresh["project"] == {"name": "x", "entry-points": {GROUP: {"b": "games.b:GAME"}}}


def test_new_game_command(tmp_path, monkeypatch):
    from framework.designer import commands
    from tests.conftest import make_app

    monkeypatch.setattr(commands, "ROOT", tmp_path)
    (tmp_path / "games").mkdir()
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "bga-flask"\nversion = "0.1.0"\n')
    app = make_app(f"sqlite:///{tmp_path / 'x.sqlite'}")
    result = app.test_cli_runner().invoke(args=["new-game", "tiny_trick", "--title", "Tiny Trick"])
    assert result.exit_code == 0 and "created games/tiny_trick/game.py" in result.output
    assert "registered in pyproject.toml" in result.output and "make test" in result.output
    assert 'title = "Tiny Trick"' in (tmp_path / "games" / "tiny_trick" / "game.py").read_text()
    again = app.test_cli_runner().invoke(args=["new-game", "tiny_trick"])
    assert again.exit_code != 0 and "exists already" in again.output
    unregistered = app.test_cli_runner().invoke(args=["validate", "tiny_trick"])
    assert unregistered.exit_code != 0 and "games/tiny_trick is not registered yet" in unregistered.output
    standalone = app.test_cli_runner().invoke(args=["new-game", "tiny_trick", "--standalone",
                                                    str(tmp_path / "own" / "tiny-trick")])
    assert standalone.exit_code == 0 and "pip install -e" in standalone.output
    assert (tmp_path / "own" / "tiny-trick" / "tiny_trick" / "game.py").is_file()


@pytest.fixture
def forget_module():
    """Unload the packages a test imported from a temporary folder."""
    names = []
    yield names.append
    for loaded in [m for m in sys.modules if any(m == n or m.startswith(n + ".") for n in names)]:
        del sys.modules[loaded]


@pytest.mark.slow
def test_a_standalone_game_is_its_own_package_and_is_served_once_installed(tmp_path, monkeypatch, forget_module):
    folder = tmp_path / "lantern-duel"
    written = new_game("lantern_duel", ROOT, "Lantern Duel", standalone=folder)
    assert {str(p.relative_to(folder)) for p in written} == {
        "pyproject.toml", "README.md", "lantern_duel/__init__.py", "lantern_duel/game.py", "lantern_duel/RULES.md",
        "tests/test_game.py"}
    framework = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    project = tomllib.loads((folder / "pyproject.toml").read_text())["project"]
    assert project["dependencies"] == [f"{framework['name']}>={framework['version']}"]
    assert project["entry-points"][GROUP] == {"lantern_duel": "lantern_duel:GAME"}
    assert f"pip install -e {folder}" in (folder / "README.md").read_text()
    with pytest.raises(FileExistsError, match="not empty"):
        new_game("lantern_duel", ROOT, standalone=folder)

    install_metadata(folder)  # pip install -e, as far as the framework can tell
    result = pytest_in(folder)
    assert result.returncode == 0, result.stdout[-2000:]
    assert "54 passed" in result.stdout

    # Registered, it joins the framework's own tests of every game: nothing to list anywhere (the audit,
    # three random games, and its determinize checked quickly and at length).
    joined = pytest_in(ROOT, "tests/test_every_game.py", "tests/test_hidden_information.py", "-k", "lantern_duel",
                       env={**os.environ, "PYTHONPATH": str(folder)})
    assert joined.returncode == 0 and f"{1 + 3 + 2} passed" in joined.stdout, joined.stdout[-2000:]

    # Served: its catalog entry, and its client files from its own package folder.
    (folder / "lantern_duel" / "client.js").write_text("export default {};\n")
    monkeypatch.syspath_prepend(str(folder))
    forget_module("lantern_duel")
    from tests.conftest import make_app

    client = make_app(f"sqlite:///{tmp_path / 'x.sqlite'}", GAMES=["lantern_duel"]).test_client()
    [entry] = client.get("/api/games").json["games"][:-1]  # and the tests' Climb
    assert entry["name"] == "lantern_duel" and entry["client"] == {"module": "/games/lantern_duel/client.js",
                                                                     "css": None}
    assert client.get("/games/lantern_duel/client.js").text == "export default {};\n"
    assert "lantern_duel" in discover_games() and "dragon_phoenix" in discover_games()


def test_plugins_are_refused_clearly(monkeypatch):
    from importlib.metadata import EntryPoint

    from framework.engine import plugins

    def registering(*points):
        monkeypatch.setattr(plugins, "entry_points",
                            lambda group: [EntryPoint(name, value, group) for name, value in points])

    registering(("climb", "tests.sample_game:Climb"))
    assert discover_games() == {"climb": discover_games(extra=["tests.sample_game:Climb"])["climb"]}
    registering(("mountain", "tests.sample_game:Climb"))
    with pytest.raises(GameDefinitionError, match="mountain = .*loads the game 'climb'"):
        discover_games()
    registering(("climb", "tests.sample_game:Climb"), ("climb", "elsewhere.climb:Climb"))
    with pytest.raises(GameDefinitionError, match="two game plugins are registered as 'climb'.*sample_game.*elsewhere"):
        discover_games([])
    registering(("climb", "tests.sample_game:Climb"))
    with pytest.raises(GameDefinitionError, match="two game plugins are named 'climb'"):
        discover_games(extra=["tests.framework.designer.test_scaffold:OtherClimb"])
    with pytest.raises(GameDefinitionError, match="no game plugin is registered as 'chess'.*registered: climb"):
        discover_games(["chess"])
    registering(("gone", "games.gone:GAME"))
    with pytest.raises(GameDefinitionError, match="gone = 'games.gone:GAME' does not load"):
        discover_games()
    registering()
    with pytest.raises(GameDefinitionError, match="no game plugins registered: run make install"):
        discover_games()
    assert list(discover_games(extra=["tests.sample_game:Climb"])) == ["climb"]
    assert discover_games([]) == {}  # no game asked for, none served


class OtherClimb(Climb):
    """Another game under Climb's name."""
