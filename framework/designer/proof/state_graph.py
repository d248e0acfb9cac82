"""A game's state machine as a graph: declared transitions, the exits its code returns, and the
transitions play was seen to take.

BGA games declare every transition; ours may also return a State class, a state id or a name from
an action or `enter()`, directly or through the game's helper functions. Those are read from the
source (`plugin_source.SourceReader`), so the diagram, the checks and the BGA export see what the code
does. An exit whose value the source does not tell (computed from data) is kept as `Unproven`, with
its line: the checks say so instead of guessing, and transitions recorded in play
(`observed_play.observe_play`, `validate --simulate N`) can be merged in.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from framework.engine import GAME_SETUP_ID, Game, State

from .plugin_source import SourceReader


@dataclass(frozen=True)
class Edge:
    source: int
    target: int | None  # None: the value names no state of the game
    label: str = ""     # the transition's name, when the exit is a declared transition
    via: str = ""       # the action, "enter" or "setup" that takes it; "" for a declared transition
    raw: str = ""       # the value as written, for messages
    proven: bool = True  # read from the source; False: only seen in play


@dataclass(frozen=True)
class Unproven:
    """An exit the source does not tell: a state's action or enter() returns a computed value."""

    source: int
    via: str
    where: str
    text: str


@dataclass(frozen=True)
class Transition:
    """One move from state to state seen in play."""

    source: int
    target: int
    label: str = ""
    via: str = ""


@dataclass
class StateGraph:
    game: type[Game]
    states: dict[int, type[State]]
    edges: list[Edge] = field(default_factory=list)
    unproven: list[Unproven] = field(default_factory=list)
    first: int | None = None
    seen: set[tuple[int, int]] = field(default_factory=set)  # (source, target) pairs play took

    @property
    def dynamic(self) -> set[int]:
        """States with an exit the source does not tell."""
        return {u.source for u in self.unproven}

    def merge(self, observed: Iterable[Transition]) -> StateGraph:
        """Add the transitions play took; those the source did not show become unproven edges."""
        known = {(e.source, e.target) for e in self.edges}
        for move in observed:
            self.seen.add((move.source, move.target))
            if (move.source, move.target) not in known:
                known.add((move.source, move.target))
                self.edges.append(Edge(move.source, move.target, move.label, move.via, proven=False))
        return self

    def exits(self, state_id: int) -> dict[int, list[Edge]]:
        """The edges out of a state by target, in the order found."""
        out: dict[int, list[Edge]] = {}
        for edge in self.edges:
            if edge.source == state_id and edge.target is not None:
                out.setdefault(edge.target, []).append(edge)
        return out


def resolve(game: type[Game], source: type[State] | None, target) -> int | None:
    """The id of the state `target` names from `source`; None when it names none."""
    found = game.registry().find(target, source)
    return found.id if found is not None else None


def build_graph(game: type[Game], observed: Iterable[Transition] = ()) -> StateGraph:
    """The graph of `game` from its source, with the transitions seen in play merged in."""
    edges, unproven, first = _read(game)
    graph = StateGraph(game, dict(game.registry().by_id), list(edges), list(unproven), first)
    return graph.merge(observed)


_READINGS: dict[type, tuple] = {}


def _read(game: type[Game]) -> tuple[list[Edge], list[Unproven], int | None]:
    """The edges the source shows, read once per game class (validate, the diagrams and the export all ask)."""
    if game not in _READINGS:
        _READINGS[game] = _read_source(game)
    return _READINGS[game]


def _read_source(game: type[Game]) -> tuple[list[Edge], list[Unproven], int | None]:
    reader, registry = SourceReader(game), game.registry()
    edges: list[Edge] = []
    unproven: list[Unproven] = []

    def add_exits(state: type[State], via: str, function, owner: type) -> None:
        exits = reader.exits(function, owner)
        for value in exits.found:
            if value is None:
                continue  # stay
            label = value if isinstance(value, str) and value in state.transitions else ""
            edges.append(Edge(state.id, resolve(game, state, value), label, via, repr(value)))
        unproven.extend(Unproven(state.id, via, u.where, u.text) for u in exits.unknown)

    for state in game.states:
        for label, target in state.transitions.items():
            edges.append(Edge(state.id, resolve(game, state, target), label, "", repr(target)))
        for name, spec in state.actions.items():
            add_exits(state, name, getattr(state, spec.method), state)
        if state.enter is not State.enter:
            add_exits(state, "enter", state.enter, state)
        if state.is_player_state:  # game-wide actions are sent in player states, and lead from there
            for name, spec in registry.global_actions.items():
                if name not in state.actions:
                    add_exits(state, name, getattr(game, spec.method), game)
    setup = reader.exits(game.setup, game)
    targets = [resolve(game, None, value) for value in setup.found if value is not None]
    for value, target in zip([v for v in setup.found if v is not None], targets, strict=True):
        edges.append(Edge(GAME_SETUP_ID, target, "", "setup", repr(value)))
    unproven.extend(Unproven(GAME_SETUP_ID, "setup", u.where, u.text) for u in setup.unknown)
    first = targets[0] if len(targets) == 1 and not setup.unknown else None
    return _unique(edges), unproven, first


def _unique(edges: list[Edge]) -> list[Edge]:
    return list(dict.fromkeys(edges))


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

