"""Table chat: seated players and spectators alike."""
from __future__ import annotations

from sqlalchemy import select

from .database import write_transaction
from .models import ChatMessage, db
from .queries import get_table


def post_chat(table_id: int, user_id: int, text: str) -> ChatMessage:
    with write_transaction():
        get_table(table_id)
        message = ChatMessage(table_id=table_id, user_id=user_id, text=text)
        db.session.add(message)
    return message


def chat_of(table_id: int, after: int = 0) -> list[ChatMessage]:
    return list(db.session.scalars(select(ChatMessage).where(ChatMessage.table_id == table_id,
                                                             ChatMessage.id > after)
                                   .order_by(ChatMessage.id).limit(200)))
