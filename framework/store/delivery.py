"""Delivering the outbox by SMTP and by webhook, with retries and back-off; failures are kept.

`flask deliver` runs this, apart from the tick's game work. A message is claimed (its next attempt
pushed 10 minutes on) and committed before the network call, so no database lock is held while
sending and a crashed sender's message is retried later. Messages are grouped by target (a webhook's
host and port, or the mail server): each target's messages go one after another, and up to `WORKERS`
targets are served at once, so a slow target delays only its own messages. A target that fails (a
deadline passed, a refusal) gets no more attempts in this run, and targets whose messages are being
retried are served after those with fresh ones, so many slow targets cannot keep the pool from others.
"""
from __future__ import annotations

import json
import smtplib
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta
from email.message import EmailMessage
from urllib.parse import urlsplit

from flask import current_app
from sqlalchemy import select

from . import webhooks
from .database import write_transaction
from .models import OutboxMessage, db
from .outbox import due_messages

MAX_ATTEMPTS = 6
LEASE = timedelta(minutes=10)
TICK_BUDGET = 30.0     # seconds in which a run starts sends; a webhook has SEND_TIMEOUT (5 s) at most
PER_USER_PER_TICK = 5  # messages to one user per run
WORKERS = 4            # targets served at once


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
    public address (`webhooks`), and a redirect is an answer, not followed. Players' names are in the
    text: Discord is told to ping nobody (`allowed_mentions`), and Slack's markup characters are
    escaped, so `@everyone` or `<!channel>` in a name stays text."""
    text = f"**{message.subject}**\n{message.body}"
    payload = json.dumps({"content": text[:1900], "allowed_mentions": {"parse": []}, "text": slack_escaped(text),
                          "subject": message.subject, "table": message.table_id}).encode()
    status = webhooks.post_json(message.address, payload, allow_http=webhook_http_allowed(config),
                                allow_private=bool(config.get("WEBHOOK_PRIVATE_TARGETS")))
    if not 200 <= status < 300:
        raise OSError(f"webhook answered {status}")


def slack_escaped(text: str) -> str:
    """Slack's escaping: `<!channel>`, `<@U123>` and `<http://x|y>` are markup only with a raw `<`."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def webhook_http_allowed(config: dict) -> bool:
    """Plain http only in development (and the tests): anywhere else a webhook is https."""
    return bool(config.get("DEV_MODE") or config.get("TESTING"))


SENDERS = {"email": send_email, "webhook": send_webhook}


def deliver_due(now: datetime, config: dict, budget: float = TICK_BUDGET) -> dict[str, int]:
    """Send what is due: for `budget` seconds at most new sends start, `PER_USER_PER_TICK` messages a
    user; the rest stays pending for the next run. Targets are served in parallel (see above)."""
    started, per_user, targets, retried = time.monotonic(), Counter(), {}, Counter()
    due = [(m.id, m.user_id, m.channel, m.address, m.attempts) for m in due_messages(now)]
    for message_id, user_id, channel, address, attempts in due:
        if per_user[user_id] >= PER_USER_PER_TICK:
            continue
        per_user[user_id] += 1
        target = target_of(channel, address)
        targets.setdefault(target, []).append(message_id)
        retried[target] += attempts > 0
    db.session.rollback()  # no read transaction held while the pool's threads write
    counts = Counter({"sent": 0, "retry": 0, "failed": 0})
    if not targets:
        return dict(counts)
    app = current_app._get_current_object()
    with ThreadPoolExecutor(max_workers=min(WORKERS, len(targets)), thread_name_prefix="deliver") as pool:
        order = sorted(targets, key=lambda target: retried[target] > 0)  # stable: first due first among equals
        runs = [pool.submit(_deliver_to_target, app, targets[target], now, config, started + budget)
                for target in order]
        for run in runs:
            counts.update(run.result())
    return dict(counts)


def target_of(channel: str, address: str) -> str:
    """Whom a message makes the server wait for: a webhook's host and port, or the one mail server."""
    if channel != "webhook":
        return channel
    try:
        parts = urlsplit(address)
        return f"webhook:{(parts.hostname or '').lower()}:{parts.port}"
    except ValueError:
        return f"webhook:{address}"


def _deliver_to_target(app, message_ids: list[int], now: datetime, config: dict, stop_at: float) -> Counter:
    """One target's messages in turn, in a thread of the pool with its own app context (and session)."""
    counts = Counter()
    with app.app_context():
        for message_id in message_ids:
            if time.monotonic() >= stop_at:
                break
            message = _claim(message_id, now)
            if message is None:
                continue  # another run took it
            try:
                SENDERS[message.channel](message, config)
                error = None
            except Exception as err:  # any failure of the far side is recorded, never raised
                error = f"{type(err).__name__}: {err}"[:500]
            counts[_settle(message_id, now, error)] += 1
            if error is not None:
                break  # the others wait for the next run rather than for this target again
        db.session.remove()
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
