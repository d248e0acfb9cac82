"""Small helpers for the engine tests: a started Climb table and its players."""
from framework.engine import Table
from tests.sample_game import Climb

ANNA, BEN, CLEO = 11, 22, 33
PLAYERS = [{"id": ANNA, "name": "Anna"}, {"id": BEN, "name": "Ben"}, {"id": CLEO, "name": "Cleo"}]


def new_table(seed="engine-test", players=PLAYERS, **options) -> Table:
    table = Table.create(Climb, players, options, seed)
    table.take_notifications()
    return table


def pick_charms(table: Table, charm="jade") -> None:
    for player in table.game.player_ids:
        table.apply(player, "pickCharm", {"charm": charm})


def hand(table: Table, player_id: int) -> list[str]:
    return list(table.state.data["hands"][str(player_id)])
