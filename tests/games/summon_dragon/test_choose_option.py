"""Taking the option and discarding: text "Taking the option" and D7-D11."""
from __future__ import annotations

import pytest

from framework.engine import UserError

from .helpers import ANN, BOB, CAT, DAN, make_deal, new_table, seen_by

KITTY = ["1-earth", "2-earth", "3-earth", "4-earth", "5-earth"]


def auction_won_by_ann(dragon_with: int | None):
    """Ann wins 6 fire; the Dragon is dealt to `dragon_with`, or lies in the kitty when None."""
    hands = {dragon_with: ["dragon"]} if dragon_with else {}
    kitty = KITTY if dragon_with else KITTY[:4] + ["dragon"]
    table = new_table(make_deal(hands, kitty))
    notes = []
    for pid in (ANN, BOB, CAT, DAN):
        if pid == ANN:
            notes += table.apply(ANN, "bid", {"tricks": 6, "designation": "fire"})
        else:
            notes += table.apply(pid, "pass")
    return table, notes


def hand(table, pid):
    return table.state.data["hands"][str(pid)]


def test_D7_P3_only_the_bidder_is_offered_the_option_and_only_they_see_the_menu():
    table, _ = auction_won_by_ann(dragon_with=BOB)
    assert table.view(ANN)["state"]["args"]["options"] == ["summon", "kitty", "no-help"]
    for other in (BOB, CAT, DAN, None):
        assert "options" not in table.view(other)["state"]["args"]


def test_D8_summon_the_holder_gives_the_dragon_takes_the_kitty_both_discard_at_once():
    table, _ = auction_won_by_ann(dragon_with=DAN)
    notes = table.apply(ANN, "chooseOption", {"option": "summon"})
    assert "dragon" in hand(table, ANN) and len(hand(table, ANN)) == 13
    assert "dragon" not in hand(table, DAN) and len(hand(table, DAN)) == 16
    assert set(KITTY) <= set(hand(table, DAN))
    assert table.state.data["contract"]["giver"] == DAN       # the giver is public
    view = table.view(CAT)
    assert view["state"]["name"] == "discard"
    assert view["state"]["active_players"] == [ANN, DAN]          # both at the same time
    assert view["state"]["args"]["counts"] == {str(ANN): 1, str(DAN): 4}
    # The kitty reaches only the Dragon's giver, never the bidder (D8).
    assert set(KITTY) <= seen_by(table, DAN, notes)
    for viewer in (ANN, BOB, CAT, None):
        assert not set(KITTY) & seen_by(table, viewer, notes)
    table.apply(DAN, "discard", {"cards": KITTY[:4]})
    assert table.active_players() == [ANN]
    table.apply(ANN, "discard", {"cards": [hand(table, ANN)[1]]})
    view = table.view(ANN)
    assert view["state"]["name"] == "playerTurn"
    assert view["state"]["active_players"] == [ANN]              # D11: the bidder leads
    assert all(len(cards) == 12 for cards in table.state.data["hands"].values())


def test_D8_the_discard_counts_are_enforced():
    table, _ = auction_won_by_ann(dragon_with=BOB)
    table.apply(ANN, "chooseOption", {"option": "summon"})
    with pytest.raises(UserError, match="Discard exactly 1 card to return to a 12-card hand"):
        table.apply(ANN, "discard", {"cards": hand(table, ANN)[:2]})
    with pytest.raises(UserError, match="Discard exactly 4 cards"):
        table.apply(BOB, "discard", {"cards": hand(table, BOB)[:5]})
    with pytest.raises(UserError, match="only discard cards from your hand"):
        table.apply(BOB, "discard", {"cards": hand(table, ANN)[:4]})
    with pytest.raises(UserError, match="only once"):
        table.apply(BOB, "discard", {"cards": [KITTY[0]] * 4})


def test_D8_summon_with_the_dragon_in_the_kitty_the_bidder_takes_the_kitty():
    table, _ = auction_won_by_ann(dragon_with=None)
    notes = table.apply(ANN, "chooseOption", {"option": "summon"})
    assert len(hand(table, ANN)) == 17 and "dragon" in hand(table, ANN)
    assert table.active_players() == [ANN]
    assert table.view(ANN)["state"]["args"]["count"] == 5
    assert any(n.log.endswith("it was in the kitty") for n in notes if n.to is None)
    table.apply(ANN, "discard", {"cards": KITTY[:4] + [hand(table, ANN)[-1]]})
    assert table.view(ANN)["state"]["name"] == "playerTurn"


def test_D8_a_bidder_holding_the_dragon_is_not_offered_summon():
    table, _ = auction_won_by_ann(dragon_with=ANN)
    assert table.view(ANN)["state"]["args"]["options"] == ["kitty", "no-help"]
    assert ("chooseOption", {"option": "summon"}) not in table.legal_actions(ANN)
    with pytest.raises(UserError, match="You hold the Dragon"):
        table.apply(ANN, "chooseOption", {"option": "summon"})


def test_D9_take_the_kitty_then_discard_five():
    table, _ = auction_won_by_ann(dragon_with=CAT)
    notes = table.apply(ANN, "chooseOption", {"option": "kitty"})
    assert len(hand(table, ANN)) == 17 and set(KITTY) <= set(hand(table, ANN))
    assert set(KITTY) <= seen_by(table, ANN, notes)
    for viewer in (BOB, CAT, DAN, None):
        assert not set(KITTY) & seen_by(table, viewer, notes)
    with pytest.raises(UserError, match="Discard exactly 5 cards"):
        table.apply(ANN, "discard", {"cards": KITTY[:4]})
    table.apply(ANN, "discard", {"cards": KITTY})
    assert len(hand(table, ANN)) == 12


def test_D9_no_help_the_kitty_stays_unseen_and_play_starts():
    table, notes = auction_won_by_ann(dragon_with=BOB)
    notes += table.apply(ANN, "chooseOption", {"option": "no-help"})
    assert table.view(ANN)["state"]["name"] == "playerTurn"
    assert table.state.data["contract"]["option"] == "no-help"
    for viewer in (ANN, BOB, CAT, DAN, None):
        assert table.view(viewer)["data"]["kitty_size"] == 5
        assert not set(KITTY) & seen_by(table, viewer, notes)


def test_D10_discards_are_face_down_any_card_the_dragon_too():
    table, _ = auction_won_by_ann(dragon_with=BOB)
    table.apply(ANN, "chooseOption", {"option": "summon"})
    table.apply(BOB, "discard", {"cards": KITTY[:4]})
    notes = table.apply(ANN, "discard", {"cards": ["dragon"]})
    assert "dragon" not in hand(table, ANN)
    assert table.view(ANN)["data"]["my_discards"] == ["dragon"]
    assert "dragon" in seen_by(table, ANN, notes)
    for viewer in (BOB, CAT, DAN, None):
        assert "dragon" not in seen_by(table, viewer, notes)
    assert table.view(BOB)["data"]["my_discards"] == KITTY[:4]
    for viewer in (ANN, CAT, DAN, None):
        assert not set(KITTY[:4]) & seen_by(table, viewer, notes)


def test_the_option_is_announced_to_everyone():
    table, _ = auction_won_by_ann(dragon_with=CAT)
    notes = table.apply(ANN, "chooseOption", {"option": "summon"})
    public = [n for n in notes if n.to is None and n.type == "option"]
    assert public[0].args["option"] == "summon" and public[0].args["giver_id"] == CAT
    assert table.view(BOB)["data"]["contract"]["option"] == "summon"

