"""The engine's check of a fixed deal (`deal_refusal`, the `FixedDeal` option field): each refusal,
in the one wording every game gives."""
from __future__ import annotations

import pytest
from marshmallow import Schema, ValidationError

from framework.engine import FixedDeal, GameDefinitionError, deal_refusal

DECK = tuple("abcdefghij")
SHAPE = {"hands": 2, "hand_size": 3, "piles": {"kitty": 4}, "dealer": True}
GOOD = {"hands": [["a", "b", "c"], ["d", "e", "f"]], "kitty": ["g", "h", "i", "j"], "dealer": 1}


class Options(Schema):
    deal = FixedDeal(DECK, **SHAPE)


class SeveralOptions(Schema):
    deal = FixedDeal(DECK, several=True, **SHAPE)


def refusal(**changes) -> str | None:
    deal = {**GOOD, **changes}
    return deal_refusal({k: v for k, v in deal.items() if v is not ...}, DECK, **SHAPE)


def test_a_deal_of_every_card_once_is_taken_as_given():
    assert refusal() is None
    assert refusal(dealer=...) is None  # the dealer may be left out: seat 0
    assert Options().load({"deal": GOOD}) == {"deal": GOOD}
    assert Options().load({}) == {"deal": None}  # no fixed deal: a shuffled one


@pytest.mark.parametrize(("changes", "message"), [
    ({"hands": [["a", "b"], ["c", "d", "e", "f"]]}, "Hand 0 has 2 cards, not 3."),
    ({"hands": [["a", "b", "c"], ["d", "e", "f", "g"]], "kitty": ["h", "i", "j"]}, "Hand 1 has 4 cards, not 3."),
    ({"hands": [["a", "b", "c"]]}, "The deal has 1 hand, not 2: one per seat."),
    ({"hands": "abcdef"}, "The deal's hands are not a list: give 2, one per seat."),
    ({"hands": [["a", "b", "c"], "def"]}, "Hand 1 is not a list of cards."),
    ({"kitty": ["g", "h", "i"]}, 'The "kitty" pile has 3 cards, not 4.'),
    ({"kitty": "ghij"}, 'The "kitty" pile is not a list of cards.'),
    ({"kitty": ...}, 'The deal has no "kitty": a deal is {"hands": [2 lists of 3 cards, by seat], '
                     '"kitty": [4 cards], "dealer": a seat, 0 to 1 (0 if left out)}.'),
    ({"extra": 1, "more": 2}, "Unknown deal keys: extra, more."),
    ({"dealer": 2}, "The dealer must be a seat, 0 to 1."),
    ({"dealer": True}, "The dealer must be a seat, 0 to 1."),
    ({"dealer": "0"}, "The dealer must be a seat, 0 to 1."),
    ({"kitty": ["g", "h", "i", "z"]}, "Unknown card: z."),
    ({"hands": [["a", "b", 7], ["d", "e", None]]}, "Unknown cards: 7, None."),
    ({"kitty": ["g", "h", "i", "a"]}, "Card a is dealt twice."),
    ({"hands": [["a", "b", "a"], ["d", "e", "d"]]}, "Cards a, d are dealt twice."),
])
def test_a_wrong_deal_is_refused_saying_what_is_wrong(changes, message):
    assert refusal(**changes) == message
    with pytest.raises(ValidationError) as refused:
        Options().load({"deal": {k: v for k, v in {**GOOD, **changes}.items() if v is not ...}})
    assert refused.value.messages == {"deal": [message]}


def test_a_deal_is_an_object():
    described = ('A deal is {"hands": [2 lists of 3 cards, by seat], "kitty": [4 cards], '
                 '"dealer": a seat, 0 to 1 (0 if left out)}.')
    assert deal_refusal([GOOD], DECK, **SHAPE) == described
    assert deal_refusal(None, DECK, hands=2, hand_size=5) == 'A deal is {"hands": [2 lists of 5 cards, by seat]}.'


def test_a_game_without_a_dealer_takes_none():
    deal = {"hands": [list("abcde"), list("fghij")]}
    assert deal_refusal(deal, DECK, hands=2, hand_size=5) is None
    assert deal_refusal({**deal, "dealer": 0}, DECK, hands=2, hand_size=5) == "Unknown deal keys: dealer."


def test_a_long_unknown_card_is_cut_short():
    assert refusal(kitty=["g", "h", "i", "x" * 50]) == f"Unknown card: {'x' * 19}…."


def test_several_deals_are_checked_each_and_named_by_their_place():
    second = {**GOOD, "dealer": 0}
    assert SeveralOptions().load({"deal": [GOOD, second]})["deal"] == [GOOD, second]
    assert SeveralOptions().load({"deal": GOOD})["deal"] == GOOD
    with pytest.raises(ValidationError) as refused:
        SeveralOptions().load({"deal": [GOOD, {**GOOD, "kitty": ["g", "h", "i", "a"]}]})
    assert refused.value.messages == {"deal": ["Deal 1: Card a is dealt twice."]}
    with pytest.raises(ValidationError, match="or a list of them for the first hands in order"):
        SeveralOptions().load({"deal": "abc"})
    with pytest.raises(ValidationError, match="A deal is"):
        Options().load({"deal": [GOOD]})  # one deal only


def test_piles_that_do_not_hold_the_deck_are_the_game_s_mistake():
    with pytest.raises(GameDefinitionError, match="hold 9 cards, the deck has 10"):
        deal_refusal(GOOD, DECK, hands=2, hand_size=3, piles={"kitty": 3})
    with pytest.raises(GameDefinitionError, match="10 of them different"):
        FixedDeal((*DECK[:-1], "a", "z"), hands=2, hand_size=3, piles={"kitty": 5})
