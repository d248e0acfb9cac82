"""The two worked examples of the rule text, played through the engine (D20)."""
from games.dragon_phoenix.cards import DECK, card_points
from games.dragon_phoenix.scoring import hand_score

from .helpers import ANNA, BEN, CARLA, DAN, complete, data, new_table, pass_, play


def test_round_example_dan_wins_15_points():
    """Rule text "Playing a round", example: 7 7, 10 10, pass, K K, A + Phoenix, Dan bombs
    9 9 9 9 out of turn, Anna, Ben and Carla pass; Dan's team gets 15 points."""
    table = new_table(complete(["herald", "7C", "7D", "AC", "phoenix"], ["10C", "10D", "JC"], ["3C"],
                               ["KC", "KD", "9C", "9D", "9H", "9S"]))
    play(table, ANNA, "7C", "7D")
    play(table, BEN, "10C", "10D")
    pass_(table, CARLA)
    play(table, DAN, "KC", "KD")
    play(table, ANNA, "AC", "phoenix")
    assert table.active_players() == [BEN]
    play(table, DAN, "9C", "9D", "9H", "9S")  # out of turn: Ben has not answered
    assert table.active_players() == [ANNA], "play goes on to the bomber's left"
    pass_(table, ANNA)
    pass_(table, BEN)
    pass_(table, CARLA)
    assert data(table)["round_won"] and table.active_players() == [DAN]
    play(table, DAN, data(table)["hands"][str(DAN)][0])  # Dan's next lead collects the round
    assert card_points(data(table)["won"][str(DAN)]) == 15


def test_scoring_example_170_to_30():
    """Rule text "Scoring", example: Anna calls Take-off and goes out first, then Ben, then
    Carla; Dan keeps K 5 (15 to Anna and Carla), his rounds go to Anna; 170 / 30."""
    seats = {"a": 0, "b": 1, "c": 2, "d": 3}
    dan_rounds = ["dragon", "phoenix", "KC", "3C"]  # 10 points, handed to Anna
    ben_rounds = ["10C", "10D", "5C", "5D", "3D"]  # 30 points
    dan_hand = ["KS", "5S"]
    used = set(dan_rounds + ben_rounds + dan_hand)
    rest = [c for c in DECK if c not in used]
    won = {"a": rest[:20], "b": ben_rounds, "c": rest[20:], "d": dan_rounds}
    assert card_points(won["a"] + won["c"] + won["d"]) == 55
    result = hand_score(seats, ["a", "b", "c"], won, dan_hand, {"a": "takeOff", "b": None, "c": None, "d": None})
    assert result["cards"] == [70, 30]
    assert result["total"] == [170, 30]
