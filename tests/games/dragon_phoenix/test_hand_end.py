"""Going out, the end of a hand, scoring and the end of the game (rule text "End of a hand",
"Calls", "Scoring", "Winning the game"; D17-D21)."""
import pytest

from framework.engine import ActionError
from games.dragon_phoenix.scoring import hand_score, winner

from .helpers import ANNA, BEN, CARLA, DAN, data, new_table, pass_, play

CLUBS_RUN = ["herald", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "AD"]
HEARTS = ["3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH", "AH"]
SPADES = [c[:-1] + "S" for c in HEARTS]
DIAMONDS = [c[:-1] + "D" for c in HEARTS[:-1]]
HANDS = [HEARTS + ["dragon"], SPADES + ["phoenix"], CLUBS_RUN, DIAMONDS + ["fox", "AC"]]


@pytest.fixture
def table():
    table = new_table(HANDS, calls=[BEN])  # Ben calls High Flight
    table.apply(CARLA, "takeOff", {})
    play(table, CARLA, *CLUBS_RUN)  # a straight of 13: Carla is out first
    assert data(table)["out"] == [CARLA] and table.active_players() == [DAN]
    return table


def test_D18_D19_third_player_out_ends_the_hand(table):
    play(table, BEN, *SPADES)  # a bomb out of turn; Carla is out, so Dan follows
    assert table.active_players() == [DAN]
    pass_(table, DAN)
    with pytest.raises(ActionError, match="a bomb only beats a lower bomb"):
        play(table, ANNA, *HEARTS)  # an equal straight flush does not beat
    pass_(table, ANNA)
    assert table.active_players() == [BEN]
    play(table, BEN, "phoenix")  # led: 2 1/2; Ben is out second
    assert table.active_players() == [DAN]
    play(table, DAN, "AC")
    play(table, ANNA, "dragon")
    assert table.active_players() == [DAN], "players who are out are skipped"
    play(table, DAN, *DIAMONDS)  # a bomb on the Dragon, in turn
    notes = play(table, ANNA, *HEARTS)  # Anna goes out third: the hand ends at once
    last = data(table)["last_hand"]
    assert last["out"] == [CARLA, BEN, ANNA]
    # Ben won the first round (50); Anna the open one (50) and Dan's Fox (0) goes to Anna and Carla
    assert last["cards"] == [50, 50]
    assert last["calls"] == [100, -200] and last["total"] == [150, -150]
    assert table.scores()[ANNA][0] == table.scores()[CARLA][0] == 150
    assert table.scores()[DAN][0] == -150
    assert any(n.type == "handScore" for n in notes)
    assert table.current_state.name == "highFlight" and data(table)["hand_number"] == 2, "the next hand is dealt"


def test_D19_double_victory_ends_the_hand_at_once(table):
    play(table, ANNA, *HEARTS)  # out of turn on Carla's straight
    pass_(table, BEN)
    pass_(table, DAN)
    notes = play(table, ANNA, "dragon")  # Anna goes out second, after her partner
    last = data(table)["last_hand"]
    assert last["double"] == 0 and last["cards"] == [200, 0]
    assert last["total"] == [300, -200], "calls count also after a double victory"
    after = [n.type for n in notes][[n.type for n in notes].index("playCards"):]
    assert not {"roundWon", "collect", "dragonGiven"} & set(after), "the open round is ignored"


def finish_hand_at_500(totals: list[int]):
    """The hand above, to a target of 500, from these totals: Anna and Carla's team scores 200."""
    table = new_table(HANDS, options={"target": 500})
    data(table)["totals"] = totals
    play(table, CARLA, *CLUBS_RUN)
    play(table, ANNA, *HEARTS)
    pass_(table, BEN)
    pass_(table, DAN)
    play(table, ANNA, "dragon")
    return table


def test_D21_game_ends_at_the_target_with_the_higher_total():
    table = finish_hand_at_500([400, 450])
    assert data(table)["totals"] == [600, 450]
    assert table.status == "finished"


def test_D21_equal_totals_play_another_hand():
    table = finish_hand_at_500([400, 600])
    assert data(table)["totals"] == [600, 600]
    assert table.status == "playing" and data(table)["hand_number"] == 2


def test_D18_winning_the_round_with_the_last_card_gives_the_lead_on():
    table = new_table(HANDS)
    play(table, CARLA, *CLUBS_RUN)
    for pid in (DAN, ANNA, BEN):
        pass_(table, pid)
    assert table.active_players() == [DAN], "Carla is out: the next player on her left leads"
    play(table, DAN, "fox")
    assert table.active_players() == [BEN], "the Fox gives the lead to Dan's partner"


SEATS = {"a": 0, "b": 1, "c": 2, "d": 3}
NO_CALLS = {"a": None, "b": None, "c": None, "d": None}


def test_D20_last_players_hand_to_opponents_rounds_to_first_out():
    won = {"a": ["5C"], "b": ["10C", "KC"], "c": ["dragon"], "d": ["KD", "10D"]}
    result = hand_score(SEATS, ["b", "a", "c"], won, ["KS"], NO_CALLS)
    assert result["cards"] == [5 + 25 + 10, 20 + 20], "Dan's rounds go to Ben, out first; his K to Anna and Carla"
    result = hand_score(SEATS, ["a", "b", "c"], won, ["KS"], NO_CALLS)
    assert result["cards"] == [5 + 25 + 20 + 10, 20], "Dan's rounds go to Anna, out first"


def test_D17_calls_are_individual():
    calls = {"a": "takeOff", "b": None, "c": "takeOff", "d": "highFlight"}
    result = hand_score(SEATS, ["a", "c"], {k: [] for k in SEATS}, [], calls)
    assert result["double"] == 0 and result["calls"] == [100 - 100, -200]
    assert result["total"] == [200, -200]


def test_D21_winner_rule():
    assert winner([990, 500], 1000) is None
    assert winner([1000, 500], 1000) == 0
    assert winner([1050, 1100], 1000) == 1
    assert winner([1100, 1100], 1000) is None


def test_D11_fox_with_the_partner_out_goes_to_the_next_player_still_in(table):
    play(table, BEN, *SPADES)
    pass_(table, DAN)
    pass_(table, ANNA)
    play(table, BEN, "phoenix")  # Ben is out
    play(table, DAN, "AC")
    pass_(table, ANNA)
    assert table.active_players() == [DAN]
    play(table, DAN, "fox")
    # Ben is out, Carla after him too: the lead comes back round to Dan himself
    assert table.active_players() == [DAN] and data(table)["out"] == [CARLA, BEN]
