"""The rules of Summon the Dragon as pure functions over card codes (no engine).

Rule references: "text" is the published rule text of Summon the Dragon; "Dn" is decision n in this
game's RULES.md (section "Decisions").
"""
from __future__ import annotations

from functools import lru_cache

from .cards import DRAGON, RANK_OF, SUIT_OF, SUITS

HIGH_NO_TRUMP, LOW_NO_TRUMP = "high-no-trump", "low-no-trump"
DESIGNATIONS = (*SUITS, HIGH_NO_TRUMP, LOW_NO_TRUMP)
DESIGNATION_NAMES = {**{s: s.capitalize() for s in SUITS},
                     HIGH_NO_TRUMP: "high no-trump", LOW_NO_TRUMP: "low no-trump"}
MIN_BID, MAX_BID = 3, 13                       # D4
TRICKS, UNITS = 12, 13                         # 12 tricks, the last worth 2 (D4)
SUMMON, KITTY, NO_HELP = "summon", "kitty", "no-help"
OPTIONS = (SUMMON, KITTY, NO_HELP)
HIGHEST, LOWEST = "highest", "lowest"
DECLARATIONS = (HIGHEST, LOWEST)
NO_HELP_BONUS = 25


def trump_of(designation: str) -> str | None:
    """The trump suit of a contract; None in no-trump."""
    return designation if designation in SUITS else None


def team_of(seat: int) -> int:
    """Seats 0+2 are team 0, seats 1+3 team 1."""
    return seat % 2


# ----- bidding (text "The Bid", D5, D6) -----------------------------------------------------------
def lowest_bid(high: dict | None) -> int:
    """The fewest tricks a bid may name over the standing bid (None: the opening bid, D4)."""
    return high["tricks"] + 1 if high else MIN_BID


def bid_error(tricks: int, designation: str, high: int | None) -> str | None:
    """Why a bid of `tricks` over the standing bid `high` (None: no bid yet) is refused, or None."""
    if designation not in DESIGNATIONS:
        return "Name one of the six designations: earth, wind, fire, water, high-no-trump or low-no-trump."
    if high is None and tricks < MIN_BID:
        return f"The opening bid is at least {MIN_BID}."
    if high is not None and tricks <= high:
        return f"Bid more than {high}."
    if tricks > MAX_BID:
        return f"The highest bid is {MAX_BID}: one for each trick, the last counting two."
    return None


def auction_over(high: int | None, passed: int, players: int = 4) -> bool:
    """The auction ends when everyone but the high bidder has passed, or at a bid of 13 (D5)."""
    return high is not None and (high >= MAX_BID or passed >= players - 1)


def dealer_stuck(high: int | None, passed: int, players: int = 4) -> bool:
    """The first three passed: the dealer must bid (D6)."""
    return high is None and passed >= players - 1


# ----- the option (text "Taking the option", D7-D9) -------------------------------------------------
def options_for(bidder_hand: list[str]) -> list[str]:
    """A bidder holding the Dragon is not offered Summon (D8)."""
    return [KITTY, NO_HELP] if DRAGON in bidder_hand else list(OPTIONS)


# ----- following (text "The Play", D12-D14) ---------------------------------------------------------
# The suit each card counts as for following and trumping, by trump suit (None: no-trump): in a suit
# contract the Dragon is the top trump for every rule (D13); in no-trump it belongs to no suit until
# played (D14). Looked up per card, so the rules below never branch on the Dragon in their loops.
RULING_SUIT: dict[str | None, dict[str, str | None]] = {
    trump: {**SUIT_OF, DRAGON: trump} for trump in (*SUITS, None)
}


def follows(card: str, led: str, trump: str | None) -> bool:
    """Does `card` follow the led suit? On a trump lead the Dragon follows; in no-trump a natural card
    of the suit follows (the Dragon may always be played as the led suit, D14, but never must be)."""
    return RULING_SUIT[trump][card] == led


def playable(hand: list[str], led: str | None, trump: str | None) -> list[str]:
    """The cards of `hand` that may be played to a trick whose led suit is `led` (None: leading)."""
    if led is None:
        return list(hand)                                    # leading is free (D12)
    suit_of = RULING_SUIT[trump]
    following = [c for c in hand if suit_of[c] == led]
    if trump is None:
        if following and DRAGON in hand:
            following.append(DRAGON)                         # D14: the Dragon as the led suit, by choice
        return following or list(hand)                       # D12: void in no-trump plays anything
    if following:
        return following
    trumps = [c for c in hand if suit_of[c] == trump]
    return trumps or list(hand)                              # void: must trump, else anything (D12)


def shown_voids(card: str, led: str | None, trump: str | None) -> list[str]:
    """The suits a player shows they no longer hold by playing `card` to a trick led in `led` (D12,
    D13): not following shows the led suit is gone; in a suit contract, not trumping either shows
    the trumps (the Dragon among them) are gone. The no-trump Dragon may always be played, so it
    shows nothing (D14)."""
    if led is None or RULING_SUIT[trump][card] == led or (trump is None and card == DRAGON):
        return []
    if trump is None or led == trump or RULING_SUIT[trump][card] == trump:
        return [led]
    return [led, trump]


def play_moves(cards: list[str], led: str | None, trump: str | None) -> list[dict]:
    """The playCard arguments for these playable cards: one per card, except the no-trump Dragon,
    once per declaration it may take, and per suit when it leads (D13, D14)."""
    if trump is not None or DRAGON not in cards:
        return [{"card": card} for card in cards]
    moves = []
    for card in cards:
        if card != DRAGON:
            moves.append({"card": card})
        elif led is None:
            moves += [{"card": card, "suit": s, "declare": d} for s in SUITS for d in DECLARATIONS]
        else:
            moves += [{"card": card, "declare": d} for d in DECLARATIONS]
    return moves


def unplayable(hand: list[str], led: str | None, trump: str | None,
               allowed: list[str] | None = None) -> dict[str, str]:
    """The cards of `hand` that may not be played to this trick, each with the sentence naming the rule
    that keeps it back (D12, D13): what the player is told before trying, and what a refusal says.
    `allowed`: `playable(hand, led, trump)` when the caller has it already."""
    allowed = set(playable(hand, led, trump) if allowed is None else allowed)
    blocked = [card for card in hand if card not in allowed]
    if not blocked:
        return {}
    if any(follows(c, led, trump) for c in hand):
        reason = f"You must follow {led}" + (" (the Dragon is a trump)." if led == trump else ".")
    else:
        reason = f"You must play a trump: you have no {led}."
    return dict.fromkeys(blocked, reason)


def play_error(hand: list[str], card: str, led: str | None, trump: str | None) -> str | None:
    """Why `card` may not be played now, as the sentence naming the rule; None when it may."""
    if card not in hand:
        return "You do not have that card."
    # Most plays follow the led suit: answered at once, without listing the playable cards.
    if led is None or RULING_SUIT[trump][card] == led:
        return None
    return unplayable(hand, led, trump).get(card)


def declare_dragon(designation: str, led: str | None, suit: str | None,
                   declare: str | None) -> tuple[str, str]:
    """The (suit, highest|lowest) the Dragon is played as; raises ValueError naming the rule.

    Suit contract: always the highest trump (D13). No-trump: when led, its holder names the suit and
    highest or lowest (D14); following, it takes the led suit and is highest or lowest (D14).
    """
    trump = trump_of(designation)
    if trump is not None:
        if suit not in (None, trump) or declare not in (None, HIGHEST):
            raise ValueError(f"In a {trump} contract the Dragon is always the highest {trump}: "
                             "it cannot be declared otherwise.")
        return trump, HIGHEST
    if led is None and suit is None:
        raise ValueError("Leading the Dragon in no-trump, name the suit it leads.")
    if led is not None and suit not in (None, led):
        raise ValueError(f"Following in no-trump, the Dragon is played as the led suit, {led}.")
    if declare not in (HIGHEST, LOWEST):
        raise ValueError("In no-trump, declare the Dragon highest or lowest.")
    return suit or led, declare


# Pure, over a few thousand possible inputs, and asked for every card of every trick.
@lru_cache(maxsize=4096)
def power(card: str, suit: str, declare: str | None, led: str, designation: str) -> tuple[int, int]:
    """How strongly a played card contends for the trick: the highest tuple wins.

    Tier 2 trumps, 1 the led suit, 0 off-suit (never wins). In no-trump a Dragon declared highest
    ranks above the Elemental, lowest below the 1 (D14); low no-trump reverses the ranking (D15).
    """
    trump = trump_of(designation)
    if card == DRAGON:
        if trump is not None:
            return 2, 99
        rank = 13 if declare == HIGHEST else -1
    else:
        rank = RANK_OF[card]
    if trump is not None and suit == trump:
        return 2, rank
    if suit != led:
        return 0, 0
    return 1, (-rank if designation == LOW_NO_TRUMP else rank)


def trick_winner(plays: list[dict], designation: str) -> int:
    """Index of the winning play; each play is {"card", "suit", "declare"} with `suit` the suit it
    was played as (the first play's suit is the led suit)."""
    led = plays[0]["suit"]
    powers = [power(p["card"], p["suit"], p["declare"], led, designation) for p in plays]
    return powers.index(max(powers))                         # no two plays tie for the top


def trick_units(number: int) -> int:
    """Trick 12 counts double (D4)."""
    return 2 if number == TRICKS else 1


# ----- scoring (D17, D18) ---------------------------------------------------------------------------
def hand_score(bid: int, taken: int, no_help: bool) -> tuple[int, int]:
    """(bidding team, defenders) points for a hand where the bidders took `taken` of 13 units."""
    if taken >= bid:
        bidders = 10 * bid + 5 * (taken - bid) + (NO_HELP_BONUS if no_help else 0)
    else:
        bidders = -(10 * bid + 5 * (bid - taken))
    return bidders, 5 * (UNITS - taken)


def game_winner(team_scores: list[int], target: int) -> int | None:
    """The winning team once a team is at the target and the totals differ (D18); None: play on."""
    if max(team_scores) < target or team_scores[0] == team_scores[1]:
        return None
    return 0 if team_scores[0] > team_scores[1] else 1
