"""`bga arena`: two bots against each other on duplicate deals, and how much better one plays.

Every deal (a table seed) is played twice, the bots' seats swapped: the cards dealt depend on the
seed alone (bots draw from their own choosers, never the table's), so the luck of the deal cancels
in the pair. The bots sit in turn around the table (A, B, A, B), so at four seats partners share a
bot; the swapped game gives each seat to the other bot.

The statistics: the score difference per hand (bot A's seats minus bot B's, averaged over their
seats, divided by the hands the game played) is averaged over a deal's two games, and the deals'
mean is given with its 95% confidence interval (Student's t: the deals are the independent
samples). Games are won by the bot whose seat ranks first (the score, then the tie-break); a game
both bots' seats share the first place of is drawn. Thinking time is timed per move and bot.

What each bot decided (decisions.py): its actions, counted by name, and the game's declared player
statistics summed over its seats, both given per hand (per game where the game counts no hands).
"""
from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field

from framework.engine import FINISHED, Game, Table, ranks
from framework.engine.bots import BOTS, ExpertBot
from framework.engine.search import DEFAULT_ITERATIONS, DEFAULT_POLICY, DEFAULT_SECONDS
from framework.testing import default_players

from .decisions import action_label, add_counts, seat_statistics

DEFAULT_DEALS = 10
DEFAULT_MAX_MOVES = 5_000
# Two-sided 97.5% quantiles of Student's t for 1 to 30 degrees of freedom; 1.96 beyond.
T_975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
         2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048,
         2.045, 2.042)


@dataclass(frozen=True)
class ArenaSettings:
    """The two bots, the seeds, the expert's budget, the table options and the limits of a game."""

    bots: tuple[str, str] = ("expert", "heuristic")
    seed: str = "arena"
    iterations: int = DEFAULT_ITERATIONS
    seconds: float | None = DEFAULT_SECONDS  # None: no cap, the moves depend on the seeds alone
    policy: str = DEFAULT_POLICY
    options: dict | None = None
    hands: int | None = None          # stop a game after this many hands (None: play it to its end)
    max_moves: int = DEFAULT_MAX_MOVES

    def bot(self, level: str, seed: str):
        if BOTS[level] is ExpertBot:
            return ExpertBot(seed, self.iterations, self.seconds, self.policy)
        return BOTS[level](seed)


@dataclass
class ArenaGame:
    """One game of a deal: which bot sat where, the scores, and how long each bot thought."""

    deal: int
    swapped: bool
    levels: list[str]                 # by seat
    scores: list[tuple[int, int]] = field(default_factory=list)
    hands: int = 0
    moves: int = 0
    finished: bool = False
    think: dict[str, list[float]] = field(default_factory=dict)  # level -> seconds per move
    actions: dict[str, dict[str, int]] = field(default_factory=dict)  # level -> action label -> times made
    stats: dict[str, dict[str, float]] = field(default_factory=dict)  # level -> player statistic, its seats summed
    capped: int = 0                   # the expert's moves its seconds cap stopped short of its iterations

    def side_scores(self, level: str) -> float:
        seats = [seat for seat, lvl in enumerate(self.levels) if lvl == level]
        return sum(self.scores[seat][0] for seat in seats) / len(seats)

    def difference_per_hand(self, first: str, second: str) -> float:
        return (self.side_scores(first) - self.side_scores(second)) / max(self.hands, 1)

    def winner(self) -> str | None:
        """The bot whose seats alone rank first; None for a draw."""
        placed = ranks(dict(enumerate(self.scores)))
        first = {self.levels[seat] for seat, place in placed.items() if place == 1}
        return first.pop() if len(first) == 1 else None


def seat_levels(bots: tuple[str, str], seats: int, swapped: bool) -> list[str]:
    return [bots[(seat + swapped) % 2] for seat in range(seats)]


def play_arena_game(game: type[Game], deal: int, swapped: bool, settings: ArenaSettings) -> ArenaGame:
    """One game of deal `deal`; the table's seed is the deal's, whichever way the bots sit."""
    players = default_players(game.max_players)
    levels = seat_levels(settings.bots, len(players), swapped)
    table = Table.create(game, players, settings.options, f"{settings.seed}-{deal}")
    # Each bot's own seed depends on the deal and the seat's bot, not on where it sits.
    bots = {p["id"]: settings.bot(level, f"{settings.seed}-{deal}-{level}") for p, level in zip(players, levels,
                                                                                              strict=True)}
    by_player = dict(zip((p["id"] for p in players), levels, strict=True))
    result = ArenaGame(deal, swapped, levels, think={level: [] for level in settings.bots},
                       actions={level: {} for level in settings.bots})
    while table.status != FINISHED and table.move < settings.max_moves:
        if settings.hands is not None and (table.game.hands_played() or 0) >= settings.hands:
            break
        for player_id in sorted(table.active_players(), key=table.game.seat_of):
            started = time.perf_counter()
            chosen = bots[player_id].choose(table, player_id)
            if chosen is not None:
                level = by_player[player_id]
                result.think[level].append(time.perf_counter() - started)
                result.capped += isinstance(bots[player_id], ExpertBot) and bots[player_id].capped()
                add_counts(result.actions[level], {action_label(table, *chosen): 1})
                table.apply(player_id, *chosen, rollback=False)
                break
        else:
            raise RuntimeError(f"{game.name}: no bot has a move in {table.current_state.name} "
                               f"(deal {deal}, move {table.move})")
    all_scores = table.scores()
    result.scores = [all_scores[p["id"]] for p in players]
    result.hands, result.moves = table.game.hands_played() or 0, table.move
    result.finished = table.status == FINISHED
    result.stats = {level: seat_statistics(table, [p["id"] for p, lvl in zip(players, levels, strict=True)
                                                   if lvl == level])
                    for level in settings.bots}
    return result


def mean_interval(values: list[float]) -> tuple[float, float, float]:
    """The mean and its 95% confidence interval (Student's t); a single value has an unbounded one."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, -math.inf, math.inf
    df = len(values) - 1
    half = (T_975[df - 1] if df <= len(T_975) else 1.96) * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


@dataclass
class ArenaSummary:
    game: type[Game]
    settings: ArenaSettings
    games: list[ArenaGame] = field(default_factory=list)
    seconds: float = 0.0

    def deal_differences(self) -> list[float]:
        """Per deal, bot A's score difference per hand over bot B, averaged over the deal's two games."""
        first, second = self.settings.bots
        by_deal: dict[int, list[float]] = {}
        for played in self.games:
            by_deal.setdefault(played.deal, []).append(played.difference_per_hand(first, second))
        return [statistics.fmean(diffs) for _deal, diffs in sorted(by_deal.items())]

    def difference(self) -> tuple[float, float, float]:
        return mean_interval(self.deal_differences())

    def wins(self) -> dict[str | None, int]:
        """Games won by each bot, None for the draws."""
        counted: dict[str | None, int] = dict.fromkeys(self.settings.bots, 0)
        counted[None] = 0
        for played in self.games:
            counted[played.winner()] += 1
        return counted

    def think_times(self, level: str) -> tuple[float, float, int]:
        """Median and longest seconds per move of this bot, and its moves."""
        times = [t for played in self.games for t in played.think[level]]
        return (statistics.median(times), max(times), len(times)) if times else (0.0, 0.0, 0)

    def units(self) -> tuple[int, str]:
        """What the decisions are counted per: the hands played, or the games where none are counted."""
        hands = sum(g.hands for g in self.games)
        return (hands, "hand") if hands else (len(self.games), "game")

    def action_rates(self, level: str) -> dict[str, float]:
        """How often this bot made each action (decisions.action_label), its seats together, per hand
        (or game): the most frequent first."""
        counts: dict[str, float] = {}
        for played in self.games:
            add_counts(counts, played.actions.get(level, {}))
        units = max(self.units()[0], 1)
        return {label: n / units for label, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))}

    def statistic_rates(self, level: str) -> dict[str, float]:
        """The game's declared player statistics of this bot's seats, summed, per hand (or game), in
        the order the game declares them."""
        counts: dict[str, float] = dict.fromkeys(self.game.statistics.get("player", {}), 0)
        for played in self.games:
            add_counts(counts, played.stats.get(level, {}))
        units = max(self.units()[0], 1)
        return {name: n / units for name, n in counts.items()}

    def decision_lines(self) -> list[str]:
        _units, unit = self.units()
        declared = self.game.statistics.get("player", {})
        text = []
        for level in self.settings.bots:
            actions = self.action_rates(level)
            text.append(f"actions per {unit}, {level}: "
                        + (", ".join(f"{label} {rate:.2f}" for label, rate in actions.items()) or "none"))
            if declared:
                text.append(f"statistics per {unit}, {level}: " + ", ".join(
                    f"{declared[name].get('name', name)} {rate:.2f}"
                    for name, rate in self.statistic_rates(level).items()))
        return text

    def lines(self) -> list[str]:
        first, second = self.settings.bots
        mean, low, high = self.difference()
        wins, games = self.wins(), len(self.games)
        unfinished = sum(not g.finished for g in self.games)
        hands = sum(g.hands for g in self.games)
        text = [f"{self.game.name}: {games // 2} deals, {games} games ({hands} hands), {first} against {second}, "
                f"{self.seconds:.1f} s",
                f"score difference per hand, {first} minus {second}: {mean:+.2f} (95% interval {low:+.2f} to "
                f"{high:+.2f})",
                f"games won: {first} {wins[first]} ({wins[first] / games:.0%}), {second} {wins[second]} "
                f"({wins[second] / games:.0%}), drawn {wins[None]}"
                + (f"; {unfinished} stopped at a limit, won by the leader then" if unfinished else "")]
        capped = sum(g.capped for g in self.games)
        for level in self.settings.bots:
            median, longest, moves = self.think_times(level)
            text.append(f"time per move, {level}: median {median * 1000:.1f} ms, max {longest * 1000:.1f} ms "
                        f"over {moves} moves"
                        + (f"; {capped} stopped by the {self.settings.seconds:g} s cap (those depend on the "
                           "machine)" if capped and BOTS[level] is ExpertBot else ""))
        return text + self.decision_lines()


def arena(game: type[Game], deals: int, settings: ArenaSettings, jobs: int = 1,
          progress: Callable[[ArenaGame], None] = lambda played: None) -> ArenaSummary:
    """Play `deals` deals twice each, on `jobs` processes; the results do not depend on `jobs` (each
    game depends on its deal's seed only), though the times measured do when the cores are shared."""
    summary = ArenaSummary(game, settings)
    started = time.perf_counter()
    plays = [(deal, swapped) for deal in range(deals) for swapped in (False, True)]
    if jobs == 1:
        for deal, swapped in plays:
            summary.games.append(play_arena_game(game, deal, swapped, settings))
            progress(summary.games[-1])
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(play_arena_game, game, deal, swapped, settings) for deal, swapped in plays]
            for future in as_completed(futures):
                summary.games.append(future.result())
                progress(summary.games[-1])
        summary.games.sort(key=lambda g: (g.deal, g.swapped))
    summary.seconds = time.perf_counter() - started
    return summary
