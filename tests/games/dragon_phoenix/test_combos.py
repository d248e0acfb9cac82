"""Combinations, readings and comparisons (rule text "Combinations", "Bombs", "The special
cards"; D2-D7). Each test names the rule it checks."""
import pytest

from games.dragon_phoenix.cards import DECK, POINTS, card_points
from games.dragon_phoenix.combos import (
    FOUR,
    FULL_HOUSE,
    PAIR,
    SINGLE,
    STAIRS,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPLE,
    Combo,
    beats,
    combo_name,
    readings,
    why_no_combination,
)


def read(*cards, top=None):
    found = readings(list(cards), top)
    return found[0] if found else None


def test_D2_card_points_total_100():
    assert len(DECK) == 52 and card_points(DECK) == 100
    assert (POINTS["5H"], POINTS["10S"], POINTS["KD"], POINTS["dragon"], POINTS["phoenix"]) == (5, 10, 10, 25, -25)
    assert POINTS["AC"] == POINTS["herald"] == POINTS["fox"] == 0


@pytest.mark.parametrize("cards, kind, rank", [
    (["8C"], SINGLE, 8),
    (["8C", "8D"], PAIR, 8),
    (["QC", "QD", "QS"], TRIPLE, 12),
    (["QC", "QD", "QS", "3C", "3D"], FULL_HOUSE, 12),
    (["3C", "4D", "5S", "6C", "7C"], STRAIGHT, 7),
    (["9C", "10D", "JS", "QC", "KC", "AH"], STRAIGHT, 14),
    (["herald", "3D", "4S", "5C", "6C"], STRAIGHT, 6),
    (["5C", "5D", "6S", "6C"], STAIRS, 6),
    (["5C", "5D", "6S", "6C", "7D", "7H"], STAIRS, 7),
    (["9C", "9D", "9H", "9S"], FOUR, 9),
    (["4H", "5H", "6H", "7H", "8H"], STRAIGHT_FLUSH, 8),
])
def test_D3_D7_combination_kinds(cards, kind, rank):
    combo = read(*cards)
    assert (combo.kind, combo.size, combo.rank) == (kind, len(cards), rank)


@pytest.mark.parametrize("cards, message", [
    (["3C", "4D", "5S", "6C"], "A straight needs at least 5 cards."),
    (["3C", "4D", "5S"], "A straight needs at least 5 cards."),
    (["herald", "3C"], "The Herald can only be played alone or as the bottom card of a straight."),
    (["fox", "3C"], "The Fox can only be played alone."),
    (["dragon", "AC"], "The Dragon is only played as a single."),
    (["5C", "5D", "7S", "7C"], "Stairs are pairs of consecutive ranks, with no gap."),
    (["KC", "AD", "3S", "4C", "5C"],
     "A straight needs consecutive ranks, with no gap (the Ace is high, no wrapping round)."),
    (["9C", "9D", "9H", "phoenix"], "The Phoenix cannot be part of a bomb, and four of a kind is only a bomb."),
])
def test_rule_text_combinations_refusals_name_the_rule(cards, message):
    assert read(*cards) is None
    assert why_no_combination(cards) == message


def test_D3_no_other_shapes():
    """No four of a kind with the Phoenix, no full house of one rank, no consecutive triples."""
    assert read("3C", "3D", "3H", "3S", "phoenix") is None  # D4: not a full house
    assert read("3C", "3D", "3H", "4C", "4D", "4H") is None
    assert read("QC", "KD", "AS", "herald", "3C") is None  # no wrapping round


def test_D3_reply_same_kind_and_length():
    six = read("3C", "4D", "5S", "6C", "7C", "8D")
    assert not beats(read("9C", "10D", "JS", "QC", "KC"), six)
    assert beats(read("4C", "5D", "6S", "7C", "8C", "9D"), six)
    assert not beats(read("5C", "5D", "6S", "6C"), read("3C", "3D", "4S", "4C", "5C", "5D"))
    assert not beats(read("AC", "AD"), read("3C", "3D", "3S"))


def test_rule_text_compare_full_house_by_its_triple():
    assert beats(read("4C", "4D", "4H", "3C", "3D"), read("3S", "3H", "3C", "AC", "AD"))
    assert not beats(read("3S", "3H", "3C", "AC", "AD"), read("4C", "4D", "4H", "5C", "5D"))


def test_D4_phoenix_wild_in_combinations():
    assert read("QC", "QD", "phoenix") == Combo(TRIPLE, 3, 12, 12)
    assert read("4C", "5D", "7S", "8C", "phoenix") == Combo(STRAIGHT, 5, 8, 6)
    assert read("herald", "phoenix", "4C", "5D", "6S") == Combo(STRAIGHT, 5, 6, 3)
    assert read("herald", "phoenix") is None, "the Phoenix never stands for a 2"
    assert read("4H", "5H", "6H", "7H", "phoenix").kind == STRAIGHT, "the Phoenix never makes a bomb"


def test_D4_several_readings_highest_first():
    full_house = readings(["8C", "8D", "KC", "KD", "phoenix"])
    assert [(c.rank, c.phoenix) for c in full_house] == [(13, 13), (8, 8)]
    straight = readings(["4C", "5D", "6S", "7C", "phoenix"])
    assert [(c.rank, c.phoenix) for c in straight] == [(8, 8), (7, 3)]


def test_D5_phoenix_single_half_above():
    king = read("KC")
    phoenix = read("phoenix", top=king)
    assert phoenix.rank == 13.5 and beats(phoenix, king)
    assert beats(read("AC"), phoenix) and not beats(read("KD"), phoenix)
    led = read("phoenix")
    assert led.rank == 2.5 and beats(led, read("herald")) and beats(read("3C"), led)
    assert read("phoenix", top=read("dragon")) is None, "the Phoenix cannot be played on the Dragon"


def test_rule_text_dragon_highest_single():
    dragon = read("dragon")
    assert beats(dragon, read("AC")) and beats(dragon, read("phoenix", top=read("AC")))
    assert not beats(read("AC"), dragon)
    assert beats(read("3C", "3D", "3H", "3S"), dragon)


def test_D7_bomb_order():
    four_8 = read("8C", "8D", "8H", "8S")
    four_9 = read("9C", "9D", "9H", "9S")
    flush_5 = read("3H", "4H", "5H", "6H", "7H")
    flush_5_high = read("4C", "5C", "6C", "7C", "8C")
    flush_6 = read("3S", "4S", "5S", "6S", "7S", "8S")
    assert beats(four_9, four_8) and not beats(four_8, four_9)
    assert beats(flush_5, four_9), "a straight flush beats any four of a kind"
    assert beats(flush_6, flush_5_high), "a longer straight flush beats a shorter one"
    assert beats(flush_5_high, flush_5) and not beats(read("3D", "4D", "5D", "6D", "7D"), flush_5), \
        "an equal bomb does not beat"
    assert beats(four_8, read("AC", "AD", "AH", "KC", "KD")), "a bomb beats any combination"
    assert not beats(read("AC", "AD"), four_8)


def test_D7_herald_and_phoenix_never_in_a_bomb():
    assert read("herald", "3C", "4C", "5C", "6C").kind == STRAIGHT


def test_names_for_the_log():
    assert combo_name(read("8C", "8D"), ["8C", "8D"]) == "a pair of 8s"
    assert combo_name(read("AC"), ["AC"]) == "an Ace"
    cards = ["3C", "4D", "5S", "6C", "7C", "8D"]
    assert combo_name(read(*cards), cards) == "a straight of 6 to the 8"
    cards = ["8C", "8D", "KC", "KD", "phoenix"]
    assert combo_name(read(*cards), cards) == "a full house, three Kings and two 8s"
    assert combo_name(read("phoenix"), ["phoenix"]) == "the Phoenix"
