"""Determinism, replay, undo, the seeded RNG, and the shared random-play test on the test game."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from framework.engine import Table, replay
from framework.testing import RandomPlayFailure, play_random_game
from tests.sample_game import Climb

from .helpers import ANNA, BEN, PLAYERS, hand, new_table, pick_charms

ROOT = Path(__file__).resolve().parents[3]


def test_same_seed_same_deal_other_seed_other_deal():
    first, again, other = new_table("s1"), new_table("s1"), new_table("s2")
    assert first.state_hash() == again.state_hash()
    assert first.state.data["hands"] != other.state.data["hands"]


@pytest.mark.slow
def test_random_play_replays_to_the_same_hash_and_notifications():
    for seed in range(150):
        played = play_random_game(Climb, f"climb-{seed}")
        assert played.table.status == "finished"
        again = replay(Climb, played.players, played.options, played.seed, played.moves)
        assert again.state_hash() == played.table.state_hash()


def test_replay_until_a_move_rebuilds_that_moment():
    played = play_random_game(Climb, "until", check_leaks=False)
    table = Table.create(Climb, played.players, {}, "until")
    for move in played.moves[:7]:
        table.apply(move.player, move.action, move.args)
    partial = replay(Climb, played.players, played.options, "until", played.moves, until=7)
    assert partial.state_hash() == table.state_hash() and partial.move == 7


def test_replay_notifications_equal_the_live_ones():
    played = play_random_game(Climb, "notes", check_leaks=False)
    table = Table.create(Climb, played.players, {}, "notes")
    notes = table.take_notifications()
    for move in played.moves:
        notes += table.apply(move.player, move.action, move.args)
    assert notes == played.notifications


def test_snapshot_round_trip_continues_the_same_game():
    table = new_table()
    pick_charms(table)
    reloaded = Table.load(Climb, PLAYERS, table.options, table.seed, json.loads(json.dumps(table.snapshot())))
    card = table.game.playable(ANNA)[0]
    table.apply(ANNA, "playCard", {"card": card})
    reloaded.apply(ANNA, "playCard", {"card": card})
    assert reloaded.state_hash() == table.state_hash()


def test_undo_restores_the_savepoint_but_counters_go_on():
    table = new_table()
    pick_charms(table)
    saved_hand = hand(table, ANNA)
    table.apply(ANNA, "playCard", {"card": table.game.playable(ANNA)[0]})
    seq_before_undo = table.state.seq
    made = table.apply(ANNA, "undo", {})
    assert hand(table, ANNA) == saved_hand and table.scores()[ANNA] == (0, 0)
    assert table.current_state.name == "playerTurn" and table.active_players() == [ANNA]
    assert table.move == 5 and made[0].seq == seq_before_undo + 1


def test_undo_replays_identically():
    table = new_table()
    pick_charms(table)
    moves = [{"player": p, "action": "pickCharm", "args": {"charm": "jade"}} for p in table.game.player_ids]
    for action, args in [("playCard", {"card": table.game.playable(ANNA)[0]}), ("undo", {}),
                         ("playCard", {"card": table.game.playable(ANNA)[-1]}), ("confirm", {})]:
        table.apply(ANNA, action, args)
        moves.append({"player": ANNA, "action": action, "args": args})
    assert replay(Climb, PLAYERS, table.options, table.seed, moves).state_hash() == table.state_hash()
    assert table.active_players() == [BEN]


def test_rng_draws_depend_on_the_seed_only():
    a, b = new_table("same"), new_table("same")
    assert a.state.data["stock"] == b.state.data["stock"]
    assert a.state.rng_draws == 1  # one action drew: the counter is all the snapshot keeps


def test_leak_check_catches_a_view_that_shows_another_hand():
    class Leaky(Climb):
        name = "leaky"

        def get_all_datas(self, player_id):
            return {**super().get_all_datas(player_id), "all": self.data["hands"]}

    with pytest.raises(RandomPlayFailure, match="can see hidden"):
        play_random_game(Leaky, "leak")


def test_json_check_catches_int_keys_in_game_data():
    class IntKeys(Climb):
        name = "intkeys"

        def setup(self):
            first = super().setup()
            self.data["by_seat"] = {0: "x"}
            return first

    with pytest.raises(RandomPlayFailure, match="JSON"):
        play_random_game(IntKeys, "keys", check_leaks=False)


def test_engine_imports_without_flask_or_sqlalchemy():
    code = ("import sys\n"
            "for name in ('flask', 'flask_sqlalchemy', 'sqlalchemy'): sys.modules[name] = None\n"
            "import framework.engine, framework.testing, framework.engine.plugins\n"
            "import tests.sample_game\n"
            "print('ok')")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert result.stdout.strip() == "ok", result.stderr


FORBIDDEN = ("import random", "from random", "import time", "from time", "import secrets", "from secrets",
             "import datetime", "from datetime", "import uuid", "from uuid")


def test_games_use_no_randomness_or_clock_but_the_tables():
    offenders = []
    for path in [*ROOT.glob("games/**/*.py"), ROOT / "tests" / "sample_game.py"]:
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            if line.strip().startswith(FORBIDDEN):
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert offenders == []


def test_a_replay_under_other_ids_renames_only_the_arguments_declared_as_players():
    """A fork's stand-ins replay moves logged under other ids: `to` names a player and is renamed;
    `count` equals an old id by chance and stays what it was."""
    from marshmallow import fields

    from framework.engine import Move, PlayerId, action
    from framework.engine.player_args import renamed

    @action({"to": PlayerId(required=True), "count": fields.Integer(), "seen": fields.List(PlayerId())})
    def give(self, player_id, to, count, seen):
        pass

    move = Move(101, "give", {"to": 108, "count": 101, "seen": [101, 108]})
    assert renamed(move, give.__action__, {101: 5, 108: 6}) == Move(5, "give", {"to": 6, "count": 101,
                                                                                "seen": [5, 6]})
    assert move.args["to"] == 108  # the logged move itself is left alone
