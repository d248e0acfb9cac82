"""Trick play: text "The Play" and "Winning the trick", D11-D16 (following, the Dragon, no-trump)."""
from __future__ import annotations

import pytest

from framework.engine import UserError

from .helpers import ANN, BOB, CAT, DAN, start_play

EARTH_LOW = ["1-earth", "2-earth", "3-earth", "4-earth", "5-earth", "6-earth", "7-earth", "8-earth",
             "mage-earth", "warrior-earth"]
WATER_LOW = ["1-water", "2-water", "3-water", "4-water", "5-water", "6-water", "7-water", "8-water", "mage-water"]
WIND_HIGH = ["4-wind", "5-wind", "6-wind", "7-wind", "8-wind", "mage-wind", "warrior-wind", "queen-wind",
             "king-wind", "elemental-wind"]

# Ann leads water; Bob is void in water and holds fire; Cat holds one water and one fire;
# Dan (the rest of the deck) is void in water and holds fire.
DEAL_A = {ANN: WATER_LOW + ["1-wind", "2-wind", "3-wind"],
          BOB: ["king-fire", "queen-fire"] + EARTH_LOW,
          CAT: ["warrior-water", "1-fire"] + WIND_HIGH}


def play(table, pid, card, **extra):
    return table.apply(pid, "playCard", {"card": card, **extra})


def last_winner(table):
    return table.state.data["last_trick"]["winner"]


@pytest.fixture
def fire_contract():
    table = start_play(DEAL_A, "fire")
    play(table, ANN, "1-water")
    return table


def test_D12_follow_the_led_suit(fire_contract):
    play(fire_contract, BOB, "king-fire")
    with pytest.raises(UserError, match=r"^You must follow water\.$"):
        play(fire_contract, CAT, "1-fire")


def test_D12_void_in_the_led_suit_you_must_trump(fire_contract):
    with pytest.raises(UserError, match=r"^You must play a trump: you have no water\.$"):
        play(fire_contract, BOB, "1-earth")
    assert [args["card"] for _, args in fire_contract.legal_actions(BOB)] == ["queen-fire", "king-fire"]


def test_D12_follow_suit_even_after_someone_trumped_no_duty_to_overtrump(fire_contract):
    play(fire_contract, BOB, "king-fire")
    play(fire_contract, CAT, "warrior-water")
    play(fire_contract, DAN, "2-fire")                     # a lower trump is fine
    assert last_winner(fire_contract) == BOB                # the trump beats the led suit
    assert fire_contract.active_players() == [BOB]          # D11: the winner leads


def test_D12_void_in_the_led_suit_and_trump_plays_anything():
    table = start_play(DEAL_A, "wind")                      # Bob has neither water nor wind
    play(table, ANN, "1-water")
    play(table, BOB, "1-earth")
    assert table.state.data["trick"][-1]["card"] == "1-earth"


def test_D12_an_off_suit_card_never_wins():
    table = start_play(DEAL_A, "wind")
    play(table, ANN, "1-water")
    play(table, BOB, "king-fire")                           # off-suit, high
    play(table, CAT, "warrior-water")
    dan_cards = [args["card"] for _, args in table.legal_actions(DAN)]
    play(table, DAN, dan_cards[0])
    assert last_winner(table) == CAT


def test_D12_trump_may_be_led_at_any_time():
    table = start_play(DEAL_A, "water")
    play(table, ANN, "1-water")
    assert table.state.data["trick"][0]["suit"] == "water"


# ----- the Dragon in a suit contract (D13) --------------------------------------------------------------
BOB_DRAGON_WATER = {ANN: ["elemental-fire", "1-water", "2-water"], BOB: ["dragon", "3-water"] + EARTH_LOW}
BOB_DRAGON_VOID = {ANN: ["elemental-fire", "1-water", "2-water"], BOB: ["dragon", "queen-earth"] + EARTH_LOW}


def test_D13_the_dragon_led_calls_trump():
    table = start_play({ANN: ["dragon", "1-fire"], BOB: ["2-fire"] + EARTH_LOW + ["queen-earth"]}, "fire")
    play(table, ANN, "dragon")
    assert table.state.data["trick"][0]["suit"] == "fire"
    with pytest.raises(UserError, match=r"^You must follow fire \(the Dragon is a trump\)\.$"):
        play(table, BOB, "1-earth")
    play(table, BOB, "2-fire")


def test_D13_the_dragon_follows_trump_and_beats_the_elemental():
    table = start_play(BOB_DRAGON_WATER, "fire")
    play(table, ANN, "elemental-fire")
    with pytest.raises(UserError, match="You must follow fire"):
        play(table, BOB, "1-earth")                         # the Dragon is his only trump: forced
    play(table, BOB, "dragon")
    for pid in (CAT, DAN):
        play(table, pid, table.legal_actions(pid)[0][1]["card"])
    assert last_winner(table) == BOB


def test_D13_the_dragon_cannot_be_thrown_on_a_plain_lead_while_holding_that_suit():
    table = start_play(BOB_DRAGON_WATER, "fire")
    play(table, ANN, "1-water")
    with pytest.raises(UserError, match=r"^You must follow water\.$"):
        play(table, BOB, "dragon")
    play(table, BOB, "3-water")


def test_D13_the_dragon_counts_for_the_must_trump_rule():
    table = start_play(BOB_DRAGON_VOID, "fire")
    play(table, ANN, "1-water")
    with pytest.raises(UserError, match=r"^You must play a trump: you have no water\.$"):
        play(table, BOB, "1-earth")
    assert table.legal_actions(BOB) == [("playCard", {"card": "dragon"})]
    play(table, BOB, "dragon")


def test_D13_the_dragon_cannot_be_declared_low_in_a_suit_contract():
    table = start_play(BOB_DRAGON_VOID, "fire")
    play(table, ANN, "1-water")
    with pytest.raises(UserError, match="always the highest fire"):
        play(table, BOB, "dragon", declare="lowest")
    with pytest.raises(UserError, match="always the highest fire"):
        play(table, BOB, "dragon", suit="water")


# ----- no-trump (D12, D14, D15) -----------------------------------------------------------------------------
def test_D12_no_trump_follow_suit_else_anything():
    table = start_play(DEAL_A, "high-no-trump")
    play(table, ANN, "1-water")
    play(table, BOB, "1-earth")                              # void in water: anything, no trump to play
    with pytest.raises(UserError, match=r"^You must follow water\.$"):
        play(table, CAT, "1-fire")


def test_D14_the_dragon_led_in_no_trump_names_a_suit_and_highest_or_lowest():
    table = start_play({ANN: ["dragon", "1-fire"], BOB: ["2-fire"] + EARTH_LOW + ["queen-earth"]},
                       "high-no-trump")
    with pytest.raises(UserError, match="name the suit it leads"):
        play(table, ANN, "dragon", declare="highest")
    with pytest.raises(UserError, match="declare the Dragon highest or lowest"):
        play(table, ANN, "dragon", suit="fire")
    assert len(table.legal_actions(ANN)) == 8 + 11           # the Dragon 4 suits x 2, and 11 cards
    notes = play(table, ANN, "dragon", suit="fire", declare="highest")
    assert notes[0].args["card_name"] == "the Dragon as the highest fire"
    with pytest.raises(UserError, match=r"^You must follow fire\.$"):
        play(table, BOB, "1-earth")
    play(table, BOB, "2-fire")
    for pid in (CAT, DAN):
        play(table, pid, table.legal_actions(pid)[0][1]["card"])
    assert last_winner(table) == ANN                          # highest in high no-trump wins (D14)


def test_D14_the_dragon_may_follow_as_the_led_suit_even_while_holding_it():
    table = start_play(BOB_DRAGON_WATER, "high-no-trump")
    play(table, ANN, "2-water")
    assert {args.get("declare") for _, args in table.legal_actions(BOB) if args["card"] == "dragon"} == \
        {"highest", "lowest"}
    with pytest.raises(UserError, match="played as the led suit, water"):
        play(table, BOB, "dragon", suit="fire", declare="highest")
    with pytest.raises(UserError, match="declare the Dragon highest or lowest"):
        play(table, BOB, "dragon")
    play(table, BOB, "dragon", declare="lowest")
    play(table, CAT, table.legal_actions(CAT)[0][1]["card"])
    play(table, DAN, table.legal_actions(DAN)[0][1]["card"])
    assert last_winner(table) != BOB                          # lowest is below the 1 in high no-trump


def test_D14_D15_low_no_trump_the_lowest_wins_and_the_dragon_lowest_wins():
    table = start_play(BOB_DRAGON_WATER, "low-no-trump")
    play(table, ANN, "1-water")                              # the best natural card in low no-trump
    play(table, BOB, "dragon", declare="lowest")
    play(table, CAT, table.legal_actions(CAT)[0][1]["card"])
    play(table, DAN, table.legal_actions(DAN)[0][1]["card"])
    assert last_winner(table) == BOB


def test_D15_low_no_trump_the_1_beats_the_elemental():
    table = start_play({ANN: ["elemental-water", "dragon"], BOB: ["1-water"] + EARTH_LOW + ["queen-earth"]},
                       "low-no-trump")
    play(table, ANN, "elemental-water")
    play(table, BOB, "1-water")
    play(table, CAT, table.legal_actions(CAT)[-1][1]["card"])
    play(table, DAN, table.legal_actions(DAN)[-1][1]["card"])
    assert last_winner(table) == BOB


def test_players_see_the_current_trick_and_only_the_last_trick():
    table = start_play(DEAL_A, "fire")
    for pid, card in ((ANN, "1-water"), (BOB, "king-fire"), (CAT, "warrior-water"), (DAN, "2-fire")):
        play(table, pid, card)
    play(table, BOB, "queen-fire")
    view = table.view(CAT)["data"]
    assert [p["card"] for p in view["trick"]] == ["queen-fire"]
    assert [p["card"] for p in view["last_trick"]["plays"]] == ["1-water", "king-fire", "warrior-water", "2-fire"]
    assert view["tricks_taken"] == [0, 1]


def test_D12_the_player_to_play_is_told_why_each_other_card_is_held_back(fire_contract):
    """Cat holds one water and one fire: the page can say "You must follow water." before she tries."""
    play(fire_contract, BOB, "king-fire")
    args = fire_contract.view(CAT)["state"]["args"]
    assert args["playable"] == ["warrior-water"]
    assert args["unplayable"] == dict.fromkeys(["1-fire", *WIND_HIGH], "You must follow water.")
    # Her own cards only: the others are told nothing about her hand.
    for other in (ANN, BOB, DAN, None):
        assert "unplayable" not in fire_contract.view(other)["state"]["args"]
