"""`bga simulate`: many games played in-process by bots, each checked as the random-play test
checks (`framework.testing.play_game`), and summed up.

A game ends one of three ways here:
- finished: it reached its end;
- unfinished: it hit the hand limit (`--hands`) or the move limit: counted, not an error, and
  reported with where the scores were heading (a game whose scores move away from its target
  never ends, whatever the limit);
- failed: a move or a bot raised, a check failed (a leak, a broken invariant, a snapshot JSON
  cannot keep, a replay that reaches another state): reported with a file that `bga replay`
  fails on at the same move, with the same words.
"""
from __future__ import annotations

import math
import os
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field

from framework.engine import FINISHED, Game, Table, ranks
from framework.engine.bots import BOTS, SeatedBots
from framework.testing import Checks, RandomPlayFailure, ReplayMismatch, default_players, play_game

__all__ = ["BOTS", "DEFAULT_BOTS", "DEFAULT_GAMES", "DEFAULT_MAX_MOVES", "GameResult", "Settings", "Summary",
           "play_one", "simulate"]

# Defaults chosen so the first command a designer types answers in seconds on every shipped game:
# heuristic bots, because random ones make random calls and bids (High Flight, Take-off, 13-trick
# contracts) whose penalties drive both teams' scores down for ever, so no game reaches its target;
# a game without a heuristic bot plays randomly anyway (the heuristic bot falls back on a random
# legal move). 20 games give a first answer; the move limit bounds a game that never ends (the
# shipped games end in 300 to 2,000 moves with these bots) at a few seconds.
DEFAULT_GAMES = 20
DEFAULT_BOTS = "heuristic"
DEFAULT_MAX_MOVES = 5_000

FAILED, UNFINISHED = "failed", "unfinished"
HAND_LIMIT, MOVE_LIMIT = "hand limit", "move limit"


@dataclass(frozen=True)
class Settings:
    """How each game is played: the bots by seat, the seeds, the table options, the limits, the checks."""

    levels: tuple[str, ...] = (DEFAULT_BOTS,)
    seed: str = "0"  # game n plays with the seed f"{seed}-{n}"
    options: dict | None = None
    check_leaks: bool = False
    hands: int | None = None
    max_moves: int = DEFAULT_MAX_MOVES

    @property
    def checks(self) -> Checks:
        return Checks(leaks=self.check_leaks, json=True, invariants=True)


@dataclass
class GameResult:
    """One simulated game, as the summary and the report need it (sent back from a worker process)."""

    number: int
    seed: str
    outcome: str  # "finished", "unfinished" or "failed"
    moves: int = 0
    hands: int | None = None  # None: the game does not count hands
    scores: list[tuple[int, int]] = field(default_factory=list)  # (score, tie-break) by seat
    trend: list[list[int]] = field(default_factory=list)  # scores by seat at the start and after each hand
    actions: Counter = field(default_factory=Counter)  # (state name, action) -> times taken
    stopped: str | None = None  # for an unfinished game: which limit
    error: str | None = None  # for a failed game: what failed, where
    failure_file: dict | None = None  # for a failed game: the export `bga replay` fails on
    process: int = 0

    @property
    def winners(self) -> list[int]:
        """The seats ranked first: the best score, then the best tie-break (BGA's score_aux). Seats that
        share both (partners, a tie) all win."""
        placed = ranks(dict(enumerate(self.scores)))
        return [seat for seat, place in placed.items() if place == 1]


def play_one(game: type[Game], number: int, settings: Settings) -> GameResult:
    """Game `number` of a simulation, played and checked; never raises for what the game does."""
    seed = f"{settings.seed}-{number}"
    players = default_players(game.max_players)
    bots = SeatedBots([p["id"] for p in players], list(settings.levels), seed)
    result = GameResult(number, seed, FINISHED, process=os.getpid())
    ids = [p["id"] for p in players]

    def choose(table: Table) -> tuple[int, str, dict] | None:
        chosen = bots(table)
        if chosen is not None:
            result.actions[table.current_state.name, chosen[1]] += 1
        return chosen

    def scores(table: Table) -> list[int]:
        by_player = table.scores()
        return [by_player[pid][0] for pid in ids]

    def after_move(table: Table) -> None:
        hands = table.game.hands_played()
        if hands is not None and hands >= len(result.trend):  # trend[0] is the start: hand n is at n
            result.trend.append(scores(table))

    def stop(table: Table) -> bool:
        if not result.trend:
            result.trend.append(scores(table))
        if settings.hands is not None and (table.game.hands_played() or 0) >= settings.hands:
            result.stopped = HAND_LIMIT
        elif table.move >= settings.max_moves:
            result.stopped = MOVE_LIMIT
        return result.stopped is not None

    try:
        # `stop` ends the game at a limit as unfinished, before play_game's own limit would call it a failure.
        played = play_game(game, seed, choose, options=settings.options, players=players, stop=stop,
                           checks=settings.checks, after_move=after_move, max_moves=settings.max_moves + 1)
    except RandomPlayFailure as failure:
        result.outcome, result.error = FAILED, str(failure)
        if failure.played is not None:
            result.moves = len(failure.played.moves)
            result.failure_file = failure_file(game, failure, settings)
        return result
    table = played.table
    result.moves, result.hands = len(played.moves), table.game.hands_played()
    result.scores = [table.scores()[pid] for pid in ids]
    if table.status != FINISHED:
        result.outcome = UNFINISHED
    return result


def failure_file(game: type[Game], failure: RandomPlayFailure, settings: Settings) -> dict:
    """The failed game in the export format `bga replay` reads, the failing move included, with the
    checks that failed it, so a replay fails there too."""
    played = failure.played
    # A replay that reaches another state shows as a final hash that differs: keep the one played.
    state_hash = played.table.state_hash() if isinstance(failure, ReplayMismatch) else None
    return {"game": game.name, "version": game.version, "options": played.options, "seed": played.seed,
            "players": played.players, "moves": [m.to_json() for m in played.moves], "move": len(played.moves),
            "state_hash": state_hash, "checks": settings.checks.to_json(), "failure": str(failure)}


@dataclass
class Summary:
    """Every game's result, and what is read from them."""

    game: type[Game]
    settings: Settings
    results: list[GameResult] = field(default_factory=list)
    seconds: float = 0.0

    def outcome(self, name: str) -> list[GameResult]:
        return [r for r in self.results if r.outcome == name]

    @property
    def finished(self) -> list[GameResult]:
        return self.outcome(FINISHED)

    @property
    def unfinished(self) -> list[GameResult]:
        return self.outcome(UNFINISHED)

    @property
    def failed(self) -> list[GameResult]:
        return self.outcome(FAILED)

    @property
    def seats(self) -> int:
        return self.game.max_players

    @property
    def processes(self) -> int:
        return len({r.process for r in self.results})

    @property
    def actions(self) -> int:
        return sum(r.moves for r in self.results)

    def level(self, seat: int) -> str:
        return self.settings.levels[seat % len(self.settings.levels)]

    def mean_scores(self, results: list[GameResult]) -> list[float]:
        return [sum(r.scores[seat][0] for r in results) / len(results) for seat in range(self.seats)]

    def wins_by_seat(self) -> list[int]:
        wins = Counter(seat for r in self.finished for seat in r.winners)
        return [wins[seat] for seat in range(self.seats)]

    def wins_by_bot(self) -> Counter:
        return Counter(self.level(seat) for r in self.finished for seat in r.winners)

    def shared_wins(self) -> int:
        """Finished games whose first place several seats share (partners always do)."""
        return sum(len(r.winners) > 1 for r in self.finished)

    def win_rates(self) -> list[tuple[float, float, float]]:
        """By seat: the share of finished games won, and its 95% Wilson confidence interval."""
        games = len(self.finished)
        return [wilson(wins, games) for wins in self.wins_by_seat()]

    def stopped_at(self, limit: str) -> int:
        return sum(r.stopped == limit for r in self.unfinished)

    def score_trend(self) -> tuple[list[float], str] | None:
        """How the unfinished games' scores moved, by seat on average: per hand where the game counts
        hands, else per 100 moves. None when every game finished."""
        games = self.unfinished
        if not games:
            return None
        if all(len(r.trend) > 1 for r in games):
            per = [[(r.trend[-1][s] - r.trend[0][s]) / (len(r.trend) - 1) for s in range(self.seats)] for r in games]
            unit = "hand"
        else:
            per = [[100 * (r.scores[s][0] - r.trend[0][s]) / max(r.moves, 1) for s in range(self.seats)]
                   for r in games]
            unit = "100 moves"
        return [sum(p[seat] for p in per) / len(per) for seat in range(self.seats)], unit

    def actions_by_state(self) -> dict[str, Counter]:
        """How often each action was taken in each state, over every game."""
        by_state: dict[str, Counter] = {}
        for r in self.results:
            for (state, action), count in r.actions.items():
                by_state.setdefault(state, Counter())[action] += count
        return by_state


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float, float]:
    """The observed rate with its Wilson score interval (sound for rates near 0 or 1 and small samples)."""
    if trials == 0:
        return 0.0, 0.0, 1.0
    rate = successes / trials
    centre = (rate + z * z / (2 * trials)) / (1 + z * z / trials)
    spread = z * math.sqrt(rate * (1 - rate) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return rate, max(0.0, centre - spread), min(1.0, centre + spread)


def simulate(game: type[Game], count: int, settings: Settings, jobs: int = 1,
             progress: Callable[[GameResult], None] = lambda result: None) -> Summary:
    """Play `count` games, on `jobs` processes; `progress` hears of each game as it ends. The results
    are the same whatever `jobs` is: each game depends on its own seed only."""
    summary = Summary(game, settings)
    started = time.perf_counter()
    if jobs == 1:
        for number in range(count):
            summary.results.append(play_one(game, number, settings))
            progress(summary.results[-1])
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(play_one, game, number, settings) for number in range(count)]
            for future in as_completed(futures):
                summary.results.append(future.result())
                progress(summary.results[-1])
        summary.results.sort(key=lambda r: r.number)
    summary.seconds = time.perf_counter() - started
    return summary
