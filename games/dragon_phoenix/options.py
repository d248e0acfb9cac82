"""Table options (BGA gameoptions): target score, the wish, and a fixed deal. The time per move is not one:
it is a setting of every table (`turn_hours` when creating it), whatever its game."""
from __future__ import annotations

from marshmallow import Schema, fields, validate

from framework.engine import FixedDeal

from .cards import DECK


class DragonPhoenixOptions(Schema):
    target = fields.Integer(load_default=1000, validate=validate.OneOf([1000, 500]))
    wish = fields.Boolean(load_default=True)  # False: the "No wish" variant
    deal = FixedDeal(DECK, hands=4, hand_size=13)  # {"hands": [[13 codes] x 4]} (RULES.md)
