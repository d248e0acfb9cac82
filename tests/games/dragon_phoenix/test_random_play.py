"""The shared random-play test: seeded hands by random bots through the engine.
The harness checks after every move the game's own invariants (games/dragon_phoenix/invariants.py:
the 56 cards conserved, card points totalling 100 or a 200/0 double victory, totals and scores
agreeing), replay equality and (where asked) that no view or notification shows a card a player
may not see; these tests add after every hand that calls score +/-100/200 to the caller's team and
that a finished game ended at the target with the higher total."""
import pytest

from framework.testing import play_random_game
from games.dragon_phoenix import GAME

HANDS_PER_GAME = 8


class HandChecks:
    """The rules of each hand's end, checked once per scored hand; counts the hands."""

    def __init__(self):
        self.hands = 0
        self.double_victories = 0
        self.seen = None

    def __call__(self, table):
        data = table.state.data
        last = data["last_hand"]
        if last is not None and last["hand_number"] != self.seen:
            self.seen = last["hand_number"]
            self.check_hand(table, last)

    def check_hand(self, table, last):
        self.hands += 1
        seats = {str(p["id"]): seat for seat, p in enumerate(table.players)}
        if last["double"] is not None:
            self.double_victories += 1
        first = str(last["out"][0])
        bonus = [0, 0]
        for pid, call in last["calls_made"].items():
            if call:
                value = {"takeOff": 100, "highFlight": 200}[call]
                bonus[seats[pid] % 2] += value if pid == first else -value
        assert last["calls"] == bonus
        totals = table.state.data["totals"]
        if table.status == "finished":
            target = table.options["target"]
            assert max(totals) >= target and totals[0] != totals[1]
        else:
            assert not (max(totals) >= table.options["target"] and totals[0] != totals[1])


def stop_after(hands):
    return lambda table: table.state.data.get("hand_number", 0) > hands


def play(number, checks, **kwargs):
    options = {"target": 500} if number % 3 == 0 else {"wish": number % 5 != 1}
    # a string seed: the harness flags the seed's text in any view, and "6" is also a rank
    return play_random_game(GAME, f"dp-{number}", options=options, after_move=checks, stop=stop_after(HANDS_PER_GAME),
                            **kwargs)


def play_hands(first: int, hands: int, **kwargs) -> HandChecks:
    """Seeded games from number `first` on until `hands` hands have been scored."""
    checks, number = HandChecks(), first
    while checks.hands < hands:
        play(number, checks, **kwargs)
        number += 1
    return checks


@pytest.mark.slow
@pytest.mark.parametrize("block", range(3))
def test_random_hands_with_leak_checks(block):
    """Every check, leaks and JSON round trips included, on 3 x 40 hands."""
    checks = play_hands(block * 1000, 40)
    assert checks.hands >= 40


@pytest.mark.slow
@pytest.mark.parametrize("block", range(8))
def test_random_hands_invariants_and_replay(block):
    """Invariants and replay equality on 8 x 250 hands: 2,000 hands (besides the 120 above)."""
    checks = play_hands(100_000 + block * 1000, 250, check_leaks=False, check_json=False)
    assert checks.hands >= 250 and checks.double_victories > 0
