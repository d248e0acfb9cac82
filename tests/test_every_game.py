"""Every registered game plugin, whatever it is: seeded games by random bots with the fewest and the
most seats, checked after every move by the shared harness (no view or notification shows what
`hidden_from` hides, the snapshot survives JSON), then replayed from the move log to the same state
and the same notifications. A game joins by being registered (its `bga_framework.games` entry
point): no list of games here. Each game's own tests go further (its rules, whole games, invariants).
A game that writes `determinize` has it checked here too (`framework.testing.check_determinize`)."""
import pytest

from framework.engine import replay
from framework.engine.plugins import discover_games
from framework.testing import check_determinize, default_players, play_random_game

GAMES = discover_games()
SEEDS = 3
MAX_MOVES = 300  # whole games where they are short; a long game's first hands otherwise


def test_plugins_are_registered_under_their_names():
    assert GAMES and all(game.name == name for name, game in GAMES.items())


@pytest.mark.parametrize("number", range(SEEDS))
@pytest.mark.parametrize("name", sorted(GAMES))
def test_random_games_are_checked_and_replay(name, number):
    game = GAMES[name]
    seats = game.min_players if number == 0 else game.max_players
    played = play_random_game(game, f"every-game-{name}-{number}", players=default_players(seats),
                              stop=lambda table: table.move >= MAX_MOVES)
    assert played.moves and (played.table.status == "finished" or played.table.move == MAX_MOVES)
    notifications = []
    again = replay(game, played.players, played.options, played.seed, played.moves,
                   on_setup=lambda table, made: notifications.extend(made),
                   on_move=lambda table, number, move, made: notifications.extend(made))
    assert again.state_hash() == played.table.state_hash()
    assert notifications == played.notifications
    # Under other player ids (a fork's stand-ins) the same moves give each seat the same game: a
    # player named in an argument must be declared `PlayerId`, or the replay goes elsewhere.
    renames = {p["id"]: p["id"] + 1000 for p in played.players}
    others = [{"id": renames[p["id"]], "name": p["name"]} for p in played.players]
    moved = replay(game, others, played.options, played.seed, played.moves, renames=renames)
    assert (moved.move, moved.current_state) == (played.table.move, played.table.current_state)
    assert moved.scores() == {renames[player]: score for player, score in played.table.scores().items()}


# ----- determinize: the expert bot's guess at the hidden cards, for each game that writes one ---------
DETERMINIZING = sorted(name for name, game in GAMES.items() if game.can_determinize())
QUICK_POSITIONS, SLOW_POSITIONS = 200, 3_000


def test_a_game_with_determinize_is_checked_here():
    assert "zhubu_shengji" in DETERMINIZING  # a game that writes one is never skipped unnoticed


@pytest.mark.parametrize("name", DETERMINIZING)
def test_determinize_keeps_the_view_and_moves_hidden_cards(name):
    report = check_determinize(GAMES[name], QUICK_POSITIONS, seed_prefix="every-game")
    assert report.positions == QUICK_POSITIONS and not report.pinned


@pytest.mark.slow
@pytest.mark.parametrize("name", DETERMINIZING)
def test_determinize_over_thousands_of_positions(name):
    report = check_determinize(GAMES[name], SLOW_POSITIONS, seed_prefix="every-game-slow")
    assert report.positions == SLOW_POSITIONS and report.games > 5 and not report.pinned
