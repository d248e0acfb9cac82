"""Legality of a play: combination, comparison, the Fox, out-of-turn bombs and the wish
(rule text "Combinations", "Bombs", "The special cards"; D3-D14). Pure functions.

A refused play raises `Illegal` with a sentence the player reads; the states turn it into a
UserError.
"""
from __future__ import annotations

from .cards import HERALD, PHOENIX, RANK, RANK_WORDS, not_held
from .combos import (
    DRAGON_RANK,
    FOX_LEAD,
    KIND_NAMES,
    SINGLE,
    STAIRS,
    STRAIGHT,
    Combo,
    beats,
    readings,
    why_no_combination,
)
from .plays import followers


class Illegal(Exception):
    """A play against the rules; the message names the rule."""


def contains_rank(cards, rank: int) -> bool:
    """Whether a natural card of `rank` is among the cards (the Phoenix never counts)."""
    return rank in map(RANK.get, cards)  # asked twice a move: no generator to make


def wish_obliges(hand: list[str], top: Combo | None, wish: int | None, listed: list | None = None) -> bool:
    """D14: in your turn you must fulfil the wish when a non-bomb play with a
    natural card of the wished rank is possible; leading, whenever you hold one. `listed`: the
    hand's plays on `top` when already listed (`plays(hand, top)`), so they are not listed again."""
    if wish is None or not contains_rank(hand, wish):
        return False
    if top is None:
        return True
    if top.is_bomb:
        return False
    candidates = followers(hand, top) if listed is None else listed
    return any(not combo.is_bomb and contains_rank(cards, wish) for cards, combo in candidates)


def shows_wish_lacking(top: Combo | None, wish: int | None) -> bool:
    """Whether a turn taken without a natural card of the wished rank, on `top` (None: a lead),
    shows the hand holds none (D14): a leader holding one must lead it, and any one beats a single
    below it. On other combinations a hand may hold the rank and still not be obliged."""
    if wish is None:
        return False
    return top is None or (top.kind == SINGLE and top.rank < wish)


def a_rank(rank: int) -> str:
    word = RANK_WORDS[rank]
    return f"an {word}" if word in ("8", "Ace") else f"a {word}"


def choose_reading(cards: list[str], top: Combo | None, phoenix: int | None) -> Combo:
    """The combination these cards make; `phoenix` picks a reading, else the highest (D4)."""
    found = readings(cards, top)
    if not found:
        if cards == [PHOENIX] and top is not None and top.rank == DRAGON_RANK:
            raise Illegal("The Phoenix cannot be played on the Dragon.")
        raise Illegal(why_no_combination(cards))
    if phoenix is None:
        return found[0]
    if PHOENIX not in cards or len(cards) == 1:
        raise Illegal("The phoenix argument says what the Phoenix stands for in a combination; "
                      "there is none here.")
    for combo in found:
        if combo.phoenix == phoenix:
            return combo
    raise Illegal(f"The Phoenix cannot stand for {a_rank(phoenix)} in these cards.")


def why_not_beating(combo: Combo, top: Combo, top_name: str) -> str:
    if combo.kind == FOX_LEAD:
        return "The Fox can only lead a round."
    if combo.is_bomb:
        return f"Your bomb does not beat {top_name}: a bomb only beats a lower bomb."
    if top.is_bomb:
        return f"Only a higher bomb beats {top_name}."
    if top.kind == SINGLE and top.rank == DRAGON_RANK:
        return "Only a bomb beats the Dragon."
    if combo.kind != top.kind:
        return f"You must answer {KIND_NAMES[top.kind]} with a higher one of the same kind (or a bomb)."
    if combo.size != top.size:
        if top.kind == STRAIGHT:
            return f"A straight of {top.size} only beats a straight of {top.size}."
        if top.kind == STAIRS:
            return f"Stairs of {top.size // 2} pairs only beat stairs of {top.size // 2} pairs."
    return f"That does not beat {top_name}: play something higher."


def check_play(hand: list[str], cards: list[str], top: Combo | None, top_name: str, *, in_turn: bool,
               wish: int | None, phoenix: int | None = None, new_wish: int | None = None,
               wish_allowed: bool = True) -> Combo:
    """The combination of a legal play, or Illegal. `top` is None when the player leads."""
    if len(set(cards)) != len(cards):
        raise Illegal("Each card can be played only once.")
    refusal = not_held(hand, cards)
    if refusal:
        raise Illegal(refusal)
    combo = choose_reading(cards, top, phoenix)
    if not in_turn and not combo.is_bomb:
        raise Illegal("Only a bomb may be played out of turn.")
    if top is not None and not beats(combo, top):
        raise Illegal(why_not_beating(combo, top, top_name))
    # a play with the wished rank fulfils the wish: only otherwise list what the hand could play
    if in_turn and wish is not None and not contains_rank(cards, wish) and wish_obliges(hand, top, wish):
        raise Illegal(f"You must play {a_rank(wish)}: the wish obliges you.")
    if new_wish is not None:
        if not wish_allowed:
            raise Illegal("This table plays without the wish.")
        if HERALD not in cards:
            raise Illegal("Only the player of the Herald may make a wish.")
    return combo
