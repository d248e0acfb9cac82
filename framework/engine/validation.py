"""Checks a plugin's declarations, each problem named by game, state and field."""
from __future__ import annotations

from .errors import GameDefinitionError
from .game import Game
from .graph import build_graph, reachable_from, successors
from .results import LIMITED, STAT_TYPES
from .states import GAME, GAME_END_ID, GAME_SETUP_ID, State


def validate(game: type[Game]) -> list[str]:
    """Every problem found; an empty list means the plugin is sound as far as can be seen."""
    try:
        game.registry()
    except GameDefinitionError as err:
        return [str(err)]
    problems: list[str] = []
    name = game.name or game.__name__
    if not game.name:
        problems.append(f"{game.__name__}: `name` is empty")
    if not 1 <= game.min_players <= game.max_players:
        problems.append(f"{name}: min_players {game.min_players} / max_players {game.max_players} make no sense")
    graph = build_graph(game)
    for edge in graph.edges:
        if edge.target is None:
            where = "setup" if edge.source == GAME_SETUP_ID else f"state {graph.states[edge.source].name}"
            label = f" transition {edge.label!r}" if edge.label else ""
            problems.append(f"{name}: {where}{label} leads to unknown state {edge.raw}")
    nexts = successors(graph)
    reached = reachable_from(GAME_SETUP_ID, nexts)
    for state_id, state in sorted(graph.states.items()):
        if state_id in (GAME_SETUP_ID, GAME_END_ID):
            continue
        if state_id not in reached and not graph.dynamic:  # a computed exit might lead there
            problems.append(f"{name}: state {state.name} (id {state_id}) cannot be reached")
        if GAME_END_ID not in reachable_from(state_id, nexts) and not _leads_to_dynamic(graph, nexts, state_id):
            problems.append(f"{name}: from state {state.name} (id {state_id}) the game can never end")
        problems += _state_problems(game, name, state)
    return problems + _statistics_problems(game, name)


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
    if state.type is GAME and "enter" not in vars(state):
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
        for field in ("description",):
            if not getattr(state, field):
                problems.append(f"{name}: state {state.name} has an empty {field}")
    return problems


def _leads_to_dynamic(graph, nexts, state_id) -> bool:
    """From here play reaches a computed exit, which may lead to the end."""
    return bool(reachable_from(state_id, nexts) & graph.dynamic)
