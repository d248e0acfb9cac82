"""Table options: the target score and, in testing and development, fixed deals."""
from __future__ import annotations

from marshmallow import Schema, fields, validate

from framework.engine import FixedDeal

from .cards import DECK, HAND_SIZE, KITTY_SIZE


class SummonOptions(Schema):
    # "If time won't permit a full game, feel free to set your own winning total" (text "Object").
    target = fields.Integer(load_default=500, validate=validate.Range(50, 5000))
    # One deal for the first hand, or a list of deals for the first hands in order (RULES.md).
    deal = FixedDeal(DECK, hands=4, hand_size=HAND_SIZE, piles={"kitty": KITTY_SIZE}, dealer=True, several=True)
