"""Fixed deals, the `deal` option of testing and development: one check and one wording for every game.

A deal is `{"hands": [[codes], ...], <pile>: [codes], ..., "dealer": seat}`: a hand per seat, each
pile the game names (a kitty, the undealt cards) and, when the game has one, the dealer's seat (0 if
left out). Together they hold every card of the game's deck exactly once. Hands, deals and seats are
numbered from 0, as they are listed.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from marshmallow import ValidationError, fields

from .errors import GameDefinitionError


def deal_refusal(deal: Any, deck: Iterable[str], *, hands: int, hand_size: int,
                 piles: Mapping[str, int] | None = None, dealer: bool = False) -> str | None:
    """Why `deal` is not a deal of `deck` into `hands` hands of `hand_size` cards and the `piles`
    (name -> size) with, when `dealer`, an optional dealer's seat; None when it is one."""
    return DealShape(tuple(deck), hands, hand_size, dict(piles or {}), dealer).refusal(deal)


class DealShape:
    """What a game's fixed deal holds: its deck, how many hands of how many cards, its other piles."""

    def __init__(self, deck: tuple[str, ...], hands: int, hand_size: int, piles: dict[str, int], dealer: bool):
        if len(set(deck)) != len(deck) or hands * hand_size + sum(piles.values()) != len(deck):
            raise GameDefinitionError(f"a fixed deal places every card of the deck once: {hands} hands of "
                                      f"{hand_size} and piles {piles} hold {hands * hand_size + sum(piles.values())}"
                                      f" cards, the deck has {len(deck)}, {len(set(deck))} of them different")
        self.cards = frozenset(deck)
        self.hands, self.hand_size, self.piles, self.dealer = hands, hand_size, piles, dealer

    def describe(self) -> str:
        parts = [f'"hands": [{self.hands} lists of {self.hand_size} cards, by seat]']
        parts += [f'"{name}": [{size} cards]' for name, size in self.piles.items()]
        if self.dealer:
            parts.append(f'"dealer": a seat, 0 to {self.hands - 1} (0 if left out)')
        return "{" + ", ".join(parts) + "}"

    def refusal(self, deal: Any) -> str | None:
        """The first thing wrong with `deal`, in the words of every game; None when it is right."""
        if not isinstance(deal, dict):
            return f"A deal is {self.describe()}."
        allowed = {"hands", *self.piles, *(("dealer",) if self.dealer else ())}
        unknown = sorted(str(key) for key in deal if key not in allowed)
        if unknown:
            return f"Unknown deal keys: {', '.join(unknown)}."
        missing = [name for name in ("hands", *self.piles) if name not in deal]
        if missing:
            return f'The deal has no "{missing[0]}": a deal is {self.describe()}.'
        refusal = self._hands_refusal(deal["hands"]) or self._piles_refusal(deal) or self._dealer_refusal(deal)
        if refusal:
            return refusal
        return self._cards_refusal([*(c for hand in deal["hands"] for c in hand),
                                    *(c for name in self.piles for c in deal[name])])

    def _hands_refusal(self, hands: Any) -> str | None:
        if not isinstance(hands, list):
            return f"The deal's hands are not a list: give {self.hands}, one per seat."
        if len(hands) != self.hands:
            return f"The deal has {counted(len(hands), 'hand')}, not {self.hands}: one per seat."
        for seat, hand in enumerate(hands):
            if not isinstance(hand, list):
                return f"Hand {seat} is not a list of cards."
            if len(hand) != self.hand_size:
                return f"Hand {seat} has {counted(len(hand), 'card')}, not {self.hand_size}."
        return None

    def _piles_refusal(self, deal: dict) -> str | None:
        for name, size in self.piles.items():
            pile = deal[name]
            if not isinstance(pile, list):
                return f'The "{name}" pile is not a list of cards.'
            if len(pile) != size:
                return f'The "{name}" pile has {counted(len(pile), "card")}, not {size}.'
        return None

    def _dealer_refusal(self, deal: dict) -> str | None:
        seat = deal.get("dealer", 0)
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.hands:
            return f"The dealer must be a seat, 0 to {self.hands - 1}."
        return None

    def _cards_refusal(self, cards: list) -> str | None:
        unknown = list(dict.fromkeys(shown(c) for c in cards if not isinstance(c, str) or c not in self.cards))
        if unknown:
            return f"Unknown card{'s' if len(unknown) > 1 else ''}: {', '.join(unknown)}."
        twice = [card for card, count in Counter(cards).items() if count > 1]
        if twice:
            return (f"Card {twice[0]} is dealt twice." if len(twice) == 1
                    else f"Cards {', '.join(twice)} are dealt twice.")
        return None  # every card once in piles of the deck's size: none is missing


def counted(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def shown(value: Any) -> str:
    """A value given as a card, as a message quotes it: a string as it is, anything else as Python writes it."""
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= 20 else text[:19] + "…"


class FixedDeal(fields.Raw):
    """The `deal` option of a game's option schema: a fixed deal checked by `deal_refusal`, or None
    (the default: a shuffled deal). With `several=True` it may also be a list of deals, for the
    first hands in order. The value loads as given; the game reads it when it deals."""

    def __init__(self, deck: Iterable[str], *, hands: int, hand_size: int, piles: Mapping[str, int] | None = None,
                 dealer: bool = False, several: bool = False, **kwargs):
        kwargs.setdefault("load_default", None)
        kwargs.setdefault("allow_none", True)
        super().__init__(**kwargs)
        self.shape = DealShape(tuple(deck), hands, hand_size, dict(piles or {}), dealer)
        self.several = several

    def _deserialize(self, value, attr, data, **kwargs):
        if not self.several or isinstance(value, dict):
            refusals = [self.shape.refusal(value)]
        elif isinstance(value, list):
            refusals = [refusal and f"Deal {number}: {refusal}" for number, refusal
                        in enumerate(map(self.shape.refusal, value))]
        else:
            refusals = [f"A deal is {self.shape.describe()}, or a list of them for the first hands in order."]
        refusal = next(filter(None, refusals), None)
        if refusal:
            raise ValidationError(refusal)
        return value
