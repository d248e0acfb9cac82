"""`bga simulate`: finished, unfinished and failed games told apart; hand and move limits; leak
checks judged by what was hidden when each notification was sent; failure files that replay to the
same failure; the game's invariants; several processes; the progress line; the HTML report."""
import json
import os
import sys

import pytest

from framework.designer.simulate import GameResult, Settings, simulate, wilson
from tests.conftest import TEST_GAMES, make_app
from tests.sample_game import Climb

from .draw_rounds import DrawRounds

DRAW_GAMES = ["tests.framework.designer.draw_rounds:DrawRounds", "tests.framework.designer.draw_rounds:ShownDraws"]


@pytest.fixture
def cli_app(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # failure files are written in the working folder
    return make_app(f"sqlite:///{tmp_path / 'simulate.sqlite'}", GAMES_EXTRA=TEST_GAMES + DRAW_GAMES)


@pytest.fixture(scope="module")
def shipped_app(tmp_path_factory):
    return make_app(f"sqlite:///{tmp_path_factory.mktemp('shipped') / 'x.sqlite'}", GAMES=None)


def run(app, *args):
    return app.test_cli_runner().invoke(args=list(args))


def line(output: str, start: str) -> str:
    return next(text for text in output.splitlines() if text.startswith(start))


def test_simulate_prints_a_summary(cli_app):
    result = run(cli_app, "simulate", "climb", "--games", "12", "--bot", "random,heuristic", "--seed", "s")
    assert result.exit_code == 0, result.output
    assert "games: 12 of 12 finished, 0 unfinished, 0 failed" in result.output
    assert "wins by bot: heuristic:" in result.output and "actions taken: " in result.output


def test_random_bots_in_a_game_that_never_ends_are_unfinished_with_the_score_trend(shipped_app):
    """Random calls and bids drive Dragon and Phoenix scores down for ever: the hand limit stops each
    game, which is counted as unfinished (not failed), with where the scores were heading."""
    result = run(shipped_app, "simulate", "dragon_phoenix", "--bot", "random", "--hands", "2", "--games", "3",
                 "--seed", "trend")
    assert result.exit_code == 0, result.output
    assert "games: 0 of 3 finished, 3 unfinished, 0 failed" in result.output
    assert "unfinished: 3 games stopped, 3 at the hand limit (2), 0 at the move limit" in result.output
    trend = line(result.output, "score trend per hand by seat: ")
    changes = [float(part.split(": ")[1].split()[0]) for part in trend.split("seat: ")[1].split(", ")]
    assert len(changes) == 4 and changes[0] == changes[2]  # partners share their team's score


def test_the_move_limit_stops_a_game_as_unfinished(cli_app):
    result = run(cli_app, "simulate", "draw_rounds", "--max-moves", "3", "--games", "4", "--seed", "m")
    assert result.exit_code == 0, result.output
    assert "games: 0 of 4 finished, 4 unfinished, 0 failed" in result.output
    assert "4 at the move limit (3)" in result.output
    assert "score trend per hand by seat" in result.output  # Draw Rounds counts its rounds as hands


def test_hands_stops_each_game_after_that_many_hands():
    summary = simulate(DrawRounds, 6, Settings(seed="h", hands=2))
    assert [r.hands for r in summary.results] == [2] * 6
    assert all(r.outcome == "unfinished" and len(r.trend) == 3 for r in summary.results)  # start + 2 hands


def test_hands_needs_a_game_that_counts_hands(cli_app):
    result = run(cli_app, "simulate", "climb", "--hands", "2")
    assert result.exit_code == 2 and "climb does not count hands: it defines no Game.hands_played" in result.output


def test_options_are_checked_before_any_game_is_played(cli_app):
    result = run(cli_app, "simulate", "climb", "--options", '{"hand_size": 9}')
    assert result.exit_code == 2 and "Invalid value for --options: {'hand_size'" in result.output
    assert "games:" not in result.output
    assert run(cli_app, "simulate", "climb", "--options", "{nope").exit_code == 2


def test_check_leaks_judges_each_notification_by_what_was_hidden_when_it_was_sent(cli_app):
    """The last draw of a round is told to its player in the move that deals the next round, where
    the card may go to the other player: that is no leak. Showing the drawn card to everyone is."""
    fair = run(cli_app, "simulate", "draw_rounds", "--games", "40", "--check-leaks", "--seed", "leaks")
    assert fair.exit_code == 0 and "games: 40 of 40 finished, 0 unfinished, 0 failed" in fair.output, fair.output
    leaky = run(cli_app, "simulate", "shown_draws", "--games", "3", "--check-leaks", "--seed", "leaks")
    assert leaky.exit_code == 1 and "3 failed" in leaky.output
    assert "FAILED seed leaks-0: move 1 (draw by 101): viewer 108 can see hidden" in leaky.output


def replays_the_same_failure(app, output: str, seed: str) -> str:
    """The failure printed for `seed`, and what `bga replay` of its file says: the same words, at the same move."""
    printed = line(output, f"FAILED seed {seed}: ").split(": ", 1)[1]
    assert f"reproduce: bga replay simulate-failure-{seed}.json" in output
    replayed = run(app, "replay", f"simulate-failure-{seed}.json", "--verify")
    assert replayed.exit_code == 1
    assert f"error: {printed}" in replayed.output, (printed, replayed.output)
    return printed


def test_a_leak_replays_to_the_same_leak_at_the_same_move(cli_app):
    result = run(cli_app, "simulate", "shown_draws", "--games", "1", "--check-leaks", "--seed", "shown")
    printed = replays_the_same_failure(cli_app, result.output, "shown-0")
    assert printed.startswith("move 1 (draw by 101): viewer 108 can see hidden")


def test_a_rules_bug_replays_to_the_same_error_at_the_same_move(cli_app, monkeypatch):
    original = Climb.legal_actions

    def sometimes_wrong(self, player_id):  # a rules bug: offers a card the player does not hold
        moves = original(self, player_id)
        if self.table.current_state.name == "playerTurn" and len(self.data["pile"]) == 3:
            return [("playCard", {"card": "0z"})]
        return moves

    monkeypatch.setattr(Climb, "legal_actions", sometimes_wrong)
    result = run(cli_app, "simulate", "climb", "--games", "2", "--seed", "bug")
    assert result.exit_code == 1 and "games: 0 of 2 finished, 0 unfinished, 2 failed" in result.output
    printed = replays_the_same_failure(cli_app, result.output, "bug-0")
    assert "(playCard by " in printed and printed.endswith("raised UserError: You do not have that card.")
    with open("simulate-failure-bug-0.json") as file:
        saved = json.load(file)
    assert saved["moves"][-1]["args"] == {"card": "0z"}  # the failing move is in the file


def test_a_crash_in_the_rules_replays_to_the_same_crash_with_its_traceback(cli_app, monkeypatch):
    original = Climb.cheer

    def crashing_cheer(self, player_id):  # a bug that is no refusal: the rules raise something else
        if len(self.data["pile"]) >= 2:
            raise KeyError("cheers")
        return original(self, player_id)

    monkeypatch.setattr(Climb, "cheer", crashing_cheer)
    result = run(cli_app, "simulate", "climb", "--games", "3", "--bot", "random", "--seed", "crash")
    seed = line(result.output, "FAILED seed ").split()[2].rstrip(":")
    printed = replays_the_same_failure(cli_app, result.output, seed)
    assert printed.endswith("raised KeyError: 'cheers'") and "(cheer by " in printed
    replayed = run(cli_app, "replay", f"simulate-failure-{seed}.json")
    assert "Traceback" in replayed.output and "crashing_cheer" in replayed.output


def test_a_crash_in_the_heuristic_bot_replays_to_the_same_position(cli_app, monkeypatch):
    def crashing_bot(self, player_id):
        if len(self.data["pile"]) == 2:
            raise ValueError("no idea")
        return None

    monkeypatch.setattr(Climb, "heuristic_move", crashing_bot)
    result = run(cli_app, "simulate", "climb", "--games", "1", "--seed", "bot")
    printed = replays_the_same_failure(cli_app, result.output, "bot-0")
    assert printed.startswith("after move ") and printed.endswith("raised ValueError: no idea")


def test_a_broken_invariant_fails_the_game_and_replays_to_the_same_move(cli_app, monkeypatch):
    def broken_after_three_cards(self):  # the game declares an invariant its rules break
        return ["the pile may not hold 3 cards"] if len(self.data["pile"]) == 3 else []

    monkeypatch.setattr(Climb, "broken_invariants", broken_after_three_cards)
    result = run(cli_app, "simulate", "climb", "--games", "1", "--seed", "inv")
    assert result.exit_code == 1
    printed = replays_the_same_failure(cli_app, result.output, "inv-0")
    assert printed.endswith("invariant broken: the pile may not hold 3 cards")


def test_a_game_that_cannot_go_on_fails_and_replays_to_the_same_position(cli_app, monkeypatch):
    original = Climb.legal_actions

    def stuck_at_the_third_card(self, player_id):
        return [] if len(self.data["pile"]) == 3 else original(self, player_id)

    monkeypatch.setattr(Climb, "legal_actions", stuck_at_the_third_card)
    result = run(cli_app, "simulate", "climb", "--games", "1", "--seed", "stuck")
    printed = replays_the_same_failure(cli_app, result.output, "stuck-0")
    assert "nobody has a legal action in" in printed


def test_jobs_play_on_other_processes_with_the_same_results(cli_app):
    one = simulate(DrawRounds, 8, Settings(levels=("random",), seed="jobs"))
    two = simulate(DrawRounds, 8, Settings(levels=("random",), seed="jobs"), jobs=2)
    assert {r.process for r in one.results} == {os.getpid()}
    assert os.getpid() not in {r.process for r in two.results}
    assert [(r.seed, r.scores, r.moves, r.trend) for r in two.results] == \
        [(r.seed, r.scores, r.moves, r.trend) for r in one.results]
    printed = run(cli_app, "simulate", "draw_rounds", "--games", "6", "--jobs", "2", "--seed", "j")
    assert printed.exit_code == 0 and "games: 6 of 6 finished" in printed.output


def test_the_progress_line_counts_outcomes_and_ends_with_a_newline(cli_app):
    result = run(cli_app, "simulate", "draw_rounds", "--games", "5", "--max-moves", "4", "--seed", "p")
    assert result.stderr.endswith("\n")
    progress = result.stderr.splitlines()[-1]
    assert progress.startswith("draw_rounds: 5/5, 5 unfinished, ")
    assert f"{progress}\ngames: 0 of 5 finished, 5 unfinished, 0 failed\n" in result.output  # a line of its own


def test_ties_count_a_win_for_every_seat_sharing_the_best_score_then_tie_break(shipped_app):
    assert GameResult(0, "s", "finished", scores=[(5, 0), (3, 0), (5, 0)]).winners == [0, 2]
    assert GameResult(0, "s", "finished", scores=[(5, 1), (3, 0), (5, 0)]).winners == [0]
    result = run(shipped_app, "simulate", "summon_dragon", "--games", "2", "--seed", "ties")
    assert "ties: a seat wins when no seat has a better score, then tie-break (score_aux): seats that share " \
           "both (partners, ties) each count a win; 2 of 2 games had a shared first place" in result.output
    wins = line(result.output, "wins by seat: ")
    assert sum(int(part.split(": ")[1].split()[0]) for part in wins[len("wins by seat: "):].split("), ")) == 4


def test_win_rates_have_wilson_intervals():
    rate, low, high = wilson(8, 10)
    assert (rate, round(low, 3), round(high, 3)) == (0.8, 0.49, 0.943)
    assert wilson(0, 5)[1] == 0.0 and wilson(5, 5)[2] == 1.0


@pytest.mark.slow
def test_report_writes_one_page_of_charts(cli_app, tmp_path):
    result = run(cli_app, "simulate", "draw_rounds", "--games", "12", "--bot", "random", "--seed", "r",
                 "--report", str(tmp_path / "report"))
    assert result.exit_code == 0, result.output
    page = (tmp_path / "report" / "index.html").read_text()
    assert f"report: {tmp_path / 'report' / 'index.html'}" in result.output
    for title in ("Score distribution by seat", "Win rate by seat", "Game length", "Score trend", "Actions by state"):
        assert f"<h2>{title}</h2>" in page
    assert page.count("<svg") == 5 and "95% interval" in page
    assert ">draw<" in page or ">draw</text>" in page  # the action, named in the actions chart
    assert "report: 5/5" in result.stderr  # the charts' progress


def test_report_without_matplotlib_says_how_to_install_it_before_playing(cli_app, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    result = run(cli_app, "simulate", "climb", "--report", str(tmp_path / "r"))
    assert result.exit_code == 1 and "pip install 'bga-flask[report]'" in result.output
    assert "games:" not in result.output
