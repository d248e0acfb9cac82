"""The engine's contract for the expert bot: `Table.copy`, `Table.determinized`, `Game.determinize`,
`Game.can_determinize` and `Game.search_candidates`, on the test game Climb."""
import random

import pytest

from framework.engine import Game, Table
from tests.sample_game import Climb

from .helpers import ANNA, BEN, CLEO, PLAYERS, hand, new_table, pick_charms


def playing_table(seed="determinize") -> Table:
    table = new_table(seed, hand_size=4)
    pick_charms(table)
    return table


def test_a_copy_is_the_same_table():
    table = playing_table()
    twin = table.copy()
    assert twin.state_hash() == table.state_hash()
    assert twin.seed == table.seed and twin.snapshot() == table.snapshot()
    for viewer in (ANNA, BEN, CLEO, None):
        assert twin.view(viewer) == table.view(viewer)
    assert twin.legal_actions(ANNA) == table.legal_actions(ANNA)


def test_a_copy_shares_nothing_a_move_changes():
    table = playing_table()
    before = table.state_hash()
    twin = table.copy()
    card = twin.legal_actions(ANNA)[0][1]["card"]
    twin.apply(ANNA, "playCard", {"card": card})
    twin.state.data["hands"][str(BEN)].append("9z")
    twin.options["hand_size"] = 1
    twin.players[0]["name"] = "Zed"
    assert table.state_hash() == before
    assert card in hand(table, ANNA) and "9z" not in hand(table, BEN)
    assert table.options["hand_size"] == 4 and table.players[0]["name"] == "Anna"
    assert table.take_notifications() == []  # the copy's notifications stay with the copy


def test_a_copy_keeps_the_undo_savepoint_and_may_take_another_seed():
    table = playing_table()
    card = table.legal_actions(ANNA)[0][1]["card"]
    table.apply(ANNA, "playCard", {"card": card})
    twin = table.copy(seed="elsewhere")
    assert twin.seed == "elsewhere"
    twin.apply(ANNA, "undo")
    assert card in hand(twin, ANNA) and card not in hand(table, ANNA)


def test_determinized_keeps_what_the_viewer_sees_and_redeals_the_rest():
    table = playing_table()
    real_others = {pid: hand(table, pid) for pid in (BEN, CLEO)}
    moved = set()
    for number in range(20):
        twin = table.determinized(ANNA, random.Random(number))
        assert twin.view(ANNA) == table.view(ANNA)
        assert twin.legal_actions(ANNA) == table.legal_actions(ANNA)
        assert twin.game.broken_invariants() == []
        moved |= {pid for pid in (BEN, CLEO) if hand(twin, pid) != real_others[pid]}
    assert moved == {BEN, CLEO}
    assert {pid: hand(table, pid) for pid in (BEN, CLEO)} == real_others  # the real table is untouched


def test_determinized_gets_a_new_seed_from_the_rng_and_no_savepoint():
    table = playing_table()
    table.apply(ANNA, "playCard", {"card": table.legal_actions(ANNA)[0][1]["card"]})
    assert table.state.savepoint is not None
    first = table.determinized(BEN, random.Random(7))
    again = table.determinized(BEN, random.Random(7))
    other = table.determinized(BEN, random.Random(8))
    assert first.seed != table.seed  # the real seed would tell the next deal
    assert first.seed == again.seed and first.snapshot() == again.snapshot()  # the same rng, the same guess
    assert other.seed != first.seed
    assert first.rng.random() != table.copy().rng.random()
    assert first.state.savepoint is None and table.state.savepoint is not None
    assert "undo" not in dict(first.legal_actions(ANNA))


class Plain(Climb):
    determinize = Game.determinize  # as a game that never wrote one


def test_a_game_without_determinize_cannot_be_determinized():
    assert Climb.can_determinize() and not Plain.can_determinize() and not Game.can_determinize()
    table = Table.create(Plain, PLAYERS, {}, "plain")
    before = table.state_hash()
    with pytest.raises(NotImplementedError, match="determinize"):
        table.determinized(ANNA, random.Random(1))
    with pytest.raises(NotImplementedError):
        table.game.determinize(ANNA, random.Random(1))
    assert table.state_hash() == before


def test_search_candidates_default_to_the_legal_actions():
    table = playing_table()
    assert table.game.search_candidates(ANNA) is None
