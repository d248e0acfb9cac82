"""Applying one action to a table: BGA's checks in order, the action, the transition, or nothing."""
from __future__ import annotations

import marshal
from typing import TYPE_CHECKING

from marshmallow import ValidationError

from .errors import (
    ActionNotPossible,
    InvalidArguments,
    NotActive,
    NotAPlayer,
    NotPlaying,
    UnknownAction,
    first_message,
)
from .records import Notification
from .states import GAME_END_ID

if TYPE_CHECKING:
    from .table import Table


def apply_action(table: Table, player_id: int, action: str, args: dict | None, rollback: bool) -> list[Notification]:
    """Check and apply one action; return the notifications it made.

    Checks run in BGA's order: table playing, action possible in this state, caller a player and
    active (unless the action is out of turn), arguments valid; then the game's rules. A refused
    action changes nothing. `rollback=False` skips the safety copy when the caller drops the
    table on any error anyway (the store's transaction, replays). A fast table (`Table.fast`, a
    search's or a self-play run's copy) skips the seat and turn checks and the safety copy: its moves
    come from `legal_actions`/`random_action`, which list only what the rules accept.
    """
    state = table.state
    if state.state_id == GAME_END_ID:
        raise NotPlaying("The game is over.")
    registry = table.registry
    state_cls = registry.by_id[state.state_id]
    spec = state_cls.actions.get(action)
    owner = None  # None: the state's own action, called on a state object made below
    if spec is None:  # else a game-wide one, where this state allows it
        spec = registry.action_spec(state_cls, action)
        if spec is None:
            if action in registry.action_names:
                raise ActionNotPossible(f"{action} is not possible now (the game is at {state_cls.name}).")
            raise UnknownAction(f"{table.game_cls.name} has no action {action!r}.")
        owner = table.game
    fast = table.fast
    if not fast:
        if not table.game.is_player(player_id):
            raise NotAPlayer("You are not a player at this table.")
        if not spec.out_of_turn and not table.gamestate.is_player_active(player_id, state_cls):
            raise NotActive("It is not your turn.")
    try:
        kwargs = spec.load(args or {})
    except ValidationError as err:
        raise InvalidArguments(first_message(err.messages), fields=err.messages) from None

    backup = marshal.dumps(state.to_json()) if rollback and not fast else None
    table.begin_move(player_id)
    try:
        result = getattr(owner or state_cls(table.game), spec.method)(player_id, **kwargs)
        table.gamestate.follow(state_cls, result)
    except BaseException:
        if backup is not None:
            state.reset_to(marshal.loads(backup))
        table.take_notifications()
        raise
    table.end_move()
    return table.take_notifications()
