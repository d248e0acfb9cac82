"""Combinations, their readings and what beats what (rule text "Game play", D2-D8).

A combination is a JSON dict: `{"kind": "set"|"run"|"bomb", "width", "length", "top", "wilds"}`.
A set is `width` cards of one rank (length 1); a run is `length` consecutive ranks of `width` cards
each; `top` is the highest rank (for a bomb: its level, Hand 1 < Two 2 < Joker 3 < Wild 4).
`wilds` says what each wild stands for (a rank name, "2" or "X" when it keeps its natural rank).
Two non-bomb combinations are of the same type when width and length are equal.
"""
from __future__ import annotations

from collections import Counter

from .cards import IS_WILD, JOKER, LOWEST, RANK, RANK_NAME, RANK_VALUE, SUIT, TWO

MAX_SET = 7
BOMBS = {"hand": 1, "two": 2, "joker": 3, "wild": 4}
BOMB_TITLES = {1: "a Hand bomb", 2: "a Two bomb", 3: "a Joker bomb", 4: "a Wild bomb"}
HAND_BOMB_RANKS = [7, 9, 11, 13]
SET_WORDS = {2: "pair", 3: "trio", 4: "quartet"}
COUNT_WORDS = {3: "three", 4: "four", 5: "five", 6: "six", 7: "seven"}

ALL_WILD_PAIR = "Two wilds cannot be played as a pair of 2s: together they are a bomb."
ALL_WILD_TRIO = "Three wilds cannot be played as a trio of 2s: together they are a bomb."


class IllegalPlay(Exception):
    """A play the rules refuse; the message is the sentence the player reads."""


def combo(kind: str, width: int, length: int, top: int, wilds: dict | None = None) -> dict:
    return {"kind": kind, "width": width, "length": length, "top": top, "wilds": wilds or {}}


# ----- reading cards ------------------------------------------------------------------------
def bomb_of(cards: list[str]) -> dict | None:
    """D5: exactly natural 7-9-J-K, 2-2, 2-Joker or 2-2-Joker; nothing larger is a bomb."""
    if len(cards) == 4 and not any(IS_WILD[c] for c in cards) \
            and sorted(RANK[c] for c in cards) == HAND_BOMB_RANKS:
        return combo("bomb", 4, 1, BOMBS["hand"])
    if len(cards) < 2 or not all(IS_WILD[c] for c in cards):
        return None
    shape = (sum(RANK[c] == TWO for c in cards), sum(RANK[c] == JOKER for c in cards))
    level = {(2, 0): BOMBS["two"], (1, 1): BOMBS["joker"], (2, 1): BOMBS["wild"]}.get(shape)
    return combo("bomb", len(cards), 1, level) if level else None


def assign_wilds(wild_cards: list[str], slots: list[int]) -> dict | None:
    """Put wilds in the missing places of a run: only a joker may be the X."""
    slots = sorted(slots, reverse=True)
    on_top = slots.count(JOKER)
    jokers = [c for c in wild_cards if RANK[c] == JOKER]
    if on_top > len(jokers):
        return None
    order = jokers[:on_top] + [c for c in wild_cards if RANK[c] == TWO] + jokers[on_top:]
    return {card: RANK_NAME[slot] for card, slot in zip(order, slots, strict=True)}


def readings(cards: list[str]) -> list[dict]:
    """Every combination these cards can be read as (D2-D8)."""
    n = len(cards)
    naturals = [c for c in cards if not IS_WILD[c]]
    wilds = [c for c in cards if IS_WILD[c]]
    bomb = bomb_of(cards)
    if bomb:
        return [bomb]
    if not naturals:
        # D2: a wild alone is a single at its natural rank; several are a bomb or nothing.
        return [combo("set", 1, 1, RANK[cards[0]])] if n == 1 else []
    ranks = [RANK[c] for c in naturals]
    found = []
    if len(set(ranks)) == 1 and n <= MAX_SET:
        found.append(combo("set", n, 1, ranks[0], dict.fromkeys(wilds, RANK_NAME[ranks[0]])))
    if n < 3:  # the shortest runs: 3 singles, 2 pairs
        return found
    counts = Counter(ranks)
    most_of_a_rank = max(counts.values())
    suit_count = len({SUIT[c] for c in naturals})
    low, high = min(ranks), max(ranks)
    for width in (1, 2, 3, 4):
        length = n // width
        if n % width or length < (3 if width == 1 else 2):
            continue
        if most_of_a_rank > width or suit_count > width:
            continue
        for top in range(max(high, LOWEST + length - 1), min(low + length - 1, JOKER) + 1):
            slots = [r for r in range(top - length + 1, top + 1) for _ in range(width - counts.get(r, 0))]
            placed = assign_wilds(wilds, slots)
            if placed is not None:
                found.append(combo("run", width, length, top, placed))
    return found


def strength(c: dict) -> tuple:
    """Which reading is the highest: bombs first, then the higher top, then the wider."""
    return (c["kind"] == "bomb", c["top"], c["width"])


def _multiset(c: dict) -> list[int]:
    if c["kind"] == "set":
        return [c["top"]] * c["width"]
    return sorted(r for r in range(c["top"] - c["length"] + 1, c["top"] + 1) for _ in range(c["width"]))


def reading_as(cards: list[str], wilds: dict) -> dict:
    """The reading where each wild stands for the rank the player named."""
    in_play = {c for c in cards if IS_WILD[c]}
    if set(wilds) != in_play:
        raise IllegalPlay("Say what each wild of the play stands for, and only the wilds.")
    if in_play and len(in_play) == len(cards) and len(cards) > 1:
        raise IllegalPlay(ALL_WILD_PAIR if len(cards) == 2 else ALL_WILD_TRIO)
    values = []
    for card, name in wilds.items():
        value = RANK_VALUE.get(str(name))
        if value is None:
            raise IllegalPlay(f"{name} is not a rank: name one of 6-10, J, Q, K, A, 2 or X.")
        if RANK[card] == TWO and value > TWO:
            raise IllegalPlay("A 2 cannot stand for a Joker.")
        if len(cards) == 1 and value != RANK[card]:
            raise IllegalPlay("A wild played alone is a single at its own rank.")
        values.append(value)
    wanted = sorted([RANK[c] for c in cards if not IS_WILD[c]] + values)
    for reading in readings(cards):
        if reading["kind"] != "bomb" and reading["top"] == wanted[-1] and _multiset(reading) == wanted:
            return {**reading, "wilds": {c: RANK_NAME[RANK_VALUE[str(v)]] for c, v in wilds.items()}}
    raise IllegalPlay(why_not(cards, wanted))


def why_not(cards: list[str], wanted: list[int] | None = None) -> str:
    """The rule a play breaks, for the refusal (rule text "Game play", D3-D7)."""
    naturals = [c for c in cards if not IS_WILD[c]]
    if not naturals:
        return "Wilds alone make only a single or a bomb: 2-2, 2-Joker or 2-2-Joker."
    ranks = wanted or [RANK[c] for c in naturals]
    counts = Counter(ranks)
    if len(counts) == 1:
        return f"A set has at most {MAX_SET} cards."
    if len(set(counts.values())) > 1 and wanted:
        return "A run needs the same number of cards at every rank."
    suits = {SUIT[c] for c in naturals}
    n = len(cards)
    for width in (1, 2, 3, 4):
        if n % width or max(Counter(RANK[c] for c in naturals).values()) > width:
            continue
        if width == 1 and n < 3:
            return "A run of singles needs at least 3 cards."
        if n // width < 2:
            continue
        if len(suits) > width:
            if width == 1:
                return "A run of singles must have all its natural cards in one suit."
            word = SET_WORDS[width]
            return f"A run of {word}s must use the same suits in every {word}."
        return "A run must be of consecutive ranks, with the wilds filling the gaps."
    if n % len(counts) == 0 and n // len(counts) > 4:
        return "Runs are made of singles, pairs, trios or quartets only."
    return "These cards are not a set, a run or a bomb."


# ----- what beats what ------------------------------------------------------------------------
def beats(new: dict, old: dict | None) -> bool:
    """D5 and D7: same type and higher top; any bomb beats a non-bomb; bombs by level."""
    if old is None:
        return True
    if new["kind"] == "bomb":
        return old["kind"] != "bomb" or new["top"] > old["top"]
    return (old["kind"] != "bomb" and new["width"] == old["width"] and new["length"] == old["length"]
            and new["top"] > old["top"])


def refusal(new: dict, old: dict) -> str:
    if old["kind"] == "bomb" and new["kind"] != "bomb":
        return "After a bomb only a higher bomb may be played."
    if new["kind"] == "bomb":
        return f"{name(new).capitalize()} does not beat {name(old)}: bombs rank Hand < Two < Joker < Wild."
    if (new["width"], new["length"]) != (old["width"], old["length"]):
        return f"You must answer {name(old)} with the same kind of combination and as many cards, or with a bomb."
    return f"{name(new).capitalize()} is not higher than {name(old)}."


def choose_reading(cards: list[str], wilds: dict | None, current: dict | None) -> dict:
    """The combination a play is taken as: the one the player named, else the highest legal one."""
    if wilds:
        chosen = reading_as(cards, wilds)
        if not beats(chosen, current):
            raise IllegalPlay(refusal(chosen, current))
        return chosen
    options = readings(cards)
    if not options:
        raise IllegalPlay(why_not(cards))
    good = [r for r in options if beats(r, current)]
    if not good:
        raise IllegalPlay(refusal(max(options, key=strength), current))
    return max(good, key=strength)


# ----- names for the log ----------------------------------------------------------------------
def _plural(rank: int) -> str:
    return RANK_NAME[rank] + "s"


def name(c: dict) -> str:
    """`a pair of 8s`, `a run 9-10-J`, `a run of pairs 8-9`, `a Joker bomb`."""
    top, width, length = c["top"], c["width"], c["length"]
    if c["kind"] == "bomb":
        return BOMB_TITLES[top]
    if c["kind"] == "set":
        if width == 1:
            return f"a single {RANK_NAME[top]}"
        return f"a pair of {_plural(top)}" if width == 2 else f"{COUNT_WORDS[width]} {_plural(top)}"
    ranks = "-".join(RANK_NAME[r] for r in range(top - length + 1, top + 1))
    return f"a run {ranks}" if width == 1 else f"a run of {SET_WORDS[width]}s {ranks}"


def wild_words(c: dict) -> str:
    """How the wilds were read, without card codes: `(wilds as J, A)`."""
    ranks = sorted((v for v in c["wilds"].values()), key=RANK_VALUE.__getitem__)
    return f" (wilds as {', '.join(ranks)})" if ranks and c["kind"] != "bomb" else ""

