"""What a plugin's declarations show wrong without reading its source: checked when the server loads
the plugin, each problem named by game, state and field.

Cheap and certain only: the registry's own errors, the name and player counts, each state's
declarations and the statistics. Where the states lead (unknown and unreachable states, states from
which the game cannot end) is proven from the source by the designer's `validate`
(`framework.designer.proof.validation`), which runs these checks too.
"""
from __future__ import annotations

from .errors import GameDefinitionError
from .game import Game
from .results import LIMITED, STAT_TYPES
from .states import GAME, GAME_END_ID, GAME_SETUP_ID, State


def declaration_problems(game: type[Game]) -> list[str]:
    """Every problem the declarations show; an empty list means the server may load the plugin."""
    try:
        registry = game.registry()
    except GameDefinitionError as err:
        return [str(err)]
    name = game_label(game)
    problems = _game_problems(game)
    for state_id, state in sorted(registry.by_id.items()):
        if state_id not in (GAME_SETUP_ID, GAME_END_ID):
            problems += _state_problems(game, name, state)
    return problems + _statistics_problems(game, name)


def game_label(game: type[Game]) -> str:
    """How problems name the game: its `name`, else its class."""
    return game.name or game.__name__


def _game_problems(game: type[Game]) -> list[str]:
    problems = []
    if not game.name:
        problems.append(f"{game.__name__}: `name` is empty")
    if not 1 <= game.min_players <= game.max_players:
        problems.append(f"{game_label(game)}: min_players {game.min_players} / max_players {game.max_players} "
                        "make no sense")
    return problems


def _statistics_problems(game: type[Game], name: str) -> list[str]:
    """Each statistic declared as BGA's stats.json takes it: a type, a name, perhaps display "limited"."""
    problems = []
    for kind in sorted(set(game.statistics) - {"table", "player"}):
        problems.append(f"{name}: statistics kind {kind!r} is neither 'table' nor 'player'")
    for kind in ("table", "player"):
        for stat, spec in game.statistics.get(kind, {}).items():
            if spec.get("type", "int") not in STAT_TYPES:
                problems.append(f"{name}: {kind} statistic {stat!r} has type {spec.get('type')!r}, "
                                f"not one of {', '.join(STAT_TYPES)}")
            if spec.get("display", LIMITED) != LIMITED:
                problems.append(f"{name}: {kind} statistic {stat!r} has display {spec['display']!r}: "
                                f"leave it out, or {LIMITED!r} to keep it from the players")
    return problems


def _state_problems(game: type[Game], name: str, state: type[State]) -> list[str]:
    problems = []
    if state.type is GAME and state.actions:
        problems.append(f"{name}: game state {state.name} declares actions {sorted(state.actions)}: "
                        "nobody can send them")
    if state.type is GAME and state.enter is State.enter:
        problems.append(f"{name}: game state {state.name} has no enter() to move on")
    if state.type is not GAME:
        if not state.actions and not game.registry().global_actions:
            problems.append(f"{name}: state {state.name} has no actions: players could never leave it")
        zombie_written = "zombie" in vars(state) or state.legal_actions is not State.legal_actions \
            or game.global_legal_actions is not Game.global_legal_actions \
            or game.heuristic_move is not Game.heuristic_move
        if not zombie_written:
            problems.append(f"{name}: state {state.name} has no zombie behaviour "
                            "(write zombie(), or the state's legal_actions() for the default)")
        if not state.description:
            problems.append(f"{name}: state {state.name} has an empty description")
    return problems
