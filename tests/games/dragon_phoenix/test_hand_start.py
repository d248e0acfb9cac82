"""The start of a hand: deal 8, High Flight, deal 5, Take-off, passing, the first lead
(rule text "Setup", "Calls"; D6, D15-D17, D22), driven through the engine."""
import pytest
from marshmallow import ValidationError

from framework.engine import ActionError, Table
from framework.engine.views import leaves
from games.dragon_phoenix import GAME

from .helpers import ANNA, BEN, CARLA, DAN, IDS, PLAYERS, complete, deal_and_passes, new_table, play


@pytest.fixture
def dealt():
    final = complete(["herald", "AC"], ["dragon"], ["phoenix"], ["fox"])
    deal, passes = deal_and_passes(final)
    return Table.create(GAME, PLAYERS, {"deal": deal}, "start"), deal, passes


def test_D16_high_flight_after_8_cards_public_at_once(dealt):
    table, deal, _ = dealt
    assert table.current_state.name == "highFlight"
    assert sorted(table.active_players()) == sorted(IDS)
    assert len(table.view(ANNA)["data"]["hand"]) == 8
    notes = table.apply(BEN, "highFlight", {"call": True})
    assert any(n.type == "call" and n.to is None for n in notes), "the call is public at once"
    assert table.view(DAN)["data"]["calls"][str(BEN)] == "highFlight"
    for pid in (ANNA, CARLA):
        table.apply(pid, "highFlight", {"call": False})
    assert len(table.view(ANNA)["data"]["hand"]) == 8, "the 5 wait until all four have answered"
    table.apply(DAN, "highFlight", {"call": False})
    assert table.current_state.name == "passCards"
    assert sorted(table.view(ANNA)["data"]["hand"]) == sorted(deal["hands"][0])


def test_D17_one_call_per_player_take_off_from_the_8_card_deal(dealt):
    table, _, _ = dealt
    table.apply(ANNA, "takeOff", {})
    with pytest.raises(ActionError, match="already called Take-off"):
        table.apply(ANNA, "highFlight", {"call": True})
    table.apply(ANNA, "highFlight", {"call": False})
    table.apply(BEN, "highFlight", {"call": True})
    with pytest.raises(ActionError, match="at most one call"):
        table.apply(BEN, "takeOff", {})
    assert table.view(CARLA)["data"]["calls"] == {str(ANNA): "takeOff", str(BEN): "highFlight",
                                                  str(CARLA): None, str(DAN): None}


def test_D15_passing_is_hidden_until_all_have_chosen(dealt):
    table, deal, passes = dealt
    for pid in IDS:
        table.apply(pid, "highFlight", {"call": False})
    with pytest.raises(ActionError, match="three different cards"):
        table.apply(ANNA, "passCards", {"left": deal["hands"][0][0], "partner": deal["hands"][0][0],
                                        "right": deal["hands"][0][1]})
    with pytest.raises(ActionError, match="You do not hold"):
        table.apply(ANNA, "passCards", {**passes[ANNA], "left": deal["hands"][1][0]})
    notes = table.apply(ANNA, "passCards", passes[ANNA])
    assert all(n.to == ANNA for n in notes if passes[ANNA]["left"] in n.args.values())
    assert passes[ANNA]["left"] not in table.view(BEN)["data"]["hand"]
    for pid in (BEN, CARLA):
        table.apply(pid, "passCards", passes[pid])
    notes = table.apply(DAN, "passCards", passes[DAN])
    # delivered to left (seat + 1), partner (seat + 2) and right (seat + 3), each privately
    assert passes[ANNA]["left"] in table.view(BEN)["data"]["hand"]
    assert passes[ANNA]["partner"] in table.view(CARLA)["data"]["hand"]
    assert passes[ANNA]["right"] in table.view(DAN)["data"]["hand"]
    received = [n for n in notes if n.type == "cardsReceived"]
    assert sorted(n.to for n in received) == sorted(IDS)
    assert table.view(ANNA)["data"]["my_passes"] == passes[ANNA]


def test_D6_herald_holder_after_passing_leads_any_combination():
    table = new_table(complete(["AC", "AD"], ["herald"]))
    assert table.active_players() == [BEN]
    assert table.view(BEN)["state"]["args"]["lead"] is True
    with pytest.raises(ActionError, match="you must play"):
        table.apply(BEN, "pass", {})  # D10: no pass on a lead
    hand = table.view(BEN)["data"]["hand"]
    play(table, BEN, [c for c in hand if c != "herald"][0])


def test_D17_take_off_until_the_first_card_leaves_the_hand():
    table = new_table(complete(["herald", "3C"], ["5C"], ["6C"], ["7C"]))
    table.apply(CARLA, "takeOff", {})  # out of turn, after passing
    play(table, ANNA, "3C")
    with pytest.raises(ActionError, match="before your first card"):
        table.apply(ANNA, "takeOff", {})
    assert "takeOff" not in table.view(ANNA)["state"]["possible_actions"]
    assert "takeOff" in table.view(DAN)["state"]["possible_actions"]


def test_fixed_deal_is_validated():
    final = complete()
    deal, _ = deal_and_passes(final)
    GAME.load_options({"deal": deal})
    short = {"hands": [deal["hands"][0][:12], *deal["hands"][1:]]}
    with pytest.raises(ValidationError, match="Hand 0 has 12 cards, not 13"):
        GAME.load_options({"deal": short})
    twice = {"hands": [[deal["hands"][1][0], *deal["hands"][0][1:]], *deal["hands"][1:]]}
    with pytest.raises(ValidationError, match="dealt twice"):
        GAME.load_options({"deal": twice})
    with pytest.raises(ValidationError, match="Unknown card: 2C"):
        GAME.load_options({"deal": {"hands": [["2C", *deal["hands"][0][1:]], *deal["hands"][1:]]}})
    with pytest.raises(ValidationError):
        GAME.load_options({"target": 700})


def test_D22_hand_sizes_visible_and_no_other_hand():
    table = new_table(complete(["herald", "3C"]))
    view = table.view(BEN)
    assert view["data"]["hand_sizes"] == {str(p): 13 for p in IDS}
    others = {c for pid in IDS if pid != BEN for c in table.view(pid)["data"]["hand"]}
    passed = set(view["data"]["my_passes"].values())  # Ben passed these himself
    assert len(others) == 39 and not (others - passed) & set(leaves(view))
    assert not set(leaves(table.view(None))) & (others | set(view["data"]["hand"]))
