"""Zhubu Shengji's determinize (RULES.md "What the expert bot may know"): the opponent's naturals and
the undealt 8 are redealt from the naturals the viewer has not seen; everything the viewer has seen
stays, and the real deal is no likelier than any other."""
import random
from collections import Counter

import pytest

from framework.engine import Table
from framework.testing import check_determinize, play_random_game
from games.zhubu_shengji import GAME
from games.zhubu_shengji.cards import IS_WILD, NATURALS, sort_cards

from .test_scenarios import ANN, BEN, DEAL, PLAYERS


def after_one_trick() -> Table:
    """Ben leads 6H, Ann beats it with 7C, Ben passes: the trick is Ann's."""
    table = Table.create(GAME, PLAYERS, {"deal": DEAL}, "determinize")
    table.apply(BEN, "playCards", {"cards": ["6H"]})
    table.apply(ANN, "playCards", {"cards": ["7C"]})
    table.apply(BEN, "pass")
    return table


def naturals(table: Table, pid: int) -> list[str]:
    return [c for c in table.state.data["hands"][str(pid)] if not IS_WILD[c]]


def test_the_unseen_naturals_are_redealt_and_what_ann_saw_stays():
    table = after_one_trick()
    unseen = set(NATURALS) - set(table.state.data["hands"][str(ANN)]) - {"6H", "7C"}
    assert len(unseen) == 13 + 8
    real = naturals(table, BEN)
    changed = 0
    for number in range(40):
        twin = table.determinized(ANN, random.Random(number))
        data, before = twin.state.data, table.state.data
        for kept in ("won", "last_trick", "trick", "dealer", "hand_number", "auction", "contract", "history"):
            assert data[kept] == before[kept], kept
        assert data["hands"][str(ANN)] == before["hands"][str(ANN)]
        bens = data["hands"][str(BEN)]
        assert [c for c in bens if IS_WILD[c]] == ["2H", "2S", "X2"] and len(bens) == 16
        assert bens == sort_cards(bens)
        assert sorted(naturals(twin, BEN) + data["undealt"]) == sorted(unseen) and len(data["undealt"]) == 8
        changed += naturals(twin, BEN) != real
    assert changed == 40
    assert naturals(table, BEN) == real  # the real table is untouched


def test_the_real_hand_is_no_likelier_than_the_undealt_cards():
    """Each unseen natural lands in Ben's hand as often as 14 in 22 (D1: 14 dealt, 8 undealt): a guess
    that leaned towards his real cards would let the bot peek."""
    table = Table.create(GAME, PLAYERS, {"deal": DEAL}, "determinize")
    rng, draws = random.Random("uniform"), 2_000
    held = Counter()
    for _ in range(draws):
        held.update(naturals(table.determinized(ANN, rng), BEN))
    unseen = DEAL["hands"][1] + DEAL["undealt"]
    assert set(held) == set(unseen)
    for card in unseen:
        assert held[card] / draws == pytest.approx(14 / 22, abs=0.05), card
    real = sum(held[c] for c in DEAL["hands"][1]) / (14 * draws)
    undealt = sum(held[c] for c in DEAL["undealt"]) / (8 * draws)
    assert real == pytest.approx(undealt, abs=0.03)


def at_hand_end(bidding=False) -> Table:
    played = play_random_game(GAME, "determinize-hand-end", options={"bidding": bidding}, check_replay=False,
                              stop=lambda table: table.current_state.name == "handEnd")
    return played.table


def test_nothing_is_left_to_guess_once_the_hand_is_scored():
    table = at_hand_end()
    assert table.state.data["reveal"] is not None
    twin = table.determinized(table.game.player_ids[0], random.Random(3))
    assert twin.state.data == table.state.data


def test_the_next_deal_is_not_the_real_one():
    """A determinized table deals its next hand from a seed of its own: searching past the hand's end
    tells nothing of the real next deal."""
    table = at_hand_end()
    viewer = table.game.player_ids[0]
    twin = table.determinized(viewer, random.Random(4))
    for board in (table, twin):
        for pid in board.game.player_ids:
            board.apply(pid, "nextHand")
    assert table.current_state is twin.current_state and table.state.data["hand_number"] == 2
    assert twin.state.data["hands"][str(viewer)] != table.state.data["hands"][str(viewer)]


@pytest.mark.parametrize("bidding", [False, True])
def test_determinize_passes_the_check_in_both_variants(bidding):
    report = check_determinize(GAME, 300, options={"bidding": bidding}, seed_prefix="zhubu")
    assert report.positions == 300 and not report.pinned
