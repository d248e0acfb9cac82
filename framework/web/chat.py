"""Table chat: seated players and spectators may talk; the client shows it as text, never as HTML."""
from __future__ import annotations

from flask import Blueprint, g

from framework.store import chat as talk

from . import answers, schemas
from .access import visible_table
from .answering import answered
from .auth import login_required
from .openapi import documented
from .schemas import ChatPost, ChatQuery, load_body, load_query

bp = Blueprint("chat", __name__, url_prefix="/api")


@bp.get("/tables/<id:table_id>/chat")
@documented("Table chat", answer=(200, answers.ChatList), errors=(400, 401, 404), query=schemas.ChatQuery)
@login_required
def chat(table_id: int):
    after = load_query(ChatQuery())["after"]
    visible_table(table_id)
    return answered(answers.ChatList, {"messages": [talk.message_dict(m) for m in talk.chat_of(table_id, after)]})


@bp.post("/tables/<id:table_id>/chat")
@documented("Say something", answer=(201, answers.Created), errors=(400, 401, 404), body=schemas.ChatPost)
@login_required
def say(table_id: int):
    visible_table(table_id)
    message = talk.post_chat(table_id, g.user_id, load_body(ChatPost())["text"].strip() or "…")
    return answered(answers.Created, message, 201)
