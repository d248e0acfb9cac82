"""The rules for new passwords: long enough, not the name, not one that everybody tries first.

The common passwords are the `zxcvbn` package's list (the 30,000 most frequent of a public corpus
of leaked passwords), compared without case. Logging in applies none of this: passwords set before
these rules keep working until their owner changes them.
"""
from __future__ import annotations

import unicodedata
from functools import cache

from .names import comparison_key

MIN_LENGTH = 8
MAX_LENGTH = 200
# Shorter names are left out of the "contains the name" rule: "al" is inside too many good passwords.
NAME_INSIDE_FROM = 3


@cache
def common_passwords() -> frozenset[str]:
    from zxcvbn.frequency_lists import FREQUENCY_LISTS  # 40 ms to import: only when a password is set

    return frozenset(FREQUENCY_LISTS["passwords"])


def password_problem(password: str, name: str) -> str | None:
    """Why `password` cannot be the password of the account `name`, or None."""
    if len(password) < MIN_LENGTH:
        return f"A password has at least {MIN_LENGTH} characters."
    if len(password) > MAX_LENGTH:
        return f"A password has at most {MAX_LENGTH} characters."
    folded, folded_name = unicodedata.normalize("NFKC", password).casefold(), comparison_key(name)
    if folded == folded_name or (len(folded_name) >= NAME_INSIDE_FROM and folded_name in folded):
        return "A password cannot be or contain the account's name."
    if folded in common_passwords():
        return "This password is among the most common ones, which are tried first: choose another."
    return None
