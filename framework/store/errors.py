"""Refusals the store makes before the engine is asked (the web layer maps them to HTTP)."""
from framework.engine import ActionError


class NotFound(ActionError):
    status = 404
    code = "not_found"


class Forbidden(ActionError):
    status = 403
    code = "forbidden"


class Conflict(ActionError):
    status = 409
    code = "conflict"


class StaleMove(Conflict):
    code = "stale_move"


class BadRequest(ActionError):
    status = 400
    code = "bad_request"
