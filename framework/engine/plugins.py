"""Finding game plugins: every package under `games/` that defines `GAME`, plus named extras."""
from __future__ import annotations

import importlib
import pkgutil

from .errors import GameDefinitionError
from .game import Game
from .validation import validate


def load_game(spec: str) -> type[Game]:
    """`package.module:Class` or a package name under `games` (its `GAME`)."""
    module_name, _, attr = spec.partition(":")
    if not attr:
        module_name, attr = f"games.{spec}", "GAME"
    game = getattr(importlib.import_module(module_name), attr)
    if not (isinstance(game, type) and issubclass(game, Game)):
        raise GameDefinitionError(f"{spec} is not a Game subclass")
    problems = validate(game)  # declaration errors show when the plugin loads, not at the first move
    if problems:
        raise GameDefinitionError(f"{spec} is not a sound plugin:\n  " + "\n  ".join(problems))
    return game


def discover_games(only: list[str] | None = None, extra: list[str] = ()) -> dict[str, type[Game]]:
    """The plugins in the `games` package (all, or those named in `only`), and the extra specs."""
    import games

    found: dict[str, type[Game]] = {}
    for info in sorted(pkgutil.iter_modules(games.__path__), key=lambda i: i.name):
        if only is not None and info.name not in only:
            continue
        if info.ispkg and hasattr(importlib.import_module(f"games.{info.name}"), "GAME"):
            game = load_game(info.name)
            found[game.name] = game
    for spec in extra:
        game = load_game(spec)
        found[game.name] = game
    return found
