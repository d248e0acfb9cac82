"""Table options: the target score and, in testing and development, fixed deals."""
from __future__ import annotations

from collections import Counter

from marshmallow import Schema, ValidationError, fields, validate

from .cards import DECK, DECK_SET, HAND_SIZE, KITTY_SIZE


def check_deal(deal: dict) -> None:
    """One fixed deal: {"hands": [[12 codes] x 4], "kitty": [5 codes], "dealer": seat}, every card once."""
    if not isinstance(deal, dict):
        raise ValidationError('A deal is {"hands": [[12 codes] x 4], "kitty": [5 codes], "dealer": seat}.')
    unknown = set(deal) - {"hands", "kitty", "dealer"}
    if unknown:
        raise ValidationError(f"Unknown deal keys: {', '.join(sorted(unknown))}.")
    hands, kitty, dealer = deal.get("hands"), deal.get("kitty"), deal.get("dealer", 0)
    if not isinstance(hands, list) or len(hands) != 4 or not all(isinstance(h, list) for h in hands):
        raise ValidationError("deal.hands must be 4 lists of cards, one per seat.")
    for seat, hand in enumerate(hands):
        if len(hand) != HAND_SIZE:
            raise ValidationError(f"deal.hands[{seat}] has {len(hand)} cards, not {HAND_SIZE}.")
    if not isinstance(kitty, list) or len(kitty) != KITTY_SIZE:
        raise ValidationError(f"deal.kitty must be a list of {KITTY_SIZE} cards.")
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < 4:
        raise ValidationError("deal.dealer must be a seat, 0 to 3.")
    cards = [c for hand in hands for c in hand] + kitty
    if not all(isinstance(c, str) for c in cards):
        raise ValidationError("Cards are codes such as '7-fire', 'queen-water' or 'dragon'.")
    unknown_cards = sorted(set(cards) - DECK_SET)
    if unknown_cards:
        raise ValidationError(f"Unknown cards in the deal: {', '.join(unknown_cards)}.")
    twice = sorted(c for c, n in Counter(cards).items() if n > 1)
    if twice:
        raise ValidationError(f"Cards dealt twice: {', '.join(twice)}.")
    missing = [c for c in DECK if c not in set(cards)]
    if missing:
        raise ValidationError(f"Cards missing from the deal: {', '.join(missing)}.")


def check_deals(value) -> None:
    """`deal` is one deal (the first hand) or a list of deals for the first hands in order."""
    if value is None:
        return
    for deal in value if isinstance(value, list) else [value]:
        check_deal(deal)


class SummonOptions(Schema):
    # "If time won't permit a full game, feel free to set your own winning total" (text "Object").
    target = fields.Integer(load_default=500, validate=validate.Range(50, 5000))
    deal = fields.Raw(load_default=None, allow_none=True, validate=check_deals)
