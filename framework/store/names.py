"""The rules for account names: one spelling per name, and no name that passes for another.

A name is compared by its key (NFKC, then case-folded: "Anna", "ANNA" and fullwidth "ａｎｎａ" are
one name) and by its confusable skeleton (Unicode TR39, from the `disarm` library: Cyrillic "аnna"
looks like Latin "anna"). Only registration applies the rules; the server names its own bots and
hotseat seats ("Heuristic bot 2", "anna #2") without them, but every account gets a key.
"""
from __future__ import annotations

import unicodedata

from disarm import skeleton_key

MAX_LENGTH = 32
# Control, format (bidi marks, zero-width joiners), surrogate, private-use and unassigned characters,
# and line or paragraph separators: each can hide in a name or change how the names around it read.
REFUSED_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


def normalise(name: str) -> str:
    """The name as it is stored: NFKC (fullwidth and other compatibility forms folded), trimmed."""
    return unicodedata.normalize("NFKC", name).strip()


def name_problem(normalised: str) -> str | None:
    """Why a normalised name cannot be registered, or None."""
    if not 1 <= len(normalised) <= MAX_LENGTH:
        return f"A name has 1 to {MAX_LENGTH} characters, not counting spaces around it."
    if any(unicodedata.category(ch) in REFUSED_CATEGORIES for ch in normalised):
        return "A name cannot hold control, formatting or invisible characters."
    return None


def comparison_key(name: str) -> str:
    """What two names must not share: case-folded NFKC (NFKC again: case folding can undo it)."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).strip().casefold())


def skeleton(name: str) -> str:
    """What two names that look alike share (TR39 skeleton, case-folded)."""
    return skeleton_key(unicodedata.normalize("NFKC", name).strip())
