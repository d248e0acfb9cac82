"""The log as players read it: card names, never codes; one line per event; plurals right; the hand's
result in the notification that ends it (RULES.md "Notifications")."""
from __future__ import annotations

import re

from games.summon_dragon.cards import DECK, cards_label

from .helpers import ANN, BOB, CAT, DAN, make_deal, new_table, play_out, win_auction

KITTY = ["1-wind", "2-wind", "king-wind", "7-fire", "queen-water"]
CODE = re.compile(r"(?<![\w-])(" + "|".join(re.escape(code) for code in DECK) + r")(?![\w-])")


def line(note) -> str:
    """The log line a player reads: the template with its arguments put in (lists joined)."""
    def value(match):
        arg = note.args[match[1]]
        return ", ".join(map(str, arg)) if isinstance(arg, list) else str(arg)
    return re.sub(r"\$\{(\w+)\}", value, note.log)


def lines_for(viewer, notes) -> list[str]:
    return [line(n) for n in notes if n.log and n.visible_to(viewer)]


def summoned_hand(dragon_with: int = DAN, target: int = 500):
    """Ann wins 6 fire and summons the Dragon from `dragon_with`; both discard (the tricks are still to play)."""
    table = new_table(make_deal({dragon_with: ["dragon"]}, KITTY), target=target)
    notes = table.take_notifications()
    win_auction(table, ANN, 6, "fire")
    notes += table.apply(ANN, "chooseOption", {"option": "summon"})
    hand = table.state.data["hands"]
    giver_discards = [c for c in hand[str(dragon_with)] if c not in KITTY][:4]
    notes += table.apply(dragon_with, "discard", {"cards": giver_discards})
    notes += table.apply(ANN, "discard", {"cards": [hand[str(ANN)][-1]]})
    return table, notes


def test_no_log_line_shows_a_card_code_in_a_whole_hand_seen_from_every_seat():
    table, notes = summoned_hand()
    notes += play_out(table, hands=1)
    for viewer in (ANN, BOB, CAT, DAN, None):
        seen = lines_for(viewer, notes)
        assert seen
        assert [text for text in seen if CODE.search(text)] == []
    plays = [line(n) for n in notes if n.type == "playCard"]
    assert len(plays) == 48 and all(re.search(r" plays the (\w+ of \w+|Dragon)", text) for text in plays)


def test_D8_the_kitty_named_to_its_taker_and_the_dragon_handover_said_once():
    _, notes = summoned_hand()
    assert "Dan gives you" not in " ".join(lines_for(ANN, notes))
    assert [text for text in lines_for(ANN, notes) if "Dragon" in text] == ["Ann summons the Dragon from Dan"]
    assert "The kitty held the 1, 2 and King of wind; the 7 of fire; the Queen of water" in lines_for(DAN, notes)


def test_D10_one_line_per_discard_and_the_count_in_the_singular():
    _, notes = summoned_hand()
    for viewer in (ANN, DAN, BOB):
        discards = [text for text in lines_for(viewer, notes) if "discard" in text]
        assert discards == ["Dan discards 4 cards face down", "Ann discards 1 card face down"]


def test_card_names_travel_only_to_the_player_now_holding_those_cards():
    table = new_table(make_deal({}, KITTY[:4] + ["dragon"]))
    win_auction(table, BOB, 5, "earth")
    notes = table.apply(BOB, "chooseOption", {"option": "summon"})      # the Dragon was in the kitty
    named = [n for n in notes if "card_names" in n.args]
    assert [(n.to, n.args["card_names"]) for n in named] == [(BOB, cards_label(KITTY[:4] + ["dragon"]))]
    assert named[0].args["card_names"] == "the Dragon; the 1, 2 and King of wind; the 7 of fire"
    assert set(named[0].args["cards"]) <= set(table.state.data["hands"][str(BOB)])


def test_tricks_are_numbered_in_the_log_and_the_last_is_worth_two():
    table, notes = summoned_hand()
    notes += play_out(table, hands=1)
    wins = [line(n) for n in notes if n.type == "trickWin"]
    assert [re.sub(r"^\w+ ", "", text) for text in wins] == (
        [f"wins trick {k}" for k in range(1, 12)] + ["wins the last trick, worth two"])


def test_D17_the_hand_score_notification_carries_the_line_of_the_scores_table():
    table, notes = summoned_hand()
    notes += play_out(table, hands=1)
    (score,) = [n for n in notes if n.type == "handScore"]
    past = table.view(ANN)["data"]["past_hands"]
    assert score.args["result"] == past[-1] == table.view(None)["data"]["last_hand"]
    assert score.args["result"]["delta"][0] == score.args["points"]
    assert score.args["game_over"] is False


def test_D18_the_last_hand_score_says_the_game_is_over():
    table, notes = summoned_hand(target=50)                # this deal's first hand takes a side past 50
    notes += play_out(table, hands=1)
    (score,) = [n for n in notes if n.type == "handScore"]
    assert score.args["game_over"] is True and table.status == "finished"
