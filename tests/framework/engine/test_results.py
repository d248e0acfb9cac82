"""Ranking by score then score_aux, and the statistics players are shown (only once the game is
over, never those the game marks "limited")."""
import pytest

from framework.engine import Table, ranks
from framework.engine.declarations import declaration_problems
from tests.sample_game import Climb

from .helpers import ANNA, BEN, CLEO, PLAYERS, hand, new_table, pick_charms


@pytest.mark.parametrize(("scores", "expected"), [
    ({ANNA: (10, 0), BEN: (12, 0), CLEO: (3, 0)}, {BEN: 1, ANNA: 2, CLEO: 3}),
    ({ANNA: (10, 2), BEN: (10, 5), CLEO: (10, 1)}, {BEN: 1, ANNA: 2, CLEO: 3}),   # score_aux breaks the tie
    ({ANNA: (10, 5), BEN: (10, 5), CLEO: (9, 9)}, {ANNA: 1, BEN: 1, CLEO: 3}),    # equal on both: shared, 2 skipped
    ({ANNA: (-5, 0), BEN: (0, -1), CLEO: (0, 0)}, {CLEO: 1, BEN: 2, ANNA: 3}),
])
def test_players_rank_by_score_then_score_aux(scores, expected):
    assert ranks(scores) == expected


def test_the_view_ranks_an_equal_score_by_the_tie_breaker():
    table = new_table()
    for player, (score, aux) in {ANNA: (7, 4), BEN: (7, 6), CLEO: (8, 0)}.items():
        table.game.set_score(player, score, aux=aux)
    players = {p["id"]: p for p in table.view(None)["players"]}
    assert {pid: (p["score"], p["score_aux"], p["rank"]) for pid, p in players.items()} == {
        ANNA: (7, 4, 3), BEN: (7, 6, 2), CLEO: (8, 0, 1)}


def test_climb_breaks_ties_by_the_highest_card_played():
    table = new_table()
    pick_charms(table)
    card = max(hand(table, ANNA))
    table.apply(ANNA, "playCard", {"card": card})
    assert table.scores()[ANNA] == (int(card[0]), int(card[0]))


def finished_climb() -> Table:
    table = new_table(players=PLAYERS[:2], hand_size=2)
    pick_charms(table)
    table.apply(BEN, "cheer", {})
    while table.status == "playing":
        player = table.active_players()[0]
        table.apply(player, "playCard", {"card": table.game.playable(player)[0]})
        table.apply(player, "confirm", {})
    return table


def test_statistics_are_shown_once_the_game_is_over_not_before():
    table = new_table()
    pick_charms(table)
    table.apply(BEN, "cheer", {})
    assert all(table.view(viewer)["statistics"] is None for viewer in (ANNA, BEN, None))
    table = finished_climb()
    shown = table.view(None)["statistics"]
    assert shown == table.view(ANNA)["statistics"] == {
        "table": [{"name": "turns", "label": "Turns", "type": "int", "value": 4}],
        "player": [{"name": "cheers", "label": "Cheers", "type": "int", "values": {str(ANNA): 0, str(BEN): 1}}],
    }


def test_a_limited_statistic_is_recorded_but_never_shown():
    """Climb's "points dealt" tells what a hand held: for the designer's tools, not for the players."""
    table = finished_climb()
    dealt = table.state.stats["player"][str(ANNA)]["points_dealt"]
    assert dealt > 0 and "points_dealt" not in str(table.view(ANNA)) and "Points dealt" not in str(table.statistics())


def test_statistics_declarations_are_checked():
    class Odd(Climb):
        name = "odd"
        statistics = {"table": {"turns": {"type": "integer", "name": "Turns"}},
                      "player": {"cheers": {"type": "int", "name": "Cheers", "display": "private"}}, "team": {}}

    assert declaration_problems(Odd) == [
        "odd: statistics kind 'team' is neither 'table' nor 'player'",
        "odd: table statistic 'turns' has type 'integer', not one of int, float, bool",
        "odd: player statistic 'cheers' has display 'private': leave it out, or 'limited' to keep it from the "
        "players",
    ]
