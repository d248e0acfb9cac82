"""Combinations, readings and bombs: each test names the rule it checks (rule text "Game play",
RULES.md D<n>)."""
import pytest

from games.zhubu_shengji.cards import RANK_VALUE
from games.zhubu_shengji.rules import (
    ALL_WILD_PAIR,
    ALL_WILD_TRIO,
    IllegalPlay,
    beats,
    choose_reading,
    name,
    reading_as,
    readings,
    why_not,
)

R = RANK_VALUE


def shapes(cards):
    """The readings of a play as (kind, width, length, top rank name)."""
    names = {v: k for k, v in R.items()}
    return sorted((c["kind"], c["width"], c["length"], names.get(c["top"], c["top"])) for c in readings(cards))


def lead(cards, wilds=None):
    return choose_reading(cards, wilds, None)


def refused(cards, current=None, wilds=None) -> str:
    with pytest.raises(IllegalPlay) as err:
        choose_reading(cards, wilds, current)
    return str(err.value)


# ----- sets (D2-D4) -------------------------------------------------------------------------
def test_D2_a_natural_single_and_wild_singles_keep_their_natural_rank():
    assert shapes(["8H"]) == [("set", 1, 1, "8")]
    assert shapes(["2C"]) == [("set", 1, 1, "2")]
    assert shapes(["X1"]) == [("set", 1, 1, "X")]
    assert beats(lead(["2C"]), lead(["AS"])) and beats(lead(["X1"]), lead(["2H"]))
    assert not beats(lead(["2C"]), lead(["X2"]))


def test_D2_a_wild_alone_cannot_stand_for_another_rank():
    with pytest.raises(IllegalPlay, match="single at its own rank"):
        reading_as(["2C"], {"2C": "A"})


def test_D3_sets_with_and_without_wilds():
    assert shapes(["8H", "8C"]) == [("set", 2, 1, "8")]
    assert ("set", 2, 1, "Q") in shapes(["QH", "2C"])
    assert ("set", 3, 1, "K") in shapes(["KH", "2C", "X1"])
    assert shapes(["9C", "9D", "9H", "9S", "2C", "2D", "X1"]) == [("set", 7, 1, "9")]


def test_D3_each_set_size_is_its_own_type():
    pair, trio = lead(["8H", "8C"]), lead(["6H", "6C", "6D"])
    assert not beats(trio, pair)
    assert "same kind of combination" in refused(["6H", "6C", "6D"], pair)
    assert beats(lead(["9H", "9S"]), pair)
    assert "not higher" in refused(["7H", "7S"], pair)


def test_D3_four_naturals_of_a_rank_are_a_set_not_a_bomb():
    assert shapes(["JC", "JD", "JH", "JS"]) == [("set", 4, 1, "J")]


def test_D3_a_set_has_at_least_one_natural_and_wilds_stand_for_6_to_A():
    assert lead(["AH", "X1"])["wilds"] == {"X1": "A"}
    assert lead(["6H", "2C"])["wilds"] == {"2C": "6"}


def test_D4_two_wilds_are_a_bomb_never_a_pair_of_2s():
    assert shapes(["2C", "2D"]) == [("bomb", 2, 1, 2)]
    with pytest.raises(IllegalPlay) as err:
        reading_as(["2C", "2D"], {"2C": "2", "2D": "2"})
    assert str(err.value) == ALL_WILD_PAIR
    # On a pair trick the two 2s are played as what they are, a Two bomb.
    assert choose_reading(["2C", "2D"], None, lead(["AH", "AS"]))["kind"] == "bomb"


def test_D4_three_wilds_are_a_bomb_never_a_trio_of_2s():
    assert shapes(["2C", "2D", "X1"]) == [("bomb", 3, 1, 4)]
    with pytest.raises(IllegalPlay) as err:
        reading_as(["2C", "2D", "X1"], {"2C": "2", "2D": "2", "X1": "2"})
    assert str(err.value) == ALL_WILD_TRIO


def test_D4_a_2_and_a_joker_are_only_a_joker_bomb():
    assert shapes(["2C", "X1"]) == [("bomb", 2, 1, 3)]
    with pytest.raises(IllegalPlay):
        reading_as(["2C", "X1"], {"2C": "A", "X1": "A"})


# ----- bombs (D5) ---------------------------------------------------------------------------
def test_D5_the_four_bombs_and_their_order():
    hand_bomb = lead(["7C", "9D", "JH", "KS"])
    two, joker, wild = lead(["2H", "2S"]), lead(["2H", "X2"]), lead(["2C", "2D", "X1"])
    assert [name(b) for b in (hand_bomb, two, joker, wild)] == \
        ["a Hand bomb", "a Two bomb", "a Joker bomb", "a Wild bomb"]
    order = [hand_bomb, two, joker, wild]
    for low, lower in enumerate(order):
        for high, higher in enumerate(order):
            assert beats(higher, lower) == (high > low)


def test_D5_a_bomb_of_the_same_type_does_not_beat_it():
    assert not beats(lead(["7H", "9H", "JH", "KH"]), lead(["7C", "9D", "JH", "KS"]))
    assert "does not beat" in refused(["7H", "9H", "JH", "KH"], lead(["7C", "9D", "JS", "KS"]))


def test_D5_any_bomb_beats_any_non_bomb_even_the_top_trio_run():
    top_trio_run = lead(["AH", "AS", "AD", "2C", "2D", "X1"])
    assert (top_trio_run["kind"], top_trio_run["width"], top_trio_run["top"]) == ("run", 3, R["2"])
    for bomb in (["7C", "9D", "JH", "KS"], ["2H", "2S"], ["2H", "X2"]):
        assert beats(lead(bomb), top_trio_run)


def test_D5_after_a_bomb_only_a_higher_bomb():
    assert refused(["AH"], lead(["7C", "9D", "JH", "KS"])) == \
        "After a bomb only a higher bomb may be played."


def test_D5_a_hand_bomb_is_natural_and_exact():
    # With a wild instead of the K it is no bomb, and a longer run holding 7 9 J K is a run.
    assert readings(["7C", "9D", "JH", "2S"]) == []
    assert shapes(["7H", "8H", "9H", "10H", "JH", "QH", "KH"]) == [("run", 1, 7, "K")]


# ----- runs (D7) ----------------------------------------------------------------------------
def test_D7_single_run_of_one_suit():
    assert shapes(["8H", "9H", "10H"]) == [("run", 1, 3, "10")]


def test_D7_single_run_needs_one_suit():
    assert refused(["8H", "9C", "10H"]) == \
        "A run of singles must have all its natural cards in one suit."


def test_D7_single_run_needs_three_cards():
    assert refused(["8H", "9H"]) == "A run of singles needs at least 3 cards."


def test_D7_a_wild_fills_a_gap_in_a_run():
    assert shapes(["8H", "2C", "10H"]) == [("run", 1, 3, "10")]
    assert lead(["8H", "2C", "10H"])["wilds"] == {"2C": "9"}


def test_D7_runs_must_be_consecutive():
    assert "consecutive" in refused(["6H", "9H", "QH"])


def test_D7_run_of_pairs_with_the_same_suits():
    assert shapes(["8H", "8C", "9H", "9C"]) == [("run", 2, 2, "9")]


def test_D7_run_of_pairs_must_use_the_same_suits_in_every_pair():
    assert refused(["8H", "8C", "9H", "9D"]) == "A run of pairs must use the same suits in every pair."


def test_D7_runs_of_trios_and_quartets():
    assert ("run", 3, 2, "7") in shapes(["6C", "6D", "6H", "7C", "7D", "2C"])
    assert shapes(["8C", "8D", "8H", "8S", "9C", "9D", "9H", "9S"]) == [("run", 4, 2, "9")]


def test_D7_no_runs_of_sets_of_five():
    cards = ["8C", "8D", "8H", "8S", "2C", "9C", "9D", "9H", "9S", "2D"]
    assert readings(cards) == []
    assert why_not(cards) == "Runs are made of singles, pairs, trios or quartets only."


def test_D7_an_all_wild_pair_may_head_a_run_of_pairs():
    assert ("run", 2, 2, "2") in shapes(["AH", "AC", "2C", "2D"])
    assert lead(["AH", "AC", "2C", "2D"])["top"] == R["2"]


def test_D7_wilds_head_a_run_in_natural_order_a_2_x():
    assert ("run", 1, 3, "X") in shapes(["AH", "2C", "X1"])
    q_k_a, k_a_2, a_2_x = lead(["QH", "KH", "AH"]), lead(["KS", "AS", "2C"]), lead(["AH", "2C", "X1"])
    assert beats(k_a_2, q_k_a) and beats(a_2_x, k_a_2)
    assert k_a_2["top"] == R["2"] and a_2_x["top"] == R["X"]


def test_D7_a_2_cannot_be_the_x():
    assert all(top != "X" for *_, top in shapes(["AH", "2C", "2D"]))


def test_D7_runs_with_wilds_at_the_low_end():
    assert lead(["2C", "9H", "10H"], {"2C": "8"})["top"] == R["10"]
    assert lead(["X1", "6D", "7D"], {"X1": "8"})["top"] == R["8"]


def test_D7_same_type_means_same_width_and_length():
    three_pairs = lead(["6C", "6D", "7C", "7D", "8C", "8D"])
    two_trios = lead(["9C", "9D", "9H", "10C", "10D", "10H"])
    assert not beats(two_trios, three_pairs)
    assert not beats(lead(["9S", "10S", "JS", "QS"]), lead(["6H", "7H", "8H"]))
    assert beats(lead(["7S", "8S", "9S", "10S"]), lead(["6H", "7H", "8H", "9H"]))


def test_D7_suits_never_matter_when_comparing():
    assert beats(lead(["9C", "10C", "JC"]), lead(["8H", "9H", "10H"]))
    assert not beats(lead(["8C", "9C", "10C"]), lead(["8H", "9H", "10H"]))


# ----- readings (D8) --------------------------------------------------------------------------
def test_D8_the_highest_reading_is_taken_when_the_player_says_nothing():
    assert shapes(["9H", "10H", "X1"]) == [("run", 1, 3, "10"), ("run", 1, 3, "J")]
    assert lead(["9H", "10H", "X1"])["top"] == R["J"]


def test_D8_the_player_may_say_what_each_wild_stands_for():
    chosen = lead(["KH", "2C", "X1"], {"2C": "K", "X1": "K"})
    assert (chosen["kind"], chosen["width"], chosen["top"]) == ("set", 3, R["K"])
    assert name(chosen) == "three Ks"
    assert lead(["KH", "2C", "X1"])["top"] == R["2"]  # K-A-2 is the highest reading


def test_D8_when_answering_the_highest_reading_that_beats_the_trick_is_taken():
    trio = lead(["QC", "QD", "QH"])
    chosen = choose_reading(["KH", "2C", "X1"], None, trio)
    assert (chosen["kind"], chosen["top"]) == ("set", R["K"])


def test_D8_a_named_reading_must_be_a_real_one():
    with pytest.raises(IllegalPlay, match="stands for"):
        reading_as(["8H", "9H", "2C"], {})
    with pytest.raises(IllegalPlay, match="A 2 cannot stand for a Joker"):
        reading_as(["AH", "KH", "2C"], {"2C": "X"})
    with pytest.raises(IllegalPlay):
        reading_as(["8H", "9H", "2C"], {"2C": "Q"})
