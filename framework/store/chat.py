"""Table chat: seated players, and spectators where the table lets them post."""
from __future__ import annotations

from collections.abc import Collection

from sqlalchemy import select

from .changes import announce
from .database import write_transaction
from .errors import BadRequest
from .models import ChatMessage, db
from .queries import get_table_for_update
from .text_rules import CHAT_REFUSED, text_problem

CHAT_BATCH = 200  # messages read at once


def post_chat(table_id: int, user_id: int, text: str) -> ChatMessage:
    problem = text_problem(text, CHAT_REFUSED)  # nothing that hides or turns the lines others read
    if problem:
        raise BadRequest(f"text: {problem}", fields={"text": [problem]})
    with write_transaction():
        # Under the table's lock, a table's messages commit in the order of their ids: a reader that has
        # seen id n never finds a smaller one committed after (it would skip it, reading "after n").
        get_table_for_update(table_id)
        message = ChatMessage(table_id=table_id, user_id=user_id, text=text)
        db.session.add(message)
        announce(table_id)
    return message


def chat_of(table_id: int, after: int = 0, hidden: Collection[int] = ()) -> list[ChatMessage]:
    """The table's next messages after `after`, leaving out those of the `hidden` authors (the reader's mutes)."""
    query = select(ChatMessage).where(ChatMessage.table_id == table_id, ChatMessage.id > after)
    if hidden:
        query = query.where(ChatMessage.user_id.not_in(hidden))
    return list(db.session.scalars(query.order_by(ChatMessage.id).limit(CHAT_BATCH)))


def message_dict(message: ChatMessage) -> dict:
    """A message as the chat route and the push stream give it."""
    return {"id": message.id, "player": message.user_id, "name": message.user.name, "text": message.text,
            "time": message.created_at.isoformat() + "Z"}
