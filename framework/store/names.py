"""The rules for account names: one spelling per name, and no name that passes for another.

A name is compared by its key (NFKC, then case-folded: "Anna", "ANNA" and fullwidth "ａｎｎａ" are
one name) and by its confusable skeleton (Unicode TR39, from the `disarm` library: Cyrillic "аnna"
looks like Latin "anna"), folded further for the letter sequences that pass for one letter in most fonts
("rn" for "m", "vv" for "w", "cl" for "d", "0" for "o", "1" for "l": "rnallory" looks like "mallory"),
which the TR39 table maps only one way. Only registration applies the rules; the server names its own bots and
hotseat seats ("Heuristic bot 2", "anna #2") without them, but every account gets a key.
"""
from __future__ import annotations

import unicodedata

from disarm import skeleton_key

from .text_rules import NAME_REFUSED, text_problem

MAX_LENGTH = 32
# Sequences that read as one letter, folded in this order (after TR39, which has made "I" an "l").
LOOK_ALIKE_SEQUENCES = (("rn", "m"), ("vv", "w"), ("cl", "d"), ("0", "o"), ("1", "l"))


def normalise(name: str) -> str:
    """The name as it is stored: NFKC (fullwidth and other compatibility forms folded), trimmed."""
    return unicodedata.normalize("NFKC", name).strip()


def name_problem(normalised: str) -> str | None:
    """Why a normalised name cannot be registered, or None."""
    if not 1 <= len(normalised) <= MAX_LENGTH:
        return f"A name has 1 to {MAX_LENGTH} characters, not counting spaces around it."
    return text_problem(normalised, NAME_REFUSED)


def comparison_key(name: str) -> str:
    """What two names must not share: case-folded NFKC (NFKC again: case folding can undo it)."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).strip().casefold())


def skeleton(name: str) -> str:
    """What two names that look alike share (TR39 skeleton, case-folded, look-alike sequences folded)."""
    folded = skeleton_key(unicodedata.normalize("NFKC", name).strip())
    for sequence, letter in LOOK_ALIKE_SEQUENCES:
        folded = folded.replace(sequence, letter)
    return folded
