"""Table options (BGA gameoptions): the bidding variant and a fixed deal for tests."""
from __future__ import annotations

from collections import Counter

from marshmallow import Schema, ValidationError, fields, validates

from .cards import NATURALS

HAND_SIZE, UNDEALT_SIZE = 14, 8


def check_deal(deal: object) -> None:
    """A fixed deal: `{"hands": [[14 codes], [14 codes]], "undealt": [8 codes], "dealer": seat}`,
    the 36 natural cards each exactly once (the wilds are given by the rules, not dealt)."""
    if not isinstance(deal, dict):
        raise ValidationError("deal must be an object with hands, undealt and dealer.")
    unknown = set(deal) - {"hands", "undealt", "dealer"}
    if unknown:
        raise ValidationError(f"deal has unknown keys: {', '.join(sorted(unknown))}.")
    hands, undealt = deal.get("hands"), deal.get("undealt")
    if not isinstance(hands, list) or len(hands) != 2 or not all(isinstance(h, list) for h in hands):
        raise ValidationError("deal.hands must be two lists of 14 cards, by seat.")
    for seat, hand in enumerate(hands):
        if len(hand) != HAND_SIZE:
            raise ValidationError(f"deal.hands[{seat}] has {len(hand)} cards, not {HAND_SIZE}.")
    if not isinstance(undealt, list) or len(undealt) != UNDEALT_SIZE:
        raise ValidationError(f"deal.undealt must be a list of {UNDEALT_SIZE} cards.")
    dealer = deal.get("dealer", 0)
    if dealer not in (0, 1) or isinstance(dealer, bool):
        raise ValidationError("deal.dealer must be seat 0 or 1.")
    cards = [*hands[0], *hands[1], *undealt]
    strange = sorted({str(c) for c in cards if c not in NATURALS})
    if strange:
        raise ValidationError(f"deal holds cards that are not natural cards 6-A: {', '.join(strange)} "
                              "(the 2s and jokers are given by the rules).")
    twice = sorted(c for c, n in Counter(cards).items() if n > 1)
    if twice:
        raise ValidationError(f"deal holds these cards more than once: {', '.join(twice)}.")


class ZhubuOptions(Schema):
    bidding = fields.Boolean(load_default=False)
    deal = fields.Raw(load_default=None, allow_none=True)

    @validates("deal")
    def _check_deal(self, value, **_kwargs):
        if value is not None:
            check_deal(value)
