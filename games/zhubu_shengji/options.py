"""Table options (BGA gameoptions): the bidding variant and a fixed deal for tests."""
from __future__ import annotations

from marshmallow import Schema, fields

from framework.engine import FixedDeal

from .cards import NATURALS

HAND_SIZE, UNDEALT_SIZE = 14, 8


class ZhubuOptions(Schema):
    bidding = fields.Boolean(load_default=False)
    # The 36 natural cards: the wilds are given by the rules, not dealt (RULES.md "Fixed deal").
    deal = FixedDeal(NATURALS, hands=2, hand_size=HAND_SIZE, piles={"undealt": UNDEALT_SIZE}, dealer=True)
