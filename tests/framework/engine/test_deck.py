"""BGA's Deck component over game data."""
import random

from framework.engine import Deck


def make_deck(seed="d"):
    rng = random.Random(seed)
    data = {}
    deck = Deck(data, lambda: rng)
    deck.create_cards([{"type": "suit", "type_arg": rank, "nbr": 2} for rank in range(1, 6)])
    return deck, data


def test_create_stacks_cards_in_the_deck():
    deck, data = make_deck()
    assert deck.count_cards_in_location("deck") == 10
    assert [c["location_arg"] for c in deck.get_cards_in_location("deck")] == list(range(1, 11))
    assert data["next_id"] == 11


def test_pick_cards_deals_from_the_top_into_a_hand():
    deck, _ = make_deck()
    top = deck.get_card_on_top("deck")
    picked = deck.pick_cards(3, "deck", 42)
    assert picked[0]["id"] == top["id"]
    assert {c["id"] for c in deck.get_player_hand(42)} == {c["id"] for c in picked}
    assert deck.count_cards_in_location("deck") == 7


def test_shuffle_is_seeded_and_keeps_every_card():
    first, _ = make_deck("x")
    second, _ = make_deck("x")
    first.shuffle()
    second.shuffle()
    order = [c["id"] for c in first.get_cards_in_location("deck")]
    assert order == [c["id"] for c in second.get_cards_in_location("deck")]
    assert sorted(order) == list(range(1, 11)) and order != list(range(1, 11))


def test_move_and_play_cards():
    deck, _ = make_deck()
    deck.move_cards([1, 2], "table", 7)
    assert [c["id"] for c in deck.get_cards_in_location("table", 7)] == [1, 2]
    deck.play_card(3)
    deck.play_card(4)
    assert deck.get_card_on_top("discard")["id"] == 4
    deck.move_all_cards_in_location("discard", "deck")
    assert deck.count_cards_in_location("discard") == 0 and deck.count_cards_in_location("deck") == 8
