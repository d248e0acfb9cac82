"""The pure rules (rules.py, cards.py), each test naming its decision in RULES.md."""
from __future__ import annotations

from collections import Counter

from games.summon_dragon import rules
from games.summon_dragon.cards import DECK, RANK_OF, SUIT_OF, card_label, sort_hand

from .helpers import new_table


def play(card, suit=None, declare=None):
    return {"card": card, "suit": suit or SUIT_OF[card], "declare": declare}


def test_D2_53_cards_four_suits_of_13_and_the_dragon():
    assert len(DECK) == len(set(DECK)) == 53
    assert Counter(SUIT_OF[c] for c in DECK) == {"earth": 13, "wind": 13, "fire": 13, "water": 13, None: 1}
    assert "7-fire" in DECK and "queen-water" in DECK and "dragon" in DECK


def test_D2_rank_order_1_to_8_then_mage_warrior_queen_king_elemental():
    order = ["1", "2", "3", "4", "5", "6", "7", "8", "mage", "warrior", "queen", "king", "elemental"]
    assert sorted((f"{r}-wind" for r in order), key=RANK_OF.get) == [f"{r}-wind" for r in order]


def test_hands_are_shown_dragon_first_then_by_suit_low_to_high():
    assert sort_hand(["king-fire", "2-earth", "dragon", "1-fire"]) == ["dragon", "2-earth", "1-fire", "king-fire"]
    assert card_label("warrior-water") == "the Warrior of water"


def test_D3_random_deal_12_each_and_a_5_card_kitty_first_dealer_random():
    dealers = set()
    for seed in range(12):
        data = new_table(seed=seed).state.data
        assert sorted(len(h) for h in data["hands"].values()) == [12] * 4
        assert len(data["kitty"]) == 5
        dealers.add(data["dealer"])
    assert len(dealers) > 1


def test_D5_D6_auction_ends():
    assert not rules.auction_over(None, 2)
    assert not rules.auction_over(5, 2)
    assert rules.auction_over(5, 3)
    assert rules.auction_over(13, 0)
    assert rules.dealer_stuck(None, 3) and not rules.dealer_stuck(3, 3)


def test_D12_suit_contract_follow_else_trump_else_anything():
    hand = ["1-water", "2-fire", "3-earth"]
    assert rules.playable(hand, "water", "fire") == ["1-water"]
    assert rules.playable(["2-fire", "3-earth"], "water", "fire") == ["2-fire"]
    assert rules.playable(["3-earth", "4-wind"], "water", "fire") == ["3-earth", "4-wind"]
    assert rules.playable(hand, None, "fire") == hand                       # leading is free


def test_D13_the_dragon_is_a_trump_in_a_suit_contract():
    assert rules.playable(["dragon", "3-earth"], "fire", "fire") == ["dragon"]
    assert rules.playable(["dragon", "3-earth"], "water", "fire") == ["dragon"]
    assert rules.playable(["dragon", "3-water"], "water", "fire") == ["3-water"]
    plays = [play("elemental-fire"), play("dragon", "fire", "highest"), play("king-fire")]
    assert rules.trick_winner(plays, "fire") == 1


def test_D12_D14_no_trump_follow_or_dragon_else_anything_dragon_forced_only_as_last_card():
    assert rules.playable(["1-water", "dragon", "3-earth"], "water", None) == ["1-water", "dragon"]
    assert rules.playable(["dragon", "3-earth"], "water", None) == ["dragon", "3-earth"]
    assert rules.playable(["dragon"], "water", None) == ["dragon"]


def test_D12_an_off_suit_card_never_wins_and_the_highest_trump_does():
    plays = [play("2-water"), play("elemental-earth"), play("1-fire"), play("3-fire")]
    assert rules.trick_winner(plays, "fire") == 3
    assert rules.trick_winner(plays, "high-no-trump") == 0


def test_D14_high_no_trump_dragon_highest_wins_lowest_is_below_the_1():
    led = [play("1-water"), play("elemental-water")]
    assert rules.trick_winner(led + [play("dragon", "water", "highest")], "high-no-trump") == 2
    assert rules.trick_winner(led + [play("dragon", "water", "lowest")], "high-no-trump") == 1
    alone = [play("dragon", "water", "lowest"), play("elemental-fire")]
    assert rules.trick_winner(alone, "high-no-trump") == 0                # nobody followed water


def test_D14_D15_low_no_trump_reverses_the_ranking_only():
    led = [play("elemental-water"), play("1-water"), play("2-water")]
    assert rules.trick_winner(led, "low-no-trump") == 1
    assert rules.trick_winner(led + [play("dragon", "water", "lowest")], "low-no-trump") == 3
    assert rules.trick_winner(led + [play("dragon", "water", "highest")], "low-no-trump") == 1
    assert rules.trick_winner([play("5-wind"), play("1-earth")], "low-no-trump") == 0


def test_D14_declaring_the_dragon():
    assert rules.declare_dragon("fire", None, None, None) == ("fire", "highest")
    assert rules.declare_dragon("high-no-trump", None, "wind", "lowest") == ("wind", "lowest")
    assert rules.declare_dragon("low-no-trump", "earth", None, "highest") == ("earth", "highest")


def test_refusals_name_the_rule():
    assert rules.bid_error(8, "fire", 8) == "Bid more than 8."
    assert rules.play_error(["1-fire", "2-water"], "2-water", "fire", "earth") == "You must follow fire."
    assert rules.play_error(["1-earth", "2-water"], "2-water", "fire", "earth") == \
        "You must play a trump: you have no fire."
    assert rules.play_error(["1-earth"], "2-water", None, "earth") == "You do not have that card."


def test_D12_each_card_held_back_says_which_rule_keeps_it():
    hand = ["1-water", "7-water", "2-fire", "3-earth"]
    assert rules.unplayable(hand, "fire", "earth") == {"1-water": "You must follow fire.",
                                                       "7-water": "You must follow fire.",
                                                       "3-earth": "You must follow fire."}
    # Void in the led suit, holding a trump: the rest waits (no duty to over-trump, only to trump).
    assert rules.unplayable(["1-water", "3-earth"], "fire", "earth") == {
        "1-water": "You must play a trump: you have no fire."}
    assert rules.unplayable(["1-water", "4-wind"], "fire", "earth") == {}      # neither: anything goes
    assert rules.unplayable(hand, None, "earth") == {}                         # leading is free
    # The playable cards the caller has already (the state's args) give the same answer.
    allowed = rules.playable(hand, "fire", "earth")
    assert rules.unplayable(hand, "fire", "earth", allowed) == rules.unplayable(hand, "fire", "earth")
    assert rules.unplayable(hand, "fire", "earth", hand) == {}                 # taken as given, not computed again


def test_D13_the_dragon_held_back_on_a_non_trump_lead_while_holding_that_suit():
    assert rules.unplayable(["dragon", "3-water"], "water", "fire") == {"dragon": "You must follow water."}
    # On a trump lead the Dragon is the trump that must follow: the other cards say so.
    assert rules.unplayable(["dragon", "3-water"], "fire", "fire") == {
        "3-water": "You must follow fire (the Dragon is a trump)."}


def test_D14_in_no_trump_the_dragon_is_never_held_back_when_following():
    assert rules.unplayable(["dragon", "1-water", "3-earth"], "water", None) == {"3-earth": "You must follow water."}
    assert rules.unplayable(["dragon", "3-earth"], "water", None) == {}


def test_D12_the_reason_shown_is_the_refusal_given_for_every_card_of_every_hand():
    for hand in new_table().state.data["hands"].values():
        for led in (None, *rules.SUITS):
            for trump in (None, *rules.SUITS):
                reasons = rules.unplayable(hand, led, trump)
                assert set(reasons) | set(rules.playable(hand, led, trump)) == set(hand)
                for card in hand:
                    assert rules.play_error(hand, card, led, trump) == reasons.get(card)


def test_D8_options_offered():
    assert rules.options_for(["1-fire"]) == ["summon", "kitty", "no-help"]
    assert rules.options_for(["dragon"]) == ["kitty", "no-help"]


def test_determinism_the_game_draws_only_on_the_tables_rng():
    """Same seed, same moves, same game: no `random`, `time` or `secrets` in the package (docs/writing-a-game.md)."""
    import pathlib
    import re

    import games.summon_dragon as package

    pattern = re.compile(r"^\s*(import|from)\s+(random|time|secrets)\b", re.MULTILINE)
    sources = pathlib.Path(package.__file__).parent.glob("*.py")
    assert not [path.name for path in sources if pattern.search(path.read_text())]
