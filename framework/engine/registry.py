"""A game's declarations resolved once: its states by id and by name, its actions, where targets lead."""
from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from .errors import GameDefinitionError
from .states import GAME_END_ID, GAME_SETUP_ID, ActionSpec, GameEnd, GameSetup, State, collect_actions


@dataclass(frozen=True)
class Registry:
    """Built once per game class (`Game.registry()`); read-only but for `resolve`'s memo."""

    game_name: str
    by_id: MappingProxyType            # state id -> State class, gameSetup and gameEnd included
    by_name: MappingProxyType          # state name -> State class
    global_actions: MappingProxyType   # action name -> ActionSpec declared on the Game (any player state)
    action_names: frozenset[str]       # every action the game declares anywhere
    _resolved: dict = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def build(cls, game_cls: type) -> Registry:
        refuse_renamed(game_cls)
        by_id: dict[int, type[State]] = {GAME_SETUP_ID: GameSetup, GAME_END_ID: GameEnd}
        by_name: dict[str, type[State]] = {"gameSetup": GameSetup, "gameEnd": GameEnd}
        for state in game_cls.states:
            if state.id in (GAME_SETUP_ID, GAME_END_ID):
                raise GameDefinitionError(f"{game_cls.name}: state {state.name} uses reserved id {state.id}")
            if state.id in by_id:
                raise GameDefinitionError(
                    f"{game_cls.name}: states {by_id[state.id].name} and {state.name} share id {state.id}")
            by_id[state.id] = state
            by_name[state.name] = state
        global_actions = collect_actions(game_cls)
        names = set(global_actions)
        for state in game_cls.states:
            names.update(state.actions)
        return cls(game_cls.name, MappingProxyType(by_id), MappingProxyType(by_name),
                   MappingProxyType(global_actions), frozenset(names))

    def action_spec(self, state: type[State], name: str) -> ActionSpec | None:
        """The action `name` as possible in `state`: the state's own, else a game-wide one
        (game-wide actions exist in player states only)."""
        spec = state.actions.get(name)
        if spec is None and state.is_player_state:
            spec = self.global_actions.get(name)
        return spec

    def find(self, target: Any, source: type[State] | None) -> type[State] | None:
        """The state `target` names from `source`: a transition name of `source`, a State class, a
        state id or a state name. None when it names no state of this game."""
        if isinstance(target, str) and source is not None and target in source.transitions:
            target = source.transitions[target]
        if isinstance(target, type) and issubclass(target, State):
            target = target.id
        if isinstance(target, int) and not isinstance(target, bool):
            return self.by_id.get(target)
        if isinstance(target, str):
            return self.by_name.get(target)
        return None

    def resolve(self, target: Any, source: type[State] | None) -> type[State]:
        """`find`, remembered (asked at almost every action), raising on a target that names no state."""
        key = (source.id if source is not None else None, type(target), target)
        try:
            return self._resolved[key]
        except KeyError:
            found = self._resolved[key] = self._found(target, source)
        except TypeError:  # an unhashable target: not remembered, and refused by _found
            found = self._found(target, source)
        return found

    def _found(self, target: Any, source: type[State] | None) -> type[State]:
        found = self.find(target, source)
        if found is None:
            where = source.name if source else "setup"
            named = f" (transition {target!r})" if source is not None and target in source.transitions else ""
            if named:
                target = source.transitions[target]
            raise GameDefinitionError(f"{self.game_name}: {where} leads to unknown state {target!r}{named}")
        return found


# Methods a Game once had under another name: a plugin that still defines one would be silently
# ignored (the engine never calls it), so it is refused with the name to use.
RENAMED = {"view": "get_all_datas", "zombie_move": "default_zombie_move"}


def refuse_renamed(game_cls: type) -> None:
    for klass in game_cls.__mro__:
        for old in RENAMED.keys() & vars(klass).keys():
            raise GameDefinitionError(f"{game_cls.name}: {klass.__name__}.{old} is no longer called: the game's "
                                      f"method is now {RENAMED[old]} (rename it)")
