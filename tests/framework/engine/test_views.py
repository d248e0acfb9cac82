"""Views: descriptions resolved per viewer, private args, possible actions, notifications' audience."""
import pytest

from .helpers import ANNA, BEN, CLEO, new_table, pick_charms


def test_description_is_resolved_for_the_active_player_and_the_others():
    table = new_table()
    pick_charms(table)
    mine = table.view(ANNA)["state"]["description"]
    theirs = table.view(BEN)["state"]["description"]
    assert mine == "You must play a card of 1 or more"
    assert theirs == "Anna must play a card of 1 or more"
    assert table.view(None)["state"]["description"] == theirs


def test_multiactive_description_names_who_we_wait_for():
    table = new_table()
    table.apply(ANNA, "pickCharm", {"charm": "ruby"})
    assert table.view(ANNA)["state"]["description"] == "Waiting for Ben, Cleo to pick a charm"
    assert table.view(BEN)["state"]["description"] == "You must pick a charm"


def test_private_args_reach_only_their_player():
    table = new_table()
    pick_charms(table)
    assert table.view(ANNA)["state"]["args"]["playable"] == table.game.playable(ANNA)
    assert "playable" not in table.view(BEN)["state"]["args"]
    assert "_private" not in table.view(BEN)["state"]["args"]
    assert table.view(None)["state"]["args"] == {"floor": 1}


def test_private_args_are_keyed_by_the_int_player_id_or_active():
    from framework.engine import GameDefinitionError
    from framework.engine.views import merge_private

    args = {"floor": 1, "_private": {ANNA: {"playable": ["1a"]}, "active": {"hint": "lead"}}}
    assert merge_private(args, ANNA, [ANNA]) == {"floor": 1, "playable": ["1a"]}
    assert merge_private(args, BEN, [BEN]) == {"floor": 1, "hint": "lead"}
    assert merge_private(args, BEN, [ANNA]) == merge_private(args, None, [ANNA]) == {"floor": 1}
    with pytest.raises(GameDefinitionError, match=f"the int {ANNA}, not the string '{ANNA}'"):
        merge_private({"_private": {str(ANNA): {"playable": []}}}, ANNA, [ANNA])


def test_possible_actions_are_those_the_viewer_may_send_now():
    table = new_table()
    pick_charms(table)
    assert table.view(ANNA)["state"]["possible_actions"] == ["playCard", "cheer"]
    assert table.view(BEN)["state"]["possible_actions"] == ["cheer"]
    assert table.view(None)["state"]["possible_actions"] == []


def test_view_shows_own_hand_only():
    table = new_table()
    data = table.view(BEN)["data"]
    assert data["hand"] == table.state.data["hands"][str(BEN)]
    assert set(data["hand_sizes"].values()) == {3}
    assert "hands" not in data


def test_private_notification_is_addressed_and_numbered_in_order():
    table = new_table()
    made = table.apply(CLEO, "pickCharm", {"charm": "amber"})
    assert [(n.type, n.to) for n in made] == [("charmPicked", CLEO), ("playerReady", None)]
    assert [n.seq for n in made] == [4, 5]  # the setup dealt three private hands: seq 1-3
    assert made[1].args["player_name"] == "Cleo" and made[0].move == 1


def test_setup_notifications_are_private_hands_numbered_from_one():
    from framework.engine import Table
    from tests.sample_game import Climb

    from .helpers import PLAYERS

    table = Table.create(Climb, PLAYERS, {}, "seed")
    made = table.take_notifications()
    assert [(n.seq, n.to, n.move) for n in made] == [(1, ANNA, 0), (2, BEN, 0), (3, CLEO, 0)]


def test_a_private_notification_may_name_another_player_as_its_player_id():
    """notify_player(to, type, log, **args): `player_id` in the args is whom the log names, not the
    recipient (it used to raise "multiple values for argument 'player_id'")."""
    table = new_table()
    table.game.notify_player(BEN, "cardGiven", "${player_name} gives you ${card}", player_id=ANNA, card="3a")
    table.game.notify_all("combination", "${player_name} plays a ${type}", player_id=CLEO, type="bomb", log="x")
    given, played = table.take_notifications()
    assert (given.to, given.args) == (BEN, {"player_id": ANNA, "card": "3a", "player_name": "Anna"})
    assert played.to is None and played.args["type"] == "bomb" and played.args["log"] == "x"
    assert played.log == "${player_name} plays a ${type}"
