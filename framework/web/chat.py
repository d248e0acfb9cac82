"""Table chat: seated players talk, spectators read (and post where the table allows it); the client
shows it as text, never as HTML. Each reader sees no line of the accounts they muted, and each account
posts at most so many lines in a short window and in a day (`limits.take_chat_line`)."""
from __future__ import annotations

from flask import Blueprint, g

from framework.store import chat as talk
from framework.store.mutes import muted_by

from . import answers, schemas
from .access import plays_at, visible_table
from .answering import answered
from .auth import login_required
from .errors import ApiError
from .limits import take_chat_line
from .openapi import documented
from .schemas import ChatPost, ChatQuery, load_body, load_query

bp = Blueprint("chat", __name__, url_prefix="/api")


@bp.get("/tables/<id:table_id>/chat")
@documented("Table chat (without the lines of accounts I muted)", answer=(200, answers.ChatList),
            errors=(400, 401, 404), query=schemas.ChatQuery)
@login_required
def chat(table_id: int):
    after = load_query(ChatQuery())["after"]
    visible_table(table_id)
    messages = talk.chat_of(table_id, after, muted_by(g.user_id))
    return answered(answers.ChatList, {"messages": [talk.message_dict(m) for m in messages]})


@bp.post("/tables/<id:table_id>/chat")
@documented("Say something", answer=(201, answers.Created), errors=(400, 401, 403, 404, 429), body=schemas.ChatPost)
@login_required
def say(table_id: int):
    record = visible_table(table_id)
    text = load_body(ChatPost())["text"].strip() or "…"
    if not plays_at(record, g.user_id) and not record.spectator_chat:
        raise ApiError(403, "spectator_chat_off", "Only the players may post at this table: spectators may read "
                       "its chat (the creator may allow spectator chat when creating a table).")
    take_chat_line()
    message = talk.post_chat(table_id, g.user_id, text)
    return answered(answers.Created, message, 201)
