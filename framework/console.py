"""`bga`, the designer's console script (`[project.scripts]` in pyproject.toml): `bga simulate GAME`,
`bga validate GAME`, ... without building the web app.

The designer's commands (framework/designer/commands.py) find the games through their entry points
and start no Flask app and no database. The two that need the database, `verify-games` and
`import-game`, are the app's (framework/web/cli.py): the web layer is imported, and the app built
from the environment's settings as `flask --app framework.web` builds it, only when one of them runs.
"""
from __future__ import annotations

import importlib

import click

from framework.designer.commands import COMMANDS

# The commands that need the app, where they are, and their help: `bga --help` lists them without
# importing the web layer (tests/framework/test_console.py keeps the help the commands' own).
APP_COMMANDS = {
    "verify-games": ("framework.web.cli:verify_games_command",
                     "Replay every stored table against the current rules; list those that no longer replay."),
    "import-game": ("framework.web.cli:import_game_command",
                    "Create a table from an export file, replayed, ready to continue (development mode only)."),
}


class DesignerGroup(click.Group):
    """The designer's commands, and the app's two loaded on demand."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted([*super().list_commands(ctx), *APP_COMMANDS])

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in APP_COMMANDS:
            return super().get_command(ctx, name)
        from flask.cli import ScriptInfo

        from framework.web import create_app

        ctx.obj = ScriptInfo(create_app=create_app)  # what the command's with_appcontext builds the app with
        module, _, attribute = APP_COMMANDS[name][0].partition(":")
        return getattr(importlib.import_module(module), attribute)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """Each command with its one-line help, the app's from APP_COMMANDS (nothing imported for it)."""
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(map(len, names))
        listed = {**self.commands, **{name: click.Command(name, help=help_text)
                                      for name, (_, help_text) in APP_COMMANDS.items()}}
        rows = [(name, listed[name].get_short_help_str(limit)) for name in names]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=DesignerGroup, commands=COMMANDS)
def bga() -> None:
    """Tools for game designers: start a game, check it, draw it, play it by bots, replay a game,
    export it to BGA Studio. `flask --app framework.web <command>` runs the same commands."""
