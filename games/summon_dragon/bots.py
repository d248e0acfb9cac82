"""The heuristic bot (and zombie): bid from a count of high cards and trumps, summon unless holding
the Dragon, discard the weakest cards, win the trick when the partner is not winning it, else play low."""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import rules
from .cards import DRAGON, RANK_OF, SUIT_OF, SUITS
from .states import Bidding, ChooseOption, Discard, PlayerTurn

if TYPE_CHECKING:
    from .game import SummonTheDragon

HELP = 2.0   # what a partner and the option are worth on average, in tricks


def estimate(hand: list[str], designation: str) -> float:
    """Tricks this hand likely takes under `designation`, plus the partner's and the option's help."""
    trump = rules.trump_of(designation)
    low = designation == rules.LOW_NO_TRUMP
    total = HELP
    for card in hand:
        if card == DRAGON:
            total += 1.2
            continue
        strength = 12 - RANK_OF[card] if low else RANK_OF[card]       # 12: the best card of a suit
        if trump is not None and SUIT_OF[card] == trump:
            total += 0.6 + (0.4 if strength >= 11 else 0)
        elif strength == 12:
            total += 0.9
        elif strength == 11:
            total += 0.5
        elif strength == 10 and trump is None:
            total += 0.2
    return total


def choose_bid(hand: list[str], high: dict | None, partner: int | None, stuck: bool) -> tuple[str, dict]:
    best = max(rules.DESIGNATIONS, key=lambda d: estimate(hand, d))
    expected = int(estimate(hand, best))
    low = rules.lowest_bid(high)
    if stuck:
        return "bid", {"tricks": rules.MIN_BID, "designation": best}
    if high and high["player_id"] == partner:
        expected -= 1                                    # do not push the partner's contract
    if low <= min(expected, rules.MAX_BID):
        return "bid", {"tricks": low, "designation": best}
    return "pass", {}


def keep_value(card: str, designation: str) -> tuple[int, int]:
    """How much a card is worth keeping: the Dragon, then trumps, then by rank (reversed in low NT)."""
    if card == DRAGON:
        return 3, 0
    strength = 12 - RANK_OF[card] if designation == rules.LOW_NO_TRUMP else RANK_OF[card]
    return (2 if SUIT_OF[card] == rules.trump_of(designation) else 1), strength


def play_strength(move: dict, suit: str, led: str, designation: str) -> tuple[tuple[int, int], tuple[int, int]]:
    card = move["card"]
    return (rules.power(card, suit, move.get("declare"), led, designation), keep_value(card, designation))


def choose_card(game: SummonTheDragon, player_id: int) -> tuple[str, dict]:
    designation = game.data["contract"]["designation"]
    trump = rules.trump_of(designation)
    trick = game.data["trick"]
    moves = game.card_moves(player_id)

    def suit_of(move: dict) -> str:
        if move["card"] != DRAGON:
            return SUIT_OF[move["card"]]
        return trump or move.get("suit") or trick[0]["suit"]

    if not trick:
        # Lead the strongest card; the Dragon leads to win in the suit this hand holds most of.
        longest = max(SUITS, key=lambda s: sum(SUIT_OF[c] == s for c in game.hand(player_id)))
        winning = rules.LOWEST if designation == rules.LOW_NO_TRUMP else rules.HIGHEST
        moves = [m for m in moves if m["card"] != DRAGON or trump or
                 (m["suit"] == longest and m["declare"] == winning)]
        return "playCard", max(moves, key=lambda m: play_strength(m, suit_of(m), suit_of(m), designation))
    led = trick[0]["suit"]
    best = rules.trick_winner(trick, designation)
    top = rules.power(trick[best]["card"], trick[best]["suit"], trick[best]["declare"], led, designation)
    partner_winning = rules.team_of(game.seat_of(trick[best]["player_id"])) == rules.team_of(game.seat_of(player_id))
    ranked = sorted(moves, key=lambda m: play_strength(m, suit_of(m), led, designation))
    if not partner_winning:
        winners = [m for m in ranked if rules.power(m["card"], suit_of(m), m.get("declare"), led, designation) > top]
        if winners:
            return "playCard", winners[0]
    return "playCard", ranked[0]


def bid(game: SummonTheDragon, player_id: int) -> tuple[str, dict]:
    partner = game.player_ids[(game.seat_of(player_id) + 2) % 4]
    return choose_bid(game.hand(player_id), game.data["high"], partner, game.dealer_is_stuck())


def choose_option(game: SummonTheDragon, player_id: int) -> tuple[str, dict]:
    return "chooseOption", {"option": rules.KITTY if DRAGON in game.hand(player_id) else rules.SUMMON}


def weakest(hand: list[str], designation: str, count: int) -> list[str]:
    """The `count` cards least worth keeping, in hand order (as legal_actions lists discards)."""
    chosen = set(sorted(hand, key=lambda c: keep_value(c, designation))[:count])
    return [c for c in hand if c in chosen]


def choose_discard(game: SummonTheDragon, player_id: int) -> tuple[str, dict]:
    return "discard", {"cards": weakest(game.hand(player_id), game.data["contract"]["designation"],
                                        game.owed(player_id))}


CHOOSERS = {Bidding: bid, ChooseOption: choose_option, Discard: choose_discard, PlayerTurn: choose_card}


def heuristic_move(game: SummonTheDragon, player_id: int) -> tuple[str, dict] | None:
    if not game.gamestate.is_player_active(player_id):
        return None
    choose = CHOOSERS.get(game.gamestate.current_state())
    return choose(game, player_id) if choose else None
