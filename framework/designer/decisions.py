"""What a bot decided, for `bga arena`: each action it made, and the game's declared player statistics.

An action is counted by its name, with what the name alone does not say: a boolean argument's value
(`highFlight (call)` and `highFlight (no call)`: every player answers High Flight, so the name alone
counts the hands), a choice from a fixed menu (a `validate.OneOf` argument: `chooseOption (summon)`,
`bid (fire)`), and an optional argument given (`playCards (wish)`). Cards and numbers are left out:
they would split a count into hundreds. A play the rules let one action make in turn or out of turn
(a bomb) is counted under that one name; the game's statistics (`bombs`) tell them apart where it
declares one.
"""
from __future__ import annotations

from marshmallow import fields, validate

from framework.engine import Table


def is_menu(field: fields.Field) -> bool:
    return any(isinstance(check, validate.OneOf) for check in field.validators)


def action_label(table: Table, name: str, args: dict) -> str:
    """The name an action is counted under, read before it is applied (its schema is the state's)."""
    spec = table.registry.action_spec(table.current_state, name)
    if spec is None:
        return name
    named = []
    for arg, field in spec.schema.fields.items():
        value = args.get(arg)
        if isinstance(value, bool):
            named.append(arg if value else f"no {arg}")
        elif value is not None and is_menu(field):
            named.append(str(value))
        elif value is not None and field.allow_none:
            named.append(arg)
    return f"{name} ({', '.join(named)})" if named else name


def seat_statistics(table: Table, player_ids: list[int]) -> dict[str, float]:
    """The game's declared player statistics summed over these players (undeclared or unset: 0)."""
    declared = table.game_cls.statistics.get("player", {})
    stats = table.state.stats["player"]
    return {name: sum(stats[str(pid)].get(name, 0) for pid in player_ids) for name in declared}


def add_counts(total: dict[str, float], counts: dict[str, float]) -> None:
    for key, value in counts.items():
        total[key] = total.get(key, 0) + value
