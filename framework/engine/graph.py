"""A game's state machine as a graph: declared transitions plus the exits its code returns.

BGA games declare every transition; ours may also return a State class, a state id or a name from
an action or `enter()`. Those returns are read from the source (the `ast` of each method), so the
diagram and the checks see what the code does. A return of a computed value is reported as a
dynamic exit: the checks then cannot prove where it leads.
"""
from __future__ import annotations

import ast
import inspect
import textwrap
from dataclasses import dataclass, field

from .game import Game
from .states import GAME_SETUP_ID, State


@dataclass
class Edge:
    source: int
    target: int | None  # None: the name did not resolve to a state
    label: str
    raw: str = ""


@dataclass
class StateGraph:
    game: type[Game]
    states: dict[int, type[State]]
    edges: list[Edge] = field(default_factory=list)
    dynamic: set[int] = field(default_factory=set)  # states with an exit the source cannot name
    first: int | None = None


def resolve(game: type[Game], source: type[State] | None, target) -> int | None:
    """The id of the state `target` names from `source`; None when it names none."""
    found = game.registry().find(target, source)
    return found.id if found is not None else None


def _returned_targets(function) -> tuple[list, bool]:
    """Constant or named targets in `return` and next-state calls of a function; and whether any
    return is computed. Names are looked up in the function's own module globals."""
    namespace = getattr(function, "__globals__", {})
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    except (OSError, TypeError, SyntaxError):
        return [], True
    found, dynamic = [], False

    def value_of(node):
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.Name) and node.id in namespace:
            return namespace[node.id]
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in namespace:
            return getattr(namespace[node.value.id], node.attr, None)
        return ...

    for node in ast.walk(tree):
        candidates = []
        if isinstance(node, ast.Return) and node.value is not None:
            candidates = [node.value.body, node.value.orelse] if isinstance(node.value, ast.IfExp) else [node.value]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in (
                "next_state", "set_player_non_multiactive", "set_players_multiactive",
                "set_all_players_non_multiactive"):
            position = {"next_state": 0, "set_all_players_non_multiactive": 0}.get(node.func.attr, 1)
            if len(node.args) > position:
                candidates = [node.args[position]]
        for candidate in candidates:
            value = value_of(candidate)
            if value is ...:
                dynamic = True
            elif value is not None:
                found.append(value)
    return found, dynamic


def build_graph(game: type[Game]) -> StateGraph:
    graph = StateGraph(game, dict(game.registry().by_id))
    for state in game.states:
        for label, target in state.transitions.items():
            graph.edges.append(Edge(state.id, resolve(game, state, target), label, repr(target)))
        methods = [getattr(state, spec.method) for spec in state.actions.values()]
        if "enter" in vars(state):
            methods.append(state.enter)
        for method in methods:
            targets, dynamic = _returned_targets(method)
            if dynamic:
                graph.dynamic.add(state.id)
            for target in targets:
                if isinstance(target, str) and target in state.transitions:
                    continue  # a declared transition, already an edge
                graph.edges.append(Edge(state.id, resolve(game, state, target), _label(target), repr(target)))
    first, _ = _returned_targets(game.setup)
    graph.first = resolve(game, None, first[0]) if first else min(s.id for s in game.states)
    graph.edges.append(Edge(GAME_SETUP_ID, graph.first, ""))
    return graph


def _label(target) -> str:
    return target if isinstance(target, str) else ""


def successors(graph: StateGraph) -> dict[int, set[int]]:
    out: dict[int, set[int]] = {state_id: set() for state_id in graph.states}
    for edge in graph.edges:
        if edge.target is not None:
            out[edge.source].add(edge.target)
    return out


def reachable_from(start: int, nexts: dict[int, set[int]]) -> set[int]:
    seen, todo = {start}, [start]
    while todo:
        for nxt in nexts[todo.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen

