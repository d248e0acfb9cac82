"""The full review of a plugin (`validate`): its declarations, as the server checks them at load
(`framework.engine.declarations`), and where its states lead, proven from its source: transitions to
unknown states, unreachable states, states from which the game cannot end. Each problem is named by
game, state and field.

A problem is certain: the plugin is not sound. A doubt is what the source cannot settle: an exit
computed from data, and the checks it leaves open (a state no proven exit reaches). Every check runs
on what is proven, with the transitions play was seen to take merged in; none is switched off
because an exit is unknown.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from framework.engine import GAME_END_ID, GAME_SETUP_ID, Game, GameDefinitionError
from framework.engine.declarations import declaration_problems, game_label

from .state_graph import StateGraph, Transition, build_graph, reachable_from, successors


@dataclass
class Review:
    problems: list[str] = field(default_factory=list)
    doubts: list[str] = field(default_factory=list)
    graph: StateGraph | None = None


def validate(game: type[Game]) -> list[str]:
    """Every problem found; an empty list means the plugin is sound as far as can be seen."""
    return review(game).problems


def review(game: type[Game], observed: Iterable[Transition] = (), games_played: int = 0) -> Review:
    """The problems and the doubts: those of the declarations, then those of the graph the source shows
    plus the `observed` transitions (from `games_played` random games)."""
    found = Review(declaration_problems(game))
    try:
        game.registry()
    except GameDefinitionError:
        return found  # the registry refused the game (the problem found): there is no graph to read
    name = game_label(game)
    graph = found.graph = build_graph(game, observed)
    for edge in graph.edges:
        if edge.target is None:
            where = "setup" if edge.source == GAME_SETUP_ID else f"state {graph.states[edge.source].name}"
            label = f" transition {edge.label!r}" if edge.label else ""
            found.problems.append(f"{name}: {where}{label} leads to unknown state {edge.raw}")
    found.doubts += _unproven_exits(name, graph, games_played)
    nexts = successors(graph)
    reached = reachable_from(GAME_SETUP_ID, nexts)
    open_exits = _names(graph, graph.dynamic & reached)
    for state_id, state in sorted(graph.states.items()):
        if state_id in (GAME_SETUP_ID, GAME_END_ID):
            continue
        if state_id not in reached:
            if open_exits:
                found.doubts.append(f"{name}: state {state.name} (id {state_id}) is reached by no proven exit "
                                    f"(the unproven exits of {open_exits} may lead there)")
            else:
                found.problems.append(f"{name}: state {state.name} (id {state_id}) cannot be reached")
        ahead = reachable_from(state_id, nexts)
        if GAME_END_ID not in ahead:
            unsure = _names(graph, graph.dynamic & ahead)
            if unsure:
                found.doubts.append(f"{name}: from state {state.name} (id {state_id}) no proven path leads to the "
                                    f"end (the unproven exits of {unsure} may)")
            else:
                found.problems.append(f"{name}: from state {state.name} (id {state_id}) the game can never end")
    return found


def _unproven_exits(name: str, graph: StateGraph, games_played: int) -> list[str]:
    """One doubt per exit the source does not tell, with where play took it when games were played;
    and one per transition play took that the source does not show."""
    doubts = []
    by_place: dict[tuple[str, str, str], list[int]] = {}
    for exit_ in graph.unproven:
        by_place.setdefault((exit_.via, exit_.where, exit_.text), []).append(exit_.source)
    for (via, where, text), sources in by_place.items():
        states = ", ".join(graph.states[s].name for s in sources)
        what = {"setup": "setup", "enter": f"{states}.enter()"}.get(via, f"action {via} of state {states}")
        line = f"{name}: could not prove where {what} leads: `{text}` ({where})"
        if games_played:
            went = sorted({graph.states[t].name for s, t in graph.seen if s in sources})
            line += (f"; in {games_played} games play went to {', '.join(went)}" if went
                     else f"; {games_played} games never took it")
        else:
            line += "; `validate --simulate N` plays N games to see where it goes"
        doubts.append(line)
    for edge in graph.edges:
        if not edge.proven:
            cause = f" by {edge.via}" if edge.via else ""
            doubts.append(f"{name}: play went from {graph.states[edge.source].name} to "
                          f"{graph.states[edge.target].name}{cause}, which the source does not show")
    return doubts


def _names(graph: StateGraph, state_ids: set[int]) -> str:
    return ", ".join(graph.states[s].name for s in sorted(state_ids))
