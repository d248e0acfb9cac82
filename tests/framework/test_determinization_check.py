"""The check of `determinize` catches the faults a designer could make: each planted in a copy of the
test game Climb, whose own `determinize` passes. A determinize that keeps the real cards would let the
expert bot peek; one that changes what its player sees would have it search a game it is not in."""
import random

import pytest

from framework.engine import Game, Table
from framework.testing import DeterminizationFailure, check_determinize, check_position
from tests.sample_game import Climb, card_rank

from .engine.helpers import ANNA, BEN, CLEO, PLAYERS

POSITIONS = 60


class KeepsTheRealHands(Climb):
    def determinize(self, viewer, rng):
        pass


class ShufflesWithinEachHand(Climb):
    def determinize(self, viewer, rng):
        for pid, cards in self.data["hands"].items():
            if pid != str(viewer):
                rng.shuffle(cards)
                cards.sort()


class KeepsOneHand(Climb):
    """Redeals all the others' cards but those of the player after the viewer."""

    def determinize(self, viewer, rng):
        hands = self.per_player("hands")
        kept = self.player_after(viewer)
        others = [pid for pid in self.player_ids if pid not in (viewer, kept)]
        unseen = [c for pid in others for c in hands[pid]] + self.data["stock"]
        rng.shuffle(unseen)
        for pid in others:
            size = len(hands[pid])
            hands[pid], unseen = sorted(unseen[:size]), unseen[size:]
        self.data["stock"] = unseen


class ChangesTheViewersCards(Climb):
    """Deals the viewer's hand with the rest."""

    def determinize(self, viewer, rng):
        hands = self.per_player("hands")
        cards = [c for pid in self.player_ids for c in hands[pid]] + self.data["stock"]
        rng.shuffle(cards)
        for pid in self.player_ids:
            size = len(hands[pid])
            hands[pid], cards = sorted(cards[:size]), cards[size:]
        self.data["stock"] = cards


class BreaksACount(Climb):
    """Redeals the unseen cards, but one card more to the player after the viewer, one less to the stock."""

    def determinize(self, viewer, rng):
        hands = self.per_player("hands")
        others = [pid for pid in self.player_ids if pid != viewer]
        unseen = [c for pid in others for c in hands[pid]] + self.data["stock"]
        rng.shuffle(unseen)
        for pid in others:
            size = len(hands[pid]) + (pid == self.player_after(viewer))
            hands[pid], unseen = sorted(unseen[:size]), unseen[size:]
        self.data["stock"] = unseen


class LosesACard(Climb):
    def determinize(self, viewer, rng):
        super().determinize(viewer, rng)
        if self.data["stock"]:
            self.data["stock"].pop()


class DrawsFromItsOwnRandom(Climb):
    """Shuffles with Python's global random, not the rng it is given: two searches of one position differ."""

    def determinize(self, viewer, rng):
        super().determinize(viewer, random.Random())


class CandidatesBeyondTheRules(Climb):
    """Offers the search a card the player does not hold."""

    def search_candidates(self, player_id):
        moves = self.legal_actions(player_id)
        return [*moves, ("playCard", {"card": "0x"})] if moves else None


class CandidatesThatPeek(Climb):
    """Narrows the search to the cards higher than the next player's best: a card it cannot see."""

    def search_candidates(self, player_id):
        moves = [m for m in self.legal_actions(player_id) if m[0] == "playCard"]
        theirs = self.per_player("hands")[self.player_after(player_id)]
        best = max((card_rank(c) for c in theirs), default=0)
        return [m for m in moves if card_rank(m[1]["card"]) > best] or moves or None


@pytest.mark.parametrize(("game", "message"), [
    (KeepsTheRealHands, "never moved"),
    (ShufflesWithinEachHand, "never moved"),
    (KeepsOneHand, "never moved"),
    (ChangesTheViewersCards, "the viewer's view changes: view.data.hand"),
    (BreaksACount, "the viewer's view changes: view.data.hand_sizes"),
    (LosesACard, "invariant broken"),
    (DrawsFromItsOwnRandom, "the same rng gave two different tables"),
    (CandidatesBeyondTheRules, "search_candidates lists moves that are not legal"),
    (CandidatesThatPeek, "search_candidates change with cards the viewer cannot see"),
])
def test_a_planted_fault_is_caught(game, message):
    with pytest.raises(DeterminizationFailure, match=message) as caught:
        check_determinize(game, POSITIONS, options={"hand_size": 4})
    assert "seed 'determinize-climb-" in str(caught.value) and "viewer" in str(caught.value)


def test_the_test_games_determinize_passes():
    report = check_determinize(Climb, 4 * POSITIONS, options={"hand_size": 4})
    assert report.positions == 4 * POSITIONS and report.games > 1 and not report.pinned
    assert report.determinizations >= 3 * report.positions


def test_a_game_without_determinize_is_refused():
    plain = type("Plain", (Climb,), {"determinize": Game.determinize})
    with pytest.raises(DeterminizationFailure, match="does not write determinize"):
        check_determinize(plain, 1)


def table_with_charms(game=Climb) -> Table:
    table = Table.create(game, PLAYERS, {"hand_size": 2}, "position")
    for player, charm in [(ANNA, "amber"), (BEN, "ruby"), (CLEO, "jade")]:
        table.apply(player, "pickCharm", {"charm": charm})
    return table


def played_out_but_cleo(game=Climb) -> Table:
    """Anna and Ben have played both their cards, Cleo holds one."""
    table = table_with_charms(game)
    for player in [ANNA, BEN, CLEO, ANNA, BEN]:
        table.apply(player, "playCard", {"card": table.legal_actions(player)[0][1]["card"]})
        table.apply(player, "confirm")
    return table


def test_cards_that_cannot_be_elsewhere_may_stay():
    """Once the others have played out, the stock's cards can go nowhere (a charm word is no card):
    a determinize that keeps them passes, while the others' secret charms must still move."""
    table = played_out_but_cleo()
    assert table.active_players() == [CLEO] and len(table.state.data["stock"]) == 12
    report = check_position(table, CLEO, random.Random(1))
    assert report.places == [("charms", str(ANNA)), ("charms", str(BEN)), ("stock",)] and not report.pinned
    kept = check_position(played_out_but_cleo(KeepsTheRealHands), CLEO, random.Random(1), allow_pinned=True)
    assert kept.pinned == [("charms", str(ANNA)), ("charms", str(BEN))]


def test_a_position_that_keeps_movable_cards_fails_and_says_where():
    table = table_with_charms(KeepsTheRealHands)
    with pytest.raises(DeterminizationFailure, match=r"hands/22 keeps \['\w+', '\w+'\]"):
        check_position(table, ANNA, random.Random(1))
    report = check_position(table, ANNA, random.Random(1), allow_pinned=True)
    assert ("hands", str(BEN)) in report.pinned and report.tries > 3
