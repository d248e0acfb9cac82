"""The golden check: recorded games, with what every seat saw after every move, replayed on today's code.

Each fixture line is one move of a seeded game played by random bots (the first line is the
setup): who moved, the action and its arguments in clear, and digests of what followed: the
notifications the move made, every seat's and a spectator's view, every seat's legal actions, the
zombie's move for each active seat, and the state hash. A refactor must leave every digest as it
was; a change of the snapshot's format may change the state hashes only, together with the
migration that re-derives stored ones (`--rehash` rewrites them and refuses if anything else moved).

    python -m tests.golden.record            # write the fixtures anew (after a deliberate change)
    python -m tests.golden.record --rehash   # state hashes only
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random
from pathlib import Path
from typing import Any

from framework.engine import PLAYING, Notification, Table
from framework.engine.plugins import discover_games
from framework.testing import default_players
from framework.testing.random_play import fewer_collections
from tests.sample_game import Climb

FIXTURES = Path(__file__).parent / "fixtures"
OUT_OF_TURN_RATE = 0.2
# game: [(options, most moves recorded)], one seed each; whole games where they stay short enough.
PLAN = {
    "climb": [({}, 400)] * 4 + [({"hand_size": 1}, 400), ({"hand_size": 4}, 400)],
    "dragon_phoenix": [({}, 500), ({}, 500), ({"wish": False}, 500)],
    "summon_dragon": [({}, 300), ({}, 300), ({"target": 50}, 2000)],
    "zhubu_shengji": [({}, 2000)] * 4,
}


def games() -> dict:
    return {**discover_games(), "climb": Climb}


def digest(value: Any) -> str:
    """A short digest of JSON as a client receives it (keys as strings, sorted)."""
    text = json.dumps(json.loads(json.dumps(value)), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def note_dict(note: Notification) -> dict:
    """A notification as the engine made it: seq, move, recipient, type, log template, args."""
    return {"seq": note.seq, "move": note.move, "to": note.to, "type": note.type, "log": note.log,
            "args": note.args}


def observe(table: Table, made: list) -> dict:
    players = [p["id"] for p in table.players]
    active = table.active_players()
    return {
        "notes": digest([note_dict(n) for n in made]),
        "views": digest([table.view(viewer) for viewer in [*players, None]]),
        "legal": digest([table.legal_actions(p) for p in players]),
        "zombie": digest([table.zombie_move(p) for p in active] if table.status == PLAYING else []),
        "hash": table.state_hash()[:24],
    }


def pick(table: Table, chooser: random.Random) -> tuple[int, str, dict] | None:
    """The random-play test's choice: an active player, sometimes anyone (out-of-turn actions).
    Written out here, not imported, so a change to the test harness cannot move the recordings."""
    active = table.active_players()
    candidates = list(active)
    if chooser.random() < OUT_OF_TURN_RATE:
        candidates += [p["id"] for p in table.players if p["id"] not in active]
    chooser.shuffle(candidates)
    for player_id in candidates:
        chosen = table.random_action(player_id, chooser)
        if chosen is not None:
            return player_id, *chosen
    return None


def play(game_cls, seed: str, options: dict, max_moves: int, expected: list[dict] | None = None):
    """Yield (line, observed) for the setup and each move; with `expected`, moves are checked to be
    drawn the same and then the recorded ones are applied."""
    players = default_players(game_cls.max_players)
    chooser = random.Random(f"golden:{seed}")
    with fewer_collections():
        table = Table.create(game_cls, players, options, seed)
        yield {"move": 0}, observe(table, table.take_notifications())
        number = 0
        while table.status == PLAYING and number < max_moves:
            number += 1
            drawn = pick(table, chooser)
            if expected is not None:
                if number >= len(expected):
                    return
                line = expected[number]
                recorded = (line["player"], line["action"], line["args"])
                if drawn is None or list(drawn) != list(recorded):
                    raise AssertionError(f"{game_cls.name} seed {seed} move {number}: random_action drew "
                                         f"{drawn}, the recording has {recorded}")
            if drawn is None:
                raise AssertionError(f"{game_cls.name} seed {seed}: nobody has a legal action")
            player_id, action, args = drawn
            made = table.apply(player_id, action, args)
            yield {"move": number, "player": player_id, "action": action, "args": args}, observe(table, made)


def fixture_path(name: str) -> Path:
    return FIXTURES / f"{name}.jsonl"


def planned(name: str) -> list[tuple[str, dict, int]]:
    """(seed, options, most moves) of each recorded game of `name`."""
    return [(f"golden-{name}-{n}", options, most) for n, (options, most) in enumerate(PLAN[name])]


def read_fixture(name: str) -> dict[str, list[dict]]:
    recorded: dict[str, list[dict]] = {}
    for text in fixture_path(name).read_text().splitlines():
        line = json.loads(text)
        recorded.setdefault(line.pop("seed"), []).append(line)
    return recorded


def write_fixtures(rehash: bool = False) -> None:
    FIXTURES.mkdir(exist_ok=True)
    found = games()
    for name in PLAN:
        game_cls = found[name]
        old = read_fixture(name) if rehash else {}
        lines = []
        for seed, options, max_moves in planned(name):
            for number, (line, observed) in enumerate(play(game_cls, seed, options, max_moves,
                                                           old.get(seed) if rehash else None)):
                if rehash:
                    before = old[seed][number]
                    moved = [k for k in observed if k != "hash" and before[k] != observed[k]]
                    if moved:
                        raise SystemExit(f"{name} {seed} move {number}: {moved} changed, not only the hash")
                lines.append(json.dumps({"seed": seed, **line, **observed}, separators=(",", ":")))
        fixture_path(name).write_text("\n".join(lines) + "\n")
        print(f"{name}: {len(lines)} lines")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rehash", action="store_true", help="rewrite state hashes only")
    write_fixtures(parser.parse_args().rehash)
