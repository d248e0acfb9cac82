"""What is new at a table, read once for every push stream a process holds open on it.

When a move wakes a table's streams, the first to look reads the table's facts (who sits, the move,
who may see it) and the notifications and chat messages since the previous read; the others take the
same read. Each stream then keeps what its own viewer may see (`NotificationRecord.seen_by`, the rule
`visible_to` puts in SQL). A stream behind the shared read (one that just connected, or slept through
two changes) reads for itself.
"""
from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import select

from .chat import message_dict
from .models import ChatMessage, NotificationRecord, Seat, TableRecord, db

BATCH = 500  # rows of each kind one shared read takes: a stream finds the rest itself


@dataclass(frozen=True)
class SeatFacts:
    user_id: int
    seat: int
    zombie: bool
    thinking: bool = False


@dataclass(frozen=True)
class TableFacts:
    """The table as visibility and the acting seat need it (duck-typed like a TableRecord), and its state."""

    id: int
    private: bool
    creator_id: int
    reserved: list
    hotseat: bool
    move: int
    status: str
    players: tuple[SeatFacts, ...]

    def state(self) -> dict:
        """What makes a page read its view again: the move, the status, who sits and who is away, and the
        seats a bot runner thinks for."""
        return {"move": self.move, "status": self.status,
                "seated": [[seat.user_id, seat.zombie] for seat in self.players],
                "thinking": [seat.user_id for seat in self.players if seat.thinking]}


@dataclass(frozen=True)
class News:
    """One read of a table: every notification after `seq_floor` and chat message after `chat_floor`."""

    version: int
    facts: TableFacts
    seq_floor: int
    notifications: tuple[tuple[int | None, dict], ...]  # (recipient, as the client takes it), in seq order
    chat_floor: int
    chat: tuple[dict, ...]  # as the chat route gives them
    complete: bool  # no more rows than one read takes

    @property
    def last_seq(self) -> int:
        return self.notifications[-1][1]["seq"] if self.notifications else self.seq_floor

    @property
    def last_chat(self) -> int:
        return self.chat[-1]["id"] if self.chat else self.chat_floor


def table_facts(table_id: int) -> TableFacts | None:
    table = db.session.execute(select(
        TableRecord.id, TableRecord.private, TableRecord.creator_id, TableRecord.reserved, TableRecord.hotseat,
        TableRecord.move, TableRecord.status).where(TableRecord.id == table_id)).first()
    if table is None:
        return None
    seats = db.session.execute(select(Seat.user_id, Seat.seat, Seat.zombie, Seat.thinking_since.is_not(None))
                               .where(Seat.table_id == table_id).order_by(Seat.seat)).all()
    return TableFacts(*table, players=tuple(SeatFacts(*seat) for seat in seats))


def read_news(table_id: int, version: int, seq_floor: int, chat_floor: int) -> News | None:
    facts = table_facts(table_id)
    if facts is None:
        return None
    rows = list(db.session.scalars(select(NotificationRecord).where(
        NotificationRecord.table_id == table_id, NotificationRecord.seq > seq_floor)
        .order_by(NotificationRecord.seq).limit(BATCH)))
    chat = list(db.session.scalars(select(ChatMessage).where(
        ChatMessage.table_id == table_id, ChatMessage.id > chat_floor).order_by(ChatMessage.id).limit(BATCH)))
    return News(version, facts, seq_floor, tuple((row.recipient, row.as_dict()) for row in rows), chat_floor,
                tuple(message_dict(m) for m in chat), complete=len(rows) < BATCH and len(chat) < BATCH)


class SharedNews:
    """The last read of one table, handed to every stream that asks for news at least as fresh."""

    def __init__(self, table_id: int):
        self.table_id = table_id
        self.lock = threading.Lock()
        self.news: News | None = None

    def since(self, seen: int, version_now: Callable[[], int], after: int, chat_after: int) -> News | None:
        """A read that began after the change numbered `seen` (so it holds it); None: the table is gone."""
        with self.lock:
            news = self.news
            if news is None or news.version < seen or not news.complete:
                version = version_now()  # taken before reading: every change up to it is in the read
                if news is None or not news.complete:
                    seq_floor, chat_floor = after, chat_after
                else:
                    seq_floor, chat_floor = news.last_seq, news.last_chat
                news = self.news = read_news(self.table_id, version, seq_floor, chat_floor)
            return news
