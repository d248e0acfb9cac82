"""The limits on logins, registrations, new tables and chat lines as the API applies them: who is asking,
the settings, and the 429 answer that says when to try again. The counting is the store's (`store.throttle`)."""
from __future__ import annotations

import math

from flask import current_app, g, request

from framework.store import throttle

from .errors import ApiError


def client_address() -> str:
    """The socket's peer, or the address the trusted proxies saw (`proxies.trust_proxies`)."""
    return request.remote_addr or "?"


def login_limits() -> throttle.LoginLimits:
    config = current_app.config
    return throttle.LoginLimits(config["LOGIN_ATTEMPTS"], config["LOGIN_ATTEMPTS_PER_ADDRESS"],
                                config["LOGIN_WINDOW_SECONDS"])


def too_many(what: str, wait: float) -> ApiError:
    seconds = max(math.ceil(wait), 1)
    return ApiError(429, "too_many_attempts", f"{what}: try again in {seconds} s.",
                    headers={"Retry-After": str(seconds)})


def refuse_limited_login(name: str, what: str = "Too many failed logins for this name from your address") -> None:
    wait = throttle.login_wait(name, client_address(), login_limits())
    if wait:
        raise too_many(what, wait)


def count_failed_login(name: str) -> None:
    throttle.login_failed(name, client_address(), login_limits())


def take_registration() -> None:
    """Count this registration against the address's limit, or refuse it with 429."""
    limit = throttle.Limit(current_app.config["REGISTRATIONS_PER_ADDRESS"],
                           current_app.config["REGISTRATION_WINDOW_SECONDS"])
    wait = throttle.take_registration(client_address(), limit)
    if wait:
        raise too_many("Too many new accounts from your address", wait)


def take_for_account(kind: str, what: str, limits: tuple[throttle.Limit, ...]) -> None:
    wait = throttle.take_for_account(kind, g.user_id, limits)
    if wait:
        raise too_many(what, wait)


def take_new_table() -> None:
    """Count a new table against the caller's limit, or refuse it with 429 (a flood would push others
    off the lobby)."""
    config = current_app.config
    take_for_account(throttle.NEW_TABLE, "You have created too many tables lately",
                     (throttle.Limit(config["TABLES_PER_ACCOUNT"], config["TABLES_WINDOW_SECONDS"]),))


def take_chat_line() -> None:
    """Count a chat line against the caller's limits, a short burst and a day, or refuse it with 429."""
    config = current_app.config
    take_for_account(throttle.CHAT, "You are posting too fast",
                     (throttle.Limit(config["CHAT_LINES"], config["CHAT_WINDOW_SECONDS"]),
                      throttle.Limit(config["CHAT_LINES_PER_DAY"], 86400)))
