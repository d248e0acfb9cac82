"""Scenario: the text's bidding example played through the engine as four players would, with a fixed deal.

"A has a few Kings and Queens, and thus opens with '3 high, no-trump.' B ... jumps to '7 Earth' ... C ...
decides on '8 Water.' D ... passes. A passes ... B ... bids '9 Earth.' C regretfully passes, and B wins
the bid with '9 Earth.'" Here A is Ann (the dealer Dan's left), B Bob, C Cat, D Dan.
"""
from __future__ import annotations

from .helpers import ANN, BOB, CAT, DAN, make_deal, new_table, play_out

BOB_HAND = ["1-earth", "3-earth", "5-earth", "7-earth", "mage-earth", "queen-earth", "elemental-earth",
            "king-fire", "king-water", "2-wind", "4-wind", "6-wind"]
DAN_HAND = ["dragon", "2-earth", "1-fire", "2-fire", "3-fire", "4-fire", "5-fire", "6-fire", "7-fire",
            "8-fire", "mage-fire", "warrior-fire"]


def test_the_texts_bidding_example_then_a_summon_and_a_whole_hand():
    table = new_table(make_deal({BOB: BOB_HAND, DAN: DAN_HAND}, dealer=3))
    table.apply(ANN, "bid", {"tricks": 3, "designation": "high-no-trump"})
    table.apply(BOB, "bid", {"tricks": 7, "designation": "earth"})
    table.apply(CAT, "bid", {"tricks": 8, "designation": "water"})
    table.apply(DAN, "pass")
    table.apply(ANN, "pass")
    table.apply(BOB, "bid", {"tricks": 9, "designation": "earth"})
    table.apply(CAT, "pass")
    view = table.view(BOB)
    assert view["data"]["contract"]["tricks"] == 9 and view["data"]["contract"]["designation"] == "earth"
    assert view["state"]["description"] == "You must summon the Dragon, take the kitty or go no-help"

    # "Congratulations B ... Summon the Dragon": Dan hands it over and takes the kitty.
    table.apply(BOB, "chooseOption", {"option": "summon"})
    assert table.view(DAN)["state"]["description"] == "You must discard 4 of your cards"
    table.apply(DAN, "discard", {"cards": ["1-fire", "2-fire", "3-fire", "4-fire"]})
    table.apply(BOB, "discard", {"cards": ["2-wind"]})
    assert table.view(ANN)["state"]["description"] == "Bob must play a card"

    # The Dragon led in an earth contract calls trump.
    table.apply(BOB, "playCard", {"card": "dragon"})
    assert table.view(CAT)["state"]["args"]["led"] == "earth"
    play_out(table, hands=1)
    result = table.state.data["results"][0]
    taken = result["taken"][1]
    expected = 90 + 5 * (taken - 9) if taken >= 9 else -(90 + 5 * (9 - taken))
    assert result["delta"] == [5 * (13 - taken), expected]
    assert table.view(ANN)["data"]["last_hand"] == result
