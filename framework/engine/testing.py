"""The shared random-play test: seeded games played to the end by random bots, with checks.

Every game's test suite calls `play_random_game` over many seeds. After each move it checks that
no view and no notification shows a viewer a token the game says is hidden from them
(`Game.hidden_from`), that the snapshot survives a JSON round trip unchanged, and the game's own
`invariants(table)`; at the end, that replaying the move log gives the same state hash
(`tests/test_every_game.py` compares the notifications too).
"""
from __future__ import annotations

import contextlib
import gc
import json
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .game import Game
from .records import Move, Notification
from .replay import replay
from .table import PLAYING, Table


class RandomPlayFailure(AssertionError):
    pass


@dataclass
class Played:
    table: Table
    players: list[dict]
    options: dict
    seed: Any
    moves: list[Move] = field(default_factory=list)
    notifications: list[Notification] = field(default_factory=list)


def default_players(count: int) -> list[dict]:
    # Ids that are not seats, so a plugin mixing the two fails.
    return [{"id": 101 + 7 * seat, "name": f"Player {seat + 1}"} for seat in range(count)]


def leaves(value: Any) -> set[str]:
    """Every string in a JSON value, keys included (a loop, not recursion: it runs after every move)."""
    found, stack = set(), [value]
    add, push = found.add, stack.append
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is dict:
            found.update(map(str, item))  # keys: JSON makes them strings
            item = item.values()
        elif kind is not list and kind is not tuple:
            if kind is str:
                add(item)
            continue
        for child in item:
            if type(child) is str:
                add(child)
            else:
                push(child)
    return found


def check_no_leak(table: Table, new_notifications: list[Notification], where: str,
                  hidden_then: dict[int, dict] | None = None) -> None:
    """No view, and no notification a viewer may fetch, shows them a token hidden from them.

    A notification is checked against what was hidden when it was sent (`hidden_then`, by seq),
    so a card revealed at the end of a hand and dealt again at once is not taken for a leak.
    """
    viewers = [*table.game.player_ids, None]
    secret_seed = str(table.seed) if len(str(table.seed)) >= 8 else None  # short seeds match ordinary text
    for viewer in viewers:
        hidden = table.game.hidden_from(viewer)
        seen = leaves(table.view(viewer))
        leaked = seen & hidden
        for note in new_notifications:
            if note.visible_to(viewer):
                then = hidden_then[note.seq][viewer] if hidden_then and note.seq in hidden_then else hidden
                leaked |= leaves(note.args) & then
        if leaked:
            raise RandomPlayFailure(f"{where}: viewer {viewer} can see hidden {sorted(leaked)}")
        if secret_seed and any(secret_seed in text for text in seen):
            raise RandomPlayFailure(f"{where}: viewer {viewer} can see the table's seed")


def hidden_sets(table: Table) -> dict[int | None, set[str]]:
    """What each viewer may not see now: every player, and None for a spectator."""
    return {viewer: table.game.hidden_from(viewer) for viewer in [*table.game.player_ids, None]}


def record_hidden_sets(table: Table) -> dict[int, dict]:
    """From now on, note what each viewer may not see at the moment each notification is sent."""
    hidden_then: dict[int, dict] = {}
    send = table.notify

    def notify(to, type, log, args):
        send(to, type, log, args)
        # Mid-setup the game data may be half built: such a notification is checked against what
        # is hidden after the move instead.
        with contextlib.suppress(KeyError, IndexError, TypeError):
            hidden_then[table.state.seq] = hidden_sets(table)

    table.notify = notify
    return hidden_then


def play_random_game(
    game_cls: type[Game],
    seed: Any,
    *,
    options: dict | None = None,
    players: list[dict] | None = None,
    out_of_turn_rate: float = 0.2,
    max_moves: int = 50_000,
    stop: Callable[[Table], bool] | None = None,
    check_leaks: bool = True,
    check_json: bool = True,
    check_replay: bool = True,
    invariants: Callable[[Table], None] | None = None,
    watch: Callable[[Table], None] | None = None,
) -> Played:
    """Play one seeded game by random bots until it ends (or `stop(table)` says so). `watch(table)` is
    called before setup, to observe the table from its first step (`framework.engine.observed`)."""
    players = players or default_players(game_cls.max_players)
    with fewer_collections():
        table = Table(game_cls, players, game_cls.load_options(options), seed)
        if watch:
            watch(table)
        hidden_then = record_hidden_sets(table) if check_leaks else None
        table.run_setup()
        played = Played(table, players, table.options, seed)
        played.notifications.extend(table.take_notifications())
        chooser = random.Random(f"random-play:{seed}")
        if check_leaks:
            check_no_leak(table, played.notifications, f"seed {seed} setup", hidden_then)
        while table.status == PLAYING and not (stop and stop(table)):
            if len(played.moves) >= max_moves:
                raise RandomPlayFailure(f"seed {seed}: no end after {max_moves} moves")
            player_id, action, args = _pick(table, chooser, out_of_turn_rate, seed)
            made = table.apply(player_id, action, args, rollback=False)  # any refusal fails the test anyway
            played.moves.append(Move(player_id, action, args))
            played.notifications.extend(made)
            where = f"seed {seed} move {len(played.moves)} ({action} by {player_id})"
            if check_leaks:
                check_no_leak(table, made, where, hidden_then)
            if check_json and json.loads(json.dumps(snapshot := table.snapshot())) != snapshot:
                raise RandomPlayFailure(f"{where}: the snapshot does not survive JSON (int keys? tuples?)")
            if invariants:
                invariants(table)
        if check_replay:
            again = replay(game_cls, players, played.options, seed, played.moves)
            if again.state_hash() != table.state_hash():
                raise RandomPlayFailure(f"seed {seed}: replay reaches another state")
        return played


@dataclass
class AuditReport:
    """What `audit_hidden_information` looked at, and every leak it found."""

    game: str
    games: int = 0
    moves: int = 0
    views: int = 0
    notifications: int = 0
    leaks: list[str] = field(default_factory=list)


def audit_hidden_information(game_cls: type[Game], games: int, *, seed_prefix: str = "audit",
                             options: dict | None = None, stop: Callable[[Table], bool] | None = None,
                             progress: Callable[[int], None] | None = None) -> AuditReport:
    """Seeded random games in which, after every move, each player's and a spectator's view and
    every notification they may fetch are checked against what is hidden from them (and for the
    table's seed). Leaks are counted and described, not raised, so one report covers a whole run."""
    report = AuditReport(game_cls.name)
    viewers = game_cls.max_players + 1
    for number in range(games):
        # A long seed: the check looks for the seed's text in every view.
        seed = f"{seed_prefix}-{game_cls.name}-{number:06d}"
        try:
            played = play_random_game(game_cls, seed, options=options, stop=stop, check_json=False,
                                      check_replay=False)
        except RandomPlayFailure as failure:
            if "can see" not in str(failure):
                raise
            report.leaks.append(str(failure))
        else:
            report.moves += len(played.moves)
            report.views += (len(played.moves) + 1) * viewers
            report.notifications += len(played.notifications)
        report.games += 1
        if progress:
            progress(report.games)
    return report


@contextlib.contextmanager
def fewer_collections():
    """Many short-lived dicts per move: collecting less often makes random play about 30% faster."""
    thresholds = gc.get_threshold()
    gc.set_threshold(100_000, 50, 100)
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)


def _pick(table: Table, chooser: random.Random, out_of_turn_rate: float, seed: Any) -> tuple[int, str, dict]:
    """A random player among those who may act (the active ones; sometimes the others too, for
    out-of-turn actions), then one of their legal actions. Players are asked in random order
    and only until one has a move: listing every move of every player costs too much."""
    active = table.active_players()
    candidates = list(active)
    if chooser.random() < out_of_turn_rate:
        candidates += [p for p in table.game.player_ids if p not in active]
    chooser.shuffle(candidates)
    for player_id in candidates:
        chosen = table.random_action(player_id, chooser)
        if chosen is not None:
            return player_id, *chosen
    raise RandomPlayFailure(f"seed {seed}: nobody has a legal action in {table.current_state.name}")


class IndexChooser:
    """Stands in for the rng of one draw: `randrange(n)` and `choice(seq)` give the index it was
    told. A fair rng gives each index equally often, so drawing once per index gives each outcome
    with its exact weight. Any other rng method fails: the check is only for single draws."""

    def __init__(self, index: int):
        self.index = index
        self.size: int | None = None

    def randrange(self, stop: int) -> int:
        self.size = stop
        return self.index

    def choice(self, seq):
        self.size = len(seq)
        return seq[self.index]


def move_key(move: tuple[str, dict] | None) -> str:
    return json.dumps(move, sort_keys=True)


def drawn_weights(table: Table, player_id: int) -> Counter:
    """How many of a draw's equally likely indexes make `table.random_action` give each move, for a
    game whose `random_action` draws once (randrange or choice). Equal to `listed_weights` when it
    draws each legal action exactly as `rng.choice(legal_actions)` would."""
    first = IndexChooser(0)
    drawn = [table.random_action(player_id, first)]
    if first.size is None:  # no draw: nothing to choose, or a single move
        return Counter(move_key(move) for move in drawn if move is not None)
    drawn += [table.random_action(player_id, IndexChooser(i)) for i in range(1, first.size)]
    return Counter(move_key(move) for move in drawn)


def listed_weights(table: Table, player_id: int) -> Counter:
    """Each legal action of `player_id`, counted as often as `legal_actions` lists it."""
    return Counter(move_key(move) for move in table.legal_actions(player_id))
