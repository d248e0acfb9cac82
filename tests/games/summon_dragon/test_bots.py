"""The heuristic bot and the zombie (RULES.md "Bots"): legal, sensible, and a whole game."""
from __future__ import annotations

import pytest

from framework.engine import Table
from games.summon_dragon import GAME
from games.summon_dragon.bots import choose_bid, estimate

from .helpers import ANN, BOB, CAT, DAN, PLAYERS, make_deal, new_table, play_out, start_play

STRONG_FIRE = ["dragon", "elemental-fire", "king-fire", "queen-fire", "warrior-fire", "mage-fire", "8-fire",
               "elemental-earth", "elemental-wind", "elemental-water", "king-earth", "1-wind"]


def test_the_bid_counts_high_cards_and_trumps():
    assert estimate(STRONG_FIRE, "fire") > estimate(STRONG_FIRE, "water") > 0
    assert estimate(STRONG_FIRE, "fire") >= 9
    assert choose_bid(STRONG_FIRE, None, BOB, stuck=False) == ("bid", {"tricks": 3, "designation": "fire"})
    assert choose_bid(STRONG_FIRE, {"player_id": DAN, "tricks": 13, "designation": "earth"}, BOB,
                      stuck=False) == ("pass", {})


def test_a_stuck_dealer_bot_bids_rather_than_passes():
    weak = ["1-earth", "2-earth", "3-earth", "4-earth", "1-wind", "2-wind", "3-wind", "4-wind", "2-fire",
            "3-fire", "4-fire", "2-water"]
    assert choose_bid(weak, None, BOB, stuck=True)[0] == "bid"


def test_the_bot_plays_a_winning_card_when_the_partner_is_not_winning():
    table = start_play({ANN: ["5-water"], BOB: ["king-water", "1-water", "2-water"]}, "high-no-trump")
    table.apply(ANN, "playCard", {"card": "5-water"})
    assert table.game.heuristic_move(BOB) == ("playCard", {"card": "king-water"})


def test_the_bot_plays_low_when_the_partner_is_winning():
    table = start_play({ANN: ["elemental-water"], CAT: ["king-water", "1-water", "2-water"]}, "high-no-trump")
    table.apply(ANN, "playCard", {"card": "elemental-water"})
    bob_card = table.legal_actions(BOB)[0][1]["card"]
    table.apply(BOB, "playCard", {"card": bob_card})
    assert table.game.heuristic_move(CAT) == ("playCard", {"card": "1-water"})


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_heuristic_bots_play_a_whole_game_to_500(seed):
    table = Table.create(GAME, PLAYERS, None, seed)
    play_out(table, hands=200)
    assert table.status == "finished"
    assert max(table.state.data["team_scores"]) >= 500


def test_the_zombie_move_is_legal_in_every_state():
    table = new_table(make_deal({ANN: ["dragon"]}))
    seen = set()
    while table.status == "playing" and not table.state.data["results"]:
        for pid in table.active_players():
            seen.add(table.current_state.name)
            move = table.zombie_move(pid)
            assert move in table.legal_actions(pid)
        pid = table.active_players()[0]
        table.apply(pid, *table.zombie_move(pid))
    assert {"bidding", "chooseOption", "discard", "playerTurn"} <= seen
