"""What the page shows of a selection and of the table: the combination the selected cards
make, why they cannot be played now, the Phoenix's value, who made the wish, the points and rounds
won, the hands played, taking back a pass. Each test names the rule it shows."""
import pytest

from framework.engine import ActionError
from games.dragon_phoenix.combos import combo_label, readings, why_no_combination

from .helpers import ANNA, BEN, CARLA, DAN, IDS, complete, data, new_table, pass_, play


def label(*cards, top=None):
    found = readings(list(cards), top)
    return combo_label(found[0], list(cards)) if found else None


@pytest.mark.parametrize("cards, words", [
    (["3C", "3D", "3H", "KC", "KD"], "Full house, 3s over Ks"),
    (["8C", "8D"], "Pair of 8s"),
    (["QC", "QD", "QS"], "Three Qs"),
    (["7H"], "Single 7"),
    (["herald", "3D", "4S", "5C", "6C"], "Straight of 5, 2 to 6"),
    (["5C", "5D", "6S", "6C", "7D", "7H"], "Stairs of 3 pairs, 5s to 7s"),
    (["9C", "9D", "9H", "9S"], "Bomb: four 9s"),
    (["4H", "5H", "6H", "7H", "8H"], "Bomb: straight flush of 5, 4 to 8"),
    (["8C", "8D", "phoenix"], "Three 8s (Phoenix as 8)"),
    (["dragon"], "Dragon"),
    (["fox"], "Fox"),
])
def test_D3_D7_a_selection_is_named_by_its_combination(cards, words):
    assert label(*cards) == words


def test_D5_the_phoenix_single_shows_its_value():
    seven = readings(["7C"])[0]
    assert label("phoenix", top=seven) == "Phoenix (7½)"
    assert label("phoenix") == "Phoenix (2½)", "led, it counts 2 1/2"


@pytest.mark.parametrize("cards, message", [
    (["4H", "JS"], "A pair is two cards of the same rank."),          # not "stairs": two cards are a pair or nothing
    (["4H", "9S", "KC"], "Three cards are a combination only as three of a kind."),
    (["4C", "4D", "9S", "KC"],
     "Four cards are a combination only as two pairs of consecutive ranks, or as four of a kind (a bomb)."),
    (["4C", "4D", "4H", "9S", "KC"], "A full house is three of a kind and a pair of another rank."),
    (["3C", "3D", "5S", "phoenix"], "Stairs are pairs of consecutive ranks, with no gap."),
])
def test_D3_a_refused_selection_names_its_own_problem(cards, message):
    assert not readings(cards)
    assert why_no_combination(cards) == message


def test_D3_an_empty_play_is_refused_with_a_reason_not_a_crash():
    table = new_table(complete(["herald", "5C"]))
    with pytest.raises(ActionError, match="Choose at least one card to play."):
        play(table, ANNA)


# ----- the description a page asks for while the player selects --------------------------------
HANDS = complete(["herald", "5C", "8C", "8D", "8H", "KC", "KD", "phoenix", "4H", "JS"],
                 ["dragon", "9C", "7C", "7D", "KH"], ["9D", "9H", "3D", "AH"], ["JC", "JD", "fox", "4C", "KS"])


@pytest.fixture
def table():
    return new_table(HANDS)


def test_D3_the_play_button_names_the_selection_and_says_why_it_cannot_be_played(table):
    full = table.describe(ANNA, "playCards", {"cards": ["8C", "8D", "8H", "KC", "KD"]})
    assert (full["label"], full["legal"], full["reason"]) == ("Full house, 8s over Ks", True, None)
    odd = table.describe(ANNA, "playCards", {"cards": ["4H", "JS"]})
    assert (odd["label"], odd["legal"], odd["reason"]) == (None, False, "A pair is two cards of the same rank.")
    play(table, ANNA, "8C")
    low = table.describe(BEN, "playCards", {"cards": ["7C"]})
    assert (low["label"], low["reason"]) == ("Single 7", "That does not beat an 8: play something higher.")
    assert table.describe(BEN, "pass", {})["reason"] is None
    assert table.describe(CARLA, "pass", {})["reason"] == "It is not your turn."
    out_of_turn = table.describe(CARLA, "playCards", {"cards": ["9D", "9H"]})
    assert out_of_turn["reason"] == "Only a bomb may be played out of turn."


def test_D4_the_phoenix_readings_are_offered_to_choose_from(table):
    cards = ["8C", "8D", "KC", "KD", "phoenix"]
    answer = table.describe(ANNA, "playCards", {"cards": cards})
    assert answer["label"] == "Full house, Ks over 8s (Phoenix as K)", "the highest reading by default"
    assert [(v["label"], v["args"]) for v in answer["variants"]] == [
        ("Full house, Ks over 8s (Phoenix as K)", {"phoenix": "K"}),
        ("Full house, 8s over Ks (Phoenix as 8)", {"phoenix": "8"})]
    chosen = table.describe(ANNA, "playCards", {"cards": cards, "phoenix": "8"})
    assert chosen["label"] == "Full house, 8s over Ks (Phoenix as 8)" and chosen["legal"]


def test_D22_a_description_reads_only_what_the_player_sees_and_changes_nothing(table):
    before = table.state_hash()
    hidden = table.describe(ANNA, "playCards", {"cards": ["dragon"]})       # Ben holds it
    nowhere = table.describe(ANNA, "playCards", {"cards": ["9S", "10S"]})  # in other hands too, or not
    assert hidden["reason"] == "You do not hold the Dragon." and hidden["label"] is None
    assert nowhere["reason"] == "You do not hold the 9 of spades and the 10 of spades."
    assert table.state_hash() == before


def test_D14_the_description_says_when_the_wish_obliges(table):
    play(table, ANNA, "herald", wish="7")
    answer = table.describe(BEN, "playCards", {"cards": ["9C"]})
    assert answer["label"] == "Single 9" and answer["reason"] == "You must play a 7: the wish obliges you."


def test_D14_the_active_player_is_told_which_cards_are_playable(table):
    assert table.view(ANNA)["state"]["args"]["playable"] == data(table)["hands"][str(ANNA)], \
        "leading, every card may be played (in the hand's order)"
    play(table, ANNA, "herald", wish="7")
    assert table.view(BEN)["state"]["args"]["playable"] == ["7C", "7D"], "the wish obliges Ben to play a 7"
    assert "playable" not in table.view(CARLA)["state"]["args"], "only for the player in turn"


# ----- the log and the view -----------------------------------------------------------------------
def log_lines(notes, viewer):
    return [(n.type, n.log) for n in notes if n.log and n.to in (None, viewer)]


def test_D15_passed_and_received_cards_are_named_in_the_log_not_coded():
    final = complete(["herald", "AC"], ["dragon"], ["phoenix"], ["fox"])
    from framework.engine import Table
    from games.dragon_phoenix import GAME

    from .helpers import PLAYERS, deal_and_passes
    deal, passes = deal_and_passes(final)
    table = Table.create(GAME, PLAYERS, {"deal": deal}, "names")
    for pid in IDS:
        table.apply(pid, "highFlight", {"call": False})
    chosen = table.apply(ANNA, "passCards", passes[ANNA])
    mine = next(n for n in chosen if n.type == "cardsChosen")
    assert mine.log == "You pass ${passes}" and mine.args["passes"].count(" to ") == 3
    assert "to Ben" in mine.args["passes"] and "to Carla" in mine.args["passes"] and "to Dan" in mine.args["passes"]
    for pid in IDS[1:]:
        notes = table.apply(pid, "passCards", passes[pid])
    received = next(n for n in notes if n.type == "cardsReceived" and n.to == ANNA)
    assert received.log == "You receive ${card_names}"
    assert "from Ben" in received.args["card_names"] and "from Dan" in received.args["card_names"]
    for code in received.args["cards"]:
        assert code not in received.args["card_names"].split()


def test_D9_a_won_round_is_said_once_with_its_points(table):
    play(table, ANNA, "5C")
    notes = []
    for pid in (BEN, CARLA, DAN):
        notes += pass_(table, pid)
    notes += play(table, ANNA, "4H")  # the next lead collects the round
    said = [log for kind, log in log_lines(notes, ANNA) if kind in ("roundWon", "collect")]
    assert said == ["${player_name} wins the round (${points} points)"]
    won = next(n for n in notes if n.type == "roundWon")
    assert won.args["points"] == 5 and next(n for n in notes if n.type == "collect").args["points"] == 5
    view = table.view(BEN)["data"]
    assert view["won_points"][str(ANNA)] == 5 and view["rounds_won"][str(ANNA)] == 1
    assert view["won_counts"][str(ANNA)] == 1, "won_counts still counts cards"


def test_D5_the_phoenix_single_is_logged_and_shown_with_its_value(table):
    play(table, ANNA, "8C")
    pass_(table, BEN)
    pass_(table, CARLA)
    pass_(table, DAN)
    notes = play(table, ANNA, "phoenix")  # leads: 2 1/2
    assert next(n for n in notes if n.type == "playCards").args["combo_name"] == "the Phoenix (2½)"
    assert table.view(CARLA)["data"]["trick"][-1]["name"] == "the Phoenix (2½)"
    play(table, BEN, "7C")
    assert table.view(CARLA)["data"]["trick"][0]["name"] == "the Phoenix (2½)", "an earlier play keeps its value"


def test_D13_the_view_says_who_made_the_wish(table):
    play(table, ANNA, "herald", wish="7")
    view = table.view(DAN)["data"]
    assert view["wish"] == "7" and view["wish_by"] == ANNA
    play(table, BEN, "7C")
    assert table.view(DAN)["data"]["wish_by"] is None, "fulfilled: no wish, nobody's"


# ----- undo of a pass, before the others have chosen ----------------------------------------------
def test_P4_a_pass_is_taken_back_while_others_still_choose():
    final = complete(["herald", "AC"], ["dragon"], ["phoenix"], ["fox"])
    from framework.engine import Table
    from games.dragon_phoenix import GAME

    from .helpers import PLAYERS, deal_and_passes
    deal, passes = deal_and_passes(final)
    table = Table.create(GAME, PLAYERS, {"deal": deal}, "undo")
    for pid in IDS:
        table.apply(pid, "highFlight", {"call": False})
    assert "undoPassCards" not in table.view(ANNA)["state"]["possible_actions"], "nothing chosen yet"
    with pytest.raises(ActionError, match="not chosen the cards"):
        table.apply(ANNA, "undoPassCards", {})
    table.apply(ANNA, "passCards", passes[ANNA])
    assert ANNA not in table.active_players()
    assert "undoPassCards" in table.view(ANNA)["state"]["possible_actions"]
    assert ("undoPassCards", {}) in table.legal_actions(ANNA)
    notes = table.apply(ANNA, "undoPassCards", {})
    assert [(n.type, n.to) for n in notes] == [("passUndone", None)]
    assert ANNA in table.active_players() and table.view(ANNA)["data"]["my_passes"] is None
    other = {"left": passes[ANNA]["right"], "partner": passes[ANNA]["partner"], "right": passes[ANNA]["left"]}
    table.apply(ANNA, "passCards", other)
    for pid in IDS[1:]:
        table.apply(pid, "passCards", passes[pid])
    assert table.current_state.name == "playerTurn"
    with pytest.raises(ActionError, match="not possible now"):
        table.apply(ANNA, "undoPassCards", {})  # all four chose: the cards are handed over
    assert passes[ANNA]["left"] in table.view(DAN)["data"]["hand"], "Dan, on Anna's right, got her right card"


# ----- the hands played: a scores table -----------------------------------------------------------
def test_D21_each_hand_played_is_a_line_of_the_scores_table():
    from .test_hand_end import CLUBS_RUN, HEARTS
    from .test_hand_end import HANDS as ENDING

    table = new_table(ENDING)
    play(table, CARLA, *CLUBS_RUN)
    play(table, ANNA, *HEARTS)
    pass_(table, BEN)
    pass_(table, DAN)
    notes = play(table, ANNA, "dragon")  # a double victory for Anna and Carla
    assert next(n for n in notes if n.type == "handScore").args["game_over"] is False
    lines = table.view(BEN)["data"]["past_hands"]
    assert lines == [{"hand_number": 1, "cards": [200, 0], "calls": [0, 0], "total": [200, 0],
                      "totals": [200, 0], "double": 0}]
    assert table.view(BEN)["data"]["rounds_won"] == dict.fromkeys(map(str, IDS), 0), "a new hand: none taken yet"
