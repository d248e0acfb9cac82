"""Table options: the target (text "Object of the Game", D18) and fixed deals (RULES.md "Fixed deals")."""
from __future__ import annotations

import pytest
from marshmallow import ValidationError

from games.summon_dragon import GAME

from .helpers import ANN, BOB, CAT, DAN, make_deal, new_table, play_out


def test_defaults_target_500_and_a_random_deal():
    assert GAME.default_options() == {"target": 500, "deal": None}


def test_the_target_is_a_table_option():
    table = new_table(target=300)
    assert table.view(ANN)["data"]["target"] == 300
    with pytest.raises(ValidationError):
        GAME.load_options({"target": 10})


def test_a_fixed_deal_sets_hands_kitty_and_dealer():
    deal = make_deal({BOB: ["dragon"]}, dealer=1)
    table = new_table(deal)
    data = table.state.data
    assert sorted(data["hands"][str(BOB)]) == sorted(deal["hands"][1])
    assert data["kitty"] == deal["kitty"]
    assert table.active_players() == [CAT]


def test_a_list_of_fixed_deals_sets_the_first_hands_in_order():
    first, second = make_deal(dealer=3), make_deal({DAN: ["dragon"]}, dealer=0)
    table = new_table([first, second])
    assert set(table.state.data["hands"][str(ANN)]) == set(first["hands"][0])
    play_out(table, hands=1)
    assert set(table.state.data["hands"][str(DAN)]) == set(second["hands"][3])
    assert table.active_players() == [BOB]                  # seat 0 deals the second hand


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["hands"][0].pop(), "Hand 0 has 11 cards, not 12"),
    (lambda d: d["kitty"].pop(), 'The "kitty" pile has 4 cards, not 5'),
    (lambda d: d["hands"][1].__setitem__(0, d["hands"][0][0]), "Card 1-earth is dealt twice"),
    (lambda d: d["kitty"].__setitem__(0, "13-fire"), "Unknown card: 13-fire"),
    (lambda d: d.__setitem__("dealer", 4), "The dealer must be a seat, 0 to 3"),
    (lambda d: d["hands"].pop(), "The deal has 3 hands, not 4"),
    (lambda d: d.__setitem__("extra", 1), "Unknown deal keys: extra"),
])
def test_a_wrong_fixed_deal_is_refused_with_a_clear_message(change, message):
    deal = make_deal()
    change(deal)
    with pytest.raises(ValidationError, match=message.replace("[", r"\[").replace("]", r"\]")):
        GAME.load_options({"deal": deal})
