"""legal_actions' plays: each one is legal as listed, answers beat the trick, and the shapes a hand
can make are all there (D3, D5, D7)."""
import random

from games.zhubu_shengji.cards import NATURALS, WILDS_BY_SEAT
from games.zhubu_shengji.plays import legal_plays
from games.zhubu_shengji.rules import beats, choose_reading

HAND = ["6H", "7H", "8H", "8C", "9C", "JD", "KS", "7S", "9S", "AH", "AC", "AD", "QS", "10H", "2C", "2D", "X1"]


def shape(combo):
    return combo["kind"], combo["width"], combo["length"], combo["top"]


def test_every_listed_play_is_accepted_as_listed():
    rng = random.Random("plays")
    for _ in range(10):
        deck = list(NATURALS)
        rng.shuffle(deck)
        hand = deck[:14] + WILDS_BY_SEAT[0]
        for cards, combo in legal_plays(hand, None):
            assert set(cards) <= set(hand) and len(set(cards)) == len(cards)
            assert shape(choose_reading(cards, combo["wilds"] if len(cards) > 1 else None, None)) == shape(combo)


def test_answers_are_of_the_trick_type_or_bombs_and_beat_it():
    pair_of_8s = choose_reading(["8D", "8S"], None, None)
    answers = legal_plays(HAND, pair_of_8s)
    assert answers and all(beats(combo, pair_of_8s) for _, combo in answers)
    assert {(c["kind"], c["width"]) for _, c in answers} == {("set", 2), ("bomb", 4), ("bomb", 2), ("bomb", 3)}


def test_D5_bombs_in_hand_are_listed():
    kinds = {c["top"] for _, c in legal_plays(HAND, None) if c["kind"] == "bomb"}
    assert kinds == {1, 2, 3, 4}
    after_joker_bomb = legal_plays(HAND, choose_reading(["2H", "X2"], None, None))
    assert [c["top"] for _, c in after_joker_bomb] == [4]


def test_D7_runs_with_wilds_heading_and_filling_are_listed():
    plays = {(tuple(sorted(cards)), shape(c)) for cards, c in legal_plays(HAND, None)}
    assert (tuple(sorted(["6H", "7H", "8H"])), ("run", 1, 3, 8)) in plays
    assert (tuple(sorted(["AH", "2C", "X1"])), ("run", 1, 3, 16)) in plays  # A-2-X
    assert (tuple(sorted(["AH", "AC", "2C", "2D"])), ("run", 2, 2, 15)) in plays  # A-A-2-2
    assert (tuple(sorted(["8C", "9C", "2C"])), ("run", 1, 3, 10)) in plays  # 8-9-(10)


def test_D3_sets_with_wilds_are_listed_up_to_seven_cards():
    sizes = {c["width"] for _, c in legal_plays(HAND, None) if c["kind"] == "set" and c["top"] == 14}
    assert sizes == {1, 2, 3, 4, 5, 6}
