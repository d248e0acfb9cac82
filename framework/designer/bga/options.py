"""`gameoptions.json` from a game's option schema.

A BGA option is a list of values, each a whole number (the table reads it with
`$this->tableOptions->get(id)`): choices of numbers carry over as they are, yes/no becomes 0/1,
choices of words are numbered 1, 2, ... with the word as the value's name, and a range too long to
list becomes a few round values inside it. Testing tools (a fixed deal) are left out.
"""
from __future__ import annotations

from dataclasses import dataclass

from marshmallow import fields

from framework.engine import Game

from .php import constant

FIRST_OPTION_ID = 100
LISTED_RANGE = 20  # a range of up to this many values is listed whole
TESTING_OPTIONS = {"deal"}


@dataclass(frozen=True)
class Option:
    id: int
    name: str
    default: int
    values: dict[int, str]  # BGA value -> what it means


def options_of(game: type[Game]) -> tuple[list[Option], list[str]]:
    """The game's BGA options, and a note for each option changed or left out on the way."""
    if game.option_schema is None:
        return [], []
    options, notes, number = [], [], FIRST_OPTION_ID
    for name, field in game.option_schema().fields.items():
        if name in TESTING_OPTIONS:
            continue
        values, note = _values(field)
        if note:
            notes.append(f"option {name}: {note}")
        if values is None:
            continue
        default = field.load_default
        options.append(Option(number, name, _code(default, values), {_code(v, values): _shown(v) for v in values}))
        number += 1
    return options, notes


def game_options(game: type[Game]) -> dict:
    """gameoptions.json: option ids from 100, each value a whole number with its name."""
    return {str(option.id): {"name": option.name, "default": option.default,
                             "values": {str(value): {"name": shown} for value, shown in option.values.items()}}
            for option in options_of(game)[0]}


def _values(field) -> tuple[list | None, str]:
    """The values an option may take, and a note when they are not all of them (None: none fit)."""
    if isinstance(field, fields.Boolean):
        return [False, True], ""
    default = field.load_default
    for validator in field.validators:
        choices = getattr(validator, "choices", None)
        if choices:
            choices = list(choices)
            if all(isinstance(c, (int, str)) for c in choices):
                return choices, ""
            return None, "left out: BGA options are whole numbers or named choices"
        low, high = getattr(validator, "min", None), getattr(validator, "max", None)
        if isinstance(field, fields.Integer) and low is not None and high is not None:
            if high - low < LISTED_RANGE:
                return list(range(low, high + 1)), ""
            values = round_values(low, high, default)
            return values, (f"the range {low}-{high} is offered as {', '.join(map(str, values))} "
                            "(a BGA option is a list of values)")
    if isinstance(field, fields.Integer) and isinstance(default, int):
        return [default], f"no range declared: only the default {default} is offered"
    return None, "left out: only numbers, yes/no and choices can be BGA options"


def round_values(low: int, high: int, default: int | None) -> list[int]:
    """Round numbers (1, 2, 5 times a power of ten) from `low` to `high`, with both ends and the default."""
    values = {low, high} | ({default} if isinstance(default, int) and low <= default <= high else set())
    scale = 1
    while scale <= high:
        values.update(v for v in (scale, 2 * scale, 5 * scale) if low <= v <= high)
        scale *= 10
    return sorted(values)


def _code(value, values: list) -> int:
    """The whole number BGA stores for `value`."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    return values.index(value) + 1


def _shown(value) -> str:
    if isinstance(value, bool):
        return "Yes" if value else "No"
    return str(value)


def option_constants(options: list[Option]) -> list[str]:
    """PHP constants naming each option's id, with what its values mean where they are not numbers."""
    lines = []
    for option in options:
        meaning = ", ".join(f"{v} = {shown}" for v, shown in option.values.items() if str(v) != shown)
        note = f"  // {meaning}" if meaning else ""
        lines.append(f"    public const OPTION_{constant(option.name)} = {option.id};{note}")
    return lines
