"""Legality of plays and the wish, as pure functions (D3-D14)."""
import pytest

from games.dragon_phoenix.combos import STAIRS, STRAIGHT, readings
from games.dragon_phoenix.plays import bombs, leads, plays
from games.dragon_phoenix.rules import Illegal, check_play, contains_rank, wish_obliges


def combo(*cards):
    return readings(list(cards))[0]


def check(hand, cards, top=None, *, in_turn=True, wish=None, **kwargs):
    return check_play(hand, cards, top, "the table", in_turn=in_turn, wish=wish, **kwargs)


def refusal(*args, **kwargs):
    with pytest.raises(Illegal) as err:
        check(*args, **kwargs)
    return str(err.value)


def test_refused_cards_not_held():
    assert refusal(["3C"], ["4C"]) == "You do not hold the 4 of clubs.", "a card by its name, never its code"
    assert refusal(["3C"], ["4C", "XX"]) == "'XX' is not a card."


def test_D3_refusals_name_the_rule():
    hand = ["3C", "4D", "5S", "6C", "7C", "8D", "9C", "10H", "JC", "phoenix", "dragon"]
    assert refusal(hand, ["3C", "4D", "5S", "6C"]) == "A straight needs at least 5 cards."
    six = combo("3H", "4H", "5D", "6D", "7S", "8S")
    assert refusal(hand, ["4D", "5S", "6C", "7C", "8D"], six) == "A straight of 6 only beats a straight of 6."
    assert "same kind" in refusal(hand, ["9C"], combo("5C", "5D"))
    assert refusal(hand, ["phoenix"], combo("dragon")) == "The Phoenix cannot be played on the Dragon."
    assert refusal(hand, ["JC"], combo("dragon")) == "Only a bomb beats the Dragon."


def test_D4_phoenix_argument_chooses_the_reading():
    hand = ["8C", "8D", "KC", "KD", "phoenix"]
    assert check(hand, hand).rank == 13, "without it, the highest reading"
    assert check(hand, hand, phoenix=8).rank == 8
    assert refusal(hand, hand, phoenix=9) == "The Phoenix cannot stand for a 9 in these cards."


def test_D8_only_bombs_out_of_turn():
    hand = ["9C", "9D", "9H", "9S", "AC"]
    assert refusal(hand, ["AC"], combo("KC"), in_turn=False) == "Only a bomb may be played out of turn."
    assert check(hand, ["9C", "9D", "9H", "9S"], combo("KC"), in_turn=False).is_bomb


def test_D11_fox_only_as_a_lead():
    assert check(["fox", "3C"], ["fox"]).kind == "fox"
    assert refusal(["fox", "3C"], ["fox"], combo("3D")) == "The Fox can only lead a round."


def test_D13_only_the_herald_player_wishes():
    assert check(["herald", "3C"], ["herald"], new_wish=11)
    assert refusal(["herald", "3C"], ["3C"], new_wish=11) == "Only the player of the Herald may make a wish."
    assert refusal(["herald"], ["herald"], new_wish=11, wish_allowed=False) == "This table plays without the wish."


def test_D14_wish_obliges_in_turn_when_following():
    hand = ["7C", "9D", "JS"]
    assert wish_obliges(hand, combo("5C"), 7)
    assert refusal(hand, ["9D"], combo("5C"), wish=7) == "You must play a 7: the wish obliges you."
    assert check(hand, ["7C"], combo("5C"), wish=7)
    assert not wish_obliges(hand, combo("8C"), 7), "a 7 cannot beat an 8: no obligation"


def test_D14_wish_counts_the_phoenix_as_helper_but_not_as_the_card():
    """Wished 9 on 4-5-6-7-8: 6 7 9 10 + Phoenix must be played as 6-7-P-9-10."""
    top = combo("4C", "5D", "6S", "7C", "8C")
    assert wish_obliges(["6D", "7D", "9S", "10H", "phoenix", "3C"], top, 9)
    assert not wish_obliges(["6D", "7D", "10H", "JC", "phoenix"], top, 9), "holding the Phoenix obliges nothing"
    assert not wish_obliges(["phoenix", "3C"], None, 9)


def test_D14_phoenix_standing_for_the_wish_does_not_fulfil():
    assert not contains_rank(["4C", "5D", "6S", "7C", "phoenix"], 8), "a Phoenix read as the 8"
    assert contains_rank(["8C", "phoenix"], 8)
    hand = ["8C", "phoenix", "5D"]
    top = combo("3C", "3D")
    assert refusal(hand, ["5D", "phoenix"], top, wish=8) == "You must play an 8: the wish obliges you."
    assert check(hand, ["8C", "phoenix"], top, wish=8).rank == 8


def test_D14_wish_when_leading():
    hand = ["fox", "7C", "9D"]
    assert wish_obliges(hand, None, 7)
    assert refusal(hand, ["fox"], wish=7) == "You must play a 7: the wish obliges you."
    assert refusal(hand, ["9D"], wish=7) == "You must play a 7: the wish obliges you."
    assert check(hand, ["7C"], wish=7)
    bomb_hand = ["7C", "7D", "7H", "7S", "3C"]
    assert check(bomb_hand, ["7C", "7D", "7H", "7S"], wish=7).is_bomb, "a bomb containing it is fine"


def test_D14_bombs_are_never_compulsory():
    top = combo("AC")
    assert not wish_obliges(["JC", "JD", "JH", "JS"], top, 11), "only a bomb could carry a Jack over an Ace"
    jacks = ["JC", "JD", "JH", "JS"]
    assert not wish_obliges(jacks, top, 11, plays(jacks, top)), "nor from the turn's plays, the bomb among them"
    assert wish_obliges(["JC", "JD", "JH", "JS"], combo("5C"), 11), "a single Jack is possible"
    assert not wish_obliges(["JC", "3D"], combo("3C", "3H", "3S", "3D"), 11), "nobody is obliged on a bomb"


def test_D7_bombs_enumerated_and_ordered():
    hand = ["JC", "JD", "JH", "JS", "3H", "4H", "5H", "6H", "7H", "8H"]
    found = {tuple(sorted(cards)) for cards, _ in bombs(hand, None)}
    assert ("JC", "JD", "JH", "JS") in found
    assert len([c for _, c in bombs(hand, None) if c.kind == "straightFlush"]) == 3  # 3-7, 4-8, 3-8
    assert [c.kind for _, c in bombs(hand, combo("QC", "QD", "QH", "QS"))] == ["straightFlush"] * 3


def test_enumeration_matches_the_checker():
    """Every enumerated play passes check_play, for leads and for replies of every kind."""
    hand = ["herald", "phoenix", "3C", "3D", "4C", "4H", "5S", "5D", "6C", "7C", "7D", "7H", "QS", "fox"]
    found = list(leads(hand))
    kinds = {c.kind for _, c in found}
    assert {"single", "pair", "triple", "fullHouse", STRAIGHT, STAIRS, "fox"} <= kinds
    for cards, c in found:
        assert check(hand, list(cards), phoenix=c.phoenix).rank == c.rank
    for top in (combo("3H", "3S"), combo("herald", "3H", "4D", "5S", "6H"), combo("3H", "3S", "4D", "4S")):
        for cards, c in plays(hand, top):
            assert check(hand, list(cards), top, phoenix=c.phoenix).rank == c.rank
