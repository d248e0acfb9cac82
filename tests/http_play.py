"""Drive whole games through the HTTP API, as players' browsers would.

The driver looks at each player's view to see whose turn it is and sends that player's move with
the move number they saw. Which move to send is taken from the game's `legal_actions` on the
server's copy of the table: the tests' stand-in for a person choosing (random, or the game's heuristic).
"""
from __future__ import annotations

import random

from framework.engine import Table
from framework.store import db
from framework.store.loading import load_engine_table
from framework.store.queries import get_table
from tests.conftest import Api, make_app


def game_app(tmp_path, game: str, names: list[str]):
    """An app serving only `game`, on its own SQLite file, with these users registered: (app, api)."""
    app = make_app(f"sqlite:///{tmp_path / (game + '.sqlite')}", GAMES=[game])
    api = Api(app.test_client())
    for name in names:
        api.register(name)
    return app, api


def server_table(app, table_id: int) -> Table:
    """The server's copy of the table, as the engine has it after the last move."""
    with app.app_context():
        table = load_engine_table(get_table(table_id), app.extensions["games"])
        db.session.remove()
    return table


def choose_move(app, table_id: int, player_id: int, chooser: random.Random, heuristic: bool) -> tuple[str, dict]:
    """The game's heuristic move for that player (a sensible player), else a random legal one."""
    table = server_table(app, table_id)
    move = table.game.heuristic_move(player_id) if heuristic else None
    return move if move is not None else table.random_action(player_id, chooser)


def play_over_http(app, api, table_id: int, names: list[str], seed: str = "http", max_requests: int = 20_000,
                   until=None, heuristic: bool = False) -> dict:
    """Play until the game ends (or `until(view)`); returns the final view of the first player.

    Random moves suit games that end by themselves; where random play would never reach the
    target (bids always failing), `heuristic=True` plays the game's heuristic moves.
    """
    chooser = random.Random(seed)
    by_id = {api.ids[name]: name for name in names}
    for _ in range(max_requests):
        view = api.view(table_id, names[0])
        if view["table"]["status"] == "finished" or (until and until(view)):
            return view
        humans = [p for p in view["state"]["active_players"] if p in by_id]
        if not humans:  # bots or zombies are to play: ask for them, as the page does
            if view.get("automatic_pending"):
                assert api.post(f"/api/tables/{table_id}/continue", names[0]).status_code in (200, 409)
            continue
        player = humans[0]
        action, args = choose_move(app, table_id, player, chooser, heuristic)
        response = api.act(table_id, by_id[player], action, **args, move=view["table"]["move"])
        assert response.status_code == 200, (action, args, response.json)
    raise AssertionError(f"table {table_id} did not end within {max_requests} requests")
