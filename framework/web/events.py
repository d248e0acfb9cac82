"""Push: a table's notifications, chat and moves as server-sent events, so open pages need not poll.

`GET /api/tables/<id>/events?after=<seq>&chat_after=<id>` (or the `Last-Event-ID` header) answers a
`text/event-stream`: `notification` events (id: the seq; data: exactly what `GET .../notifications`
gives this caller), `chat` events (as `GET .../chat` gives them), and a `state` event whenever the
table's move, status or seats differ from what the stream last said, and after the notifications of
every read (the page then reads its view, and shows the notifications before it).
A comment every `EVENTS_HEARTBEAT_SECONDS` keeps proxies from closing it; the stream ends after
`EVENTS_STREAM_SECONDS` so workers recycle, and the page reconnects from the last seq it saw.
The connection sleeps on the process's change listener (`framework.store.changes`) between reads, and
the streams on one table share one read per change (`framework.store.news`).

Streams are bounded for everyone in the database (`store.streams`: a lease per stream, renewed while it
runs): per account, fewer on tables it only watches, per table, and per client address. Past a bound the
answer is 429 with Retry-After, and the page polls. A process may also bound its own open streams
(`EVENTS_MAX_STREAMS`): a thread-per-request worker sets it, so streams never take every thread from the
moves. Past it the answer is 503 and the page polls.

A stream looks at its session at every wake and heartbeat, in the database (so a logout on any host
counts): once the token is logged out, revoked or expired, it sends nothing more and ends.
"""
from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator

from flask import Blueprint, Response, current_app, g, request, stream_with_context
from marshmallow import Schema, fields

from framework.store import chat as talk
from framework.store import queries
from framework.store.changes import hub
from framework.store.errors import Forbidden, NotFound
from framework.store.loading import may_see
from framework.store.models import NotificationRecord, db
from framework.store.mutes import muted_by
from framework.store.news import News, SharedNews
from framework.store.presence import mark_seen
from framework.store.sessions import session_open, token_digest
from framework.store.streams import StreamBounds, end_lease, renew_lease, take_lease

from .access import plays_at, viewer_of, visible_table
from .auth import login_required, required_token
from .errors import ApiError
from .limits import client_address
from .openapi import documented
from .schemas import MAX_ID, NUMBER, load_query

bp = Blueprint("events", __name__, url_prefix="/api")

PRESENCE_REFRESH_SECONDS = 120  # well inside outbox.PRESENCE_WINDOW (5 min)
BATCH = 500  # notifications a stream behind the shared read reads at once, as the notifications endpoint does


class EventsQuery(Schema):
    after = fields.Integer(load_default=0, validate=NUMBER)
    chat_after = fields.Integer(load_default=0, validate=NUMBER)


@bp.get("/tables/<id:table_id>/events")
@documented("Notifications, chat and moves as they happen", answer=(200, "text/event-stream"),
            errors=(400, 401, 403, 404, 429, 503), query=EventsQuery, hotseat=True, why={
                429: "too many open streams: the caller's (per account, fewer on tables it only watches, per "
                     "table) or its address's, counted on every server; the page polls meanwhile",
                503: "the deployment's, not the API's: this server process holds all the event streams it may (a "
                     "thread-per-request worker keeps threads for the moves, EVENTS_MAX_STREAMS); another "
                     "process may have room, and the page polls"})
@login_required
def events(table_id: int):
    query = load_query(EventsQuery())
    record = visible_table(table_id)
    viewer_of(record)  # refused before the stream starts, as the notifications route refuses
    after = last_event_id(query["after"])
    slots = current_app.extensions["event_streams"]
    slots.take(current_app.config["EVENTS_MAX_STREAMS"])
    try:
        lease = take_stream_lease(table_id, plays_at(record, g.user_id))
    except ApiError:
        slots.give_back()
        raise
    stream = TableStream(table_id, after, query["chat_after"], lease, token_digest(required_token()))
    response = Response(stream_with_context(stream.run()), mimetype="text/event-stream",
                        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})
    # The server closes every answer it started, cut short or not: the slot and the lease go back then.
    response.call_on_close(slots.give_back)
    response.call_on_close(lease_ender(lease))
    return response


def stream_bounds() -> StreamBounds:
    config = current_app.config
    return StreamBounds(config["EVENTS_STREAMS_PER_ACCOUNT"], config["EVENTS_STREAMS_WATCHING"],
                        config["EVENTS_STREAMS_PER_TABLE"], config["EVENTS_STREAMS_PER_TABLE_WATCHED"],
                        config["EVENTS_STREAMS_PER_ADDRESS"], lease_seconds())


def lease_seconds() -> float:
    """A lease lasts four heartbeats (a minute by default): a stream renews it well before, a dead one's
    slot is free soon after."""
    return max(4 * float(current_app.config["EVENTS_HEARTBEAT_SECONDS"]), 1.0)


def take_stream_lease(table_id: int, seated: bool) -> int:
    bounds = stream_bounds()
    taken = take_lease(g.user_id, client_address(), table_id, seated, bounds)
    if isinstance(taken, str):
        wait = str(max(int(bounds.lease_seconds), 1))
        raise ApiError(429, "too_many_streams", f"{taken}: close one, or this page polls instead.",
                       headers={"Retry-After": wait})
    return taken


def lease_ender(lease: int):
    app = current_app._get_current_object()

    def end() -> None:
        with app.app_context():  # the request's context may be gone by the time the server closes the answer
            end_lease(lease)
    return end


class StreamSlots:
    """The streams this process holds open, against `EVENTS_MAX_STREAMS` (None: no bound)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.open = 0

    def take(self, limit: int | None) -> None:
        with self.lock:
            if limit is not None and self.open >= limit:
                raise ApiError(503, "streams_full", "This server holds all the event streams it may; the page polls "
                               "instead.", headers={"Retry-After": "30"})
            self.open += 1

    def give_back(self) -> None:
        with self.lock:
            self.open -= 1


@bp.record_once
def _count_streams(state) -> None:
    state.app.extensions["event_streams"] = StreamSlots()  # per app: a test's apps share one process



def last_event_id(after: int) -> int:
    """A reconnecting client's `Last-Event-ID` (the last seq it was given) wins over `after`."""
    header = request.headers.get("Last-Event-ID", "").strip()
    return int(header) if header.isdigit() and int(header) <= MAX_ID else after


def sse(kind: str, data: dict, event_id: int | None = None) -> str:
    head = f"event: {kind}\n" + (f"id: {event_id}\n" if event_id is not None else "")
    return head + f"data: {json.dumps(data, separators=(',', ':'))}\n\n"


class TableStream:
    def __init__(self, table_id: int, after: int, chat_after: int, lease: int, token_hash: str):
        self.table_id = table_id
        self.lease = lease
        self.token_hash = token_hash
        self.lease_seconds = lease_seconds()
        self.renew_at = time.monotonic() + self.lease_seconds / 3
        self.after = after
        self.chat_after = chat_after
        self.state: dict | None = None
        self.present_until = 0.0
        self.lifetime = float(current_app.config.get("EVENTS_STREAM_SECONDS", 300))
        self.heartbeat = float(current_app.config.get("EVENTS_HEARTBEAT_SECONDS", 15))

    def run(self) -> Iterator[str]:
        ends = time.monotonic() + self.lifetime
        with hub().subscribe(self.table_id) as subscription:
            self.shared = subscription.shared
            news_of_table = self.shared.setdefault("news", SharedNews(self.table_id))
            while True:
                try:
                    if not self.still_open():  # logged out, revoked or expired: not one event more
                        return
                    # Ended here: the news must be read in a transaction begun after `since` notes the version
                    # it holds, never in this check's older snapshot (a change between would be lost).
                    db.session.close()
                    if time.monotonic() >= self.present_until:
                        self.keep_present()
                    news = news_of_table.since(subscription.seen, subscription.version, self.after, self.chat_after)
                    sent, more = self.news_for_viewer(news)
                except (NotFound, Forbidden):  # gone, or out of sight: the page's next read says why
                    return
                finally:
                    db.session.close()  # the pooled connection goes back while this stream sleeps
                if sent:
                    yield sent
                if more:
                    continue
                left = ends - time.monotonic()
                if left <= 0:
                    return
                if not subscription.wait(min(self.heartbeat, left)):
                    yield ": keep-alive\n\n"

    def still_open(self) -> bool:
        """The session still stands (asked of the database at every wake and heartbeat, so a logout on any
        host ends the stream), and the lease, renewed when a third of it has passed (a write each 20 s), is
        still there."""
        if not session_open(self.token_hash):
            return False
        if time.monotonic() >= self.renew_at:
            self.renew_at = time.monotonic() + self.lease_seconds / 3
            return renew_lease(self.lease, self.lease_seconds)
        return True

    def news_for_viewer(self, news: News | None) -> tuple[str, bool]:
        """What this caller may see of the news (read for itself when behind it), and whether more waits."""
        if news is None or not may_see(news.facts, g.user_id):
            raise NotFound(f"There is no table {self.table_id}.")
        viewer = viewer_of(news.facts)
        more = False
        if self.after >= news.seq_floor:
            found = [n for recipient, n in news.notifications
                     if n["seq"] > self.after and NotificationRecord.seen_by(recipient, viewer)]
            self.after = max(self.after, news.last_seq)
        else:
            found = queries.notifications_for(self.table_id, viewer, self.after, limit=BATCH)
            self.after = found[-1]["seq"] if found else self.after
            more = len(found) == BATCH
        chunks = [self.encoded(n) for n in found]
        if self.chat_after >= news.chat_floor:
            messages = [m for m in news.chat if m["id"] > self.chat_after]
            self.chat_after = max(self.chat_after, news.last_chat)
            if messages:  # read only when there are lines to show: a mute holds from the next line on
                muted = muted_by(g.user_id)
                messages = [m for m in messages if m["player"] not in muted]
        else:
            messages = [talk.message_dict(m) for m in talk.chat_of(self.table_id, self.chat_after, muted_by(g.user_id))]
            self.chat_after = messages[-1]["id"] if messages else self.chat_after
            more = more or len(messages) == talk.CHAT_BATCH
        chunks += [sse("chat", m) for m in messages]
        more = more or not news.complete
        # The page shows notifications with the view it reads on the state event after them: one closes every
        # read that found any, even with the state as it was (a player who left and came back between two
        # reads), and only the last batch of a read, whose state is the table's now.
        state = news.facts.state()
        if not more and (state != self.state or found):
            self.state = state
            chunks.append(sse("state", {**state, "last_notification": self.after}))
        return "".join(chunks), more

    def encoded(self, notification: dict) -> str:
        """A notification as an event, encoded once for all the table's streams (what one viewer may see,
        another may too: the text is the same)."""
        cache = self.shared.setdefault("encoded", {})
        seq = notification["seq"]
        if seq not in cache:
            if len(cache) > 2 * BATCH:
                cache.clear()
            cache[seq] = sse("notification", notification, seq)
        return cache[seq]

    def keep_present(self) -> None:
        """A page open on the stream is a player looking at the table, as its polls used to say (often enough
        for the "your turn" messages' presence window, not on every heartbeat: a read each)."""
        self.present_until = time.monotonic() + PRESENCE_REFRESH_SECONDS
        try:
            record = visible_table(self.table_id)
            viewer = viewer_of(record)
            if viewer is not None:
                mark_seen(record.players, viewer)
        except NotFound:
            pass
        finally:
            db.session.close()
