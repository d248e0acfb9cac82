"""Open event streams, counted in the database so every process and host bounds the same ones.

Each stream holds a lease (table `stream_leases`): taken when it opens, if the account, the table and the
client's address are under their bounds; renewed while it runs; deleted when it ends. A stream whose
process died without deleting its lease frees its slot when the lease expires (a minute by default).
Leases live in real time, as tokens do, whatever time a test pretends for the games.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import case, delete, func, or_, select, update

from .database import write_transaction
from .models import StreamLease, User, db, utcnow
from .throttle import address_key


@dataclass(frozen=True)
class StreamBounds:
    per_account: int        # one account's open streams, on every table ...
    watching: int           # ... of which on tables it only watches ...
    per_table: int          # ... on one table it plays at ...
    per_table_watched: int  # ... on one table it watches
    per_address: int        # one client address's, every account's
    lease_seconds: float    # how long a lease lasts unrenewed


def take_lease(user_id: int, address: str, table_id: int, seated: bool, bounds: StreamBounds) -> int | str:
    """A lease for a new stream (its id), or why not (a sentence for the player) when a bound is reached.

    Refused after a read alone, so a flood of refused opens takes no write lock from the moves. Taken
    after counting again in the write; on PostgreSQL the account's row is locked there, so two opens by
    one account cannot both pass (two accounts at one address may, by a stream or two)."""
    now, key = utcnow(), address_key(address)
    refusal = why_not(*counted(user_id, key, table_id, now), seated, bounds)
    if refusal:
        db.session.rollback()
        return refusal
    with write_transaction():
        db.session.execute(select(User.id).where(User.id == user_id).with_for_update())
        db.session.execute(delete(StreamLease).where(
            or_(StreamLease.user_id == user_id, StreamLease.address == key), StreamLease.expires_at < now))
        refusal = why_not(*counted(user_id, key, table_id, now), seated, bounds)
        if refusal:
            return refusal
        lease = StreamLease(user_id=user_id, address=key, table_id=table_id, seated=seated,
                            expires_at=expiry(bounds.lease_seconds, now))
        db.session.add(lease)
        db.session.flush()
        return lease.id


def counted(user_id: int, key: str, table_id: int, now: datetime) -> tuple[int, int, int, int]:
    """The account's unexpired leases, of them those watching and those on this table; the address's."""
    live = StreamLease.expires_at >= now
    mine, watching, here = db.session.execute(select(
        func.count(), func.count(case((StreamLease.seated.is_(False), 1))),
        func.count(case((StreamLease.table_id == table_id, 1)))).where(StreamLease.user_id == user_id, live)).one()
    from_address = db.session.scalar(select(func.count()).where(StreamLease.address == key, live))
    return mine, watching, here, from_address


def why_not(mine: int, watching: int, here: int, from_address: int, seated: bool, bounds: StreamBounds) -> str:
    if seated and here >= bounds.per_table:
        return f"You have {here} event streams open on this table already (at most {bounds.per_table} where you play)"
    if not seated and here >= bounds.per_table_watched:
        return (f"You have {here} event streams open on this table already (at most {bounds.per_table_watched} "
                "on a table you watch)")
    if not seated and watching >= bounds.watching:
        return f"You have {watching} event streams open on tables you watch (at most {bounds.watching})"
    if mine >= bounds.per_account:
        return f"Your account has {mine} event streams open (at most {bounds.per_account})"
    if from_address >= bounds.per_address:
        return f"Your address holds {from_address} event streams (at most {bounds.per_address})"
    return ""


def expiry(seconds: float, now: datetime | None = None) -> datetime:
    return (now or utcnow()) + timedelta(seconds=seconds)


def renew_lease(lease_id: int, seconds: float) -> bool:
    """The lease lasts `seconds` more; False when it is gone (it expired and was pruned: the stream ends)."""
    with write_transaction():
        return db.session.execute(update(StreamLease).where(StreamLease.id == lease_id)
                                  .values(expires_at=expiry(seconds))).rowcount == 1


def end_lease(lease_id: int) -> None:
    with write_transaction():
        db.session.execute(delete(StreamLease).where(StreamLease.id == lease_id))


def prune_expired_leases() -> int:
    """Forget the leases of streams whose process died (the tick does, with the expired sessions)."""
    with write_transaction():
        return db.session.execute(delete(StreamLease).where(StreamLease.expires_at < utcnow())).rowcount
