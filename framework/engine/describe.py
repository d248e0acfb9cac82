"""A move described before it is made: what it would be, in the player's words, and why it would be
refused now. A page asks while the player builds the move (the cards selected so far), so the game's
own rules label it and explain a refusal, and the page never judges a move itself.

The request itself is checked as `apply_action` checks an action (the table is playing, the action
exists, the caller is a player, the arguments pass its schema) and refused the same way; what an
action would meet now (another state, not their turn, a rule) is an answer, not a refusal. Nothing
is applied: the game's `describe_move` reads the table, and only what the player may see.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from marshmallow import ValidationError

from .errors import InvalidArguments, NotAPlayer, NotPlaying, UnknownAction, first_message
from .states import GAME_END_ID

if TYPE_CHECKING:
    from .states import ActionSpec
    from .table import Table

MAX_VARIANTS = 20  # readings offered for one move: more than a player chooses among


def describe_move(table: Table, player_id: int, action: str, args: dict | None) -> dict:
    """{"action", "label", "legal", "reason", "variants"}: `label` names the move ("Pair of 8s"),
    `reason` says why it would be refused now (None: it would not be), `legal` is whether it would
    be accepted (None when the game does not describe this action and nothing else refuses it),
    `variants` are other ways to make it, each `{"label", "args"}` (the arguments choosing it)."""
    if table.state.state_id == GAME_END_ID:
        raise NotPlaying("The game is over.")
    registry = table.registry
    if action not in registry.action_names:
        raise UnknownAction(f"{table.game_cls.name} has no action {action!r}.")
    if not table.game.is_player(player_id):
        raise NotAPlayer("You are not a player at this table.")
    state_cls = table.current_state
    spec = registry.action_spec(state_cls, action)
    reason = None
    if spec is None:
        reason = "You cannot do that now."
        spec = _declared(table, action)
    elif not spec.out_of_turn and not table.gamestate.is_player_active(player_id, state_cls):
        reason = "It is not your turn."
    try:
        kwargs = spec.load(args or {})
    except ValidationError as err:
        raise InvalidArguments(first_message(err.messages), fields=err.messages) from None
    described = table.game.describe_move(player_id, action, kwargs)
    if described is None:
        return {"action": action, "label": None, "legal": False if reason else None, "reason": reason,
                "variants": []}
    reason = reason or described.get("reason")
    return {"action": action, "label": described.get("label"), "legal": reason is None, "reason": reason,
            "variants": list(described.get("variants") or [])[:MAX_VARIANTS]}


def _declared(table: Table, action: str) -> ActionSpec:
    """The action as some state (or the game) declares it: its schema checks the arguments."""
    registry = table.registry
    if action in registry.global_actions:
        return registry.global_actions[action]
    return next(state.actions[action] for state in registry.by_id.values() if action in state.actions)
