"""The golden check: recorded games of the three games and the tests' own game replay on today's
code with the same notifications, views, legal actions, zombie moves and state hashes after every
move, and random_action draws the same moves (tests/golden/record.py writes the recordings)."""
import pytest

from tests.golden.record import PLAN, games, planned, play, read_fixture


@pytest.mark.parametrize("name", sorted(PLAN))
def test_recorded_games_play_out_as_recorded(name):
    game_cls, recorded = games()[name], read_fixture(name)
    for seed, options, most in planned(name):
        expected = recorded[seed]
        checked = 0
        for line, observed in play(game_cls, seed, options, most, expected):
            want = expected[line["move"]]
            assert {k: want[k] for k in line} == line, f"{seed}: the recording and the replay disagree on the move"
            differ = [k for k in observed if observed[k] != want[k]]
            assert not differ, f"{name} {seed} move {line['move']} ({line.get('action', 'setup')}): {differ} changed"
            checked += 1
        assert checked == len(expected), f"{seed}: {len(expected)} lines recorded, {checked} replayed"
