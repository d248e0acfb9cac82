"""The state machine of one table (BGA `$this->gamestate`): the current state, who is active,
and the moves from state to state."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .errors import GameDefinitionError
from .states import ACTIVE_PLAYER, GAME, GAME_END_ID, GAME_SETUP_ID, MULTIPLE_ACTIVE, State

if TYPE_CHECKING:
    from .table import Table

MAX_AUTOMATIC_STEPS = 10_000
_UNSET = object()  # no transition asked for yet (None is "stay")


class GameStateMachine:
    def __init__(self, table: Table):
        self._table = table
        self._state = table.state  # the table's one TableState, changed in place, never replaced
        self._registry = table.game_cls.registry()
        self._by_id = self._registry.by_id
        self._pending: Any = _UNSET
        # States entered by the last action (or by setup), the one it left included when it comes back
        # to it: not saved, the store asks it right after the move.
        self.states_entered = 0
        # Told of every move from state to state: (source id, target id, transition name or ""). The
        # designer's record of play (`framework.designer.proof.observed_play`); None, the usual case, costs nothing.
        self.on_transition: Callable[[int, int, str], None] | None = None

    # ----- where the table is ------------------------------------------------------------------
    def current_state(self) -> type[State]:
        """The State class the table is in."""
        return self._by_id[self._state.state_id]

    def state_id(self) -> int:
        return self._state.state_id

    # ----- a single active player -------------------------------------------------------------
    def active_player(self) -> int | None:
        return self._state.active

    def change_active_player(self, player_id: int) -> None:
        self._state.active = player_id

    def active_next_player(self, skip: Callable[[int], bool] | None = None) -> int:
        """Make the player after the active one active (seat + 1), skipping those `skip` names."""
        game, current = self._table.game, self._state.active
        self._state.active = game.player_after(current if current is not None else game.player_ids[-1], skip)
        return self._state.active

    def active_prev_player(self, skip: Callable[[int], bool] | None = None) -> int:
        game, current = self._table.game, self._state.active
        self._state.active = game.player_before(current if current is not None else game.player_ids[0], skip)
        return self._state.active

    # ----- several active players -------------------------------------------------------------
    def active_players(self) -> list[int]:
        """Who may act in turn now: the active player, or the multiactive ones; none in other states."""
        kind = self._by_id[self._state.state_id].type
        if kind is ACTIVE_PLAYER:
            return [self._state.active] if self._state.active is not None else []
        if kind is MULTIPLE_ACTIVE:
            return list(self._state.multiactive)
        return []

    def is_player_active(self, player_id: int, state: type[State] | None = None) -> bool:
        """`player_id in active_players()` without building the list (asked at every action)."""
        kind = (state or self._by_id[self._state.state_id]).type
        if kind is ACTIVE_PLAYER:
            return self._state.active == player_id
        return kind is MULTIPLE_ACTIVE and player_id in self._state.multiactive

    def set_all_players_multiactive(self) -> None:
        self._state.multiactive = list(self._table.game.player_ids)

    def set_players_multiactive(self, player_ids: list[int], next_state: Any = None,
                                exclusive: bool = False) -> bool:
        """Make these players active too (only these with `exclusive`); none at all moves on."""
        current = [] if exclusive else self._state.multiactive
        wanted = set(current) | set(player_ids)
        self._state.multiactive = [p for p in self._table.game.player_ids if p in wanted]
        if not self._state.multiactive:
            self.next_state(next_state)
            return True
        return False

    def set_player_non_multiactive(self, player_id: int, next_state: Any = None) -> bool:
        """This player is done; when the last one is, go to `next_state`. True when it moved on."""
        active = self._state.multiactive
        if player_id in active:
            active.remove(player_id)
        if not active:
            self.next_state(next_state)
            return True
        return False

    def set_all_players_non_multiactive(self, next_state: Any = None) -> None:
        self._state.multiactive = []
        self.next_state(next_state)

    # ----- moving on --------------------------------------------------------------------------
    def next_state(self, target: Any) -> None:
        """Move on after this action or step (BGA nextState); an action may instead return it."""
        self._pending = target

    def start(self, first: Any) -> None:
        """Enter the first state `setup()` named, then run automatic states until a player must act."""
        if first is None:
            raise GameDefinitionError(f"{self._table.game_cls.name}: setup() must return the first state")
        self.states_entered = 0
        self._go(self._moved(None, first))

    def begin_action(self) -> None:
        self._pending = _UNSET
        self.states_entered = 0

    def follow(self, source: type[State], result: Any) -> None:
        """After an action in `source`: go where it returned, else where it asked with next_state."""
        target = result if result is not None else self._pending
        self._pending = _UNSET
        if target is not _UNSET and target is not None:
            self._go(self._moved(source, target))

    def forget_transition(self) -> None:
        """An undo drops the transition the undone action had asked for."""
        self._pending = _UNSET

    def _moved(self, source: type[State] | None, target: Any) -> type[State]:
        """The state `target` names from `source` (None: setup), told to `on_transition` when watched."""
        state_cls = self._registry.resolve(target, source)
        if self.on_transition is not None:
            named = source is not None and isinstance(target, str) and target in source.transitions
            self.on_transition(source.id if source is not None else GAME_SETUP_ID, state_cls.id,
                               target if named else "")
        return state_cls

    def _go(self, state_cls: type[State]) -> None:
        """Enter a state, then keep running `game` states until play reaches a player or ends."""
        state, game = self._state, self._table.game
        for _ in range(MAX_AUTOMATIC_STEPS):
            state.state_id = state_cls.id
            self.states_entered += 1
            if state_cls.id == GAME_END_ID:
                state.progression = 100
                state.active = None
                return
            if state_cls.type is MULTIPLE_ACTIVE:
                state.multiactive = []
            if state_cls.update_progression:
                state.progression = int(game.progression())
            if state_cls.type is ACTIVE_PLAYER and state_cls.enter is State.enter:
                return  # a player's turn with nothing to run on entering it: the usual stop
            self._pending = _UNSET
            target = state_cls(game).enter()
            if target is None:
                target = self._pending
            self._pending = _UNSET
            if target is _UNSET or target is None:
                if state_cls.type is GAME:
                    raise GameDefinitionError(f"{game.name}: game state {state_cls.name} did not move on")
                return
            state_cls = self._moved(state_cls, target)
        raise GameDefinitionError(f"{game.name}: more than {MAX_AUTOMATIC_STEPS} automatic steps")
