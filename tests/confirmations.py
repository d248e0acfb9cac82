"""An e-mail address set and confirmed as its owner would: PATCH /api/me, then the token from the link in
the confirmation message sent back. The message is read from the outbox, where the mailer would take it,
and marked sent there: the tests that use this count "your turn" mails, and the mailing of confirmations
is tested on its own (tests/web/test_email_confirmation.py)."""
from sqlalchemy import select, update

from framework.store.email_confirmation import SUBJECT
from framework.store.models import OutboxMessage, db


def confirmation_token(app, user_id: int) -> str:
    """The token at the end of the link in the newest confirmation message queued for `user_id`."""
    with app.app_context():
        body = db.session.scalars(select(OutboxMessage.body).where(
            OutboxMessage.user_id == user_id, OutboxMessage.subject == SUBJECT)
            .order_by(OutboxMessage.id.desc()).limit(1)).one()
    link = next(line for line in body.splitlines() if "#/confirm-email/" in line)
    return link.rsplit("/", 1)[1]


def set_confirmed_email(app, api, name: str, address: str, **settings) -> None:
    """`name`'s address set (with any other settings) and confirmed."""
    answer = api.client.patch("/api/me", headers=api.headers(name), json={"email": address, **settings})
    assert answer.status_code == 200, answer.get_data(as_text=True)
    token = confirmation_token(app, api.ids[name])
    confirmed = api.client.post("/api/me/email/confirm", headers=api.headers(name), json={"token": token})
    assert confirmed.status_code == 200 and confirmed.json["email_confirmed"], confirmed.get_data(as_text=True)
    with app.app_context():
        db.session.execute(update(OutboxMessage).where(OutboxMessage.user_id == api.ids[name],
                                                       OutboxMessage.subject == SUBJECT).values(status="sent"))
        db.session.commit()
