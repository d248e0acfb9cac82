"""The listing against the checker: `legal_plays` must list every set of cards that `readings`
accepts as beating the table, once for each reading of another type or top (D2-D5
wilds, sets and bombs, D7 runs with wilds filling and heading them, D8 several readings),
for leads and for answers, and the groups random_action draws from must count them exactly. The 2s
are interchangeable (RULES.md P8): a listed play uses the lowest-coded 2s of the hand,
so the 2s are compared by number."""
import random
from collections import Counter
from itertools import combinations

from games.zhubu_shengji.cards import NATURALS, RANK, SUITS, TWO, WILDS_BY_SEAT
from games.zhubu_shengji.plays import legal_plays, play_count, play_groups
from games.zhubu_shengji.rules import beats, readings


def as_play(cards, combo):
    """A play with its 2s by number, and its reading by type and top (not which wild fills which place)."""
    twos = sum(RANK[c] == TWO for c in cards)
    kept = tuple(sorted(c for c in cards if RANK[c] != TWO))
    return kept, twos, (combo["kind"], combo["width"], combo["length"], combo["top"])


def every_reading(hand):
    """Each subset of the hand with each way `readings` reads it."""
    return [(cards, combo) for size in range(1, len(hand) + 1)
            for cards in combinations(hand, size) for combo in readings(list(cards))]


def random_hand(rng):
    """A few naturals, often in two suits and few ranks (runs of pairs and trios), and some wilds
    of one seat (often all three)."""
    if rng.random() < 0.4:
        suits, low = rng.sample(SUITS, 2), rng.randrange(6, 12)
        pool = [c for c in NATURALS if c[-1] in suits and low <= RANK[c] <= low + 3]
    else:
        pool = NATURALS
    wilds = WILDS_BY_SEAT[rng.randrange(2)]
    if rng.random() < 0.4:
        wilds = [c for c in wilds if rng.random() < 0.6]
    return rng.sample(pool, rng.randint(3, 7)) + wilds


def test_D2_to_D8_every_accepted_play_is_listed_once_and_nothing_else():
    rng = random.Random("oracle")
    with_wild_runs = 0  # positions listing a run that uses wilds: the case the listing once missed
    for _ in range(60):
        hand = random_hand(rng)
        found = every_reading(hand)
        others = rng.sample(NATURALS, 5) + ["2C", "X1"]
        on_table = [combo for _, combo in every_reading(others)] + [c for _, c in found]
        for current in [None, *rng.sample(on_table, 5)]:
            accepted = {as_play(cards, combo) for cards, combo in found if beats(combo, current)}
            listed = legal_plays(hand, current)
            assert Counter(as_play(*play) for play in listed) == Counter(accepted), (hand, current)
            assert play_count(play_groups(hand, current)) == len(listed)  # what random_action draws from
            # Identical plays are listed with the same cards: the lowest-coded 2s the hand holds.
            hand_twos = sorted(c for c in hand if RANK[c] == TWO)
            for cards, _ in listed:
                twos = sorted(c for c in cards if RANK[c] == TWO)
                assert twos == hand_twos[:len(twos)]
            with_wild_runs += any(combo["kind"] == "run" and combo["wilds"] for _, combo in listed)
    assert with_wild_runs > 150  # 213 of the 360 positions


def test_D7_P7_wilds_may_stand_in_for_naturals_the_hand_holds():
    """The case that was missing: J-Q-K-A with X1 as Q and 2C as K while the hand holds KS."""
    hand = ["2C", "9C", "AC", "AS", "JH", "JS", "KS", "QH", "X1"]
    run = ("run", 1, 4, 14)
    assert run in {as_play(["JS", "AS", "2C", "X1"], combo)[2] for combo in readings(["JS", "AS", "2C", "X1"])}
    assert (("AS", "JS", "X1"), 1, run) in {as_play(*play) for play in legal_plays(hand, None)}
