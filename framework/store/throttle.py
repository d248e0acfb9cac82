"""Limits on failed logins and on registrations, counted in the database.

Every worker and every host reads and writes the same rows, so a limit means the same thing with
one process or ten. Failed logins are limited per (name, address) pair, so guesses from one
address never lock the name's owner out elsewhere, and per address with a higher ceiling, so one
address cannot try name after name. Registrations (each costs a password hash) per address.
New tables and chat lines per account (`take_for_account`), so one account cannot flood the lobby or a chat.
"""
from __future__ import annotations

import hashlib
import ipaddress
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import case, delete, func, select

from .database import write_transaction
from .models import Attempt, User, clock, db
from .names import comparison_key

LOGIN, REGISTRATION, NEW_TABLE, CHAT = "login", "register", "table", "chat"
ADDRESS_LENGTH = 64  # the column's; a longer "address" (a proxy's odd header) is cut, not refused


@dataclass(frozen=True)
class LoginLimits:
    per_name: int     # failed logins for one name from one address ...
    per_address: int  # ... and for any names from one address ...
    seconds: int      # ... in this many seconds


@dataclass(frozen=True)
class Limit:
    most: int
    seconds: int


def address_key(address: str) -> str:
    """The address as counted: an IPv6 one by its /64, since one home or host usually holds the
    whole /64 and could otherwise take a fresh address for every guess."""
    parsed = parse_address(address)
    if parsed is None:
        return address[:ADDRESS_LENGTH]
    if parsed.version == 6 and parsed.ipv4_mapped:
        return str(parsed.ipv4_mapped)
    if parsed.version == 6:
        return str(ipaddress.ip_network(f"{parsed}/64", strict=False))
    return str(parsed)


def parse_address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """An address, also when a proxy wrote it with its port ("1.2.3.4:5678", "[2001:db8::1]:443"):
    the port changes with every connection and must not make a fresh address."""
    for candidate in (text.strip(), text.strip().rsplit(":", 1)[0].strip("[]")):
        try:
            return ipaddress.ip_address(candidate)
        except ValueError:
            continue
    return None


def name_key(name: str) -> str:
    """Names compared as logins compare them (`names.comparison_key`: trimmed, in any case or width),
    so "Anna" and "ＡＮＮＡ" share one set of guesses."""
    return hashlib.sha256(comparison_key(name).encode()).hexdigest()


def seconds_until(oldest: datetime, window: int, now: datetime) -> float:
    """When the oldest counted attempt leaves the window (so the count drops under the limit)."""
    return max((oldest + timedelta(seconds=window) - now).total_seconds(), 0.0)


def login_wait(name: str, address: str, limits: LoginLimits) -> float:
    """Seconds before this name may be tried from this address again; 0 when it may be now.

    One read: the address's failures in the window, and among them this name's.
    """
    now = clock()
    this_name = Attempt.name_key == name_key(name)
    counted, oldest, for_name, oldest_for_name = db.session.execute(
        select(func.count(), func.min(Attempt.at), func.count(case((this_name, 1))),
               func.min(case((this_name, Attempt.at))))
        .where(Attempt.kind == LOGIN, Attempt.address == address_key(address),
               Attempt.at > now - timedelta(seconds=limits.seconds))).one()
    waits = [seconds_until(first, limits.seconds, now)
             for count, first, most in ((for_name, oldest_for_name, limits.per_name),
                                        (counted, oldest, limits.per_address)) if count >= most]
    return max(waits, default=0.0)


def login_failed(name: str, address: str, limits: LoginLimits) -> None:
    now = clock()
    with write_transaction():
        add_attempt(LOGIN, address, now, limits.seconds, name=name)


def take_registration(address: str, limit: Limit) -> float:
    """Count a registration from `address` and return 0, or the seconds to wait when it is over its
    limit (then nothing is counted). Counted and checked in one write, so workers cannot both pass."""
    now = clock()
    with write_transaction():
        counted, oldest = db.session.execute(
            select(func.count(), func.min(Attempt.at))
            .where(Attempt.kind == REGISTRATION, Attempt.address == address_key(address),
                   Attempt.at > now - timedelta(seconds=limit.seconds))).one()
        if counted >= limit.most:
            return seconds_until(oldest, limit.seconds, now)
        add_attempt(REGISTRATION, address, now, limit.seconds)
    return 0.0


def add_attempt(kind: str, address: str, now: datetime, window: int, name: str | None = None) -> None:
    """One attempt, and the rows of its kind out of the window gone with it: the table stays the
    size of the attempts that still count."""
    db.session.execute(delete(Attempt).where(Attempt.kind == kind, Attempt.at <= now - timedelta(seconds=window)))
    db.session.add(Attempt(kind=kind, address=address_key(address), at=now,
                           name_key=name_key(name) if name is not None else None))


def take_for_account(kind: str, user_id: int, limits: tuple[Limit, ...]) -> float:
    """Count one `kind` (a new table, a chat line) for the account and return 0, or the seconds to wait
    when any of its `limits` is reached (then nothing is counted). The account's row is locked while it
    counts, so two workers or hosts cannot both take the last one."""
    now = clock()
    account = f"user {user_id}"  # in the address column: never an IP address's spelling
    widest = max(limit.seconds for limit in limits)
    with write_transaction():
        db.session.execute(select(User.id).where(User.id == user_id).with_for_update())
        times = list(db.session.scalars(select(Attempt.at).where(
            Attempt.kind == kind, Attempt.address == account, Attempt.at > now - timedelta(seconds=widest))))
        waits = []
        for limit in limits:
            counted = sorted(at for at in times if at > now - timedelta(seconds=limit.seconds))
            if len(counted) >= limit.most:  # the wait ends when enough have left the window to take one more
                waits.append(seconds_until(counted[len(counted) - limit.most], limit.seconds, now))
        if waits:
            return max(max(waits), 0.001)
        db.session.execute(delete(Attempt).where(Attempt.kind == kind, Attempt.at <= now - timedelta(seconds=widest)))
        db.session.add(Attempt(kind=kind, address=account, at=now))
    return 0.0
