"""Refusals the store makes before the engine is asked, by code (the web layer maps codes to HTTP)."""
from framework.engine import ActionError


class NotFound(ActionError):
    code = "not_found"


class Forbidden(ActionError):
    code = "forbidden"


class Conflict(ActionError):
    code = "conflict"


class StaleMove(Conflict):
    code = "stale_move"


class BadRequest(ActionError):
    code = "bad_request"


class Unauthenticated(ActionError):
    """The move's token is unknown or expired (checked inside the move's own transaction)."""

    code = "unauthorized"


class NothingPending(Conflict):
    """Asked to play pending bot or zombie turns when none are."""

    code = "nothing_pending"


class TooManyTables(Conflict):
    """A user already has as many unfinished tables of their own as the site allows."""

    code = "too_many_tables"
