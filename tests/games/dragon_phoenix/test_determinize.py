"""The expert bot's guess at the hidden cards (determinize.py; RULES.md "What the expert bot may know"):
checked over positions from random play by framework.testing.check_determinize, and for each thing a
player knows of the others' hands, the rule it comes from."""
import random

import pytest

from framework.engine import Table
from framework.testing import check_determinize, check_position, determinizations
from games.dragon_phoenix import GAME
from games.dragon_phoenix.cards import RANK

from .helpers import ANNA, BEN, CARLA, DAN, IDS, PLAYERS, complete, data, deal_and_passes, new_table, pass_, play


def determinized(table, viewer, times=30, seed=1):
    return determinizations(table, viewer, times, seed)


def hand(table, pid):
    return table.state.data["hands"][str(pid)]


def test_determinize_keeps_the_view_and_moves_hidden_cards_over_random_play():
    report = check_determinize(GAME, 300, seed_prefix="dp-determinize")
    assert report.positions == 300 and not report.pinned


@pytest.mark.slow
def test_determinize_over_thousands_of_positions_with_and_without_the_wish():
    for options in ({}, {"wish": False}):
        report = check_determinize(GAME, 2_000, seed_prefix="dp-determinize-slow", options=options)
        assert not report.pinned


def test_D16_before_the_second_deal_the_viewer_does_not_know_their_own_five_cards():
    final = complete(["herald"], ["dragon"], ["phoenix"], ["fox"])
    deal, _ = deal_and_passes(final)
    table = Table.create(GAME, PLAYERS, {"deal": deal}, "determinize")
    assert table.current_state.name == "highFlight"
    twins = determinized(table, ANNA)
    for twin in twins:
        assert hand(twin, ANNA) == hand(table, ANNA), "the first 8 cards are the viewer's own"
        assert all(len(twin.state.data["stock"][str(pid)]) == 5 for pid in IDS)
    assert len({tuple(sorted(twin.state.data["stock"][str(ANNA)])) for twin in twins}) > 1
    check_position(table, ANNA, random.Random(2))


def test_D15_a_card_the_viewer_passed_stays_where_they_sent_it_until_played():
    table = new_table(complete(["herald"], ["dragon"], ["phoenix"], ["fox"]))
    sent = data(table)["passing"][str(ANNA)]  # left to Ben, partner to Carla, right to Dan
    twins = determinized(table, ANNA)
    for twin in twins:
        assert sent["left"] in hand(twin, BEN)
        assert sent["partner"] in hand(twin, CARLA)
        assert sent["right"] in hand(twin, DAN)
    assert len({tuple(hand(twin, BEN)) for twin in twins}) > 1, "Ben's other cards are dealt at random"
    # Of the passes the viewer knows only their own and what they received.
    for twin in twins:
        passing, received = twin.state.data["passing"], twin.state.data["received"]
        assert passing[str(BEN)] == {"right": data(table)["passing"][str(BEN)]["right"]}
        assert received[str(CARLA)] == [{"from": ANNA, "card": sent["partner"]}]
    check_position(table, ANNA, random.Random(3))


def test_D15_before_delivery_another_player_chooses_their_passes_again_from_their_new_hand():
    final = complete(["herald"], ["dragon"], ["phoenix"], ["fox"])
    deal, passes = deal_and_passes(final)
    table = Table.create(GAME, PLAYERS, {"deal": deal}, "determinize")
    for pid in IDS:
        table.apply(pid, "highFlight", {"call": False})
    table.apply(BEN, "passCards", passes[BEN])
    table.apply(ANNA, "passCards", passes[ANNA])
    twins = determinized(table, ANNA)
    for twin in twins:
        chosen = twin.state.data["passing"][str(BEN)]
        assert len(set(chosen.values())) == 3 and set(chosen.values()) <= set(hand(twin, BEN))
        assert twin.state.data["passing"][str(ANNA)] == passes[ANNA]
        assert str(CARLA) not in twin.state.data["passing"], "Carla has not chosen: nothing to invent"
    assert len({tuple(sorted(twin.state.data["passing"][str(BEN)].values())) for twin in twins}) > 1
    check_position(table, ANNA, random.Random(4))


def test_D6_the_unplayed_herald_stays_with_the_first_leader():
    table = new_table(complete(["AC", "AD"], ["herald", "9C"]))
    play(table, BEN, "9C")
    for twin in determinized(table, DAN):
        assert "herald" in hand(twin, BEN)
    check_position(table, DAN, random.Random(5))


def test_D14_a_pass_on_a_single_below_the_wish_shows_the_player_holds_none_of_the_rank():
    table = new_table(complete(["herald", "7C", "7D"], [], [], ["7H", "7S"]))
    play(table, ANNA, "herald", wish=7)
    pass_(table, BEN)  # any 7 beats the Herald: holding one, Ben would have had to play it
    assert data(table)["wish_lacks"] == [BEN]
    twins = determinized(table, CARLA, times=40)
    for twin in twins:
        assert not [c for c in hand(twin, BEN) if RANK.get(c) == 7]
    assert any(RANK.get(c) == 7 for twin in twins for c in hand(twin, DAN)), "the 7s go elsewhere"
    check_position(table, CARLA, random.Random(6))


def test_D14_a_play_with_the_wished_rank_fulfils_the_wish_and_frees_what_was_known():
    table = new_table(complete(["herald", "7C", "7D"], ["3C"], [], ["7H", "7S"]))
    play(table, ANNA, "herald", wish=7)
    pass_(table, BEN)
    pass_(table, CARLA)
    play(table, DAN, "7H")
    assert data(table)["wish"] is None and data(table)["wish_lacks"] == []


def test_D6_the_herald_away_from_the_first_leader_breaks_an_invariant():
    table = new_table(complete(["AC", "AD"], ["herald", "9C"]))
    play(table, BEN, "9C")
    assert not table.game.broken_invariants()
    carlas = hand(table, CARLA)[0]
    hand(table, CARLA)[0] = "herald"
    hand(table, BEN)[hand(table, BEN).index("herald")] = carlas
    assert any("Herald" in problem for problem in table.game.broken_invariants())
