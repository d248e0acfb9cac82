"""Settings: defaults, then `BGA_*` environment variables, then the caller's; checked at start.

A value the server cannot read stops it with a message naming the variable: `BGA_DEV_MODE=False`
must never turn development mode on (a plain string from the environment is true in Python),
`BGA_TRUSTED_PROXIES=one` must not quietly mean something, and a password hash method werkzeug does
not know must not wait for the first registration to fail.
"""
from __future__ import annotations

import os

from flask import Flask
from werkzeug.security import generate_password_hash

# Switches: true/false, 1/0, yes/no, on/off in any case; anything else refuses to start.
BOOLEAN_SETTINGS = ("DEV_MODE", "TESTING", "MAIL_USE_TLS", "MAIL_USE_SSL", "WEBHOOK_PRIVATE_TARGETS")
TRUE_WORDS, FALSE_WORDS = frozenset(("true", "1", "yes", "on")), frozenset(("false", "0", "no", "off"))
# Whole numbers, each with the least it may be: digits only, anything else refuses to start.
INTEGER_SETTINGS = {"TRUSTED_PROXIES": 0, "LOGIN_ATTEMPTS": 1, "LOGIN_ATTEMPTS_PER_ADDRESS": 1,
                    "LOGIN_WINDOW_SECONDS": 1, "REGISTRATIONS_PER_ADDRESS": 1, "REGISTRATION_WINDOW_SECONDS": 1,
                    "EVENTS_MAX_STREAMS": 0, "TICK_MOVES": 1, "TICK_MOVES_PER_ROUND": 1, "MAX_GAME_MOVES": 1,
                    "MAX_OPEN_TABLES": 1, "LOG_PAGE": 1, "TABLES_PER_ACCOUNT": 1, "TABLES_WINDOW_SECONDS": 1,
                    "CHAT_LINES": 1, "CHAT_WINDOW_SECONDS": 1, "CHAT_LINES_PER_DAY": 1,
                    "EVENTS_STREAMS_PER_ACCOUNT": 1, "EVENTS_STREAMS_WATCHING": 1, "EVENTS_STREAMS_PER_TABLE": 1,
                    "EVENTS_STREAMS_PER_TABLE_WATCHED": 1, "EVENTS_STREAMS_PER_ADDRESS": 1,
                    "EXPERT_ITERATIONS": 1, "BOT_LEASE_SECONDS": 1}
# Decimal numbers, each with the least it may be: "2.5", "3"; anything else refuses to start.
DECIMAL_SETTINGS = {"EXPERT_SECONDS": 0.1}
ZOMBIE_LEVELS = ("heuristic", "expert")  # BGA_ZOMBIE_LEVEL: expert where the game has it, else heuristic


class SettingError(ValueError):
    """A setting the server will not guess about."""


def parse_boolean(name: str, value: object) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str):
        word = value.strip().lower()
        if word in TRUE_WORDS:
            return True
        if word in FALSE_WORDS:
            return False
    raise SettingError(f"{name} must be true or false (or 1/0, yes/no, on/off), not {value!r}")


def parse_integer(name: str, value: object, least: int) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        number = int(value.strip())
    else:
        raise SettingError(f"{name} must be a whole number, not {value!r}")
    if number < least:
        raise SettingError(f"{name} must be at least {least}, not {number}")
    return number


def parse_decimal(name: str, value: object, least: float) -> float:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        number = float(value)
    else:
        text = value.strip() if isinstance(value, str) else ""
        whole, _, fraction = text.partition(".")
        if not (text.isascii() and whole.isdigit() and (fraction.isdigit() or not fraction)):
            raise SettingError(f"{name} must be a number such as 2.5, not {value!r}")
        number = float(text)
    if not number >= least or number == float("inf"):
        raise SettingError(f"{name} must be at least {least:g}, not {value!r}")
    return number


def read_strictly(key: str, name: str, value: object) -> bool | int | float:
    """Setting `key`, given as `name` (the variable or the config key), read as its kind."""
    if key in BOOLEAN_SETTINGS:
        return parse_boolean(name, value)
    if key in DECIMAL_SETTINGS:
        return parse_decimal(name, value, DECIMAL_SETTINGS[key])
    return parse_integer(name, value, INTEGER_SETTINGS[key])


def check_hash_method(name: str, method: object) -> None:
    """`PASSWORD_HASH_METHOD`, tried on an empty password: unless it is werkzeug's default, scrypt, which a
    start need not pay ~130 ms to try."""
    if method == "scrypt":
        return
    try:
        generate_password_hash("", method)
    except (ValueError, TypeError, AttributeError):
        raise SettingError(f"{name} must be one of werkzeug's password hash methods (scrypt, "
                           f"pbkdf2:sha256:600000, ...), not {method!r}") from None


def load_settings(app: Flask, config: dict | None, prefix: str = "BGA") -> None:
    """The environment's `BGA_*` over the defaults, then `config` over both; switches and numbers read strictly."""
    app.config.from_prefixed_env(prefix)
    if config:
        app.config.update(config)
    for key in (*BOOLEAN_SETTINGS, *INTEGER_SETTINGS, *DECIMAL_SETTINGS):
        raw = os.environ.get(f"{prefix}_{key}")
        if config and key in config:
            app.config[key] = read_strictly(key, key, config[key])
        elif raw is not None:  # read as written, not as JSON: "False" is not JSON and would stay a string
            app.config[key] = read_strictly(key, f"{prefix}_{key}", raw)
    if app.config["ZOMBIE_LEVEL"] not in ZOMBIE_LEVELS:
        raise SettingError(f"{prefix}_ZOMBIE_LEVEL must be one of {', '.join(ZOMBIE_LEVELS)}, "
                           f"not {app.config['ZOMBIE_LEVEL']!r}")
    method = "PASSWORD_HASH_METHOD"
    check_hash_method(method if config and method in config else f"{prefix}_{method}", app.config[method])
    for key in ("DEV_MODE", "TESTING"):  # either turns the development features on (`access.dev_mode`)
        if app.config.get(key):
            app.logger.warning(f"development mode is on ({prefix}_{key}): chosen seeds and deals, hotseat tables, "
                               "forks and early exports are allowed; never run a public server this way")
