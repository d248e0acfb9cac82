"""Mutes: `GET /api/me/mutes`, `PUT` and `DELETE /api/me/mutes/<user id>`. A muted account's chat lines
are left out of the muter's chat read and push stream; the account is not told. Both changes answer
the list as it now is, and saying one twice changes nothing (a page may resend after a lost answer)."""
from __future__ import annotations

from flask import Blueprint, g

from framework.store import mutes

from . import answers
from .answering import answered
from .auth import login_required
from .openapi import documented

bp = Blueprint("mutes", __name__, url_prefix="/api/me")


def mute_list():
    return answered(answers.MuteList, {"mutes": [{"id": m.muted_id, "name": m.muted.name, "since": m.created_at}
                                                 for m in mutes.mutes_of(g.user_id)]})


@bp.get("/mutes")
@documented("The accounts whose chat I do not see", answer=(200, answers.MuteList), errors=(401,))
@login_required
def my_mutes():
    return mute_list()


@bp.put("/mutes/<id:user_id>")
@documented(f"Mute an account's chat lines (at most {mutes.MAX_MUTES})", answer=(200, answers.MuteList),
            errors=(401, 404, 409))
@login_required
def mute(user_id: int):
    mutes.mute(g.user_id, user_id)
    return mute_list()


@bp.delete("/mutes/<id:user_id>")
@documented("See an account's chat lines again", answer=(200, answers.MuteList), errors=(401, 404))
@login_required
def unmute(user_id: int):
    mutes.unmute(g.user_id, user_id)
    return mute_list()
