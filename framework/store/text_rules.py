"""What text a player writes for others to read (names, chat lines) may hold: nothing that hides or
turns the text around it, and no towers of accents.

Bidirectional overrides and isolates (U+202A-202E, U+2066-2069) make "gnp.exe" read as "exe.png" and
can flip the words of the lines around them; zero-width and other format characters hide inside a word;
a letter with dozens of combining marks spills over the lines above and below. Each refusal names the
character, so a player whose keyboard put one there can find it.
"""
from __future__ import annotations

import unicodedata

# Combining marks on one letter, decomposed (NFD): Vietnamese needs two ("ệ"), pointed Hebrew and
# Devanagari with a nukta three; a "Zalgo" tower stacks dozens.
MAX_MARKS = 3
MARKS = {"Mn", "Me"}
# Control, format (bidi controls, zero-width characters), surrogate, private-use and unassigned
# characters, and line or paragraph separators: none belongs in a name.
NAME_REFUSED = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
# A chat line may hold characters newer than Python's Unicode tables (Cn: a new emoji) and private-use
# ones (an icon font's); it may not hide or turn text, or break it where the page shows one line.
CHAT_REFUSED = {"Cc", "Cf", "Cs", "Zl", "Zp"}
ZERO_WIDTH_JOINER = "\u200d"  # inside an emoji sequence (a family, a profession): allowed there only


UNNAMED = {"Cc": "a control character", "Cs": "a lone surrogate", "Co": "a private-use character",
           "Cn": "an unassigned code point"}


def describe(ch: str) -> str:
    """A character as a refusal names it: its code point and Unicode name (or, without one, its kind)."""
    name = unicodedata.name(ch, "") or f"({UNNAMED.get(unicodedata.category(ch), 'unnamed')})"
    return f"U+{ord(ch):04X} {name}"


def refused_character(text: str, refused: set[str]) -> str | None:
    """The first character of `text` whose category is in `refused` (a joiner between emoji excepted)."""
    for i, ch in enumerate(text):
        if unicodedata.category(ch) in refused and not _joins_emoji(text, i):
            return ch
    return None


def _joins_emoji(text: str, i: int) -> bool:
    if text[i] != ZERO_WIDTH_JOINER or not 0 < i < len(text) - 1:
        return False
    before, after = text[i - 1], text[i + 1]
    return (unicodedata.category(before) in {"So", "Sk"} or before == "\ufe0f") and unicodedata.category(after) == "So"


def mark_stack(text: str) -> tuple[str, int] | None:
    """The first letter carrying more than MAX_MARKS combining marks, and how many it carries, or None."""
    base, count = "", 0
    for ch in unicodedata.normalize("NFD", text) + "x":  # the sentinel ends the last run
        if unicodedata.category(ch) in MARKS:
            count += 1
            continue
        if count > MAX_MARKS:
            return base, count
        base, count = ch, 0
    return None


def text_problem(text: str, refused: set[str]) -> str | None:
    """Why `text` cannot be shown to other players, naming the character, or None."""
    ch = refused_character(text, refused)
    if ch is not None:
        return f"{describe(ch)} is refused: it is invisible, or changes how the text around it reads."
    stack = mark_stack(text)
    if stack is not None:
        base, count = stack
        on = f"{base!r}" if base else "the start"
        return f"{count} combining marks on {on}: at most {MAX_MARKS} on one letter."
    return None
