"""`flask simulate`: many games played in-process by bots, checked, and summed up."""
from __future__ import annotations

import contextlib
import json
import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from framework.engine import BOTS, Game, Move, Notification, Table, replay
from framework.engine.testing import check_no_leak, default_players


@dataclass
class Summary:
    games: int = 0
    actions: int = 0
    seconds: float = 0.0
    scores: list[list[int]] = field(default_factory=list)
    wins_by_seat: Counter = field(default_factory=Counter)
    wins_by_bot: Counter = field(default_factory=Counter)
    actions_taken: Counter = field(default_factory=Counter)
    failures: list[dict] = field(default_factory=list)




def run_bots(game: type[Game], seed: str, options: dict | None, levels: list[str], moves: list[Move],
             on_move: Callable[[Table, list[Notification]], None] = lambda table, made: None,
             max_moves: int = 100_000) -> tuple[Table, list[dict]]:
    """Bots play one game to its end, appending to `moves` as they go (kept if a move fails)."""
    players = default_players(game.max_players)
    table = Table.create(game, players, options, seed)
    table.take_notifications()
    bots = {p["id"]: BOTS[levels[seat % len(levels)]](f"{seed}:{seat}") for seat, p in enumerate(players)}
    while table.status == "playing":
        if len(moves) >= max_moves:
            raise AssertionError(f"no end after {max_moves} moves")
        player = table.active_players()[0]
        action, args = bots[player].choose(table, player)
        made = table.apply(player, action, args)
        moves.append(Move(player, action, args))
        on_move(table, made)
    return table, players


def play_one(game: type[Game], seed: str, options: dict | None, levels: list[str],
             check_leaks: bool) -> tuple[Table, list[Move]]:
    """One checked game: no leak (optional), JSON-safe snapshot, replay to the same hash."""
    moves: list[Move] = []
    leak_check = (lambda table, made: check_no_leak(table, made, f"move {len(moves)}")) if check_leaks \
        else (lambda table, made: None)
    table, players = run_bots(game, seed, options, levels, moves, leak_check)
    again = replay(game, players, table.options, seed, moves)
    if again.state_hash() != table.state_hash():
        raise AssertionError("replay reaches another state")
    if json.loads(json.dumps(table.snapshot())) != table.snapshot():
        raise AssertionError("the snapshot does not survive JSON")
    return table, moves


def simulate(game: type[Game], count: int, levels: list[str], seed: str | None = None, options: dict | None = None,
             check_leaks: bool = False, progress: Callable[[int], None] = lambda done: None) -> Summary:
    base = seed if seed is not None else str(random.SystemRandom().randrange(10**9))
    summary = Summary()
    started = time.perf_counter()
    for number in range(count):
        game_seed = f"{base}-{number}"
        try:
            table, moves = play_one(game, game_seed, options, levels, check_leaks)
        except Exception as err:  # a failing game is reported with what reproduces it
            summary.failures.append({"seed": game_seed, "error": f"{type(err).__name__}: {err}"})
            progress(number + 1)
            continue
        summary.games += 1
        summary.actions += len(moves)
        summary.actions_taken.update(m.action for m in moves)
        scores = table.scores()
        summary.scores.append([scores[p][0] for p in table.game.player_ids])
        best = max(scores.values())
        for seat, player in enumerate(table.game.player_ids):
            if scores[player] == best:
                summary.wins_by_seat[seat] += 1
                summary.wins_by_bot[levels[seat % len(levels)]] += 1
        progress(number + 1)
    summary.seconds = time.perf_counter() - started
    return summary


def failure_export(game: type[Game], seed: str, options: dict | None, levels: list[str]) -> dict:
    """The failed game's moves up to the failure, in the export format `flask replay` reads."""
    moves: list[Move] = []
    with contextlib.suppress(Exception):  # the failing move is left out: a replay stops just before it
        run_bots(game, seed, options, levels, moves)
    return {"game": game.name, "version": game.version, "options": game.load_options(options), "seed": seed,
            "players": default_players(game.max_players), "moves": [m.to_json() for m in moves], "move": len(moves),
            "state_hash": None}
