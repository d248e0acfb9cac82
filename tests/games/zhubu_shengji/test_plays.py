"""legal_actions' plays: each one is legal as listed, answers beat the trick, and the shapes a hand
can make are all there (D3, D5, D7); the cards the page marks as playable are those some play uses."""
import random
from itertools import combinations

from games.zhubu_shengji.cards import NATURALS, WILDS_BY_SEAT
from games.zhubu_shengji.plays import legal_plays, playable_cards
from games.zhubu_shengji.rules import IllegalPlay, beats, choose_reading

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


# ----- the cards the page marks as playable (playable_cards) ----------------------------------------
def test_D2_D9_leading_every_card_is_playable_since_any_card_alone_is_a_lead():
    assert playable_cards(HAND, None) == HAND


def test_D3_D5_answering_a_pair_only_cards_of_a_higher_pair_or_a_bomb_are_playable():
    pair_of_ks = choose_reading(["KD", "KH"], None, None)
    hand = ["6H", "8C", "9C", "QS", "AH", "AC", "2C", "X1"]
    # A pair above Ks: A-A, or an A with the 2 or the joker; 2 + joker is the Joker bomb. With a wild,
    # the 6, 8, 9 and Q make pairs no higher than Qs.
    assert playable_cards(hand, pair_of_ks) == ["AH", "AC", "2C", "X1"]


def test_D5_after_a_bomb_only_the_cards_of_a_higher_bomb_are_playable():
    two_bomb = choose_reading(["2H", "2S"], None, None)
    assert playable_cards(HAND, two_bomb) == ["2C", "2D", "X1"]          # the Joker and the Wild bomb
    wild_bomb = choose_reading(["2H", "2S", "X2"], None, None)
    assert playable_cards(HAND, wild_bomb) == []


def test_D5_the_hand_bomb_cards_are_playable_against_anything_but_a_higher_bomb():
    hand = ["7C", "9D", "JS", "KH", "6C"]
    run = choose_reading(["8H", "9H", "10H", "JH", "QH"], None, None)
    assert playable_cards(hand, run) == ["7C", "9D", "JS", "KH"]


SHAPES = [("set", 1, 1), ("set", 2, 1), ("run", 1, 3), ("run", 2, 2), ("bomb", 2, 1)]


def test_playable_cards_are_exactly_the_cards_some_accepted_play_uses():
    """The marks against the rules themselves: every subset of a small hand tried with `choose_reading`."""
    rng = random.Random("playable")
    for n in range(20):
        deck = list(NATURALS)
        rng.shuffle(deck)
        # Six naturals and what is left of one seat's wilds (some may have been played).
        wilds = WILDS_BY_SEAT[rng.randrange(2)]
        hand = sorted(deck[:7]) + sorted(rng.sample(wilds, rng.randint(0, len(wilds))))
        # A trick of each shape in turn (a random lead is nearly always a set).
        leads = [c for _, c in legal_plays(deck[20:34] + ["2H", "X2"], None) if shape(c)[:3] == SHAPES[n % 5]]
        lead = rng.choice(leads)
        accepted = set()
        for size in range(1, len(hand) + 1):
            for cards in combinations(hand, size):
                try:
                    choose_reading(list(cards), None, lead)
                except IllegalPlay:
                    continue
                accepted.update(cards)
        assert set(playable_cards(hand, lead)) == accepted, (hand, lead)
