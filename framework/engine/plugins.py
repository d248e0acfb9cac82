"""Finding game plugins: the entry points of the `bga_framework.games` group, plus named extras.

A plugin registers in its distribution's pyproject.toml, the shipped games as any other:

    [project.entry-points."bga_framework.games"]
    dragon_phoenix = "games.dragon_phoenix:GAME"

The entry point's name is the game's `Game.name`; its value names the Game subclass. Installing the
distribution (`pip install -e`, `make install`) is what makes the server find it.
"""
from __future__ import annotations

import importlib
from importlib.metadata import EntryPoint, entry_points

from .declarations import declaration_problems
from .errors import GameDefinitionError
from .game import Game

GROUP = "bga_framework.games"
HOW_TO_REGISTER = (f'a game registers with an entry point in the "{GROUP}" group of its pyproject.toml, '
                   "installed by `make install` (this repository) or `pip install -e <its folder>`")


def _where(point: EntryPoint) -> str:
    dist = getattr(point, "dist", None)
    return f"{point.name} = {point.value!r}" + (f" (from {dist.name})" if dist is not None else "")


def registered() -> dict[str, EntryPoint]:
    """The installed plugins' entry points by name, not loaded yet; two plugins under one name are refused."""
    points: dict[str, EntryPoint] = {}
    for point in entry_points(group=GROUP):
        known = points.get(point.name)
        if known is not None and known.value != point.value:
            raise GameDefinitionError(f"two game plugins are registered as {point.name!r}: "
                                      f"{_where(known)} and {_where(point)}")
        points[point.name] = point
    return points


def checked(game: object, where: str) -> type[Game]:
    """A plugin as the server takes it: a Game subclass whose declarations show no problem. Its source is
    not read here: the designer's `validate` proves where its states lead."""
    if not (isinstance(game, type) and issubclass(game, Game)):
        raise GameDefinitionError(f"{where} is not a Game subclass")
    problems = declaration_problems(game)  # they show when the plugin loads, not at the first move
    if problems:
        raise GameDefinitionError(f"{where} is not a sound plugin:\n  " + "\n  ".join(problems))
    return game


def load_entry_point(point: EntryPoint) -> type[Game]:
    try:
        loaded = point.load()
    except (ImportError, AttributeError) as err:  # a stale registration: the package moved or was removed
        raise GameDefinitionError(f"the game plugin {_where(point)} does not load: {err}") from err
    game = checked(loaded, _where(point))
    if game.name != point.name:
        raise GameDefinitionError(f"the entry point {_where(point)} loads the game {game.name!r}: "
                                  f"an entry point's name must be its Game.name")
    return game


def load_game(spec: str) -> type[Game]:
    """`package.module:Class`, or the name of a registered plugin."""
    module_name, _, attr = spec.partition(":")
    if attr:
        return checked(getattr(importlib.import_module(module_name), attr), spec)
    points = registered()
    if spec not in points:
        raise GameDefinitionError(f"no game plugin is registered as {spec!r} "
                                  f"(registered: {', '.join(sorted(points)) or 'none'}); {HOW_TO_REGISTER}")
    return load_entry_point(points[spec])


def discover_games(only: list[str] | None = None, extra: list[str] = ()) -> dict[str, type[Game]]:
    """The registered plugins (all, or those named in `only`) and the extra `module:Class` specs, by
    `Game.name`. Each is validated; two different games under one name are refused."""
    points = registered()
    if not points and not extra and only is None:  # surely not what was meant: the project is not installed
        raise GameDefinitionError(f"no game plugins registered: run make install ({HOW_TO_REGISTER})")
    unknown = sorted(set(only or ()) - set(points))
    if unknown:
        raise GameDefinitionError(f"no game plugin is registered as {', '.join(map(repr, unknown))} "
                                  f"(registered: {', '.join(sorted(points)) or 'none'}); {HOW_TO_REGISTER}")
    found: dict[str, type[Game]] = {}
    sources: dict[str, str] = {}

    def add(game: type[Game], where: str) -> None:
        if game.name in found and found[game.name] is not game:
            raise GameDefinitionError(f"two game plugins are named {game.name!r}: {sources[game.name]} and {where}")
        found[game.name], sources[game.name] = game, where

    for name in sorted(points):
        if only is None or name in only:
            add(load_entry_point(points[name]), _where(points[name]))
    for spec in extra:
        add(load_game(spec), spec)
    return found
