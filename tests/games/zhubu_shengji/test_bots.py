"""The heuristic bot (also the zombie's move): legal, sensible, and better than random play."""
import random

from framework.engine import Table
from games.zhubu_shengji import GAME

PLAYERS = [{"id": 5, "name": "Bot"}, {"id": 9, "name": "Random"}]


def play_match(seed, bidding):
    table = Table.create(GAME, PLAYERS, {"bidding": bidding}, seed)
    chooser = random.Random(seed)
    while table.status == "playing":
        for pid in table.active_players():
            if pid == 5:
                move = table.game.heuristic_move(pid)
                assert move in table.legal_actions(pid)
            else:
                move = chooser.choice(table.legal_actions(pid))
            table.apply(pid, *move)
            break
    return {p["id"]: p["score"] for p in table.view(None)["players"]}


def test_the_heuristic_bot_beats_random_play():
    wins = 0
    for n in range(6):
        scores = play_match(f"match-{n}", bidding=n % 2 == 1)
        wins += scores[5] > scores[9]
    assert wins >= 5


DEAL = {"hands": [["6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC", "6D", "7D", "8D", "9D", "10D"],
                  ["6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH", "AH", "6S", "7S", "8S", "9S", "10S"]],
        "undealt": ["JD", "QD", "KD", "AD", "JS", "QS", "KS", "AS"], "dealer": 0}


def test_the_heuristic_bot_keeps_its_bombs_for_tricks_worth_them():
    table = Table.create(GAME, PLAYERS, {"deal": DEAL}, "bombs")
    table.apply(9, "playCards", {"cards": ["6H"]})
    action, args = table.game.heuristic_move(5)
    assert action == "playCards" and args == {"cards": ["7C"]}  # the lowest natural single, no bomb


def test_the_heuristic_bot_bids_one_as_dealer_and_otherwise_passes():
    table = Table.create(GAME, PLAYERS, {"deal": DEAL, "bidding": True}, "bids")
    assert table.game.heuristic_move(5) == ("bid", {"cards": 1})
    table.apply(5, "bid", {"cards": 1})
    assert table.game.heuristic_move(9) == ("passBid", {})
