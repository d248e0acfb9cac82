"""Why a request was refused. Each refusal has a code; transports map codes to their own statuses
(the web layer's map is in framework/web/errors.py), so nothing here knows HTTP."""
from __future__ import annotations

from typing import Any


class ActionError(Exception):
    """A request refused; nothing of it was applied. `code` names the kind of refusal."""

    code = "bad_action"

    def __init__(self, message: str, **details):
        super().__init__(message)
        self.message = message
        self.details = details


class NotPlaying(ActionError):
    """The table is not in play (over, or not started)."""

    code = "not_playing"


class UnknownAction(ActionError):
    code = "unknown_action"


class ActionNotPossible(ActionError):
    """The action exists in the game but not in the current state (BGA: checkAction)."""

    code = "action_not_possible"


class NotAPlayer(ActionError):
    code = "not_a_player"


class NotActive(ActionError):
    code = "not_your_turn"


class InvalidArguments(ActionError):
    """The arguments do not pass the action's schema; `details["fields"]` names each field."""

    code = "invalid_arguments"


class UserError(ActionError):
    """A rule refused the action. The message is a sentence the player reads (BGA: UserException)."""

    code = "rule_violation"


class WrongPlayerCount(ActionError):
    """A table asked for with a number of players the game is not for: the caller's mistake."""

    code = "wrong_player_count"


class GameDefinitionError(Exception):
    """A plugin is declared wrongly (unknown transition, duplicate state id, ...): a bug in the game."""


def first_message(messages: Any, path: str = "") -> str:
    """`cards: Not a valid list.` from marshmallow's nested messages, naming the field."""
    if isinstance(messages, dict):
        for key, value in messages.items():
            name = f"{path}.{key}" if path else str(key)
            return first_message(value, name)
    if isinstance(messages, list) and messages:
        first = messages[0]
        if isinstance(first, (dict, list)):
            return first_message(first, path)
        return f"{path}: {first}" if path else str(first)
    return f"{path}: invalid" if path else "Invalid arguments."
