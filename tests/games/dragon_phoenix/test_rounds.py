"""Rounds as players play them (rule text "Playing a round", "The special cards", "Bombs";
D8-D14, D18, D22): bombs out of turn, the Fox, the Dragon, the wish, going out."""
import pytest

from framework.engine import ActionError
from games.dragon_phoenix.cards import card_points
from games.dragon_phoenix.combos import readings
from games.dragon_phoenix.rounds import needed

from .helpers import ANNA, BEN, CARLA, DAN, complete, data, new_table, pass_, play

# Anna: Herald, 8 8 8 8 bomb; Ben: the Dragon; Carla: 9 9; Dan: J J J J bomb, the Fox
HANDS = complete(["herald", "5C", "6C", "QH", "8C", "8D", "8H", "8S", "phoenix"],
                 ["dragon", "9C", "7C", "7D", "KD"],
                 ["9D", "9H", "3D", "AH"],
                 ["JC", "JD", "JH", "JS", "fox", "4C", "KS"])


def combo_of(*cards):
    return readings(list(cards))[0]


@pytest.fixture
def table():
    return new_table(HANDS)


def test_D8_no_bomb_before_the_lead(table):
    with pytest.raises(ActionError, match="needs a combination on the table"):
        play(table, DAN, "JC", "JD", "JH", "JS")


def test_D8_bomb_out_of_turn_continues_at_the_bombers_left(table):
    play(table, ANNA, "5C")
    play(table, DAN, "JC", "JD", "JH", "JS")
    assert table.active_players() == [ANNA]
    with pytest.raises(ActionError, match="Only a bomb may be played out of turn"):
        play(table, CARLA, "AH")
    with pytest.raises(ActionError, match="a bomb only beats a lower bomb"):
        play(table, ANNA, "8C", "8D", "8H", "8S")


def test_D9_passes_before_a_bomb_do_not_count(table):
    play(table, ANNA, "5C")
    pass_(table, BEN)
    play(table, DAN, "JC", "JD", "JH", "JS")  # out of turn, while Carla is to play
    assert data(table)["passed"] == [] and table.active_players() == [ANNA]
    pass_(table, ANNA)
    pass_(table, BEN)
    assert not data(table)["round_won"] and table.active_players() == [CARLA], "everyone answers the bomb"
    pass_(table, CARLA)
    assert data(table)["round_won"] and table.active_players() == [DAN]


def test_D8_bomb_on_your_own_play(table):
    play(table, ANNA, "5C")
    assert table.active_players() == [BEN]
    play(table, ANNA, "8C", "8D", "8H", "8S")
    assert data(table)["trick"][-1]["player"] == ANNA and table.active_players() == [BEN]


def test_D9_bomb_after_the_last_pass_reopens_the_round(table):
    play(table, ANNA, "5C")
    play(table, BEN, "KD")
    pass_(table, CARLA)
    pass_(table, DAN)
    pass_(table, ANNA)
    assert data(table)["round_won"] and table.active_players() == [BEN]
    assert data(table)["trick"], "the cards stay on the table until the next lead"
    play(table, DAN, "JC", "JD", "JH", "JS")
    assert not data(table)["round_won"] and table.active_players() == [ANNA]
    for pid in (ANNA, BEN, CARLA):
        pass_(table, pid)
    assert table.active_players() == [DAN]
    assert not any(a == "playCards" for a, _ in table.legal_actions(ANNA)), "8 8 8 8 does not beat J J J J"
    play(table, DAN, "4C")  # the next lead collects the round for Dan
    assert sorted(data(table)["won"][str(DAN)]) == sorted(["5C", "KD", "JC", "JD", "JH", "JS"])


def test_D11_fox_gives_the_lead_to_the_partner_and_cannot_be_bombed(table):
    play(table, ANNA, "5C")
    play(table, BEN, "KD")
    pass_(table, CARLA)
    play(table, DAN, "JC", "JD", "JH", "JS")  # Dan bombs in turn, wins the round
    for pid in (ANNA, BEN, CARLA):
        pass_(table, pid)
    play(table, DAN, "fox")
    assert table.active_players() == [BEN], "the Fox gives the lead to Dan's partner"
    assert data(table)["trick"] == [] and "fox" in data(table)["discard"]
    with pytest.raises(ActionError, match="needs a combination on the table"):
        play(table, ANNA, "8C", "8D", "8H", "8S")


def test_D12_dragon_round_given_to_an_opponent(table):
    play(table, ANNA, "5C")
    play(table, BEN, "dragon")
    with pytest.raises(ActionError, match="cannot be played on the Dragon"):
        play(table, ANNA, "phoenix")
    for pid in (CARLA, DAN, ANNA):
        pass_(table, pid)
    assert table.current_state.name == "giveDragon" and table.active_players() == [BEN]
    with pytest.raises(ActionError, match="goes to an opponent"):
        table.apply(BEN, "giveDragon", {"to": DAN})
    table.apply(BEN, "giveDragon", {"to": CARLA})
    assert card_points(data(table)["won"][str(CARLA)]) == 30 and data(table)["won"][str(BEN)] == []
    assert table.active_players() == [BEN], "the Dragon's player leads next"


def test_D12_bomb_on_the_dragon_before_the_gift_keeps_the_round(table):
    play(table, ANNA, "5C")
    play(table, BEN, "dragon")
    for pid in (CARLA, DAN, ANNA):
        pass_(table, pid)
    assert table.current_state.name == "giveDragon"
    play(table, ANNA, "8C", "8D", "8H", "8S")  # D9: the gift has not collected it yet
    assert table.current_state.name == "playerTurn" and table.active_players() == [BEN]
    for pid in (BEN, CARLA, DAN):
        pass_(table, pid)
    play(table, ANNA, "6C")
    assert card_points(data(table)["won"][str(ANNA)]) == 30


def test_D14_wish_obliges_and_is_fulfilled(table):
    notes = play(table, ANNA, "herald", wish="7")
    assert any(n.type == "wish" and n.log == "${player_name} wishes for ${rank_name}" for n in notes)
    assert table.view(CARLA)["data"]["wish"] == "7"
    assert table.view(BEN)["state"]["args"]["wish_obliges"] is True
    with pytest.raises(ActionError, match="You cannot pass: you must play a 7, the wish obliges you."):
        pass_(table, BEN)
    with pytest.raises(ActionError, match="You must play a 7: the wish obliges you."):
        play(table, BEN, "KD")
    with pytest.raises(ActionError, match="the wish obliges you"):
        table.apply(BEN, "autoPass", {"on": True})
    play(table, BEN, "7C")
    assert data(table)["wish"] is None


def test_D14_wish_passes_from_player_to_player():
    table = new_table([
        ["herald", "AC", "3C", "3D", "4C", "4D", "5C", "5D", "6C", "6D", "7C", "7D", "8C"],
        ["KC", "KD", "KH", "QC", "QD", "QH", "JC", "JD", "JH", "10C", "10D", "10H", "AD"],
        ["QS", "9D", "3H", "4H", "5H", "6H", "7H", "8H", "3S", "4S", "5S", "6S", "7S"],
        ["9C", "9H", "9S", "JS", "KS", "AH", "AS", "8D", "8S", "10S", "fox", "phoenix", "dragon"]])
    play(table, ANNA, "herald", wish="9")
    pass_(table, BEN)  # Ben has no 9
    with pytest.raises(ActionError, match="must play a 9"):
        play(table, CARLA, "QS")
    play(table, CARLA, "9D")
    pass_(table, DAN)  # fulfilled: Dan may keep his 9s
    assert data(table)["wish"] is None


def test_D14_leader_holding_the_wished_rank_must_lead_it():
    table = new_table([
        ["herald", "AC", "3C", "3D", "4C", "4D", "5C", "5D", "6C", "6D", "7C", "7D", "8C"],
        ["KC", "KD", "KH", "QC", "QD", "QH", "10C", "10D", "10H", "AD", "AH", "8D", "8H"],
        ["QS", "3H", "4H", "5H", "6H", "7H", "3S", "4S", "5S", "6S", "7S", "8S", "10S"],
        ["9C", "9D", "9H", "9S", "JC", "JD", "JH", "JS", "KS", "AS", "fox", "phoenix", "dragon"]])
    play(table, ANNA, "herald", wish="9")
    play(table, DAN, "JC", "JD", "JH", "JS")  # D14, P3: a bomb out of turn need not fulfil it
    assert data(table)["wish"] == 9
    for pid in (ANNA, BEN, CARLA):
        pass_(table, pid)
    assert table.active_players() == [DAN]
    with pytest.raises(ActionError, match="You must play a 9: the wish obliges you."):
        play(table, DAN, "fox")
    play(table, DAN, "9C")
    assert data(table)["wish"] is None


def test_D22_auto_pass_until_the_round_ends(table):
    table.apply(CARLA, "autoPass", {"on": False})
    with pytest.raises(ActionError, match="No round is open"):
        table.apply(CARLA, "autoPass", {"on": True})
    play(table, ANNA, "5C")
    table.apply(CARLA, "autoPass", {"on": True})
    play(table, BEN, "7C")
    assert table.active_players() == [DAN], "Carla passed automatically"
    assert data(table)["passed"] == [CARLA]
    pass_(table, DAN)
    pass_(table, ANNA)
    play(table, BEN, "7D")  # a new round: Carla plays again herself
    assert table.active_players() == [CARLA]


def test_D22_automatic_pass_only_from_public_information(table):
    """A player with fewer cards than could beat the table is passed for: hand sizes are public."""
    play(table, ANNA, "5C")
    play(table, BEN, "dragon")
    assert table.active_players() == [CARLA], "13 cards could hold a bomb: Carla is asked"
    assert needed(combo_of("dragon")) == 4, "only a bomb beats the Dragon"
    assert needed(combo_of("9C", "9D")) == 2
    assert needed(combo_of("3C", "4D", "5S", "6C", "7C", "8D")) == 4, "a four of a kind beats a straight of 6"
    assert needed(combo_of("3H", "4H", "5H", "6H", "7H", "8H")) == 6


def test_D22_too_few_cards_to_beat_the_dragon_passes_automatically(table):
    play(table, ANNA, "5C")
    data(table)["hands"][str(CARLA)] = data(table)["hands"][str(CARLA)][:3]
    play(table, BEN, "dragon")
    assert table.active_players() == [DAN] and data(table)["passed"] == [CARLA]


def test_legal_actions_include_out_of_turn_bombs(table):
    play(table, ANNA, "5C")
    dan = table.legal_actions(DAN)
    assert ("playCards", {"cards": ["JC", "JD", "JH", "JS"]}) in dan
    assert all(a in ("autoPass", "takeOff") or (a == "playCards" and len(args["cards"]) >= 4) for a, args in dan)
    ben = table.legal_actions(BEN)
    assert ("pass", {}) in ben and ("playCards", {"cards": ["dragon"]}) in ben
    table.apply(DAN, "playCards", {"cards": ["JC", "JD", "JH", "JS"]})
    assert table.legal_actions(ANNA)[0][0] in ("pass", "playCards")
    assert ("playCards", {"cards": ["8C", "8D", "8H", "8S"]}) not in table.legal_actions(ANNA)


def test_variant_no_wish():
    """Rule text "Variants": with the option wish false the Herald only starts the game."""
    table = new_table(HANDS, options={"wish": False})
    with pytest.raises(ActionError, match="without the wish"):
        play(table, ANNA, "herald", wish="7")
    assert not any("wish" in args for _, args in table.legal_actions(ANNA))
    play(table, ANNA, "herald")
    assert data(table)["wish"] is None


def test_D13_wish_offered_with_every_herald_play(table):
    herald_plays = [args for action, args in table.legal_actions(ANNA) if args.get("cards") == ["herald"]]
    assert sorted(a.get("wish", "") for a in herald_plays) == sorted(
        ["", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"])


def test_public_notifications_use_log_templates(table):
    """Players see what happened in BGA-style logs with ${...} placeholders and args."""
    notes = play(table, ANNA, "8C", "8D", "8H", "8S")
    note = next(n for n in notes if n.type == "playCards")
    assert note.to is None and note.log == "${player_name} plays ${combo_name}"
    assert note.args["player_name"] == "Anna" and note.args["combo_name"] == "a bomb: four 8s"
    assert note.args["cards"] == ["8C", "8D", "8H", "8S"] and note.args["hand_size"] == 9
    notes = pass_(table, BEN)
    assert [(n.type, n.args["player_name"]) for n in notes][0] == ("pass", "Ben")
