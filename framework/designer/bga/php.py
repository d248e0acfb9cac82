"""Writing PHP: literals, names, and the header every generated file starts with."""
from __future__ import annotations

import keyword
import re


def php_string(text: str) -> str:
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def php_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return php_string(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(php_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "[" + ", ".join(f"{php_value(k)} => {php_value(v)}" for k, v in value.items()) + "]"
    return "null"


def translated(text: str) -> str:
    """A string players read, marked for BGA's translators."""
    return f"clienttranslate({php_string(text)})"


def camel(name: str) -> str:
    """`playCards` -> `PlayCards`, `take_off` -> `TakeOff`."""
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"[_\W]+", name) if part)


def constant(name: str) -> str:
    """`turnHours` or `turn_hours` -> `TURN_HOURS`."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).replace("-", "_").upper()


def is_identifier(name: str) -> bool:
    return re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name) is not None and not keyword.iskeyword(name)


def comment(text: str) -> str:
    """Text safe inside a /* */ or // comment."""
    return " ".join(text.replace("*/", "* /").split())
