"""Action arguments that name a player, declared as such so a replay under other player ids (a
fork's stand-ins) can rename them: a plain integer might be a count that only looks like an id."""
from __future__ import annotations

from collections.abc import Mapping

from marshmallow import fields

from .records import Move
from .states import ActionSpec


class PlayerId(fields.Integer):
    """An argument that is a player's id (`@action({"to": PlayerId(required=True)})`)."""


def renamed(move: Move, spec: ActionSpec | None, renames: Mapping[int, int]) -> Move:
    """`move` with its player and the arguments `spec` declares `PlayerId` (or lists of them) renamed."""
    args = dict(move.args)
    for attribute, declared in (spec.schema.fields.items() if spec else ()):
        name = declared.data_key or attribute
        value = args.get(name)
        if isinstance(declared, PlayerId) and isinstance(value, int):
            args[name] = renames.get(value, value)
        elif isinstance(declared, fields.List) and isinstance(declared.inner, PlayerId) and isinstance(value, list):
            args[name] = [renames.get(item, item) if isinstance(item, int) else item for item in value]
    return Move(renames.get(move.player, move.player), move.action, args)
