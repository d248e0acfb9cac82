"""What players read at the table: the status line says who leads and what an answer must beat, the
player to act is told which of her cards some play uses, and the log names cards and counts as players write them
(never a card's code, "1 card" not "1 cards", one line where two would say the same)."""
import random
import re

import pytest

from framework.engine import Table, UserError
from framework.store.outbox import render_log
from framework.testing import default_players
from games.zhubu_shengji import GAME
from tests.games.zhubu_shengji.test_scenarios import ANN, BEN, new_table, play_first_hand

CARD_CODE = re.compile(r"\b(?:10|[2-9JQKA])[CDHS]\b|\bX[12]\b")


def lines(notes) -> list[str]:
    """The log lines of these notifications as an e-mail or "my games" shows them (the page draws mini-cards)."""
    return [render_log(n.log, n.args) for n in notes if n.log]


def status(table, viewer) -> str:
    return table.view(viewer)["state"]["description"]


def test_D9_the_status_says_who_leads_and_what_an_answer_must_beat():
    table = new_table()
    table.apply(BEN, "letDealerLead")
    assert status(table, ANN) == "You lead: play any set, run or bomb"
    assert status(table, BEN) == "Ann leads"
    table.apply(ANN, "playCards", {"cards": ["8C", "8D"]})
    assert status(table, BEN) == "You must beat a pair of 8s or pass"
    assert status(table, ANN) == "Ben must beat a pair of 8s or pass"
    table.apply(BEN, "playCards", {"cards": ["2H", "2S"]})
    assert status(table, ANN) == "You must beat a Two bomb or pass"
    table.apply(ANN, "pass")  # one pass ends the trick: the bomber leads the next (D6)
    assert status(table, BEN) == "You lead: play any set, run or bomb"


def test_D5_D7_the_player_to_act_alone_is_told_which_cards_some_play_uses():
    table = new_table()
    assert table.view(BEN)["state"]["args"]["playable"] == table.game.hand(BEN)   # the first lead: any card
    table.apply(BEN, "letDealerLead")
    table.apply(ANN, "playCards", {"cards": ["8C", "8D"]})
    # Pairs above 8s (a natural pair, or a natural with a wild) and the Hand bomb 7-9-J-K; no 6 or 8.
    assert table.view(BEN)["state"]["args"]["playable"] == [
        "7H", "7S", "9H", "9S", "10H", "10S", "JH", "QH", "KH", "AH", "2H", "2S", "X2"]
    assert "playable" not in table.view(ANN)["state"]["args"]
    assert "playable" not in table.view(None)["state"]["args"]


def test_the_log_names_cards_and_counts_as_players_write_them():
    table = new_table(bidding=True)
    deal = lines(table.take_notifications())
    assert "You are dealt 6♣ 6♦ 7♣ 7♦ 8♣ 8♦ 9♣ 9♦ 10♣ 10♦ J♣ Q♣ K♣ A♣ 2♣ 2♦ Joker" in deal
    assert lines(table.apply(ANN, "bid", {"cards": 1})) == ["Ann bids 1 card"]
    assert lines(table.apply(BEN, "bid", {"cards": 2})) == ["Ben bids 2 cards"]
    assert lines(table.apply(ANN, "passBid")) == ["Ann passes in the bidding",
                                                  "Ben wins the bidding at 2 cards and leads"]
    played = lines(table.apply(BEN, "playCards", {"cards": ["9H", "10H", "X2"], "wilds": {"X2": "J"}}))
    assert played == ["Ben plays a run 9-10-J (wilds as J): 9♥ 10♥ Joker"]


def test_D12_going_out_names_the_cards_left_and_what_they_score():
    table = new_table()
    ending = lines(play_first_hand(table))
    assert "Ben goes out, Ann holding 17 cards: 153 points" in ending


def test_a_bid_that_ends_the_auction_makes_one_line_not_two():
    table = new_table(bidding=True)
    table.apply(ANN, "passBid")
    notes = table.apply(BEN, "bid", {"cards": 5})  # the non-dealer's one bid: the contract at once (D15)
    assert [n.type for n in notes] == ["bid", "contract"]
    assert lines(notes) == ["Ben wins the bidding at 5 cards and leads"]


def test_a_refusal_names_the_cards_it_is_about():
    table = new_table()
    with pytest.raises(UserError, match="^You do not hold 6♣.$"):
        table.apply(BEN, "playCards", {"cards": ["6C"]})
    with pytest.raises(UserError, match="^You do not hold 6♣ Z9.$"):   # what is no card is said as sent
        table.apply(BEN, "playCards", {"cards": ["6C", "Z9"]})


@pytest.mark.parametrize("bidding", [False, True])
def test_no_log_line_of_a_whole_game_names_a_card_by_its_code(bidding):
    table = Table.create(GAME, default_players(2), {"bidding": bidding}, f"texts-{bidding}")
    chooser, seen = random.Random("texts"), lines(table.take_notifications())
    while table.status == "playing":
        player = table.active_players()[0]
        seen += lines(table.apply(player, *table.random_action(player, chooser)))
    assert len(seen) > 100 and any("♥" in line for line in seen)
    assert [line for line in seen if CARD_CODE.search(line)] == []
    assert [line for line in seen if re.search(r"\b1 cards\b", line)] == []
