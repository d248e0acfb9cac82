"""Why an action was refused. Each error carries the HTTP status the web layer answers with."""
from __future__ import annotations


class ActionError(Exception):
    """An action the engine refused; nothing of it was applied."""

    status = 400
    code = "bad_action"

    def __init__(self, message: str, **details):
        super().__init__(message)
        self.message = message
        self.details = details


class NotPlaying(ActionError):
    status = 409
    code = "not_playing"


class UnknownAction(ActionError):
    status = 404
    code = "unknown_action"


class ActionNotPossible(ActionError):
    """The action exists in the game but not in the current state (BGA: checkAction)."""

    status = 422
    code = "action_not_possible"


class NotAPlayer(ActionError):
    status = 403
    code = "not_a_player"


class NotActive(ActionError):
    status = 403
    code = "not_your_turn"


class InvalidArguments(ActionError):
    """The arguments do not pass the action's schema; `details["fields"]` names each field."""

    status = 400
    code = "invalid_arguments"


class UserError(ActionError):
    """A rule refused the action. The message is a sentence the player reads (BGA: UserException)."""

    status = 422
    code = "rule_violation"


class GameDefinitionError(Exception):
    """A plugin is declared wrongly (unknown transition, duplicate state id, ...): a bug in the game."""
