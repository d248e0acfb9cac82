"""Table options (BGA gameoptions): target score, the wish, and a fixed deal. The time per move is not one:
it is a setting of every table (`turn_hours` when creating it), whatever its game."""
from __future__ import annotations

from marshmallow import Schema, ValidationError, fields, validate, validates

from .cards import validate_deal


class DragonPhoenixOptions(Schema):
    target = fields.Integer(load_default=1000, validate=validate.OneOf([1000, 500]))
    wish = fields.Boolean(load_default=True)  # False: the "No wish" variant
    deal = fields.Raw(load_default=None, allow_none=True)  # {"hands": [[13 codes] x 4]} (RULES.md)

    @validates("deal")
    def check_deal(self, value, **kwargs):
        if value is not None:
            try:
                validate_deal(value)
            except ValueError as err:
                raise ValidationError(str(err)) from None
