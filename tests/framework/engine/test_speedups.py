"""What the speed-ups promise: remembered argument loads behave exactly like fresh ones, and a
game's own `random_action` draws only legal moves."""
import json
import random

import pytest
from marshmallow import ValidationError, fields

from framework.engine import Table, action
from framework.engine.states import MAX_REMEMBERED_ARGUMENTS
from framework.testing import default_players, drawn_weights, listed_weights
from games.dragon_phoenix import GAME as DRAGON_PHOENIX
from games.summon_dragon import GAME as SUMMON


class Holder:
    @action({"cards": fields.List(fields.String(), required=True), "count": fields.Integer(load_default=1)})
    def play(self, player_id, cards, count):
        pass

    @action({"card": fields.String(required=True), "count": fields.Integer(load_default=1)})
    def pick(self, player_id, card, count):
        pass


SPEC = Holder.play.__action__


def test_a_remembered_load_is_a_fresh_copy_equal_to_marshmallows():
    first = SPEC.load({"cards": ["7C", "7D"]})
    assert first == SPEC.schema.load({"cards": ["7C", "7D"]}) == {"cards": ["7C", "7D"], "count": 1}
    first["cards"].remove("7C")  # an action may change what it receives
    assert SPEC.load({"cards": ["7C", "7D"]}) == {"cards": ["7C", "7D"], "count": 1}


def test_a_remembered_load_of_plain_values_is_a_fresh_copy_too():
    plain = Holder.pick.__action__
    first = plain.load({"card": "7C"})
    assert first == {"card": "7C", "count": 1}
    first["count"] = 5
    first["extra"] = True
    assert plain.load({"card": "7C"}) == {"card": "7C", "count": 1}


def test_invalid_arguments_are_refused_every_time():
    for _ in range(2):
        with pytest.raises(ValidationError):
            SPEC.load({"cards": "7C"})


def test_arguments_equal_in_python_but_not_in_json_are_not_confused():
    assert SPEC.load({"cards": [], "count": 1})["count"] == 1
    with pytest.raises(ValidationError):
        SPEC.load({"cards": [], "count": True})  # True == 1, yet marshmallow refuses a boolean here


def test_the_memory_of_loads_is_bounded():
    for number in range(MAX_REMEMBERED_ARGUMENTS + 10):
        SPEC.load({"cards": [str(number)]})
    assert len(SPEC._loaded) <= MAX_REMEMBERED_ARGUMENTS


def _table_at(game, state_name, seed):
    table = Table.create(game, default_players(game.max_players), None, seed)
    chooser = random.Random(seed)
    while table.current_state.name != state_name:
        player = table.active_players()[0]
        table.apply(player, *table.random_action(player, chooser))
    return table


@pytest.mark.parametrize("game, state", [(DRAGON_PHOENIX, "passCards"), (SUMMON, "discard")],
                         ids=["dragon_phoenix passes", "summon_dragon discards"])
def test_a_choice_drawn_directly_is_one_of_the_listed_ones(game, state):
    """Dragon and Phoenix draws its 1,716+ passes, Summon the Dragon its discards, without listing them."""
    table = _table_at(game, state, f"draw-{state}")
    chooser = random.Random(1)
    for player in table.active_players():
        legal = table.legal_actions(player)
        drawn = [table.random_action(player, chooser) for _ in range(200)]
        assert all(move in legal for move in drawn)
        distinct = {json.dumps(args, sort_keys=True) for _, args in drawn}
        assert len(distinct) > min(100, len(legal) // 2)  # not the same choice again and again


def test_drawn_weights_find_a_draw_that_favours_some_moves():
    """The check the games' own random_action tests rely on: exact for a fair draw, and a draw that
    gives the first listed move twice its share (and never the last) does not pass."""
    table = _table_at(SUMMON, "playerTurn", "weights")
    player = table.active_players()[0]
    assert drawn_weights(table, player) == listed_weights(table, player)  # its own draw is fair

    def biased(player_id, rng):
        moves = table.legal_actions(player_id)
        return moves[max(0, rng.randrange(len(moves)) - 1)]

    table.game.random_action = biased
    assert drawn_weights(table, player) != listed_weights(table, player)
