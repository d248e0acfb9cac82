"""Delivering the outbox by SMTP and by webhook, with retries and back-off; failures are kept.

A message is claimed (its next attempt pushed 10 minutes on) and committed before the network
call, so no database lock is held while sending and a crashed sender's message is retried later.
"""
from __future__ import annotations

import json
import smtplib
import urllib.request
from datetime import datetime, timedelta
from email.message import EmailMessage

from sqlalchemy import select

from .database import write_transaction
from .models import OutboxMessage, db
from .outbox import due_messages

MAX_ATTEMPTS = 6
LEASE = timedelta(minutes=10)


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


def send_webhook(message: OutboxMessage, _config: dict) -> None:
    """POST JSON with `content` (Discord) and `text` (Slack) so either kind of hook shows it."""
    text = f"**{message.subject}**\n{message.body}"
    payload = json.dumps({"content": text[:1900], "text": text, "subject": message.subject,
                          "table": message.table_id}).encode()
    request = urllib.request.Request(message.address, data=payload, method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:  # noqa: S310 (http(s) checked on input)
        if not 200 <= response.status < 300:
            raise OSError(f"webhook answered {response.status}")


SENDERS = {"email": send_email, "webhook": send_webhook}


def deliver_due(now: datetime, config: dict) -> dict[str, int]:
    counts = {"sent": 0, "retry": 0, "failed": 0}
    for message_id in [m.id for m in due_messages(now)]:
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
