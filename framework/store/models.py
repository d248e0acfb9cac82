"""The database as ORM models: users and their tokens, tables, seats, the move log, notifications,
the attempts counted against the limits (logins, registrations, tables and chat lines), and mutes.

The models of the move log and of notifications are `MoveRecord` and `NotificationRecord`: the
engine's value types are `framework.engine.Move` and `framework.engine.Notification`.
"""
from __future__ import annotations

from datetime import UTC, datetime

from flask import current_app, has_app_context
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import JSON, ForeignKey, Index, String, UniqueConstraint, false
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship, validates

from framework import engine

from .names import comparison_key, skeleton


class Base(DeclarativeBase):
    pass


db = SQLAlchemy(model_class=Base)


def utcnow() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def clock() -> datetime:
    """Now, for turns, deadlines and presence: the app's `CLOCK` callable when a test simulates days."""
    override = current_app.config.get("CLOCK") if has_app_context() else None
    return override() if override else utcnow()


class User(db.Model):
    __tablename__ = "users"
    # A unique index, not a constraint: SQLite adds it without rebuilding the table.
    __table_args__ = (Index("uq_users_name_key", "name_key", unique=True),)
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(40), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    # What the account is: "person" (registered, may log in), "bot" or "stand_in" (a hotseat seat).
    # The server finds its bots and stand-ins by kind, never by name alone. How the server plays a
    # seat of a bot is the seat's fact (`Seat.bot_level`).
    kind: Mapped[str] = mapped_column(String(10), default="person", server_default="person")
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    # "Your turn" deliveries; each can be switched off without forgetting the address.
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    webhook_url: Mapped[str | None] = mapped_column(String(500), nullable=True)
    notify_email: Mapped[bool] = mapped_column(default=True)
    # The address is used only once confirmed (`email_confirmation`): the token it was sent, as its
    # SHA-256, until then.
    email_confirmed_at: Mapped[datetime | None] = mapped_column(nullable=True)
    email_token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    email_token_expires_at: Mapped[datetime | None] = mapped_column(nullable=True)
    notify_webhook: Mapped[bool] = mapped_column(default=True)
    # The name as compared (case-folded NFKC: one account per spelling) and as it looks (its TR39
    # skeleton: a look-alike of a name is refused at registration); both set with the name.
    # The empty defaults are the migration's (SQLite adds a NOT NULL column only with one): never used.
    name_key: Mapped[str] = mapped_column(String, server_default="")
    name_skeleton: Mapped[str] = mapped_column(String, index=True, server_default="")

    @property
    def is_bot(self) -> bool:
        """The account is one of the server's bots (what the API's `is_bot` says): its kind, stored once."""
        return self.kind == "bot"

    @property
    def email_confirmed(self) -> bool:
        return self.email is not None and self.email_confirmed_at is not None

    @validates("name")
    def _keep_name_keys(self, _attribute: str, name: str) -> str:
        self.name_key, self.name_skeleton = comparison_key(name), skeleton(name)
        return name


class Token(db.Model):
    """A login token, stored as its SHA-256 so a database leak gives no working token."""

    __tablename__ = "tokens"
    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[datetime]
    # For the owner's list of sessions: when it was last used (to the minute: see users.TOUCH_EVERY)
    # and what it was made for (the browser's or the script's User-Agent).
    last_used_at: Mapped[datetime | None] = mapped_column(nullable=True)
    label: Mapped[str | None] = mapped_column(String(200), nullable=True)
    user: Mapped[User] = relationship()


class TableRecord(db.Model):
    """A table: its game, options and seed, and the engine's snapshot after the last move."""

    __tablename__ = "tables"
    # A unique index, not a constraint: SQLite adds it without rebuilding the table.
    __table_args__ = (Index("uq_tables_invite_code", "invite_code", unique=True),)
    id: Mapped[int] = mapped_column(primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    game_version: Mapped[int] = mapped_column(default=1)
    options: Mapped[dict] = mapped_column(JSON)
    seed: Mapped[str] = mapped_column(String(64))
    seats: Mapped[int]
    status: Mapped[str] = mapped_column(String(10), default="open", index=True)
    move: Mapped[int] = mapped_column(default=0)
    snapshot: Mapped[dict | None] = mapped_column(JSON, nullable=True)
    state_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    creator_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)
    turn_hours: Mapped[int] = mapped_column(default=0)  # time per move; 0 = no limit
    private: Mapped[bool] = mapped_column(default=False)  # not in the lobby; joined by invite code
    invite_code: Mapped[str | None] = mapped_column(String(32), nullable=True)
    reserved: Mapped[list] = mapped_column(JSON, default=list)  # whom seats wait for: user ids (or names)
    hotseat: Mapped[bool] = mapped_column(default=False)  # development: the creator acts for every seat
    forked_from: Mapped[int | None] = mapped_column(nullable=True)  # development: the table it copies
    # Whether those not seated may post in its chat (they may always read it); off unless the creator allows it.
    spectator_chat: Mapped[bool] = mapped_column(default=False, server_default=false())
    players: Mapped[list[Seat]] = relationship(order_by="Seat.seat", back_populates="table")


class Seat(db.Model):
    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("table_id", "seat"), UniqueConstraint("table_id", "user_id"))
    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"))
    seat: Mapped[int]
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    zombie: Mapped[bool] = mapped_column(default=False)
    # How the server plays this seat: "random", "heuristic" or "expert" (a bot's seat, set when the bot is
    # seated), None otherwise. A fact of the seat, beside the account's `kind`: the server finds the
    # seats it plays (after a move, in the tick) from `seats` alone.
    bot_level: Mapped[str | None] = mapped_column(String(20), nullable=True)
    active_since: Mapped[int | None] = mapped_column(nullable=True)  # the move that made this seat active
    deadline: Mapped[datetime | None] = mapped_column(nullable=True)  # while active, with a time limit
    last_seen: Mapped[datetime | None] = mapped_column(nullable=True)  # presence, from the player's polling
    # A bot runner's claim on this seat while it searches for its move (`runner`): "thinking" in the view.
    thinking_since: Mapped[datetime | None] = mapped_column(nullable=True)
    table: Mapped[TableRecord] = relationship(back_populates="players")
    user: Mapped[User] = relationship(lazy="joined")


class MoveRecord(db.Model):
    """The append-only move log (table `moves`): one row per accepted action."""

    __tablename__ = "moves"
    __table_args__ = (UniqueConstraint("table_id", "number"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"))
    number: Mapped[int]
    player_id: Mapped[int]
    action: Mapped[str] = mapped_column(String(40))
    args: Mapped[dict] = mapped_column(JSON)
    # Who made the move: "player", "bot" or "zombie". The one meaning of "actor" in the store; who calls
    # for a player's move (a token, or an authenticated user) is the move service's `Caller`.
    actor: Mapped[str] = mapped_column(String(10), default="player")
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    def logged(self) -> engine.Move:
        """The move as the engine replays it."""
        return engine.Move(self.player_id, self.action, self.args)


class Checkpoint(db.Model):
    """The engine's state after every `CHECKPOINT_EVERY`th move (table `checkpoints`): a replay to a late
    move starts from the nearest one before it instead of from the deal."""

    __tablename__ = "checkpoints"
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    move: Mapped[int] = mapped_column(primary_key=True)
    snapshot: Mapped[dict] = mapped_column(JSON)


class NotificationRecord(db.Model):
    """What the game told its players (table `notifications`); `recipient` None is everyone, spectators included."""

    __tablename__ = "notifications"
    __table_args__ = (UniqueConstraint("table_id", "seq"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"))
    seq: Mapped[int]
    move: Mapped[int]
    recipient: Mapped[int | None] = mapped_column(nullable=True)
    type: Mapped[str] = mapped_column(String(40))
    log: Mapped[str] = mapped_column(String(500))
    args: Mapped[dict] = mapped_column(JSON)

    @classmethod
    def visible_to(cls, viewer: int | None):
        """The filter for what a viewer may fetch: public ones and their own (spectators: public)."""
        public = cls.recipient.is_(None)
        return public if viewer is None else public | (cls.recipient == viewer)

    @staticmethod
    def seen_by(recipient: int | None, viewer: int | None) -> bool:
        """`visible_to` for a row already read: public, or the viewer's own."""
        return recipient is None or (viewer is not None and recipient == viewer)

    def as_dict(self) -> dict:
        """As the client takes it (`Notification.for_client`)."""
        return engine.Notification(self.seq, self.move, self.recipient, self.type, self.log, self.args).for_client()


class ChatMessage(db.Model):
    __tablename__ = "chat_messages"
    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    text: Mapped[str] = mapped_column(String(500))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    user: Mapped[User] = relationship(lazy="joined")


class OutboxMessage(db.Model):
    """A "your turn" message waiting for delivery, sent, or failed for good; never silently lost.

    `turn` is the move at which the player became active: one message per table per turn. An address's
    confirmation (`email_confirmation`) is a message of no table, at turn 0.
    """

    __tablename__ = "outbox"
    __table_args__ = (UniqueConstraint("user_id", "table_id", "turn", "channel"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    table_id: Mapped[int | None] = mapped_column(ForeignKey("tables.id"), nullable=True)
    turn: Mapped[int]
    channel: Mapped[str] = mapped_column(String(10))  # email | webhook
    address: Mapped[str] = mapped_column(String(500))
    subject: Mapped[str] = mapped_column(String(200))
    body: Mapped[str] = mapped_column(String(8000))
    status: Mapped[str] = mapped_column(String(10), default="pending", index=True)  # pending|sent|failed
    attempts: Mapped[int] = mapped_column(default=0)
    next_attempt_at: Mapped[datetime] = mapped_column(default=utcnow)
    last_error: Mapped[str | None] = mapped_column(String(500), nullable=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    sent_at: Mapped[datetime | None] = mapped_column(nullable=True)


class Attempt(db.Model):
    """A failed login or a registration, counted against its address's limits, or a new table or chat line,
    counted against its account's (table `attempts`).

    Kept in the database so every worker and host counts the same attempts; rows older than their
    limit's window are deleted as new ones are written.
    """

    __tablename__ = "attempts"
    # Counting reads an address's rows in the window; pruning deletes a kind's rows out of it.
    __table_args__ = (Index("ix_attempts_kind_address_at", "kind", "address", "at"),
                      Index("ix_attempts_kind_at", "kind", "at"))
    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[str] = mapped_column(String(10))  # login (a failed one) | register | table | chat
    # The client's address (an IPv6 one by its /64); "user <id>" for the limits per account.
    address: Mapped[str] = mapped_column(String(64))
    # The name a login tried, as a SHA-256 of its folded form: a password typed as a name is not kept.
    name_key: Mapped[str | None] = mapped_column(String(64), nullable=True)
    at: Mapped[datetime]


class Mute(db.Model):
    """A user who does not want to see another's chat lines (`user_id` muted `muted_id`); the other is not told."""

    __tablename__ = "mutes"
    __table_args__ = (UniqueConstraint("user_id", "muted_id", name="uq_mutes_user_muted"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    muted_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    muted: Mapped[User] = relationship(foreign_keys=[muted_id], lazy="joined")


class StreamLease(db.Model):
    """An open event stream, counted against its account's and its address's bounds (table `stream_leases`).

    Kept in the database so every process and host counts the same streams. A stream renews its lease
    while it runs and deletes it when it ends; one whose process died frees its slot when the lease expires.
    """

    __tablename__ = "stream_leases"
    # Counting reads one account's or one address's leases that have not expired.
    __table_args__ = (Index("ix_stream_leases_user_expires", "user_id", "expires_at"),
                      Index("ix_stream_leases_address_expires", "address", "expires_at"))
    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int]  # no foreign key: a lease outlives nothing by more than its minute
    address: Mapped[str] = mapped_column(String(64))  # the client's address (an IPv6 one by its /64)
    table_id: Mapped[int]
    seated: Mapped[bool]  # the account plays at the table (else it watches)
    expires_at: Mapped[datetime]
