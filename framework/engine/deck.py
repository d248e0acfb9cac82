"""BGA's Deck component over a game's JSON data: cards with a location and a position.

A card is `{"id", "type", "type_arg", "location", "location_arg"}`. In a pile (the deck, a
discard) `location_arg` is the position, higher on top; in a hand it is the player id.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any


def cards_not_conserved(cards: Iterable[str], deck: Iterable[str]) -> str | None:
    """None when `cards` (every card wherever it lies) are the deck, each exactly once; else which
    are extra and which missing, for `Game.broken_invariants`. Sorting is the fast comparison: it
    runs after every move of every simulated game."""
    cards = sorted(cards)
    if cards == sorted(deck):
        return None
    held, full = Counter(cards), Counter(deck)
    return f"cards not conserved: extra {sorted((held - full).elements())}, missing {sorted((full - held).elements())}"


class Deck:
    def __init__(self, store: dict, rng: Callable[[], random.Random]):
        self._store = store
        store.setdefault("cards", {})
        store.setdefault("next_id", 1)
        self._rng = rng

    @property
    def _cards(self) -> dict[str, dict]:
        return self._store["cards"]

    def create_cards(self, specs: list[dict], location: str = "deck") -> list[dict]:
        """Create `nbr` cards of each `{type, type_arg, nbr}` in `location`, stacked in order."""
        created = []
        top = self.get_extreme_position(True, location)
        for spec in specs:
            for _ in range(spec.get("nbr", 1)):
                top += 1
                card = {"id": self._store["next_id"], "type": spec["type"], "type_arg": spec.get("type_arg", 0),
                        "location": location, "location_arg": top}
                self._cards[str(card["id"])] = card
                self._store["next_id"] += 1
                created.append(card)
        return created

    def get_card(self, card_id: int) -> dict:
        return self._cards[str(card_id)]

    def get_cards(self, card_ids: list[int]) -> list[dict]:
        return [self._cards[str(i)] for i in card_ids]

    def get_cards_in_location(self, location: str, location_arg: Any = None) -> list[dict]:
        """Cards in a location (and arg), bottom to top / by location_arg."""
        found = [c for c in self._cards.values()
                 if c["location"] == location and (location_arg is None or c["location_arg"] == location_arg)]
        return sorted(found, key=lambda c: (c["location_arg"], c["id"]))

    def get_player_hand(self, player_id: int) -> list[dict]:
        return self.get_cards_in_location("hand", player_id)

    def count_cards_in_location(self, location: str, location_arg: Any = None) -> int:
        return len(self.get_cards_in_location(location, location_arg))

    def get_extreme_position(self, top: bool, location: str) -> int:
        positions = [c["location_arg"] for c in self._cards.values() if c["location"] == location]
        if not positions:
            return 0
        return max(positions) if top else min(positions)

    def get_cards_on_top(self, n: int, location: str) -> list[dict]:
        return list(reversed(self.get_cards_in_location(location)))[:n]

    def get_card_on_top(self, location: str) -> dict | None:
        cards = self.get_cards_on_top(1, location)
        return cards[0] if cards else None

    def shuffle(self, location: str = "deck") -> None:
        cards = self.get_cards_in_location(location)
        self._rng().shuffle(cards)
        for position, card in enumerate(cards, start=1):
            card["location_arg"] = position

    def pick_cards_for_location(self, n: int, from_location: str, to_location: str,
                                to_arg: Any = 0) -> list[dict]:
        picked = self.get_cards_on_top(n, from_location)
        for card in picked:
            card["location"], card["location_arg"] = to_location, to_arg
        return picked

    def pick_cards(self, n: int, location: str, player_id: int) -> list[dict]:
        """Deal `n` cards from the top of `location` into `player_id`'s hand."""
        return self.pick_cards_for_location(n, location, "hand", player_id)

    def pick_card(self, location: str, player_id: int) -> dict | None:
        cards = self.pick_cards(1, location, player_id)
        return cards[0] if cards else None

    def move_card(self, card_id: int, location: str, location_arg: Any = 0) -> None:
        card = self._cards[str(card_id)]
        card["location"], card["location_arg"] = location, location_arg

    def move_cards(self, card_ids: list[int], location: str, location_arg: Any = 0) -> None:
        for card_id in card_ids:
            self.move_card(card_id, location, location_arg)

    def insert_card_on_extreme_position(self, card_id: int, location: str, on_top: bool) -> None:
        extreme = self.get_extreme_position(on_top, location)
        self.move_card(card_id, location, extreme + 1 if on_top else extreme - 1)

    def move_all_cards_in_location(self, from_location: str, to_location: str,
                                   from_arg: Any = None, to_arg: Any = 0) -> None:
        for card in self.get_cards_in_location(from_location, from_arg):
            card["location"], card["location_arg"] = to_location, to_arg

    def play_card(self, card_id: int) -> None:
        """Put a card on top of the discard pile."""
        self.insert_card_on_extreme_position(card_id, "discard", True)
