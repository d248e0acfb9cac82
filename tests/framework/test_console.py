"""`bga`, the designer's console script, as installed: every command listed with its help, the
designer's commands run without Flask or a database, and the two that need the app build it from the
environment's settings, as `flask --app framework.web` does."""
import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import click

from framework.console import APP_COMMANDS, bga
from framework.designer.commands import COMMANDS
from tests.conftest import make_app
from tests.framework.designer.test_commands import finished_export

ROOT = Path(__file__).resolve().parents[2]
BGA = Path(sys.executable).parent / "bga"


def run_bga(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([str(BGA), *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)


def test_help_lists_every_command_with_its_help():
    result = run_bga("--help")
    assert result.returncode == 0, result.stderr
    rows = {line.split(None, 1)[0]: line.split(None, 1)[1] for line in
            result.stdout.split("Commands:", 1)[1].strip().splitlines()}
    helps = {**{command.name: command.help for command in COMMANDS},
             **{name: help_text for name, (_, help_text) in APP_COMMANDS.items()}}
    assert sorted(rows) == sorted(helps)
    for name, help_text in helps.items():
        assert rows[name].startswith(" ".join(help_text.split()[:4])), name


def test_the_app_commands_are_the_apps_own_with_their_own_help():
    context = click.Context(bga)
    for name, (where, help_text) in APP_COMMANDS.items():
        module, _, attribute = where.partition(":")
        command = getattr(importlib.import_module(module), attribute)
        assert command.name == name and command.help == help_text
        assert bga.get_command(context, name) is command


def test_validate_runs_end_to_end_and_names_the_installed_games():
    result = run_bga("validate", "dragon_phoenix")
    assert result.returncode == 0 and result.stdout == "dragon_phoenix: no problem found\n", result.stderr
    unknown = run_bga("validate", "chess")
    assert unknown.returncode == 2 and "no game 'chess'; installed: dragon_phoenix" in unknown.stderr


def test_the_designer_commands_start_no_flask_and_no_database():
    code = ("import importlib, pkgutil, sys\n"
            "for name in ('flask', 'flask_sqlalchemy', 'sqlalchemy', 'framework.web', 'framework.store'):\n"
            "    sys.modules[name] = None\n"
            "import framework.designer\n"
            "for found in pkgutil.walk_packages(framework.designer.__path__, 'framework.designer.'):\n"
            "    importlib.import_module(found.name)\n"
            "from framework.console import bga\n"
            "bga(['diagram', 'zhubu_shengji'])\n")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0 and result.stdout.startswith("stateDiagram-v2"), result.stderr


def test_the_app_commands_build_the_app_from_the_environment(tmp_path):
    stored = f"sqlite:///{tmp_path / 'stored.sqlite'}"
    export = finished_export(make_app(stored))
    env = {**os.environ, "PYTHONPATH": str(ROOT), "BGA_GAMES": "[]", "BGA_GAMES_EXTRA": '["tests.sample_game:Climb"]'}
    verified = run_bga("verify-games", env={**env, "BGA_SQLALCHEMY_DATABASE_URI": stored})
    assert verified.returncode == 0 and "1 tables replayed, 0 broken" in verified.stdout, verified.stderr
    path = tmp_path / "game.json"
    path.write_text(json.dumps(export))
    other = f"sqlite:///{tmp_path / 'other.sqlite'}"
    make_app(other)
    imported = run_bga("import-game", str(path), env={**env, "BGA_SQLALCHEMY_DATABASE_URI": other,
                                                       "BGA_DEV_MODE": "true"})
    assert imported.returncode == 0 and f"at move {export['move']}" in imported.stdout, imported.stderr
