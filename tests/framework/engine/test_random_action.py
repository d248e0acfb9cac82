"""`Game.random_action` draws over every move `Game.legal_actions` lists, the game-wide actions
included, each as likely as in `rng.choice(legal_actions)`, though a state's own `random_action`
draws among its own moves only: a new game's override need not know of the game-wide actions."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from marshmallow import fields

from framework.engine import ACTIVE_PLAYER, Game, State, Table, action
from framework.testing import move_key

NUMBERS = 7
PLAYERS = [{"id": 1, "name": "Anna"}, {"id": 2, "name": "Ben"}]


class Guess(State):
    """The active player names a number; their own draw picks one without listing them."""

    id = 2
    type = ACTIVE_PLAYER
    description = "${actplayer} must guess"

    @action({"number": fields.Integer(required=True)})
    def guess(self, player_id, number):
        self.game.gamestate.change_active_player(self.game.player_after(player_id))

    def legal_actions(self, player_id):
        if not self.game.gamestate.is_player_active(player_id):
            return []
        return [("guess", {"number": n}) for n in range(NUMBERS)]

    def random_action(self, player_id, rng):
        if not self.game.gamestate.is_player_active(player_id):
            return None
        return "guess", {"number": rng.randrange(NUMBERS)}


class CountedGuess(Guess):
    """The same, with its moves counted without listing them."""

    def legal_action_count(self, player_id):
        return NUMBERS if self.game.gamestate.is_player_active(player_id) else 0


class Shout(Game):
    """Two game-wide actions: anyone may shout out of turn, the active player may also sing."""

    name = "shout"
    states = [Guess]

    def setup(self):
        self.gamestate.change_active_player(self.player_ids[0])
        return self.states[0]

    @action({}, out_of_turn=True)
    def shout(self, player_id):
        pass

    @action({})
    def sing(self, player_id):
        pass

    def global_legal_actions(self, player_id):
        active = self.gamestate.is_player_active(player_id)
        return [("shout", {}), ("sing", {})] if active else [("shout", {})]


class CountedShout(Shout):
    name = "counted_shout"
    states = [CountedGuess]


class EndOfScript(Exception):
    """The draw asked for more than the script holds: try each index of it."""

    def __init__(self, size: int):
        super().__init__(size)
        self.size = size


class Scripted:
    """Stands in for the rng: each draw (`randrange(n)`, `choice(seq)`) gives the next index of the script."""

    def __init__(self, script: tuple[int, ...]):
        self.script = list(script)

    def randrange(self, stop: int) -> int:
        if not self.script:
            raise EndOfScript(stop)
        return self.script.pop(0)

    def choice(self, seq):
        return seq[self.randrange(len(seq))]


def drawn_odds(table: Table, player_id: int) -> Counter:
    """Each move's chance of being drawn, exactly: every sequence of draws is followed, however many
    draws a move takes (the game-wide pick, then the state's own)."""
    odds: Counter = Counter()
    scripts = [((), Fraction(1))]
    while scripts:
        script, chance = scripts.pop()
        try:
            move = table.random_action(player_id, Scripted(script))
        except EndOfScript as more:
            scripts += [((*script, index), chance / more.size) for index in range(more.size)]
            continue
        odds[move_key(move)] += chance
    return odds


def listed_odds(table: Table, player_id: int) -> Counter:
    listed = table.legal_actions(player_id)
    return Counter({key: Fraction(n, len(listed)) for key, n in Counter(map(move_key, listed)).items()})


@pytest.mark.parametrize("game", [Shout, CountedShout], ids=["counted by listing", "counted by the state"])
def test_the_game_wide_actions_are_drawn_with_the_state_own_draw(game):
    table = Table.create(game, PLAYERS, None, "shout")
    odds = drawn_odds(table, 1)
    assert odds == listed_odds(table, 1)
    assert odds[move_key(("shout", {}))] == Fraction(1, NUMBERS + 2)
    assert drawn_odds(table, 2) == listed_odds(table, 2) == {move_key(("shout", {})): 1}  # out of turn


def test_without_game_wide_actions_the_state_draws_alone():
    class Quiet(Shout):
        name = "quiet"

        def global_legal_actions(self, player_id):
            return []

    table = Table.create(Quiet, PLAYERS, None, "quiet")
    assert drawn_odds(table, 1) == listed_odds(table, 1)
    assert table.random_action(2, Scripted(())) is None  # no move: nothing is drawn
