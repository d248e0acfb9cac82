"""`bga arena`: duplicate deals (each deal twice, the bots' seats swapped), the score difference per
hand with its 95% interval, the games won, the time per move; the expert refused where a game
cannot determinize."""
import math

import pytest

from framework.designer.arena import (
    ArenaGame,
    ArenaSettings,
    ArenaSummary,
    arena,
    mean_interval,
    play_arena_game,
    seat_levels,
)
from framework.designer.decisions import action_label
from framework.engine import Table
from framework.testing import default_players
from games.dragon_phoenix import GAME as DRAGON_PHOENIX
from games.summon_dragon import GAME as SUMMON
from tests.conftest import TEST_GAMES, make_app
from tests.trick_game import Duel

DUEL = "tests.trick_game:Duel"
DRAW_ROUNDS = "tests.framework.designer.draw_rounds:DrawRounds"  # writes no determinize


@pytest.fixture
def cli_app(tmp_path):
    return make_app(f"sqlite:///{tmp_path / 'arena.sqlite'}", GAMES_EXTRA=[*TEST_GAMES, DUEL, DRAW_ROUNDS])


def run(app, *args):
    return app.test_cli_runner().invoke(args=list(args))


def played(deal, swapped, levels, scores, hands=2, finished=True):
    return ArenaGame(deal, swapped, levels, [(s, 0) for s in scores], hands, 10, finished,
                     {"expert": [0.5], "heuristic": [0.001]})


def test_the_interval_is_students_t_over_the_deals():
    mean, low, high = mean_interval([1.0, 2.0, 3.0, 4.0])
    half = 3.182 * math.sqrt(5 / 3) / 2  # t(3) * sd / sqrt(n)
    assert mean == 2.5 and low == pytest.approx(2.5 - half) and high == pytest.approx(2.5 + half)
    many = [float(n % 2) for n in range(100)]  # beyond 30 degrees of freedom: the normal's 1.96
    assert mean_interval(many)[2] - 0.5 == pytest.approx(1.96 * 0.5025 / 10, rel=1e-3)
    assert mean_interval([3.0]) == (3.0, -math.inf, math.inf)  # one deal tells nothing of the spread


def test_seats_alternate_and_the_swapped_game_gives_each_seat_the_other_bot():
    assert seat_levels(("expert", "heuristic"), 4, False) == ["expert", "heuristic", "expert", "heuristic"]
    assert seat_levels(("expert", "heuristic"), 4, True) == ["heuristic", "expert", "heuristic", "expert"]
    assert seat_levels(("expert", "heuristic"), 2, True) == ["heuristic", "expert"]


def test_the_difference_per_hand_is_averaged_over_a_deals_two_games_and_partners_count_once():
    summary = ArenaSummary(Duel, ArenaSettings())
    summary.games = [
        # deal 0: the expert's side ahead by 4 over 2 hands, then behind by 2 over 2 hands with the seats swapped
        played(0, False, ["expert", "heuristic", "expert", "heuristic"], [7, 3, 7, 3]),
        played(0, True, ["heuristic", "expert", "heuristic", "expert"], [5, 3, 5, 3]),
        # deal 1: ahead by 6 over 3 hands, and by 3 over 3 hands
        played(1, False, ["expert", "heuristic", "expert", "heuristic"], [9, 3, 9, 3], hands=3),
        played(1, True, ["heuristic", "expert", "heuristic", "expert"], [4, 7, 4, 7], hands=3),
    ]
    assert summary.deal_differences() == [0.5, 1.5]
    assert summary.difference()[0] == 1.0
    assert summary.wins() == {"expert": 3, "heuristic": 1, None: 0}
    assert summary.think_times("expert") == (0.5, 0.5, 4)


def test_a_shared_first_place_is_a_draw():
    tie = played(0, False, ["expert", "heuristic"], [5, 5])
    assert tie.winner() is None and tie.difference_per_hand("expert", "heuristic") == 0


def test_both_games_of_a_deal_are_dealt_the_same_cards():
    settings = ArenaSettings(("expert", "heuristic"), "same", iterations=20, options={"hand_size": 4, "hands": 1})
    hands = []
    for swapped in (False, True):
        table = Table.create(Duel, default_players(4), settings.options, f"{settings.seed}-0")
        hands.append(table.state.data["hands"])
        result = play_arena_game(Duel, 0, swapped, settings)
        assert result.finished and result.hands == 1 and sum(s for s, _ in result.scores) == 2 * 4  # 4 tricks
    assert hands[0] == hands[1]


def test_the_results_do_not_depend_on_the_processes():
    settings = ArenaSettings(("expert", "random"), "jobs", iterations=15, seconds=None,
                             options={"hand_size": 3, "hands": 1})
    alone = arena(Duel, 2, settings, jobs=1)
    shared = arena(Duel, 2, settings, jobs=2)
    assert [(g.deal, g.swapped, g.scores, g.actions) for g in alone.games] == [
        (g.deal, g.swapped, g.scores, g.actions) for g in shared.games]
    assert len(alone.games) == 4 and {g.swapped for g in alone.games} == {False, True}


def test_a_tiny_arena_prints_the_difference_the_wins_and_the_times(cli_app):
    result = run(cli_app, "arena", "duel", "--bots", "expert,heuristic", "--deals", "3", "--iterations", "40",
                 "--options", '{"hand_size": 4, "hands": 1}')
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("duel: 3 deals, 6 games (6 hands), expert against heuristic")
    assert lines[1].startswith("score difference per hand, expert minus heuristic: ") and "95% interval" in lines[1]
    assert lines[2].startswith("games won: expert ") and "drawn" in lines[2]
    assert lines[3].startswith("time per move, expert: median ") and lines[4].startswith("time per move, heuristic")
    # Each bot holds two of the four seats, and every seat plays its 4 cards a hand; Duel declares no statistics.
    assert lines[5:] == ["actions per hand, expert: playCard 8.00", "actions per hand, heuristic: playCard 8.00"]
    assert "duel: expert against heuristic: 6/6" in result.stderr  # the progress line


def test_the_arena_caps_each_search_as_a_table_does_and_counts_the_moves_it_cut_short(cli_app):
    """The seconds cap is on by default, as at a table, so the times printed are a player's; moves the
    cap cut short depend on the machine, so they are counted, and `--seconds 0` turns the cap off."""
    args = ("arena", "duel", "--deals", "1", "--iterations", "1000000", "--options", '{"hand_size": 2, "hands": 1}')
    result = run(cli_app, *args, "--seconds", "0.01")
    assert result.exit_code == 0, result.output
    expert = next(line for line in result.stdout.splitlines() if line.startswith("time per move, expert"))
    moves, capped = (int(part.split()[0]) for part in expert.split(" over ")[1].split("; "))
    assert 1 <= capped <= moves  # a forced move (one legal move) is not searched, so never capped
    assert expert.endswith("stopped by the 0.01 s cap (those depend on the machine)")
    assert "stopped by" not in next(line for line in result.stdout.splitlines() if "heuristic: median" in line)
    quick = run(cli_app, "arena", "duel", "--deals", "1", "--iterations", "5", "--seconds", "0",
                "--options", '{"hand_size": 2, "hands": 1}')
    assert quick.exit_code == 0 and "stopped by" not in quick.stdout


def test_the_expert_is_refused_where_the_game_cannot_determinize(cli_app):
    for args in (("arena", "draw_rounds", "--bots", "expert,random"), ("simulate", "draw_rounds", "--bot", "expert")):
        result = run(cli_app, *args)
        assert result.exit_code == 2, result.output
        assert "Draw Rounds (test game) has no expert bot" in result.stderr and "determinize" in result.stderr


def test_the_arena_needs_two_different_bots(cli_app):
    for bots in ("expert", "expert,expert", "expert,heuristic,random"):
        result = run(cli_app, "arena", "duel", "--bots", bots)
        assert result.exit_code == 2 and "give two different bots" in result.stderr
    result = run(cli_app, "arena", "duel", "--bots", "expert,genius")
    assert result.exit_code == 2 and "bots are random, heuristic, expert" in result.stderr


def test_simulate_seats_the_expert_where_the_game_determinizes(cli_app):
    result = run(cli_app, "simulate", "duel", "--bot", "expert,heuristic", "--games", "2", "--seed", "x",
                 "--options", '{"hand_size": 3, "hands": 1}')
    assert result.exit_code == 0, result.output
    assert "games: 2 of 2 finished, 0 unfinished, 0 failed" in result.output
    assert "duel: 2 games by expert,heuristic bots" in result.output and "actions taken: playCard 24" in result.output


# ----- what each bot decided: its actions by name and the game's player statistics, per hand ----------
def test_each_bots_actions_are_counted_over_its_seats():
    settings = ArenaSettings(("heuristic", "random"), "count", options={"hand_size": 4, "hands": 3})
    result = play_arena_game(Duel, 0, False, settings)
    assert result.finished and result.hands == 3
    # two seats each, 4 cards a seat, 3 hands: every card of the deal played once
    assert result.actions == {"heuristic": {"playCard": 24}, "random": {"playCard": 24}}
    assert result.stats == {"heuristic": {}, "random": {}}
    summary = ArenaSummary(Duel, settings, [result])
    assert summary.action_rates("random") == {"playCard": 8.0} and summary.statistic_rates("random") == {}


def test_a_game_counting_no_hands_gives_its_decisions_per_game():
    summary = ArenaSummary(Duel, ArenaSettings())
    summary.games = [ArenaGame(0, False, ["expert", "heuristic"], [(1, 0), (0, 0)], 0, 6, True,
                               {"expert": [0.1], "heuristic": [0.1]}, {"expert": {"playCard": 3}, "heuristic": {}})]
    assert summary.units() == (1, "game") and summary.action_rates("expert") == {"playCard": 3.0}
    assert summary.decision_lines() == ["actions per game, expert: playCard 3.00", "actions per game, heuristic: none"]


def test_an_action_is_named_with_its_yes_or_no_and_its_menu_choice_never_its_cards():
    table = Table.create(DRAGON_PHOENIX, default_players(4), None, "labels")
    assert table.current_state.name == "highFlight"
    assert action_label(table, "highFlight", {"call": True}) == "highFlight (call)"
    assert action_label(table, "highFlight", {"call": False}) == "highFlight (no call)"
    assert action_label(table, "takeOff", {}) == "takeOff"  # a game-wide action, allowed in this state
    summon = Table.create(SUMMON, default_players(4), None, "labels")
    bidder = summon.active_players()[0]
    assert action_label(summon, "bid", {"tricks": 7, "designation": "fire"}) == "bid (fire)"
    summon.apply(bidder, "bid", {"tricks": 13, "designation": "fire"})  # 13 ends the auction at once
    assert action_label(summon, "chooseOption", {"option": "summon"}) == "chooseOption (summon)"


def test_dragon_and_phoenix_calls_counted_as_actions_agree_with_the_games_statistics():
    summary = arena(DRAGON_PHOENIX, 3, ArenaSettings(("heuristic", "random"), "calls", hands=1))
    hands = summary.units()[0]
    assert summary.units()[1] == "hand" and hands == 6
    first_out = 0.0
    for level in ("heuristic", "random"):
        actions, stats = summary.action_rates(level), summary.statistic_rates(level)
        # every seat answers High Flight once a hand, and each bot holds two seats
        assert actions.get("highFlight (call)", 0) + actions.get("highFlight (no call)", 0) == 2
        assert actions.get("highFlight (call)", 0) + actions.get("takeOff", 0) == pytest.approx(stats["calls"])
        assert stats["calls_won"] + stats["calls_lost"] == pytest.approx(stats["calls"])
        first_out += stats["first_out"]
    assert first_out == pytest.approx(1)  # one player goes out first in each hand
    assert summary.statistic_rates("random")["calls"] > 0  # the random bot calls, the heuristic never does
    assert summary.statistic_rates("heuristic")["calls"] == 0


def test_summon_contracts_and_options_counted_as_actions_agree_with_the_games_statistics():
    summary = arena(SUMMON, 2, ArenaSettings(("heuristic", "random"), "contracts", hands=2))
    contracts = 0.0
    for level in ("heuristic", "random"):
        actions, stats = summary.action_rates(level), summary.statistic_rates(level)
        options = {label: rate for label, rate in actions.items() if label.startswith("chooseOption")}
        assert sum(options.values()) == pytest.approx(stats["contracts"])  # the winning bidder chooses once
        assert options.get("chooseOption (summon)", 0) >= stats["summons"]  # not counted: the Dragon in the kitty
        assert stats["contracts_made"] <= stats["contracts"]
        contracts += stats["contracts"]
    assert contracts == pytest.approx(1)  # one contract a hand
    lines = summary.lines()
    assert any(line.startswith("statistics per hand, random: Contracts won in the auction ") for line in lines)
