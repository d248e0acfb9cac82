"""The shared random-play test: seeded games played to the end by bots, with checks.

Every game's test suite calls `play_random_game` over many seeds, and `bga simulate` plays with
`play_game` and bots in the seats. After setup and after each move, `Checks` looks that no view and
no notification shows a viewer a token the game says is hidden from them (`Game.hidden_from`, as it
was when each notification was sent), that the snapshot survives a JSON round trip unchanged, and
the game's own invariants (`Game.broken_invariants`); at the end, that replaying the move log gives
the same state hash (`tests/test_every_game.py` compares the notifications too). A replay of a
failure file runs the same `Checks`, so it fails at the same move.
"""
from __future__ import annotations

import contextlib
import gc
import json
import random
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from framework.engine import PLAYING, ActionError, Game, Move, Notification, Table, replay
from framework.engine.views import leaves

# Who acts next and how, or None when nobody has a legal action: the random player, or bots in the seats.
Chooser = Callable[[Table], tuple[int, str, dict] | None]


class RandomPlayFailure(AssertionError):
    """A check failed, or a move raised, in a game played by bots. `played` is the game up to and
    including the failing move (set by `play_game`), so it can be written out and replayed."""

    played: Played | None = None


class ReplayMismatch(RandomPlayFailure):
    """The move log, replayed, reaches another state than the game played: something is not seeded."""


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


def move_label(number: int, move: Move) -> str:
    """How reports name a move: the words of `ReplayRefused`, so a failure reads the same everywhere."""
    return f"move {number} ({move.action} by {move.player})"


def raised(error: BaseException) -> str:
    """An exception a move raised, as a failure report says it."""
    reason = error.message if isinstance(error, ActionError) else str(error)
    return f"raised {type(error).__name__}: {reason}"


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


@dataclass(frozen=True)
class Checks:
    """What is checked after setup and after every move. Leaks cost the most (every view, each
    notification against what was hidden when it was sent); JSON and invariants are cheap."""

    leaks: bool = True
    json: bool = True
    invariants: bool = True

    def start(self, table: Table) -> Callable[[list[Notification], str], None]:
        """Watch `table` from before its setup runs; the function returned checks it after setup and
        after each move, given that move's notifications and a label for the report."""
        hidden_then = record_hidden_sets(table) if self.leaks else None

        def check(made: list[Notification], where: str) -> None:
            if self.leaks:
                check_no_leak(table, made, where, hidden_then)
            if self.json and json.loads(json.dumps(snapshot := table.snapshot())) != snapshot:
                raise RandomPlayFailure(f"{where}: the snapshot does not survive JSON (int keys? tuples?)")
            if self.invariants and (broken := table.game.broken_invariants()):
                raise RandomPlayFailure(f"{where}: invariant broken: {'; '.join(broken)}")

        return check

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, entry: dict) -> Checks:
        return cls(**{name: bool(entry.get(name)) for name in ("leaks", "json", "invariants")})


def play_game(
    game_cls: type[Game],
    seed: Any,
    choose: Chooser,
    *,
    options: dict | None = None,
    players: list[dict] | None = None,
    max_moves: int = 50_000,
    stop: Callable[[Table], bool] | None = None,
    checks: Checks = Checks(),  # noqa: B008 (frozen: one shared default is safe)
    check_replay: bool = True,
    after_move: Callable[[Table], None] | None = None,
    watch: Callable[[Table], None] | None = None,
) -> Played:
    """Play one seeded game, each move chosen by `choose`, until it ends (or `stop(table)` says so),
    with `checks` after setup and every move, `after_move(table)` (a test's own checks) after them,
    and replay equality at the end. A failure is a `RandomPlayFailure` that carries the game."""
    players = players or default_players(game_cls.max_players)
    with fewer_collections():
        table = Table(game_cls, players, game_cls.load_options(options), seed)
        if watch:  # before setup, so it sees the table's first step
            watch(table)
        check = checks.start(table)
        played = Played(table, players, table.options, seed)
        try:
            _play(played, choose, check, max_moves, stop, after_move)
            if check_replay:
                again = replay(game_cls, players, played.options, seed, played.moves)
                if again.state_hash() != table.state_hash():
                    raise ReplayMismatch(f"after move {table.move}: the move log replays to another state")
        except RandomPlayFailure as failure:
            failure.played = played
            failure.add_note(f"seed {seed!r}")
            raise
        return played


def _play(played: Played, choose: Chooser, check: Callable[[list[Notification], str], None], max_moves: int,
          stop: Callable[[Table], bool] | None, after_move: Callable[[Table], None] | None) -> None:
    table = played.table
    try:
        table.run_setup()
    except Exception as err:
        raise RandomPlayFailure(f"setup {raised(err)}") from err
    played.notifications.extend(table.take_notifications())
    check(played.notifications, "setup")
    while table.status == PLAYING and not (stop and stop(table)):
        if len(played.moves) >= max_moves:
            raise RandomPlayFailure(f"no end after {max_moves} moves")
        try:
            chosen = choose(table)
        except Exception as err:
            raise RandomPlayFailure(position_problem(table) or f"after move {table.move}: choosing a move "
                                    f"{raised(err)}") from err
        if chosen is None:
            raise RandomPlayFailure(position_problem(table) or f"after move {table.move}: no move drawn in "
                                    f"{table.current_state.name}, though legal_actions lists some")
        move = Move(*chosen)
        played.moves.append(move)  # before it is applied: a move that raises is the one to replay
        where = move_label(len(played.moves), move)
        try:
            made = table.apply(move.player, move.action, move.args, rollback=False)  # a refusal fails anyway
        except Exception as err:
            raise RandomPlayFailure(f"{where} {raised(err)}") from err
        played.notifications.extend(made)
        check(made, where)
        if after_move:
            after_move(table)


def position_problem(table: Table) -> str | None:
    """What stops play where the table stands: an active player's legal or heuristic moves raise, or
    no active player has a legal action (the game can never end). None when play can go on."""
    where = f"after move {table.move}"
    for player_id in table.active_players():
        try:
            table.legal_actions(player_id)
            table.game.heuristic_move(player_id)
        except Exception as err:
            return f"{where}: the moves of player {player_id} {raised(err)}"
    if any(table.legal_actions(player_id) for player_id in table.active_players()):
        return None
    return f"{where}: nobody has a legal action in {table.current_state.name}"


def random_player(seed: Any, out_of_turn_rate: float = 0.2) -> Chooser:
    """The random-play test's chooser: a random player among those who may act (sometimes one who is
    not active, for out-of-turn actions), then one of their legal actions, drawn with its weight."""
    chooser = random.Random(f"random-play:{seed}")
    return lambda table: _pick(table, chooser, out_of_turn_rate)


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
    check_invariants: bool = True,
    check_replay: bool = True,
    after_move: Callable[[Table], None] | None = None,
    watch: Callable[[Table], None] | None = None,
) -> Played:
    """Play one seeded game by random players until it ends (or `stop(table)` says so), checked.
    `watch(table)` is called before setup, to observe the table from its first step
    (`framework.designer.proof.observed_play`)."""
    return play_game(game_cls, seed, random_player(seed, out_of_turn_rate), options=options, players=players,
                     max_moves=max_moves, stop=stop, checks=Checks(check_leaks, check_json, check_invariants),
                     check_replay=check_replay, after_move=after_move, watch=watch)


@contextlib.contextmanager
def fewer_collections():
    """Many short-lived dicts per move: collecting less often makes random play about 30% faster."""
    thresholds = gc.get_threshold()
    gc.set_threshold(100_000, 50, 100)
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)


def _pick(table: Table, chooser: random.Random, out_of_turn_rate: float) -> tuple[int, str, dict] | None:
    """A random player among those who may act (the active ones; sometimes the others too, for
    out-of-turn actions), then one of their legal actions; None when nobody has one. Players are
    asked in random order and only until one has a move: listing every move of every player costs too much."""
    active = table.active_players()
    candidates = list(active)
    if chooser.random() < out_of_turn_rate:
        candidates += [p for p in table.game.player_ids if p not in active]
    chooser.shuffle(candidates)
    for player_id in candidates:
        chosen = table.random_action(player_id, chooser)
        if chosen is not None:
            return player_id, *chosen
    return None
