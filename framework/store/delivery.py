"""Delivering the outbox by SMTP and by webhook, with retries and back-off; failures are kept.

A message is claimed (its next attempt pushed 10 minutes on) and committed before the network
call, so no database lock is held while sending and a crashed sender's message is retried later.
"""
from __future__ import annotations

import json
import smtplib
import time
from collections import Counter
from datetime import datetime, timedelta
from email.message import EmailMessage

from sqlalchemy import select

from . import webhooks
from .database import write_transaction
from .models import OutboxMessage, db
from .outbox import due_messages

MAX_ATTEMPTS = 6
LEASE = timedelta(minutes=10)
TICK_BUDGET = 30.0     # seconds of sending per tick; a webhook has SEND_TIMEOUT (5 s) of them at most
PER_USER_PER_TICK = 5  # messages to one user per tick


def backoff(attempts: int) -> timedelta:
    return timedelta(minutes=2 ** attempts)  # 2, 4, 8, 16, 32 minutes


def send_email(message: OutboxMessage, config: dict) -> None:
    mail = EmailMessage()
    mail["From"] = config.get("MAIL_SENDER", "tables@localhost")
    mail["To"] = message.address
    mail["Subject"] = message.subject
    mail.set_content(message.body)
    smtp_class = smtplib.SMTP_SSL if config.get("MAIL_USE_SSL") else smtplib.SMTP
    with smtp_class(config.get("MAIL_SERVER", "127.0.0.1"), int(config.get("MAIL_PORT", 25)), timeout=10) as smtp:
        if config.get("MAIL_USE_TLS"):
            smtp.starttls()
        if config.get("MAIL_USERNAME"):
            smtp.login(config["MAIL_USERNAME"], config.get("MAIL_PASSWORD", ""))
        smtp.send_message(mail)


def send_webhook(message: OutboxMessage, config: dict) -> None:
    """POST JSON with `content` (Discord) and `text` (Slack) so either kind of hook shows it; only to a
    public address (`webhooks`), and a redirect is an answer, not followed."""
    text = f"**{message.subject}**\n{message.body}"
    payload = json.dumps({"content": text[:1900], "text": text, "subject": message.subject,
                          "table": message.table_id}).encode()
    status = webhooks.post_json(message.address, payload, allow_http=webhook_http_allowed(config),
                                allow_private=bool(config.get("WEBHOOK_PRIVATE_TARGETS")))
    if not 200 <= status < 300:
        raise OSError(f"webhook answered {status}")


def webhook_http_allowed(config: dict) -> bool:
    """Plain http only in development (and the tests): anywhere else a webhook is https."""
    return bool(config.get("DEV_MODE") or config.get("TESTING"))


SENDERS = {"email": send_email, "webhook": send_webhook}


def deliver_due(now: datetime, config: dict, budget: float = TICK_BUDGET) -> dict[str, int]:
    """Send what is due, for at most `budget` seconds and `PER_USER_PER_TICK` messages a user; the
    rest stays pending for the next tick (so one slow receiver cannot hold the tick)."""
    counts = {"sent": 0, "retry": 0, "failed": 0}
    started, per_user = time.monotonic(), Counter()
    for message_id, user_id in [(m.id, m.user_id) for m in due_messages(now)]:
        if time.monotonic() - started >= budget:
            break
        if per_user[user_id] >= PER_USER_PER_TICK:
            continue
        per_user[user_id] += 1
        message = _claim(message_id, now)
        if message is None:
            continue  # another tick took it
        try:
            SENDERS[message.channel](message, config)
            error = None
        except Exception as err:  # any failure of the far side is recorded, never raised
            error = f"{type(err).__name__}: {err}"[:500]
        counts[_settle(message_id, now, error)] += 1
    return counts


def _claim(message_id: int, now: datetime) -> OutboxMessage | None:
    with write_transaction():
        message = db.session.scalars(select(OutboxMessage).where(
            OutboxMessage.id == message_id, OutboxMessage.status == "pending",
            OutboxMessage.next_attempt_at <= now).with_for_update()).first()
        if message is None:
            return None
        message.attempts += 1
        message.next_attempt_at = now + LEASE
        db.session.flush()
        db.session.expunge(message)
    return message


def _settle(message_id: int, now: datetime, error: str | None) -> str:
    with write_transaction():
        message = db.session.get(OutboxMessage, message_id)
        if error is None:
            message.status, message.sent_at = "sent", now
            return "sent"
        message.last_error = error
        if message.attempts >= MAX_ATTEMPTS:
            message.status = "failed"
            return "failed"
        message.next_attempt_at = now + backoff(message.attempts)
        return "retry"
